"""The event's ruleset as plain page data: its words by key and what it can do.

Views pass `ruleset_view(code)` to their template as `rules` (`rules.words['card.hand_word']`,
`rules.can.same_turn_chain`) and scripts get the same dict in the JSON they load; nothing
outside judgeaid/rules asks which ruleset it is. This is the one place a later language
layer translates the ruleset's words (the ruleset's code is the message context).
"""

from __future__ import annotations

from typing import Any

from judgeaid.rules import get_ruleset


def ruleset_view(code: str) -> dict[str, Any]:
    """Return a ruleset's code, name, words and capabilities as plain data for a page."""
    rules = get_ruleset(code)
    return {"code": rules.code, "name": rules.words["ruleset.name"],
            "words": dict(rules.words), "can": rules.can.as_json()}


def script_view(code: str, prefix: str | tuple[str, ...] = "js.") -> dict[str, Any]:
    """Return what a page's scripts need of a ruleset: its code, its words for scripts (the keys
    starting with `prefix`, or with one of several, only those, to keep the JSON small) and its
    capabilities (static/js/rulesets.js reads it)."""
    rules = get_ruleset(code)
    return {"code": rules.code, "words": rules.words.as_dict(prefix), "can": rules.can.as_json()}
