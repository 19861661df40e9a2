"""Leaderboards (§3.5.2.1) as pure functions: weights, windows, lifetime mean, who counts."""

from __future__ import annotations

from datetime import date

import pytest

from judgeaid.rules.zj import leaderboard as lb
from judgeaid.rules.zj.leaderboard import Event, Result
from judgeaid.tournament.registration import member_id_problem


def event(id_, series, held_on="2026-03-01", *, kind=None, sanctioned=True, weight=None,
          final_weight=None):
    kind = kind or lb.SERIES_KIND.get(series, "casual")
    return Event(id_, f"Event {id_}", date.fromisoformat(held_on), sanctioned, series, kind,
                 weight, final_weight)


def result(event_id, name, mp, member=None, final=False):
    return Result(event_id, name, member, mp, final)


def points(board):
    return {line.name: line.match_points for line in board.lines}


YEAR = (date(2026, 1, 1), date(2026, 12, 31))


# ---------------------------------------------------------------- weights

@pytest.mark.parametrize(("series", "final", "weight"), [
    ("som_league", False, 1.0),
    ("csom", False, 2.0),
    ("rsom", False, 2.0),   # out after the preliminary round
    ("rsom", True, 4.0),    # reached the final day
])
def test_the_rulebook_weights(series, final, weight):
    events = [event(1, series)]
    board = lb.window_board(events, [result(1, "Ann", 10.0, final=final)], *YEAR)
    assert points(board) == {"Ann": pytest.approx(10.0 * weight)}
    assert lb.weight_of(events[0], final) == weight


def test_a_weighted_sum_over_three_series():
    events = [event(1, "som_league"), event(2, "csom"), event(3, "rsom")]
    results = [result(1, "Ann", 5.0), result(2, "Ann", -3.0), result(3, "Ann", 2.5, final=True),
               result(3, "Bo", 2.5)]
    board = lb.window_board(events, results, *YEAR)
    # 5 − 6 + 10 = 9; Bo out after the preliminary round: 2.5 × 2
    assert points(board) == {"Ann": pytest.approx(9.0), "Bo": pytest.approx(5.0)}
    assert [line.events for line in board.lines] == [3, 1]


def test_international_counts_only_with_a_weight_the_organizer_set():
    bare = event(1, "international")
    assert lb.why_left_out(bare) == lb.NO_WEIGHT
    weighted = event(2, "international", weight=3.0, final_weight=6.0)
    board = lb.window_board([bare, weighted], [
        result(1, "Ann", 10.0), result(2, "Ann", 1.0), result(2, "Bo", 1.0, final=True)], *YEAR)
    assert points(board) == {"Bo": pytest.approx(6.0), "Ann": pytest.approx(3.0)}
    assert [e.id for e, why in board.left_out] == [1]
    # no final-day weight: the one weight for everybody
    assert lb.weight_of(event(3, "other", weight=0.5), True) == 0.5


def test_unsanctioned_events_never_count():
    events = [event(1, "csom", sanctioned=False), event(2, "other", sanctioned=False, weight=1)]
    results = [result(1, "Ann", 10.0), result(2, "Ann", 10.0)]
    for board in (lb.window_board(events, results, *YEAR), lb.lifetime_board(events, results)):
        assert board.lines == ()
        assert [why for _, why in board.left_out] == [lb.UNSANCTIONED, lb.UNSANCTIONED]


# ---------------------------------------------------------------- windows

def test_only_events_held_inside_the_window_count():
    events = [event(1, "som_league", "2025-12-31"), event(2, "som_league", "2026-01-01"),
              event(3, "som_league", "2026-12-31"), event(4, "som_league", "2027-01-01")]
    results = [result(n, "Ann", float(n)) for n in (1, 2, 3, 4)]
    board = lb.window_board(events, results, *YEAR)
    assert points(board) == {"Ann": pytest.approx(5.0)}
    assert {e.id: why for e, why in board.left_out} == {1: lb.OUTSIDE, 4: lb.OUTSIDE}


@pytest.mark.parametrize(("choice", "start", "end", "expected"), [
    ("this_year", "", "", (date(2026, 1, 1), date(2026, 12, 31))),
    ("last_year", "", "", (date(2025, 1, 1), date(2025, 12, 31))),
    ("custom", "2026-03-01", "2026-03-01", (date(2026, 3, 1), date(2026, 3, 1))),
    ("custom", " 2024-02-29 ", "2026-06-30", (date(2024, 2, 29), date(2026, 6, 30))),
])
def test_window_dates(choice, start, end, expected):
    assert lb.window_dates(choice, date(2026, 11, 24), start, end) == expected


@pytest.mark.parametrize(("choice", "start", "end", "message"), [
    ("custom", "", "2026-01-01", "Give the from date"),
    ("custom", "2026-01-01", "", "Give the to date"),
    ("custom", "1/2/2026", "2026-03-01", "must be written YYYY-MM-DD"),
    ("custom", "2026-02-30", "2026-03-01", "2026-02-30 does not exist"),
    ("custom", "2026-05-01", "2026-04-01", "after the to date"),
    ("yesterday", "", "", "Choose the window"),
])
def test_bad_windows_say_what_is_wrong(choice, start, end, message):
    with pytest.raises(ValueError, match=message):
        lb.window_dates(choice, date(2026, 11, 24), start, end)


# ---------------------------------------------------------------- lifetime

def test_lifetime_is_the_plain_mean_over_three_competitive_events_or_more():
    events = [event(1, "rsom"), event(2, "rsom"), event(3, "international", weight=2.0),
              event(4, "csom"), event(5, "international")]
    results = [result(1, "Ann", 3.0, "A1", final=True), result(2, "Ann", -6.0, "A1"),
               result(3, "Ann", 12.0, "a1"), result(4, "Ann", 100.0, "A1"),
               result(5, "Ann", 100.0, "A1"),
               result(1, "Bo", 50.0), result(2, "Bo", 50.0)]
    board = lb.lifetime_board(events, results)
    # (3 − 6 + 12) / 3: no weights in the mean; the CSoM and the weightless event left out
    assert [(line.name, line.events) for line in board.lines] == [("Ann", 3)]
    assert board.lines[0].match_points == pytest.approx(3.0)
    assert dict((e.id, why) for e, why in board.left_out) == {4: lb.CASUAL, 5: lb.NO_WEIGHT}
    assert board.waiting == (("Bo", 2),)


# ---------------------------------------------------------------- matching players

def test_players_are_matched_by_member_id_whatever_the_name():
    events = [event(1, "som_league", "2026-01-05"), event(2, "som_league", "2026-02-05")]
    results = [result(1, "Ann Lee", 4.0, "HK-001"), result(2, "Ann LEE-Wong", 6.0, "hk-001")]
    board = lb.window_board(events, results, *YEAR)
    assert [(line.name, line.member_id, line.events) for line in board.lines] == [
        ("Ann LEE-Wong", "hk-001", 2)]  # the latest event's name
    assert board.lines[0].match_points == pytest.approx(10.0)


def test_without_a_member_id_only_the_exact_name_matches():
    events = [event(1, "som_league"), event(2, "som_league"), event(3, "som_league")]
    results = [result(1, "Bo Sato", 1.0), result(2, "Bo Sato", 2.0), result(3, "bo sato", 4.0),
               result(3, "Bo Sato", 8.0, "M-9")]
    board = lb.window_board(events, results, *YEAR)
    assert [(line.name, line.member_id, line.events, line.match_points)
            for line in board.lines] == [
        ("Bo Sato", "M-9", 1, pytest.approx(8.0)), ("bo sato", None, 1, pytest.approx(4.0)),
        ("Bo Sato", None, 2, pytest.approx(3.0))]


def test_equal_totals_share_a_place_and_are_listed_by_name():
    events = [event(1, "som_league"), event(2, "som_league")]
    # 2 + 2 = 4 and √16 = 4 in floats that differ in the last bit are still equal
    results = [result(1, "Cy", 2.0 ** 0.5 * 2 ** 0.5), result(2, "Cy", 2.0), result(1, "Al", 4.0),
               result(1, "Bea", 9.0), result(1, "Dee", -1.0)]
    board = lb.window_board(events, results, *YEAR)
    assert [(line.rank, line.name) for line in board.lines] == [
        (1, "Bea"), (2, "Al"), (2, "Cy"), (4, "Dee")]


# ---------------------------------------------------------------- checks on entry

@pytest.mark.parametrize(("series", "kind", "weight", "final", "message"), [
    ("csom", "casual", 2.0, None, "sets the weights"),
    ("rsom", "casual", None, None, "is a competitive series"),
    ("som_league", "competitive", None, None, "is a casual series"),
    ("international", "competitive", 0.0, None, "above 0"),
    ("other", "casual", 11.0, None, "at most 10"),
    ("other", "casual", 1.0, 2.0, "Only a competitive event has a final day"),
    ("international", "competitive", None, 4.0, "Set the weight too"),
    ("worlds", "competitive", None, None, "Unknown series"),
])
def test_series_problems(series, kind, weight, final, message):
    problems = lb.series_problems(series, kind, weight, final)
    assert any(message in p for p in problems), problems


def test_good_series_and_weights_pass():
    assert lb.series_problems("international", "competitive", 2.0, 4.0) == []
    assert lb.series_problems("rsom", "competitive", None, None) == []
    assert lb.series_problems("other", "casual", 0.5, None) == []


@pytest.mark.parametrize(("value", "ok"), [
    ("", True), ("HK-00123", True), ("zjm/2026.7_a", True), ("7", True), ("A" * 40, True),
    ("A" * 41, False), ("HK 001", False), ("-001", False), ("né-1", False), ("a\x00", False),
])
def test_member_ids(value, ok):
    assert (member_id_problem(value) is None) is ok
