"""The session clock (ZJM §3.4.1.2, §3.4.2.2): organizer acts in, remaining time out.

Pure and in integer server milliseconds. The clock is an append-only list of acts (start,
pause, resume, extend, end); its state at any moment is derived from them, so every screen
that knows the acts and the server time shows the same thing. A running clock is described
by its deadline (the server time at which it reaches zero), never by a count of ticks.

Extra time may be given to the whole hall or to one table (time lost to a long ruling): the
organizer's convenience, not a rule of §3.4, which only sets the session length. A table
with extra time keeps its own countdown: it plays on after the hall's zero until its
own deadline. Ending the clock before zero stops every table; ending it at or after zero
stops the hall, and tables with extra time left play on until theirs runs out or is ended.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Literal

ActKind = Literal["start", "pause", "resume", "extend", "end"]
ACT_KINDS: tuple[str, ...] = ("start", "pause", "resume", "extend", "end")
Status = Literal["not_started", "running", "paused", "over", "ended"]
Phase = Literal["untimed", "play", "warn15", "warn5", "over"]

# The app's own warnings before the end of the session: not a rule (§3.4.1.2 and §3.4.2.2
# set only the length and say play stops at the end)
WARN_15_MS = 15 * 60_000
WARN_5_MS = 5 * 60_000
WARNINGS_MS: tuple[int, ...] = (WARN_15_MS, WARN_5_MS)
MAX_EXTENSION_MS = 60 * 60_000


class ClockError(ValueError):
    """An act the clock cannot take in its present state."""


@dataclass(frozen=True)
class ClockAct:
    """One act on the clock at a server time; `table` only for one table's extension or end."""

    kind: str
    at_ms: int
    amount_ms: int = 0
    table: Hashable | None = None


@dataclass(frozen=True)
class Countdown:
    """The hall's clock or one table's: time allowed, time run, and where it stands."""

    table: Hashable | None
    extra_ms: int
    limit_ms: int | None
    elapsed_ms: int
    remaining_ms: int | None
    deadline_ms: int | None
    counting_since_ms: int | None
    is_running: bool
    is_ended: bool
    ended_at_ms: int | None

    @property
    def is_over(self) -> bool:
        """Return whether this clock has reached zero."""
        return self.remaining_ms is not None and self.remaining_ms <= 0

    @property
    def phase(self) -> Phase:
        """Return the warning phase of this clock."""
        return phase(self.remaining_ms)


@dataclass(frozen=True)
class SessionClock:
    """The whole session clock at one server time."""

    status: Status
    duration_ms: int | None
    started_at_ms: int | None
    paused_at_ms: int | None
    hall: Countdown
    tables: tuple[Countdown, ...]
    now_ms: int

    @property
    def is_timed(self) -> bool:
        """Return whether the session has a time limit (a Grand Final has none)."""
        return self.duration_ms is not None

    def table(self, key: Hashable) -> Countdown:
        """Return a table's own countdown, or the hall's when it has no extra time."""
        return next((t for t in self.tables if t.table == key), self.hall)


def phase(remaining_ms: int | None) -> Phase:
    """Return the warning phase for a remaining time: play, 15 and 5 minutes left, over."""
    if remaining_ms is None:
        return "untimed"
    if remaining_ms <= 0:
        return "over"
    if remaining_ms <= WARN_5_MS:
        return "warn5"
    if remaining_ms <= WARN_15_MS:
        return "warn15"
    return "play"


class _Run:
    """The intervals in which the clock ran, shared by the hall and every table."""

    def __init__(self) -> None:
        self.spans: list[tuple[int, int | None]] = []

    @property
    def is_running(self) -> bool:
        return bool(self.spans) and self.spans[-1][1] is None

    def start(self, at_ms: int) -> None:
        self.spans.append((at_ms, None))

    def stop(self, at_ms: int) -> None:
        start, _ = self.spans[-1]
        self.spans[-1] = (start, at_ms)

    def elapsed(self, until_ms: int) -> int:
        total = 0
        for start, end in self.spans:
            stop = until_ms if end is None else min(end, until_ms)
            total += max(0, stop - start)
        return total


class _State:
    def __init__(self, duration_ms: int | None) -> None:
        self.duration_ms = duration_ms
        self.run = _Run()
        self.started_at: int | None = None
        self.paused_at: int | None = None
        self.hall_extra = 0
        self.hall_end: int | None = None
        self.table_extra: dict[Hashable, int] = {}
        self.table_end: dict[Hashable, int] = {}
        self.last_at: int | None = None

    def limit(self, table: Hashable | None) -> int | None:
        if self.duration_ms is None:
            return None
        return self.duration_ms + self.hall_extra + (
            0 if table is None else self.table_extra.get(table, 0))

    def remaining(self, table: Hashable | None, at_ms: int) -> int | None:
        limit = self.limit(table)
        if limit is None:
            return None
        end = self.hall_end if table is None else self.table_end.get(table)
        return limit - self.run.elapsed(at_ms if end is None else min(end, at_ms))

    def is_all_ended(self) -> bool:
        return self.hall_end is not None and all(t in self.table_end for t in self.table_extra)

    def apply(self, act: ClockAct) -> None:
        if act.kind not in ACT_KINDS:
            raise ClockError(f"unknown clock act: {act.kind!r}")
        if self.last_at is not None and act.at_ms < self.last_at:
            raise ClockError("clock acts must come in time order")
        if act.kind != "start" and self.started_at is None and act.kind != "extend":
            raise ClockError("the session clock has not started")
        if act.kind != "extend" and act.table is not None and act.kind != "end":
            raise ClockError("only an extension or an end can be for one table")
        getattr(self, "_" + act.kind)(act)
        self.last_at = act.at_ms

    def _start(self, act: ClockAct) -> None:
        if self.started_at is not None:
            raise ClockError("the session clock has already started")
        self.started_at = act.at_ms
        self.run.start(act.at_ms)

    def _pause(self, act: ClockAct) -> None:
        if self.is_all_ended():
            raise ClockError("the session clock has ended")
        if not self.run.is_running:
            raise ClockError("the session clock is already paused")
        self.run.stop(act.at_ms)
        self.paused_at = act.at_ms

    def _resume(self, act: ClockAct) -> None:
        if self.is_all_ended():
            raise ClockError("the session clock has ended")
        if self.run.is_running:
            raise ClockError("the session clock is not paused")
        self.run.start(act.at_ms)
        self.paused_at = None

    def _extend(self, act: ClockAct) -> None:
        if self.duration_ms is None:
            raise ClockError("this session has no time limit, so there is nothing to extend")
        if act.amount_ms == 0 or abs(act.amount_ms) > MAX_EXTENSION_MS:
            raise ClockError("an extension must be a non-zero amount of at most 60 minutes")
        if act.table is None:
            if self.hall_end is not None:
                raise ClockError("the session clock has ended for the hall")
            self.hall_extra += act.amount_ms
            return
        if act.table in self.table_end or (
                self.hall_end is not None and act.table not in self.table_extra):
            raise ClockError("play has already ended at this table")
        self.table_extra[act.table] = self.table_extra.get(act.table, 0) + act.amount_ms

    def _end(self, act: ClockAct) -> None:
        if act.table is not None:
            if act.table not in self.table_extra:
                raise ClockError("this table has no extra time of its own to end")
            if act.table in self.table_end:
                raise ClockError("play has already ended at this table")
            self.table_end[act.table] = act.at_ms
            return
        if self.hall_end is not None:
            raise ClockError("the session clock has already ended")
        hall_left = self.remaining(None, act.at_ms)
        self.hall_end = act.at_ms
        for table in self.table_extra:
            if table in self.table_end:
                continue
            table_left = self.remaining(table, act.at_ms)
            # an early end stops every table; at the bell, tables with time left play on
            if hall_left is None or hall_left > 0 or table_left is None or table_left <= 0:
                self.table_end[table] = act.at_ms
        if self.is_all_ended() and self.run.is_running:
            self.run.stop(act.at_ms)


def _countdown(state: _State, table: Hashable | None, now_ms: int) -> Countdown:
    end = state.hall_end if table is None else state.table_end.get(table)
    until = now_ms if end is None else min(end, now_ms)
    elapsed = state.run.elapsed(until)
    is_running = state.run.is_running and end is None and state.started_at is not None
    limit = state.limit(table)
    remaining = None if limit is None else limit - elapsed
    return Countdown(
        table=table,
        extra_ms=state.hall_extra if table is None else state.table_extra[table],
        limit_ms=limit,
        elapsed_ms=elapsed,
        remaining_ms=remaining,
        deadline_ms=now_ms + remaining if is_running and remaining is not None else None,
        counting_since_ms=now_ms - elapsed if is_running else None,
        is_running=is_running,
        is_ended=end is not None,
        ended_at_ms=end,
    )


def _replay(acts: Sequence[ClockAct], duration_ms: int | None) -> _State:
    if duration_ms is not None and duration_ms <= 0:
        raise ValueError("a session lasts a positive time, or None for no limit")
    state = _State(duration_ms)
    for act in acts:
        state.apply(act)
    return state


def session_clock(acts: Sequence[ClockAct], duration_ms: int | None, now_ms: int
                  ) -> SessionClock:
    """Return the session clock after these acts, as it stands at now_ms."""
    state = _replay(acts, duration_ms)
    if state.last_at is not None and now_ms < state.last_at:
        now_ms = state.last_at
    hall = _countdown(state, None, now_ms)
    tables = tuple(_countdown(state, t, now_ms) for t in state.table_extra)
    if state.started_at is None:
        status: Status = "not_started"
    elif state.is_all_ended():
        status = "ended"
    elif not state.run.is_running:
        status = "paused"
    elif hall.is_ended or hall.is_over:
        status = "over"
    else:
        status = "running"
    return SessionClock(status=status, duration_ms=duration_ms, started_at_ms=state.started_at,
                        paused_at_ms=state.paused_at, hall=hall, tables=tables, now_ms=now_ms)


def check_act(acts: Sequence[ClockAct], duration_ms: int | None, act: ClockAct) -> None:
    """Raise ClockError when the clock cannot take this act after the earlier ones."""
    _replay([*acts, act], duration_ms)


def time_over_due(clock: SessionClock, grace_ms: int = 0) -> tuple[bool, tuple[Hashable, ...]]:
    """Return whether the hall's time is over for the cards, and which extra-time tables are.

    Play stops at zero (§3.4.1.2, §3.4.2.2); the cards are closed once the clock was ended, or
    `grace_ms` after zero so a round finished before the bell can still be written down.
    """
    def due(countdown: Countdown) -> bool:
        return countdown.is_ended or (
            countdown.remaining_ms is not None and countdown.remaining_ms <= -grace_ms)

    if clock.duration_ms is None or clock.started_at_ms is None:
        return False, ()
    return due(clock.hall), tuple(t.table for t in clock.tables if due(t))


@dataclass(frozen=True)
class TimeoutCharge:
    """What one more time away from the table costs, and the session's counted total after it.

    Each ruleset prices it its own way (`Timing.timeout_charge`).
    """

    points: int
    counted_ms: int
    session_total_ms: int
    session_points: int


@dataclass(frozen=True)
class LateArrival:
    """What arriving late costs, and whether the player may be ruled absent (or forfeit).

    Each ruleset prices it (`Timing.late_arrival`) and subclasses it for its own `words`.
    """

    late_ms: int
    points: int
    may_be_ruled_absent: bool

    @property
    def words(self) -> str:
        """Say what the lateness cost, for the card's penalty line."""
        return f"{self.points} points"
