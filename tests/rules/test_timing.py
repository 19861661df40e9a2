"""Play time limits, time penalties, time-outs and session lengths (ZJM §1.9, §3.4, §4.14)."""

import pytest

from judgeaid.rules.zj.timing import (
    TimeLimits,
    Turn,
    crosses_resignation,
    event_limits,
    is_resignation,
    is_resignation_warning,
    late_arrival,
    round_bank_penalty,
    round_time,
    session_ms,
    time_limits,
    timeout_charge,
    timeout_penalty,
    turn_penalty,
)

S = 1000


@pytest.mark.parametrize(
    ("over_ms", "points"),
    [
        (-5 * S, 0),
        (0, 0),
        (1, 5),
        (14_999, 5),
        (15_000, 5),
        (15_001, 10),
        (15_100, 10),
        (30_000, 10),
        (30_001, 15),
        (45_000, 15),
        (225_000, 75),
        (240_000, 80),
        (240_001, 85),
    ],
)
@pytest.mark.parametrize("limit_s", [15, 20])
def test_turn_penalty_per_started_15_s_over(limit_s, over_ms, points):
    assert turn_penalty(limit_s * S + over_ms, limit_s) == points


def test_turn_penalty_at_zero_elapsed():
    assert turn_penalty(0, 15) == 0


@pytest.mark.parametrize("bad", [(-1, 15), (10, -1)])
def test_negative_times_are_refused(bad):
    with pytest.raises(ValueError):
        turn_penalty(*bad)


@pytest.mark.parametrize(
    ("total_ms", "points"),
    [
        (0, 0),
        (180 * S, 0),
        (180 * S + 1, 5),
        (195 * S, 5),
        (195 * S + 1, 10),
        (210 * S, 10),
        (210 * S + 1, 15),
    ],
)
def test_round_bank_penalty(total_ms, points):
    assert round_bank_penalty(total_ms) == points
    assert round_bank_penalty(total_ms, 180) == points


@pytest.mark.parametrize(
    ("points", "resigned", "warning"),
    [
        (0, False, False),
        (75, False, False),
        (80, False, True),
        (81, True, False),
        (85, True, False),
    ],
)
def test_resignation_only_above_80(points, resigned, warning):
    assert is_resignation(points) is resigned
    assert is_resignation_warning(points) is warning


@pytest.mark.parametrize(
    ("before", "added", "asks"),
    [
        (0, 80, False),     # exactly 80 is not more than 80 (§1.9)
        (0, 85, True),      # one timer charge can cross on its own
        (80, 5, True),
        (75, 10, True),
        (85, 5, False),     # already above: the judge answered when it crossed
        (40, 0, False),
    ],
)
def test_the_judge_is_asked_when_a_round_passes_80(before, added, asks):
    assert crosses_resignation(before, added) is asks


def test_crossing_refuses_negative_points():
    with pytest.raises(ValueError):
        crosses_resignation(10, -5)


@pytest.mark.parametrize(
    ("kind", "turn_s", "bank_s", "free_s"),
    [
        ("casual", 20, None, 20),
        ("league", 20, None, 20),
        ("standard", 20, None, 20),
        ("competitive", 15, 180, 15),
        ("regional", 15, 180, 15),
        ("international", 15, 180, 15),
    ],
)
def test_limits_per_event_kind(kind, turn_s, bank_s, free_s):
    assert time_limits(kind) == TimeLimits(
        "casual" if bank_s is None else "competitive", turn_s, bank_s, free_s
    )


def test_casual_free_time_is_configurable_and_stallers_get_15_s():
    assert time_limits("casual", free_s=30).free_s == 30
    clock = time_limits("casual", is_on_stalling_clock=True)
    assert (clock.turn_s, clock.round_bank_s) == (15, None)
    with pytest.raises(ValueError):
        time_limits("riichi")


CASUAL = time_limits("casual")
COMPETITIVE = time_limits("competitive")


@pytest.mark.parametrize(
    ("turns", "limits", "turn_points", "bank_points"),
    [
        # East's first turn: the free time is not counted (§1.9)
        ([(0, 40 * S)], CASUAL, 0, 0),
        ([(0, 40 * S + 1)], CASUAL, 5, 0),
        ([(0, 30 * S)], COMPETITIVE, 0, 0),
        ([(0, 30 * S + 1)], COMPETITIVE, 5, 0),
        # a turn that starts after the free time is counted in full
        ([(40 * S, 60 * S)], CASUAL, 0, 0),
        ([(40 * S, 60 * S + 1)], CASUAL, 5, 0),
        ([(40 * S, 90 * S)], CASUAL, 10, 0),
        ([(40 * S, 90 * S + 1)], CASUAL, 15, 0),
        # twelve 15 s turns use the bank exactly; one more millisecond costs
        ([(t * 20 * S, t * 20 * S + 15 * S) for t in range(1, 13)], COMPETITIVE, 0, 0),
        (
            [(t * 20 * S, t * 20 * S + 15 * S) for t in range(1, 12)] + [(300 * S, 315 * S + 1)],
            COMPETITIVE,
            5,
            5,
        ),
        # a single 3 min 1 ms turn: both limits broken, both charged (§1.9.2)
        ([(20 * S, 200 * S + 1)], COMPETITIVE, 60, 5),
    ],
)
def test_round_time_adds_turn_and_bank_penalties(turns, limits, turn_points, bank_points):
    result = round_time(turns, limits, dealt_at_ms=0)
    assert (result.turn_points, result.bank_points) == (turn_points, bank_points)
    assert result.total_points == turn_points + bank_points


def test_round_time_resignation_flags():
    turns = [(20 * S, 275 * S)]  # 255 s: turn 240 s over → 80; bank 75 s over → 25
    result = round_time(turns, COMPETITIVE, dealt_at_ms=0)
    assert (result.turn_points, result.bank_points, result.total_points) == (80, 25, 105)
    assert result.is_resignation
    casual = round_time([(20 * S, 280 * S)], CASUAL, dealt_at_ms=0)
    assert casual.total_points == 80 and casual.is_resignation_warning
    assert not casual.is_resignation
    casual = round_time([(20 * S, 280 * S + 1)], CASUAL, dealt_at_ms=0)
    assert casual.total_points == 85 and casual.is_resignation


def test_round_time_live_with_a_running_turn():
    dealt = 1_000_000
    turns = [Turn(dealt + 20 * S, dealt + 30 * S), Turn(dealt + 60 * S)]
    result = round_time(turns, COMPETITIVE, dealt_at_ms=dealt, now_ms=dealt + 80 * S)
    assert result.used_ms == 30 * S
    assert result.total_points == 5
    assert result.bank_left_ms == 150 * S
    # the running turn is 20 s in: its next charge is at 30 s + 1 ms
    assert result.next_penalty_in_ms == 10 * S + 1
    assert result.turns[-1].end_ms is None


def test_next_penalty_waits_for_the_free_time():
    result = round_time([(0, None)], COMPETITIVE, dealt_at_ms=0, now_ms=5 * S)
    assert result.used_ms == 0
    assert result.next_penalty_in_ms == 10 * S + 15 * S + 1


def test_next_penalty_can_come_from_the_bank():
    turns = [(20 * S, 190 * S), (200 * S, None)]
    result = round_time(turns, COMPETITIVE, dealt_at_ms=0, now_ms=205 * S)
    assert result.used_ms == 175 * S
    assert result.next_penalty_in_ms == 5 * S + 1


def test_no_running_turn_means_no_next_penalty():
    result = round_time([(20 * S, 30 * S)], CASUAL, dealt_at_ms=0)
    assert result.next_penalty_in_ms is None and result.bank_left_ms is None


@pytest.mark.parametrize(
    ("turns", "now_ms"),
    [
        ([(10 * S, None)], None),
        ([(10 * S, None), (20 * S, 30 * S)], 40 * S),
        ([(10 * S, 5 * S)], None),
        ([(10 * S, 20 * S), (15 * S, 25 * S)], None),
        ([(-1, 5 * S)], None),
    ],
)
def test_round_time_refuses_bad_turns(turns, now_ms):
    with pytest.raises(ValueError):
        round_time(turns, CASUAL, dealt_at_ms=0, now_ms=now_ms)


@pytest.mark.parametrize(
    ("total_ms", "points"),
    [
        (0, 0),
        (180 * S, 0),
        (180 * S + 1, 5),
        (210 * S, 5),
        (210 * S + 1, 10),
        (240 * S, 10),
        (240 * S + 1, 15),
    ],
)
def test_session_timeouts_180_s_free_then_5_per_started_30_s(total_ms, points):
    assert timeout_penalty(total_ms) == points


@pytest.mark.parametrize(
    ("late_ms", "points", "absent"),
    [
        (0, 0, False),
        (1, 5, False),
        (30 * S, 5, False),
        (30 * S + 1, 10, False),
        (180 * S, 30, False),
        (300 * S, 50, False),
        (300 * S + 1, 55, True),
    ],
)
def test_late_arrival_has_no_free_time(late_ms, points, absent):
    charge = late_arrival(late_ms)
    assert (charge.points, charge.may_be_ruled_absent) == (points, absent)


def test_timeouts_are_charged_on_the_session_total():
    first = timeout_charge(0, 170 * S)
    assert (first.points, first.session_total_ms) == (0, 170 * S)
    second = timeout_charge(first.session_total_ms, 20 * S)  # 190 s in all
    assert (second.points, second.session_points) == (5, 5)
    third = timeout_charge(second.session_total_ms, 20 * S)  # 210 s: same started period
    assert (third.points, third.session_points) == (0, 5)
    fourth = timeout_charge(third.session_total_ms, 1)
    assert (fourth.points, fourth.session_points) == (5, 10)


def test_medication_timeout_first_60_s_free():
    charge = timeout_charge(180 * S, 60 * S, is_medication=True)
    assert (charge.points, charge.counted_ms) == (0, 0)
    charge = timeout_charge(180 * S, 60 * S + 1, is_medication=True)
    assert (charge.points, charge.counted_ms) == (5, 1)


@pytest.mark.parametrize(
    ("minutes", "grand_final", "expected_ms"),
    [(60, False, 60 * 60 * S), (90, False, 90 * 60 * S), (120, False, 120 * 60 * S),
     (90, True, None), (120, True, None), (None, False, None)],
)
def test_session_lengths(minutes, grand_final, expected_ms):
    # §3.4.2.2 the Grand Final plays all 16 rounds, untimed
    assert session_ms(minutes, is_grand_final=grand_final) == expected_ms


def test_event_settings_override_the_rules_limits():
    settings = {"turn_seconds": 25, "free_seconds": 0, "round_bank_seconds": 240}
    assert event_limits("casual", settings) == TimeLimits("casual", 25, 240, 0)
    assert event_limits("competitive", {}) == TimeLimits("competitive", 15, None, 15)
    stalling = event_limits("casual", settings, is_on_stalling_clock=True)
    assert stalling.turn_s == 15

