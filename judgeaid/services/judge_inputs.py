"""The typed inputs of the judging services: call-ups, penalties, rulings and appeals.

The judge console's views check each body, query string and form against these before a
service sees it (judgeaid/judge/schemas.py holds the rest of the console's schemas and its
answers); the services take them as they are. Text fields of Text columns take the limits
the console has always had (the columns themselves have none); String columns give their
own size.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StrictBool
from pydantic_core import PydanticCustomError

from judgeaid.edge import FormSchema, Id, IdKey, OpId, Schema, between, length_of, text
from judgeaid.models import Penalty, Ruling
from judgeaid.rules import RULESETS

# The rubric's categories and penalty kinds: the union over the registered rulesets (a
# schema is static; the service checks a penalty against its event's own rubric).
Category = Literal[tuple(dict.fromkeys(  # type: ignore[valid-type]
    c for r in RULESETS.values() for c in r.rubric.categories))]
Kind = Literal[tuple(dict.fromkeys(  # type: ignore[valid-type]
    k for r in RULESETS.values() for k in r.rubric.kinds))]
Decision = Literal["upheld", "overturned", "modified"]
# §1.9: the judge's answer when a round's time points pass 80
ResignationAnswer = Literal["explained", "resigned"]

# Limits of the Text columns (the console's own; the database has none).
STORY_LIMIT = 4000        # Ruling.what_happened, Ruling.decision
REASON_LIMIT = 1000       # Penalty.reason
CALL_REASON_LIMIT = 300   # CallUp.reason (one line, from the table's card)
APPEAL_LIMIT = 2000       # Appeal.text, Appeal.decision_reason
INFRACTION_LIMIT = length_of(Penalty.infraction)
GUIDE_ID_LIMIT = length_of(Ruling.guide_entry)
MAX_POINTS = 1000
SEARCH_LIMIT = 200        # the log's and the guide's search words

# the longest session any registered ruleset plays
Round = between(1, max(r.session.rounds for r in RULESETS.values()))
Points = between(0, MAX_POINTS)
# Milliseconds since 1970 (a phone's clock when it saved a ruling offline).
EpochMs = between(0, 2**53)


def _flag(value: Any) -> Any:
    """A check box or ?history=1: on for 1/true/on, off when blank or absent."""
    if isinstance(value, bool) or value is None:
        return bool(value)
    if isinstance(value, str) and value.strip().lower() in ("", "0", "false", "off"):
        return False
    if isinstance(value, str) and value.strip().lower() in ("1", "true", "on"):
        return True
    raise PydanticCustomError("flag", "must be 1 (on) or 0 (off)")


Flag = Annotated[bool, BeforeValidator(_flag)]


# ---------------------------------------------------------------- bodies

class CallUpBody(Schema):
    reason: text(CALL_REASON_LIMIT) = ""
    op_id: OpId


PaidTo = Annotated[dict[IdKey, Points],
                   Field(max_length=3, description="opponent's player number -> points paid "
                                                   "to them (§4.11)")]


# The §1.9 question, answered on a time penalty (a ruling's, or a paper card's time line).
TimeResignation = Annotated[ResignationAnswer | None, Field(
    description="the judge's answer when this time penalty takes the player's round above 80 "
                "time points (otherwise 409 resignation_question, §1.9): 'explained' (a "
                "reasonable explanation, written in `explanation`) or 'resigned' (the player "
                "resigns from the tournament, §4.11)")]
AcceptedExplanation = Annotated[text(REASON_LIMIT, multiline=True), Field(
    description="the player's explanation the judge accepted (with 'explained')")]


class PenaltySpec(Schema):
    """One penalty of a ruling."""

    player: Id = Field(description="player number")
    category: Category
    infraction: text(INFRACTION_LIMIT) = Field(
        description="a rubric example id, or the judge's own words")
    kind: Kind
    points: Points | None = None
    reason: text(REASON_LIMIT, multiline=True) = Field(
        "", description="required when not the suggested step")
    round: Round | None = None
    paid_to: PaidTo | None = None
    confirm_repeat: StrictBool = Field(
        False, description="the judge saw the player's earlier time penalty for this round "
                           "and means to give a second one (otherwise 409, §1.9)")
    resignation: TimeResignation = None
    explanation: AcceptedExplanation = ""


class PenaltyBody(PenaltySpec):
    """One penalty on its own (the card it goes on, and optionally its ruling)."""

    card_id: Id
    ruling_id: Id | None = None
    op_id: OpId


class RulingBody(Schema):
    """A ruling log entry; with supersedes_id, a change (what it leaves out or null is kept)."""

    call_up_id: Id | None = None
    card_id: Id | None = None
    supersedes_id: Id | None = None
    round: Round | None = None
    players: Annotated[list[Id], Field(max_length=8)] | None = None
    what_happened: text(STORY_LIMIT, multiline=True) | None = None
    decision: text(STORY_LIMIT, multiline=True) | None = None
    sections: Annotated[list[text(20)], Field(max_length=40)] | None = None
    guide_entry: text(GUIDE_ID_LIMIT) | None = None
    penalties: Annotated[list[PenaltySpec], Field(max_length=12)] | None = None
    resolved_at_ms: EpochMs | None = Field(None, description="when the phone saved it")
    op_id: OpId


class AppealBody(Schema):
    ruling_id: Id
    text: text(APPEAL_LIMIT, multiline=True)
    op_id: OpId


class AppealDecisionBody(Schema):
    decision: Decision
    reason: text(APPEAL_LIMIT, multiline=True)
    strike_penalties: Annotated[list[Id], Field(max_length=50)] | None = None
    op_id: OpId


# ---------------------------------------------------------------- query strings and forms

class SuggestQuery(FormSchema):
    card: Id
    player: Id
    category: Category
    infraction: text(INFRACTION_LIMIT)
    round: Round | None = None


class LogQuery(FormSchema):
    table: Id | None = None
    player: Id | None = None
    judge: Id | None = None
    session: Id | None = None
    q: text(SEARCH_LIMIT) = ""
    history: Flag = False


class RulingFormQuery(FormSchema):
    callup: Id | None = None
    supersedes: Id | None = None
    card: Id | None = None
    player: Id | None = None
    guide: text(GUIDE_ID_LIMIT) | None = None
    category: text(20) | None = None
    penalty: Flag = False


class RepeatPolicyForm(FormSchema):
    scope: Literal["category", "any"]
    window: Literal["round", "session", "tournament"]
    op_id: OpId | None = None
