"""Seating the sessions of an event (§1.2.2, §3.3–§3.7, §4.11, §4.13, §4.15).

The pure core plans the tables (judgeaid.tournament.seating); this module loads the rows,
calls it and writes tables, seats and cards. A seated session is the record of who played
whom and never moves again, except for a hand swap while nothing is on its cards
(judgeaid.services.seat_swaps, with the players' own wind draw).

The plan for the sessions not yet seated is kept with the audit event of the latest
seating (`session.seat`, after["plan"]). Before the next session is seated the plan is
reconciled with who plays it now (withdrawals, disqualifications, late arrivals,
substitutes: judgeaid.services.session_changes) by the core's `reseat`, so only the
players who must move do.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from flask_babel import gettext as _
from flask_babel import ngettext
from sqlalchemy import func, select

from judgeaid import values, venuetime
from judgeaid.extensions import db
from judgeaid.models import (
    WINDS,
    AuditEvent,
    Card,
    CardPenalty,
    CardRound,
    Player,
    PlaySession,
    Seat,
    Table,
    Team,
    Tournament,
    User,
    utcnow,
)
from judgeaid.rules import get_ruleset
from judgeaid.services.audit import record_event
from judgeaid.services.cards import create_cards
from judgeaid.services.errors import Conflict, NotFound, ServiceError
from judgeaid.tournament.rotation import draw_seats
from judgeaid.tournament.seating import TABLE_SIZE, Plan, plan_event, reseat
from judgeaid.wording import page_words

PRELIMINARY = "preliminary"


def session_count(tournament: Tournament) -> int:
    """Return how many preliminary sessions the event's settings plan (else its format's)."""
    if "sessions" in tournament.settings:
        return int(tournament.settings["sessions"])
    return int(get_ruleset(tournament.ruleset).formats[tournament.format].settings["sessions"])


def session_roster(tournament: Tournament, number: int) -> list[Player]:
    """Return the players who play session `number`: still in, and arrived by then (§3.7)."""
    return list(db.session.scalars(
        select(Player).where(Player.tournament_id == tournament.id, Player.status == "active",
                             Player.joined_session <= number)
        .order_by(Player.number)))


def seated_sessions(tournament: Tournament) -> list[PlaySession]:
    """Return the preliminary sessions whose tables are already set, by number."""
    return list(db.session.scalars(
        select(PlaySession).where(PlaySession.tournament_id == tournament.id,
                                  PlaySession.stage == PRELIMINARY,
                                  PlaySession.is_seated)
        .order_by(PlaySession.number)))


def next_session(tournament: Tournament) -> int | None:
    """Return the number of the next session to seat, or None when all are seated."""
    done = len(seated_sessions(tournament))
    return done + 1 if done < session_count(tournament) else None


def session_row(tournament: Tournament, number: int) -> PlaySession | None:
    """Return the stored row of preliminary session `number`, seated or not."""
    return db.session.scalar(select(PlaySession).where(
        PlaySession.tournament_id == tournament.id, PlaySession.stage == PRELIMINARY,
        PlaySession.number == number))


def get_seated_session_or_404(tournament: Tournament, number: int) -> PlaySession:
    """Return seated session `number`, or raise NotFound."""
    session = session_row(tournament, number)
    if session is None or not session.is_seated:
        raise NotFound(_("Session %(n)s is not seated yet.", n=number))
    return session


def get_table_or_404(tournament: Tournament, number: int, table_number: int) -> Table:
    """Return table `table_number` of seated session `number`, or raise NotFound."""
    session = get_seated_session_or_404(tournament, number)
    table = next((t for t in session.tables if t.number == table_number), None)
    if table is None:
        raise NotFound(_("Session %(n)s has no table %(table)s.", n=number, table=table_number))
    return table


def session_tables(session: PlaySession) -> list[list[int]]:
    """Return the tables of a seated session as lists of player numbers, seats E to N."""
    rows = db.session.execute(
        select(Table.number, Player.number).join(Seat, Seat.table_id == Table.id)
        .join(Player, Player.id == Seat.player_id).where(Table.session_id == session.id)
        .order_by(Table.number, Seat.position))
    return _grouped((table, player) for table, player in rows)


def played_tables(tournament: Tournament) -> list[list[list[int]]]:
    """Return the tables of every seated preliminary session, in one query."""
    rows = db.session.execute(
        select(PlaySession.number, Table.number, Player.number)
        .join(Table, Table.session_id == PlaySession.id).join(Seat, Seat.table_id == Table.id)
        .join(Player, Player.id == Seat.player_id)
        .where(PlaySession.tournament_id == tournament.id, PlaySession.stage == PRELIMINARY,
               PlaySession.is_seated)
        .order_by(PlaySession.number, Table.number, Seat.position))
    sessions: dict[int, list[tuple[int, int]]] = {}
    for session, table, player in rows:
        sessions.setdefault(session, []).append((table, player))
    return [_grouped(sessions[n]) for n in sorted(sessions)]


def _grouped(pairs) -> list[list[int]]:
    """Group (table number, player number) pairs, already in order, into tables."""
    tables: dict[int, list[int]] = {}
    for table, player in pairs:
        tables.setdefault(table, []).append(player)
    return list(tables.values())


def team_names(tournament: Tournament) -> dict[int, str | None]:
    """Return every player's team name (None without a team), by player number."""
    return dict(db.session.execute(
        select(Player.number, Team.name).outerjoin(Team, Team.id == Player.team_id)
        .where(Player.tournament_id == tournament.id)).all())


def count_problem(tournament: Tournament, number: int, count: int) -> str | None:
    """Explain why `count` players cannot fill the tables of session `number`, or None."""
    if count == 0:
        return _("Nobody is registered for session %(n)s yet.", n=number)
    short = -count % TABLE_SIZE
    if not short:
        return None
    extra = TABLE_SIZE - short
    cite = page_words(get_ruleset(tournament.ruleset))["standings.substitute_cite"]
    spare = sum(1 for p in session_roster(tournament, number) if p.is_substitute)
    if spare >= extra:
        return ngettext("Session %(n)s has %(count)s players, so one table would have only "
                        "%(left)s. Add %(num)d neutral substitute (%(cite)s) to fill it, or "
                        "release %(extra)s no longer needed.",
                        "Session %(n)s has %(count)s players, so one table would have only "
                        "%(left)s. Add %(num)d neutral substitutes (%(cite)s) to fill it, or "
                        "release %(extra)s no longer needed.", short, n=number, count=count,
                        left=TABLE_SIZE - short, cite=cite,
                        extra=_plural_substitutes(extra))
    return ngettext("Session %(n)s has %(count)s players, so one table would have only "
                    "%(left)s. Add %(num)d neutral substitute (%(cite)s) to fill it.",
                    "Session %(n)s has %(count)s players, so one table would have only "
                    "%(left)s. Add %(num)d neutral substitutes (%(cite)s) to fill it.", short,
                    n=number, count=count, left=TABLE_SIZE - short, cite=cite)


def substitutes_needed(tournament: Tournament, number: int) -> int:
    """Return how many substitutes would make session `number`'s players fill their tables."""
    return -len(session_roster(tournament, number)) % TABLE_SIZE


def card_has_rounds(card: Card) -> bool:
    """Return whether any round is recorded on the card."""
    return db.session.scalar(select(func.count(CardRound.id))
                             .where(CardRound.card_id == card.id)) > 0


def card_has_records(card: Card) -> bool:
    """Return whether anything (a round or a penalty) is recorded on the card."""
    penalties = db.session.scalar(select(func.count(CardPenalty.id))
                                  .where(CardPenalty.card_id == card.id))
    return penalties > 0 or card_has_rounds(card)


def stored_plan(tournament: Tournament) -> dict | None:
    """Return the plan for the unseated sessions recorded at the latest seating, if any."""
    event = db.session.scalar(
        select(AuditEvent).where(AuditEvent.tournament_id == tournament.id,
                                 AuditEvent.action == "session.seat")
        .order_by(AuditEvent.id.desc()).limit(1))
    return (event.after or {}).get("plan") if event else None


def plan_tournament(tournament: Tournament) -> Plan:
    """Plan every session: the seated ones as they are, the rest fitted to who plays now."""
    played = played_tables(tournament)
    total = session_count(tournament)
    number = len(played) + 1
    if number > total:
        raise Conflict(_("All %(total)s sessions of the event are seated.", total=total))
    roster = [p.number for p in session_roster(tournament, number)]
    problem = count_problem(tournament, number, len(roster))
    if problem:
        raise ServiceError(problem)
    teams = team_names(tournament)
    stored = stored_plan(tournament)
    try:
        if not _fits(stored, number, total):
            return plan_event(roster, total, tournament.seed, teams=teams, played=played)
        current = recorded_plan(played + stored["sessions"], teams)
        planned = {p for table in stored["sessions"][0] for p in table}
        return reseat(current, len(played), planned - set(roster), set(roster) - planned,
                      hash_seed(tournament.seed, number), teams=teams)
    except ValueError as exc:
        raise ServiceError(str(exc)) from exc


def recorded_plan(sessions: Sequence[Sequence[Sequence[int]]],
                  teams: Mapping[int, str | None]) -> Plan:
    """Return the given sessions, unchanged, as a measured plan of the core."""
    last = [p for table in sessions[-1] for p in table]
    return plan_event(last, len(sessions), 0, teams=teams, played=sessions)


def _fits(stored: dict | None, number: int, total: int) -> bool:
    """Return whether a stored plan covers exactly the sessions number..total."""
    return bool(stored) and stored.get("from") == number and \
        len(stored.get("sessions") or []) == total - number + 1


def hash_seed(*parts: int) -> int:
    """Return a stable seed derived from several numbers."""
    digest = hashlib.sha256(":".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:6], "big")


def seat_session(tournament: Tournament, number: int, actor: User | str) -> PlaySession:
    """Seat session `number`: tables from the plan, starting seats by a recorded draw."""
    session = session_row(tournament, number)
    if session is not None and session.is_seated:
        raise Conflict(_("Session %(n)s is already seated.", n=number))
    upcoming = next_session(tournament)
    if upcoming is None or number > session_count(tournament):
        raise ServiceError(_("The event has %(count)s sessions; change the number in the "
                             "settings to seat more.", count=session_count(tournament)))
    if number != upcoming:
        raise ServiceError(_("Seat session %(n)s first: sessions are seated in order.",
                             n=upcoming))
    plan = plan_tournament(tournament)
    by_number = {p.number: p for p in session_roster(tournament, number)}
    if session is None:
        session = PlaySession(tournament_id=tournament.id, number=number)
        db.session.add(session)
    session.status = "seated"
    db.session.flush()
    groups = plan.sessions[number - 1]
    tables = [Table(session_id=session.id, number=n) for n in range(1, len(groups) + 1)]
    db.session.add_all(tables)
    db.session.flush()
    for table, group in zip(tables, groups, strict=True):
        # a recorded digital draw stands in for the §1.2.2 wind tiles; a judge may enter the
        # players' real draw.
        winds = draw_seats(list(group), seed=hash_seed(tournament.seed, number, table.number))
        db.session.add_all(Seat(table_id=table.id, player_id=by_number[player_number].id,
                                position=WINDS.index(wind))
                           for wind, player_number in winds.items())
    db.session.flush()
    db.session.refresh(session)
    create_cards(session)
    rest = [[list(t) for t in s] for s in plan.sessions[number:]]
    record_event("session.seat", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{number}",
                 after={"tables": session_tables(session), "repeats": plan.repeats,
                        "team_clashes": plan.team_clashes,
                        "plan": {"from": number + 1, "sessions": rest}})
    return session


@dataclass(frozen=True)
class StartTime:
    """A session's saved start, and a note when the venue's clock showed that time twice."""

    session: PlaySession
    note: str | None = None


def set_start_time(tournament: Tournament, number: int, text: str, actor: User) -> StartTime:
    """Set (or clear) when session `number` starts; the form sends the venue's wall-clock time.

    A time the venue's clocks skip (spring forward) is refused; one they show twice (fall
    back) is saved as the first of the two, and the note says so (judgeaid.venuetime).
    """
    if not 1 <= number <= session_count(tournament):
        raise NotFound(_("The event has no session %(n)s.", n=number))
    starts_at, note = _utc_from_venue(text, tournament.time_zone)
    session = session_row(tournament, number)
    if session is None:
        session = PlaySession(tournament_id=tournament.id, number=number)
        db.session.add(session)
    if session.status == "finished":
        raise Conflict(_("Session %(n)s is over; its start time stays as it was.", n=number))
    before = session.starts_at
    session.starts_at = starts_at
    db.session.flush()
    record_event("session.start_time", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{number}",
                 before={"starts_at": values.iso_z(before)},
                 after={"starts_at": values.iso_z(starts_at), "time_zone": tournament.time_zone,
                        "entered": (text or "").strip()})
    return StartTime(session, note)


def _utc_from_venue(text: str, zone: str) -> tuple[datetime | None, str | None]:
    """Return a form's venue date-time as naive UTC (None for blank) and any DST note."""
    if not (text or "").strip():
        return None, None
    try:
        instant = venuetime.parse_venue_input(text, zone)
    except venuetime.LocalTimeError as exc:
        raise ServiceError(str(exc)) from None
    return instant.utc, instant.note


def touch_card(card: Card, moved_ids: set[int]) -> None:
    """Mark a card changed after its players changed; a moved recorder is no longer one."""
    if card.recorder_player_id in moved_ids:
        card.recorder_player_id = None
    # An SQL increment, so a concurrent writer never loses a version.
    card.version = Card.version + 1
    card.updated_at = utcnow()


WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


def wind_names() -> dict[str, str]:
    """Return the winds' names in the page's language (WIND_NAMES: the English ones)."""
    return {"E": _("East"), "S": _("South"), "W": _("West"), "N": _("North")}


def _plural_substitutes(count: int) -> str:
    """Return "1 substitute" or "n substitutes", in the page's language."""
    return ngettext("%(num)d substitute", "%(num)d substitutes", count)
