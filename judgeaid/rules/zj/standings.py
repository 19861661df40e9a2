"""Zung Jung's standings: match points, the late-arrival pardon and its deduction (§3.5.2, §3.7).

A session is worth the match points of the player's own card total (§3.5.2: the square root
of its magnitude, carrying its sign). Players rank by match points, then raw total, then the
event's seeded draw (§3.3.1, §3.3.2.1). A player who arrives late for the first one or two
sessions may be pardoned and loses 15 MP for each session missed (§3.7). The arithmetic of
ranking is judgeaid.tournament.standings; this module states Zung Jung's numbers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import timedelta

from judgeaid.tournament.standings import (
    PlayerResult,
    Standing,
    display_signed,
    points_key,
    rank_by_points,
)

DISPLAY_PLACES = 2
LATE_ARRIVAL_DEDUCTION = 15.0  # §3.7 MP per session missed
MAX_LATE_SESSIONS = 2  # §3.7 only the first one or two sessions may be missed
# §3.7 a late player must check in before the third session starts
LAST_LATE_SESSION = MAX_LATE_SESSIONS + 1
# §3.7 the organizer may refuse a player who checks in later than 10 minutes before a start
LATE_CHECK_IN_MARGIN = timedelta(minutes=10)

# §3.3.1 equal MP compare by the standings' own rounding
mp_key = points_key


def late_join_problem(joins: int, preliminary_sessions: int | None = None) -> str | None:
    """Explain why a late arrival cannot join at session `joins`, or return None (§3.7).

    `preliminary_sessions` is the length of a competitive event's preliminary round (None
    for a casual event): the pardon covers its first sessions only.
    """
    if joins == 1:
        return None  # session 1: not late at all (clears a mark)
    if not 1 < joins <= LAST_LATE_SESSION:
        return (f"A late arrival joins at session 2 or 3 at the latest: they must check in "
                f"before session {LAST_LATE_SESSION} starts (§3.7). Choose 1 to clear the mark.")
    if preliminary_sessions is not None and joins > preliminary_sessions:
        return "The late-arrival pardon covers preliminary sessions only (§3.7)."
    return None


def match_points(raw: int) -> float:
    """Convert a session raw score into match points."""
    # §3.5.2 the square root of the magnitude, carrying the sign of the raw score
    if raw == 0:
        return 0.0
    return math.copysign(math.sqrt(abs(raw)), raw)


def display_match_points(value: float, places: int = DISPLAY_PLACES) -> str:
    """Format match points for display with a sign and a fixed number of decimals."""
    return display_signed(value, places)


def rank(entries: Sequence[PlayerResult], seed: int) -> list[Standing]:
    """Rank players by match points, then raw total, then the seeded draw (§3.3.1, §3.3.2.1).

    A resigned, withdrawn or disqualified player is out of the event (§4.11, §4.13); ranking
    them below everyone still in is our reading.
    """
    return rank_by_points(entries, seed, session_points=match_points,
                          late_deduction=LATE_ARRIVAL_DEDUCTION,
                          max_late_sessions=MAX_LATE_SESSIONS)
