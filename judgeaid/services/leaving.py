"""A player leaving the table mid-session (§4.11, §4.15): the seat change on the card, then
the player's status in the event from the next session on."""

from __future__ import annotations

from judgeaid.models import Card, Player
from judgeaid.services.card_inputs import CardSeatChangeBody
from judgeaid.services.card_seats import record_seat_change
from judgeaid.services.cards import Actor
from judgeaid.services.results import mark_resigned
from judgeaid.services.session_changes import withdraw_player


def leave_table(card: Card, body: CardSeatChangeBody, actor: Actor) -> dict:
    """Record a player leaving the table from a round on, and put them out of the event."""
    answer, leaving = record_seat_change(card, body, actor)
    if leaving is not None:
        _put_out(card, leaving, body.reason, " ".join(body.note.split()), actor)
    return answer


def _put_out(card: Card, player: Player, reason: str, note: str, actor: Actor) -> None:
    """Give the leaving player the status that goes with it, unless they already have one."""
    if player.status != "active":
        return  # e.g. already resigned through a ruling (§1.9): the card records the seat
    tournament = card.table.session.tournament
    if reason == "disqualified":
        withdraw_player(tournament, player.number, actor.user, disqualify=True)
    else:
        mark_resigned(tournament, player.number, card.table.session.number + 1,
                      note or f"left table {card.table.number} of session "
                              f"{card.table.session.number} mid-session", actor.user)
