"""Call-ups (A.5): a table calls a judge, the queue orders the calls, a judge takes one.

Also the lookups the other judge aggregates start from: the event's current session, its
tables with their players, and a scoring card with its seated players.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json

from flask import current_app
from flask_babel import gettext as _
from sqlalchemy import func, select
from sqlalchemy.orm import joinedload

from judgeaid.extensions import db
from judgeaid.models import WINDS, CallUp, Card, Player, PlaySession, Seat, Table, User, utcnow
from judgeaid.services import throttle
from judgeaid.services.audit import record_event
from judgeaid.services.errors import Conflict, Forbidden, ServiceError, Throttled, Unauthorized
from judgeaid.services.judge_common import check_tournament, user_names
from judgeaid.services.judge_inputs import CallUpBody
from judgeaid.values import epoch_ms, iso_z

ACTIVE_CALLS = ("waiting", "taken")


# ---------------------------------------------------------------- tables and players

def current_session(tournament_id: int) -> PlaySession | None:
    """Return the latest session whose tables are set, or None."""
    return db.session.scalar(
        select(PlaySession).where(PlaySession.tournament_id == tournament_id,
                                  PlaySession.is_seated)
        .order_by(PlaySession.number.desc()).limit(1))


def table_players(card: Card) -> list[dict]:
    """Return the players seated at the card's table, in seat order."""
    return [{"number": s.player.number, "name": s.player.name, "seat": WINDS[s.position]}
            for s in card.table.seats]


def table_choices(tournament_id: int, session_number: int | None = None) -> list[dict]:
    """Return the cards of a session (default: the current one) with their players."""
    if session_number is None:
        session = current_session(tournament_id)
        if session is None:
            return []
        session_number = session.number
    rows = db.session.execute(
        select(Card.id, Table.number, PlaySession.number, Seat.position, Player.number,
               Player.name)
        .join(Table, Card.table_id == Table.id).join(PlaySession, Card.session_id == PlaySession.id)
        .join(Seat, Seat.table_id == Table.id).join(Player, Seat.player_id == Player.id)
        .where(Card.tournament_id == tournament_id, PlaySession.number == session_number)
        .order_by(Table.number, Seat.position)).all()
    tables: dict[int, dict] = {}
    for card_id, table, session, position, number, name in rows:
        entry = tables.setdefault(card_id, {"card_id": card_id, "table": table,
                                            "session": session, "players": []})
        entry["players"].append({"number": number, "name": name, "seat": WINDS[position]})
    return list(tables.values())


def get_card(tournament_id: int, number: int) -> Card:
    """Return the event's scoring card with its table, session and seated players."""
    # One round trip for the card, its table, session, event and the four seated players,
    # which the rubric check and the card's penalty line then read without lazy loads.
    card = db.session.get(Card, number, options=[
        joinedload(Card.table).selectinload(Table.seats).joinedload(Seat.player),
        joinedload(Card.table).joinedload(Table.session).joinedload(PlaySession.tournament)])
    check_tournament(card, tournament_id, _("scoring card %(number)s", number=number))
    return card


def seated_player(card: Card, number: int) -> Player:
    """Return the player with this number at the card's table."""
    for seat in card.table.seats:
        if seat.player.number == number:
            return seat.player
    raise ServiceError(_("Player %(number)s is not at table %(number2)s.", number=number,
                         number2=card.table.number))


# ---------------------------------------------------------------- who may call (issue 28)
#
# A call-up needs the table's link (the printed card's QR code: the card's path with its
# token), the link of a player seated at the table, or a signed-in judge of the event. Reading
# a card stays open to anyone with its path; calling a judge to it does not.

TABLE_TOKEN_LENGTH = 24  # 144 bits of an HMAC-SHA256


def table_token(card_id: int) -> str:
    """Return the card's table token: unguessable, made from the server's SECRET_KEY and the
    card's id, so it is stored nowhere and a restore that keeps ids keeps every printed link."""
    key = current_app.config["SECRET_KEY"]
    key = key.encode() if isinstance(key, str) else bytes(key)
    digest = hmac.new(key, f"judgeaid-table-link:{card_id}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode()[:TABLE_TOKEN_LENGTH]


def is_table_token(card: Card, token: str | None) -> bool:
    """Say whether `token` is this card's table token."""
    return bool(token) and hmac.compare_digest(token.encode(), table_token(card.id).encode())


def check_caller(card: Card, *, user: User | None, table_token_sent: str | None,
                 player_token_sent: str | None) -> str:
    """Return who calls ("judge", "table" or "player"), or refuse a caller without a link."""
    if user is not None:
        if user.tournament_id != card.tournament_id:
            raise Forbidden(_("Your sign-in is for another tournament."))
        return "judge"
    if table_token_sent:
        if not is_table_token(card, table_token_sent):
            raise Forbidden(_("This table link is not this table's: open the card from the QR "
                              "code on the table."))
        return "table"
    if player_token_sent:
        seated = {s.player.token for s in card.table.seats}
        if not any(hmac.compare_digest(player_token_sent, token) for token in seated):
            raise Forbidden(_("This player link is not for a player at this table."))
        return "player"
    raise Unauthorized(_("Calling a judge needs the table's link (the QR code on the table), "
                         "your player link, or a judge's sign-in."))


def check_call_budget(source: throttle.Source, *, allowed: int, window_seconds: int) -> None:
    """Refuse a source that made too many new calls lately, across every table."""
    wait = throttle.calls_spent(source, allowed=allowed, window_seconds=window_seconds)
    if wait:
        raise Throttled(_("This phone has called judges to several tables lately. Ask a judge "
                          "in the hall, or try again in %(wait)s seconds.", wait=wait),
                        retry_after=wait)


# ---------------------------------------------------------------- call-ups

def _call_json(call: CallUp, card: Card | None, judges: dict[int, str], *,
               table: int | None = None, session: int | None = None) -> dict:
    return {"id": call.id, "card_id": call.card_id,
            "table": table if table is not None else card.table.number,
            "session": session if session is not None else card.table.session.number,
            "reason": call.reason, "status": call.status,
            "called_at": iso_z(call.called_at), "called_at_ms": epoch_ms(call.called_at),
            "taken_at": iso_z(call.taken_at), "taken_at_ms": epoch_ms(call.taken_at),
            "taken_by": judges.get(call.taken_by) if call.taken_by else None,
            "taken_by_id": call.taken_by}


def _active_call(card: Card) -> CallUp | None:
    return db.session.scalar(select(CallUp).where(CallUp.card_id == card.id,
                                                  CallUp.status.in_(ACTIVE_CALLS))
                             .order_by(CallUp.id).limit(1))


def call_judge(card: Card, body: CallUpBody) -> dict:
    """Put a table in the call-up queue; a table already waiting keeps its place."""
    reason, op_id = body.reason, body.op_id
    if card.table.session.finalized_at is not None:
        raise Conflict(_("This session's results are final; ask a judge at the desk."))
    call = _active_call(card)
    is_new = call is None
    if is_new:
        call = CallUp(tournament_id=card.tournament_id, card_id=card.id, reason=reason,
                      op_id=op_id)
        db.session.add(call)
        db.session.flush()
        record_event("judging.callup", tournament_id=card.tournament_id,
                     actor=f"table:{card.table.number}", subject=f"callup:{call.id}",
                     after={"card": card.id, "reason": reason})
    if not is_new and reason and reason not in call.reason and len(call.reason) < 1000:
        # A second tap while waiting adds what the table now says, and keeps its place.
        call.reason = f"{call.reason} / {reason}" if call.reason else reason
        db.session.flush()
    return {"call_up": _call_json(call, card, user_names(card.tournament_id)),
            "is_new": is_new}


def call_status(card: Card) -> dict:
    """Return the table's call that is still open, with its place in the queue."""
    call = _active_call(card)
    if call is None:
        return {"call_up": None}
    body = _call_json(call, card, user_names(card.tournament_id))
    if call.status == "waiting":
        ahead = db.session.scalar(
            select(func.count(CallUp.id)).where(CallUp.tournament_id == card.tournament_id,
                                                   CallUp.status == "waiting",
                                                   CallUp.id < call.id))
        body["place"] = (ahead or 0) + 1
    return {"call_up": body}


def call_queue(tournament_id: int) -> dict:
    """Return the open call-ups, waiting first and oldest first (one query: it is polled)."""
    rows = db.session.execute(
        select(CallUp, Table.number, PlaySession.number)
        .join(Card, Card.id == CallUp.card_id).join(Table, Table.id == Card.table_id)
        .join(PlaySession, PlaySession.id == Card.session_id)
        .where(CallUp.tournament_id == tournament_id, CallUp.status.in_(ACTIVE_CALLS))
        .order_by(CallUp.called_at, CallUp.id)).all()
    judges = user_names(tournament_id) if any(c.taken_by for c, _, _ in rows) else {}
    items = [_call_json(call, None, judges, table=table, session=session)
             for call, table, session in rows]
    items.sort(key=lambda i: (i["status"] != "waiting", i["called_at_ms"], i["id"]))
    tag = hashlib.sha256(json.dumps(items, sort_keys=True).encode()).hexdigest()[:16]
    return {"items": items, "etag": tag}


def get_call(tournament_id: int, call_up_id: int) -> CallUp:
    """Return the event's call-up with this id."""
    call = db.session.get(CallUp, call_up_id)
    check_tournament(call, tournament_id, _("call-up %(call_up_id)s", call_up_id=call_up_id))
    return call


def take_call(call_up_id: int, user: User) -> dict:
    """Record that this judge has taken the call and arrived at the table."""
    call = get_call(user.tournament_id, call_up_id)
    if call.status == "taken" and call.taken_by != user.id:
        name = db.session.get(User, call.taken_by).name
        raise Conflict(_("%(name)s has already taken this call.", name=name))
    if call.status not in ACTIVE_CALLS:
        raise Conflict(_("This call has already been dealt with."))
    if call.status == "waiting":
        call.status, call.taken_by, call.taken_at = "taken", user.id, utcnow()
        db.session.flush()
        record_event("judging.take", tournament_id=call.tournament_id, actor=user,
                     subject=f"callup:{call.id}")
    return {"call_up": call_view(call)}


def call_view(call: CallUp) -> dict:
    """Return one call-up as plain data, with its table and session."""
    card = db.session.get(Card, call.card_id)
    return _call_json(call, card, user_names(call.tournament_id))
