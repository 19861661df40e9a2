"""The non-repeat principle (MCR §3.9.1.6 (1), App. 1 note 3), the two kongs of fan 57 and
the fans that fix the win type, read from the MCR text (issue 26)."""

import json
from pathlib import Path

import pytest

from judgeaid.rules import MalformedHand
from judgeaid.rules.mcr.catalogue import DISCARD_WINS, DRAW_WINS, FAN_BY_ID, catalogue_json
from judgeaid.rules.mcr.hand import recorded_lines, recorded_value_fits, score_hand
from judgeaid.rules.mcr.implied import IMPLIED, IMPLIED_BY_PAIR, ROWS
from tests.rules.expect import mcr_fans

CASES = json.loads((Path(__file__).parents[1] / "mcr_cases.json").read_text(encoding="utf-8"))
EXAMPLES = [case for case in CASES["score"]
            if case["name"].startswith(("App. 1 example", "calculator", "hand:", "shared:"))
            and case["status"] == 200]


def implied_pairs(hand) -> set[frozenset[str]]:
    return {frozenset(e.fans) for e in hand.errors if e.code == "implied"}


@pytest.mark.parametrize("row", IMPLIED, ids=lambda r: f"{r.fan}->{r.implies}")
def test_every_implication_is_refused_naming_both_fans(row):
    hand = score_hand({row.fan: 1, row.implies: row.leaves + 1})
    (error,) = [e for e in hand.errors if e.code == "implied" and e.fans == (row.fan,
                                                                             row.implies)]
    assert FAN_BY_ID[row.fan].name in error.message
    assert FAN_BY_ID[row.implies].name in error.message
    assert error.section.startswith("MCR §3.9.1.6 (1); MCR App. 1 fan")
    assert error.section in error.message


@pytest.mark.parametrize("row", [r for r in IMPLIED if r.leaves], ids=lambda r: r.fan)
def test_a_fan_counted_per_set_may_still_count_for_the_sets_left(row):
    assert not implied_pairs(score_hand({row.fan: 1, row.implies: row.leaves}))


def test_every_row_cites_the_definitions_or_sentence_that_force_it():
    for row in ROWS:
        assert row.forced_by.startswith("MCR App. 1 fan")
        assert row.fan != row.implies and not row.via
    assert len({(r.fan, r.implies) for r in ROWS}) == len(ROWS)


@pytest.mark.parametrize("case", EXAMPLES, ids=[c["name"] for c in EXAMPLES])
def test_no_worked_example_of_the_text_holds_an_implied_pair(case):
    # A "Combined with" example of Appendix 1 overrides any row; the calculator's hands
    # (fans found from the tiles) must still score.
    hand = score_hand(mcr_fans(case))
    assert not hand.errors and hand.value == case["value"]


def test_the_closure_carries_an_inclusion_through_another():
    # Nine Gates is one suit (Full Flush), and a full flush has no honors.
    row = IMPLIED_BY_PAIR[("4", "76")]
    assert row.via == ("22",) and "fan 22" in row.section
    assert ("21", "76") in IMPLIED_BY_PAIR and ("13", "76") in IMPLIED_BY_PAIR
    # Pure Terminal Chows reads as seven pairs (excluded), but it is scored as chows and
    # may wait on a chow: the seven pairs' single wait does not carry over.
    assert ("13", "79") not in IMPLIED_BY_PAIR


@pytest.mark.parametrize("fans, implied, value", [
    # the issue's examples
    ({"5": 1, "49": 1, "17": 1}, {("5", "49"), ("5", "17")}, 126),
    ({"26": 1, "76": 1}, {("26", "76")}, 25),
    ({"68": 1, "76": 1, "51": 1}, {("68", "76")}, 9),
    ({"56": 1, "80": 1, "50": 1}, {("56", "80")}, 11),
    ({"12": 1, "33": 1, "66": 1}, {("12", "33"), ("12", "66"), ("33", "66")}, 82),
    ({"32": 1, "65": 1}, {("32", "65")}, 18),
    ({"38": 1, "73": 2, "50": 1}, {("38", "73")}, 20),
    ({"48": 1, "67": 1}, {("48", "67")}, 10),
    ({"57": 1, "74": 1, "49": 1}, {("57", "74")}, 11),
    ({"54": 1, "59": 1, "50": 1}, {("54", "59")}, 14),
    ({"14": 1, "23": 1}, {("14", "23")}, 72),
    ({"25": 1, "36": 1}, {("25", "36")}, 36),
    ({"20": 1, "34": 1}, {("20", "34")}, 36),
])
def test_implied_pairs_of_the_text(fans, implied, value):
    hand = score_hand(fans)
    assert {e.fans for e in hand.errors if e.code == "implied"} == implied
    assert sum(line.points for line in hand.lines) == value  # as ticked: nothing counted


@pytest.mark.parametrize("fans", [
    {"5": 1, "57": 1},  # four kongs may be concealed: two melded kongs are not inevitable
    {"5": 1, "74": 1},
    {"5": 1, "12": 1},
    {"17": 1, "49": 1},  # App. 1 fan 17's example
    {"38": 1, "73": 1, "49": 1},  # the fourth pung of nines
    {"60": 1, "61": 1, "73": 2, "49": 1},
    {"28": 1, "71": 1}, {"28": 1, "72": 1}, {"41": 1, "70": 1},
    {"9": 1, "60": 1, "61": 1},  # App. 1 fan 9: combines with both winds
])
def test_what_is_not_inevitable_still_scores(fans):
    assert not implied_pairs(score_hand(fans))


# MCR §3.8.1 fan 57: one melded kong and one concealed kong are 6 points.

@pytest.mark.parametrize("fans, value", [
    ({"74": 1, "67": 1, "49": 1}, 12),
    ({"67": 1, "74": 1, "50": 1, "59": 1}, 14),
])
def test_a_melded_and_a_concealed_kong_make_one_line_worth_6(fans, value):
    hand = score_hand(fans)
    assert hand.is_valid and hand.value == value
    kong = [line for line in hand.lines if line.id == "57"]
    assert [(line.count, line.points) for line in kong] == [(1, 6)]
    assert "one melded, one concealed kong" in kong[0].name
    assert not any(line.id in ("74", "67") for line in hand.lines)
    assert [line.id for line in hand.lines] == sorted((line.id for line in hand.lines), key=int)


def test_the_kong_pair_alone_is_6_points_below_the_minimum():
    hand = score_hand({"74": 1, "67": 1})
    assert hand.value == hand.fan_points == 6
    assert [e.code for e in hand.errors] == ["below_minimum"]


@pytest.mark.parametrize("other", ["5", "17", "48", "57"])
def test_with_another_kong_fan_the_kongs_stay_as_ticked(other):
    hand = score_hand({"74": 1, "67": 1, other: 1})
    assert {line.id for line in hand.lines} >= {"74", "67"}


def test_the_card_and_a_backup_see_the_kong_pair_too():
    assert [(x.id, x.points) for x in recorded_lines({"74": 1, "67": 1, "49": 1}, 12)] == [
        ("49", 6), ("57", 6)]
    assert recorded_value_fits({"74": 1, "67": 1, "49": 1, "59": 1}, 14)


# Fans that fix how the hand was won (MCR §3.7.2.3 and their definitions).

@pytest.mark.parametrize("fan", DRAW_WINS)
def test_a_self_draw_fan_on_a_discard_win_is_refused(fan):
    hand = score_hand({fan: 1, "50": 1, "59": 1}, win="discard")
    (error,) = [e for e in hand.errors if e.code == "win_mismatch"]
    assert error.fans == (fan,) and "self-drawn" in error.message
    assert error.section.startswith("MCR §3.7.2.3")
    assert not [e for e in score_hand({fan: 1, "50": 1, "59": 1}, win="self").errors
                if e.code == "win_mismatch"]


@pytest.mark.parametrize("fan", DISCARD_WINS)
def test_a_discard_fan_on_a_self_drawn_win_is_refused(fan):
    hand = score_hand({fan: 1, "50": 1, "59": 1}, win="self")
    assert [e.fans for e in hand.errors if e.code == "win_mismatch"] == [(fan,)]
    assert not [e for e in score_hand({fan: 1, "50": 1, "59": 1}, win="discard").errors
                if e.code == "win_mismatch"]


def test_the_fixed_lists_are_the_issue_s():
    assert set(DRAW_WINS) == {"56", "80", "44", "46"}
    assert set(DISCARD_WINS) == {"62", "45", "47", "53"}


@pytest.mark.parametrize("win", ["self", "discard", None])
def test_last_tile_fixes_neither(win):
    assert score_hand({"58": 1, "50": 1}, win=win).is_valid


def test_without_a_win_type_nothing_is_checked():
    assert score_hand({"56": 1, "22": 1}).is_valid


def test_an_unknown_win_type_is_malformed():
    with pytest.raises(MalformedHand) as raised:
        score_hand({"43": 1}, win="draw")
    assert raised.value.code == "bad_win"


def test_the_table_travels_with_the_catalogue():
    data = catalogue_json()["rules"]
    assert len(data["implied"]) == len(IMPLIED)
    assert {"fan": "26", "implies": "76"}.items() <= data["implied"][
        [(r["fan"], r["implies"]) for r in data["implied"]].index(("26", "76"))].items()
    assert data["kong_pair"]["value"] == 6 and data["kong_pair"]["fans"] == ["74", "67"]
