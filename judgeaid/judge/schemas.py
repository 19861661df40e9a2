"""Schemas of the judge console: the bodies, queries and answers its views alone use.

The typed inputs the judging services take (call-ups, penalties, rulings, appeals, the
log's and the ruling form's queries) live with the services, in
judgeaid/services/judge_inputs.py; the views check those bodies against them there.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from judgeaid.edge import FormSchema, Id, OpId, Schema, text
from judgeaid.rules import DEFAULT_RULESET, RULESETS
from judgeaid.services.judge_inputs import SEARCH_LIMIT

RulesetCode = Literal[tuple(RULESETS)]  # type: ignore[valid-type]


# ---------------------------------------------------------------- bodies

class TakeBody(Schema):
    op_id: OpId


class PlayerTokenHeaders(FormSchema):
    """The player's own page sends their link's token; other headers are not looked at."""

    x_player_token: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")] | None = Field(
        None, alias="X-Player-Token", description="the token of the player's own page link")


class CallUpHeaders(FormSchema):
    """A call-up's link: the table's (its QR code's `t`) or a seated player's (issue 28)."""

    x_table_token: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")] | None = Field(
        None, alias="X-Table-Token", description="the token of the table's link (the printed "
                                                 "card's QR code)")
    x_player_token: Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")] | None = Field(
        None, alias="X-Player-Token", description="the token of a seated player's page link")


# ---------------------------------------------------------------- query strings and forms

class LogPrintQuery(FormSchema):
    session: Id


class FoulsPrintQuery(LogPrintQuery):
    # 1: the event's language and English beside it; 0: the event's language only; none: as
    # the organizer set it (judgeaid/printing/language.py)
    bilingual: Annotated[str, Field(pattern=r"^[01]$")] | None = None


class GuideQuery(FormSchema):
    q: text(SEARCH_LIMIT) = ""


class GuideApiQuery(FormSchema):
    # the guide's URL names no event, so a client asks for its event's ruleset by code
    ruleset: RulesetCode = DEFAULT_RULESET  # type: ignore[valid-type]


class PlayerLookupQuery(FormSchema):
    number: Id


# ---------------------------------------------------------------- answers

class _Open(BaseModel):
    """A large view: the fields clients read are named, the rest pass through."""

    model_config = {"extra": "allow"}


class CallUpOut(BaseModel):
    id: int
    card_id: int
    table: int
    session: int
    reason: str
    status: str
    called_at: str | None
    called_at_ms: int | None
    taken_at: str | None
    taken_at_ms: int | None
    taken_by: str | None
    taken_by_id: int | None
    place: int | None = None
    ruling_url: str | None = None


class CallUpAnswer(BaseModel):
    call_up: CallUpOut
    is_new: bool


class CallStatus(BaseModel):
    call_up: CallUpOut | None


class CallQueue(BaseModel):
    items: list[CallUpOut]
    etag: str


class TakeAnswer(BaseModel):
    call_up: CallUpOut
    ruling_url: str


class Guide(_Open):
    version: str
    entries: list[dict[str, Any]]


class PenaltyOut(_Open):
    id: int
    player: int
    category: str
    infraction: str
    kind: str
    points: int
    reason: str
    is_void: bool


class SuggestionOut(_Open):
    kind: str
    points: int
    label: str
    explanation: str
    occurrence: int


class SuggestAnswer(BaseModel):
    player: dict[str, Any]
    session: int
    history: list[PenaltyOut]
    policy: dict[str, str]
    suggestion: SuggestionOut


class CardTotals(BaseModel):
    id: int
    totals: dict[str, Any] | None


class PenaltyAnswer(BaseModel):
    penalty: PenaltyOut
    card: CardTotals


class DepartureList(BaseModel):
    departures: list[PenaltyOut]


class PenaltyOverview(_Open):
    sessions: list[int]
    players: list[dict[str, Any]]
    total_points: int
    total_count: int


class RulingOut(_Open):
    id: int
    session: int | None
    table: int | None
    round: int | None
    what_happened: str
    decision: str
    is_current: bool
    penalties: list[PenaltyOut]
    appeals: list[dict[str, Any]]


class RulingAnswer(BaseModel):
    ruling: RulingOut
    url: str


class RulingLog(_Open):
    entries: list[RulingOut]
    filters: dict[str, Any]


class RulingDetail(BaseModel):
    entry: RulingOut
    newer: list[RulingOut]
    older: list[RulingOut]


class PlayerRecord(_Open):
    player: dict[str, Any]
    penalties: list[PenaltyOut]
    rulings: list[RulingOut]
    appeals: list[dict[str, Any]]
    total_points: int


class AppealOut(_Open):
    id: int
    ruling_id: int
    player: int | None
    text: str
    status: str
    decision: str | None


class AppealAnswer(BaseModel):
    appeal: AppealOut


class AppealItem(BaseModel):
    appeal: AppealOut
    ruling: RulingOut


class AppealsOverview(BaseModel):
    open: list[AppealItem]
    decided: list[AppealItem]

