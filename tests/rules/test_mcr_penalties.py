"""MCR fouls and penalties (MCR §3.11): every line, the per-hand ladders, who is paid,
late arrival by the minute, the guide and the sections (issue 16)."""

from __future__ import annotations

import pytest

from judgeaid.rules import PriorPenalty, RepeatPolicy, get_ruleset
from judgeaid.rules.ruleset import Payees

MCR = get_ruleset("mcr")
ZJ = get_ruleset("zj")
RUBRIC = MCR.rubric

# (category, foul) -> (kind, points, allowed range) as MCR §3.11 sets them
EVERY_LINE = {
    ("warning", "minor"): ("warning", 0, (0, 0)),                       # §3.11.1
    ("warning", "disturbing"): ("warning", 0, (0, 0)),
    ("warning", "tiles_shown_after_hu"): ("warning", 0, (0, 0)),        # §3.11.6.7 (2)
    ("warning", "lingering"): ("warning", 0, (0, 0)),                   # §3.11.6.11 (8)
    ("late", "late_10"): ("points", 10, (10, 10)),                      # §3.11.2.1
    ("late", "late_15"): ("points", 20, (20, 20)),
    ("late", "late_over_15"): ("session_forfeit", 0, (0, 0)),
    ("late", "late_clock"): ("points", 0, (10, None)),
    ("violation", "rule_violation"): ("points", 5, (5, 60)),            # §3.11.2.2
    ("violation", "judge_ignored"): ("points", 10, (5, 60)),
    ("hand_ladder", "empty_call"): ("warning", 0, (0, 0)),              # §3.11.6.3
    ("hand_ladder", "wall_touched"): ("warning", 0, (0, 0)),            # §3.11.6.4
    ("hand_ladder", "late_pung"): ("warning", 0, (0, 0)),               # §3.11.6.5
    ("false_hu", "below_minimum"): ("points", 30, (30, 30)),            # §3.11.6.6 (1)
    ("false_hu", "erroneous_hu"): ("points", 60, (60, 60)),             # §3.11.6.6 (2)
    ("false_hu", "hu_tile_not_taken"): ("points", 30, (30, 30)),        # §3.11.6.11 (2)
    ("tiles", "hand_spoiled"): ("points", 90, (90, 90)),                # §3.11.6.7 (2)
    ("tiles", "tiles_knocked"): ("points", 5, (5, 60)),                 # §3.11.6.7 (3)
    ("no_win", "false_meld"): ("no_win", 0, (0, 0)),                    # §3.11.6.2
    ("no_win", "wall_tile_seen"): ("no_win", 0, (0, 0)),                # §3.11.6.4
    ("no_win", "tiles_shown_false_hu"): ("no_win", 0, (0, 0)),          # §3.11.6.7 (2)
    ("no_win", "wrong_tile_count"): ("no_win", 0, (0, 0)),              # §3.11.6.8
    ("no_win", "passing_information"): ("no_win", 0, (0, 0)),           # §3.11.6.9
    ("no_win", "claim_not_taken"): ("no_win", 0, (0, 0)),               # §3.11.6.11 (1)
    ("no_win", "claim_then_hu"): ("no_win", 0, (0, 0)),                 # §3.11.6.11 (3)
    ("no_win", "shown_before_hu"): ("no_win", 0, (0, 0)),               # §3.11.6.11 (4)
    ("no_win", "reached_over"): ("no_win", 0, (0, 0)),                  # §3.11.6.11 (5)
    ("no_win", "tally_mixed"): ("no_win", 0, (0, 0)),                   # §3.11.6.11 (6)
    ("serious", "cheating"): ("disqualification", 0, (0, 0)),           # §3.11.6.1
    ("serious", "severe_disturbance"): ("disqualification", 0, (0, 0)),  # §3.11.6.10
    ("serious", "illegal_gain"): ("disqualification", 0, (0, 0)),       # §3.11.5
    ("serious", "severe_infraction"): ("exclusion", 0, (0, 0)),         # §3.11.4
}


def lines():
    return {(c, i.id) for c in RUBRIC.categories for i in RUBRIC.get_category(c).infractions}


def test_the_console_offers_exactly_mcrs_list():
    assert lines() == set(EVERY_LINE)
    assert set(RUBRIC.kinds) == {"warning", "points", "no_win", "session_forfeit",
                                 "disqualification", "exclusion"}


@pytest.mark.parametrize(("line", "expected"), EVERY_LINE.items(), ids=lambda v: str(v))
def test_every_line_suggests_what_mcr_sets(line, expected):
    category, infraction = line
    s = RUBRIC.suggest(category, infraction, (), session=1, round=3)
    kind, points, allowed = expected
    assert (s.kind, s.points, s.allowed_range) == (kind, points, allowed)
    section = RUBRIC.find_infraction(category, infraction).section
    assert f"MCR §{section}" in s.explanation
    # the suggestion is never a departure from itself, and needs no reason
    assert not s.is_departure(s.kind, s.points)
    if s.kind != "points" or s.points:
        assert RUBRIC.check_choice(category, s.kind, s.points, infraction=infraction,
                                   occurrence=s.occurrence) == []
    # MCR has no 80-point time resignation (that is ZJM §1.9)
    assert not RUBRIC.counts_for_resignation(category, infraction)


def history(infraction, *hands, session=1, category="hand_ladder"):
    return [PriorPenalty(category=category, infraction=infraction, session=session, round=h)
            for h in hands]


@pytest.mark.parametrize("foul", ["empty_call", "wall_touched", "late_pung"])
def test_the_ladders_count_the_same_foul_in_the_same_hand(foul):
    # MCR §3.11.6.3-5: warning, 5, 10, 20 "and so on" (doubling: our reading)
    expected = [("warning", 0), ("points", 5), ("points", 10), ("points", 20),
                ("points", 40), ("points", 80)]
    for earlier, (kind, points) in enumerate(expected):
        s = RUBRIC.suggest("hand_ladder", foul, history(foul, *[7] * earlier), session=1,
                           round=7)
        assert (s.kind, s.points, s.occurrence) == (kind, points, earlier + 1)
        assert RUBRIC.check_choice("hand_ladder", kind, points, infraction=foul,
                                   occurrence=s.occurrence) == []
    fifth = RUBRIC.suggest("hand_ladder", foul, history(foul, 7, 7, 7, 7), session=1, round=7)
    assert any("our reading" in n for n in fifth.notes)


def test_a_new_hand_a_new_session_or_another_foul_starts_the_ladder_again():
    two_in_hand_3 = history("empty_call", 3, 3)
    assert RUBRIC.suggest("hand_ladder", "empty_call", two_in_hand_3, session=1,
                          round=3).points == 10
    assert RUBRIC.suggest("hand_ladder", "empty_call", two_in_hand_3, session=1,
                          round=4).kind == "warning"
    assert RUBRIC.suggest("hand_ladder", "empty_call", two_in_hand_3, session=2,
                          round=3).kind == "warning"
    assert RUBRIC.suggest("hand_ladder", "late_pung", two_in_hand_3, session=1,
                          round=3).kind == "warning"
    # whatever the event's repeat setting says: the ladder is per hand
    wide = RepeatPolicy(scope="any", window="tournament")
    assert RUBRIC.suggest("hand_ladder", "empty_call", two_in_hand_3, wide, session=1,
                          round=4).kind == "warning"


def test_without_the_hand_the_ladder_asks_for_it():
    s = RUBRIC.suggest("hand_ladder", "late_pung", history("late_pung", 2), session=1)
    assert s.kind == "warning"
    assert any("Give the hand" in n for n in s.notes)


def test_a_skipped_rung_needs_a_reason():
    problems = RUBRIC.check_choice("hand_ladder", "points", 10, infraction="empty_call",
                                   occurrence=1)
    assert [p.code for p in problems] == ["reason_required"]
    assert RUBRIC.check_choice("hand_ladder", "points", 10, infraction="empty_call",
                               occurrence=1, reason="deliberate") == []


def test_rule_violations_take_the_listed_amounts_only():
    # MCR §3.11.2.2: 5, 10, 20, 30, 40, 50 or 60, at the referee's discretion
    for points in (5, 10, 20, 30, 40, 50, 60):
        assert RUBRIC.check_choice("violation", "points", points,
                                   infraction="rule_violation") == []
    for points in (15, 25, 70):
        codes = [p.code for p in RUBRIC.check_choice("violation", "points", points,
                                                     infraction="rule_violation")]
        assert codes == ["violation_step"]
    # our reading: one step up the list per earlier counted violation
    priors = [PriorPenalty(category="violation", infraction="rule_violation")] * 2
    assert RUBRIC.suggest("violation", "rule_violation", priors).points == 20
    many = [PriorPenalty(category="violation")] * 12
    assert RUBRIC.suggest("violation", "rule_violation", many).points == 60


def test_knocked_over_tiles_cost_5_to_60_only_even_with_a_reason():
    # MCR §3.11.6.7 (3): 5-60 points to the offended player at the referee's discretion
    for points in (5, 37, 60):
        assert RUBRIC.check_choice("tiles", "points", points, infraction="tiles_knocked") == []
    for points in (4, 61, 70):
        problems = RUBRIC.check_choice("tiles", "points", points, infraction="tiles_knocked",
                                       reason="very clumsy")
        assert [p.code for p in problems] == ["outside_range"]
        assert "5 to 60" in problems[0].message and "MCR §3.11.6.7" in problems[0].message
    # a fixed amount may still be departed from with a reason, as for ZJ
    assert RUBRIC.check_choice("false_hu", "points", 30, infraction="erroneous_hu",
                               reason="not ready, but only 10 each agreed") == []


def test_only_the_per_hand_ladders_need_the_hand():
    for infraction, section in (("empty_call", "3.11.6.3"), ("wall_touched", "3.11.6.4"),
                                ("late_pung", "3.11.6.5")):
        assert f"MCR §{section}" in RUBRIC.needs_round("hand_ladder", infraction)
    assert RUBRIC.needs_round("hand_ladder", "spilled tea") is None
    assert RUBRIC.needs_round("false_hu", "below_minimum") is None
    assert RUBRIC.needs_round("late", "late_10") is None
    assert ZJ.rubric.needs_round("late", "late_arrival") is None


def test_a_violation_paid_to_someone_cites_its_section_once():
    problems = RUBRIC.check_payees("violation", "rule_violation", "points", 10, {2: 10}, 3)
    assert [p.message for p in problems] == [
        "These points go to nobody else (MCR §3.11.2.2): leave 'paid to' empty."]
    late = RUBRIC.check_payees("late", "late_10", "points", 10, {2: 10}, 3)
    assert "(MCR §3.11.2.1, §3.11.2.2)" in late[0].message


def test_a_repeated_warning_becomes_points_by_our_reading():
    first = RUBRIC.suggest("warning", "minor", ())
    again = RUBRIC.suggest("warning", "minor", [PriorPenalty(category="warning")])
    assert first.kind == "warning"
    assert (again.kind, again.points) == ("points", 5)
    assert any("Our reading" in n for n in again.notes)


@pytest.mark.parametrize(("line", "payees"), [
    (("false_hu", "below_minimum"), Payees(each=10)),
    (("false_hu", "erroneous_hu"), Payees(each=20)),
    (("tiles", "hand_spoiled"), Payees(each=30)),
    (("tiles", "tiles_knocked"), Payees(offended=True)),
    (("violation", "rule_violation"), Payees()),
    (("late", "late_10"), Payees()),
    (("hand_ladder", "empty_call"), Payees()),
])
def test_who_is_paid(line, payees):
    assert RUBRIC.payees(*line) == payees


def test_paid_to_shapes():
    check = RUBRIC.check_payees
    # False Hu below the minimum: 10 to each of the three others, nothing kept back
    assert check("false_hu", "below_minimum", "points", 30, {2: 10, 3: 10, 4: 10}, 3) == []
    assert [p.code for p in check("false_hu", "below_minimum", "points", 30,
                                  {2: 10, 3: 20}, 3)] == ["paid_to_each"]
    assert [p.code for p in check("false_hu", "below_minimum", "points", 30, None, 3)] == [
        "paid_to_each"]
    # knocked-over tiles: all to the one offended player
    assert check("tiles", "tiles_knocked", "points", 40, {3: 40}, 3) == []
    assert [p.code for p in check("tiles", "tiles_knocked", "points", 40, {3: 20, 4: 20},
                                  3)] == ["paid_to_offended"]
    # rule violations and lateness pay nobody (MCR §3.11.2)
    assert [p.code for p in check("violation", "rule_violation", "points", 10, {2: 10},
                                  3)] == ["not_paid"]
    assert check("violation", "rule_violation", "points", 10, None, 3) == []
    assert check("late", "late_15", "points", 20, {}, 3) == []
    # the judge's own words: the judge decides
    assert check("tiles", "water spilled", "points", 20, {2: 20}, 3) == []


def test_zung_jung_pays_nobody_by_rule_and_keeps_its_appeal_window():
    assert ZJ.rubric.payees("procedural", "tiles_mishandled") == Payees()
    assert ZJ.rubric.check_payees("procedural", None, "points", 10, {2: 10}, 3) == []
    assert ZJ.rubric.appeal_minutes is None
    assert MCR.rubric.appeal_minutes == 30


@pytest.mark.parametrize(("minutes", "points", "forfeit"), [
    (0.5, 10, False), (10, 10, False), (10.02, 20, False), (15, 20, False),
    (15.02, 0, True), (40, 0, True),
])
def test_late_arrival_by_the_minute(minutes, points, forfeit):
    # MCR §3.11.2.1: 10 up to 10 minutes, 20 up to 15, the session forfeited beyond
    arrival = MCR.timing.late_arrival(int(minutes * 60_000))
    assert (arrival.points, arrival.may_be_ruled_absent) == (points, forfeit)
    assert "MCR §3.11.2.1" in arrival.words
    assert MCR.timing.absent_after_ms == 15 * 60_000


def test_late_arrival_for_zung_jung_is_unchanged():
    # ZJM §4.14: 5 points per started 30 seconds, no free time
    assert ZJ.timing.late_arrival(61_000).points == 15
    assert ZJ.timing.late_arrival(61_000).words == "with no free time (§4.14)"
    assert ZJ.ranking.late_arrival_deduction == 15.0
    assert MCR.ranking.late_arrival_deduction == 0.0


def test_the_clock_writes_a_late_line_of_the_mcr_list():
    clocked = MCR.timing.timeout_penalty
    assert RUBRIC.find_infraction(clocked.category, clocked.infraction).is_timed
    assert MCR.rubric.line_label(clocked.category, clocked.infraction) == (
        "Late arrival: Late arrival timed by the clock")
    assert RUBRIC.check_choice("late", "points", 15, infraction="late_clock")[0].code == (
        "late_points")


def test_rubric_json_cites_mcr():
    data = RUBRIC.rubric_json()
    assert data["categories"][0]["cite"].startswith("MCR §3.11")
    offered = {i["id"] for c in data["categories"] for i in c["infractions"]}
    assert "late_clock" not in offered and "below_minimum" in offered
    assert [s["points"] for s in data["ladder"]] == [0, 5, 10, 20, 40, 80]


def test_guide_and_sections():
    guide = MCR.guide
    assert guide.search("false hu")[0].id == "mcr-false-hu-minimum"
    assert guide.search("3.11.6.5")[0].id == "mcr-late-pung"
    assert guide.search("appeal")[0].id == "mcr-appeal"
    assert len(guide.search("")) == len(guide.guide_json()["entries"])
    assert guide.guide_json()["rulebook"] == "MCR"
    for entry in guide.guide_json()["entries"]:
        assert all(guide.is_section(s["id"]) for s in entry["sections"])
        if entry["rubric"]:
            assert RUBRIC.find_infraction(entry["rubric"]["category"],
                                          entry["rubric"]["infraction"]) is not None
    for c in RUBRIC.categories:
        assert guide.is_section(RUBRIC.get_category(c).section)
        for i in RUBRIC.get_category(c).infractions:
            assert guide.is_section(i.section), i.section
    assert guide.section("3.12.2").citation == "MCR §3.12.2 Appeals within 30 minutes, with a fee"
    with pytest.raises(ValueError):
        guide.entry("false-win")
