"""The pure core's messages (judgeaid.tournament, judgeaid.rules.payoff) in the reader's language.

The core knows nothing of the web and says what is wrong in English, values filled in. Each of
its sentences is listed here as a template with the values named, and `say` finds the template
a message was made from and says it in the request's language (issue 29): the core is not
changed, and a message no template matches is said as the core wrote it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

from flask_babel import gettext as _

from judgeaid.i18n import DEFAULT, page_lang


def N_(text: str) -> str:
    """Mark a template for the catalogues; it is translated where it is said."""
    return text


TEMPLATES = (
    # judgeaid.tournament.card: one round's line
    N_("result must be 'win', 'draw' or 'not_played'."),
    N_("The winner (player {player}) is not at this table."),
    N_("The discarder (player {player}) is not at this table."),
    N_("A win needs the winner."),
    N_("Player {player} in the same-turn list is not at this table."),
    # judgeaid.tournament.card: a wrong-East or compensation mark
    N_("Round {round} cannot be both dealt by the wrong East and a compensation round."),
    N_("Player {player} is not at this table in round {round}."),
    N_("Player {player} is round {round}'s correct East: a wrong-East mark names the player "
       "who dealt instead."),
    N_("Player {player} is East in round {round} anyway, so it cannot be their compensation "
       "round."),
    N_("Player {player} lost no deal to a wrong East before round {round}, so round {again} "
       "cannot be their compensation round."),
    # judgeaid.rules.payoff
    N_("Unknown kind of win {win}; use 'self', 'discard' or 'draw'."),
    N_("The winner must be one of E, S, W, N; got {seat}."),
    N_("The discarder must be one of E, S, W, N; got {seat}."),
    N_("A win on a discard needs the discarder."),
    N_("The winner cannot be the discarder."),
    N_("The payoff request must be an object."),
    N_("Unknown field(s) in the payoff request: {fields}."),
    N_("The payoff request needs 'win'."),
)


@cache
def _patterns() -> list[tuple[re.Pattern, str]]:
    out = []
    for template in TEMPLATES:
        pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(template))
        out.append((re.compile(pattern + "$"), template))
    return out


def say(message: str, english: Callable[[str], str] | None = None) -> str:
    """Return a core message in the request's language (as it is when no template fits);
    `english` is what a caller does to the English sentence (names the players, say)."""
    if page_lang() == DEFAULT:
        return english(message) if english else message
    for pattern, template in _patterns():
        match = pattern.match(message)
        if match:
            return _(template).format(**match.groupdict())
    return english(message) if english else message


@cache
def _rule_patterns(code: str) -> list[tuple[re.Pattern, str]]:
    """Return the regular expression of each message template of a ruleset's hand count and
    payoff (judgeaid/rules/<code>/texts_catalogue.py `messages()`), longest first."""
    import importlib

    try:
        module = importlib.import_module(f"judgeaid.rules.{code}.texts_catalogue")
    except ImportError:
        return []
    out = []
    for template in sorted(set(module.messages()), key=len, reverse=True):
        seen: set[str] = set()

        def group(match: re.Match, seen=seen) -> str:
            name = match.group(1)
            if name in seen:
                return f"(?P={name})"
            seen.add(name)
            return f"(?P<{name}>.+?)"

        pattern = re.sub(r"\\\{(\w+)\\\}", group, re.escape(template))
        out.append((re.compile(pattern + "$", re.S), template))
    return out


def say_rule(code: str, message: str) -> str:
    """Return a message of a ruleset's hand count or payoff (an error, a warning, a refusal)
    in the request's language: its template said with the ruleset's code as the context, the
    patterns or fans it names as the reader calls them; else as `say` says it."""
    lang = page_lang()
    if lang == DEFAULT or not message:
        return message
    from judgeaid.rules.hands import fill
    from judgeaid.services.catalogue_words import say_names
    from judgeaid.wording import rule_text

    for pattern, template in _rule_patterns(code):
        match = pattern.match(message)
        if match:
            values = {key: say_names(code, lang, value)
                      for key, value in match.groupdict().items()}
            return fill(rule_text(code, template), **values)
    return say(message)


def say_issues(code: str, issues: list[dict]) -> list[dict]:
    """Return a hand's issues (errors, warnings, offers as dicts) with each `message` said
    in the request's language; the codes and the rest stay as they are."""
    if page_lang() == DEFAULT:
        return issues
    return [{**issue, "message": say_rule(code, issue["message"])} for issue in issues]
