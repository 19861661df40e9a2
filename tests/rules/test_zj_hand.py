import json
from pathlib import Path

import pytest

from judgeaid.rules.zj import PATTERNS, MalformedHand, score_hand
from judgeaid.rules.zj.catalogue import (
    COMPANIONS,
    EXCLUSIONS,
    IMPLIED,
    INCOMPATIBILITIES,
    PATTERN_BY_ID,
)
from judgeaid.rules.zj.hand import implied_label, recorded_lines, recorded_value_fits
from tests.rules.expect import expect_score

CASES = json.loads((Path(__file__).parents[1] / "zj_cases.json").read_text(encoding="utf-8"))
SCORE_CASES = CASES["score"]


@pytest.mark.parametrize("case", SCORE_CASES, ids=[case["name"] for case in SCORE_CASES])
def test_score_case(case):
    if case["status"] == 400:
        with pytest.raises(MalformedHand):
            score_hand(case["patterns"])
        return
    expect_score(case, score_hand(case["patterns"]).as_dict())


def test_chicken_hand_has_its_own_line():
    score = score_hand({})
    assert score.value == 1
    assert [(line.id, line.points, line.is_counted) for line in score.lines] == [
        ("chicken", 1, True)
    ]


def test_listed_limit_counts_only_the_highest_line():
    score = score_hand({"3.4": 1, "3.3.4": 1, "4.1": 1})
    counted = {line.id: line.is_counted for line in score.lines}
    assert counted == {"3.3.4": True, "3.4": False, "4.1": False}
    assert score.limit == "listed"


def test_listed_limit_tie_counts_the_first_in_list_order():
    score = score_hand({"3.4": 1, "3.3.3": 1})
    assert [line.id for line in score.lines if line.is_counted] == ["3.3.3"]
    assert score.value == 320


def test_compound_limit_keeps_every_line_counted():
    score = score_hand({"2.1.2": 1, "4.2.3": 1, "4.1": 1, "1.2": 1, "7.2.2": 1})
    assert score.value == 320
    assert all(line.is_counted for line in score.lines)
    assert sum(line.points for line in score.lines) == 440


def test_lines_follow_catalogue_order_and_multiply_value_honor():
    score = score_hand({"4.1": 1, "3.1": 3, "1.2": 1})
    assert [(line.id, line.count, line.points) for line in score.lines] == [
        ("1.2", 1, 5),
        ("3.1", 3, 30),
        ("4.1", 1, 30),
    ]


def test_errors_still_report_the_ticked_value():
    score = score_hand({"10.2": 1, "1.2": 1})
    assert not score.is_valid
    assert score.value == 35


def test_offers_are_never_added_silently():
    score = score_hand({"7.2.2": 1})
    assert score.value == 200
    assert [issue.add for issue in score.offers] == [("4.1", 1)]
    assert [line.id for line in score.lines] == ["7.2.2"]


def test_blessing_includes_concealed_hand_as_its_own_line():
    score = score_hand({"9.4.1": 1})
    assert score.value == 160 and score.offers == ()
    assert [(line.id, line.points, line.implied_by) for line in score.lines] == [
        ("1.2", 5, "9.4.1"),
        ("9.4.1", 155, None),
    ]
    assert implied_label(score.lines[0]) == "included with 9.4.1 Blessing of Heaven (§2.4 9.4.1)"
    assert implied_label(score.lines[1]) == ""


def test_blessing_on_seven_pairs_scores_155_and_30_without_concealed_hand():
    score = score_hand({"9.4.1": 1, "10.2": 1})
    assert score.value == 185
    assert [line.id for line in score.lines] == ["9.4.1", "10.2"]


@pytest.mark.parametrize(
    ("patterns", "value", "sets"),
    [
        ({"3.2.1": 1}, 60, 2),
        ({"3.2.1": 1, "3.1": 1}, 60, 2),
        ({"3.2.1": 1, "3.1": 2}, 60, 2),
        ({"3.2.1": 1, "3.1": 3}, 70, 3),
        ({"3.2.2": 1}, 160, 3),
        ({"3.2.2": 1, "3.1": 4}, 170, 4),
    ],
)
def test_value_honor_count_is_the_hands_total_of_sets(patterns, value, sets):
    score = score_hand(patterns)
    assert score.value == value
    (honors,) = [line for line in score.lines if line.id == "3.1"]
    assert (honors.count, honors.points) == (sets, 10 * sets)
    dragons = next(pid for pid in patterns if pid.startswith("3.2"))
    assert honors.implied_by == (dragons if patterns.get("3.1", 0) < sets else None)


def test_included_lines_obey_the_listed_limit():
    score = score_hand({"3.2.2": 1, "3.4": 1})
    counted = {line.id: (line.is_counted, line.implied_by) for line in score.lines}
    assert counted == {"3.1": (False, "3.2.2"), "3.2.2": (False, None), "3.4": (True, None)}
    assert (score.value, score.limit) == (320, "listed")


def test_included_lines_count_towards_the_compound_limit():
    # 130 + 40 + 125 ticked is 295; with the 3 Value Honor sets 3.2.2 brings it is 325.
    score = score_hand({"3.2.2": 1, "2.1.1": 1, "4.2.3": 1})
    assert sum(line.points for line in score.lines) == 325
    assert (score.value, score.limit) == (320, "compound")


@pytest.mark.parametrize("rule", IMPLIED, ids=[f"{r.trigger}->{r.add}" for r in IMPLIED])
def test_every_implied_rule_includes_its_pattern(rule):
    score = score_hand({rule.trigger: 1})
    (line,) = [line for line in score.lines if line.id == rule.add]
    assert line.count == rule.count and line.implied_by == rule.trigger and line.is_counted
    assert rule.section in implied_label(line)
    assert score.offers == () and score.errors == ()


@pytest.mark.parametrize(
    ("rule", "a", "b"),
    [(rule, a, b) for rule in EXCLUSIONS for a in rule.a for b in rule.b],
    ids=[f"{a}+{b}" for rule in EXCLUSIONS for a in rule.a for b in rule.b],
)
def test_every_exclusion_is_an_error_naming_both_patterns_and_its_section(rule, a, b):
    score = score_hand({a: 1, b: 1})
    (error,) = score.errors
    assert error.code == rule.code and error.patterns == (a, b)
    assert error.section == rule.section and error.section.startswith("§")
    assert PATTERN_BY_ID[a].label in error.message and PATTERN_BY_ID[b].label in error.message
    assert rule.section in error.message
    assert all(w.patterns != (a, b) for w in score.warnings)


def test_a_companion_is_never_included_where_a_counting_rule_forbids_it():
    for trigger in ("9.4.1", "9.4.2", "4.2.3"):
        for irregular in ("10.1", "10.2"):
            score = score_hand({trigger: 1, irregular: 1})
            assert "1.2" not in {line.id for line in score.lines}
            assert "1.2" not in {issue.add[0] for issue in score.offers}
            assert score.errors == ()


def test_companions_left_as_offers_are_not_included():
    for rule in COMPANIONS:
        score = score_hand({rule.trigger: 1})
        assert rule.add not in {line.id for line in score.lines}
        assert (rule.add, rule.count) in [issue.add for issue in score.offers]


def test_four_concealed_triplets_worked_example_is_one_tap_per_offer():
    # §2.2: 4.2.3 also qualifies as 1.2 and 4.1; the winner declares them (125 + 5 + 30).
    score = score_hand({"4.2.3": 1})
    assert score.value == 125
    patterns = {"4.2.3": 1, **{issue.add[0]: issue.add[1] for issue in score.offers}}
    assert score_hand(patterns).value == 160


def test_same_series_error_names_every_member():
    (error,) = score_hand({"4.3.1": 1, "4.3.2": 1, "4.3.3": 1}).errors
    assert error.patterns == ("4.3.1", "4.3.2", "4.3.3")
    assert "4.3" in error.message and "Three Quads" in error.message


@pytest.mark.parametrize(
    ("patterns", "code"),
    [
        ([], "not_a_mapping"),
        ({"99.9": 1}, "unknown_pattern"),
        ({"1.2": True}, "bad_count"),
        ({"1.2": 1.0}, "bad_count"),
        ({"1.2": -1}, "negative_count"),
        ({"1.2": 2}, "count_too_high"),
        ({"3.1": 5}, "count_too_high"),
    ],
)
def test_malformed_input_is_a_value_error_with_a_code(patterns, code):
    with pytest.raises(ValueError) as raised:
        score_hand(patterns)
    assert isinstance(raised.value, MalformedHand)
    assert raised.value.code == code
    assert "{" not in str(raised.value)


@pytest.mark.parametrize("pattern", PATTERNS, ids=[p.id for p in PATTERNS])
def test_every_pattern_alone_is_a_legal_hand(pattern):
    counts = range(1, pattern.max_count + 1)
    for count in counts:
        score = score_hand({pattern.id: count})
        assert score.errors == () and score.warnings == ()


@pytest.mark.parametrize("case", SCORE_CASES, ids=[case["name"] for case in SCORE_CASES])
def test_every_message_is_filled_in(case):
    if case["status"] == 400:
        return
    score = score_hand(case["patterns"])
    for issue in (*score.errors, *score.warnings, *score.offers):
        assert issue.message and "{" not in issue.message
        # Every issue cites its section and names every pattern it is about.
        assert issue.section.startswith("§") and issue.section in issue.message
        for pattern_id in issue.patterns:
            assert PATTERN_BY_ID[pattern_id].label in issue.message


def test_incompatibilities_never_pair_a_pattern_with_its_own_series():
    for rule in INCOMPATIBILITIES:
        for a in rule.a:
            for b in rule.b:
                assert PATTERN_BY_ID[a].series != PATTERN_BY_ID[b].series, (rule.code, a, b)


def test_recorded_lines_show_included_patterns_when_they_make_the_value():
    lines = recorded_lines({"3.2.1": 1}, 60)
    assert [(line.id, line.count, line.implied_by) for line in lines] == [
        ("3.1", 2, "3.2.1"),
        ("3.2.1", 1, None),
    ]


@pytest.mark.parametrize(
    ("patterns", "value", "shown"),
    [
        ({"3.2.1": 1}, 40, [("3.2.1", 1)]),  # recorded before 3.1 was included
        ({"3.2.1": 1, "3.1": 1}, 50, [("3.1", 1), ("3.2.1", 1)]),
        ({"9.4.1": 1}, 155, [("9.4.1", 1)]),
        ({"9.4.1": 1, "1.2": 1}, 160, [("1.2", 1), ("9.4.1", 1)]),
    ],
)
def test_rounds_recorded_before_included_patterns_show_as_recorded(patterns, value, shown):
    lines = recorded_lines(patterns, value)
    assert [(line.id, line.count) for line in lines] == shown
    assert all(line.implied_by is None for line in lines)


@pytest.mark.parametrize("patterns", [None, {}, {"1.2": 0}, {"99.1": 1}, {"3.1": 9}])
def test_recorded_lines_of_nothing_readable_are_empty(patterns):
    assert recorded_lines(patterns, 30) == ()


@pytest.mark.parametrize(
    ("patterns", "value", "fits"),
    [
        ({"3.2.1": 1}, 60, True),
        ({"3.2.1": 1}, 40, True),  # recorded before 3.1 was included
        ({"9.4.1": 1}, 155, True),
        ({"9.4.1": 1, "1.2": 1, "2.2": 1}, 480, True),  # signed before the §1.5 row
        ({"3.2.1": 1}, 50, False),
        ({"10.2": 1, "1.2": 1}, 35, False),  # an error then and now
        ({"2.1.1": 1, "2.1.2": 1}, 120, False),
        ({}, 1, True),
    ],
)
def test_a_recorded_value_fits_todays_rules_or_the_rules_it_was_signed_under(
    patterns, value, fits
):
    assert recorded_value_fits(patterns, value) is fits
