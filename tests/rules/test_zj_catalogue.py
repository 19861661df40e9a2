import json
import re

import pytest

from judgeaid.rules.zj import CATEGORIES, PATTERN_BY_ID, PATTERNS, catalogue_json, score_hand
from judgeaid.rules.zj.catalogue import (
    COMPANIONS,
    EXCLUSIONS,
    IMPLIED,
    INCOMPATIBILITIES,
    MESSAGES,
    series_of,
)

# §2.4 point values, one per pattern id.
VALUES = {
    "1.1": 5, "1.2": 5, "1.3": 5,
    "2.1.1": 40, "2.1.2": 80, "2.2": 480,
    "3.1": 10, "3.2.1": 40, "3.2.2": 130, "3.3.1": 30, "3.3.2": 120, "3.3.3": 320,
    "3.3.4": 400, "3.4": 320,
    "4.1": 30, "4.2.1": 5, "4.2.2": 30, "4.2.3": 125,
    "4.3.1": 5, "4.3.2": 20, "4.3.3": 120, "4.3.4": 480,
    "5.1.1": 10, "5.1.2": 60, "5.1.3": 120, "5.1.4": 480,
    "6.1": 35, "6.2.1": 30, "6.2.2": 120,
    "7.1": 40, "7.2.1": 100, "7.2.2": 200,
    "8.1.1": 40, "8.1.2": 50, "8.1.3": 100, "8.1.4": 400,
    "9.1.1": 10, "9.1.2": 10, "9.2": 10, "9.3": 10, "9.4.1": 155, "9.4.2": 155,
    "10.1": 160, "10.2": 30,
}  # fmt: skip

CJK = re.compile(r"^[\u4e00-\u9fff]+$")


def test_there_are_44_patterns_with_unique_ids():
    ids = [p.id for p in PATTERNS]
    assert len(ids) == 44
    assert len(set(ids)) == 44
    assert ids[0] == "1.1" and ids[-1] == "10.2"


@pytest.mark.parametrize(("pattern_id", "value"), VALUES.items())
def test_values_follow_the_list(pattern_id, value):
    assert PATTERN_BY_ID[pattern_id].value == value


@pytest.mark.parametrize(
    ("pattern_id", "series"),
    [("4.2.3", "4.2"), ("3.1", "3.1"), ("10.2", "10.2"), ("2.1.1", "2.1"), ("9.4.2", "9.4")],
)
def test_series_is_the_first_two_numbers(pattern_id, series):
    assert series_of(pattern_id) == series
    assert PATTERN_BY_ID[pattern_id].series == series


@pytest.mark.parametrize("pattern", PATTERNS, ids=[p.id for p in PATTERNS])
def test_each_pattern_is_complete(pattern):
    assert pattern.category == int(pattern.id.split(".")[0])
    assert pattern.series == series_of(pattern.id)
    assert CJK.match(pattern.chinese), pattern.chinese
    assert pattern.name and pattern.kwan_name
    assert pattern.description and "\n" not in pattern.description
    assert pattern.max_count == (4 if pattern.id == "3.1" else 1)
    assert pattern.is_listed_limit == (pattern.value >= 320)


def test_names_keep_both_zjm_and_kwan():
    half_flush = PATTERN_BY_ID["2.1.1"]
    assert (half_flush.name, half_flush.kwan_name, half_flush.chinese) == (
        "Half Flush",
        "Mixed One-Suit",
        "混一色",
    )
    assert PATTERN_BY_ID["1.1"].kwan_name == "All Sequences"
    assert PATTERN_BY_ID["10.1"].kwan_name == "Thirteen Terminals"


def test_listed_limit_patterns():
    listed = {p.id for p in PATTERNS if p.is_listed_limit}
    assert listed == {"2.2", "3.3.3", "3.3.4", "3.4", "4.3.4", "5.1.4", "8.1.4"}


def test_categories_cover_every_pattern():
    assert [c.id for c in CATEGORIES] == list(range(1, 11))
    assert {p.category for p in PATTERNS} == {c.id for c in CATEGORIES}


def test_worked_examples():
    assert score_hand({"4.2.3": 1, "1.2": 1, "4.1": 1}).value == 160
    assert score_hand({"3.2.1": 1, "3.1": 2}).value == 60


def test_rule_tables_name_known_patterns_and_messages():
    for rule in (*EXCLUSIONS, *INCOMPATIBILITIES):
        assert set(rule.a) | set(rule.b) <= PATTERN_BY_ID.keys(), rule
    assert all(rule.code in MESSAGES for rule in INCOMPATIBILITIES)
    assert len({rule.code for rule in EXCLUSIONS}) == len(EXCLUSIONS)
    for implied in IMPLIED:
        assert {implied.trigger, implied.add} <= PATTERN_BY_ID.keys()
    for companion in COMPANIONS:
        assert {companion.trigger, companion.add} <= PATTERN_BY_ID.keys()
        assert companion.code in MESSAGES
    assert "same_series" in MESSAGES


def test_catalogue_json_is_plain_json_and_mirrors_the_tables():
    data = catalogue_json()
    assert json.loads(json.dumps(data)) == data
    assert data["version"] == "3.3"
    assert [p["id"] for p in data["patterns"]] == [p.id for p in PATTERNS]
    assert data["categories"][0] == {"id": 1, "name": "Trivial Patterns"}
    rules = data["rules"]
    assert rules["limit"] == 320
    assert rules["chicken"] == {"id": "chicken", "name": "Chicken Hand", "value": 1}
    assert len(rules["exclusions"]) == len(EXCLUSIONS)
    assert len(rules["implied"]) == len(IMPLIED)
    assert len(rules["incompatibilities"]) == len(INCOMPATIBILITIES)
    assert len(rules["companions"]) == len(COMPANIONS)
    assert rules["payoff"] == {
        "threshold": 25,
        "seats": ["E", "S", "W", "N"],
        "wins": ["self", "discard", "draw"],
        "schemes": ["formal", "uniform"],
    }


def test_exclusions_are_one_row_per_rulebook_sentence():
    rows = {e.code: (e.a, e.b, e.section) for e in EXCLUSIONS}
    assert rows == {
        "nine_gates_on_blessing_of_heaven": (("2.2",), ("9.4.1",), "§1.5"),
        "identical_sequences_or_consecutive_triplets": (("5.1.3",), ("7.2.1",), "§1.5"),
        "identical_sequences_or_seven_pairs": (("5.1.2",), ("10.2",), "§1.5"),
        "irregular_with_concealed": (("10.1", "10.2"), ("1.2",), "§2.4 10.0"),
        "two_irregular_hands": (("10.1",), ("10.2",), "§1.1.5"),
        "greater_terminals_with_orphans": (("8.1.3",), ("10.1",), "§2.4 8.1.3"),
    }
    for rule in EXCLUSIONS:
        assert "{a}" in rule.message and "{b}" in rule.message and rule.section in rule.message


def test_implied_patterns_are_the_ones_the_rulebook_prices_together():
    rows = {(i.trigger, i.add): (i.count, i.section) for i in IMPLIED}
    assert rows == {
        ("3.2.1", "3.1"): (2, "§2.4 3.2.1"),
        ("3.2.2", "3.1"): (3, "§2.4 3.2.2"),
        ("9.4.1", "1.2"): (1, "§2.4 9.4.1"),
        ("9.4.2", "1.2"): (1, "§2.4 9.4.2"),
    }
    assert {(c.trigger, c.add) for c in COMPANIONS} == {
        ("4.2.3", "1.2"), ("4.2.3", "4.1"), ("7.2.2", "4.1"), ("5.1.2", "1.1")}


def test_every_warning_row_cites_a_section():
    for rule in INCOMPATIBILITIES:
        assert rule.section.startswith("§") and "{section}" in MESSAGES[rule.code]
