"""Schemas of the printing query strings: which session, which layout, which tables.

They check a request (never the pure core), so their refusals are said in its language.
"""

from __future__ import annotations

import re
from typing import Annotated, Any

from flask_babel import gettext as _
from pydantic import BeforeValidator, Field
from pydantic_core import PydanticCustomError

from judgeaid import values
from judgeaid.edge import MAX_ID, FormSchema
from judgeaid.pageforms import maybe
from judgeaid.printing.cards import MAX_SPARE, SHEETS
from judgeaid.printing.slips import PAPERS

_TABLES = re.compile(r"\s*[0-9]{1,10}\s*(,\s*[0-9]{1,10}\s*)*")


def _session(value: Any) -> int:
    number = values.whole_number(value.strip()) if isinstance(value, str) else None
    if number is not None and 1 <= number <= MAX_ID:
        return number
    raise PydanticCustomError("session", _("Say which session to print: add ?session=N, N a "
                                           "session number from 1"))


def _choice(*choices: str) -> Any:
    def check(value: Any) -> Any:
        if value is None or value in choices:
            return value
        raise PydanticCustomError("choice", _("must be one of: {choices}"),
                                  {"choices": ", ".join(choices)})
    return Annotated[str | None, BeforeValidator(check)]


def _tables(value: Any) -> list[int] | None:
    # tables=3,7 reprints those tables; tables=none prints only spare cards.
    if isinstance(value, list) and len(value) == 1:  # spectree reads a list field as a list
        value = value[0]
    if value is None or (isinstance(value, str) and not value.strip()):
        return None  # the print page's empty box: every table
    if value == "none":
        return []
    if isinstance(value, str) and len(value) <= 2000 and _TABLES.fullmatch(value):
        numbers = [int(part) for part in value.split(",")]
        if all(1 <= n <= MAX_ID for n in numbers):
            return numbers
    raise PydanticCustomError("tables", _("must be table numbers separated by commas, or "
                                          "'none'"))


Session = Annotated[int, BeforeValidator(_session), Field(validate_default=True)]
Tables = Annotated[list[int] | None, BeforeValidator(_tables)]


class CardsQuery(FormSchema):
    session: Session = None
    layout: _choice(*SHEETS) = None
    blank: _choice("0", "1") = None
    tables: Tables = None
    spare: maybe(0, MAX_SPARE) = None
    # 1: the event's language and English beside it; 0: the event's language only; none: as
    # the organizer set it (settings["print_bilingual"]); printing/language.py
    bilingual: _choice("0", "1") = None


class SlipsQuery(FormSchema):
    session: Session = None
    layout: _choice(*PAPERS) = None
    # issue 30: "1" prints each player's later seated sessions on their slip
    schedule: _choice("0", "1") = None
    # Ignored: start times print on the venue's clock (Tournament.time_zone). Still checked,
    # so a link from an older page keeps working.
    tz_offset: maybe(-840, 840) = None
    bilingual: _choice("0", "1") = None
