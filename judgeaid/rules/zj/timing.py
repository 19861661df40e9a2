"""Play time limits, time penalties, time-outs and session lengths (ZJM §1.9, §3.4, §4.14).

All arithmetic is in integer milliseconds. A limit is used up, not exceeded, by a play that
ends exactly on it: "over" means strictly more than the limit, and every started period
after that (including one that has only just started, 1 ms) costs the full step.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from judgeaid.rules import clock
from judgeaid.rules.clock import TimeoutCharge
from judgeaid.rules.ruleset import TimeLimits

EventKind = Literal["casual", "competitive"]

POINTS_PER_STEP = 5
PLAY_STEP_MS = 15_000
TIMEOUT_STEP_MS = 30_000
ROUND_BANK_S = 180
STALLING_TURN_S = 15
RESIGNATION_OVER_POINTS = 80
SESSION_TIMEOUT_FREE_S = 180
MEDICATION_FREE_S = 60
ABSENT_AFTER_S = 5 * 60

FORMAT_KINDS: dict[str, EventKind] = {
    "league": "casual",
    "standard": "casual",
    "regional": "competitive",
    "international": "competitive",
}


def event_kind(kind_or_format: str) -> EventKind:
    """Return 'casual' or 'competitive' for an event kind or tournament format."""
    if kind_or_format == "casual":
        return "casual"
    if kind_or_format == "competitive":
        return "competitive"
    try:
        return FORMAT_KINDS[kind_or_format]
    except KeyError:
        raise ValueError(f"unknown event kind or format: {kind_or_format!r}") from None


def time_limits(
    kind_or_format: str, *, free_s: int | None = None, is_on_stalling_clock: bool = False
) -> TimeLimits:
    """Return the play time limits for an event, optionally with a stalling player's clock."""
    kind = event_kind(kind_or_format)
    if kind == "competitive":
        # §1.9.2
        limits = TimeLimits("competitive", turn_s=15, round_bank_s=ROUND_BANK_S, free_s=15)
    else:
        # §1.9.1 says both 20 s and 30 s of free time; the Rules Summary says 20 s
        limits = TimeLimits("casual", turn_s=20, round_bank_s=None, free_s=20)
    if free_s is not None:
        if free_s < 0:
            raise ValueError("free time cannot be negative")
        limits = TimeLimits(limits.kind, limits.turn_s, limits.round_bank_s, free_s)
    if is_on_stalling_clock:
        # §1.9.1 a judge may hold a stalling player to 15 s a turn
        limits = TimeLimits(limits.kind, STALLING_TURN_S, limits.round_bank_s, limits.free_s)
    return limits


def event_limits(
    kind_or_format: str, settings: Mapping[str, Any], *, is_on_stalling_clock: bool = False
) -> TimeLimits:
    """Return the play time limits an event's settings set, the rules' own where unset (§1.9)."""
    rules = time_limits(kind_or_format)
    turn = int(settings.get("turn_seconds") or rules.turn_s)
    if is_on_stalling_clock:
        # §1.9.1 a judge may hold a stalling player to 15 s a turn
        turn = min(turn, STALLING_TURN_S)
    free = settings.get("free_seconds")
    bank = settings.get("round_bank_seconds")
    return TimeLimits(rules.kind, turn, None if bank is None else int(bank),
                      rules.free_s if free is None else int(free))


def turn_penalty(elapsed_ms: int, limit_s: int) -> int:
    """Return the points for one turn: 5 per started 15 s over the limit (§1.9)."""
    return _started_steps(elapsed_ms - _limit_ms(limit_s, elapsed_ms), PLAY_STEP_MS)


def round_bank_penalty(total_ms: int, bank_s: int = ROUND_BANK_S) -> int:
    """Return the points for all plays of a round: 5 per started 15 s over the bank (§1.9.2)."""
    return _started_steps(total_ms - _limit_ms(bank_s, total_ms), PLAY_STEP_MS)


def is_resignation(points_in_round: int) -> bool:
    """Return whether a round's time penalties make the player resign unless excused (§1.9).

    A resignation puts the player out of the tournament (§4.11), unless the judge accepts a
    reasonable explanation (§1.9.1, §1.9.2).
    """
    # §1.9 says "more than 80"; A.5.5's shorthand "80 points" is read as that rule
    return points_in_round > RESIGNATION_OVER_POINTS


def crosses_resignation(points_before: int, points_added: int) -> bool:
    """Return whether new time points take a round's total above 80 (§1.9): ask the judge.

    Only the penalty that crosses the line asks; once the judge has answered, later points
    in the same round do not ask again.
    """
    if points_before < 0 or points_added < 0:
        raise ValueError("time points cannot be negative")
    return not is_resignation(points_before) and is_resignation(points_before + points_added)


def is_resignation_warning(points_in_round: int) -> bool:
    """Return whether the player has reached 80 time points without yet resigning."""
    return points_in_round >= RESIGNATION_OVER_POINTS and not is_resignation(points_in_round)


@dataclass(frozen=True)
class Turn:
    """One turn: from its start to its end in server milliseconds; end None while running."""

    start_ms: int
    end_ms: int | None = None


@dataclass(frozen=True)
class TurnCharge:
    """How one turn was counted and charged."""

    start_ms: int
    end_ms: int | None
    counted_ms: int
    points: int


@dataclass(frozen=True)
class RoundTime:
    """A player's time used and time penalties accrued in one round so far."""

    turns: tuple[TurnCharge, ...]
    turn_points: int
    used_ms: int
    bank_points: int
    total_points: int
    bank_left_ms: int | None
    next_penalty_in_ms: int | None
    is_resignation: bool
    is_resignation_warning: bool


def round_time(
    turns: Sequence[Turn | tuple[int, int | None]],
    limits: TimeLimits,
    dealt_at_ms: int,
    now_ms: int | None = None,
) -> RoundTime:
    """Return the time penalties accrued by one player's turns in a round, live if one is open."""
    free_until = dealt_at_ms + limits.free_ms
    charges: list[TurnCharge] = []
    used = 0
    open_counted: int | None = None
    previous_end = dealt_at_ms
    for i, raw in enumerate(turns):
        turn = raw if isinstance(raw, Turn) else Turn(*raw)
        end = turn.end_ms
        if end is None:
            if i != len(turns) - 1:
                raise ValueError("only the last turn may still be running")
            if now_ms is None:
                raise ValueError("now_ms is needed while a turn is running")
            end = now_ms
        if turn.start_ms < previous_end or end < turn.start_ms:
            raise ValueError("turns must be in order, after the deal, and not overlap")
        previous_end = end
        # §1.9 the first seconds after the deal count towards neither limit
        counted = max(0, end - max(turn.start_ms, free_until))
        used += counted
        charges.append(
            TurnCharge(turn.start_ms, turn.end_ms, counted, turn_penalty(counted, limits.turn_s))
        )
        if turn.end_ms is None:
            open_counted = counted
    turn_points = sum(c.points for c in charges)
    bank_ms = limits.round_bank_ms
    bank_points = 0 if bank_ms is None else round_bank_penalty(used, limits.round_bank_s or 0)
    # §1.9.2 turn and round penalties are both charged
    total = turn_points + bank_points
    next_in = None
    if open_counted is not None:
        waits = [_ms_to_next_step(open_counted, limits.turn_ms)]
        if bank_ms is not None:
            waits.append(_ms_to_next_step(used, bank_ms))
        if now_ms is not None and now_ms < free_until:
            waits = [w + (free_until - now_ms) for w in waits]
        next_in = min(waits)
    return RoundTime(
        turns=tuple(charges),
        turn_points=turn_points,
        used_ms=used,
        bank_points=bank_points,
        total_points=total,
        bank_left_ms=None if bank_ms is None else max(0, bank_ms - used),
        next_penalty_in_ms=next_in,
        is_resignation=is_resignation(total),
        is_resignation_warning=is_resignation_warning(total),
    )


def timeout_penalty(total_ms: int, free_s: int = SESSION_TIMEOUT_FREE_S) -> int:
    """Return the points for a session's time-outs: 5 per started 30 s past the free 180 s."""
    return _started_steps(total_ms - _limit_ms(free_s, total_ms), TIMEOUT_STEP_MS)


def timeout_charge(
    previous_total_ms: int, duration_ms: int, *, is_medication: bool = False
) -> TimeoutCharge:
    """Return what one more time-out costs, given the session's earlier counted time-outs."""
    if previous_total_ms < 0 or duration_ms < 0:
        raise ValueError("time-out durations cannot be negative")
    # §4.14 the free 60 s for medication with a doctor's note; that it does not use up the
    # 180 s is our reading
    counted = max(0, duration_ms - MEDICATION_FREE_S * 1000) if is_medication else duration_ms
    after = previous_total_ms + counted
    session_points = timeout_penalty(after)
    return TimeoutCharge(
        points=session_points - timeout_penalty(previous_total_ms),
        counted_ms=counted,
        session_total_ms=after,
        session_points=session_points,
    )


@dataclass(frozen=True)
class LateArrival(clock.LateArrival):
    """The charge for arriving late, and whether the judge may rule the player absent."""

    @property
    def words(self) -> str:
        """Say how the lateness was charged, for the card's penalty line."""
        return "with no free time (§4.14)"


def late_arrival(late_ms: int) -> LateArrival:
    """Return the charge for arriving this late: a time-out with no free time (§4.14)."""
    return LateArrival(
        late_ms=late_ms,
        points=late_arrival_penalty(late_ms),
        may_be_ruled_absent=may_be_ruled_absent(late_ms),
    )


def late_arrival_penalty(late_ms: int) -> int:
    """Return the points for arriving late: 5 per started 30 s of delay."""
    return timeout_penalty(late_ms, free_s=0)


def may_be_ruled_absent(late_ms: int) -> bool:
    """Return whether a player this late may be ruled absent (more than 5 minutes, §4.15)."""
    if late_ms < 0:
        raise ValueError("lateness cannot be negative")
    return late_ms > ABSENT_AFTER_S * 1000


def session_ms(session_minutes: int | None, *, is_grand_final: bool = False) -> int | None:
    """Return a session's length in milliseconds from the event's minutes; None when untimed."""
    # §3.4.2.2 the Grand Final always plays all 16 rounds
    if session_minutes is None or is_grand_final:
        return None
    return int(session_minutes) * 60_000


def _limit_ms(limit_s: int, elapsed_ms: int) -> int:
    if elapsed_ms < 0:
        raise ValueError("elapsed time cannot be negative")
    if limit_s < 0:
        raise ValueError("a limit cannot be negative")
    return round(limit_s * 1000)


def _started_steps(over_ms: int, step_ms: int) -> int:
    if over_ms <= 0:
        return 0
    return POINTS_PER_STEP * -(-over_ms // step_ms)


def _ms_to_next_step(counted_ms: int, limit_ms: int) -> int:
    # the next charge falls 1 ms after the limit or after a step boundary
    over = counted_ms - limit_ms
    started = 0 if over <= 0 else -(-over // PLAY_STEP_MS)
    return limit_ms + started * PLAY_STEP_MS + 1 - counted_ms
