"""A player's record for the EMA (issue 30): nationality and EMA number, checked.

Pure: no Flask, no database. Messages are English templates with `{name}` values; the
service translates them at the boundary (`message.format(**values)` after gettext).

Nationality is an ISO 3166-1 country (pycountry), stored as its alpha-2 code. Typed input may
be the alpha-2 or alpha-3 code, the numeric code, or the country's name, official name or
common name, in any case; anything else is refused, with the nearest names as a hint.

EMA number: the numbers the EMA issues, as seen on its ranking pages, are 8 digits whose
first two are the EMA's own number for the player's member country (not an ISO code), e.g.
04010023. We check only the shape: digits alone (spaces and dots typed between them are
dropped), 1 to 12 of them. Eight is the expected length; another length is kept but warned
about (a spreadsheet may have dropped a leading zero: it is never put back by guessing). A
number is never made up for a player who has none. See docs/ema.md.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pycountry

EMA_LENGTH = 8
EMA_MAX = 12
_EMA_SPACING = re.compile(r"[\s.]+")


def N_(text: str) -> str:  # noqa: N802 - gettext's marker name
    """Mark an English template for the catalogues; the service translates it."""
    return text


@dataclass(frozen=True)
class Check:
    """What a typed value becomes: the value to store (None: none), a refusal or a warning.

    `problem` and `warning` are English templates; `values` fill their `{...}` fields."""

    value: str | None
    problem: str | None = None
    warning: str | None = None
    values: tuple[tuple[str, str], ...] = ()

    def text(self, template: str | None) -> str:
        """Return a template filled with this check's values (no translation)."""
        return (template or "").format(**dict(self.values))


def country(typed: str | None) -> Check:
    """Return the alpha-2 code of a typed country, or the problem with it."""
    text = " ".join((typed or "").split())
    if not text:
        return Check(None)
    try:
        found = pycountry.countries.lookup(text)
    except LookupError:
        hint = _nearest(text)
        if hint:
            return Check(None, N_("“{typed}” is not a country of ISO 3166-1. Did you mean "
                                  "{hint}? Give its name or its two-letter code."),
                         values=(("typed", text), ("hint", hint)))
        return Check(None, N_("“{typed}” is not a country of ISO 3166-1. Give the country's "
                              "name or its two-letter code (DE, FR, NL…)."),
                     values=(("typed", text),))
    return Check(found.alpha_2)


def _nearest(text: str) -> str:
    if len(text) < 3:
        return ""
    try:
        found = pycountry.countries.search_fuzzy(text)[:3]
    except LookupError:
        return ""
    return ", ".join(f"{c.name} ({c.alpha_2})" for c in found)


def country_name(code: str | None) -> str:
    """Return the English name of a stored alpha-2 code ("" for none)."""
    if not code:
        return ""
    found = pycountry.countries.get(alpha_2=code)
    return found.name if found else code


def ema_number(typed: str | None) -> Check:
    """Return the EMA number to store, or the problem with it, or it with a warning."""
    text = (typed or "").strip()
    if not text:
        return Check(None)
    digits = _EMA_SPACING.sub("", text)
    if not digits.isascii() or not digits.isdigit() or len(digits) > EMA_MAX:
        return Check(None, N_("The EMA number “{typed}” is not an EMA number: it must be "
                              "digits only (8 of them, e.g. 04010023)."),
                     values=(("typed", text[:20]),))
    if len(digits) != EMA_LENGTH:
        return Check(digits, warning=N_("The EMA number {number} has {count} digits where EMA "
                                        "numbers have 8; it was kept as typed. Check it (a "
                                        "spreadsheet may have dropped a leading 0)."),
                     values=(("number", digits), ("count", str(len(digits)))))
    return Check(digits)
