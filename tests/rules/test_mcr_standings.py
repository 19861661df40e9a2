"""MCR table points by place, the ranking and team results (MCR §3.9.2, §3.10.1, Appendix 7)."""

import pytest

from judgeaid.rules import get_ruleset
from judgeaid.rules.mcr.standings import (
    display_table_points,
    rank,
    rank_teams,
    table_points,
)
from judgeaid.tournament.standings import PlayerResult

MCR = get_ruleset("mcr")


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        # MCR §3.9.2 four different scores: 4, 2, 1, 0 by place
        ({1: 40, 2: 10, 3: -15, 4: -35}, {1: 4, 2: 2, 3: 1, 4: 0}),
        ({1: -8, 2: 24, 3: 0, 4: -16}, {1: 1, 2: 4, 3: 2, 4: 0}),
        # our reading: tied places share their points equally
        ({1: 20, 2: 20, 3: -10, 4: -30}, {1: 3, 2: 3, 3: 1, 4: 0}),  # two first
        ({1: 30, 2: 5, 3: 5, 4: -40}, {1: 4, 2: 1.5, 3: 1.5, 4: 0}),  # two second
        ({1: 30, 2: 10, 3: -20, 4: -20}, {1: 4, 2: 2, 3: 0.5, 4: 0.5}),  # two third
        ({1: 16, 2: 16, 3: -16, 4: -16}, {1: 3, 2: 3, 3: 0.5, 4: 0.5}),  # two pairs
        ({1: 8, 2: 8, 3: 8, 4: -24}, {1: 7 / 3, 2: 7 / 3, 3: 7 / 3, 4: 0}),  # three first
        ({1: 24, 2: -8, 3: -8, 4: -8}, {1: 4, 2: 1, 3: 1, 4: 1}),  # three second
        ({1: 9, 2: -3, 3: -3, 4: -3}, {1: 4, 2: 1, 3: 1, 4: 1}),
        ({1: 30, 2: 30, 3: 30, 4: 30}, {1: 1.75, 2: 1.75, 3: 1.75, 4: 1.75}),  # all four
        ({1: 0, 2: 0, 3: 0, 4: 0}, {1: 1.75, 2: 1.75, 3: 1.75, 4: 1.75}),  # all four
    ],
)
def test_table_points_by_place_and_every_tie_shape(totals, expected):
    points = table_points(totals)
    assert points == pytest.approx(expected)
    # a table always hands out 4 + 2 + 1 + 0 = 7 table points, however it ties
    assert sum(points.values()) == pytest.approx(7)
    assert MCR.ranking.table_points(totals) == points


def test_penalty_lines_count_in_the_session_score():
    # a penalty line taken off the card total can cost a place: 12 − 10 falls below 5
    assert table_points({1: 12, 2: 5, 3: -7, 4: 0}) == {1: 4, 2: 2, 3: 0, 4: 1}
    assert table_points({1: 12 - 10, 2: 5, 3: -7, 4: 0}) == {1: 2, 2: 4, 3: 0, 4: 1}


@pytest.mark.parametrize(("value", "text"), [(4.0, "4"), (3.0, "3"), (1.5, "1.5"),
                                            (7 / 3, "2.33"), (1.75, "1.75"), (0.0, "0"),
                                            (14 / 3 + 7 / 3, "7")])
def test_table_points_read_plainly(value, text):
    assert display_table_points(value) == text
    assert MCR.ranking.display_points(value) == text


def result(number, *sessions, lot=None, out=False):
    """One player's sessions as (table points, contest points) pairs, None where not played."""
    return PlayerResult(number=number, name=f"P{number}",
                        session_raw=tuple(None if s is None else s[1] for s in sessions),
                        session_points=tuple(None if s is None else float(s[0])
                                             for s in sessions),
                        lot=lot, is_resigned=out)


def places(standings):
    return [(line.rank, line.number, line.tie_break, line.draw) for line in standings]


def test_rank_by_table_points_first():
    standings = rank([result(1, (4, 10), (0, -50)), result(2, (2, 30), (4, 60)),
                      result(3, (1, 90), (1, 90))])
    assert places(standings) == [(1, 2, None, None), (2, 1, None, None), (3, 3, None, None)]
    # the line carries table points where ZJ has match points, contest points as raw
    top = standings[0]
    assert (top.match_points, top.raw, top.session_match_points) == (6.0, 90, (2.0, 4.0))


def test_equal_table_points_go_to_contest_points():
    # MCR §3.10.1 contest points are the sum of the session scores
    standings = rank([result(1, (4, 10), (1, -5)), result(2, (2, 30), (3, 12)),
                      result(3, (0, -40), (0, -90))])
    assert places(standings) == [(1, 2, "raw", None), (2, 1, "raw", None), (3, 3, None, None)]
    assert [line.raw for line in standings] == [42, 5, -130]


def test_fractional_table_points_tie_exactly():
    # 7/3 three times is 7, though the floats differ in the last bit
    thirds = result(1, (7 / 3, 8), (7 / 3, 8), (7 / 3, 8))
    whole = result(2, (4, 10), (2, 5), (1, 8))
    standings = rank([thirds, whole])
    assert [line.tie_break for line in standings] == ["raw", "raw"]
    assert [line.number for line in standings] == [1, 2]


def test_level_players_share_the_place_until_the_lot_is_drawn():
    entries = [result(1, (2, 10)), result(2, (2, 10)), result(3, (2, 10)), result(4, (4, 30)),
               result(5, (0, -50))]
    assert places(rank(entries)) == [(1, 4, None, None), (2, 1, "tied", None),
                                     (2, 2, "tied", None), (2, 3, "tied", None),
                                     (5, 5, None, None)]


def test_the_recorded_lot_settles_the_last_tie():
    entries = [result(1, (2, 10), lot=3), result(2, (2, 10), lot=1), result(3, (2, 10), lot=2),
               result(4, (4, 30))]
    assert places(rank(entries)) == [(1, 4, None, None), (2, 2, "draw", 1), (3, 3, "draw", 2),
                                     (4, 1, "draw", 3)]


def test_a_lot_for_only_some_of_a_tie_does_not_settle_it():
    entries = [result(1, (2, 10), lot=1), result(2, (2, 10), lot=2), result(3, (2, 10))]
    assert {line.rank for line in rank(entries)} == {1}


def test_a_lot_never_overrides_points():
    # player 1 drew first, but has fewer contest points: the lot only splits a full tie
    entries = [result(1, (2, 5), lot=1), result(2, (2, 10), lot=2)]
    assert places(rank(entries)) == [(1, 2, "raw", None), (2, 1, "raw", None)]


def test_players_out_of_the_event_go_last_and_sessions_not_played_count_nothing():
    entries = [result(1, (4, 50), out=True), result(2, None, (1, -5)), result(3, (0, -9), (0, -9))]
    standings = rank(entries)
    assert [line.number for line in standings] == [2, 3, 1]
    assert standings[0].session_match_points == (None, 1.0)
    assert standings[2].is_resigned


def test_rank_refuses_bad_entries():
    with pytest.raises(ValueError, match="twice"):
        rank([result(1, (4, 1)), result(1, (0, -1))])
    with pytest.raises(ValueError, match="session points"):
        rank([PlayerResult(1, "P1", (5, None), session_points=(4.0, 1.0))])


def test_the_ruleset_ranks_by_table_points_with_no_final_day():
    ranking = MCR.ranking
    assert ranking.rank is rank
    assert MCR.can.standings_columns[0].field == "table_points"
    assert ranking.draws_lots
    assert dict(ranking.final_day_rounds) == {}
    assert ranking.late_arrival_deduction == 0.0
    assert ranking.late_join_problem(1, "any", 6) is None
    assert ranking.late_join_problem(3, "any", 6) is None
    assert "our reading" in ranking.late_join_problem(4, "any", 6)
    zj = get_ruleset("zj")
    assert zj.can.standings_columns[0].field == "match_points"
    assert not zj.ranking.draws_lots and not zj.ranking.ranks_teams
    assert zj.ranking.final_day is not None and MCR.ranking.final_day is None
    assert zj.ranking.rank_teams([("red", 1, 3.0, 10)]) == []


def test_teams_rank_by_summed_table_points_then_contest_points():
    # MCR Appendix 7: a team's table points and contest points are its members' summed
    members = [("Red", 1, 6.0, 20), ("Red", 2, 3.0, -10), ("Blue", 3, 5.0, 40),
               ("Blue", 4, 4.0, 5), ("Gold", 5, 8.0, 0), ("Gold", 6, 0.5, -60),
               ("Jade", 7, 4.5, 10), ("Jade", 8, 4.0, -20)]
    teams = rank_teams(members)
    assert [(t.rank, t.team, t.table_points, t.contest_points, t.tie_break) for t in teams] == [
        (1, "Blue", 9.0, 45, "raw"), (2, "Red", 9.0, 10, "raw"), (3, "Jade", 8.5, -10, "raw"),
        (4, "Gold", 8.5, -60, "raw")]
    assert teams[0].members == (3, 4)
    assert MCR.ranking.rank_teams is rank_teams


def test_teams_level_on_both_share_the_place():
    teams = rank_teams([("A", 1, 4.0, 10), ("B", 2, 4.0, 10), ("C", 3, 1.0, 0)])
    assert [(t.rank, t.team, t.tie_break) for t in teams] == [(1, "A", "tied"), (1, "B", "tied"),
                                                               (3, "C", None)]
