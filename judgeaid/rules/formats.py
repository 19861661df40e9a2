"""Event formats, whatever the ruleset: the shape of a format and the reading of its settings.

Each ruleset keeps its own formats and its own limits; this module holds the `Format` both
list and the checks of an edited whole number they share.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Format:
    """One kind of event and its default settings."""

    code: str
    name: str
    kind: str
    is_sanctioned: bool
    summary: str
    settings: dict[str, Any] = field(default_factory=dict)


def default_settings(formats: Mapping[str, Format], code: str) -> dict[str, Any]:
    """Return a fresh copy of the settings a format starts with (KeyError for no such code)."""
    return asdict(formats[code])["settings"]


def read_whole(values: Mapping[str, Any], settings: dict[str, Any], problems: list[str],
               key: str, low: int, high: int, why: str = "", *, optional: bool = False,
               required: bool = False) -> None:
    """Put an edited whole number from `low` to `high` into the settings, or say what is wrong.

    A key not edited is left alone. A blank value is None where `optional`, "must be given"
    where `required`, else not a whole number. `why` ends the messages (a section, say).
    """
    if key not in values:
        return
    raw = values[key]
    words = key.replace("_", " ")
    if raw in (None, ""):
        if optional:
            settings[key] = None
            return
        if required:
            problems.append(f"{words} must be given{why}.")
            return
    try:
        number = int(raw)
    except (TypeError, ValueError):
        problems.append(f"{words} must be a whole number.")
        return
    if not low <= number <= high:
        problems.append(f"{words} must be between {low} and {high}{why}.")
        return
    settings[key] = number
