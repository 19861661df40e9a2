"""Schemas of the judge console: call-ups, suggestions, penalties, rulings and appeals.

Every body, query string and form of judgeaid/judge/views.py is checked here before
a service sees it. Text fields of Text columns take the limits the console has
always had (the columns themselves have none); String columns give their own size.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, Field, StrictBool
from pydantic_core import PydanticCustomError

from judgeaid.edge import FormSchema, Id, IdKey, OpId, Schema, between, length_of, text
from judgeaid.models import Penalty, Ruling
from judgeaid.rules import DEFAULT_RULESET, RULESETS

# The rubric's categories and penalty kinds: the union over the registered rulesets (a
# schema is static; the service checks a penalty against its event's own rubric).
Category = Literal[tuple(dict.fromkeys(  # type: ignore[valid-type]
    c for r in RULESETS.values() for c in r.rubric.categories))]
Kind = Literal[tuple(dict.fromkeys(  # type: ignore[valid-type]
    k for r in RULESETS.values() for k in r.rubric.kinds))]
RulesetCode = Literal[tuple(RULESETS)]  # type: ignore[valid-type]
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


class TakeBody(Schema):
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


class LogPrintQuery(FormSchema):
    session: Id


class GuideQuery(FormSchema):
    q: text(SEARCH_LIMIT) = ""


class GuideApiQuery(FormSchema):
    # the guide's URL names no event, so a client asks for its event's ruleset by code
    ruleset: RulesetCode = DEFAULT_RULESET  # type: ignore[valid-type]


class PlayerLookupQuery(FormSchema):
    number: Id


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

