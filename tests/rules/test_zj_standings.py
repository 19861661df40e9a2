import math
import random
from collections import Counter
from dataclasses import replace
from datetime import datetime, timedelta

import pytest

from judgeaid.rules.zj.standings import (
    LATE_CHECK_IN_MARGIN,
    display_match_points,
    late_join_problem,
    match_points,
    mp_key,
    rank,
)
from judgeaid.tournament.standings import PlayerResult, draw_value, is_after_cut_off, late_cut_off

SEED = 20240601


def draw_order(numbers, seed):
    """List player numbers in the order the seeded draw puts them, winner first."""
    return sorted(numbers, key=lambda number: (draw_value(seed, number), number))


def player(number, *session_raw, late_sessions=0, is_resigned=False):
    return PlayerResult(
        number=number,
        name=f"Player {number}",
        session_raw=tuple(session_raw),
        late_sessions=late_sessions,
        is_resigned=is_resigned,
    )


def order(standings):
    return [standing.number for standing in standings]


# §3.5.2 / A.6.4 sample table, at the one decimal the rulebook prints
@pytest.mark.parametrize(
    ("raw", "listed"),
    [
        (400, 20),
        (300, 17.3),
        (200, 14.1),
        (100, 10),
        (50, 7.1),
        (0, 0),
        (-50, -7.1),
        (-100, -10),
        (-200, -14.1),
    ],
)
def test_match_points_reproduce_rulebook_table(raw, listed):
    assert round(match_points(raw), 1) == listed


@pytest.mark.parametrize(
    ("raw", "exact"),
    [(400, 20.0), (100, 10.0), (1, 1.0), (0, 0.0), (-1, -1.0), (-25, -5.0), (-100, -10.0)],
)
def test_match_points_of_perfect_squares_are_exact(raw, exact):
    assert match_points(raw) == exact


@pytest.mark.parametrize("raw", [300, 50, 2, -3, -200, 12345])
def test_match_points_keep_full_precision(raw):
    assert match_points(raw) == math.copysign(math.sqrt(abs(raw)), raw)


def test_zero_raw_is_positive_zero():
    assert math.copysign(1.0, match_points(0)) == 1.0


@pytest.mark.parametrize(
    ("value", "places", "shown"),
    [
        (match_points(400), 2, "+20.00"),
        (match_points(300), 2, "+17.32"),
        (match_points(50), 2, "+7.07"),
        (match_points(0), 2, "0.00"),
        (match_points(-50), 2, "-7.07"),
        (match_points(-200), 2, "-14.14"),
        (-1e-12, 2, "0.00"),
        (match_points(300), 1, "+17.3"),
    ],
)
def test_display_match_points(value, places, shown):
    assert display_match_points(value, places) == shown


def test_rank_orders_by_match_points_total():
    standings = rank([player(1, -100, 25), player(2, 400, -100), player(3, 100, 100)], SEED)

    assert order(standings) == [3, 2, 1]
    assert [s.rank for s in standings] == [1, 2, 3]
    assert [s.match_points for s in standings] == [20.0, 10.0, -5.0]
    assert [s.raw for s in standings] == [200, 300, -75]
    assert all(s.tie_break is None and s.draw is None for s in standings)


def test_standing_carries_per_session_match_points():
    (standing,) = rank([player(7, 100, None, -25, 0)], SEED)

    assert standing.session_match_points == (10.0, None, -5.0, 0.0)
    assert standing.match_points == 5.0
    assert standing.raw == 75
    assert standing.name == "Player 7"


# §3.3.1 equal MP: the higher raw total ranks first
@pytest.mark.parametrize(
    ("first", "second"),
    [
        (player(1, 100, 0), player(2, 25, 25)),  # 10 MP each; raw 100 against 50
        (player(1, -4, -4), player(2, -16, 0)),  # -4 MP each; raw -8 against -16
        # √18 = √2 + √8 exactly, though not in floating point
        (player(1, 18, 0), player(2, 2, 8)),
    ],
)
def test_equal_match_points_broken_by_raw_total(first, second):
    for entries in ([first, second], [second, first]):
        standings = rank(entries, SEED)
        assert order(standings) == [first.number, second.number]
        assert [s.tie_break for s in standings] == ["raw", "raw"]
        assert [s.draw for s in standings] == [None, None]


def test_equal_raw_total_broken_by_recorded_draw():
    entries = [player(1, 100, 0), player(2, 0, 100), player(3, 49, 0)]
    standings = rank(entries, SEED)

    assert order(standings[:2]) == draw_order([1, 2], SEED)
    assert [s.tie_break for s in standings] == ["draw", "draw", None]
    assert standings[0].draw < standings[1].draw
    assert {s.draw for s in standings[:2]} == {draw_value(SEED, 1), draw_value(SEED, 2)}
    assert [s.rank for s in standings] == [1, 2, 3]


def test_three_way_tie_mixes_raw_and_draw():
    # all 10 MP; player 3 has the higher raw total, players 1 and 2 need the draw
    entries = [player(1, 25, 25), player(2, 25, 25), player(3, 100, 0)]
    standings = rank(entries, SEED)

    assert standings[0].number == 3
    assert order(standings[1:]) == draw_order([1, 2], SEED)
    assert [s.tie_break for s in standings] == ["raw", "draw", "draw"]
    assert standings[0].draw is None


def test_same_seed_gives_same_order():
    entries = [player(number, 100, -36) for number in range(1, 21)]
    first = rank(entries, SEED)
    again = rank(list(reversed(entries)), SEED)

    assert order(first) == order(again) == draw_order(range(1, 21), SEED)
    assert all(s.tie_break == "draw" for s in first)


def test_different_seeds_can_give_different_orders():
    entries = [player(1, 49), player(2, 49)]
    orders = {tuple(order(rank(entries, seed))) for seed in range(20)}

    assert orders == {(1, 2), (2, 1)}


def test_adding_a_player_does_not_reshuffle_other_ties():
    tied = [player(number, 64) for number in (3, 8, 15)]
    before = order(rank(tied, SEED))
    after = order(rank([*tied, player(4, 64), player(99, 81)], SEED))

    assert [number for number in after if number in (3, 8, 15)] == before


def test_draw_depends_on_seed_stage_and_number_only():
    assert draw_value(SEED, 5) == draw_value(SEED, 5)
    assert draw_value(SEED, 5) != draw_value(SEED + 1, 5)
    assert draw_value(SEED, 5) != draw_value(SEED, 5, "round-of-16")
    assert 0 <= draw_value(SEED, 5) < 2**64


# §3.7 −15 MP per session missed by a pardoned late arrival
@pytest.mark.parametrize(
    ("sessions", "late_sessions", "deductions", "total"),
    [
        ((100, 100, 100, 100), 0, 0.0, 40.0),
        ((None, 100, 100, 100), 1, 15.0, 15.0),
        ((None, None, 100, 100), 2, 30.0, -10.0),
        ((None,), 1, 15.0, -15.0),
        ((None, None), 2, 30.0, -30.0),
    ],
)
def test_late_arrival_deduction(sessions, late_sessions, deductions, total):
    (standing,) = rank([player(1, *sessions, late_sessions=late_sessions)], SEED)

    assert standing.deductions == deductions
    assert standing.match_points == total


@pytest.mark.parametrize(
    ("sessions", "late_sessions"),
    [
        ((None, None, None, 100), 3),  # the pardon covers the first two sessions only
        ((None, None, None, None), 4),
        ((100, 100, 100, 100), -1),
        ((100, 100, 100, 100), 1),  # played the session it claims to have missed
        ((None, 100, 100, 100), 2),
        ((None,), 2),  # more missed sessions than have been played
    ],
)
def test_late_arrival_outside_the_pardon_is_rejected(sessions, late_sessions):
    with pytest.raises(ValueError):
        rank([player(1, *sessions, late_sessions=late_sessions)], SEED)


def test_missing_later_session_gets_no_late_deduction():
    (standing,) = rank([player(1, 100, 100, None, 100)], SEED)

    assert standing.deductions == 0.0
    assert standing.match_points == 30.0


def test_late_arrival_ranks_on_match_points_after_deduction():
    standings = rank([player(1, None, 400, 400, 400, late_sessions=1), player(2, 0, 0, 0, 0)], SEED)

    assert order(standings) == [1, 2]
    assert standings[0].match_points == 45.0


def test_resigned_players_rank_below_everyone_still_in():
    entries = [
        player(1, 400, 400, 400, None, is_resigned=True),
        player(2, -100, -100, -100, -100),
        player(3, 100, 100, 100, 100),
        player(4, 0, 0, None, None, is_resigned=True),
    ]
    standings = rank(entries, SEED)

    assert order(standings) == [3, 2, 1, 4]
    assert [s.is_resigned for s in standings] == [False, False, True, True]
    assert [s.rank for s in standings] == [1, 2, 3, 4]


def test_resigned_player_is_not_tied_with_active_player():
    standings = rank([player(1, 100, is_resigned=True), player(2, 100)], SEED)

    assert order(standings) == [2, 1]
    assert [s.tie_break for s in standings] == [None, None]


def test_player_listed_twice_is_rejected():
    with pytest.raises(ValueError):
        rank([player(1, 100), player(1, 50)], SEED)


def test_table_points_rank_in_place_of_match_points():
    # a place-based ruleset (4/3/2/1 by place): 90 came second at its table, 10 won at its own
    entries = [PlayerResult(1, "One", (90, None), session_points=(3.0, None)),
               PlayerResult(2, "Two", (10, -5), session_points=(4.0, 1.0)),
               PlayerResult(3, "Three", (0, 40), session_points=(1.0, 4.0))]
    standings = rank(entries, SEED)

    assert order(standings) == [3, 2, 1]
    assert [s.match_points for s in standings] == [5.0, 5.0, 3.0]
    assert [s.session_match_points for s in standings] == [(1.0, 4.0), (4.0, 1.0), (3.0, None)]
    assert [s.tie_break for s in standings] == ["raw", "raw", None]
    # by the match points of their own totals the same results rank the other way round
    assert order(rank([replace(entry, session_points=None) for entry in entries],
                      SEED)) == [1, 3, 2]


@pytest.mark.parametrize("points", [(1.0,), (1.0, 2.0, 3.0), (None, 2.0), (1.0, 2.0)])
def test_table_points_must_match_the_sessions_played(points):
    with pytest.raises(ValueError, match="session points"):
        rank([PlayerResult(1, "One", (10, None), session_points=points)], SEED)


def test_mp_key_ties_float_noise_but_not_real_differences():
    assert mp_key(math.sqrt(2) + math.sqrt(8)) == mp_key(math.sqrt(18))
    assert mp_key(match_points(300)) != mp_key(match_points(301))


def test_four_hundred_players_eight_sessions():
    generator = random.Random(8)
    entries = []
    for number in range(1, 401):
        sessions = [generator.choice([-400, -150, -36, 0, 36, 49, 150, 400]) for _ in range(8)]
        late = generator.choice([0] * 18 + [1, 2])
        sessions[:late] = [None] * late
        entries.append(player(number, *sessions, late_sessions=late))
    generator.shuffle(entries)

    standings = rank(entries, SEED)

    assert [s.rank for s in standings] == list(range(1, 401))
    assert sorted(order(standings)) == list(range(1, 401))
    by_number = {entry.number: entry for entry in entries}
    for standing in standings:
        entry = by_number[standing.number]
        played = [raw for raw in entry.session_raw if raw is not None]
        expected = sum(match_points(raw) for raw in played) - 15 * entry.late_sessions
        assert standing.match_points == pytest.approx(expected, abs=1e-9)
        assert standing.raw == sum(played)
    for above, below in zip(standings, standings[1:], strict=False):
        if mp_key(above.match_points) != mp_key(below.match_points):
            assert above.match_points > below.match_points
        elif above.raw != below.raw:
            assert above.raw > below.raw
        else:
            assert above.draw < below.draw
    mp_count = Counter(mp_key(s.match_points) for s in standings)
    raw_count = Counter((mp_key(s.match_points), s.raw) for s in standings)
    for standing in standings:
        if raw_count[mp_key(standing.match_points), standing.raw] > 1:
            assert standing.tie_break == "draw"
        elif mp_count[mp_key(standing.match_points)] > 1:
            assert standing.tie_break == "raw"
        else:
            assert standing.tie_break is None
    # the coarse score grid makes every kind of tie occur
    assert {s.tie_break for s in standings} == {None, "raw", "draw"}


# ---------------------------------------------------------------- §3.7 late check-in


@pytest.mark.parametrize(
    ("starts_at", "checked_in_at", "after"),
    [
        ("2025-05-17T13:30", "2025-05-17T13:19", False),
        ("2025-05-17T13:30", "2025-05-17T13:20", False),  # exactly 10 minutes before
        ("2025-05-17T13:30", "2025-05-17T13:20:01", True),
        ("2025-05-17T13:30", "2025-05-17T13:29", True),
        ("2025-05-17T13:30", "2025-05-17T14:00", True),  # after the start
        ("2025-05-18T00:05", "2025-05-17T23:56", True),  # across midnight
        ("2025-05-18T00:05", "2025-05-17T23:54", False),
    ],
)
def test_late_check_in_cut_off_is_ten_minutes_before_the_start(starts_at, checked_in_at,
                                                                 after):
    start = datetime.fromisoformat(starts_at)
    assert late_cut_off(start, LATE_CHECK_IN_MARGIN) == start - timedelta(minutes=10)
    checked_in = datetime.fromisoformat(checked_in_at)
    assert is_after_cut_off(start, checked_in, LATE_CHECK_IN_MARGIN) is after


@pytest.mark.parametrize(
    ("joins", "preliminary", "problem"),
    [
        (1, None, None),
        (2, None, None),
        (3, None, None),
        (3, 4, None),
        (4, None, "session 2 or 3 at the latest"),
        (0, None, "session 2 or 3 at the latest"),
        (3, 2, "preliminary sessions only"),
    ],
)
def test_late_join_problem(joins, preliminary, problem):
    text = late_join_problem(joins, preliminary)
    if problem is None:
        assert text is None
    else:
        assert problem in text and "§3.7" in text


def test_a_physical_draw_orders_a_tie_only_when_every_player_of_it_drew():
    # issue 27: the organizer's physical draw (a `lot`) replaces the seeded draw for a tie
    seeded = draw_order([2, 3, 4], SEED)
    drawn = list(reversed(seeded))
    entries = [player(1, 30)] + [replace(player(n, 10), lot=drawn.index(n) + 1)
                                 for n in (2, 3, 4)]
    standings = rank(entries, SEED)
    assert [s.number for s in standings] == [1, *drawn]
    assert [(s.tie_break, s.draw) for s in standings[1:]] == [("draw", 1), ("draw", 2),
                                                               ("draw", 3)]
    # one player of the tie without a lot: the seeded draw decides the whole tie again
    partial = [*entries[:3], player(4, 10)]
    assert [s.number for s in rank(partial, SEED)] == [1, *seeded]
