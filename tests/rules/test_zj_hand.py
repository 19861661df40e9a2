import json
from pathlib import Path

import pytest

from judgeaid.rules.zj import PATTERNS, MalformedHand, score_hand
from judgeaid.rules.zj.catalogue import INCOMPATIBILITIES, PATTERN_BY_ID

CASES = json.loads((Path(__file__).parents[1] / "zj_cases.json").read_text(encoding="utf-8"))
SCORE_CASES = CASES["score"]


def expect_score(case: dict, result: dict) -> None:
    """Assert that a score result (the as_dict / zj.js shape) meets a case's expectations."""
    error_codes = sorted(issue["code"] for issue in result["errors"])
    if case["status"] == 422:
        assert error_codes, "expected counting-rule errors"
        if "errors" in case:
            assert error_codes == sorted(case["errors"])
    else:
        assert error_codes == []
        assert result["value"] == case["value"]
        assert result["limit"] == case["limit"]
    if "warnings" in case:
        assert sorted(issue["code"] for issue in result["warnings"]) == sorted(case["warnings"])
    if "offers" in case:
        offered = {issue["add"]["pattern"]: issue["add"]["count"] for issue in result["offers"]}
        assert offered == case["offers"]


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
    score = score_hand({"9.4.1": 1})
    assert score.value == 155
    assert [issue.add for issue in score.offers] == [("1.2", 1)]


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


def test_incompatibilities_never_pair_a_pattern_with_its_own_series():
    for rule in INCOMPATIBILITIES:
        for a in rule.a:
            for b in rule.b:
                assert PATTERN_BY_ID[a].series != PATTERN_BY_ID[b].series, (rule.code, a, b)
