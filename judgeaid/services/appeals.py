"""Appeals (§4.3): a player appeals a ruling about them in the break after its session; the
head judge's decision is final and may strike the ruling's penalty points off the card.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from flask_babel import gettext as _
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import (
    Appeal,
    AuditEvent,
    Card,
    CardPenalty,
    ClockEvent,
    Confirmation,
    Penalty,
    Player,
    PlaySession,
    Ruling,
    Seat,
    Table,
    User,
    utcnow,
)
from judgeaid.rules import get_ruleset
from judgeaid.services import card_writes, session_changes, venuetime
from judgeaid.services.audit import record_event
from judgeaid.services.cards import Actor
from judgeaid.services.errors import Conflict, Forbidden, NotFound, ServiceError
from judgeaid.services.judge_common import check_tournament, roster, user_names
from judgeaid.services.judge_inputs import AppealBody, AppealDecisionBody
from judgeaid.services.rulings import (
    appeal_json,
    entries_about,
    involves,
    log_entries,
    ruling_detail,
)
from judgeaid.wording import page_words


def appeal_window(player: Player, session_number: int | None) -> tuple[bool, str]:
    """Say whether the player may appeal a ruling of this session now (§4.3)."""
    if session_number is None:
        return True, _("You may appeal this ruling to the head judge.")
    session = db.session.scalar(select(PlaySession).where(
        PlaySession.tournament_id == player.tournament_id, PlaySession.number == session_number))
    if session is None:
        return True, _("You may appeal this ruling to the head judge.")
    card_locked = db.session.scalar(
        select(Card.id).join(Table, Card.table_id == Table.id)
        .join(Seat, Seat.table_id == Table.id)
        .where(Card.session_id == session.id, Seat.player_id == player.id,
               Card.status == "locked"))
    clock_ended = db.session.scalar(select(ClockEvent.id).where(
        ClockEvent.session_id == session.id, ClockEvent.kind == "end",
        ClockEvent.table_id.is_(None)).limit(1))
    ended = (session.status == "finished" or session.finalized_at is not None
             or card_locked is not None or clock_ended is not None)
    rules = get_ruleset(player.tournament.ruleset)
    minutes = rules.rubric.appeal_minutes
    cite = page_words(rules)["appeals.cite"]
    if minutes is not None:
        return _minutes_window(player, session, minutes, cite, is_ended=ended)
    if not ended:
        return False, (_("Appeals open once session %(session_number)s is over for your table "
                         "(%(cite)s). Until then, tell the judge your reasons at the table.",
                         session_number=session_number, cite=cite))
    following = db.session.scalar(select(PlaySession).where(
        PlaySession.tournament_id == player.tournament_id,
        PlaySession.number > session_number).order_by(PlaySession.number).limit(1))
    if following is not None and (
            following.status in ("playing", "finished") or following.finalized_at is not None
            or (following.starts_at is not None and utcnow() >= following.starts_at)):
        return False, (_("The time for appeals ended when session %(number)s began (%(cite)s).",
                         number=following.number, cite=cite))
    if following is not None:
        return True, _("You may appeal to the head judge until session %(number)s starts "
                       "(%(cite)s).", number=following.number, cite=cite)
    return True, _("You may appeal to the head judge (%(cite)s).", cite=cite)


def session_ended_at(player: Player, session: PlaySession) -> datetime | None:
    """Return when the session ended for the player's table: the first of the session's
    close, the clock's end and the last confirmation that locked the player's card."""
    times = [session.finalized_at]
    clock_end = db.session.scalar(select(func.min(ClockEvent.at_ms)).where(
        ClockEvent.session_id == session.id, ClockEvent.kind == "end",
        ClockEvent.table_id.is_(None)))
    if clock_end is not None:
        times.append(datetime.fromtimestamp(clock_end / 1000, UTC).replace(tzinfo=None))
    locked_at = db.session.scalar(
        select(func.max(Confirmation.confirmed_at))
        .join(Card, Confirmation.card_id == Card.id)
        .join(Seat, Seat.table_id == Card.table_id)
        .where(Card.session_id == session.id, Seat.player_id == player.id,
               Card.status == "locked", Confirmation.revoked_at.is_(None)))
    times.append(locked_at)
    known = [t for t in times if t is not None]
    return min(known) if known else None


def _minutes_window(player: Player, session: PlaySession, minutes: int, cite: str, *,
                    is_ended: bool) -> tuple[bool, str]:
    """Say whether an appeal is still in time when the rules give minutes after the
    session's end, citing the rule as the event's ruleset does."""
    if not is_ended:
        return False, (_("Appeals open once session %(number)s is over for your table; then you "
                         "have %(minutes)s minutes (%(cite)s). Until then, tell the referee "
                         "your reasons at the table.", number=session.number, minutes=minutes,
                         cite=cite))
    ended_at = session_ended_at(player, session)
    if ended_at is None:
        # our reading: a session marked over with no recorded time keeps the window open
        return True, _("You may appeal within %(minutes)s minutes of the session's end "
                       "(%(cite)s).", minutes=minutes, cite=cite)
    closes = ended_at + timedelta(minutes=minutes)
    at = venuetime.text(closes, venuetime.zone_of(player.tournament_id))
    if utcnow() > closes:
        return False, (_("Too late: appeals about session %(number)s closed %(minutes)s minutes "
                         "after it ended, at %(at)s (%(cite)s).", number=session.number,
                         minutes=minutes, at=at, cite=cite))
    return True, (_("You may appeal until %(at)s, %(minutes)s minutes after session %(number)s "
                    "ended (%(cite)s).", at=at, minutes=minutes, number=session.number,
                    cite=cite))


def appeals_for_player(player_id: int) -> dict:
    """Return the rulings about a player, their appeals, and which may still be appealed."""
    player = db.session.get(Player, player_id)
    if player is None:
        raise NotFound(_("There is no such player."))
    entries = entries_about(player.tournament_id, player.number)
    windows: dict[int | None, tuple[bool, str]] = {}
    rulings = []
    for entry in sorted(entries, key=lambda e: (e["session"] or 0, e["id"])):
        if entry["session"] not in windows:
            windows[entry["session"]] = appeal_window(player, entry["session"])
        is_open, message = windows[entry["session"]]
        mine = [a for a in entry["appeals"] if a["player"] == player.number]
        rulings.append({**entry, "my_appeal": mine[-1] if mine else None,
                        "can_appeal": is_open and not mine, "window": message})
    return {"player": {"number": player.number, "name": player.name}, "rulings": rulings,
            "can_appeal_any": any(r["can_appeal"] for r in rulings)}


def _player_actor(player: Player) -> str:
    """Return the audit's label of a player ("player:N name"), cut to fit its column: the
    import takes names as long as the column, so the label alone may be longer."""
    return Actor.for_player(player).label[:AuditEvent.actor.type.length]


def file_appeal(player: Player, body: AppealBody) -> dict:
    """File a player's appeal of a ruling with the head judge (§4.3)."""
    ruling = db.session.get(Ruling, body.ruling_id)
    check_tournament(ruling, player.tournament_id, _("such ruling"))
    detail = ruling_detail(player.tournament_id, ruling.id)
    entry = detail["entry"]
    if not entry["is_current"]:
        raise Conflict(_("This ruling was changed (entry #%(superseded_by)s); appeal the new "
                         "entry.", superseded_by=entry['superseded_by']))
    if not involves(entry, player.number):
        raise Forbidden(_("You can only appeal rulings about you."))
    if any(a["player"] == player.number for a in entry["appeals"]):
        raise Conflict(_("You have already appealed this ruling."))
    is_open, message = appeal_window(player, ruling.session_number)
    if not is_open:
        raise Conflict(message)
    text = body.text
    if not text:
        raise ServiceError(_("Write why you disagree with the ruling."))
    appeal = Appeal(tournament_id=player.tournament_id, ruling_id=ruling.id,
                    player_id=player.id, text=text, op_id=body.op_id)
    db.session.add(appeal)
    db.session.flush()
    record_event("judging.appeal", tournament_id=player.tournament_id,
                 actor=_player_actor(player), subject=f"appeal:{appeal.id}",
                 after={"ruling": ruling.id, "text": text})
    return {"appeal": appeal_json(appeal, {player.id: player}, {})}


def decide_appeal(appeal_id: int, body: AppealDecisionBody, user: User) -> dict:
    """Record the head judge's final decision on an appeal (§4.3)."""
    words = page_words(get_ruleset(user.tournament.ruleset))
    if not user.is_head_judge:
        raise Forbidden(words["appeals.judge_only"])
    appeal = db.session.scalar(select(Appeal).where(Appeal.id == appeal_id).with_for_update())
    check_tournament(appeal, user.tournament_id, _("appeal %(appeal_id)s", appeal_id=appeal_id))
    if appeal.status == "decided":
        raise Conflict(words["appeals.final"])
    decision, reason = body.decision, body.reason
    if not reason:
        raise ServiceError(_("Give the reason for the decision."))
    chain = ruling_detail(user.tournament_id, appeal.ruling_id)["entry"]["penalties"]
    live = {p["id"]: p for p in chain if p["card_penalty_id"] and not p["is_void"]}
    strike = body.strike_penalties
    if strike is None:
        strike = list(live) if decision == "overturned" else []
    strike = list(dict.fromkeys(strike))
    if any(i not in live for i in strike):
        raise ServiceError(_("Only this ruling's penalty points can be struck out."))
    if strike and decision == "upheld":
        raise ServiceError(_("An upheld ruling keeps its penalties."))
    actor = Actor.for_user(user)
    for penalty_id in strike:
        penalty = db.session.get(Penalty, penalty_id)
        card_penalty = db.session.get(CardPenalty, penalty.card_penalty_id)
        card = db.session.get(Card, card_penalty.card_id)
        card_writes.strike_penalty(card, card_penalty.id,
                                   f"Appeal {appeal.id} {decision}: {reason}"[:500], actor,
                                   by_appeal=True)
    if decision == "overturned":
        # an overturned session forfeit (MCR §3.11.2.1) gives the player their seat back
        for forfeit in db.session.scalars(select(Penalty).where(
                Penalty.ruling_id == appeal.ruling_id, Penalty.kind == "session_forfeit")):
            if forfeit.session_number is not None:
                session_changes.restore_forfeited_seat(db.session.get(Player, forfeit.player_id),
                                                       forfeit.session_number, user,
                                                       f"Appeal {appeal.id} overturned: {reason}")
    appeal.status, appeal.decision, appeal.decision_reason = "decided", decision, reason
    appeal.decided_by, appeal.decided_at = user.id, utcnow()
    db.session.flush()
    record_event("judging.appeal.decide", tournament_id=user.tournament_id, actor=user,
                 subject=f"appeal:{appeal.id}",
                 after={"decision": decision, "reason": reason, "struck": strike})
    return {"appeal": appeal_json(appeal, roster(user.tournament_id),
                                   user_names(user.tournament_id))}


def appeals_overview(tournament_id: int) -> dict:
    """Return the appeals with the floor rulings they dispute, open ones first."""
    appeals = list(db.session.scalars(select(Appeal).where(
        Appeal.tournament_id == tournament_id).order_by(Appeal.filed_at, Appeal.id)))
    if not appeals:
        return {"open": [], "decided": []}
    rulings = {r.id: r for r in db.session.scalars(select(Ruling).where(
        Ruling.id.in_({a.ruling_id for a in appeals})))}
    entries = {e["id"]: e for e in log_entries(tournament_id, list(rulings.values()))}
    players = roster(tournament_id)
    judges = user_names(tournament_id)
    items = [{"appeal": appeal_json(a, players, judges), "ruling": entries[a.ruling_id]}
             for a in appeals]
    return {"open": [i for i in items if i["appeal"]["status"] == "filed"],
            "decided": [i for i in items if i["appeal"]["status"] == "decided"][::-1]}
