"""The event's ruleset as plain page data: its words by key and what it can do.

Views pass `ruleset_view(code)` to their template as `rules` (`rules.words['card.hand_word']`,
`rules.can.same_turn_chain`) and scripts get the same dict in the JSON they load; nothing
outside judgeaid/rules asks which ruleset it is. This is the one place a later language
layer translates the ruleset's words (the ruleset's code is the message context).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from judgeaid.rules import RULESETS, get_ruleset


@cache
def ruleset_view(code: str) -> dict[str, Any]:
    """Return a ruleset's code, name, words and capabilities as plain data for a page (built
    once per ruleset; pages only read it)."""
    rules = get_ruleset(code)
    return {"code": rules.code, "name": rules.words["ruleset.name"],
            "words": dict(rules.words), "can": rules.can.as_json()}


def event_rules(tournament_id: int) -> dict[str, Any]:
    """Return `ruleset_view` of a tournament's ruleset, for a view to pass as `rules`.

    The tournament is usually in the session already (the view has checked it), so this
    asks the database nothing more.
    """
    from judgeaid.extensions import db
    from judgeaid.models import Tournament

    tournament = db.session.get(Tournament, tournament_id)
    if tournament is None:
        from flask import abort

        abort(404, description="There is no such tournament.")
    return ruleset_view(tournament.ruleset)


def every_ruleset() -> list[dict[str, Any]]:
    """Return `ruleset_view` of every registered ruleset, for pages of no event."""
    return [ruleset_view(code) for code in RULESETS]


def leaderboard_rules() -> dict[str, Any] | None:
    """Return `ruleset_view` of the ruleset whose events count on the leaderboards (None:
    no registered ruleset has leaderboards)."""
    return next((ruleset_view(code) for code, rules in RULESETS.items()
                 if rules.can.leaderboards), None)


def script_view(code: str, prefix: str | tuple[str, ...] = "js.") -> dict[str, Any]:
    """Return what a page's scripts need of a ruleset: its code, its words for scripts (the keys
    starting with `prefix`, or with one of several, only those, to keep the JSON small) and its
    capabilities (static/js/rulesets.js reads it)."""
    rules = get_ruleset(code)
    return {"code": rules.code, "words": rules.words.as_dict(prefix), "can": rules.can.as_json()}
