"""A scoring card's stored totals: one `CardTotal` row per player.

The standings of a whole event read 4 numbers per card instead of adding up every round
line again. Every verb that writes a round line, a penalty line or a seat change (the card's
own verbs, a judging service's credit line, a restore) ends by calling `store_totals` for
its card, in the same transaction; a round's write, which builds the card's view anyway,
stores the view's totals (`store_view_totals`).
"""

from __future__ import annotations

from collections.abc import Iterable

from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Card, CardPenalty, CardRound, CardSeatChange, CardTotal, Player, Seat
from judgeaid.tournament.card import card_totals

_TOTALS_CHUNK = 500  # cards per statement: well inside every database's parameter limit


def store_totals(card_ids: Iterable[int]) -> None:
    """Recompute and store the totals of these cards from their rounds and penalty lines."""
    session = db.session
    session.flush()  # lines added but not yet written are counted too
    ids = sorted(set(card_ids))
    for start in range(0, len(ids), _TOTALS_CHUNK):
        chunk = ids[start:start + _TOTALS_CHUNK]
        # Two judges writing to one card add up one after the other (a PostgreSQL row lock,
        # taken before the rounds are read; SQLite writes one transaction at a time), so the
        # later one sees both writes. NO KEY UPDATE, as the version bump takes: the key-share
        # locks that each new round line's foreign key holds on the card do not block it, so
        # two writers cannot deadlock.
        numbers: dict[int, list[int]] = {card_id: [] for card_id in chunk}
        for card_id, number in session.execute(
                select(Card.id, Player.number).join(Seat, Seat.table_id == Card.table_id)
                .join(Player, Player.id == Seat.player_id)
                .where(Card.id.in_(chunk)).order_by(Card.id, Seat.position)
                .with_for_update(of=Card, key_share=True)):
            numbers[card_id].append(number)
        for card_id, number in session.execute(
                select(CardSeatChange.card_id, Player.number)
                .join(Player, Player.id == CardSeatChange.entering_player_id)
                .where(CardSeatChange.card_id.in_(chunk))):
            numbers[card_id].append(number)  # §4.15 a substitute's rounds are theirs
        latest: dict[int, dict[int, dict[str, int]]] = {card_id: {} for card_id in chunk}
        for card_id, number, deltas in session.execute(
                select(CardRound.card_id, CardRound.round, CardRound.deltas)
                .where(CardRound.card_id.in_(chunk))
                .order_by(CardRound.card_id, CardRound.round, CardRound.revision)):
            latest[card_id][number] = deltas  # the highest revision is the one that counts
        live: dict[int, list[tuple[int, int]]] = {card_id: [] for card_id in chunk}
        for card_id, number, points in session.execute(
                select(CardPenalty.card_id, CardPenalty.player_number, CardPenalty.points)
                .where(CardPenalty.card_id.in_(chunk), CardPenalty.voided_at.is_(None))):
            live[card_id].append((number, points))
        # Rounds marked not played add nothing (§3.4), so they are left out here.
        rows = [{"card_id": card_id, "player_number": number, "rounds": line.rounds,
                 "penalties": line.penalties}
                for card_id in chunk
                for number, line in card_totals(
                    numbers[card_id],
                    [{int(k): v for k, v in deltas.items()} for deltas in latest[card_id].values()],
                    live[card_id]).items()]
        _replace(chunk, rows)


def store_view_totals(card_id: int, totals: dict[int, dict[str, int]]) -> None:
    """Store the totals a card's view shows (`card_view(card)["totals"]`), for a verb that
    built that view after bumping the card's version: the bump locked the card's row first
    (PostgreSQL; SQLite writes one transaction at a time), so the view added up every line
    written before it, as `store_totals` would have, without reading them a second time."""
    _replace([card_id], [{"card_id": card_id, "player_number": number, "rounds": line["rounds"],
                          "penalties": line["penalties"]} for number, line in totals.items()])


def _replace(card_ids: list[int], rows: list[dict]) -> None:
    table = CardTotal.__table__
    db.session.execute(table.delete().where(table.c.card_id.in_(card_ids)))
    if rows:
        db.session.execute(table.insert(), rows)
