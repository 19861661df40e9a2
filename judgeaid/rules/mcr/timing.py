"""MCR's clock (MCR §3.5.6): the session limit, a notice at 15 minutes, no play timers.

MCR times the session, not the players: a session lasts at most 150 minutes, the head
judge tells the players when 15 minutes are left, and at time the hand in play ends at once,
so only the hands finished before it count. There is no per-turn or per-hand play clock and
no resignation for time penalties (those are Zung Jung's §1.9).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judgeaid.rules.mcr.formats import MAX_SESSION_MINUTES
from judgeaid.rules.ruleset import TimeLimits

# MCR §3.5.6 the head judge's notice
NOTICE_MS = 15 * 60_000
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
