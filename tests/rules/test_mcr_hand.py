"""MCR hand totals from ticked fans (MCR §3.9.1): the shared case table and the catalogue."""

import json
from pathlib import Path

import pytest

from judgeaid.rules import MalformedHand, get_ruleset
from judgeaid.rules.mcr.catalogue import FAN_BY_ID, FANS, PRINCIPLES, catalogue_json
from judgeaid.rules.mcr.hand import (
    implied_label,
    recorded_lines,
    recorded_value_fits,
    score_hand,
)
from tests.rules.expect import expect_mcr_score, mcr_fans

CASES = json.loads((Path(__file__).parents[1] / "mcr_cases.json").read_text(encoding="utf-8"))
SCORE_CASES = CASES["score"]


@pytest.mark.parametrize("case", SCORE_CASES, ids=[case["name"] for case in SCORE_CASES])
def test_score_case(case):
    if case["status"] == 400:
        with pytest.raises(MalformedHand):
            score_hand(mcr_fans(case))
        return
    expect_mcr_score(case, score_hand(mcr_fans(case)).as_dict())


def test_the_catalogue_holds_the_81_fans_in_appendix_1_order():
    assert [fan.number for fan in FANS] == list(range(1, 82))
    names = {fan.number: fan.name for fan in FANS}
    assert (names[1], names[43], names[69], names[80], names[81]) == (
        "Big Four Winds", "Chicken Hand", "Pure Double Chow", "Self-Drawn", "Flower Tiles")
    assert len({fan.chinese for fan in FANS}) == 81
    assert FAN_BY_ID["1"].chinese == "四风会" and FAN_BY_ID["43"].chinese == "无番和"


def test_the_value_tiers_hold_as_many_fans_as_appendix_8_counts():
    # Appendix 8's last row: how many fans each tier holds, flowers among the 1-point fans.
    tiers = {group["id"]: len(group["fans"]) for group in catalogue_json()["groups"]}
    assert tiers == {"88": 7, "64": 6, "48": 2, "32": 3, "24": 9, "16": 6, "12": 5, "8": 10,
                     "6": 6, "4": 4, "2": 10, "1": 13}


def test_this_text_prices_two_concealed_kongs_at_8():
    # Other MCR sources say 6; this text wins (rules README).
    assert FAN_BY_ID["48"].value == 8


@pytest.mark.parametrize("fan", [fan for fan in FANS if fan.excludes], ids=lambda f: f.label)
def test_every_exclusion_is_an_error_naming_both_fans(fan):
    for other in fan.excludes:
        hand = score_hand({fan.id: 1, str(other): 1})
        (error,) = [e for e in hand.errors if e.code == "excluded"]
        assert set(error.fans) == {fan.id, str(other)}
        assert fan.name in error.message and FAN_BY_ID[str(other)].name in error.message
        assert "MCR App. 1 fan" in error.section


def test_repeatable_fans_are_the_ones_a_hand_can_hold_more_than_once():
    repeatable = {fan.id: fan.max_count for fan in FANS if fan.max_count > 1}
    assert repeatable == {"59": 2, "64": 3, "65": 2, "69": 2, "70": 2, "71": 2, "72": 2,
                          "73": 4, "81": 8}


def test_lines_follow_the_fan_numbers_and_multiply_by_count():
    score = score_hand({"81": 2, "73": 3, "49": 1, "50": 1})
    assert [(line.id, line.count, line.points) for line in score.lines] == [
        ("49", 1, 6), ("50", 1, 6), ("73", 3, 3), ("81", 2, 2)]
    assert (score.value, score.fan_points, score.flowers) == (17, 15, 2)


def test_flowers_do_not_count_toward_the_minimum():
    score = score_hand({"59": 1, "60": 1, "61": 1, "81": 8})
    assert score.value == 14 and score.fan_points == 6
    (error,) = score.errors
    assert error.code == "below_minimum" and "6 points" in error.message
    assert "below the minimum" in error.message  # the issue's own words for this error


def test_a_pair_is_reported_once_even_when_both_entries_name_it():
    hand = score_hand({"23": 1, "24": 1})
    assert [(e.code, e.fans) for e in hand.errors] == [("excluded", ("23", "24"))]


def test_an_appendix_1_pair_that_is_an_inclusion_is_reported_under_both_codes():
    hand = score_hand({"22": 1, "76": 1})
    assert [(e.code, e.fans) for e in hand.errors] == [("implied", ("22", "76")),
                                                        ("excluded", ("22", "76"))]


def test_warnings_do_not_stop_the_hand_scoring():
    hand = score_hand({"5": 1, "57": 1})
    assert hand.is_valid and hand.value == 92
    (warning,) = hand.warnings
    assert warning.code == "repeat" and warning.fans == ("5", "57")


@pytest.mark.parametrize("fans", [[], "43", {43: 1}, {"43": None}])
def test_what_cannot_be_read_is_malformed(fans):
    with pytest.raises(MalformedHand):
        score_hand(fans)


def test_the_principles_of_3_9_1_6_travel_with_the_catalogue():
    data = catalogue_json()
    assert [p["id"] for p in data["principles"]] == [p.id for p in PRINCIPLES] == [
        "non_repeat", "non_separation", "non_identical", "highest", "account_once"]
    assert all(p["section"].startswith("MCR §3.9.1.6") for p in data["principles"])
    assert (data["minimum"], data["flower"], data["flower_value"]) == (8, "81", 1)
    json.dumps(data)  # JSON-ready as it stands


def test_the_mcr_ruleset_scores_with_these_fans():
    scoring = get_ruleset("mcr").scoring
    assert scoring.min_hand_value == 8 and scoring.version == "MCR (WMO)"
    assert scoring.score_hand({"43": 1}).value == 8
    assert scoring.catalogue_json()["fans"][68]["name"] == "Pure Double Chow"
    assert get_ruleset("zj").scoring.min_hand_value == 1  # ZJ untouched


def test_recorded_lines_show_the_ticked_fans():
    lines = recorded_lines({"28": 1, "62": 1, "81": 2}, 20)
    assert [(line.id, line.points) for line in lines] == [("28", 16), ("62", 2), ("81", 2)]
    assert all(implied_label(line) == "" for line in lines)
    assert recorded_lines(None, None) == () and recorded_lines({"99": 1}, 8) == ()


def test_recorded_value_fits_only_a_valid_hand_of_that_value():
    assert recorded_value_fits({"28": 1, "62": 1, "81": 2}, 20)
    assert not recorded_value_fits({"28": 1, "62": 1}, 20)
    assert not recorded_value_fits({"22": 1, "76": 1}, 25)
    with pytest.raises(MalformedHand):
        recorded_value_fits({"99": 1}, 8)


def test_the_exclusions_are_exactly_the_appendix_1_pairs_of_the_case_table():
    # The case table lists the text's "does not combine with" pairs, read from it apart from
    # the catalogue: an exclusion the text does not make would refuse a hand it allows.
    table = {frozenset(case["fans"]) for case in SCORE_CASES
             if case["name"].startswith("App. 1:")}
    catalogue = {frozenset((fan.id, str(other))) for fan in FANS for other in fan.excludes}
    assert catalogue == table and len(table) == 72
