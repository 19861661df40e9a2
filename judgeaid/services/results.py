"""Posting results (§3.5.1, §3.7): finalizing sessions, resignations, players' score checks."""

from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import (
    Player,
    PlaySession,
    ScoreCheck,
    Seat,
    Table,
    Tournament,
    User,
    utcnow,
)
from judgeaid.rules import get_ruleset
from judgeaid.rules.ruleset import bracketed
from judgeaid.services.audit import record_event
from judgeaid.services.backup_hook import backup_after_posting
from judgeaid.services.errors import Conflict, Forbidden, NotFound, ServiceError, Unprocessable
from judgeaid.services.players import get_player_or_404, status_word
from judgeaid.services.standings_data import (
    DRAW_ORDER,
    FINAL,
    get_session_or_404,
    load_sheet,
    seat_totals,
    session_cards,
)
from judgeaid.values import iso_z
from judgeaid.wording import page_words

MESSAGE_LIMIT = 1000
# Reasons for reopening a session or for a resignation (kept in the audit trail).
REASON_LIMIT = 1000


# ---------------------------------------------------------------- posting sessions

def finalize_session(tournament: Tournament, number: int, actor: User) -> PlaySession:
    """Post a session's results as final (§3.5.1); every card must be complete."""
    session = get_session_or_404(tournament, number)
    if session.finalized_at is not None:
        raise Conflict(_("Session %(n)s is already final (by %(who)s).", n=number,
                         who=session.finalized_by))
    cards = session_cards(session)
    if not cards:
        raise ServiceError(_("Session %(n)s has no scoring cards.", n=number))
    open_tables = [c["table"] for c in cards if not c["is_complete"]]
    if open_tables:
        raise ServiceError(_("Session %(n)s cannot be final yet: the card of table %(tables)s "
                             "is missing rounds. Record them, or mark the session time over "
                             "on the card.", n=number, tables=_list(open_tables)))
    rules = get_ruleset(tournament.ruleset)
    if session.stage == FINAL and session.bracket_size == rules.ranking.grand_final_size:
        cut_short = [c["table"] for c in cards if c["not_played"]]
        if cut_short:
            raise ServiceError(_("The Grand Final has no time limit: all %(rounds)s rounds are "
                                 "played (%(cite)s). Record the rounds marked not played.",
                                 rounds=rules.session.rounds,
                                 cite=page_words(rules)["final_day.untimed_cite"]))
    session.finalized_at = utcnow()
    session.finalized_by = f"{actor.role}:{actor.name}"
    session.status = "finished"
    totals = {t.player_number: t.total for t in seat_totals(tournament.id)
              if t.session_id == session.id}
    record_event("session.finalize", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{number}",
                 after={"totals": {str(k): v for k, v in sorted(totals.items())},
                        "unconfirmed_tables": [c["table"] for c in cards if c["pending"]]})
    db.session.flush()
    # Nothing lost if the laptop dies: a backup holding this posting, once it is committed.
    backup_after_posting(tournament.id, number)
    return session


def unfinalize_session(tournament: Tournament, number: int, reason: str,
                       actor: User) -> PlaySession:
    """Make a final session provisional again, for a correction; a reason is required."""
    session = get_session_or_404(tournament, number)
    reason = " ".join((reason or "").split())
    if session.finalized_at is None:
        raise Conflict(_("Session %(n)s is not final.", n=number))
    if not reason:
        raise ServiceError(_("Say why the session's results are reopened."))
    later_final = db.session.scalar(select(func.count(PlaySession.id)).where(
        PlaySession.tournament_id == tournament.id, PlaySession.stage == FINAL,
        PlaySession.number > number, PlaySession.is_seated))
    if later_final:
        raise Conflict(_("The final day was seated from these results; session %(n)s can no "
                         "longer be reopened.", n=number))
    before = {"finalized_at": iso_z(session.finalized_at), "by": session.finalized_by}
    session.finalized_at = None
    session.finalized_by = ""
    record_event("session.unfinalize", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{number}", before=before, after={"reason": reason})
    db.session.flush()
    return session


def _list(numbers: list[int]) -> str:
    text = ", ".join(str(n) for n in numbers[:-1])
    return _("%(list)s and %(last)s", list=text, last=numbers[-1]) if text else str(numbers[-1])


# ---------------------------------------------------------------- drawn lots (MCR)

def record_lot(tournament: Tournament, numbers: list[int], actor: User) -> list[int]:
    """Record the lot the organizer drew for players level on table and contest points.

    `numbers` are the tied players in the order drawn, the highest place first. MCR
    §3.10.1 ranks by table points, then contest points, and says no more; settling what is
    still level by a lot drawn in the hall is our reading. The lot is kept in the event's
    settings (`sheet.DRAW_ORDER`), so backups carry it, and is drawn once every session
    is posted as final. Return the event's whole draw order.
    """
    rules = get_ruleset(tournament.ruleset)
    if not rules.ranking.draws_lots:
        raise Unprocessable(_("This event's ties are settled by the draw from its recorded seed "
                              "(%(cite)s); there is no lot to record.",
                              cite=page_words(rules)["standings.seed_draw_cite"]))
    if len(set(numbers)) != len(numbers):
        raise Unprocessable(_("List each player once, in the order the lot was drawn."))
    sheet = load_sheet(tournament.id)
    if sheet.is_provisional or not sheet.preliminary:
        raise Unprocessable(_("Draw lots once every session is posted as final: until then a "
                              "corrected card can change who is level."))
    lines = {line.number: line for line in sheet.standings}
    unknown = [n for n in numbers if n not in lines]
    if unknown:
        raise Unprocessable(_("Player %(numbers)s is not in the standings.",
                              numbers=_list(unknown)))
    first = lines[numbers[0]] if numbers else None
    level = sorted(n for n, line in lines.items() if first is not None
                   and line.tie_break in ("tied", "draw") and line.is_resigned == first.is_resigned
                   and round(line.match_points, 9) == round(first.match_points, 9)
                   and line.raw == first.raw)
    if len(numbers) < 2 or sorted(numbers) != level:
        raise Unprocessable(
            _("A lot settles one tie: list every player level on table points and contest "
              "points with #%(first)s (%(level)s), in the order drawn.", first=numbers[0],
              level=_list(level)) if level else
            _("A lot settles one tie: list every player level on table points and contest "
              "points, in the order drawn."))
    if all(lines[n].tie_break == "draw" for n in numbers):
        raise Conflict(_("The lot for these players is already recorded."))
    before = list(tournament.settings.get(DRAW_ORDER) or [])
    order = [n for n in before if n not in numbers] + list(numbers)
    tournament.settings = {**tournament.settings, DRAW_ORDER: order}
    record_event("standings.lot", tournament_id=tournament.id, actor=actor,
                 subject=f"tournament:{tournament.id}", before={"draw_order": before},
                 after={"drawn": list(numbers), "draw_order": order})
    db.session.flush()
    return order


# ---------------------------------------------------------------- resignations

def mark_resigned(tournament: Tournament, number: int, from_session: int, reason: str,
                  actor: User) -> Player:
    """Put a player out of the event for resignation from a session on (§4.11)."""
    player = get_player_or_404(tournament, number)
    reason = " ".join((reason or "").split())
    if not reason:
        raise ServiceError(_("Say what happened, e.g. 'absent from session 3, no reason "
                             "given'."))
    if player.status != "active":
        raise Conflict(_("%(name)s is already %(status)s.", name=player.name,
                         status=status_word(player.status)))
    if from_session < 1:
        raise ServiceError(_("The session number must be 1 or more."))
    before = {"status": player.status, "left_session": player.left_session}
    player.status = "resigned"
    player.left_session = from_session
    record_event("player.resign", tournament_id=tournament.id, actor=actor,
                 subject=f"player:{number}", before=before,
                 after={"status": "resigned", "left_session": from_session, "reason": reason})
    db.session.flush()
    return player


def resign_absent(tournament: Tournament, session_number: int, number: int,
                  actor: User) -> Player:
    """Record a player absent from a session without an acceptable reason as resigned (§3.7).

    One step, for a player who has played at least one session: §3.7 puts them out for
    resignation and does not let the point penalty be chosen instead.
    """
    player = get_player_or_404(tournament, number)
    session = db.session.scalar(select(PlaySession).where(
        PlaySession.tournament_id == tournament.id, PlaySession.number == session_number))
    if session is None:
        raise NotFound(_("The event has no session %(n)s yet.", n=session_number))
    if player.is_substitute:
        raise ServiceError(_("%(name)s is a neutral substitute: release them instead, there is "
                             "nothing to resign.", name=player.name))
    if player.status != "active":
        raise Conflict(_("%(name)s is already %(status)s.", name=player.name,
                         status=status_word(player.status)))
    played = db.session.scalar(
        select(func.count(PlaySession.id)).join(Table, Table.session_id == PlaySession.id)
        .join(Seat, Seat.table_id == Table.id)
        .where(Seat.player_id == player.id, Seat.is_neutral.is_(False),
               PlaySession.number < session_number))
    words = page_words(get_ruleset(tournament.ruleset))
    if not played:
        raise ServiceError(_("%(name)s has not played a session before session %(n)s: the "
                             "late-arrival pardon applies instead%(cite)s. Record them as a "
                             "late arrival, or as resigned with a reason on the results desk.",
                             name=player.name, n=session_number,
                             cite=bracketed(words["standings.late_cite"])))
    return mark_resigned(tournament, number, session_number,
                         f"absent from session {session_number} without an acceptable "
                         f"reason{bracketed(words['standings.absent_cite'])}", actor)


# ---------------------------------------------------------------- score checks (§3.5.1)

def check_data(check: ScoreCheck) -> dict:
    """Return a score check as plain data."""
    player = db.session.get(Player, check.player_id)
    return {"id": check.id, "player": player.number, "name": player.name,
            "session": check.session_number, "message": check.message,
            "filed_at": iso_z(check.filed_at), "status": check.status,
            "resolution": check.resolution, "resolved_at": iso_z(check.resolved_at)}


def request_score_check(player: Player, session_number: int | None, message: str,
                        op_id: str | None = None) -> dict:
    """File a player's request to check a recorded score (§3.5.1)."""
    if player.is_substitute:
        raise Forbidden(_("A neutral player's results are not ranked."))
    seated = set(db.session.scalars(
        select(PlaySession.number).join(Table, Table.session_id == PlaySession.id)
        .join(Seat, Seat.table_id == Table.id).where(Seat.player_id == player.id)))
    if session_number not in seated:
        raise ServiceError(_("Choose a session you played."))
    message = " ".join((message or "").split())
    if not message:
        raise ServiceError(_("Say what looks wrong, e.g. 'round 7 was my self-draw, not a "
                             "discard win'."))
    if len(message) > MESSAGE_LIMIT:
        raise ServiceError(_("Keep the message under %(limit)s characters.",
                             limit=MESSAGE_LIMIT))
    check = ScoreCheck(tournament_id=player.tournament_id, player_id=player.id,
                       session_number=session_number, message=message, op_id=op_id)
    db.session.add(check)
    db.session.flush()
    record_event("score_check.file", tournament_id=player.tournament_id,
                 actor=f"player:{player.number} {player.name}", subject=f"score_check:{check.id}",
                 after={"session": session_number, "message": message})
    return {"score_check": check_data(check)}


def score_checks(tournament: Tournament, player: Player | None = None) -> list[dict]:
    """List the event's score checks (or one player's), open ones first."""
    query = select(ScoreCheck).where(ScoreCheck.tournament_id == tournament.id)
    if player is not None:
        query = query.where(ScoreCheck.player_id == player.id)
    checks = db.session.scalars(query.order_by(ScoreCheck.status, ScoreCheck.filed_at))
    return [check_data(c) for c in checks]


def resolve_score_check(tournament: Tournament, check_id: int, resolution: str,
                        actor: User) -> ScoreCheck:
    """Close a score check with what the organizer found and did (§3.5.1)."""
    check = db.session.get(ScoreCheck, check_id)
    if check is None or check.tournament_id != tournament.id:
        raise NotFound(_("There is no score check %(id)s.", id=check_id))
    resolution = " ".join((resolution or "").split())
    if not resolution:
        raise ServiceError(_("Say what was checked and found, e.g. 'card correct as "
                             "recorded'."))
    if check.status == "resolved":
        if check.resolution == resolution:
            return check
        raise Conflict(_("This score check is already resolved."))
    check.status, check.resolution = "resolved", resolution
    check.resolved_by, check.resolved_at = actor.id, utcnow()
    record_event("score_check.resolve", tournament_id=tournament.id, actor=actor,
                 subject=f"score_check:{check.id}", after={"resolution": resolution})
    db.session.flush()
    return check
