"""The keys of a ruleset's text table: every sentence, label and citation that depends on rules.

A page, a script, a PDF or an export never writes a rule-dependent word itself and never asks
which ruleset it is: it asks the event's ruleset for a key of this table. Each ruleset package
has a `words.py` whose `WORDS` maps every key below to that ruleset's English text, citations
written as the ruleset writes them ("§2.3" in Zung Jung, "MCR §3.9.1.3" in MCR). A ruleset
missing a key, or carrying one that is not here, is refused when it is registered
(`judgeaid.rules.register`), not at a venue.

The English text of each key is the source of a message: the Chinese interface translates
it with the ruleset's code as the message context, so "fan" and "points" never share a
translation by accident. Keep each text a whole sentence or label (no sentences glued from
pieces), with `{name}` placeholders (str.format) where a number or a name goes in.

Keys are grouped by the page or script that shows them (`card.*`, `clock.*`, `standings.*`,
`print.*`, `js.*` for words the browser draws, ...). `KEYS` maps each key to what its text
says, for whoever writes the next ruleset's table.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

# key -> what the text says (the brief a ruleset's author writes its words to)
KEYS: dict[str, str] = {
    # --- the ruleset itself ---------------------------------------------------------------
    "ruleset.name": "the ruleset's name as players know it",
    "ruleset.rulebook": "the rulebook's name as a page cites it",
    # --- the scoring card ----------------------------------------------------------------
    "card.hand_word": "one deal of a session, lower case (a round, a hand)",
    "card.hand_word_plural": "several deals of a session, lower case",
    "card.hand_word_title": "one deal of a session, capitalised as a heading or label",
    "card.pattern_word": "what a scoring element is called (pattern, fan), lower case",
    "card.pattern_word_plural": "several scoring elements, lower case",
    "card.picker_name": "the picker's name on a button or link",
    # --- the standings -------------------------------------------------------------------
    "standings.points_label": "the head of the column the ranking counts first",
    "standings.raw_label": "the head of the column that breaks its ties",
    # --- services, standings, print and exports (issue 25, part A) ---
    # (keys of this part go below this line)

    # --- pages: templates (issue 25, part B) ---
    # (keys of this part go below this line)

    # --- scripts: js.* keys the browser draws (issue 25, part C) ---
    # (keys of this part go below this line)

    # --- MCR to the letter: implied fans, win type, right to win (issue 26) ---
    # (keys of this part go below this line)

    # --- a hostile hall: sign-in, call-ups, names (issue 28) ---
    # (keys of this part go below this line)

}


class MissingWords(ValueError):
    """A ruleset's text table lacks keys every ruleset must have, or has unknown ones."""


@dataclass(frozen=True)
class Words(Mapping[str, str]):
    """One ruleset's text table: every key of `KEYS`, in that ruleset's English."""

    code: str
    table: Mapping[str, str]

    def __getitem__(self, key: str) -> str:
        try:
            return self.table[key]
        except KeyError:
            raise KeyError(f"no words for {key!r} in ruleset {self.code!r} "
                           f"(judgeaid/rules/words.py lists the keys)") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self.table)

    def __len__(self) -> int:
        return len(self.table)

    def format(self, key: str, /, **values: object) -> str:
        """Return a key's text with its `{name}` placeholders filled in."""
        return self[key].format(**values)

    def as_dict(self, prefix: str = "") -> dict[str, str]:
        """Return the table (or the keys starting with `prefix`) as a plain dict."""
        return {key: text for key, text in self.table.items() if key.startswith(prefix)}


def check_words(code: str, table: Mapping[str, str]) -> Words:
    """Return the table as `Words`, or raise MissingWords naming what is missing or unknown."""
    missing = sorted(set(KEYS) - set(table))
    unknown = sorted(set(table) - set(KEYS))
    empty = sorted(key for key, text in table.items() if not isinstance(text, str))
    if missing or unknown or empty:
        raise MissingWords(f"ruleset {code!r}: missing keys {missing}, unknown keys {unknown}, "
                           f"not text {empty}")
    return Words(code, dict(table))
