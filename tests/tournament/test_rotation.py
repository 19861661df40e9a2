import pytest

from judgeaid.tournament.rotation import (
    RoundSeats,
    cycle_of,
    cycle_seats,
    draw_seats,
    round_in_cycle_of,
    round_number,
    seat_winds,
    session_seats,
)

PLAYER = {"A": 1, "B": 2, "C": 3, "D": 4}
START = {"E": PLAYER["A"], "S": PLAYER["B"], "W": PLAYER["C"], "N": PLAYER["D"]}


def letters(players):
    """Spell player numbers as the letters of the DESIGN.md §3.4 example."""
    name = {number: letter for letter, number in PLAYER.items()}
    return "".join(name[p] for p in players)


# round: (players in seats E, S, W, N; players holding winds E, S, W, N)
STANDARD = {
    1: ("ABCD", "ABCD"),
    2: ("ABCD", "BCDA"),
    3: ("ABCD", "CDAB"),
    4: ("ABCD", "DABC"),
    5: ("BADC", "BADC"),
    6: ("BADC", "ADCB"),
    7: ("BADC", "DCBA"),
    8: ("BADC", "CBAD"),
    9: ("CDBA", "CDBA"),
    10: ("CDBA", "DBAC"),
    11: ("CDBA", "BACD"),
    12: ("CDBA", "ACDB"),
    13: ("DCAB", "DCAB"),
    14: ("DCAB", "CABD"),
    15: ("DCAB", "ABDC"),
    16: ("DCAB", "BDCA"),
}
LEAGUE = {
    round_no: ("ABCD", ("ABCD", "BCDA", "CDAB", "DABC")[(round_no - 1) % 4])
    for round_no in range(1, 17)
}


@pytest.mark.parametrize(
    ("rotation", "round_no", "seats", "winds"),
    [("standard", r, *STANDARD[r]) for r in STANDARD]
    + [("league", r, *LEAGUE[r]) for r in LEAGUE],
)
def test_seat_winds_follow_the_design_example(rotation, round_no, seats, winds):
    cycle, r = (round_no - 1) // 4 + 1, (round_no - 1) % 4 + 1
    got = seat_winds(START, cycle, r, rotation)
    assert letters(got.seats[s] for s in "ESWN") == seats
    assert letters(got.players_by_wind.values()) == winds
    assert letters([got.dealer]) == winds[0]
    assert got.winds[got.dealer] == "E"
    assert (got.round_no, got.cycle) == (round_no, cycle)


@pytest.mark.parametrize("rotation", ["standard", "league"])
def test_session_seats_lists_sixteen_rounds_and_everyone_deals_once_per_cycle(rotation):
    rounds = session_seats(START, rotation)
    assert [r.round_no for r in rounds] == list(range(1, 17))
    assert all(isinstance(r, RoundSeats) for r in rounds)
    for cycle in range(4):
        dealers = {r.dealer for r in rounds[cycle * 4:cycle * 4 + 4]}
        assert dealers == set(PLAYER.values())
    for r in rounds:
        assert sorted(r.winds.values()) == ["E", "N", "S", "W"]


def test_south_player_deals_next_within_a_cycle():
    # §1.2.3 the South player of one round is East in the next
    for cycle in range(1, 5):
        for r in range(1, 4):
            now = seat_winds(START, cycle, r, "standard")
            following = seat_winds(START, cycle, r + 1, "standard")
            assert following.dealer == now.players_by_wind["S"]


@pytest.mark.parametrize(
    ("cycle", "seats"), [(1, "ABCD"), (2, "BADC"), (3, "CDBA"), (4, "DCAB")]
)
def test_cycle_seats(cycle, seats):
    got = cycle_seats(START, cycle, "standard")
    assert letters(got[s] for s in "ESWN") == seats
    assert cycle_seats(START, cycle, "league") == START


@pytest.mark.parametrize(
    ("cycle", "r", "round_no"), [(1, 1, 1), (1, 4, 4), (2, 1, 5), (3, 2, 10), (4, 4, 16)]
)
def test_round_numbers(cycle, r, round_no):
    assert round_number(cycle, r) == round_no
    assert cycle_of(round_no) == cycle
    assert round_in_cycle_of(round_no) == r


@pytest.mark.parametrize(
    "call",
    [
        lambda: round_number(0, 1),
        lambda: round_number(5, 1),
        lambda: round_number(1, 5),
        lambda: cycle_of(17),
        lambda: cycle_of(0),
        lambda: seat_winds(START, 1, 1, "competitive"),
        lambda: seat_winds({"E": 1, "S": 2, "W": 3}, 1, 1, "standard"),
        lambda: seat_winds({"E": 1, "S": 1, "W": 3, "N": 4}, 1, 1, "standard"),
        lambda: draw_seats([1, 2, 3], 1),
        lambda: draw_seats([1, 2, 2, 3], 1),
    ],
)
def test_bad_input_is_refused(call):
    with pytest.raises(ValueError):
        call()


def test_draw_seats_is_recorded_by_its_seed():
    first = draw_seats([11, 12, 13, 14], seed=42)
    assert list(first) == ["E", "S", "W", "N"]
    assert sorted(first.values()) == [11, 12, 13, 14]
    assert draw_seats([11, 12, 13, 14], seed=42) == first
    draws = {tuple(draw_seats([11, 12, 13, 14], seed=s).values()) for s in range(50)}
    assert len(draws) > 10
