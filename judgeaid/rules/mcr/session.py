"""An MCR session at one table (MCR §3.5.6, Appendix 4, Appendix 5): 16 hands, four wind rounds.

Four wind rounds of four hands each: East, South, West and North. The dealer passes to the
right after every hand, the dealer never repeats, and the players change seats between wind
rounds as MCR Appendix 4 lays out. With A, B, C, D the players who drew East, South, West
and North: round 2 puts A South, B East, C North, D West; round 3 A North, B West, C East,
D South; round 4 A West, B North, C South, D East. That is exactly the "standard" rotation
of judgeaid.tournament.rotation, so MCR reuses it (tests/rules/test_mcr_session.py states
the Appendix 4 table against it).
"""

from __future__ import annotations

from collections.abc import Mapping

from judgeaid.tournament import rotation

HANDS = rotation.ROUNDS
WINDS = rotation.WINDS
# MCR Appendix 4: one seat rotation only
ROTATIONS = ("standard",)
WIND_ROUND_NAMES = ("East wind round", "South wind round", "West wind round",
                    "North wind round")


def session_seats(starting: Mapping[str, int], kind: str = "standard"
                  ) -> list[rotation.RoundSeats]:
    """Return the seats and seat winds of all 16 hands (MCR Appendix 4)."""
    # MCR Appendix 4 has one rotation; a stored setting cannot choose another
    return rotation.session_seats(starting, "standard")


def wind_round_of(hand: int) -> int:
    """Return the wind round, 1 (East) to 4 (North), that a hand belongs to."""
    return rotation.cycle_of(hand)


def wind_round_name(hand: int) -> str:
    """Return the heading of the wind round a hand belongs to."""
    return WIND_ROUND_NAMES[wind_round_of(hand) - 1]


def hu_order(discarder: str) -> tuple[str, ...]:
    """Return the seat winds whose Hu on a discard wins first: MCR §3.7.2.4, the nearest
    player after the discarder in the order of play (E, S, W, N) wins."""
    at = WINDS.index(discarder)
    return tuple(WINDS[(at + step) % 4] for step in (1, 2, 3))


HU_ORDER_SECTION = "MCR §3.7.2.4"
