"""Seating a session: plan tables with the pure core, then write tables and seats."""

from __future__ import annotations

from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import WINDS, Player, PlaySession, Seat, Table, Tournament, User
from judgeaid.services.audit import record_event
from judgeaid.services.cards import create_cards
from judgeaid.services.errors import Conflict, ServiceError
from judgeaid.tournament.rotation import draw_seats
from judgeaid.tournament.seating import Plan, plan_event


def active_players(tournament: Tournament) -> list[Player]:
    """Return the players still in the event, by number."""
    return list(db.session.scalars(
        select(Player).where(Player.tournament_id == tournament.id, Player.status == "active")
        .order_by(Player.number)))


def seated_sessions(tournament: Tournament) -> list[PlaySession]:
    """Return the sessions whose tables are already set, by number."""
    return list(db.session.scalars(
        select(PlaySession).where(PlaySession.tournament_id == tournament.id,
                                  PlaySession.status != "planned")
        .order_by(PlaySession.number)))


def session_tables(session: PlaySession) -> list[list[int]]:
    """Return the tables of a seated session as lists of player numbers."""
    return [[seat.player.number for seat in table.seats] for table in session.tables]


def plan_tournament(tournament: Tournament) -> Plan:
    """Plan every session of the event, keeping the sessions already seated."""
    players = active_players(tournament)
    if not players:
        raise ServiceError("Register players before seating a session.")
    teams = {p.number: (p.team.name if p.team else None) for p in players}
    played = [session_tables(s) for s in seated_sessions(tournament)]
    try:
        return plan_event([p.number for p in players], tournament.settings.get("sessions", 4),
                          tournament.seed, teams=teams, played=played)
    except ValueError as exc:
        raise ServiceError(str(exc)) from exc


def seat_session(tournament: Tournament, number: int, actor: User | str) -> PlaySession:
    """Seat session `number`: tables from the plan, starting seats by a recorded draw."""
    if db.session.scalar(select(PlaySession).where(PlaySession.tournament_id == tournament.id,
                                                   PlaySession.number == number,
                                                   PlaySession.status != "planned")):
        raise Conflict(f"Session {number} is already seated.")
    done = len(seated_sessions(tournament))
    if number != done + 1:
        raise ServiceError(f"Seat session {done + 1} next; sessions are seated in order.")
    plan = plan_tournament(tournament)
    by_number = {p.number: p for p in active_players(tournament)}
    session = db.session.scalar(select(PlaySession).where(
        PlaySession.tournament_id == tournament.id, PlaySession.number == number))
    if session is None:
        session = PlaySession(tournament_id=tournament.id, number=number)
        db.session.add(session)
    session.status = "seated"
    db.session.flush()
    for table_number, group in enumerate(plan.sessions[number - 1], start=1):
        table = Table(session_id=session.id, number=table_number)
        db.session.add(table)
        db.session.flush()
        # §1.2.2: a recorded digital wind draw; judges may replace it with the real draw.
        winds = draw_seats(list(group), seed=hash_seed(tournament.seed, number, table_number))
        for wind, player_number in winds.items():
            db.session.add(Seat(table_id=table.id, player_id=by_number[player_number].id,
                                position=WINDS.index(wind)))
    db.session.flush()
    db.session.refresh(session)
    create_cards(session)
    record_event("session.seat", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{number}",
                 after={"tables": session_tables(session), "repeats": plan.repeats})
    return session


def hash_seed(*parts: int) -> int:
    """Return a stable seed derived from several numbers."""
    import hashlib

    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:6], "big")
