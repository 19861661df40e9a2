"""Schemas of the leaderboards page (its query string) and the organizer's forms."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from judgeaid.edge import FormSchema, Id, OpId, text
from judgeaid.models import Player

# Long enough for any date or choice; the service says what is wrong with a bad one.
QUERY_TEXT = 100


class BoardQuery(FormSchema):
    """Which board: window (this_year, last_year, custom with from/to) or lifetime."""

    model_config = ConfigDict(extra="ignore", frozen=True, populate_by_name=True)

    board: text(QUERY_TEXT) = "window"
    window: text(QUERY_TEXT) = "this_year"
    start: text(QUERY_TEXT) = Field("", alias="from")
    end: text(QUERY_TEXT) = Field("", alias="to")


class EventFactsForm(FormSchema):
    """An event's leaderboard facts (§3.5.2.1); the service checks them together."""

    is_sanctioned: bool = False
    series: text(20) = ""
    held_on: text(20) = ""
    weight: text(20) = ""
    final_weight: text(20) = ""
    op_id: OpId | None = None


class MemberIdForm(FormSchema):
    """A player's member id; blank clears it."""

    number: Id
    member_id: text(Player.member_id.type.length) = ""
    op_id: OpId | None = None


# ---------------------------------------------------------------- API

class BoardLineOut(BaseModel):
    rank: int
    member_id: str | None
    name: str
    events: int
    match_points: float = Field(description="window: the weighted sum; lifetime: the mean")


class BoardEventOut(BaseModel):
    id: int
    name: str
    held_on: str
    series: str
    weights: str | None = None
    is_provisional: bool | None = None
    reason: str | None = None


class BoardOut(BaseModel):
    """A leaderboard (§3.5.2.1), the events it counts and the ones it leaves out, and why."""

    board: Literal["window", "lifetime"]
    start: str | None = Field(None, alias="from")
    end: str | None = Field(None, alias="to")
    lines: list[BoardLineOut]
    counted: list[BoardEventOut]
    left_out: list[BoardEventOut]
