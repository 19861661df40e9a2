"""Seats and seat winds at one table: the arithmetic a ruleset's seat rotation is built from.

A table has four physical seats labelled E, S, W, N counter-clockwise. A session runs in
cycles; in each cycle every seat deals once, so in round r of a cycle the player in the
r-th seat counter-clockwise from the East seat is the dealer (East wind). Between cycles the
players may move seats: a ruleset states the moves (`SeatMoves`) and `moved_seats` applies
them. Which moves, how many cycles, and how the starting seats are drawn is the ruleset's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

WINDS = ("E", "S", "W", "N")
# every seat deals once in a cycle
ROUNDS_PER_CYCLE = len(WINDS)
# the most rounds a scoring card holds (four cycles); the schemas bound round numbers by it
ROUNDS = 16

# cycle number -> where the player in each seat sits from that cycle on (seat -> seat)
SeatMoves = Mapping[int, Mapping[str, str]]


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


def moved_seats(starting: Mapping[str, int], cycle: int, moves: SeatMoves) -> dict[str, int]:
    """Return the player in each physical seat during a cycle, after every earlier move."""
    seats = checked_seats(starting)
    for next_cycle in range(2, cycle + 1):
        move = moves.get(next_cycle)
        if move:
            seats = {move[seat]: player for seat, player in seats.items()}
    return {seat: seats[seat] for seat in WINDS}


def round_seats(seats: Mapping[str, int], cycle: int, round_in_cycle: int) -> RoundSeats:
    """Return the dealer and every player's seat wind in one round of a cycle."""
    check_range("round_in_cycle", round_in_cycle, ROUNDS_PER_CYCLE)
    round_no = (cycle - 1) * ROUNDS_PER_CYCLE + round_in_cycle
    # the deal passes one seat counter-clockwise every round, from the East seat
    first = round_in_cycle - 1
    winds = {seats[WINDS[(first + i) % 4]]: wind for i, wind in enumerate(WINDS)}
    dealer = seats[WINDS[first]]
    return RoundSeats(round_no, cycle, dealer, winds, dict(seats))


def cycles_seats(starting: Mapping[str, int], cycles: int, moves: SeatMoves
                 ) -> list[RoundSeats]:
    """Return the seats and winds of every round of `cycles` cycles, moving seats between."""
    return [round_seats(moved_seats(starting, cycle, moves), cycle, r)
            for cycle in range(1, cycles + 1) for r in range(1, ROUNDS_PER_CYCLE + 1)]


def dealt_by(seats: RoundSeats, dealer: int) -> RoundSeats:
    """Return a round's seats with the winds it had when `dealer` took East for it.

    The actual dealer is East and the winds run on counter-clockwise from their physical
    seat, exactly as if the deal had reached that seat normally. Nobody moves seat.
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
    # each player draws a face-down wind tile and takes the seat it names
    tiles = list(WINDS)
    random.Random(seed).shuffle(tiles)
    drawn = dict(zip(tiles, players, strict=True))
    return {wind: drawn[wind] for wind in WINDS}


def checked_seats(starting: Mapping[str, int]) -> dict[str, int]:
    """Return the starting seats in E, S, W, N order, or raise ValueError."""
    if sorted(starting) != sorted(WINDS):
        raise ValueError(f"starting seats must be exactly E, S, W, N, got {sorted(starting)}")
    seats = {seat: starting[seat] for seat in WINDS}
    if len(set(seats.values())) != 4:
        raise ValueError("each seat needs a different player")
    return seats


def check_range(name: str, value: int, top: int) -> None:
    """Raise ValueError unless 1 <= value <= top."""
    if not 1 <= value <= top:
        raise ValueError(f"{name} must be 1 to {top}, got {value}")
