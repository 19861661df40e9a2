"""Schemas of the clock pages and API: session clock, play timers, time-outs (§1.9, §3.4, §4.14).

The typed inputs the clock services take (a clock act, a play timer's start, a time-out's
start) live with the services, in judgeaid/services/clock_inputs.py.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from judgeaid.edge import FormSchema, Id, OpId, Schema, WholeNumber, text
from judgeaid.services.clock_inputs import AtMs


class ClockQuery(FormSchema):
    """?session=N chooses a session (default: the one the hall clock shows)."""

    session: Id | None = None


class ClockSwitchForm(FormSchema):
    """The desk's one tap: show this seated session on the hall clock."""

    session: Id = 1
    op_id: OpId | None = None


class TimerListQuery(FormSchema):
    """?table=N (the current session) or ?card=ID (that card's table) chooses the table."""

    table: Id | None = None
    card: Id | None = None


class ClockTimeOverBody(Schema):
    """Nothing to say but the session: the server's clock decides (a repeat does nothing)."""

    session: Id | None = None


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


class TimerFoulBody(TimerStopBody):
    """A judge's clock: record the foul it offers, priced by the rubric (MCR §3.6.4, §3.6.7)."""

    foul: Literal["limit", "late_call"] = Field(
        description="'limit': a turn passed its limit, the timer stops (409 if none did); "
                    "'late_call': a Pung or Kong called too late, the hand's ladder foul")


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
    foul: dict[str, Any] | None = None


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
