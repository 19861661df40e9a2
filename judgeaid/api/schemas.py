"""Schemas of the general JSON API: server time, sign-in, and Zung Jung scoring (§2.2, §2.3)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, model_validator
from pydantic_core import PydanticCustomError

from judgeaid.edge import Id, Schema, WholeNumber, between, name, text

Seat = Literal["E", "S", "W", "N"]


class ServerTime(BaseModel):
    now_ms: int


class UserOut(BaseModel):
    id: int
    name: str
    role: str
    tournament_id: int


class Me(BaseModel):
    user: UserOut | None


class LoginBody(Schema):
    tournament_id: Id
    # Longer than any name or PIN: a longer one matches nobody (and costs a hash like any
    # wrong PIN), so the answer does not tell which names exist.
    name: name(200)
    # A PIN, or instead the one-time recovery code given with it: that signs the person in
    # from any phone despite a sign-in lock, once, and the answer carries the next code. With
    # both (the demo's whole entry sent back), the PIN is checked and the code kept unspent.
    pin: text(64, blank=False) = ""
    recovery: text(64, blank=False) = ""

    @model_validator(mode="after")
    def _pin_or_recovery(self):
        if not self.pin and not self.recovery:
            raise PydanticCustomError("pin_or_recovery", "send a PIN or a recovery code")
        return self


class LoginOut(BaseModel):
    user: UserOut
    home: str = Field(description="The page this user starts on: the desk or the console")
    recovery: str | None = Field(None, description="After a sign-in with a recovery code: "
                                 "the person's next one-time code (the one used is spent)")


class Ok(BaseModel):
    ok: bool


class Empty(Schema):
    """A write that takes no fields."""


class Issue(BaseModel):
    code: str
    message: str = Field(description="Our words, naming the patterns and citing the section")
    patterns: list[str] = []
    section: str | None = Field(None, description="The rulebook section it rests on, "
                                                  "e.g. \"§1.5\" or \"§2.4 10.0\"")
    add: dict[str, Any] | None = None


PatternCount = Annotated[int, WholeNumber, Field(ge=0, le=4)]


class ScoreBody(Schema):
    # Nothing ticked is a Chicken Hand (§2.2).
    patterns: Annotated[dict[Annotated[str, Field(max_length=12)], PatternCount],
                        Field(max_length=60, description="pattern id -> count (3.1 Value "
                                                         "Honor up to 4, others 0 or 1)")] = {}


class HandLine(BaseModel):
    id: str
    name: str
    count: int = Field(description="Sets for 3.1 Value Honor (the hand's total), else 1")
    points: int
    is_counted: bool = Field(description="False for lines a listed limit leaves out (§2.2)")
    implied_by: str | None = Field(
        None, description="The ticked pattern that always brings this line or raises its "
                          "count (e.g. \"3.2.1\" for two Value Honor sets, \"9.4.1\" for 1.2 "
                          "Concealed Hand); null for a line that stands as ticked")


class ScoreOut(BaseModel):
    value: int
    limit: Literal["listed", "compound"] | None
    lines: list[HandLine]
    warnings: list[Issue]
    offers: list[Issue] = []


class ScoreErrors(BaseModel):
    errors: list[Issue]
    warnings: list[Issue] = []


class PayoffBody(Schema):
    # Optional and 0 allowed for a draw, where nobody scores; the core asks for it otherwise.
    value: between(0, 100_000) | None = None
    win: Literal["self", "discard", "draw"]
    winner: Seat | None = None
    discarder: Seat | None = None
    same_turn: Annotated[list[Seat], Field(max_length=4)] | None = None
    scheme: Literal["formal", "uniform"] = "formal"


class PayoffOut(BaseModel):
    deltas: dict[Seat, int]
    responsible: Seat | None = None


class Catalogue(BaseModel):
    """The pattern catalogue and its counting-rule tables (shape owned by the core)."""

    model_config = {"extra": "allow"}
    patterns: list[dict[str, Any]]


class OpenAPIDocument(BaseModel):
    """This document."""

    model_config = {"extra": "allow"}
    openapi: str
    paths: dict[str, Any]


# MCR (issue 16): fans by their Appendix 1 number, flowers apart (MCR §3.9.1).

FanCount = Annotated[int, WholeNumber, Field(ge=0, le=99)]


class McrScoreBody(Schema):
    fans: Annotated[dict[Annotated[str, Field(max_length=12)], FanCount],
                    Field(max_length=81, description="fan number (\"1\" .. \"81\") -> times it "
                                                     "counts; 0 means not ticked")] = {}
    flowers: Annotated[int, WholeNumber, Field(ge=0, le=8, description=(
        "Flower tiles, 1 point each, not toward the 8-point minimum; or give them as fan "
        "\"81\", not both"))] | None = None
    win: Literal["self", "discard"] | None = Field(None, description=(
        "How the hand was won; given, the fans that fix the win type must agree with it "
        "(422 win_mismatch). Absent: not checked"))


class McrIssue(BaseModel):
    code: str
    message: str = Field(description="Our words, naming the fans and citing the section")
    fans: list[str] = []
    section: str = Field(description="What it rests on, e.g. \"MCR App. 1 fan 22\"")


class McrLine(BaseModel):
    id: str = Field(description="The fan's Appendix 1 number")
    name: str
    chinese: str
    count: int
    points: int
    implied_by: str | None = Field(None, description=(
        "Always null: a fan implied by another is refused (422 implied), not shown"))


class McrScoreOut(BaseModel):
    value: int = Field(description="All fans and flowers")
    fan_points: int = Field(description="Without flowers: what the 8-point minimum counts")
    flowers: int
    lines: list[McrLine]
    warnings: list[McrIssue]


class McrScoreErrors(BaseModel):
    errors: list[McrIssue]
    warnings: list[McrIssue] = []
    value: int | None = Field(None, description="What the fans make as ticked")
    fan_points: int | None = None
    flowers: int | None = None
    lines: list[McrLine] = []


class McrPayoffBody(Schema):
    # Optional for a draw, where nobody scores; the core asks for at least 8 otherwise.
    value: between(0, 100_000) | None = None
    win: Literal["self", "discard", "draw"]
    winner: Seat | None = None
    discarder: Seat | None = None


class McrPayoffOut(BaseModel):
    deltas: dict[Seat, int]
    responsible: Seat | None = Field(None, description="The discarder, who paid the value")


class McrCatalogue(BaseModel):
    """The 81 fans and their rule tables (shape owned by the core)."""

    model_config = {"extra": "allow"}
    version: str
    minimum: int
    fans: list[dict[str, Any]]
