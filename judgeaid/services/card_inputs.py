"""The typed inputs of the card services: a round's line, a seat change, a signed paper card.

The cards blueprint checks these bodies before the services see them (judgeaid/cards/schemas.py
holds the rest of the card API's schemas and its answers); the services take them as they
are (§4.9, A.2.2).
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StrictBool, model_validator
from pydantic_core import PydanticCustomError

from judgeaid.edge import N_, Id, OpId, Schema, WholeNumber, between, text
from judgeaid.services.judge_inputs import AcceptedExplanation, TimeResignation
from judgeaid.tournament.card import ROUNDS

# Free-text reasons are Text columns: this is the longest a judge writes, and what the
# appeal service keeps of a struck-out penalty's reason.
REASON_LIMIT = 500
Round = between(1, ROUNDS)
# At most 8: MCR's flowers (fan 81) count up to 8; each ruleset refuses what its own patterns
# cannot hold (a ZJ set pattern counts at most 4, §2.2).
PatternCount = Annotated[int, WholeNumber, Field(ge=0, le=8)]
Reason = text(REASON_LIMIT, multiline=True)


class CardRoundBody(Schema):
    """One round's line; `correction: true` with a reason and base_revision changes one."""

    round: Round
    result: Literal["win", "draw"]
    winner: Id | None = None
    value: between(1, 480) | None = None
    win: Literal["self", "discard"] | None = None
    discarder: Id | None = None
    same_turn: Annotated[list[Id], Field(max_length=4)] | None = None
    claimants: Annotated[list[Id], Field(max_length=3, description=(
        "Several players called Hu on this discard (MCR §3.7.2.4): their numbers; the card "
        "makes the nearest after the discarder the winner, and refuses a winner that says "
        "otherwise"))] | None = None
    patterns: Annotated[dict[Annotated[str, Field(max_length=12)], PatternCount],
                        Field(max_length=60)] | None = None
    dealer: Annotated[Id | None, Field(
        description="§1.2.7: the player who dealt this round as the wrong East (the correct "
                    "East lost the deal); null when the rotation's East dealt")] = None
    compensation_for: Annotated[Id | None, Field(
        description="§1.2.7: the skipped East who deals this round as compensation, by the "
                    "table's unanimous agreement")] = None
    correction: StrictBool = False
    base_revision: Annotated[Id | None, Field(
        description="the revision of the round's line this correction replaces; required "
                    "with correction")] = None
    reason: Reason = ""
    op_id: OpId

    @model_validator(mode="after")
    def _complete(self) -> CardRoundBody:
        missing = None
        if self.correction and self.base_revision is None:
            missing = N_("base_revision is required with a correction: the revision of the "
                          "line it corrects")
        elif self.result == "win" and self.win is None:
            missing = N_("win is required for a win: 'self' (self-draw) or 'discard'")
        elif self.result == "win" and self.winner is None and not self.claimants:
            missing = N_("winner is required for a win: the winner's player number")
        elif self.result == "win" and self.value is None and self.patterns is None:
            missing = N_("value is required for a win (or the ticked patterns)")
        elif self.win == "discard" and self.result == "win" and self.discarder is None:
            missing = N_("discarder is required for a win by discard")
        if missing:
            raise PydanticCustomError("round_line", missing)
        return self


class CardSeatChangeBody(Schema):
    """A player leaving the table from a round on (§4.11), and the neutral substitute (§4.15)."""

    player: Annotated[Id, Field(description="the number of the player who leaves")]
    from_round: Annotated[Round, Field(description="the first round they do not play")]
    reason: Literal["resigned", "disqualified"]
    substitute: Annotated[Id | None, Field(
        description="the number of the player who takes the seat from from_round, as a "
                    "neutral substitute; null: nobody (the table stops recording there)")] = None
    note: text(REASON_LIMIT, multiline=True) = ""
    op_id: OpId


# ---------------------------------------------------------------- the paper card

# A paper card's penalty line has room for a few lines; this is far more than any table gets.
PAPER_PENALTIES = 40


class PaperRound(Schema):
    """One round as the signed paper card shows it (checked like a single round)."""

    round: Round
    result: Literal["win", "draw"]
    winner: Id | None = None
    win: Literal["self", "discard"] | None = None
    discarder: Id | None = None
    value: between(1, 480) | None = None
    same_turn: Annotated[list[Id], Field(max_length=4)] | None = None


class PaperPenalty(Schema):
    """A penalty line of the paper card that is not on the live card yet."""

    player: Id
    points: between(1, 1000)
    round: Round | None = None
    reason: Reason
    is_time: StrictBool = Field(
        False, description="a time-limit penalty (§1.9): it needs its round and counts toward "
                           "the player's time points in that round")
    resignation: TimeResignation = None
    explanation: AcceptedExplanation = ""


class PaperChoice(Schema):
    """The judge's choice for a round recorded one way here and another way on paper."""

    round: Round
    choice: Literal["keep", "paper"] = Field(
        description="keep: the recorded line stands; paper: the paper's line replaces it "
                    "(a correction)")
    base_revision: Annotated[Id, Field(description="the recorded revision the judge saw")]


class PaperCardBody(Schema):
    """A whole signed paper card: applied all at once, or not at all."""

    rounds: Annotated[list[PaperRound], Field(max_length=ROUNDS)]
    penalties: Annotated[list[PaperPenalty], Field(max_length=PAPER_PENALTIES)] = []
    signed: Annotated[list[Id], Field(
        max_length=4, description="the players whose signature is on the paper card")] = []
    choices: Annotated[list[PaperChoice], Field(max_length=ROUNDS)] = []
    time_over: StrictBool = Field(False, description="the session time ran out after the "
                                                     "last round on the paper (§3.4)")
    op_id: OpId

