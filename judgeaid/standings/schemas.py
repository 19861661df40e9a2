"""Schemas of the standings pages and API: score checks, posting sessions, late and resigned."""

from __future__ import annotations

from typing import Any, Literal

from flask_babel import gettext as _
from pydantic import BaseModel, Field, field_validator

from judgeaid import values
from judgeaid.edge import FormSchema, Id, OpId, Schema, text
from judgeaid.pageforms import maybe
from judgeaid.services.results import MESSAGE_LIMIT, REASON_LIMIT
from judgeaid.services.ties import MAX_PRIZE_PLACES

# A player link's token (secrets.token_urlsafe, stored in a 64-character column).
TOKEN_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"


# ---------------------------------------------------------------- pages

class ProjectorQuery(FormSchema):
    page: Id = 1


class RevealQuery(FormSchema):
    """The reveal's first place to show (the places from N up to 1)."""

    start: Id | None = None


class ScoreCheckForm(FormSchema):
    """The score-check form of a player's page, sent without JavaScript."""

    token: text(64)
    session: Id | None = None
    message: text(MESSAGE_LIMIT, multiline=True) = ""
    op_id: OpId


class UnfinalizeForm(FormSchema):
    reason: text(REASON_LIMIT, multiline=True) = ""
    op_id: OpId | None = None


class LateForm(FormSchema):
    """A late arrival (§3.7); `decision` is "allow" or "refuse" after the check-in cut-off."""

    number: Id
    joined_session: Id
    decision: text(8) = ""
    op_id: OpId | None = None


class FillerForm(FormSchema):
    """Call the proposed eliminated player to fill an absent entrant's seat (§4.15)."""

    absent: Id
    filler: Id
    confirm: text(8) = ""
    op_id: OpId | None = None


class NotPresentForm(FormSchema):
    player: Id
    op_id: OpId | None = None


class ResignForm(FormSchema):
    number: Id
    from_session: Id
    reason: text(REASON_LIMIT, multiline=True) = ""
    op_id: OpId | None = None


class LotForm(FormSchema):
    """The lot drawn for players level on table and contest points: numbers, highest first."""

    numbers: text(400) = ""
    op_id: OpId | None = None

    @field_validator("numbers")
    @classmethod
    def _player_numbers(cls, value: str) -> str:
        if any(values.whole_number(word) is None for word in value.replace(",", " ").split()):
            raise ValueError(_("list player numbers (digits 0-9) in the order drawn, e.g. 12 5 "
                               "30"))
        return value

    @property
    def drawn(self) -> list[int]:
        """Return the player numbers in the order drawn."""
        return [int(word) for word in self.numbers.replace(",", " ").split()]


class PrizePlacesForm(FormSchema):
    """How many places at the top win a prize (blank or 0: none marked)."""

    places: maybe(0, MAX_PRIZE_PLACES) = None
    op_id: OpId | None = None


class PhysicalDrawForm(LotForm):
    """A physical draw for one deciding tie, highest place first; `page` is where it was
    sent from (the results desk or the final-day page), to go back there."""

    page: Literal["desk", "final_day"] = "desk"


class ResolveForm(FormSchema):
    resolution: text(MESSAGE_LIMIT, multiline=True) = ""
    op_id: OpId | None = None


# ---------------------------------------------------------------- API

class StandingRow(BaseModel):
    """A player's line; an MCR event's rows add table and contest points (raw = contest
    points, match points null, MCR §3.10.1)."""

    model_config = {"extra": "allow"}
    rank: int | None
    number: int
    name: str
    match_points: float | None
    raw: int | None
    table_points: float | None = None
    contest_points: int | None = None


class StandingsOut(BaseModel):
    """The standings (DESIGN §5): rank, match points, raw total, per-session MP, tie-breaks."""

    tournament: dict[str, Any]
    provisional: bool
    phase: Literal["preliminary", "final_day", "final"]
    sessions: list[dict[str, Any]]
    # how many preliminary sessions are posted as final, of how many the event plans
    posted_sessions: int = 0
    planned_sessions: int = 0
    standings: list[StandingRow]
    final_day: dict[str, Any] | None
    # MCR only: "table_points", and the teams by MCR Appendix 7
    points: Literal["match_points", "table_points"] | None = None
    teams: list[dict[str, Any]] | None = None
    # the closing stage (issue 30): the first session hidden from the public, null: none
    hidden_from_session: int | None = None


class ScoreCheckOut(BaseModel):
    id: int
    player: int
    name: str
    session: int
    message: str
    filed_at: str | None
    status: Literal["open", "resolved"]
    resolution: str
    resolved_at: str | None


class ScoreChecksOut(BaseModel):
    score_checks: list[ScoreCheckOut]


class ScoreCheckAnswer(BaseModel):
    score_check: ScoreCheckOut


class ScoreCheckBody(Schema):
    session: Id
    message: text(MESSAGE_LIMIT, multiline=True)
    op_id: OpId


class ResolveBody(Schema):
    resolution: text(MESSAGE_LIMIT, multiline=True)
    op_id: OpId


class LotBody(Schema):
    """The lot drawn for players level on table and contest points (MCR, our reading)."""

    numbers: list[Id] = Field(min_length=2, max_length=400)
    op_id: OpId


class FinalizeBody(Schema):
    op_id: OpId


class HideBody(Schema):
    """The closing stage: hide the standings from session `from_session` on (null: show all)."""

    from_session: Id | None
    op_id: OpId


class HideForm(FormSchema):
    """The results desk's closing-stage form; an empty session shows everything again."""

    from_session: text(3) = ""
    op_id: OpId | None = None


class UnfinalizeBody(Schema):
    reason: text(REASON_LIMIT, multiline=True)
    op_id: OpId


class LateBody(Schema):
    """A late arrival (§3.7): the session they join, and the choice after the cut-off."""

    joins: Id | None = None
    decision: Literal["", "allow", "refuse"] = ""
    op_id: OpId


class LateAnswer(BaseModel):
    number: int
    joined_session: int
    status: str
    late_decision: str
    late_decision_session: int | None


class AbsentBody(Schema):
    """A player absent from a session without an acceptable reason: resigned (§3.7)."""

    player: Id
    op_id: OpId


class FillerBody(Schema):
    """The absent entrant and the filler the app proposes (§4.15)."""

    absent: Id
    filler: Id
    op_id: OpId


class FillerAnswer(BaseModel):
    session: int
    table: int
    absent: int
    filler: int
    empty_seat: dict[str, Any] | None


class EmaQualifyingForm(FormSchema):
    """Whether entry to the event needed qualifying: the MERS weight's +1 (issue 30)."""

    qualifying: bool = False
    op_id: OpId | None = None
