"""The Official Scoring Card's arithmetic (§1.5, §4.9, A.2.2): a round's deltas and totals.

Rounds are recorded by player number; the payoff core works by seat wind, so a round is
translated through the seat winds that the rotation (§3.4) gives for that round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from judgeaid.rules.zj.payoff import MalformedPayoff, payoff
from judgeaid.tournament.rotation import RoundSeats

ROUNDS = 16


class BadRound(ValueError):
    """A round that cannot be scored as described."""


@dataclass(frozen=True)
class RoundResult:
    """Each player's delta for a round and the player held responsible, if any."""

    deltas: dict[int, int]
    responsible: int | None


def score_round(
    seats: RoundSeats,
    *,
    result: str,
    scheme: str = "formal",
    winner: int | None = None,
    value: int | None = None,
    win: str | None = None,
    discarder: int | None = None,
    same_turn: Sequence[int] | None = None,
) -> RoundResult:
    """Return every player's delta for one round; raise BadRound for an impossible one."""
    players = list(seats.winds)
    if result in ("draw", "not_played"):
        # §1.6 a draw scores nothing; §3.4 a round cut by the session clock is not played
        return RoundResult(dict.fromkeys(players, 0), None)
    if result != "win":
        raise BadRound("result must be 'win', 'draw' or 'not_played'.")
    for role, who in (("winner", winner), ("discarder", discarder)):
        if who is not None and who not in seats.winds:
            raise BadRound(f"The {role} (player {who}) is not at this table.")
    if winner is None:
        raise BadRound("A win needs the winner.")
    chain = None
    if same_turn:
        unknown = [p for p in same_turn if p not in seats.winds]
        if unknown:
            raise BadRound(f"Player {unknown[0]} in the same-turn list is not at this table.")
        chain = [seats.winds[p] for p in same_turn]
    try:
        paid = payoff(value, win, seats.winds[winner],
                      seats.winds[discarder] if discarder is not None else None, chain, scheme)
    except MalformedPayoff as exc:
        raise BadRound(str(exc)) from exc
    by_wind = {wind: player for player, wind in seats.winds.items()}
    return RoundResult({by_wind[w]: d for w, d in paid.deltas.items()},
                       by_wind[paid.responsible] if paid.responsible else None)


@dataclass(frozen=True)
class Totals:
    """A player's round total, penalty total and final total for the session."""

    rounds: int
    penalties: int
    total: int


def card_totals(players: Sequence[int], round_deltas: Sequence[Mapping[int, int]],
                penalties: Sequence[tuple[int, int]]) -> dict[int, Totals]:
    """Add up the rounds and the penalty line (penalties come off the offender only, §4.11)."""
    rounds = dict.fromkeys(players, 0)
    for deltas in round_deltas:
        for player, delta in deltas.items():
            rounds[player] += delta
    taken = dict.fromkeys(players, 0)
    for player, points in penalties:
        taken[player] += points
    return {p: Totals(rounds[p], -taken[p], rounds[p] - taken[p]) for p in players}
