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
    assert get_ruleset("mcr").code == "mcr"
    with pytest.raises(KeyError):
        get_ruleset("riichi")


def test_time_limits_follow_the_format_and_settings():
    # §1.9.2 competitive limits, §1.9.1 a stalling player held to 15 s
    assert ZJ.timing.limits("rsom", RSOM) == TimeLimits("competitive", 15, 180, 15)
    assert ZJ.timing.limits("csom", {"turn_seconds": 30}, is_stalling_clock=True).turn_s == 15
    assert ZJ.timing.limits("unknown", {"round_bank_seconds": 200}).kind == "competitive"
    assert ZJ.timing.limits("unknown", {}).kind == "casual"


@pytest.mark.parametrize(
    ("stage", "bracket_size", "expected"),
    [("preliminary", None, 90 * 60_000), ("final", 16, 90 * 60_000), ("final", 4, None)],
)
def test_session_length_leaves_the_grand_final_untimed(stage, bracket_size, expected):
    # §3.4.2.2 the Grand Final always plays all 16 rounds
    assert ZJ.timing.session_ms(RSOM, stage=stage, bracket_size=bracket_size) == expected


def test_clock_penalties_are_rubric_lines():
    for clocked in (ZJ.timing.time_penalty, ZJ.timing.timeout_penalty):
        example = penalties.find_infraction(clocked.category, clocked.infraction)
        assert example is not None and example.is_timed
        assert ZJ.rubric.line_label(clocked.category, clocked.infraction).endswith(example.label)
    assert ZJ.timing.time_penalty.category in ZJ.rubric.categories


def test_session_shape_and_ranking():
    assert ZJ.session.rounds == 16
    assert [ZJ.session.cycle_of(r) for r in (1, 4, 5, 16)] == [1, 1, 2, 4]
    # §3.5.3 the final day narrows to the Grand Final's table of four
    assert ZJ.ranking.final_day_rounds["regional"][-1] == ZJ.ranking.grand_final_size == 4
    assert len(ZJ.session.session_seats({"E": 1, "S": 2, "W": 3, "N": 4}, "standard")) == 16
    # §3.5.2 match points: the signed square root of each player's own total
    assert ZJ.ranking.table_points({1: -16, 2: 9, 3: 7, 4: 0}) == {
        1: -4.0, 2: 3.0, 3: 7 ** 0.5, 4: 0.0}
    assert (ZJ.ranking.late_arrival_deduction, ZJ.ranking.last_late_session) == (15.0, 3)
    assert ZJ.scoring.min_hand_value == 1


def test_late_arrivals_follow_the_format():
    # §3.7 the pardon covers a competitive event's preliminary sessions only
    assert ZJ.ranking.late_join_problem(3, "rsom", 2) is not None
    assert ZJ.ranking.late_join_problem(3, "csom", 2) is None
    assert ZJ.ranking.late_join_problem(4, "csom", 8) is not None
