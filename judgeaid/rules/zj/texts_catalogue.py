"""What the Zung Jung catalogue shows besides the ruleset's words, for the catalogues
(scripts/i18n.py extract): the patterns' descriptions, the categories' names, the Chicken
Hand's name, and every message template a hand's count, the picker and the card say (the
counting rules' errors, warnings and offers, the included lines, malformed input and the
payoff's refusals). All of it is read from catalogue.py itself, so nothing is copied; pages
say each text through `judgeaid.wording.rule_text("zj", text)` (the names are Kwan's Chinese
names, `chinese_hant` / `chinese_hans`, not translations).
"""

from __future__ import annotations

from collections.abc import Iterator

from .catalogue import CATEGORIES, CHICKEN_NAME, EXCLUSIONS, MESSAGES, PATTERNS

# The payoff's refusals a person can meet (judgeaid.rules.payoff and zj/payoff.py fill them;
# judgeaid.services.core_messages reads the values back): {tokens} as in MESSAGES.
PAYOFF_MESSAGES: tuple[str, ...] = (
    "The hand value must be a whole number of at least {minimum}.",
    "Unknown payoff scheme {scheme}; use 'formal' or 'uniform'.",
    "A self-drawn win has no discarder.",
    "A self-drawn win has no same-turn discards.",
    "same_turn must be a list of seats.",
    "A seat appears twice in the same-turn discards.",
    "The winner can only be the first of the same-turn discards.",
)


def messages() -> list[str]:
    """Return every message template of a hand's count and payoff ({tokens} unfilled)."""
    return [*MESSAGES.values(), *(rule.message for rule in EXCLUSIONS), *PAYOFF_MESSAGES]


def texts() -> Iterator[tuple[str, str]]:
    """Yield each text with a note for the translator."""
    yield CHICKEN_NAME, "the name of a hand with no pattern, worth 1 point (ZJM §2.2): 雞糊"
    for category in CATEGORIES:
        yield category.name, f"the name of pattern category {category.id} (ZJM §2.4)"
    for pattern in PATTERNS:
        yield (pattern.description,
               f"pattern {pattern.id} {pattern.name} ({pattern.chinese}): its description")
    for code, text in MESSAGES.items():
        yield text, (f"the counting rules' message {code}: {{a}} {{b}} {{trigger}} {{names}} "
                     "are pattern labels (id and name), {section} a citation")
    for rule in EXCLUSIONS:
        yield rule.message, (f"the counting rule {rule.code} ({rule.section}): {{a}} {{b}} "
                             "are pattern labels (id and name)")
    for text in PAYOFF_MESSAGES:
        yield text, "the payoff's refusal of a request"
