"""What the MCR catalogue shows besides the ruleset's words, for the catalogues
(scripts/i18n.py extract): the fans' descriptions, the value tiers' headings, the counting
principles (name, summary, what the picker checks), the kong pair's line, and every message
template a hand's total, the fan picker and the card say (errors, warnings, the picker's
notes, malformed input and the payoff's refusals). All of it is read from catalogue.py
itself, so nothing is copied; pages say each text through
`judgeaid.wording.rule_text("mcr", text)` (the names are the MCR table's Chinese names,
`chinese_hans` / `chinese_hant`, not translations).
"""

from __future__ import annotations

from collections.abc import Iterator

from .catalogue import (
    APPENDIX_1,
    FANS,
    KONG_PAIR_NAME,
    MESSAGES,
    MINIMUM,
    PRINCIPLES,
    TIERS,
    tier_name,
)

# The payoff's refusals a person can meet (judgeaid.rules.payoff and mcr/payoff.py fill them;
# judgeaid.services.core_messages reads the values back): {tokens} as in MESSAGES.
PAYOFF_MESSAGES: tuple[str, ...] = (
    "The hand value must be a whole number of at least {minimum} (MCR §3.9.1.1).",
    "MCR has no same-turn rule: only the discarder pays the value.",
    "A self-drawn win has no discarder.",
)


def messages() -> list[str]:
    """Return every message template of a hand's total and payoff ({tokens} unfilled)."""
    return [*MESSAGES.values(), *PAYOFF_MESSAGES]


def texts() -> Iterator[tuple[str, str]]:
    """Yield each text with a note for the translator."""
    for value in TIERS:
        yield tier_name(value), "a heading of the fans worth that many points (番)"
    yield KONG_PAIR_NAME, "fan 57 scored for one melded and one concealed kong: 一明杠一暗杠"
    for fan in FANS:
        yield fan.description, f"fan {fan.number} {fan.name} ({fan.chinese}): its description"
    for principle in PRINCIPLES:
        note = f"counting principle {principle.section}"
        yield principle.name, f"{note}: its name"
        yield principle.summary, f"{note}: what it says"
        yield principle.checked, f"{note}: how far the picker checks it"
    for code, text in MESSAGES.items():
        yield text, (f"the fans' message {code}: {{a}} {{b}} {{owner}} {{names}} are fan labels "
                     f"(number and name), {{section}} a citation; the minimum is {MINIMUM}")
    for text in PAYOFF_MESSAGES:
        yield text, "the payoff's refusal of a request"
    yield from CITATION_WORDS.items()


# The words of the citations the messages fill in as {section} ("MCR §3.9.1.6 (1); MCR App. 1
# fans 12, 33"): judgeaid.services.catalogue_words says them in the reader's language.
CITATION_WORDS: dict[str, str] = {
    APPENDIX_1: "a citation: the MCR text's Appendix 1 (the fans and their worth)",
    "fan {number}": "a citation: one fan of Appendix 1, by its number",
    "fans {numbers}": "a citation: several fans of Appendix 1, by their numbers (\"12, 33\")",
}
