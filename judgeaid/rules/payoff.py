"""A hand's payoff, whatever the ruleset: its shape and the checks of a request.

Each ruleset keeps its own pricing (who pays what); this module holds the `Payoff` both
return and the checks of seats and request fields they share.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judgeaid.rules.ruleset import MalformedPayoff

SEATS = ("E", "S", "W", "N")
WINS = ("self", "discard", "draw")


@dataclass(frozen=True)
class Payoff:
    """What each seat gains or pays for one hand, and who was responsible for the value."""

    deltas: dict[str, int]
    responsible: str | None

    def as_dict(self) -> dict[str, Any]:
        """Return the payoff as a JSON-ready dict, the same shape the browser's module returns."""
        return {"deltas": dict(self.deltas), "responsible": self.responsible}


def draw() -> Payoff:
    """Return the payoff of a hand nobody won: nobody pays."""
    return Payoff(dict.fromkeys(SEATS, 0), None)


def check_win(win: object) -> None:
    """Refuse a kind of win that is not self-drawn, on a discard or a draw."""
    if win not in WINS:
        raise MalformedPayoff(f"Unknown kind of win {win!r}; use 'self', 'discard' or 'draw'.")


def check_seat(seat: object, role: str) -> None:
    """Refuse a seat that is not one of E, S, W, N."""
    if not isinstance(seat, str) or seat not in SEATS:
        raise MalformedPayoff(f"The {role} must be one of E, S, W, N; got {seat!r}.")


def check_discarder(winner: str, discarder: str | None) -> str:
    """Return the discarder of a win on a discard, refusing a missing or wrong one."""
    if discarder is None:
        raise MalformedPayoff("A win on a discard needs the discarder.")
    check_seat(discarder, "discarder")
    if discarder == winner:
        raise MalformedPayoff("The winner cannot be the discarder.")
    return discarder


def read_request(request: object, keys: Sequence[str]) -> Mapping[str, Any]:
    """Return a payoff request's body, refusing one that is not an object, names a field
    not in `keys` or lacks 'win'."""
    if not isinstance(request, Mapping):
        raise MalformedPayoff("The payoff request must be an object.")
    unknown = sorted(str(key) for key in request if key not in keys)
    if unknown:
        raise MalformedPayoff(f"Unknown field(s) in the payoff request: {', '.join(unknown)}.")
    if "win" not in request:
        raise MalformedPayoff("The payoff request needs 'win'.")
    return request
