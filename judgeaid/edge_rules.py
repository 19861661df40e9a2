"""Rules every value must pass at the edge before it is stored: text and whole numbers.

Pure functions with no Flask or SQLAlchemy: each returns None when the value is fine, or a
short phrase saying what is wrong ("contains a NUL character"), for the caller to put after
the field's name in its own message.
"""

from __future__ import annotations

import re

# PostgreSQL's integer and bigint columns; an id is a positive integer.
INT_MIN, INT_MAX = -(2**31), 2**31 - 1
BIGINT_MIN, BIGINT_MAX = -(2**63), 2**63 - 1
ID_MIN, ID_MAX = 1, INT_MAX

# C0 and C1 control characters and DEL; lone surrogates cannot be stored as UTF-8.
_CONTROL = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"
_SURROGATE = "\ud800-\udfff"
# Embedding, override and isolate controls turn a name's text around on screen and paper.
_BIDI = "\u202a-\u202e\u2066-\u2069"

_SINGLE_LINE_BAD = re.compile(f"[\t\n\r{_CONTROL}{_SURROGATE}{_BIDI}]")
_MULTI_LINE_BAD = re.compile(f"[{_CONTROL}{_SURROGATE}]")
_MULTI_LINE_SHOWN_BAD = re.compile(f"[{_CONTROL}{_SURROGATE}{_BIDI}]")


def _describe(char: str) -> str:
    code = ord(char)
    if code == 0:
        return "contains a NUL character (U+0000)"
    if 0xD800 <= code <= 0xDFFF:
        return f"contains a lone surrogate (U+{code:04X}): the text is broken"
    if 0x202A <= code <= 0x202E or 0x2066 <= code <= 0x2069:
        return f"contains a text-direction control character (U+{code:04X})"
    if char in "\t\n\r":
        return f"contains a line break or tab (U+{code:04X}), which this field does not allow"
    return f"contains a control character (U+{code:04X})"


def text_problem(value: object, *, max_length: int | None = None,
                 multiline: bool = False, bidi: bool | None = None) -> str | None:
    """Say what is wrong with a text value, or return None.

    Single-line text (names, teams, labels) refuses every control character, tabs and line
    breaks included, and the text-direction controls; multi-line text (reasons, notes)
    allows tabs and line breaks and the direction marks a language needs (U+200E, U+200F).
    `bidi=False` refuses the embedding, override and isolate controls in multi-line text too:
    every free text the public sees (a penalty's reason on the card, a ruling) is sent with
    it (issue 28); a backup written before keeps what it holds.
    """
    if not isinstance(value, str):
        return "must be text"
    if max_length is not None and len(value) > max_length:
        return f"is longer than {max_length} characters"
    if not multiline:
        pattern = _SINGLE_LINE_BAD
    else:
        pattern = _MULTI_LINE_SHOWN_BAD if bidi is False else _MULTI_LINE_BAD
    bad = pattern.search(value)
    return _describe(bad.group()) if bad else None


def int_problem(value: object, low: int = INT_MIN, high: int = INT_MAX) -> str | None:
    """Say what is wrong with a whole number, or return None (true and false are not numbers)."""
    if isinstance(value, bool) or not isinstance(value, int):
        return "must be a whole number"
    if not low <= value <= high:
        return f"must be between {low} and {high}"
    return None


def id_problem(value: object) -> str | None:
    """Say what is wrong with a row id, or return None."""
    return int_problem(value, ID_MIN, ID_MAX)
