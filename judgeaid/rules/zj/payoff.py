"""Split the value of a won hand among the four seats (ZJM §2.3).

Seats are the round's seat winds "E", "S", "W", "N". The winner always receives three
times the value and the deltas always sum to zero.

Schemes:
    ``formal``   the payoff scheme of §2.3 (Kwan's Formal Competition Scheme, rules/002): on a
                 discard win above 25 points
                 the responsible player pays 3 × value − 50 and the other two pay 25.
    ``uniform``  Kwan's Uniform Payoff Scheme for casual play (rules/002): the three others
                 always pay the value. Nobody pays extra, so `responsible` is always None:
                 the field names the player who bears a larger share, and here none does.

A draw (§1.6) scores 0 for everybody; its other arguments are not looked at.
Bad input raises `MalformedPayoff` (the API answers 400).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judgeaid.rules import payoff as shared
from judgeaid.rules.payoff import Payoff
from judgeaid.rules.ruleset import MalformedPayoff

from .catalogue import PAYOFF_THRESHOLD, SCHEMES, SEATS

__all__ = ["Payoff", "payoff", "payoff_request"]

_REQUEST_KEYS = ("value", "win", "winner", "discarder", "same_turn", "scheme")


def payoff(
    value: int | None,
    win: str,
    winner: str | None,
    discarder: str | None = None,
    same_turn: Sequence[str] | None = None,
    scheme: str = "formal",
) -> Payoff:
    """Compute each seat's delta for a round by the payoff scheme of §2.3."""
    if scheme not in SCHEMES:
        raise MalformedPayoff(f"Unknown payoff scheme {scheme!r}; use 'formal' or 'uniform'.")
    shared.check_win(win)
    if win == "draw":
        return shared.draw()  # §1.6 no win, no payment

    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise MalformedPayoff("The hand value must be a whole number of at least 1.")
    shared.check_seat(winner, "winner")
    if win == "self":
        if discarder is not None:
            raise MalformedPayoff("A self-drawn win has no discarder.")
        if same_turn:
            raise MalformedPayoff("A self-drawn win has no same-turn discards.")
        return _split(value, winner, None)  # §2.3 everybody pays for self-draw

    chain = _same_turn_chain(winner, discarder, same_turn)
    # §2.3 same-turn immunity: the first to discard the tile in this turn is responsible,
    # unless that was the winner, in which case nobody is.
    responsible = None if chain[0] == winner else chain[0]
    if scheme == "uniform":
        return _split(value, winner, None)
    return _split(value, winner, responsible)


def payoff_request(request: Mapping[str, Any]) -> Payoff:
    """Compute a payoff from a request dict shaped like the /api/zj/payoff body."""
    request = shared.read_request(request, _REQUEST_KEYS)
    return payoff(
        value=request.get("value"),
        win=request["win"],
        winner=request.get("winner"),
        discarder=request.get("discarder"),
        same_turn=request.get("same_turn"),
        scheme=request.get("scheme") or "formal",
    )


def _same_turn_chain(
    winner: str, discarder: str | None, same_turn: Sequence[str] | None
) -> list[str]:
    discarder = shared.check_discarder(winner, discarder)
    if same_turn is None:
        same_turn = []
    if isinstance(same_turn, str) or not isinstance(same_turn, Sequence):
        raise MalformedPayoff("same_turn must be a list of seats.")
    for seat in same_turn:
        shared.check_seat(seat, "same_turn seat")
    # The discarder of the winning tile always closes the chain.
    chain = list(same_turn)
    if not chain or chain[-1] != discarder:
        chain.append(discarder)
    if len(set(chain)) != len(chain):
        raise MalformedPayoff("A seat appears twice in the same-turn discards.")
    if winner in chain[1:]:
        raise MalformedPayoff("The winner can only be the first of the same-turn discards.")
    return chain


def _split(value: int, winner: str, responsible: str | None) -> Payoff:
    # §2.3 the winner always receives three times the value.
    payments = dict.fromkeys((seat for seat in SEATS if seat != winner), value)
    if responsible is not None and value > PAYOFF_THRESHOLD:
        # §2.3 discarder pays for big hands: the others pay the threshold, the rest is theirs.
        for seat in payments:
            payments[seat] = PAYOFF_THRESHOLD
        payments[responsible] = 3 * value - 2 * PAYOFF_THRESHOLD
    deltas = {seat: (3 * value if seat == winner else -payments[seat]) for seat in SEATS}
    return Payoff(deltas, responsible)
