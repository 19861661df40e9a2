"""Split the value of a won MCR hand among the four seats (MCR §3.9.1.2, §3.9.1.3).

Seats are the hand's seat winds "E", "S", "W", "N". Every other player pays the winner the
8 extra points; a self-drawn win adds the hand's value to each of the three payments, a win
on a discard adds it to the discarder's alone. The deltas always sum to zero.

A draw (the wall ran out) scores 0 for everybody; its other arguments are not looked at.
MCR has one way of paying, so `same_turn` must stay empty and `scheme` is not looked at (the
card passes both, as for Zung Jung). Bad input raises `MalformedPayoff` (the API answers 400).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judgeaid.rules import payoff as shared
from judgeaid.rules.payoff import Payoff
from judgeaid.rules.ruleset import MalformedPayoff

from .catalogue import EXTRA_POINTS, MINIMUM, SEATS

__all__ = ["Payoff", "payoff", "payoff_request"]

_REQUEST_KEYS = ("value", "win", "winner", "discarder")


def payoff(
    value: int | None,
    win: str,
    winner: str | None,
    discarder: str | None = None,
    same_turn: Sequence[str] | None = None,
    scheme: str | None = None,
) -> Payoff:
    """Compute each seat's delta for a hand by MCR §3.9.1.3."""
    shared.check_win(win)
    if win == "draw":
        return shared.draw()
    if isinstance(value, bool) or not isinstance(value, int) or value < MINIMUM:
        raise MalformedPayoff(f"The hand value must be a whole number of at least {MINIMUM} "
                              "(MCR §3.9.1.1).")
    shared.check_seat(winner, "winner")
    if same_turn:
        raise MalformedPayoff("MCR has no same-turn rule: only the discarder pays the value.")
    if win == "self":
        if discarder is not None:
            raise MalformedPayoff("A self-drawn win has no discarder.")
        # §3.9.1.3 (1) each of the three others pays 8 + value
        payments = {seat: EXTRA_POINTS + value for seat in SEATS if seat != winner}
        return _deltas(winner, payments, None)
    discarder = shared.check_discarder(winner, discarder)
    # §3.9.1.3 (2) the discarder pays 8 + value, the other two pay 8
    payments = {seat: EXTRA_POINTS + (value if seat == discarder else 0)
                for seat in SEATS if seat != winner}
    return _deltas(winner, payments, discarder)


def payoff_request(request: Mapping[str, Any]) -> Payoff:
    """Compute a payoff from a request dict shaped like the /api/mcr/payoff body."""
    request = shared.read_request(request, _REQUEST_KEYS)
    return payoff(value=request.get("value"), win=request["win"],
                  winner=request.get("winner"), discarder=request.get("discarder"))


def _deltas(winner: str, payments: dict[str, int], responsible: str | None) -> Payoff:
    total = sum(payments.values())
    return Payoff({seat: total if seat == winner else -payments[seat] for seat in SEATS},
                  responsible)
