"""Zung Jung's seats through a session (§1.2.2, §1.2.3, §3.4, §4.10): 4 cycles of 4 rounds.

The starting seats come from the wind-tile draw (§1.2.2). Before each cycle the players
change seats (standard and competitive events, §3.4.2.1; league events keep their seats,
§3.4.1.1); within a cycle the deal passes every round (§1.2.3), so in round r of a cycle the
player in the r-th seat counter-clockwise from the East seat is the dealer. The seat
arithmetic is judgeaid.tournament.rotation; this module states Zung Jung's moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from judgeaid.tournament.rotation import (
    ROUNDS_PER_CYCLE,
    WINDS,
    RoundSeats,
    SeatMoves,
    check_range,
    checked_seats,
    moved_seats,
    round_seats,
)

Rotation = Literal["standard", "league"]
ROTATIONS: tuple[str, ...] = ("standard", "league")
CYCLES = 4  # §3.4 a session is four cycles of four rounds
ROUNDS = ROUNDS_PER_CYCLE * CYCLES

# Where the player in each seat sits next cycle, for standard and competitive events.
MOVES: SeatMoves = {
    2: {"E": "S", "S": "E", "W": "N", "N": "W"},  # §3.4.2.1 East and South exchange
    3: {"E": "W", "S": "N", "N": "E", "W": "S"},  # §3.4.2.1 East and South cross the table
    4: {"E": "S", "S": "E", "W": "N", "N": "W"},  # §3.4.2.1 East and South exchange again
}
# §3.4.1.1 league players keep their seats for the whole session
_KEEP: SeatMoves = {}


def round_number(cycle: int, round_in_cycle: int) -> int:
    """Return the round's number in the session, 1 to 16."""
    check_range("cycle", cycle, CYCLES)
    check_range("round_in_cycle", round_in_cycle, ROUNDS_PER_CYCLE)
    return (cycle - 1) * ROUNDS_PER_CYCLE + round_in_cycle


def cycle_of(round_no: int) -> int:
    """Return the cycle, 1 to 4, that a round of the session belongs to."""
    check_range("round_no", round_no, ROUNDS)
    return (round_no - 1) // ROUNDS_PER_CYCLE + 1


def cycle_seats(starting: Mapping[str, int], cycle: int, rotation: Rotation) -> dict[str, int]:
    """Return the player in each physical seat during a cycle."""
    check_range("cycle", cycle, CYCLES)
    return moved_seats(starting, cycle, _moves(rotation))


def seat_winds(starting: Mapping[str, int], cycle: int, round_in_cycle: int,
               rotation: Rotation) -> RoundSeats:
    """Return the dealer and every player's seat wind in one round."""
    # §1.2.3 the deal passes every round; §3.4.2.1 the player in East starts each cycle
    return round_seats(cycle_seats(starting, cycle, rotation), cycle, round_in_cycle)


def session_seats(starting: Mapping[str, int], rotation: str) -> list[RoundSeats]:
    """Return the seats and winds of all 16 rounds of a session."""
    checked_seats(starting)
    moves = _moves(rotation)
    return [round_seats(moved_seats(starting, cycle, moves), cycle, r)
            for cycle in range(1, CYCLES + 1) for r in range(1, ROUNDS_PER_CYCLE + 1)]


def _moves(rotation: str) -> SeatMoves:
    """Return the seat moves of a rotation kind, or raise ValueError for an unknown one."""
    if rotation not in ROTATIONS:
        raise ValueError(f"rotation must be 'standard' or 'league', got {rotation!r}")
    return _KEEP if rotation == "league" else MOVES


__all__ = ["CYCLES", "MOVES", "ROTATIONS", "ROUNDS", "WINDS", "Rotation", "RoundSeats",
           "cycle_of", "cycle_seats", "round_number", "seat_winds", "session_seats"]
