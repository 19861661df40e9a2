"""A player leaving the table mid-session (§4.11), and the neutral substitute (§4.15).

The seat change is a card verb like the others (judgeaid.services.card_writes): checked,
recorded with who and why, the card's confirmations revoked and its totals stored again.
"""

from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import (
    WINDS,
    Card,
    CardSeatChange,
    CardTotal,
    Player,
    PlaySession,
    Seat,
    Table,
)
from judgeaid.services.audit import record_event
from judgeaid.services.card_inputs import CardSeatChangeBody
from judgeaid.services.card_totals import store_totals
from judgeaid.services.card_views import card_view
from judgeaid.services.card_writes import check_judge, check_not_final, revoke_confirmations, touch
from judgeaid.services.cards import Actor, people, round_revisions, seat_change_rows, starting_seats
from judgeaid.services.errors import Conflict, Forbidden, Unprocessable


def record_seat_change(card: Card, body: CardSeatChangeBody, actor: Actor
                       ) -> tuple[dict, Player | None]:
    """Record that a player leaves the table from a round on, and who takes the seat.

    Return the card's answer and the player who left, or None when the change only names
    the substitute for a seat left empty earlier. The organizer or head judge records it.
    The leaving player's status is the caller's to change (judgeaid.services.leaving,
    resigned or disqualified from the next session on); the rounds before
    `from_round` stay theirs. A substitute named here plays the rest as a neutral player
    (§4.15, our reading for the middle of a session): their score keeps the table zero-sum
    and is never ranked. Without one, no round from `from_round` on can be recorded. A seat
    left empty can be given a substitute later by sending the same change with one.
    """
    check_judge(actor, card, _("record a player leaving the table"))
    check_not_final(card)
    if actor.user is None or actor.user.role not in ("organizer", "head_judge"):
        raise Forbidden(_("Only the organizer or the head judge records a player leaving the "
                          "table."))
    starting = starting_seats(card)
    seat = next((s for s in card.table.seats if s.player.number == body.player), None)
    if seat is None:
        raise Unprocessable(_("Player %(player)s did not start at this table; name one of "
                              "%(join)s.", player=body.player,
                              join=', '.join(str(n) for n in starting.values())))
    leaving = seat.player
    existing = next((row for row in seat_change_rows(card) if row.position == seat.position), None)
    if existing is not None:
        return _fill_empty_seat(card, existing, body, actor), None
    recorded = set(round_revisions(card))
    later = sorted(n for n in recorded if n >= body.from_round)
    if later:
        raise Conflict(_("Round %(value)s is already recorded with %(name)s at the table. A "
                         "player leaves from a round not yet recorded (from round %(value2)s), "
                         "or a judge corrects the rounds first; no recorded round is rewritten.",
                         value=later[0], name=leaving.name, value2=max(recorded) + 1))
    if card.not_played_from and body.from_round >= card.not_played_from:
        raise Conflict(_("Rounds from %(not_played_from)s are not played (session time over), "
                         "so nobody leaves the table there.",
                         not_played_from=card.not_played_from))
    entering = _substitute(card, body.substitute) if body.substitute is not None else None
    note = " ".join(body.note.split())
    row = CardSeatChange(card_id=card.id, round_from=body.from_round, position=seat.position,
                         leaving_player_id=leaving.id,
                         entering_player_id=entering.id if entering else None,
                         reason=body.reason, note=note, recorded_by=actor.label,
                         op_id=body.op_id)
    db.session.add(row)
    db.session.flush()
    revoke_confirmations(card)
    touch(card)
    store_totals([card.id])
    record_event("card.seat_change", tournament_id=card.tournament_id, actor=actor.user,
                 subject=f"card:{card.id}:seat:{WINDS[seat.position]}",
                 after={"player": leaving.number, "from_round": body.from_round,
                        "reason": body.reason, "substitute": entering.number if entering
                        else None, "note": note})
    return {"card": card_view(card)}, leaving


def _fill_empty_seat(card: Card, row: CardSeatChange, body: CardSeatChangeBody,
                     actor: Actor) -> dict:
    """Name the substitute for a seat left empty; anything else about a change stands."""
    if row.entering_player_id is not None or body.substitute is None:
        raise Conflict(_("%(name)s already left this table from round %(round)s, and "
                         "%(entering)s took the seat. A seat changes hands once on a card.",
                         name=row.leaving.name, round=row.round_from,
                         entering=row.entering.name) if row.entering else
                       _("%(name)s already left this table from round %(round)s. A seat "
                         "changes hands once on a card.", name=row.leaving.name,
                         round=row.round_from))
    if body.from_round != row.round_from or body.reason != row.reason:
        raise Conflict(_("%(name)s left from round %(round_from)s (%(reason)s); the substitute "
                         "takes the seat from that round.", name=row.leaving.name,
                         round_from=row.round_from, reason=row.reason))
    entering = _substitute(card, body.substitute)
    row.entering_player_id = entering.id
    db.session.flush()
    db.session.refresh(row)
    revoke_confirmations(card)
    touch(card)
    store_totals([card.id])
    record_event("card.seat_change.substitute", tournament_id=card.tournament_id,
                 actor=actor.user, subject=f"card:{card.id}:seat:{WINDS[row.position]}",
                 before={"substitute": None}, after={"substitute": entering.number})
    return {"card": card_view(card)}


def _substitute(card: Card, number: int) -> Player:
    """Return the player who may take a seat at this card, or refuse with the reason."""
    player = db.session.scalar(select(Player).where(
        Player.tournament_id == card.tournament_id, Player.number == number))
    if player is None:
        raise Unprocessable(_("There is no player %(number)s in this tournament.", number=number))
    if player.number in people(card):
        raise Unprocessable(_("%(name)s already sits at this table.", name=player.name))
    if player.status != "active":
        raise Unprocessable(_("%(name)s is %(status)s and cannot take a seat.", name=player.name,
                              status=player.status))
    seated = db.session.scalar(
        select(Table.number).join(Seat, Seat.table_id == Table.id)
        .where(Table.session_id == card.session_id, Seat.player_id == player.id))
    if seated is not None:
        raise Conflict(_("%(name)s plays at table %(seated)s in this session.", name=player.name,
                         seated=seated))
    elsewhere = db.session.scalar(
        select(Table.number).join(Card, Card.table_id == Table.id)
        .join(CardSeatChange, CardSeatChange.card_id == Card.id)
        .where(Card.session_id == card.session_id,
               CardSeatChange.entering_player_id == player.id))
    if elsewhere is not None:
        raise Conflict(_("%(name)s already took a seat at table %(elsewhere)s in this session.",
                         name=player.name, elsewhere=elsewhere))
    return player


def substitute_seats(player_id: int) -> list[dict]:
    """Return the seats a player took mid-session as a neutral substitute, with their totals."""
    rows = db.session.execute(
        select(PlaySession.number, PlaySession.stage, PlaySession.bracket_size,
               PlaySession.finalized_at, Table.number, CardSeatChange.position,
               CardSeatChange.round_from, CardTotal.rounds, CardTotal.penalties)
        .join(Card, Card.id == CardSeatChange.card_id)
        .join(Table, Table.id == Card.table_id)
        .join(PlaySession, PlaySession.id == Table.session_id)
        .join(Player, Player.id == CardSeatChange.entering_player_id)
        .outerjoin(CardTotal, (CardTotal.card_id == Card.id)
                   & (CardTotal.player_number == Player.number))
        .where(CardSeatChange.entering_player_id == player_id)
        .order_by(PlaySession.number))
    return [{"number": number, "stage": stage, "bracket_size": size, "is_final": bool(final),
             "table": table, "seat": WINDS[position], "from_round": from_round,
             "rounds": rounds or 0, "penalties": penalties or 0,
             "raw": (rounds or 0) + (penalties or 0)}
            for number, stage, size, final, table, position, from_round, rounds, penalties
            in rows]
