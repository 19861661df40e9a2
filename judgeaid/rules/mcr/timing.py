"""MCR's clock (MCR §3.5.6): the session limit, a notice at 15 minutes, no play timers.

MCR times the session, not the players: a session lasts at most 150 minutes, the head
judge tells the players when 15 minutes are left, and at time the hand in play ends at once,
so only the hands finished before it count. There is no per-turn or per-hand play clock and
no resignation for time penalties (those are Zung Jung's §1.9).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judgeaid.rules.clock import TimeoutCharge
from judgeaid.rules.mcr.formats import MAX_SESSION_MINUTES
from judgeaid.rules.ruleset import ClockPenalty, TimeLimits

# MCR §3.5.6 the head judge's notice
NOTICE_MS = 15 * 60_000
# why play cannot be timed (the words table's timers.none says it to people)
NO_PLAY_TIMERS = ("MCR events have no turn or play timers: MCR times the whole session "
                  "(MCR §3.5.6), not each player's turn.")


def time_limits(format_code: str, settings: Mapping[str, Any], *,
                is_stalling_clock: bool = False) -> TimeLimits:
    """Return an empty set of play limits: MCR has no per-turn clock."""
    return TimeLimits("none", 0, None, 0)


def session_ms(settings: Mapping[str, Any], *, stage: str, bracket_size: int | None
               ) -> int | None:
    """Return a session's length from the event's settings, never above 150 minutes."""
    minutes = settings.get("session_minutes")
    if minutes is None:
        return None
    # MCR §3.5.6 at most 150 minutes, whatever an old setting says
    return min(int(minutes), MAX_SESSION_MINUTES) * 60_000


def crosses_resignation(before: int, added: int) -> bool:
    """Return False: MCR has no resignation for time penalties."""
    return False


def round_time(*args: Any, **kwargs: Any) -> Any:
    """Refuse: MCR has no play timers."""
    raise ValueError(NO_PLAY_TIMERS)


# MCR has no play timers, so nothing prices play time; should a line ever be asked for, it
# is a rule violation of the judge's choosing (MCR §3.11.2.2), never a clock's sum.
TIME_PENALTY = ClockPenalty("violation", "rule_violation",
                            "MCR has no play timers: a judge prices slow play as a rule "
                            "violation (MCR §3.11.2.2).")
# The text gives no free time away from the table: every second counts (our reading)
TIMEOUT_FREE_MS = 0


def timeout_charge(previous_total_ms: int, duration_ms: int, *,
                   is_medication: bool = False) -> TimeoutCharge:
    """Return the time-out as recorded, charging nothing.

    The MCR text sets no allowance or price for time away from the table (Zung Jung's §4.14
    has no MCR counterpart): the time is logged for the judge, who may rule a foul, a rule
    violation of 5 to 60 points (MCR §3.11.2.2). Our reading.
    """
    if previous_total_ms < 0 or duration_ms < 0:
        raise ValueError("time-out durations cannot be negative")
    total = previous_total_ms + duration_ms
    return TimeoutCharge(points=0, counted_ms=duration_ms, session_total_ms=total,
                         session_points=0)
