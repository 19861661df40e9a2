"""Schemas of the scoring card API: penalties, sign-off, and the card's answers (§4.9, A.2.2).

The typed inputs the card services take (a round's line, a seat change, a signed paper card)
live with the services, in judgeaid/services/card_inputs.py.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from judgeaid.edge import Id, OpId, Schema, between
from judgeaid.services.card_inputs import Reason, Round
from judgeaid.tournament.card import ROUNDS


class CardPenaltyBody(Schema):
    player: Id
    points: between(1, 1000)
    round: Round | None = None
    reason: Reason
    op_id: OpId


class CardVoidBody(Schema):
    reason: Reason
    op_id: OpId


class CardConfirmBody(Schema):
    player: Id | None = Field(None, description="the player confirmed for (a judge only; a "
                                                "player confirms for themself)")
    op_id: OpId


class CardConfirmAllBody(Schema):
    players: list[Id] | None = Field(
        None, max_length=8, description="the players who, present together, each confirmed "
                                        "the totals before the judge (null: every player "
                                        "still to confirm)")
    op_id: OpId


class CardTimeOverBody(Schema):
    from_round: between(1, ROUNDS + 1) | None = None
    op_id: OpId


class CardRecorderBody(Schema):
    player: Id | None = Field(description="the player number, or null for nobody")
    op_id: OpId


class CardView(BaseModel):
    """The whole card (shape owned by the cards service; the fields clients rely on)."""

    model_config = {"extra": "allow"}
    id: int
    version: int
    status: str
    session: int
    table: int
    players: list[dict[str, Any]]
    rounds: list[dict[str, Any]]
    penalties: list[dict[str, Any]]
    totals: dict[int, dict[str, int]]
    is_complete: bool
    recorder: int | None
    ruleset: str | None = Field(None, description="the event's ruleset: zj or mcr")
    words: dict[str, Any] | None = Field(
        None, description="how the card names a deal (round, or hand in MCR) and the four "
                          "parts of the session (cycles, or MCR's wind rounds)")
    table_points: dict[int, float] | None = Field(
        None, description="MCR §3.9.2: each player's table points (4/2/1/0 by session score, "
                          "tied places sharing equally) once every hand is settled; null "
                          "before, and for Zung Jung")
    forfeits: list[int] = Field(
        [], description="MCR §3.11.2.1: the numbers of the players who forfeited this session "
                        "(more than 15 minutes late); their seat earns them nothing")


class CardWriteOut(BaseModel):
    card: CardView
    round: int | None = None
    revision: int | None = None
    changed: bool | None = None
    penalty: int | None = None


class CardReaderPlayer(BaseModel):
    number: int
    name: str


class CardReader(BaseModel):
    is_judge: bool
    player: CardReaderPlayer | None
    is_recorder: bool


class PaperCardOut(BaseModel):
    card: CardView
    summary: dict[str, Any]
