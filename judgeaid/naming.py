"""Names as the hall reads them (issue 28): players, teams, judges and organizers.

A name is stored NFKC-normalised (full-width letters, ligatures and compatibility forms
become the letters they look like), refused when it holds an invisible character (zero-width
spaces and joiners, format and direction controls, Hangul fillers), and refused when it looks
like another name of the same event: two names with one UTS #39 skeleton ("Вao Silva" with a
Cyrillic В beside "Bao Silva") would let one person pass for another on a card, a slip or the
standings. The skeleton comes from the `disarm` package (its TR39 confusable data, kept up to
date with Unicode); digits fold too ("0" and "O", "1" and "l"), as UTS #39 has them.

Pure: no Flask, no database. The services ask it, and refuse with both names shown.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from disarm import skeleton_key

# Letters that draw nothing but are not format characters (Unicode's Default_Ignorable
# letters): Hangul fillers, the combining grapheme joiner, Mongolian free variation selectors.
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u034f\u180b\u180c\u180d\u180e\u180f")


def normalise(name: str | None) -> str:
    """Return the name as stored: NFKC, spaces collapsed."""
    return " ".join(unicodedata.normalize("NFKC", name or "").split())


def invisible(name: str) -> str | None:
    """Return the first invisible character of the name, or None."""
    for char in name:
        if unicodedata.category(char) == "Cf" or char in _BLANK_LETTERS or (
                "\ufe00" <= char <= "\ufe0f"):
            return char
    return None


def invisible_problem(name: str, what: str = "name") -> str | None:
    """Say why a name with an invisible character is refused, or return None."""
    char = invisible(name)
    if char is None:
        return None
    label = unicodedata.name(char, "an unnamed character").lower()
    return (f"The {what} contains an invisible character (U+{ord(char):04X}, {label}), "
            "which would let it pass for another name. Type it again without it.")


def skeleton(name: str) -> str:
    """Return the name's look: its UTS #39 skeleton, case and spaces folded."""
    return skeleton_key(normalise(name), digit_policy="tr39")


def look_alike(name: str, others: Iterable[str]) -> str | None:
    """Return the first of `others` that looks like `name` but is written differently."""
    mine = skeleton(name)
    if not mine:
        return None
    for other in others:
        if other != name and skeleton(other) == mine:
            return other
    return None


def look_alike_problem(name: str, other: str, what: str = "name") -> str:
    """Say why a name that looks like another is refused, both names shown."""
    return (f"The {what} “{name}” looks like “{other}”, already in this event: on a card, a "
            "slip or the standings one would pass for the other. Write it as the other is "
            "written if it is the same, or tell them apart (a middle initial, a number).")


def check(name: str, others: Iterable[str], what: str = "name") -> str | None:
    """Return the problem with a new name beside the event's others, or None."""
    return invisible_problem(name, what) or (
        (other := look_alike(name, others)) and look_alike_problem(name, other, what)) or None


class Looks:
    """The names of an event by their look, for checking many new names at once."""

    def __init__(self, names: Iterable[str] = ()):
        self._by_look: dict[str, str] = {}
        for name in names:
            self.add(name)

    def add(self, name: str) -> None:
        """Remember a name (the first of a look is the one shown)."""
        look = skeleton(name)
        if look:
            self._by_look.setdefault(look, name)

    def problem(self, name: str, what: str = "name") -> str | None:
        """Return the problem with a new name beside the ones remembered, or None."""
        other = self._by_look.get(skeleton(name))
        return invisible_problem(name, what) or (
            look_alike_problem(name, other, what) if other and other != name else None)
