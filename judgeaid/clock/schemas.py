"""Schemas of the clock pages and API: session clock, play timers, time-outs (§1.9, §3.4, §4.14)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, StrictBool

from judgeaid.edge import FormSchema, Id, OpId, Schema, WholeNumber, between, text
from judgeaid.tournament.card import ROUNDS

ACTIONS = ("start", "pause", "resume", "extend", "end")
# A clock act's reason shows on the hall clock's table list: kept short.
CLOCK_REASON_LIMIT = 300
# A day of seconds either way: more is no extension a session ever gets.
EXTEND_LIMIT_S = 24 * 3600
# A late arrival logged after the fact: at most four hours late.
LATE_LIMIT_MS = 4 * 3600_000

AtMs = Annotated[int, WholeNumber, Field(
    ge=0, le=2**53, description="server-time stamp in ms (client clock + /api/time offset)")]


class ClockQuery(FormSchema):
    """?session=N chooses a session (default: the one the hall clock shows)."""

    session: Id | None = None


class TimerListQuery(FormSchema):
    """?table=N (the current session) or ?card=ID (that card's table) chooses the table."""

    table: Id | None = None
    card: Id | None = None


class ClockActBody(Schema):
    action: Literal[ACTIONS]
    session: Id | None = None
    seconds: Annotated[int, WholeNumber, Field(
        ge=-EXTEND_LIMIT_S, le=EXTEND_LIMIT_S,
        description="extend only; negative takes back time")] | None = None
    table: Id | None = Field(None, description="extend one table only (its number)")
    reason: text(CLOCK_REASON_LIMIT) = ""
    op_id: OpId


class ClockTimeOverBody(Schema):
    """Nothing to say but the session: the server's clock decides (a repeat does nothing)."""

    session: Id | None = None


class TimerStartBody(Schema):
    card: Id
    round: between(1, ROUNDS)
    player: Id
    dealt: Literal["now", "earlier"] = "now"
    at_ms: AtMs | None = None
    is_stalling_clock: StrictBool = False
    op_id: OpId


class TimerTapBody(Schema):
    seq: Annotated[int, WholeNumber, Field(ge=0, le=10_000,
                                           description="0-based; even: a turn starts")]
    at_ms: AtMs | None = None
    op_id: OpId


class TimerUndoBody(Schema):
    seq: Annotated[int, WholeNumber, Field(ge=0, le=10_000,
                                           description="the number of taps the phone saw")]
    op_id: OpId


class TimerStopBody(Schema):
    at_ms: AtMs | None = None
    op_id: OpId


class TimerPenaltyBody(TimerStopBody):
    """The timer's points go on the card; a round above 80 time points needs an answer."""

    resignation: Literal["explained", "resigned"] | None = Field(
        None, description="the judge's answer when these points take the player's round above "
                          "80 time points (otherwise 409 resignation_question, §1.9): "
                          "'explained' (with `explanation`) or 'resigned' (out of the "
                          "tournament, §4.11)")
    explanation: text(1000, multiline=True) = Field(
        "", description="the player's explanation the judge accepted (with 'explained')")


class TimeoutStartBody(Schema):
    player: Id
    kind: Literal["timeout", "late"] = "timeout"
    is_medication: StrictBool = False
    at_ms: AtMs | None = None
    late_ms: Annotated[int, WholeNumber, Field(ge=0, le=LATE_LIMIT_MS)] | None = None
    session: Id | None = None
    op_id: OpId


class TimeoutEndBody(Schema):
    at_ms: AtMs | None = None
    op_id: OpId


class ClockSessionView(BaseModel):
    model_config = {"extra": "allow"}
    number: int
    status: str
    version: str
    hall: dict[str, Any]
    tables: list[dict[str, Any]]
    events: list[dict[str, Any]]


class ClockOut(BaseModel):
    now_ms: int
    tournament: dict[str, Any]
    session: ClockSessionView | None
    sessions: list[int]


class ClockActOut(BaseModel):
    session: ClockSessionView
    now_ms: int
    closed_cards: list[int]


class TimerView(BaseModel):
    model_config = {"extra": "allow"}
    id: int
    card: int
    round: int
    status: str
    version: int
    edges: list[int]
    result: dict[str, Any]


class TimerOut(BaseModel):
    timer: TimerView
    changed: bool | None = None
    card: dict[str, Any] | None = None


class TimeoutEntry(BaseModel):
    model_config = {"extra": "allow"}
    id: int
    player: int
    kind: str
    started_at_ms: int
    ended_at_ms: int | None
    points: int


class TimeoutOut(BaseModel):
    timeout: TimeoutEntry


class TimeoutsOut(BaseModel):
    model_config = {"extra": "allow"}
    session: int | None
    now_ms: int
    entries: list[TimeoutEntry]
    players: list[dict[str, Any]]
    possibly_absent: list[dict[str, Any]]
