"""MCR late arrival (MCR §3.11.2.1): contest points by the minute, then the session is lost."""

from __future__ import annotations

from dataclasses import dataclass

from judgeaid.rules import clock
from judgeaid.rules.ruleset import ClockPenalty

MINOR_MS = 10 * 60_000   # 10 minutes or less: 10 contest points
MAJOR_MS = 15 * 60_000   # more than 10, up to 15 minutes: 20; beyond 15: session forfeited
MINOR_POINTS = 10
MAJOR_POINTS = 20

# the foul the session clock writes on the card when it times a late arrival
LATE_PENALTY = ClockPenalty("late", "late_clock",
                            "10 contest points up to 10 minutes late, 20 up to 15; beyond "
                            "that the session is forfeited (MCR §3.11.2.1).")



@dataclass(frozen=True)
class LateArrival(clock.LateArrival):
    """What arriving this late costs, and whether the session is forfeited."""

    @property
    def words(self) -> str:
        """Say what the lateness cost, for the card's penalty line."""
        if self.may_be_ruled_absent:
            return "more than 15 minutes: the session is forfeited (MCR §3.11.2.1)"
        return f"{self.points} contest points off (MCR §3.11.2.1)"


def late_arrival(late_ms: int) -> LateArrival:
    """Return the MCR §3.11.2.1 charge for arriving `late_ms` after the start.

    Our reading of "11-15 minutes": anything over 10 minutes up to 15 costs 20. Beyond 15
    the player forfeits the session (no points: the text takes the session instead).
    """
    if late_ms < 0:
        raise ValueError("lateness cannot be negative")
    if late_ms == 0:
        return LateArrival(0, 0, False)
    if late_ms <= MINOR_MS:
        return LateArrival(late_ms, MINOR_POINTS, False)
    if late_ms <= MAJOR_MS:
        return LateArrival(late_ms, MAJOR_POINTS, False)
    return LateArrival(late_ms, 0, True)
