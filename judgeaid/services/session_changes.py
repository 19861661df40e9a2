"""Who plays the next session: changes between sessions (§3.7, §4.11, §4.13, §4.15).

A player withdrawn, disqualified or reinstated, a seat forfeited and given back, a late
arrival, a player registered or imported, substitutes added. Seating the next session
(judgeaid.services.seating) reconciles its plan with these, so only the players who must
move do.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from flask_babel import gettext as _
from sqlalchemy import select

from judgeaid import values, venuetime
from judgeaid.extensions import db
from judgeaid.models import Card, Player, PlaySession, Seat, Table, Tournament, User, utcnow
from judgeaid.rules import Ruleset, get_ruleset
from judgeaid.services import players as registry
from judgeaid.services.audit import record_event
from judgeaid.services.cards import card_for_table
from judgeaid.services.errors import Conflict, ServiceError
from judgeaid.services.players import get_player_or_404
from judgeaid.services.seating import (
    PRELIMINARY,
    next_session,
    seated_sessions,
    session_count,
    session_row,
    touch_card,
)
from judgeaid.tournament.standings import is_after_cut_off, late_cut_off
from judgeaid.wording import page_words, ruleset_view

MAX_SUBSTITUTES = 3

# §3.7 the organizer's choice for a check-in after the cut-off
LATE_DECISIONS = ("allow", "refuse")


def withdraw_player(tournament: Tournament, number: int | None, actor: User, *,
                    disqualify: bool = False) -> Player:
    """Take a player out from the next session to seat (§4.13 withdrawal, §4.11 disqualified)."""
    player = get_player_or_404(tournament, number)
    if player.status != "active":
        raise Conflict(_("%(name)s is already %(status)s.", name=player.name,
                         status=registry.status_word(player.status)))
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
        raise ServiceError(_("%(name)s has no seat at table %(n)s.", name=player.name,
                             n=card.table.number))
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
        raise Conflict(_("%(name)s is still in the event: there is nothing to undo.",
                         name=player.name))
    if db.session.scalar(select(PlaySession.number).where(
            PlaySession.tournament_id == tournament.id, PlaySession.stage != PRELIMINARY,
            PlaySession.is_seated).limit(1)) is not None:
        raise Conflict(_("The final day has begun and its cut is made: nobody can come back "
                         "into the event now."))
    seated_in = set(db.session.scalars(
        select(PlaySession.number).join(Table).join(Seat)
        .where(PlaySession.tournament_id == tournament.id, Seat.player_id == player.id)))
    missed = [s.number for s in seated_sessions(tournament)
              if s.number >= player.joined_session and s.number not in seated_in]
    if missed:
        raise Conflict(_("Session %(n)s is seated without %(name)s, so they missed it. Give "
                         "them their seat back there first (swap them with whoever took it), "
                         "or leave them out.", n=missed[0], name=player.name))
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
        raise Conflict(_("%(name)s is %(status)s and cannot join a session.", name=player.name,
                         status=registry.status_word(player.status)))
    if player.is_substitute:
        raise ServiceError(_("Substitutes fill seats as needed; they are never late "
                             "arrivals."))
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
        raise Conflict(_("%(name)s is already seated in session %(n)s, so they are not a late "
                         "arrival.", name=player.name, n=played))
    if joins > 1 or upcoming != 1:
        check_late(rules, joins, upcoming)
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
    words = ruleset_view(player.tournament.ruleset)["words"]
    late = words["standings.late_cite"]
    if player.status != "active":
        reading = words["standings.late_reading"]
        return _("%(name)s is refused for session %(n)s, the last a late arrival may join, so "
                 "cannot join the event (%(reading)s).", name=player.name,
                 n=player.late_decision_session, reading=reading)
    if player.late_decision == "refused":
        return _("%(name)s is refused for session %(n)s (%(cite)s) and joins at session "
                 "%(joins)s.", name=player.name, n=player.late_decision_session, cite=late,
                 joins=player.joined_session)
    if player.late_decision == "allowed":
        return _("%(name)s joins at session %(n)s (allowed after the cut-off) (%(cite)s).",
                 name=player.name, n=player.joined_session, cite=late)
    return _("%(name)s joins at session %(n)s (%(cite)s).", name=player.name,
             n=player.joined_session, cite=late)


def _late_decision(tournament: Tournament, player: Player, joins: int, decision: str,
                   now: datetime) -> str:
    """Check the organizer's allow/refuse choice against the session's cut-off (§3.7)."""
    if decision and decision not in LATE_DECISIONS:
        raise ServiceError(_("Choose whether you allow or refuse the player for the session."))
    session = session_row(tournament, joins)
    starts_at = session.starts_at if session else None
    ranking = get_ruleset(tournament.ruleset).ranking
    late = page_words(get_ruleset(tournament.ruleset))["standings.late_cite"]
    if starts_at is None:
        if decision:
            raise ServiceError(_("Session %(n)s has no start time, so it has no check-in "
                                 "cut-off (%(cite)s). Set its start time on the Sessions page "
                                 "first, or record the late arrival without a choice.",
                                 n=joins, cite=late))
        return ""
    margin = ranking.late_check_in_margin
    cut_off = cut_off_text(tournament, starts_at)
    minutes = int(margin.total_seconds() // 60)
    before = (_("%(minutes)s minutes before its start", minutes=minutes) if minutes else
              _("its start"))
    if not is_after_cut_off(starts_at, now, margin):
        if decision == "refuse":
            raise ServiceError(_("The check-in cut-off for session %(n)s is %(cut_off)s, "
                                 "%(before)s, and has not passed: %(name)s may play it and "
                                 "cannot be refused (%(cite)s).", n=joins, cut_off=cut_off,
                                 before=before, name=player.name, cite=late))
        return ""
    if not decision:
        raise Conflict(_("%(name)s checks in after the cut-off for session %(n)s (%(cut_off)s, "
                         "%(before)s). You may refuse them for that session (%(cite)s): "
                         "choose allow or refuse.", name=player.name, n=joins,
                         cut_off=cut_off, before=before, cite=late))
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


def check_late(rules: Ruleset, joins: int | None, upcoming: int | None) -> None:
    """Refuse a late start outside §3.7: before the last late session, and not yet seated."""
    last = rules.ranking.last_late_session
    if upcoming is None or upcoming > last:
        raise Conflict(_("Late arrivals must check in before session %(n)s starts "
                         "(%(cite)s), and that session is already seated. The player cannot "
                         "join the event now.", n=last,
                         cite=page_words(rules)["standings.late_cite"]))
    if joins is None or not upcoming <= joins <= last:
        cite = page_words(rules)["standings.late_cite"]
        raise ServiceError(
            _("A late arrival can join session %(n)s to %(last)s (%(cite)s); earlier sessions "
              "are already seated.", n=upcoming, last=last, cite=cite) if upcoming < last else
            _("A late arrival can join session %(n)s (%(cite)s); earlier sessions are already "
              "seated.", n=upcoming, cite=cite))


def register_player(tournament: Tournament, name: str, team: str | None,
                    actor: User) -> Player:
    """Register a player; once seating has begun they join the next session as late (§3.7)."""
    upcoming = next_session(tournament)
    if upcoming == 1:
        return registry.add_player(tournament, name, team, actor)
    check_late(get_ruleset(tournament.ruleset), upcoming, upcoming)
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
        check_late(get_ruleset(tournament.ruleset), upcoming, upcoming)
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
        raise ServiceError(_("Add 1 to %(most)s substitutes at a time.", most=MAX_SUBSTITUTES))
    upcoming = next_session(tournament)
    if upcoming is None:
        raise Conflict(_("Every session is seated; there is no seat left to fill."))
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
