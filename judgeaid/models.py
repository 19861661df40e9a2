"""Database tables: thin, typed, no rules (the rules live in judgeaid.rules and .tournament)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    ForeignKey,
    LargeBinary,
    String,
    Text,
    UniqueConstraint,
    false,
)
from sqlalchemy.ext.hybrid import hybrid_property
from sqlalchemy.orm import Mapped, mapped_column, relationship

from judgeaid.extensions import db
from judgeaid.rules import DEFAULT_RULESET

WINDS = ("E", "S", "W", "N")
ROLES = ("organizer", "head_judge", "judge")


def utcnow() -> datetime:
    """Return the current time in UTC without tzinfo (stored naive, always UTC)."""
    return datetime.now(UTC).replace(tzinfo=None)


class Tournament(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    format: Mapped[str] = mapped_column(String(20))
    # the rules the event plays by: a code of judgeaid.rules.RULESETS
    ruleset: Mapped[str] = mapped_column(String(10), default=DEFAULT_RULESET,
                                         server_default=DEFAULT_RULESET)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seed: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # §3.5.2.1 leaderboards: sanctioned by the Zung Jung Movement (§3.2.1), its series
    # ("" = the format's), the day it was held (None = its first session's day), the
    # organizer's weights for a series the rulebook gives none (judgeaid.rules.zj.leaderboard)
    is_sanctioned: Mapped[bool] = mapped_column(default=False, server_default=false())
    series: Mapped[str] = mapped_column(String(20), default="", server_default="")
    held_on: Mapped[date | None]
    leaderboard_weight: Mapped[float | None]
    leaderboard_final_weight: Mapped[float | None]
    # The venue's IANA time zone: times are stored in UTC and shown on this wall clock
    # (judgeaid.venuetime).
    time_zone: Mapped[str] = mapped_column(String(64), default="UTC", server_default="UTC")
    # The EMA's MERS weight adds a point when entry needed qualifying (docs/ema.md): the
    # organizer says so on the EMA results page.
    ema_qualifying: Mapped[bool] = mapped_column(default=False, server_default=false())
    # Bumped whenever a row the live card shows beyond the card's own changes (the event's
    # name and settings, a player, a session, a table, a seat): with Card.version it names
    # the version of a card's view (judgeaid.revisions, judgeaid.viewcache).
    revision: Mapped[int] = mapped_column(default=1, server_default="1")

    players: Mapped[list[Player]] = relationship(
        back_populates="tournament", order_by="Player.number"
    )
    teams: Mapped[list[Team]] = relationship(back_populates="tournament", order_by="Team.name")
    sessions: Mapped[list[PlaySession]] = relationship(
        back_populates="tournament", order_by="PlaySession.number"
    )
    users: Mapped[list[User]] = relationship(back_populates="tournament", order_by="User.name")


class Team(db.Model):
    __table_args__ = (UniqueConstraint("tournament_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    name: Mapped[str] = mapped_column(String(120))

    tournament: Mapped[Tournament] = relationship(back_populates="teams")
    players: Mapped[list[Player]] = relationship(back_populates="team")


class Player(db.Model):
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    number: Mapped[int]
    name: Mapped[str] = mapped_column(String(120))
    team_id: Mapped[int | None] = mapped_column(ForeignKey("team.id"))
    # The unguessable part of the player's own page URL (slip QR code target).
    token: Mapped[str] = mapped_column(String(64), unique=True)
    # active, withdrawn, disqualified, resigned
    status: Mapped[str] = mapped_column(String(20), default="active")
    is_substitute: Mapped[bool] = mapped_column(default=False)
    # §3.7 a late arrival joins at a later session; earlier ones count as missed.
    joined_session: Mapped[int] = mapped_column(default=1, server_default="1")
    # The first session the player no longer plays (withdrawal, disqualification).
    left_session: Mapped[int | None]
    # §3.5.2.1 the ZJM affiliate's membership number: matches the player across events
    member_id: Mapped[str | None] = mapped_column(String(40))
    # The player's record for the EMA (issue 30, docs/ema.md): family and given names beside
    # the display name, the EMA number as issued (digits, leading zeros kept) and the
    # nationality as an ISO 3166-1 alpha-2 code. All optional.
    family_name: Mapped[str | None] = mapped_column(String(120))
    given_name: Mapped[str | None] = mapped_column(String(120))
    ema_number: Mapped[str | None] = mapped_column(String(12))
    country: Mapped[str | None] = mapped_column(String(2))
    # §3.7 the organizer's choice for a late check-in after the cut-off: "allowed" or
    # "refused", for session `late_decision_session`; "" when no choice was needed.
    late_decision: Mapped[str] = mapped_column(String(10), default="", server_default="")
    late_decision_session: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    tournament: Mapped[Tournament] = relationship(back_populates="players")
    team: Mapped[Team | None] = relationship(back_populates="players")


class PlaySession(db.Model):
    """A session of play (§3.4): up to 16 rounds at every table."""

    __tablename__ = "play_session"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    number: Mapped[int]
    # planned, seated, playing, finished
    status: Mapped[str] = mapped_column(String(20), default="planned")
    starts_at: Mapped[datetime | None]
    # preliminary, or final (a final-day round of §3.3.2.2 with its bracket size)
    stage: Mapped[str] = mapped_column(String(12), default="preliminary",
                                       server_default="preliminary")
    bracket_size: Mapped[int | None]
    # Results are provisional until the organizer finalizes the session (§3.5.1).
    finalized_at: Mapped[datetime | None]
    finalized_by: Mapped[str] = mapped_column(String(120), default="", server_default="")

    tournament: Mapped[Tournament] = relationship(back_populates="sessions")
    tables: Mapped[list[Table]] = relationship(
        back_populates="session", order_by="Table.number"
    )

    @hybrid_property
    def is_seated(self) -> bool:
        """Say whether the tables are published (seated, playing or finished), in Python or SQL."""
        return self.status != "planned"


class Table(db.Model):
    __table_args__ = (UniqueConstraint("session_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("play_session.id"), index=True)
    number: Mapped[int]

    # How the starting seats were set: a recorded digital draw, or the judge entered the
    # players' own wind-tile draw (§1.2.2).
    seats_source: Mapped[str] = mapped_column(String(10), default="digital",
                                              server_default="digital")

    session: Mapped[PlaySession] = relationship(back_populates="tables")
    seats: Mapped[list[Seat]] = relationship(back_populates="table", order_by="Seat.position")


class Seat(db.Model):
    """A player's starting seat at a table for a session (§1.2.2)."""

    __table_args__ = (
        UniqueConstraint("table_id", "position"),
        UniqueConstraint("table_id", "player_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("table.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    # Index into WINDS; the starting seat wind E/S/W/N.
    position: Mapped[int]
    # §4.15 (our reading) a neutral player fills this seat for this session: their score
    # keeps the table zero-sum and counts for nobody's place; `stands_in_for` is the number
    # of the absent player whose seat it was (a number, like CardPenalty's, so joins between
    # seat and player stay unambiguous).
    is_neutral: Mapped[bool] = mapped_column(default=False, server_default="0")
    stands_in_for: Mapped[int | None]

    table: Mapped[Table] = relationship(back_populates="seats")
    player: Mapped[Player] = relationship()

    @property
    def wind(self) -> str:
        return WINDS[self.position]


class User(db.Model):
    """An organizer, head judge or judge of one tournament; signs in with name and PIN."""

    __table_args__ = (UniqueConstraint("tournament_id", "name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    name: Mapped[str] = mapped_column(String(80))
    role: Mapped[str] = mapped_column(String(20))
    pin_hash: Mapped[str] = mapped_column(String(255))
    # Raised by sign-out and a PIN change: a session cookie holding an older value is void.
    session_epoch: Mapped[int] = mapped_column(default=0, server_default="0")
    # SHA-256 of the one-time recovery code given with the PIN ("" when none): it signs the
    # person in from any phone despite a sign-in lock, once, and is then replaced.
    recovery_hash: Mapped[str] = mapped_column(String(64), default="", server_default="")
    # The language the person chose with `?lang=` (a tag of judgeaid.i18n.LOCALES; "" = none).
    locale: Mapped[str] = mapped_column(String(16), default="", server_default="")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    tournament: Mapped[Tournament] = relationship(back_populates="users")

    @property
    def is_judge(self) -> bool:
        return self.role in ("judge", "head_judge")

    @property
    def is_head_judge(self) -> bool:
        return self.role == "head_judge"


class LoginThrottle(db.Model):
    """Failed sign-ins in the current window: per name and source, and per name over all."""

    __tablename__ = "login_throttle"
    __table_args__ = (UniqueConstraint("tournament_id", "account", "source"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    # No foreign key: a guess may name a tournament or a person that does not exist (0 for
    # a tournament id that is not a valid one), and must cost and count the same.
    tournament_id: Mapped[int]
    # The name as typed: spaces collapsed, lower case.
    account: Mapped[str] = mapped_column(String(80))
    # "device:<hash>" or "address:<ip>"; "" for the count over all sources.
    source: Mapped[str] = mapped_column(String(80))
    failures: Mapped[int] = mapped_column(default=0)
    window_started_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class KnownDevice(db.Model):
    """A device (its long-lived cookie) that has signed in as this user before."""

    __tablename__ = "known_device"
    __table_args__ = (UniqueConstraint("user_id", "device"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user.id"), index=True)
    # SHA-256 of the cookie's random token; the token itself is never stored.
    device: Mapped[str] = mapped_column(String(64))
    signed_in_at: Mapped[datetime] = mapped_column(default=utcnow)


class AuditEvent(db.Model):
    """Who changed what and when, with the values before and after."""

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int | None] = mapped_column(ForeignKey("tournament.id"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user.id"))
    actor: Mapped[str] = mapped_column(String(120))
    action: Mapped[str] = mapped_column(String(60))
    subject: Mapped[str] = mapped_column(String(120), default="")
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)


class Operation(db.Model):
    """A write already applied, by its client-generated op_id, so a replay changes nothing."""

    op_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    tournament_id: Mapped[int | None] = mapped_column(ForeignKey("tournament.id"))
    kind: Mapped[str] = mapped_column(String(40))
    # What the write was aimed at ("card:18", "timer:3"): an op_id is never reused elsewhere.
    target: Mapped[str] = mapped_column(String(80), default="", server_default="")
    request_hash: Mapped[str] = mapped_column(String(64))
    status: Mapped[int]
    response: Mapped[dict[str, Any]] = mapped_column(JSON)
    note: Mapped[str] = mapped_column(Text, default="")
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Card(db.Model):
    """The Official Scoring Card of one table for one session (§4.9, A.2.2)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("play_session.id"), index=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("table.id"), unique=True)
    # open, locked (all four players confirmed)
    status: Mapped[str] = mapped_column(String(20), default="open")
    # Bumped on every change: the live card's ETag and the confirmations' reference.
    version: Mapped[int] = mapped_column(default=1)
    # §3.4 session time over: rounds from this one on are not played.
    not_played_from: Mapped[int | None]
    # A player the judge allowed to record rounds on this card.
    recorder_player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)

    table: Mapped[Table] = relationship()
    session: Mapped[PlaySession] = relationship()


class CardRound(db.Model):
    """One revision of one round's line; the highest revision is the one that counts."""

    __table_args__ = (UniqueConstraint("card_id", "round", "revision"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    card_id: Mapped[int] = mapped_column(ForeignKey("card.id"), index=True)
    round: Mapped[int]
    revision: Mapped[int]
    # win, draw, not_played
    result: Mapped[str] = mapped_column(String(12))
    winner: Mapped[int | None]
    value: Mapped[int | None]
    win: Mapped[str | None] = mapped_column(String(8))
    discarder: Mapped[int | None]
    same_turn: Mapped[list[int] | None] = mapped_column(JSON)
    patterns: Mapped[dict[str, int] | None] = mapped_column(JSON)
    # player number (as text, JSON keys) -> points won or paid
    deltas: Mapped[dict[str, int]] = mapped_column(JSON)
    responsible: Mapped[int | None]
    reason: Mapped[str] = mapped_column(Text, default="")
    recorded_by: Mapped[str] = mapped_column(String(120))
    recorded_at: Mapped[datetime] = mapped_column(default=utcnow)
    op_id: Mapped[str | None] = mapped_column(String(64))
    # §1.2.7 the player who dealt as the wrong East, or the skipped East whose compensation
    # round this is (player numbers; both empty for a round dealt as the rotation says).
    dealer: Mapped[int | None]
    compensation_for: Mapped[int | None]


class CardSeatChange(db.Model):
    """A player leaving a card's table from a round on, and who took the seat (§4.11, §4.15)."""

    __tablename__ = "card_seat_change"
    __table_args__ = (UniqueConstraint("card_id", "position"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    card_id: Mapped[int] = mapped_column(ForeignKey("card.id"), index=True)
    round_from: Mapped[int]
    # Index into WINDS: the starting seat the leaving player drew.
    position: Mapped[int]
    leaving_player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    # A neutral substitute (§4.15), or nobody: then no round from round_from is played.
    entering_player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"))
    # resigned, disqualified
    reason: Mapped[str] = mapped_column(String(20))
    note: Mapped[str] = mapped_column(Text, default="")
    recorded_by: Mapped[str] = mapped_column(String(120))
    recorded_at: Mapped[datetime] = mapped_column(default=utcnow)
    op_id: Mapped[str | None] = mapped_column(String(64))

    leaving: Mapped[Player] = relationship(foreign_keys=[leaving_player_id])
    entering: Mapped[Player | None] = relationship(foreign_keys=[entering_player_id])


class CardPenalty(db.Model):
    """A line of the card's penalty line: points off one player's total (§4.11)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    card_id: Mapped[int] = mapped_column(ForeignKey("card.id"), index=True)
    player_number: Mapped[int]
    points: Mapped[int]
    round: Mapped[int | None]
    reason: Mapped[str] = mapped_column(Text)
    recorded_by: Mapped[str] = mapped_column(String(120))
    recorded_at: Mapped[datetime] = mapped_column(default=utcnow)
    op_id: Mapped[str | None] = mapped_column(String(64))
    # A penalty struck out by a judge stays on the card, marked void.
    voided_at: Mapped[datetime | None]
    void_reason: Mapped[str] = mapped_column(Text, default="")


class CardTotal(db.Model):
    """One player's card total as of the card's latest write: what the standings read.

    Derived data: judgeaid.services.card_totals recomputes a card's rows whenever its rounds or
    penalty line change, from the same rows `card_view` adds up.
    """

    __tablename__ = "card_total"

    card_id: Mapped[int] = mapped_column(ForeignKey("card.id"), primary_key=True)
    player_number: Mapped[int] = mapped_column(primary_key=True, autoincrement=False)
    # the latest revision of every round added up, and the live penalty line (0 or less)
    rounds: Mapped[int] = mapped_column(default=0, server_default="0")
    penalties: Mapped[int] = mapped_column(default=0, server_default="0")


class Confirmation(db.Model):
    """A player's confirmation of the card's totals; a later correction revokes it."""

    id: Mapped[int] = mapped_column(primary_key=True)
    card_id: Mapped[int] = mapped_column(ForeignKey("card.id"), index=True)
    player_number: Mapped[int]
    card_version: Mapped[int]
    # player (their own page) or judge (on the judge's phone)
    via: Mapped[str] = mapped_column(String(10))
    confirmed_by: Mapped[str] = mapped_column(String(120))
    confirmed_at: Mapped[datetime] = mapped_column(default=utcnow)
    revoked_at: Mapped[datetime | None]


class CallUp(db.Model):
    """A table calling a judge (the call-up queue)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    card_id: Mapped[int] = mapped_column(ForeignKey("card.id"), index=True)
    reason: Mapped[str] = mapped_column(Text, default="")
    # waiting, taken, resolved, cancelled
    status: Mapped[str] = mapped_column(String(12), default="waiting")
    called_at: Mapped[datetime] = mapped_column(default=utcnow)
    taken_at: Mapped[datetime | None]
    taken_by: Mapped[int | None] = mapped_column(ForeignKey("user.id"))
    resolved_at: Mapped[datetime | None]
    op_id: Mapped[str | None] = mapped_column(String(64))


class Ruling(db.Model):
    """A ruling log entry; append-only: a change is a new entry that supersedes the old."""

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    call_up_id: Mapped[int | None] = mapped_column(ForeignKey("call_up.id"))
    card_id: Mapped[int | None] = mapped_column(ForeignKey("card.id"), index=True)
    session_number: Mapped[int | None]
    table_number: Mapped[int | None]
    round: Mapped[int | None]
    players: Mapped[list[int]] = mapped_column(JSON, default=list)
    what_happened: Mapped[str] = mapped_column(Text)
    sections: Mapped[list[str]] = mapped_column(JSON, default=list)
    guide_entry: Mapped[str | None] = mapped_column(String(60))
    decision: Mapped[str] = mapped_column(Text)
    judge_id: Mapped[int] = mapped_column(ForeignKey("user.id"))
    called_at: Mapped[datetime | None]
    arrived_at: Mapped[datetime | None]
    resolved_at: Mapped[datetime | None]
    supersedes_id: Mapped[int | None] = mapped_column(ForeignKey("ruling.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    op_id: Mapped[str | None] = mapped_column(String(64))


class Penalty(db.Model):
    """A penalty given by a judge (A.5, §4.11); points also go to the card's penalty line."""

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    ruling_id: Mapped[int | None] = mapped_column(ForeignKey("ruling.id"))
    card_penalty_id: Mapped[int | None] = mapped_column(ForeignKey("card_penalty.id"))
    session_number: Mapped[int | None]
    round: Mapped[int | None]
    category: Mapped[str] = mapped_column(String(20))
    infraction: Mapped[str] = mapped_column(String(120))
    kind: Mapped[str] = mapped_column(String(24))
    points: Mapped[int] = mapped_column(default=0)
    suggested_kind: Mapped[str] = mapped_column(String(24), default="")
    suggested_points: Mapped[int] = mapped_column(default=0)
    explanation: Mapped[str] = mapped_column(Text, default="")
    reason: Mapped[str] = mapped_column(Text, default="")
    # player number -> points paid to that opponent, when the judge rules so (§4.11)
    paid_to: Mapped[dict[str, int] | None] = mapped_column(JSON)
    judge_id: Mapped[int] = mapped_column(ForeignKey("user.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    op_id: Mapped[str | None] = mapped_column(String(64))
    # A.5.6, A.5.7: the judge chose otherwise than the rubric suggested (reason in `reason`)
    is_departure: Mapped[bool] = mapped_column(default=False)
    # §1.9: the explanation the judge accepted when this took the round above 80 time points
    time_explanation: Mapped[str] = mapped_column(Text, default="", server_default="")


class Appeal(db.Model):
    """A player's appeal of a ruling, decided finally by the head judge (§4.3)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    ruling_id: Mapped[int] = mapped_column(ForeignKey("ruling.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    text: Mapped[str] = mapped_column(Text)
    filed_at: Mapped[datetime] = mapped_column(default=utcnow)
    # filed, decided
    status: Mapped[str] = mapped_column(String(10), default="filed")
    # upheld, overturned, modified
    decision: Mapped[str | None] = mapped_column(String(12))
    decision_reason: Mapped[str] = mapped_column(Text, default="")
    decided_by: Mapped[int | None] = mapped_column(ForeignKey("user.id"))
    decided_at: Mapped[datetime | None]
    op_id: Mapped[str | None] = mapped_column(String(64))


class ClockEvent(db.Model):
    """One act on a session clock (start, pause, resume, extend, end); the state is derived."""

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("play_session.id"), index=True)
    # An extension for one table only (e.g. time lost to a long ruling); None: whole hall.
    table_id: Mapped[int | None] = mapped_column(ForeignKey("table.id"))
    kind: Mapped[str] = mapped_column(String(10))
    amount_ms: Mapped[int] = mapped_column(default=0)
    reason: Mapped[str] = mapped_column(Text, default="")
    at_ms: Mapped[int] = mapped_column(BigInteger)
    by: Mapped[str] = mapped_column(String(120))
    op_id: Mapped[str | None] = mapped_column(String(64))


class PlayTimer(db.Model):
    """A judge timing one player's turns in one round (§1.9)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    card_id: Mapped[int] = mapped_column(ForeignKey("card.id"), index=True)
    round: Mapped[int]
    player_number: Mapped[int]
    judge_id: Mapped[int] = mapped_column(ForeignKey("user.id"))
    dealt_at_ms: Mapped[int] = mapped_column(BigInteger)
    # [[start_ms, end_ms or null], ...] in server time
    turns: Mapped[list[list[int | None]]] = mapped_column(JSON, default=list)
    is_stalling_clock: Mapped[bool] = mapped_column(default=False)
    # running, finished, converted (turned into a penalty)
    status: Mapped[str] = mapped_column(String(10), default="running")
    version: Mapped[int] = mapped_column(default=1)
    penalty_id: Mapped[int | None] = mapped_column(ForeignKey("penalty.id"))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class TimeOut(db.Model):
    """A player's time away from the table, or a late arrival (§4.14)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("play_session.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    # timeout, late
    kind: Mapped[str] = mapped_column(String(8))
    started_at_ms: Mapped[int] = mapped_column(BigInteger)
    ended_at_ms: Mapped[int | None] = mapped_column(BigInteger)
    is_medication: Mapped[bool] = mapped_column(default=False)
    points: Mapped[int] = mapped_column(default=0)
    may_be_absent: Mapped[bool] = mapped_column(default=False)
    penalty_id: Mapped[int | None] = mapped_column(ForeignKey("penalty.id"))
    judge_id: Mapped[int | None] = mapped_column(ForeignKey("user.id"))
    op_id: Mapped[str | None] = mapped_column(String(64))


class ScoreCheck(db.Model):
    """A player's request to check a recorded score, resolved by the organizer (§3.5.1)."""

    id: Mapped[int] = mapped_column(primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournament.id"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"))
    session_number: Mapped[int]
    message: Mapped[str] = mapped_column(Text)
    filed_at: Mapped[datetime] = mapped_column(default=utcnow)
    # open, resolved
    status: Mapped[str] = mapped_column(String(10), default="open")
    resolution: Mapped[str] = mapped_column(Text, default="")
    resolved_by: Mapped[int | None] = mapped_column(ForeignKey("user.id"))
    resolved_at: Mapped[datetime | None]
    op_id: Mapped[str | None] = mapped_column(String(64))


class BuiltView(db.Model):
    """A view built once for a version of its data and shared by every worker and instance
    (judgeaid.viewcache): the live card's JSON and page. A cache: never in a backup."""

    __tablename__ = "built_view"

    # e.g. "card:12" or "card-page:12"; the latest build only
    name: Mapped[str] = mapped_column(String(80), primary_key=True)
    # the data version (and code build) the body was made from
    tag: Mapped[str] = mapped_column(String(160))
    body: Mapped[bytes] = mapped_column(LargeBinary)
    built_at: Mapped[datetime] = mapped_column(default=utcnow)


class ServerOwner(db.Model):
    """The server's owner: may create and restore tournaments from any machine on the network.

    Set with `flask --app app owner`; one row at most. Requests from the server's own machine
    need no sign-in for those pages.
    """

    __tablename__ = "server_owner"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    password_hash: Mapped[str] = mapped_column(String(255))
    changed_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Wrong passwords in a row, and when the last one came: slows down guessing.
    failures: Mapped[int] = mapped_column(default=0, server_default="0")
    failed_at: Mapped[datetime | None]
