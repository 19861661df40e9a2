"""Seats and seat winds at one table through a session (§1.2.2, §1.2.3, §3.4, §4.10).

A table has four physical seats labelled E, S, W, N counter-clockwise. The starting seats
come from the wind-tile draw (§1.2.2). A session is 4 cycles of 4 rounds. Before each
cycle the players may change seats (standard and competitive events; league events keep
their seats); within a cycle the deal passes every round, so in round r of a cycle the
player in the r-th seat counter-clockwise from the East seat is the dealer (East wind).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

Rotation = Literal["standard", "league"]
WINDS = ("E", "S", "W", "N")
ROUNDS_PER_CYCLE = 4
CYCLES = 4
ROUNDS = ROUNDS_PER_CYCLE * CYCLES

# Where the player in each seat sits next cycle, for standard and competitive events.
_MOVES = {
    2: {"E": "S", "S": "E", "W": "N", "N": "W"},  # §3.4.2.1 East and South exchange
    3: {"E": "W", "S": "N", "N": "E", "W": "S"},  # §3.4.2.1 East and South cross the table
    4: {"E": "S", "S": "E", "W": "N", "N": "W"},  # §3.4.2.1 East and South exchange again
}


@dataclass(frozen=True)
class RoundSeats:
    """Who sits where and holds which seat wind in one round of a session.

    `seats` maps each physical seat (E, S, W, N) to its player for the round's cycle;
    `winds` maps each player to their seat wind in this round; `dealer` holds East.
    """

    round_no: int
    cycle: int
    dealer: int
    winds: dict[int, str]
    seats: dict[str, int]

    @property
    def players_by_wind(self) -> dict[str, int]:
        """Return the player holding each seat wind, in E, S, W, N order."""
        by_wind = {wind: player for player, wind in self.winds.items()}
        return {wind: by_wind[wind] for wind in WINDS}


def round_number(cycle: int, round_in_cycle: int) -> int:
    """Return the round's number in the session, 1 to 16."""
    _check_range("cycle", cycle, CYCLES)
    _check_range("round_in_cycle", round_in_cycle, ROUNDS_PER_CYCLE)
    return (cycle - 1) * ROUNDS_PER_CYCLE + round_in_cycle


def cycle_seats(starting: Mapping[str, int], cycle: int, rotation: Rotation) -> dict[str, int]:
    """Return the player in each physical seat during a cycle."""
    seats = _checked_seats(starting)
    _check_range("cycle", cycle, CYCLES)
    _check_rotation(rotation)
    if rotation == "league":
        # §3.4.1.1 league players keep their seats for the whole session
        return seats
    for next_cycle in range(2, cycle + 1):
        moves = _MOVES[next_cycle]
        seats = {moves[seat]: player for seat, player in seats.items()}
    return {seat: seats[seat] for seat in WINDS}


def seat_winds(
    starting: Mapping[str, int], cycle: int, round_in_cycle: int, rotation: Rotation
) -> RoundSeats:
    """Return the dealer and every player's seat wind in one round."""
    seats = cycle_seats(starting, cycle, rotation)
    round_no = round_number(cycle, round_in_cycle)
    # §1.2.3 the deal passes every round; §3.4.2.1 the player in East starts each cycle
    first = round_in_cycle - 1
    winds = {seats[WINDS[(first + i) % 4]]: wind for i, wind in enumerate(WINDS)}
    dealer = seats[WINDS[first]]
    return RoundSeats(round_no, cycle, dealer, winds, seats)


def session_seats(starting: Mapping[str, int], rotation: Rotation) -> list[RoundSeats]:
    """Return the seats and winds of all 16 rounds of a session."""
    return [
        seat_winds(starting, cycle, r, rotation)
        for cycle in range(1, CYCLES + 1)
        for r in range(1, ROUNDS_PER_CYCLE + 1)
    ]


def dealt_by(seats: RoundSeats, dealer: int) -> RoundSeats:
    """Return a round's seats with the winds it had when `dealer` took East for it (§1.2.7).

    A round dealt by the wrong East (§1.2.7 "Wrong dealer", found after the correct East
    drew their 12th tile), or a later round given to the skipped East as compensation: the
    actual dealer is East and the winds run on counter-clockwise from their physical seat,
    exactly as if the deal had reached that seat normally. Nobody moves seat.
    """
    if dealer not in seats.winds:
        raise ValueError(f"player {dealer} is not at this table")
    at = next(seat for seat, player in seats.seats.items() if player == dealer)
    first = WINDS.index(at)
    winds = {seats.seats[WINDS[(first + i) % 4]]: wind for i, wind in enumerate(WINDS)}
    return RoundSeats(seats.round_no, seats.cycle, dealer, winds, dict(seats.seats))


def draw_seats(players: Sequence[int], seed: int) -> dict[str, int]:
    """Draw the four wind tiles for a table's players; return the player in each seat."""
    if len(players) != 4 or len(set(players)) != 4:
        raise ValueError(f"a wind draw needs four different players, got {list(players)}")
    # §1.2.2 each player draws a face-down wind tile and takes the seat it names
    tiles = list(WINDS)
    random.Random(seed).shuffle(tiles)
    drawn = dict(zip(tiles, players, strict=True))
    return {wind: drawn[wind] for wind in WINDS}


def _checked_seats(starting: Mapping[str, int]) -> dict[str, int]:
    """Return the starting seats in E, S, W, N order, or raise ValueError."""
    if sorted(starting) != sorted(WINDS):
        raise ValueError(f"starting seats must be exactly E, S, W, N, got {sorted(starting)}")
    seats = {seat: starting[seat] for seat in WINDS}
    if len(set(seats.values())) != 4:
        raise ValueError("each seat needs a different player")
    return seats


def _check_range(name: str, value: int, top: int) -> None:
    """Raise ValueError unless 1 <= value <= top."""
    if not 1 <= value <= top:
        raise ValueError(f"{name} must be 1 to {top}, got {value}")


def _check_rotation(rotation: str) -> None:
    """Raise ValueError for an unknown rotation kind."""
    if rotation not in ("standard", "league"):
        raise ValueError(f"rotation must be 'standard' or 'league', got {rotation!r}")
