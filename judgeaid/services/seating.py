"""Seating the sessions of an event (§1.2.2, §3.3–§3.7, §4.11, §4.13, §4.15).

The pure core plans the tables (judgeaid.tournament.seating); this module loads the rows,
calls it and writes tables, seats and cards. A seated session is the record of who played
whom and never moves again, except for a hand swap while nothing is on its cards.

The plan for the sessions not yet seated is kept with the audit event of the latest
seating (`session.seat`, after["plan"]). Before the next session is seated the plan is
reconciled with who plays it now (withdrawals, disqualifications, late arrivals,
substitutes) by the core's `reseat`, so only the players who must move do.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

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
from judgeaid.rules import Ruleset, get_ruleset
from judgeaid.rules.ruleset import bracketed
from judgeaid.services import players as registry
from judgeaid.services.audit import record_event
from judgeaid.services.cards import card_for_table, create_cards
from judgeaid.services.errors import Conflict, NotFound, ServiceError
from judgeaid.services.players import get_player_or_404
from judgeaid.tournament.rotation import draw_seats
from judgeaid.tournament.seating import (
    TABLE_SIZE,
    Plan,
    check_swap,
    plan_event,
    reseat,
)
from judgeaid.tournament.standings import is_after_cut_off, late_cut_off

PRELIMINARY = "preliminary"
MAX_SUBSTITUTES = 3
# §3.7 the organizer's choice for a check-in after the cut-off
LATE_DECISIONS = ("allow", "refuse")


# ---------------------------------------------------------------- reading

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
        raise NotFound(f"Session {number} is not seated yet.")
    return session


def get_table_or_404(tournament: Tournament, number: int, table_number: int) -> Table:
    """Return table `table_number` of seated session `number`, or raise NotFound."""
    session = get_seated_session_or_404(tournament, number)
    table = next((t for t in session.tables if t.number == table_number), None)
    if table is None:
        raise NotFound(f"Session {number} has no table {table_number}.")
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
        return f"Nobody is registered for session {number} yet."
    short = -count % TABLE_SIZE
    if not short:
        return None
    extra = TABLE_SIZE - short
    text = (f"Session {number} has {count} players, so one table would have only "
            f"{TABLE_SIZE - short}. Add {_plural(short, 'neutral substitute')} "
            f"({get_ruleset(tournament.ruleset).words['standings.substitute_cite']}) "
            "to fill it")
    spare = sum(1 for p in session_roster(tournament, number) if p.is_substitute)
    if spare >= extra:
        text += f", or release {_plural(extra, 'substitute')} no longer needed"
    return text + "."


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


# ---------------------------------------------------------------- planning

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
        raise Conflict(f"All {total} sessions of the event are seated.")
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


# ---------------------------------------------------------------- seating a session

def seat_session(tournament: Tournament, number: int, actor: User | str) -> PlaySession:
    """Seat session `number`: tables from the plan, starting seats by a recorded draw."""
    session = session_row(tournament, number)
    if session is not None and session.is_seated:
        raise Conflict(f"Session {number} is already seated.")
    upcoming = next_session(tournament)
    if upcoming is None or number > session_count(tournament):
        raise ServiceError(f"The event has {session_count(tournament)} sessions; change the "
                           "number in the settings to seat more.")
    if number != upcoming:
        raise ServiceError(f"Seat session {upcoming} first: sessions are seated in order.")
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
        raise NotFound(f"The event has no session {number}.")
    starts_at, note = _utc_from_venue(text, tournament.time_zone)
    session = session_row(tournament, number)
    if session is None:
        session = PlaySession(tournament_id=tournament.id, number=number)
        db.session.add(session)
    if session.status == "finished":
        raise Conflict(f"Session {number} is over; its start time stays as it was.")
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


# ---------------------------------------------------------------- changes between sessions

def withdraw_player(tournament: Tournament, number: int | None, actor: User, *,
                    disqualify: bool = False) -> Player:
    """Take a player out from the next session to seat (§4.13 withdrawal, §4.11 disqualified)."""
    player = get_player_or_404(tournament, number)
    if player.status != "active":
        raise Conflict(f"{player.name} is already {player.status}.")
    upcoming = next_session(tournament) or session_count(tournament) + 1
    before = {"status": player.status, "left_session": player.left_session}
    player.status = "disqualified" if disqualify else "withdrawn"
    player.left_session = upcoming
    db.session.flush()
    record_event("player.disqualify" if disqualify else "player.withdraw",
                 tournament_id=tournament.id, actor=actor, subject=f"player:{player.number}",
                 before=before, after={"status": player.status, "left_session": upcoming})
    return player


def forfeit_session(card: Card, player: Player, actor: User, why: str) -> bool:
    """Mark a player absent for their card's session only (MCR §3.11.2.1 forfeit).

    The seat becomes neutral and stands for its own player: whatever is scored in it
    keeps the table zero-sum but earns the player nothing for this session, and the
    player stays in the event for the next one (our reading). Return False when the
    player had already forfeited it.
    """
    seat = db.session.scalar(select(Seat).where(Seat.table_id == card.table_id,
                                                Seat.player_id == player.id))
    if seat is None:
        raise ServiceError(f"{player.name} has no seat at table {card.table.number}.")
    if seat.is_neutral:
        return False
    seat.is_neutral, seat.stands_in_for = True, player.number
    touch_card(card, set())
    db.session.flush()
    db.session.expire(seat)
    record_event("session.forfeit", tournament_id=card.table.session.tournament_id, actor=actor,
                 subject=f"player:{player.number}",
                 after={"session": card.table.session.number, "table": card.table.number,
                        "why": why[:200]})
    return True


def restore_forfeited_seat(player: Player, session_number: int, actor: User, why: str) -> bool:
    """Give a player back their seat for a session a ruling, since overturned, said they
    forfeited (MCR §3.11.2.1): the seat counts for them again. Return False when the seat
    was not forfeited (already restored, or the player was never seated there)."""
    seat = db.session.scalar(
        select(Seat).join(Table).join(PlaySession)
        .where(PlaySession.tournament_id == player.tournament_id,
               PlaySession.number == session_number, Seat.player_id == player.id))
    if seat is None or not seat.is_neutral or seat.stands_in_for != player.number:
        return False
    seat.is_neutral, seat.stands_in_for = False, None
    table = db.session.get(Table, seat.table_id)
    touch_card(card_for_table(table), set())
    db.session.flush()
    db.session.expire(seat)
    record_event("session.forfeit_restored", tournament_id=player.tournament_id, actor=actor,
                 subject=f"player:{player.number}",
                 after={"session": session_number, "table": table.number, "why": why[:200]})
    return True


def reinstate_player(tournament: Tournament, number: int | None, actor: User) -> Player:
    """Undo a withdrawal, disqualification or resignation entered by mistake.

    Only while it has changed nothing yet: every session seated since the player joined
    still has them at a table, and the final day has not begun (its cut counts who is in).
    """
    player = get_player_or_404(tournament, number)
    if player.status == "active":
        raise Conflict(f"{player.name} is still in the event: there is nothing to undo.")
    if db.session.scalar(select(PlaySession.number).where(
            PlaySession.tournament_id == tournament.id, PlaySession.stage != PRELIMINARY,
            PlaySession.is_seated).limit(1)) is not None:
        raise Conflict("The final day has begun and its cut is made: nobody can come back "
                       "into the event now.")
    seated_in = set(db.session.scalars(
        select(PlaySession.number).join(Table).join(Seat)
        .where(PlaySession.tournament_id == tournament.id, Seat.player_id == player.id)))
    missed = [s.number for s in seated_sessions(tournament)
              if s.number >= player.joined_session and s.number not in seated_in]
    if missed:
        raise Conflict(f"Session {missed[0]} is seated without {player.name}, so they missed "
                       "it. Give them their seat back there first (swap them with whoever "
                       "took it), or leave them out.")
    before = {"status": player.status, "left_session": player.left_session}
    player.status = "active"
    player.left_session = None
    db.session.flush()
    record_event("player.reinstate", tournament_id=tournament.id, actor=actor,
                 subject=f"player:{player.number}", before=before,
                 after={"status": "active", "left_session": None})
    return player


def mark_late_arrival(tournament: Tournament, number: int | None, joins: int | None,
                      actor: User, *, decision: str = "",
                      now: datetime | None = None) -> Player:
    """Record that a player joins late, at session `joins` (§3.7), less MP per session missed.

    The one path for every late-arrival form. Session 1 clears the mark. When the player
    checks in after the ruleset's cut-off before that session's start, the organizer chooses to
    `decision` "allow" them or "refuse" them for that session (§3.7); the choice is kept on
    the player and in the audit log. A refused player joins at the session after.
    """
    player = get_player_or_404(tournament, number)
    if player.status != "active":
        raise Conflict(f"{player.name} is {player.status} and cannot join a session.")
    if player.is_substitute:
        raise ServiceError("Substitutes fill seats as needed; they are never late arrivals.")
    upcoming = next_session(tournament)
    joins = joins or upcoming or session_count(tournament) + 1
    rules = get_ruleset(tournament.ruleset)
    problem = rules.ranking.late_join_problem(joins, tournament.format, session_count(tournament))
    if problem:
        raise ServiceError(problem)
    played = db.session.scalar(
        select(PlaySession.number).join(Table).join(Seat)
        .where(PlaySession.tournament_id == tournament.id, Seat.player_id == player.id)
        .order_by(PlaySession.number).limit(1))
    if played is not None and played < joins:
        raise Conflict(f"{player.name} is already seated in session {played}, so they are not "
                       "a late arrival.")
    if joins > 1 or upcoming != 1:
        _check_late(rules, joins, upcoming)
    decision = _late_decision(tournament, player, joins, decision, now or utcnow())
    before = {"joined_session": player.joined_session, "late_decision": player.late_decision,
              "late_decision_session": player.late_decision_session}
    player.late_decision = {"allow": "allowed", "refuse": "refused"}.get(decision, "")
    player.late_decision_session = joins if decision else None
    if decision == "refuse" and joins == rules.ranking.last_late_session:
        # our reading of §3.7: the pardon covers two missed sessions, and a player refused
        # for the third has missed three, so there is no session left for them to join
        player.status, player.left_session = "withdrawn", joins
    player.joined_session = joins + 1 if decision == "refuse" else joins
    db.session.flush()
    missed = min(player.joined_session, rules.ranking.last_late_session) - 1
    record_event("player.late", tournament_id=tournament.id, actor=actor,
                 subject=f"player:{player.number}", before=before,
                 after={"joined_session": player.joined_session, "status": player.status,
                        "decision": player.late_decision, "session": joins,
                        "deduction_mp": rules.ranking.late_arrival_deduction * missed})
    return player


def late_arrival_text(player: Player) -> str:
    """Say what a late-arrival mark did, with the organizer's §3.7 choice."""
    words = get_ruleset(player.tournament.ruleset).words
    late = words["standings.late_cite"]
    if player.status != "active":
        reading = words["standings.late_reading"]
        return (f"{player.name} is refused for session {player.late_decision_session}, the "
                f"last a late arrival may join, so cannot join the event ({reading}).")
    if player.late_decision == "refused":
        return (f"{player.name} is refused for session {player.late_decision_session} "
                f"({late}) and joins at session {player.joined_session}.")
    allowed = " (allowed after the cut-off)" if player.late_decision == "allowed" else ""
    return (f"{player.name} joins at session {player.joined_session}{allowed} "
            f"({late}).")


def _late_decision(tournament: Tournament, player: Player, joins: int, decision: str,
                   now: datetime) -> str:
    """Check the organizer's allow/refuse choice against the session's cut-off (§3.7)."""
    if decision and decision not in LATE_DECISIONS:
        raise ServiceError("Choose whether you allow or refuse the player for the session.")
    session = session_row(tournament, joins)
    starts_at = session.starts_at if session else None
    ranking = get_ruleset(tournament.ruleset).ranking
    late = get_ruleset(tournament.ruleset).words["standings.late_cite"]
    if starts_at is None:
        if decision:
            raise ServiceError(f"Session {joins} has no start time, so it has no check-in "
                               f"cut-off ({late}). Set its start time on "
                               "the Sessions page first, or record the late arrival without a "
                               "choice.")
        return ""
    margin = ranking.late_check_in_margin
    cut_off = cut_off_text(tournament, starts_at)
    minutes = int(margin.total_seconds() // 60)
    before = f"{minutes} minutes before its start" if minutes else "its start"
    if not is_after_cut_off(starts_at, now, margin):
        if decision == "refuse":
            raise ServiceError(f"The check-in cut-off for session {joins} is {cut_off}, "
                               f"{before}, and has not passed: "
                               f"{player.name} may play it and cannot be refused "
                               f"({late}).")
        return ""
    if not decision:
        raise Conflict(f"{player.name} checks in after the cut-off for session {joins} "
                       f"({cut_off}, {before}). You may refuse them "
                       f"for that session ({late}): choose allow or refuse.")
    return decision


def late_check_in_times(tournament: Tournament, now: datetime | None = None) -> list[dict]:
    """List the sessions a late arrival may join with their start and check-in cut-off (§3.7)."""
    now = now or utcnow()
    rules = get_ruleset(tournament.ruleset)
    times = []
    for number in range(1, min(rules.ranking.last_late_session, session_count(tournament)) + 1):
        row = session_row(tournament, number)
        starts_at = row.starts_at if row else None
        times.append({
            "number": number, "is_seated": bool(row and row.is_seated),
            "starts_at": venuetime.venue_text(starts_at, tournament.time_zone, "day")
            if starts_at else None,
            "starts_at_iso": values.iso_z(starts_at),
            "cut_off": cut_off_text(tournament, starts_at) if starts_at else None,
            "cut_off_iso": values.iso_z(late_cut_off(starts_at, rules.ranking.late_check_in_margin))
            if starts_at else None,
            "is_past": bool(starts_at and is_after_cut_off(starts_at, now,
                                                           rules.ranking.late_check_in_margin)),
        })
    return times


def cut_off_text(tournament: Tournament, starts_at: datetime) -> str:
    """Return a session's late check-in cut-off (§3.7) as venue wall-clock text."""
    margin = get_ruleset(tournament.ruleset).ranking.late_check_in_margin
    return venuetime.venue_text(late_cut_off(starts_at, margin), tournament.time_zone)


def _check_late(rules: Ruleset, joins: int | None, upcoming: int | None) -> None:
    """Refuse a late start outside §3.7: before the last late session, and not yet seated."""
    last = rules.ranking.last_late_session
    if upcoming is None or upcoming > last:
        raise Conflict(f"Late arrivals must check in before session {last} starts "
                       f"({rules.words['standings.late_cite']}), "
                       "and that session is already seated. The player cannot join the "
                       "event now.")
    if joins is None or not upcoming <= joins <= last:
        raise ServiceError(f"A late arrival can join session {upcoming}"
                           + (f" to {last}" if upcoming < last else "")
                           + f" ({rules.words['standings.late_cite']}); earlier sessions are "
                           "already seated.")


def register_player(tournament: Tournament, name: str, team: str | None,
                    actor: User) -> Player:
    """Register a player; once seating has begun they join the next session as late (§3.7)."""
    upcoming = next_session(tournament)
    if upcoming == 1:
        return registry.add_player(tournament, name, team, actor)
    _check_late(get_ruleset(tournament.ruleset), upcoming, upcoming)
    player = registry.add_player(tournament, name, team, actor)
    player.joined_session = upcoming
    db.session.flush()
    record_event("player.late", tournament_id=tournament.id, actor=actor,
                 subject=f"player:{player.number}", after={"joined_session": upcoming})
    return player


def import_players(tournament: Tournament, data: bytes | str,
                   actor: User) -> registry.ImportReport:
    """Import players from CSV; once seating has begun they join the next session (§3.7)."""
    upcoming = next_session(tournament)
    if upcoming != 1:
        _check_late(get_ruleset(tournament.ruleset), upcoming, upcoming)
    report = registry.import_players(tournament, data, actor)
    if upcoming != 1:
        for player in report.added:
            player.joined_session = upcoming
        db.session.flush()
        record_event("player.late", tournament_id=tournament.id, actor=actor,
                     subject=f"session:{upcoming}",
                     after={"players": [p.number for p in report.added],
                            "joined_session": upcoming})
    return report


def add_substitutes(tournament: Tournament, count: int, actor: User) -> list[Player]:
    """Register neutral substitutes (§4.15) who play from the next session to seat."""
    if not 1 <= count <= MAX_SUBSTITUTES:
        raise ServiceError(f"Add 1 to {MAX_SUBSTITUTES} substitutes at a time.")
    upcoming = next_session(tournament)
    if upcoming is None:
        raise Conflict("Every session is seated; there is no seat left to fill.")
    names = {p.name.casefold() for p in tournament.players}
    made, k = [], 1
    while len(made) < count:
        name = f"Substitute {k}"
        k += 1
        if name.casefold() in names:
            continue
        player = registry.add_player(tournament, name, None, actor)
        player.is_substitute = True
        player.joined_session = upcoming
        made.append(player)
    db.session.flush()
    record_event("player.substitutes", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{upcoming}",
                 after={"players": [p.number for p in made], "joined_session": upcoming})
    return made


def players_numbered(tournament: Tournament, numbers: Sequence[int]) -> list[Player]:
    """Return the event's players with these numbers, by number."""
    return list(db.session.scalars(select(Player).where(
        Player.tournament_id == tournament.id, Player.number.in_(numbers))
        .order_by(Player.number)))


# ---------------------------------------------------------------- hand swaps

@dataclass(frozen=True)
class SwapOutcome:
    """What a hand swap found: the warnings, and whether the seats were exchanged."""

    warnings: list[str]
    is_done: bool


def swap_players(tournament: Tournament, number: int, a: int | None, b: int | None,
                 actor: User, *, is_confirmed: bool) -> SwapOutcome:
    """Exchange two players' seats in a seated session while its cards are still blank.

    When the second player has no seat in the session (a substitute, say), they take the
    first player's seat instead, which §4.15 allows for a player who is out of the event.
    Repeats and team clashes (§3.6) are warnings: the swap waits for a confirmation.
    """
    session = get_seated_session_or_404(tournament, number)
    first, second = get_player_or_404(tournament, a), get_player_or_404(tournament, b)
    seats = {seat.player_id: seat for table in session.tables for seat in table.seats}
    seat_a, seat_b = seats.get(first.id), seats.get(second.id)
    if first.id == second.id:
        raise ServiceError("Choose two different players.")
    if seat_a is None:
        raise ServiceError(f"{first.name} has no seat in session {number}.")
    for seat in (seat_a, seat_b):
        if seat is not None and card_has_records(card_for_table(seat.table)):
            raise Conflict(f"Table {seat.table.number} already has a round or a penalty on "
                           "its card; its players stay where they are.")
    if seat_b is None:
        warnings = _replace_check(tournament, session, seat_a, second)
    else:
        if seat_a.table_id == seat_b.table_id:
            raise ServiceError(f"{first.name} and {second.name} already share table "
                               f"{seat_a.table.number}; swapping them changes nothing.")
        plan = _seated_plan(tournament)
        warnings = check_swap(plan, number - 1, first.number, second.number,
                              team_names(tournament),
                              get_ruleset(tournament.ruleset).words["seating.team_apart_cite"])
    if warnings and not is_confirmed:
        return SwapOutcome(warnings, False)
    before = session_tables(session)
    touched = [seat_a.table] + ([seat_b.table] if seat_b else [])
    if seat_b is None:
        seat_a.player_id = second.id
        second.joined_session = min(second.joined_session, number)
    else:
        seat_a.player_id, seat_b.player_id = second.id, first.id
    for table in touched:
        touch_card(card_for_table(table), {first.id, second.id})
    db.session.flush()
    for seat in (seat_a, seat_b):
        if seat is not None:
            db.session.expire(seat)
    record_event("session.swap", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{number}",
                 before={"tables": before, "players": [first.number, second.number]},
                 after={"tables": session_tables(session), "warnings": warnings})
    return SwapOutcome(warnings, True)


def _seated_plan(tournament: Tournament) -> Plan:
    """Return the seated sessions as a measured plan."""
    return recorded_plan(played_tables(tournament), team_names(tournament))


def _replace_check(tournament: Tournament, session: PlaySession, seat: Seat,
                   newcomer: Player) -> list[str]:
    """Refuse or warn about a player without a seat taking `seat` in a seated session."""
    leaving = seat.player
    if leaving.status == "active" and not leaving.is_substitute:
        raise ServiceError(f"{leaving.name} is still in the event: withdraw them first, or "
                           "swap two seated players.")
    if newcomer.status != "active":
        raise ServiceError(f"{newcomer.name} is {newcomer.status} and cannot take a seat.")
    if newcomer.joined_session > session.number and not newcomer.is_substitute:
        _check_late(get_ruleset(tournament.ruleset), session.number, session.number)
    plan = _seated_plan(tournament)
    teams = team_names(tournament)
    warnings = []
    for other in (s.player.number for s in seat.table.seats if s.player_id != leaving.id):
        met = [i + 1 for i, tables in enumerate(plan.sessions)
               if any(newcomer.number in t and other in t for t in tables)]
        if met:
            warnings.append(f"Players {newcomer.number} and {other} would meet again at table "
                            f"{seat.table.number}; they met in session "
                            f"{', '.join(map(str, met))}.")
        team = teams.get(other)
        if team and team == teams.get(newcomer.number):
            # §3.6 team-mates apart
            section = get_ruleset(newcomer.tournament.ruleset).words["seating.team_apart_cite"]
            warnings.append(f"Players {newcomer.number} and {other} are both in team {team} "
                            f"and would share table {seat.table.number}{bracketed(section)}.")
    return warnings


def touch_card(card: Card, moved_ids: set[int]) -> None:
    """Mark a card changed after its players changed; a moved recorder is no longer one."""
    if card.recorder_player_id in moved_ids:
        card.recorder_player_id = None
    # An SQL increment, so a concurrent writer never loses a version.
    card.version = Card.version + 1
    card.updated_at = utcnow()


# ---------------------------------------------------------------- the judge's wind draw

def enter_seat_draw(tournament: Tournament, number: int, table_number: int,
                    draw: Mapping[str, object], actor: User) -> Table:
    """Record the players' own wind-tile draw (§1.2.2) as a table's starting seats."""
    table = get_table_or_404(tournament, number, table_number)
    card = card_for_table(table)
    if card_has_rounds(card):
        words = get_ruleset(tournament.ruleset).words
        raise Conflict(f"A {words['card.hand_word']} is already recorded at table "
                       f"{table.number}, so its starting seats can no longer change"
                       f"{bracketed(words['card.seat_draw_cite'])}.")
    seats = {seat.player.number: seat for seat in table.seats}
    chosen = {}
    for wind in WINDS:
        value = draw.get(wind)
        try:
            chosen[wind] = int(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise ServiceError(f"Choose who drew {WIND_NAMES[wind]}.") from None
        if chosen[wind] not in seats:
            raise ServiceError(f"Player {chosen[wind]} is not at table {table.number}.")
    if len(set(chosen.values())) != len(WINDS):
        raise ServiceError("Each player draws exactly one wind: choose four different players.")
    before = {WINDS[s.position]: n for n, s in seats.items()}
    # Park every seat on a free position first: (table, position) is unique at every step.
    for seat in seats.values():
        seat.position += len(WINDS)
    db.session.flush()
    for wind, player_number in chosen.items():
        seats[player_number].position = WINDS.index(wind)
    table.seats_source = "judge"
    touch_card(card, set())
    db.session.flush()
    db.session.expire(table)
    record_event("table.seat_draw", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{number}:table:{table.number}",
                 before={"seats": _ordered(before)}, after={"seats": _ordered(chosen)})
    return table


WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


def _ordered(seats: Mapping[str, int]) -> dict[str, int]:
    """Return seats in E, S, W, N order."""
    return {wind: seats[wind] for wind in WINDS}


def _plural(count: int, noun: str) -> str:
    """Return "1 noun" or "n nouns"."""
    return f"{count} {noun}" + ("" if count == 1 else "s")
