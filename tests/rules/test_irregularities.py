"""Irregularity guide and citable sections (ZJM chapter 1, §4, A.5)."""

import json
import re

import pytest

from judgeaid.rules.zj import sections
from judgeaid.rules.zj.irregularities import GUIDE, get, guide_json, search
from judgeaid.rules.zj.penalties import find_infraction, get_category

REQUIRED = [
    "false-win",
    "cancelled-claim",
    "cancelled-win",
    "cancelled-kong",
    "wrong-claim",
    "changed-claim",
    "exposed-tiles-deal",
    "exposed-wall-tiles",
    "exposed-opponent-tiles",
    "penalty-tiles",
    "dead-hand",
    "wrong-dealer",
    "wrong-dice-thrower",
    "misdeal",
    "dealt-hand-errors",
    "seabed-riverbed",
    "nine-gates-self-draw",
    "thirteen-orphans-penalty-tiles",
    "drawing-out-of-turn",
    "wrong-tile-drawn",
    "time-limit",
    "time-out",
    "late-arrival",
    "score-dispute",
]


@pytest.mark.parametrize("entry_id", REQUIRED)
def test_required_entries_exist(entry_id):
    assert get(entry_id).id == entry_id


def test_ids_are_unique_slugs():
    ids = [e.id for e in GUIDE]
    assert len(ids) == len(set(ids))
    assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", i) for i in ids)


@pytest.mark.parametrize("entry", GUIDE, ids=lambda e: e.id)
def test_entry_is_complete(entry):
    assert entry.title and entry.keywords
    assert 2 <= len(entry.steps) <= 6
    assert all(step.strip() and step.endswith(".") for step in entry.steps)
    assert entry.sections
    assert all(sections.is_section(s) for s in entry.sections), entry.sections
    if entry.rubric_category is not None:
        get_category(entry.rubric_category)
        if entry.rubric_infraction is not None:
            assert find_infraction(entry.rubric_category, entry.rubric_infraction)


def test_chapter_1_sections_are_all_citable():
    chapter_1 = [
        "1.0", "1.1", "1.1.1", "1.1.5", "1.2.7", "1.3.3", "1.4.6", "1.5", "1.6", "1.7",
        "1.8", "1.9", "1.9.1", "1.9.2",
    ]
    others = ["2.2", "2.3", "2.4", "3.4.1.2", "3.4.2.2", "3.5.1", "3.6", "3.7", "4.3", "4.11",
              "4.14", "4.15", "A.5", "A.5.6", "A.5.7"]
    for section_id in chapter_1 + others:
        assert sections.is_section(section_id), section_id
    assert not sections.is_section("5.0")
    assert sections.get("1.8").citation.startswith("§1.8 ")
    with pytest.raises(ValueError):
        sections.get("9.9")


def test_section_ids_are_unique():
    ids = [s.id for s in sections.SECTIONS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize(
    ("query", "first", "also"),
    [
        ("false win", "false-win", []),
        ("False WIN", "false-win", []),
        ("false mahjong", "false-win", []),
        ("kong", None, ["cancelled-kong", "kong-errors"]),
        ("penalty tile", "penalty-tiles", ["thirteen-orphans-penalty-tiles"]),
        ("penalty tiles", "penalty-tiles", []),
        ("seabed", "seabed-riverbed", []),
        ("riverbed", "seabed-riverbed", []),
        ("nine gates", "nine-gates-self-draw", []),
        ("13 orphans", "thirteen-orphans-penalty-tiles", []),
        ("wrong dealer", "wrong-dealer", []),
        ("dice", "wrong-dice-thrower", []),
        ("misdeal", "misdeal", []),
        ("long hand", "dead-hand", []),
        ("late", "late-arrival", []),
        ("time-out", "time-out", []),
        ("1.7", "penalty-tiles", []),
    ],
)
def test_search_ranks_the_obvious_answer_first(query, first, also):
    ids = [e.id for e in search(query)]
    if first is not None:
        assert ids[0] == first
    for entry_id in also:
        assert entry_id in ids
    if query == "kong":
        assert set(ids[:2]) == {"cancelled-kong", "kong-errors"}


def test_search_edge_cases():
    assert search("") == list(GUIDE)
    assert search("   ") == list(GUIDE)
    assert search("xyzzy") == []
    # when no entry holds every word, entries holding some of them still come back
    assert [e.id for e in search("seabed xyzzy")][0] == "seabed-riverbed"


def test_get_refuses_unknown_ids():
    with pytest.raises(ValueError):
        get("no-such-entry")


def test_guide_json_round_trips_and_is_versioned():
    data = guide_json()
    assert json.loads(json.dumps(data)) == data
    assert len(data["entries"]) == len(GUIDE)
    assert re.fullmatch(r"[0-9a-f]{12}", data["version"])
    assert data == guide_json()
    false_win = next(e for e in data["entries"] if e["id"] == "false-win")
    assert false_win["sections"][0] == {"id": "1.4.6", "title": sections.get("1.4.6").title}
    assert false_win["rubric"] == {
        "category": "special",
        "infraction": "tiles_disturbed_after_false_win",
    }


def test_the_time_limit_answer_says_when_a_turn_starts_both_ways():
    # §1.9.1/§1.9.2: drawing from the wall, the turn starts at the left-hand player's
    # discard; claiming, at the discard of the claimed tile; a kong starts a new turn.
    entry = get("time-limit")
    step = next(s for s in entry.steps if "turn starts" in s)
    assert "left-hand player's discard" in step and "draws from the wall" in step
    assert "claimed tile" in step and "replacement tile is drawn" in step
    assert "1.9" in entry.sections
