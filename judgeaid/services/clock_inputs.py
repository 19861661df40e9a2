"""The typed inputs of the clock services: a clock act, a play timer's start, a time-out's start.

The clock blueprint checks these bodies before the services see them (judgeaid/clock/schemas.py
holds the rest of the clock API's schemas and its answers); the services take them as they
are (§1.9, §3.4, §4.14).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool

from judgeaid.edge import Id, OpId, Schema, WholeNumber, between, text
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


class ClockActBody(Schema):
    action: Literal[ACTIONS]
    session: Id | None = None
    seconds: Annotated[int, WholeNumber, Field(
        ge=-EXTEND_LIMIT_S, le=EXTEND_LIMIT_S,
        description="extend only; negative takes back time")] | None = None
    table: Id | None = Field(None, description="extend one table only (its number)")
    reason: text(CLOCK_REASON_LIMIT) = ""
    op_id: OpId


class TimerStartBody(Schema):
    card: Id
    round: between(1, ROUNDS)
    player: Id
    dealt: Literal["now", "earlier"] = "now"
    at_ms: AtMs | None = None
    is_stalling_clock: StrictBool = False
    # a judge's clock (MCR §3.5.7 item 6): the timed player is the dealer, whose first turn
    # runs from the deal
    dealer_start: StrictBool = False
    op_id: OpId


class TimeoutStartBody(Schema):
    player: Id
    kind: Literal["timeout", "late"] = "timeout"
    is_medication: StrictBool = False
    at_ms: AtMs | None = None
    late_ms: Annotated[int, WholeNumber, Field(ge=0, le=LATE_LIMIT_MS)] | None = None
    session: Id | None = None
    op_id: OpId
