"""The ruleset registry and Zung Jung's answers to the services' questions."""

import pytest

from judgeaid.rules import DEFAULT_RULESET, RULESETS, TimeLimits, get_ruleset
from judgeaid.rules.zj import penalties

ZJ = get_ruleset("zj")
RSOM = {"session_minutes": 90, "turn_seconds": 15, "free_seconds": 15,
        "round_bank_seconds": 180}


def test_zung_jung_is_registered_and_the_default():
    assert DEFAULT_RULESET == "zj"
    assert RULESETS["zj"] is ZJ
    with pytest.raises(KeyError):
        get_ruleset("mcr")


def test_time_limits_follow_the_format_and_settings():
    # §1.9.2 competitive limits, §1.9.1 a stalling player held to 15 s
    assert ZJ.time_limits("rsom", RSOM) == TimeLimits("competitive", 15, 180, 15)
    assert ZJ.time_limits("csom", {"turn_seconds": 30}, is_stalling_clock=True).turn_s == 15
    assert ZJ.time_limits("unknown", {"round_bank_seconds": 200}).kind == "competitive"
    assert ZJ.time_limits("unknown", {}).kind == "casual"


@pytest.mark.parametrize(
    ("stage", "bracket_size", "expected"),
    [("preliminary", None, 90 * 60_000), ("final", 16, 90 * 60_000), ("final", 4, None)],
)
def test_session_length_leaves_the_grand_final_untimed(stage, bracket_size, expected):
    # §3.4.2.2 the Grand Final always plays all 16 rounds
    assert ZJ.session_ms(RSOM, stage=stage, bracket_size=bracket_size) == expected


def test_clock_penalties_are_rubric_lines():
    for clocked in (ZJ.time_penalty, ZJ.timeout_penalty):
        example = penalties.find_infraction(clocked.category, clocked.infraction)
        assert example is not None and example.is_timed
        assert ZJ.penalty_label(clocked.category, clocked.infraction).endswith(example.label)
    assert ZJ.time_penalty.category in ZJ.penalty_categories


def test_session_shape_and_ranking():
    assert ZJ.rounds_per_session == 16
    assert len(ZJ.session_seats({"E": 1, "S": 2, "W": 3, "N": 4}, "standard")) == 16
    assert ZJ.match_points(-16) == -4.0
    assert (ZJ.late_arrival_deduction, ZJ.last_late_session) == (15.0, 3)
    assert ZJ.min_hand_value == 1
