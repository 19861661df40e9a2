"""Database tables: thin, typed, no rules (the rules live in judgeaid.rules and .tournament)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from judgeaid.extensions import db

WINDS = ("E", "S", "W", "N")
ROLES = ("organizer", "head_judge", "judge")


def utcnow() -> datetime:
    """Return the current time in UTC without tzinfo (stored naive, always UTC)."""
    return datetime.now(UTC).replace(tzinfo=None)


class Tournament(db.Model):
    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    format: Mapped[str] = mapped_column(String(20))
    ruleset: Mapped[str] = mapped_column(String(10), default="zj")
    settings: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    seed: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

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
    # active, withdrawn, disqualified
    status: Mapped[str] = mapped_column(String(20), default="active")
    is_substitute: Mapped[bool] = mapped_column(default=False)
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

    tournament: Mapped[Tournament] = relationship(back_populates="sessions")
    tables: Mapped[list[Table]] = relationship(
        back_populates="session", order_by="Table.number"
    )


class Table(db.Model):
    __table_args__ = (UniqueConstraint("session_id", "number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    session_id: Mapped[int] = mapped_column(ForeignKey("play_session.id"), index=True)
    number: Mapped[int]

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
    created_at: Mapped[datetime] = mapped_column(default=utcnow)

    tournament: Mapped[Tournament] = relationship(back_populates="users")

    @property
    def is_judge(self) -> bool:
        return self.role in ("judge", "head_judge")

    @property
    def is_head_judge(self) -> bool:
        return self.role == "head_judge"


class LoginFailure(db.Model):
    """A failed sign-in, kept to slow down PIN guessing."""

    __table_args__ = (Index("ix_login_failure_key_at", "key", "failed_at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    key: Mapped[str] = mapped_column(String(200))
    failed_at: Mapped[datetime] = mapped_column(default=utcnow)


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
