"""MCR's clock (MCR §3.5.6) and its play limits (MCR §3.5.7 item 6, §3.6.4, §3.6.7).

MCR times the session: a session lasts at most 150 minutes, the head judge tells the players
when 15 minutes are left, and at time the hand in play ends at once, so only the hands
finished before it count. It also sets play limits: a discard within 10 s of drawing or
claiming (MCR §3.6.4), the dealer's first discard within 20 s of arranging the tiles (MCR
§3.5.7 item 6), a Pung or Kong call within 3 s of the discard (MCR §3.6.7). The text prices
none of them by the clock: a late Pung call is the ladder foul of MCR §3.11.6.5, and a slow
discard is a rule violation of 5-60 points at the referee's choice (MCR §3.11.2.2, our
reading). So the judge's clock only says when a limit was passed; it charges nothing, and
the judge confirms the foul. There is no resignation for time penalties (Zung Jung's §1.9).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judgeaid.rules.clock import TimeoutCharge
from judgeaid.rules.mcr.formats import MAX_SESSION_MINUTES
from judgeaid.rules.ruleset import ClockPenalty, TimeLimits

# MCR §3.5.6 the head judge's notice
NOTICE_MS = 15 * 60_000
# MCR §3.6.4 a discard within 10 s of drawing, claiming or replacing a flower
DISCARD_S = 10
# MCR §3.5.7 item 6 from arranging the tiles to the dealer's first discard: 20 s
DEAL_START_S = 20
# MCR §3.6.7 a Pung or Kong call within 3 s of the discard (too short to time by tapping)
CALL_S = 3


def time_limits(format_code: str, settings: Mapping[str, Any], *,
                is_stalling_clock: bool = False) -> TimeLimits:
    """Return MCR's play limits: 10 s a discard (MCR §3.6.4), no free time, no round bank.

    The dealer's 20 s start (MCR §3.5.7 item 6) is the turn that starts at the deal; the
    event's settings change nothing (the text fixes the limits).
    """
    return TimeLimits("limits", DISCARD_S, None, 0)


@dataclass(frozen=True)
class TurnWatch:
    """One timed turn: its time, its limit, and whether the limit was passed."""

    start_ms: int
    end_ms: int | None
    counted_ms: int
    limit_ms: int
    is_over: bool
    is_deal: bool
    # MCR prices nothing by the clock: always 0 (the shape Zung Jung's turns have)
    points: int = 0


@dataclass(frozen=True)
class LimitWatch:
    """A player's turns in one hand against MCR's limits; nothing charged (the judge rules)."""

    turns: tuple[TurnWatch, ...]
    over_turns: int
    used_ms: int
    # the running turn's time left before its limit passes (None: no turn running, or past)
    limit_in_ms: int | None
    turn_points: int = 0
    bank_points: int = 0
    total_points: int = 0
    bank_left_ms: int | None = None
    next_penalty_in_ms: int | None = None
    is_resignation: bool = False
    is_resignation_warning: bool = False


def turn_limit_ms(start_ms: int, dealt_at_ms: int, limits: TimeLimits) -> int:
    """Return a turn's limit: 20 s for the turn that starts at the deal, else 10 s.

    MCR §3.5.7 item 6: the dealer has 20 s from arranging the tiles to the first discard;
    MCR §3.6.4: every other discard within 10 s. The timer starts the dealer's first turn
    at the deal stamp itself, so a turn starting there is the deal turn.
    """
    if start_ms == dealt_at_ms:
        return DEAL_START_S * 1000
    return limits.turn_ms


def round_time(turns: Sequence[tuple[int, int | None]], limits: TimeLimits,
               dealt_at_ms: int, now_ms: int | None = None) -> LimitWatch:
    """Return the player's turns in a hand, each against its limit; passing one charges nothing.

    A limit is used up, not passed, by a discard exactly on it: over means strictly more.
    """
    watched: list[TurnWatch] = []
    previous_end = dealt_at_ms
    limit_in = None
    for i, (start, end) in enumerate(turns):
        stop = end
        if stop is None:
            if i != len(turns) - 1:
                raise ValueError("only the last turn may still be running")
            if now_ms is None:
                raise ValueError("now_ms is needed while a turn is running")
            stop = now_ms
        if start < previous_end or stop < start:
            raise ValueError("turns must be in order, after the deal, and not overlap")
        previous_end = stop
        limit = turn_limit_ms(start, dealt_at_ms, limits)
        counted = stop - start
        watched.append(TurnWatch(start, end, counted, limit, counted > limit,
                                 start == dealt_at_ms))
        if end is None and counted <= limit:
            limit_in = limit - counted + 1
    return LimitWatch(turns=tuple(watched), over_turns=sum(t.is_over for t in watched),
                      used_ms=sum(t.counted_ms for t in watched), limit_in_ms=limit_in)


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


# Nothing prices play time by the clock: a discard over its limit is offered to the judge as
# a rule violation of the judge's choosing (MCR §3.11.2.2), priced by the rubric, never a sum.
TIME_PENALTY = ClockPenalty("violation", "rule_violation",
                            "A play limit passed (MCR §3.6.4, §3.5.7 item 6): the judge "
                            "prices it as a rule violation (MCR §3.11.2.2).")
# MCR §3.11.6.5 a late Pung (or Kong) call: the ladder foul, one tap on the judge's clock
LATE_CALL = ClockPenalty("hand_ladder", "late_pung",
                         "Pung or Kong called after the 3 seconds (MCR §3.6.7): warning, "
                         "then 5, 10, 20 in the same hand (MCR §3.11.6.5).")
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
