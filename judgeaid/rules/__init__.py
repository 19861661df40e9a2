"""The game itself: pure rulesets with no web, database or PDF imports, one package each.

A tournament names its ruleset by code (`Tournament.ruleset`); services reach the rules only
through `get_ruleset`. Adding a ruleset is a package under judgeaid/rules/ building a
`Ruleset` and one line in `RULESETS`.
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
)
from judgeaid.rules.zj.ruleset import ZJ

RULESETS: dict[str, Ruleset] = {ruleset.code: ruleset for ruleset in (ZJ, MCR)}
DEFAULT_RULESET = ZJ.code


def get_ruleset(code: str) -> Ruleset:
    """Return the ruleset with this code or raise KeyError."""
    return RULESETS[code]


__all__ = ["DEFAULT_RULESET", "RULESETS", "MalformedHand", "MalformedPayoff", "PriorPenalty",
           "RepeatPolicy", "Ruleset", "Scoring", "TimeLimits", "get_ruleset"]
