"""The game itself: pure rulesets with no web, database or PDF imports, one package each.

A tournament names its ruleset by code (`Tournament.ruleset`); services reach the rules only
through `get_ruleset`. Adding a ruleset is a package under judgeaid/rules/ building a
`Ruleset` and one `register` line below; `register` refuses a ruleset whose text table
(judgeaid/rules/words.py) is incomplete or whose capabilities lack a member their Protocol
(judgeaid/rules/ruleset.py) states. docs/decisions.md lists what a ruleset provides.
"""

from judgeaid.rules.mcr.ruleset import MCR
from judgeaid.rules.ruleset import (
    MalformedHand,
    MalformedPayoff,
    PriorPenalty,
    RepeatPolicy,
    Ruleset,
    Scoring,
    TimeLimits,
    missing_capabilities,
)
from judgeaid.rules.words import MissingWords, check_words
from judgeaid.rules.zj.ruleset import ZJ

RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset to the registry after checking its text table is complete."""
    check_words(ruleset.code, ruleset.words)
    missing = missing_capabilities(ruleset)
    if missing:
        raise TypeError(f"ruleset {ruleset.code!r} lacks {missing} (judgeaid/rules/ruleset.py "
                        "states each capability)")
    if ruleset.words.code != ruleset.code:
        raise MissingWords(f"ruleset {ruleset.code!r} carries the words of {ruleset.words.code!r}")
    unworded = [column.label_key for column in ruleset.can.standings_columns
                if column.label_key not in ruleset.words]
    if unworded:
        raise MissingWords(f"ruleset {ruleset.code!r}: no words for columns {unworded}")
    RULESETS[ruleset.code] = ruleset
    return ruleset


register(ZJ)
register(MCR)
DEFAULT_RULESET = ZJ.code


def get_ruleset(code: str) -> Ruleset:
    """Return the ruleset with this code or raise KeyError."""
    return RULESETS[code]


__all__ = ["DEFAULT_RULESET", "RULESETS", "MalformedHand", "MalformedPayoff", "PriorPenalty",
           "RepeatPolicy", "Ruleset", "Scoring", "TimeLimits", "get_ruleset", "register"]
