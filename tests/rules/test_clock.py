"""The session clock state machine (§3.4.1.2, §3.4.2.2): acts in, remaining time out."""

import pytest

from judgeaid.rules.clock import (
    ClockAct,
    ClockError,
    check_act,
    phase,
    session_clock,
    time_over_due,
)

MIN = 60_000
T0 = 1_700_000_000_000  # a server time in ms
D90 = 90 * MIN


def act(kind, minute, amount_min=0, table=None):
    return ClockAct(kind, T0 + round(minute * MIN), round(amount_min * MIN), table)


@pytest.mark.parametrize(
    ("acts", "now_min", "status", "remaining_min", "deadline_min"),
    [
        ([], 0, "not_started", 90, None),
        ([act("start", 0)], 0, "running", 90, 90),
        ([act("start", 0)], 30, "running", 60, 90),
        ([act("start", 0)], 90, "over", 0, 90),
        ([act("start", 0)], 95, "over", -5, 90),
        # a pause holds the remaining time; the deadline moves by the pause's length
        ([act("start", 0), act("pause", 10)], 25, "paused", 80, None),
        ([act("start", 0), act("pause", 10), act("resume", 25)], 25, "running", 80, 105),
        ([act("start", 0), act("pause", 10), act("resume", 25)], 105, "over", 0, 105),
        # extra time for the hall moves every deadline
        ([act("start", 0), act("extend", 20, 5)], 30, "running", 65, 95),
        ([act("start", 0), act("extend", 20, 5), act("extend", 21, -2)], 30, "running", 63, 93),
        # an extension before the start lengthens the session
        ([act("extend", -1, 10), act("start", 0)], 0, "running", 100, 100),
        # ended early: the clock stops where it stood
        ([act("start", 0), act("end", 70)], 80, "ended", 20, None),
        ([act("start", 0), act("end", 95)], 120, "ended", -5, None),
    ],
)
def test_hall_clock(acts, now_min, status, remaining_min, deadline_min):
    clock = session_clock(acts, D90, T0 + now_min * MIN)
    assert clock.status == status
    assert clock.hall.remaining_ms == remaining_min * MIN
    expected_deadline = None if deadline_min is None else T0 + deadline_min * MIN
    assert clock.hall.deadline_ms == expected_deadline


def test_deadline_and_remaining_agree_at_every_moment():
    acts = [act("start", 0), act("pause", 7.5), act("resume", 9), act("extend", 10, 3)]
    for now in range(10 * MIN, 100 * MIN, 997):
        hall = session_clock(acts, D90, T0 + now).hall
        assert hall.deadline_ms - (T0 + now) == hall.remaining_ms


@pytest.mark.parametrize(
    ("remaining_ms", "expected"),
    [
        (None, "untimed"),
        (90 * MIN, "play"),
        (15 * MIN + 1, "play"),
        (15 * MIN, "warn15"),
        (5 * MIN + 1, "warn15"),
        (5 * MIN, "warn5"),
        (1, "warn5"),
        (0, "over"),
        (-1, "over"),
    ],
)
def test_warning_phases_at_15_and_5_minutes(remaining_ms, expected):
    assert phase(remaining_ms) == expected


def test_grand_final_counts_up_with_no_limit():
    clock = session_clock([act("start", 0), act("pause", 30), act("resume", 40)], None,
                          T0 + 200 * MIN)
    assert clock.status == "running" and not clock.is_timed
    assert clock.hall.remaining_ms is None and clock.hall.deadline_ms is None
    assert clock.hall.elapsed_ms == 190 * MIN
    assert clock.hall.counting_since_ms == T0 + 10 * MIN
    assert clock.hall.phase == "untimed"
    with pytest.raises(ClockError):
        check_act([act("start", 0)], None, act("extend", 5, 5))
    assert time_over_due(clock, 0) == (False, ())


def test_table_with_extra_time_plays_on_after_the_bell():
    acts = [act("start", 0), act("extend", 50, 4, table=7)]
    at_bell = session_clock(acts, D90, T0 + 90 * MIN)
    assert at_bell.status == "over" and at_bell.hall.remaining_ms == 0
    assert at_bell.table(7).remaining_ms == 4 * MIN
    assert at_bell.table(7).deadline_ms == T0 + 94 * MIN
    assert at_bell.table(3) is at_bell.hall
    # the hall ends at the bell; table 7 plays on until its own deadline
    ended = [*acts, act("end", 91)]
    later = session_clock(ended, D90, T0 + 92 * MIN)
    assert later.status == "over"
    assert later.hall.is_ended and not later.table(7).is_ended
    assert later.table(7).remaining_ms == 2 * MIN
    assert time_over_due(later, 0) == (True, ())
    assert time_over_due(session_clock(ended, D90, T0 + 94 * MIN), 0) == (True, (7,))
    done = session_clock([*ended, act("end", 94, table=7)], D90, T0 + 100 * MIN)
    assert done.status == "ended" and done.table(7).remaining_ms == 0


def test_ending_early_stops_tables_with_extra_time_too():
    acts = [act("start", 0), act("extend", 50, 4, table=7), act("end", 60)]
    clock = session_clock(acts, D90, T0 + 70 * MIN)
    assert clock.status == "ended"
    assert clock.table(7).is_ended and clock.table(7).remaining_ms == 34 * MIN


def test_a_pause_stops_tables_with_extra_time_too():
    acts = [act("start", 0), act("extend", 5, 10, table=2), act("pause", 85)]
    clock = session_clock(acts, D90, T0 + 200 * MIN)
    assert clock.status == "paused"
    assert clock.table(2).remaining_ms == 15 * MIN and clock.table(2).deadline_ms is None


@pytest.mark.parametrize(
    ("acts", "bad"),
    [
        ([], act("pause", 1)),
        ([], act("resume", 1)),
        ([], act("end", 1)),
        ([act("start", 0)], act("start", 1)),
        ([act("start", 0)], act("resume", 1)),
        ([act("start", 0), act("pause", 1)], act("pause", 2)),
        ([act("start", 0)], act("extend", 1, 0)),
        ([act("start", 0)], act("extend", 1, 61)),
        ([act("start", 0), act("end", 5)], act("extend", 6, 5)),
        ([act("start", 0), act("end", 5)], act("end", 6)),
        ([act("start", 0), act("end", 5)], act("pause", 6)),
        ([act("start", 0)], act("end", 1, table=4)),
        ([act("start", 0)], act("pause", 1, table=4)),
        # after the bell, a table that had no extra time has stopped with the hall
        ([act("start", 0), act("end", 91)], act("extend", 92, 5, table=4)),
        ([act("start", 0), act("extend", 1, 2, table=4), act("end", 2, table=4)],
         act("extend", 3, 1, table=4)),
        ([act("start", 10)], act("pause", 5)),
        ([act("start", 0)], ClockAct("rewind", T0 + MIN)),
    ],
)
def test_acts_the_clock_refuses(acts, bad):
    with pytest.raises(ClockError):
        check_act(acts, D90, bad)


@pytest.mark.parametrize(
    ("now_min", "grace_s", "due"),
    [
        (89, 0, False),
        (90, 0, True),
        (90, 120, False),
        (91.99, 120, False),
        (92, 120, True),
    ],
)
def test_cards_close_after_the_grace_for_recording(now_min, grace_s, due):
    clock = session_clock([act("start", 0)], D90, T0 + round(now_min * MIN))
    assert time_over_due(clock, grace_s * 1000) == (due, ())


def test_not_started_is_never_due():
    assert time_over_due(session_clock([], D90, T0 + 500 * MIN), 0) == (False, ())


def test_now_before_the_last_act_is_read_as_the_last_act():
    clock = session_clock([act("start", 0), act("pause", 10)], D90, T0)
    assert clock.hall.remaining_ms == 80 * MIN
