import pytest

from judgeaid.rules.zj.payoff import payoff
from judgeaid.rules.zj.rotation import (
    cycle_of,
    cycle_seats,
    round_number,
    seat_winds,
    session_seats,
)
from judgeaid.tournament.card import (
    BadDeal,
    DealMark,
    SeatChange,
    card_schedule,
    card_totals,
    check_deals,
    deal_owed,
    empty_from,
    marked_seats,
    occupants,
    score_round,
)
from judgeaid.tournament.rotation import RoundSeats, dealt_by, draw_seats

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


@pytest.mark.parametrize(
    "call",
    [
        lambda: round_number(0, 1),
        lambda: round_number(5, 1),
        lambda: round_number(1, 5),
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


# ---------------------------------------------------------------- §1.2.7 wrong dealer

A, B, C, D, SUB = 1, 2, 3, 4, 5


@pytest.mark.parametrize(
    ("round_no", "dealer", "winds"),
    [
        # round 1: seats ABCD, A is the correct East; C deals instead: C's seat is East
        (1, C, "CDAB"),
        (1, B, "BCDA"),
        # round 6: seats BADC (cycle 2), A is the correct East; B deals instead
        (6, B, "BADC"),
        (16, A, "ABDC"),
    ],
)
def test_dealt_by_gives_east_to_the_actual_dealer_and_winds_run_on_from_their_seat(
        round_no, dealer, winds):
    scheduled = session_seats(START, "standard")[round_no - 1]
    got = dealt_by(scheduled, dealer)
    assert got.dealer == dealer
    assert letters(got.players_by_wind.values()) == winds
    assert got.seats == scheduled.seats  # nobody moves seat
    assert got.round_no == round_no


def test_dealt_by_refuses_a_player_from_another_table():
    with pytest.raises(ValueError):
        dealt_by(session_seats(START, "standard")[0], 9)


def test_after_a_wrong_east_the_deal_passes_from_the_correct_east():
    # §1.2.7 the deal passes to the seat after the correct East (A), so round 2 is B's
    schedule = session_seats(START, "standard")
    marks = {1: DealMark(dealer=C)}
    check_deals(schedule, marks)
    assert letters(marked_seats(schedule[0], marks[1]).players_by_wind.values()) == "CDAB"
    assert marked_seats(schedule[1], marks.get(2)) == schedule[1]
    assert schedule[1].dealer == B
    assert deal_owed(schedule, marks) == {A: [1]}


def test_a_compensation_round_is_dealt_by_the_skipped_east():
    schedule = session_seats(START, "standard")
    marks = {1: DealMark(dealer=C), 3: DealMark(compensation_for=A)}
    check_deals(schedule, marks)
    third = marked_seats(schedule[2], marks[3])
    assert third.dealer == A
    assert letters(third.players_by_wind.values()) == "ABCD"
    assert deal_owed(schedule, marks) == {}
    # still 16 rounds: round 4 goes on as scheduled (D deals)
    assert len(schedule) == 16 and schedule[3].dealer == D


def test_deltas_of_a_wrong_east_round_follow_the_actual_winds():
    scheduled = session_seats(START, "standard")[0]
    marked = dealt_by(scheduled, C)
    # C (East in the marked round) wins 70 on D's discard; B discarded the tile first in
    # the same turn: the turn starts with C's discard, so D (South) comes before A and B
    result = score_round(marked, payoff=payoff, result="win", winner=C, value=70,
                         win="discard", discarder=D, same_turn=[B, D])
    by_winds = payoff(70, "discard", "E", "S", [marked.winds[B], marked.winds[D]], "formal")
    assert result.deltas == {p: by_winds.deltas[w] for p, w in marked.winds.items()}
    assert result.deltas[C] == 210 and sum(result.deltas.values()) == 0
    assert result.responsible == (B if by_winds.responsible == marked.winds[B] else D)


@pytest.mark.parametrize(
    ("marks", "words"),
    [
        ({1: DealMark(dealer=A)}, "correct East"),
        ({1: DealMark(dealer=9)}, "not at this table"),
        ({3: DealMark(compensation_for=A)}, "lost no deal"),
        ({2: DealMark(dealer=C), 1: DealMark(compensation_for=B)}, "lost no deal"),
        ({1: DealMark(dealer=C), 2: DealMark(compensation_for=A),
          3: DealMark(compensation_for=A)}, "lost no deal"),
        ({1: DealMark(dealer=C), 5: DealMark(compensation_for=B)}, "East in round 5 anyway"),
        ({1: DealMark(dealer=C, compensation_for=A)}, "cannot be both"),
        ({1: DealMark(dealer=C), 2: DealMark(compensation_for=9)}, "not at this table"),
    ],
)
def test_impossible_deal_marks_are_refused(marks, words):
    with pytest.raises(BadDeal, match=words):
        check_deals(session_seats(START, "standard"), marks)


# ---------------------------------------------------------------- a substitute takes a seat

def test_a_substitute_takes_the_leaving_players_seat_and_its_moves():
    change = SeatChange(round_from=7, seat="S", leaving=B, entering=SUB)
    plain = session_seats(START, "standard")
    rounds = card_schedule(START, "standard", [change], seats_for=session_seats)
    assert rounds[:6] == plain[:6]
    # cycle 2 seats are BADC: the substitute has B's East seat; round 7's winds: DCBA
    assert rounds[6].seats == {"E": SUB, "S": A, "W": D, "N": C}
    assert letters_or_sub(rounds[6].players_by_wind.values()) == "DCXA"
    assert rounds[8].seats == {"E": C, "S": D, "W": SUB, "N": A}
    assert occupants(START, [change], 6) == {A: A, B: B, C: C, D: D}
    assert occupants(START, [change], 7) == {A: A, B: SUB, C: C, D: D}
    assert empty_from([change]) is None
    assert empty_from([SeatChange(9, "W", C, None)]) == 9


def test_card_totals_attribute_each_round_to_whoever_sat_there():
    change = SeatChange(round_from=2, seat="S", leaving=B, entering=SUB)
    rounds = card_schedule(START, "standard", [change], seats_for=session_seats)
    first = score_round(rounds[0], payoff=payoff, result="win", winner=B, value=30,
                        win="self")
    second = score_round(rounds[1], payoff=payoff, result="win", winner=SUB, value=40,
                         win="self")
    totals = card_totals([A, B, C, D], [first.deltas, second.deltas], [(SUB, 5)])
    assert totals[B].rounds == 90  # the leaving player keeps the rounds before they left
    assert totals[SUB].rounds == 120 and totals[SUB].total == 115
    assert totals[A].rounds == -70
    assert sum(t.rounds for t in totals.values()) == 0  # the table stays zero-sum


def letters_or_sub(players):
    """Spell player numbers as letters, the substitute as X."""
    name = {number: letter for letter, number in PLAYER.items()} | {SUB: "X"}
    return "".join(name[p] for p in players)
