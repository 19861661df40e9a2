"""An MCR session at one table (MCR §3.5.6, Appendix 4, Appendix 5): 16 hands, four wind rounds.

Four wind rounds of four hands each: East, South, West and North. The dealer passes to the
right after every hand, the dealer never repeats, and the players change seats between wind
rounds as MCR Appendix 4 lays out. With A, B, C, D the players who drew East, South, West
and North: round 2 puts A South, B East, C North, D West; round 3 A North, B West, C East,
D South; round 4 A West, B North, C South, D East (tests/rules/test_mcr_session.py states the
Appendix 4 table against `session_seats`).
"""

from __future__ import annotations

from collections.abc import Mapping

from judgeaid.tournament import rotation

WIND_ROUNDS = 4
HANDS = rotation.ROUNDS_PER_CYCLE * WIND_ROUNDS
WINDS = rotation.WINDS
# MCR Appendix 4: one seat rotation only
ROTATIONS = ("standard",)
# MCR Appendix 4: where the player in each seat sits from that wind round on
MOVES: rotation.SeatMoves = {
    2: {"E": "S", "S": "E", "W": "N", "N": "W"},
    3: {"E": "W", "S": "N", "N": "E", "W": "S"},
    4: {"E": "S", "S": "E", "W": "N", "N": "W"},
}


def session_seats(starting: Mapping[str, int], kind: str = "standard"
                  ) -> list[rotation.RoundSeats]:
    """Return the seats and seat winds of all 16 hands (MCR Appendix 4)."""
    # MCR Appendix 4 has one rotation; a stored setting cannot choose another
    return rotation.cycles_seats(rotation.checked_seats(starting), WIND_ROUNDS, MOVES)


def wind_round_of(hand: int) -> int:
    """Return the wind round, 1 (East) to 4 (North), that a hand belongs to."""
    rotation.check_range("hand", hand, HANDS)
    return (hand - 1) // rotation.ROUNDS_PER_CYCLE + 1


def hu_order(discarder: str) -> tuple[str, ...]:
    """Return the seat winds whose Hu on a discard wins first: MCR §3.7.2.4, the nearest
    player after the discarder in the order of play (E, S, W, N) wins."""
    at = WINDS.index(discarder)
    return tuple(WINDS[(at + step) % 4] for step in (1, 2, 3))


HU_ORDER_SECTION = "MCR §3.7.2.4"
