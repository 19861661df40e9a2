import random

import pytest

from judgeaid.rules.zj.brackets import (
    FINAL_DAY_ROUNDS,
    GRAND_FINAL_SIZE,
    cut,
    eliminate,
    final_ranking,
    reseed,
    seed_tables,
)
from judgeaid.rules.zj.standings import rank
from judgeaid.tournament.standings import PlayerResult, draw_value

SEED = 77


def draw_order(numbers, seed, stage="standings"):
    """List player numbers in the order the seeded draw puts them, winner first."""
    return sorted(numbers, key=lambda number: (draw_value(seed, number, stage), number))


def separation_problems(tables_by_seed):
    """List the §3.5.3.3 separation rules that a seating by seed numbers breaks (an oracle)."""
    seeds = sorted(seed for table in tables_by_seed for seed in table)
    size = len(seeds)
    if seeds != list(range(1, size + 1)) or size % 4 or size // 4 != len(tables_by_seed):
        return ["the tables must hold seeds 1 to N, four to a table"]
    if size == GRAND_FINAL_SIZE:
        return []
    table_of = {seed: index for index, table in enumerate(tables_by_seed) for seed in table}
    half_of = {seed: table_of[seed] < len(tables_by_seed) // 2 for seed in seeds}
    problems = []
    if half_of[1] == half_of[2]:
        problems.append("seeds 1 and 2 are in the same half")
    # the semifinal is the round of 8; the rules for seeds 1-4 bind the rounds before it
    if size > 8:
        if half_of[1] == half_of[4]:
            problems.append("seeds 1 and 4 are in the same half")
        if half_of[2] == half_of[3]:
            problems.append("seeds 2 and 3 are in the same half")
        if len({table_of[seed] for seed in (1, 2, 3, 4)}) < 4:
            problems.append("two of seeds 1 to 4 share a table")
    # §3.5.3.3 general rule, §3.5.3.4 quartile compression: one seed from each quarter a table
    quarter = size // 4
    for index, table in enumerate(tables_by_seed, start=1):
        if sorted((seed - 1) // quarter for seed in table) != [0, 1, 2, 3]:
            problems.append(f"table {index} does not take one seed from each quarter")
    return problems


# The seed tables exactly as printed: §3.5.3.1 (32 players) and §3.5.3.4 (16, 8, 4 players)
PRINTED_SEED_TABLES = {
    32: [
        [1, 16, 17, 32],
        [5, 12, 21, 28],
        [3, 14, 19, 30],
        [6, 11, 22, 27],
        [7, 10, 23, 26],
        [4, 13, 20, 29],
        [8, 9, 24, 25],
        [2, 15, 18, 31],
    ],
    16: [[1, 8, 9, 16], [3, 6, 11, 14], [4, 5, 12, 13], [2, 7, 10, 15]],
    8: [[1, 4, 5, 8], [2, 3, 6, 7]],
    4: [[1, 2, 3, 4]],
}

# §3.5.3.2 worked example: (Day-1 MP rank, seed, table) of the 16 survivors of a round of 32
WORKED_EXAMPLE = [
    (1, 1, 1),
    (2, 2, 4),
    (4, 3, 2),
    (6, 4, 3),
    (7, 5, 3),
    (9, 6, 2),
    (10, 7, 4),
    (12, 8, 1),
    (13, 9, 1),
    (15, 10, 4),
    (17, 11, 2),
    (19, 12, 3),
    (20, 13, 3),
    (23, 14, 2),
    (26, 15, 4),
    (29, 16, 1),
]


def number_of(day1_rank):
    """Give players numbers unlike their ranks so the tests cannot mix the two up."""
    return 500 + day1_rank


def day1_standings(players):
    """Build Day-1 standings where the player numbered `number_of(r)` finishes r-th."""
    entries = [
        PlayerResult(number=number_of(r), name=f"P{r}", session_raw=(10 * (players + 1 - r),))
        for r in range(1, players + 1)
    ]
    return rank(entries, SEED)


@pytest.mark.parametrize(
    ("level", "sizes"),
    [("regional", (16, 8, 4)), ("international", (32, 16, 8, 4))],
)
def test_final_day_rounds(level, sizes):
    assert FINAL_DAY_ROUNDS[level] == sizes


@pytest.mark.parametrize("size", [32, 16, 8, 4])
def test_seed_tables_match_the_rulebook(size):
    assert seed_tables(range(1, size + 1)) == PRINTED_SEED_TABLES[size]


@pytest.mark.parametrize("size", [32, 16, 8, 4])
def test_seed_tables_seat_every_player_once_four_to_a_table(size):
    players = [number_of(r) for r in range(1, size + 1)]
    tables = seed_tables(players)

    assert len(tables) == size // 4
    assert all(len(table) == 4 for table in tables)
    assert sorted(number for table in tables for number in table) == players


@pytest.mark.parametrize("size", [32, 16, 8, 4])
def test_seed_tables_follow_quartile_compression(size):
    # §3.5.3.4 each table: top seed s, then 2q+1-s, 2q+s and 4q+1-s for quarter size q
    quarter = size // 4
    for table in seed_tables(range(1, size + 1)):
        top = table[0]
        assert table == [top, 2 * quarter + 1 - top, 2 * quarter + top, 4 * quarter + 1 - top]


@pytest.mark.parametrize("size", [32, 16, 8, 4])
def test_seed_tables_keep_the_structural_separation(size):
    assert separation_problems(seed_tables(range(1, size + 1))) == []


@pytest.mark.parametrize(
    ("tables", "problem"),
    [
        ([[1, 8, 9, 16], [2, 6, 11, 14], [4, 5, 12, 13], [3, 7, 10, 15]], "seeds 1 and 2"),
        ([[1, 8, 9, 16], [4, 6, 11, 14], [3, 5, 12, 13], [2, 7, 10, 15]], "seeds 1 and 4"),
        ([[1, 2, 9, 16], [3, 6, 11, 14], [4, 5, 12, 13], [8, 7, 10, 15]], "share a table"),
        ([[1, 8, 9, 16], [3, 6, 11, 14], [4, 5, 12, 13], [2, 7, 10, 15][::-1]], None),
        ([[1, 8, 9, 12], [3, 6, 11, 14], [4, 5, 16, 13], [2, 7, 10, 15]], "table 1"),
        ([[1, 2, 5, 6], [3, 4, 7, 8]], "seeds 1 and 2"),
        ([[1, 2, 3, 4], [5, 6, 7, 8]], "table 1"),
        ([[1, 2, 3, 3], [5, 6, 7, 8]], "seeds 1 to N"),
    ],
)
def test_separation_problems_are_reported(tables, problem):
    problems = separation_problems(tables)
    if problem is None:
        assert problems == []
    else:
        assert any(problem in text for text in problems), problems


def test_seed_tables_reject_other_sizes_and_repeats():
    with pytest.raises(ValueError):
        seed_tables(range(1, 13))
    with pytest.raises(ValueError):
        seed_tables([1, 2, 3, 3])


def play_round(tables, advancing_day1_ranks):
    """Give each player a session score so that exactly the listed Day-1 ranks advance."""
    generator = random.Random(len(tables))
    session_raw = {}
    for table in tables:
        for number in table:
            score = generator.randint(1, 300)
            session_raw[number] = score if number - 500 in advancing_day1_ranks else -score
    return session_raw


def test_worked_example_of_reseeding():
    day1 = day1_standings(40)
    day1_rank = {s.number: s.rank for s in day1}
    day1_mp = {s.number: s.match_points for s in day1}
    round_of_32 = seed_tables([s.number for s in cut(day1, 32).advancing])
    advancing = {day1_rank for day1_rank, _, _ in WORKED_EXAMPLE}

    result = eliminate(round_of_32, play_round(round_of_32, advancing), day1_mp, SEED)
    round_of_16 = reseed(result.survivors, day1_rank)

    assert {number - 500 for number in result.survivors} == advancing
    # the bottom half of the whole round goes out, not two players per table (§3.3.2.2)
    advancing_per_table = [sum(n in result.survivors for n in table) for table in round_of_32]
    assert advancing_per_table == [2, 1, 1, 1, 4, 4, 1, 2]
    expected = [[0] * 4 for _ in range(4)]
    for example_rank, seed, table in WORKED_EXAMPLE:
        column = PRINTED_SEED_TABLES[16][table - 1].index(seed)
        expected[table - 1][column] = number_of(example_rank)
    assert round_of_16 == expected


@pytest.mark.parametrize(("example_rank", "seed", "table"), WORKED_EXAMPLE)
def test_worked_example_row(example_rank, seed, table):
    survivors = [number_of(r) for r, _, _ in WORKED_EXAMPLE]
    day1_rank = {number_of(r): r for r, _, _ in WORKED_EXAMPLE}

    tables = reseed(reversed(survivors), day1_rank)

    seated = tables[table - 1]
    assert number_of(example_rank) in seated
    assert PRINTED_SEED_TABLES[16][table - 1][seated.index(number_of(example_rank))] == seed


def test_upset_gives_the_winner_no_protected_slot():
    # §3.5.3.5 Day-1 ranks 1 and 2 go out; rank 3 becomes seed 1 and rank 16 keeps nothing
    day1 = day1_standings(16)
    day1_rank = {s.number: s.rank for s in day1}
    day1_mp = {s.number: s.match_points for s in day1}
    round_of_16 = seed_tables([s.number for s in day1])
    advancing = {3, 4, 5, 6, 7, 8, 15, 16}

    result = eliminate(round_of_16, play_round(round_of_16, advancing), day1_mp, SEED)
    semifinal = reseed(result.survivors, day1_rank)

    assert semifinal == [
        [number_of(3), number_of(6), number_of(7), number_of(16)],
        [number_of(4), number_of(5), number_of(8), number_of(15)],
    ]


def final_day_players(size):
    numbers = [number_of(r) for r in range(1, size + 1)]
    day1_mp = {number: 100.0 - number % 100 for number in numbers}
    return seed_tables(numbers), day1_mp


def test_eliminate_ranks_by_session_score_and_sends_bottom_half_out():
    tables, day1_mp = final_day_players(8)
    session_raw = {number: 10 * (number % 7) - 20 for number in day1_mp}

    result = eliminate(tables, session_raw, day1_mp, SEED)

    raws = [place.raw for place in result.places]
    assert raws == sorted(raws, reverse=True)
    assert [place.place for place in result.places] == list(range(1, 9))
    assert [place.is_advancing for place in result.places] == [True] * 4 + [False] * 4
    assert len(result.survivors) == len(result.eliminated) == 4


def test_tie_at_the_cut_goes_to_higher_day1_match_points():
    tables, day1_mp = final_day_players(8)
    session_raw = dict.fromkeys(day1_mp, -50)
    for number, raw in zip([504, 507, 502, 508, 503], [300, 200, 100, 0, 0], strict=True):
        session_raw[number] = raw

    result = eliminate(tables, session_raw, day1_mp, SEED)

    # 503 finished third on Day 1, ahead of 508
    assert result.survivors == (504, 507, 502, 503)
    assert result.places[3].tie_break == result.places[4].tie_break == "day1_mp"
    assert result.places[4].number == 508
    assert result.places[3].draw is None


def test_tie_on_score_and_day1_match_points_goes_to_the_draw():
    tables, day1_mp = final_day_players(8)
    day1_mp[508] = day1_mp[503]
    session_raw = dict.fromkeys(day1_mp, -50)
    for number, raw in zip([504, 507, 502, 508, 503], [300, 200, 100, 0, 0], strict=True):
        session_raw[number] = raw

    result = eliminate(tables, session_raw, day1_mp, SEED)
    winner, loser = draw_order([503, 508], SEED, "round-of-8")

    assert result.survivors[3] == winner
    assert result.eliminated[0] == loser
    assert result.places[3].tie_break == result.places[4].tie_break == "draw"
    assert result.places[3].draw < result.places[4].draw
    assert eliminate(tables, session_raw, day1_mp, SEED) == result
    assert {eliminate(tables, session_raw, day1_mp, seed).survivors[3] for seed in range(20)} == {
        503,
        508,
    }


@pytest.mark.parametrize(
    ("tables", "session_raw"),
    [
        ([[501, 502, 503, 504]], {501: 1, 502: 2, 503: 3, 504: -6}),  # the Grand Final
        ([[501, 502, 503, 504], [505, 506, 507, 508]], {501: 1}),  # scores missing
        ([[501, 502, 503, 504], [505, 506, 507, 501]], dict.fromkeys(range(501, 509), 0)),
    ],
)
def test_eliminate_rejects_bad_rounds(tables, session_raw):
    day1_mp = {number: 1.0 for number in range(501, 509)}
    with pytest.raises(ValueError):
        eliminate(tables, session_raw, day1_mp, SEED)


def standings_with(*rows):
    """Rank players given as (number, raw total) over a single session."""
    return rank([PlayerResult(number=n, name=f"P{n}", session_raw=(raw,)) for n, raw in rows], SEED)


def test_cut_takes_the_top_players():
    day1 = day1_standings(40)

    result = cut(day1, 32)

    assert [s.rank for s in result.advancing] == list(range(1, 33))
    assert [s.rank for s in result.eliminated] == list(range(33, 41))
    assert result.decided_by is None


def test_cut_tie_broken_by_raw_total():
    # 16th and 17th both have 10 MP: 100 + 0 against 25 + 25 raw
    entries = [PlayerResult(number=n, name=f"P{n}", session_raw=(400 - n, 0)) for n in range(1, 16)]
    entries += [
        PlayerResult(number=16, name="P16", session_raw=(25, 25)),
        PlayerResult(number=17, name="P17", session_raw=(100, 0)),
    ]
    result = cut(rank(entries, SEED), 16)

    assert result.advancing[-1].number == 17
    assert result.eliminated[0].number == 16
    assert result.decided_by == "raw"


def test_cut_tie_broken_by_draw():
    rows = [(n, 400 - n) for n in range(1, 16)] + [(16, 64), (17, 64)]
    result = cut(standings_with(*rows), 16)
    winner, loser = draw_order([16, 17], SEED)

    assert result.advancing[-1].number == winner
    assert result.eliminated[0].number == loser
    assert result.decided_by == "draw"


def test_cut_passes_over_resigned_players():
    entries = [PlayerResult(number=1, name="P1", session_raw=(900,), is_resigned=True)]
    entries += [PlayerResult(number=n, name=f"P{n}", session_raw=(400 - n,)) for n in range(2, 19)]
    result = cut(rank(entries, SEED), 16)

    assert [s.number for s in result.advancing] == list(range(2, 18))
    assert not any(s.is_resigned for s in result.advancing)


@pytest.mark.parametrize("size", [4, 12, 64])
def test_cut_rejects_sizes_without_a_bracket(size):
    with pytest.raises(ValueError):
        cut(day1_standings(70), size)


def test_cut_needs_enough_players():
    with pytest.raises(ValueError):
        cut(day1_standings(15), 16)


def run_final_day(level, players):
    """Play a whole final day with made-up scores and return what final_ranking needs."""
    day1 = day1_standings(players)
    day1_rank = {s.number: s.rank for s in day1}
    day1_mp = {s.number: s.match_points for s in day1}
    sizes = FINAL_DAY_ROUNDS[level]
    tables = seed_tables([s.number for s in cut(day1, sizes[0]).advancing])
    generator = random.Random(level)
    rounds = []
    for _ in sizes[:-1]:
        session_raw = {n: generator.randint(-300, 300) for table in tables for n in table}
        result = eliminate(tables, session_raw, day1_mp, SEED)
        rounds.append(result)
        tables = reseed(result.survivors, day1_rank)
    (grand_final,) = tables
    grand_final_raw = dict(zip(grand_final, [-120, 260, 40, -180], strict=True))
    return day1, rounds, grand_final_raw


@pytest.mark.parametrize(("level", "players"), [("international", 45), ("regional", 21)])
def test_final_ranking_by_bracket(level, players):
    day1, rounds, grand_final_raw = run_final_day(level, players)

    ranking = final_ranking(day1, rounds, grand_final_raw, SEED)

    assert [place.rank for place in ranking] == list(range(1, players + 1))
    assert sorted(place.number for place in ranking) == sorted(s.number for s in day1)
    # §3.5.1 rank 1 wins the Grand Final session
    grand_final = ranking[:4]
    assert [p.raw for p in grand_final] == [260, 40, -120, -180]
    assert all(p.round_size == 4 for p in grand_final)
    # then each bracket, latest first, ordered as the round that eliminated it
    position = 4
    for result in reversed(rounds):
        bracket = ranking[position : position + result.size // 2]
        assert [p.number for p in bracket] == list(result.eliminated)
        assert all(p.round_size == result.size for p in bracket)
        position += result.size // 2
    first_round = rounds[0]
    assert position == first_round.size
    # the last of the first group eliminated is the lowest scorer of round 1
    assert ranking[position - 1].raw == min(p.raw for p in first_round.places)
    # everyone else by Day-1 standings
    rest = ranking[position:]
    assert [p.number for p in rest] == [s.number for s in day1[position:]]
    assert all(p.round_size is None for p in rest)


def test_final_ranking_grand_final_tie_uses_day1_match_points():
    day1, rounds, grand_final_raw = run_final_day("regional", 16)
    grand_final_raw = dict.fromkeys(grand_final_raw, 0)

    ranking = final_ranking(day1, rounds, grand_final_raw, SEED)

    day1_rank = {s.number: s.rank for s in day1}
    grand_final = [place.number for place in ranking[:4]]
    assert grand_final == sorted(grand_final, key=day1_rank.__getitem__)
    assert all(place.tie_break == "day1_mp" for place in ranking[:4])


def test_final_ranking_rejects_an_inconsistent_bracket():
    day1, rounds, grand_final_raw = run_final_day("international", 40)
    wrong_final = dict(grand_final_raw)
    wrong_final[max(wrong_final) + 1000] = wrong_final.pop(max(wrong_final))

    with pytest.raises(ValueError):
        final_ranking(day1, rounds, wrong_final, SEED)
    with pytest.raises(ValueError):
        final_ranking(day1, rounds[1:], grand_final_raw, SEED)


# ---------------------------------------------------------------- §4.15 fillers (our reading)


def round_of_16_with_a_filler(absent_rank=2, filler_rank=17):
    """Seed a round of 16 from 20 players and seat the 17th in the seat of an absent entrant."""
    day1 = day1_standings(20)
    day1_mp = {s.number: s.match_points for s in day1}
    tables = seed_tables([s.number for s in cut(day1, 16).advancing])
    absent, filler = number_of(absent_rank), number_of(filler_rank)
    seated = [[filler if n == absent else n for n in table] for table in tables]
    return day1, day1_mp, seated, absent, filler


def test_an_absent_entrant_ranks_last_of_the_round_and_the_filler_has_no_place():
    day1, day1_mp, seated, absent, filler = round_of_16_with_a_filler()
    # the filler wins big: their score still counts for nobody's place
    session_raw = {n: -10 for table in seated for n in table}
    session_raw[filler] = 150

    result = eliminate(seated, session_raw, day1_mp, SEED, stand_ins={filler: absent})

    assert result.size == 16
    assert filler not in [place.number for place in result.places]
    assert result.places[-1].number == absent
    assert result.places[-1].is_absent and not result.places[-1].is_advancing
    assert result.absent == (absent,)
    assert len(result.survivors) == 8 and absent not in result.survivors
    assert [p.place for p in result.places] == list(range(1, 17))


def test_the_filler_never_advances_and_the_reseed_skips_them():
    day1, day1_mp, seated, absent, filler = round_of_16_with_a_filler()
    session_raw = {n: 0 for table in seated for n in table}
    session_raw[filler] = 900
    day1_rank = {s.number: s.rank for s in day1}

    result = eliminate(seated, session_raw, day1_mp, SEED, stand_ins={filler: absent})
    semifinal = reseed(result.survivors, day1_rank)

    assert filler not in {n for table in semifinal for n in table}
    assert absent not in {n for table in semifinal for n in table}
    assert sorted(n for table in semifinal for n in table) == sorted(result.survivors)


def test_two_absent_entrants_keep_their_day1_order_at_the_bottom():
    day1, day1_mp, seated, absent, filler = round_of_16_with_a_filler(absent_rank=9)
    other_absent, other_filler = number_of(3), number_of(18)
    seated = [[other_filler if n == other_absent else n for n in table] for table in seated]
    session_raw = {n: 5 for table in seated for n in table}

    result = eliminate(seated, session_raw, day1_mp, SEED,
                       stand_ins={filler: absent, other_filler: other_absent})

    assert [p.number for p in result.places[-2:]] == [other_absent, absent]
    assert result.absent == (other_absent, absent)


@pytest.mark.parametrize(
    "stand_ins",
    [{999: number_of(2)}, {number_of(17): number_of(3)}],
    ids=["filler-not-seated", "absent-player-is-seated"],
)
def test_stand_ins_must_match_the_seats(stand_ins):
    _, day1_mp, seated, _, _ = round_of_16_with_a_filler()
    session_raw = {n: 0 for table in seated for n in table}
    with pytest.raises(ValueError):
        eliminate(seated, session_raw, day1_mp, SEED, stand_ins=stand_ins)


def test_final_ranking_puts_an_absent_finalist_fourth_and_keeps_the_fillers_place():
    day1, rounds, grand_final_raw = run_final_day("regional", 21)
    semifinal = rounds[-1]
    absent = next(iter(grand_final_raw))
    # the best player out in the semifinal fills the seat
    filler = semifinal.eliminated[0]
    seated_raw = {filler if n == absent else n: v for n, v in grand_final_raw.items()}
    seated_raw[filler] = 500

    plain = final_ranking(day1, rounds, {**grand_final_raw}, SEED)
    ranking = final_ranking(day1, rounds, seated_raw, SEED, grand_final_stand_ins={filler: absent})

    assert [p.rank for p in ranking] == list(range(1, 22))
    assert ranking[3].number == absent and ranking[3].is_absent and ranking[3].round_size == 4
    present = sorted((n for n in grand_final_raw if n != absent),
                     key=lambda n: -grand_final_raw[n])
    assert [p.number for p in ranking[:3]] == present
    # the filler keeps the place they had from the semifinal: the 5th, as without the call
    assert [p.number for p in ranking[4:]] == [p.number for p in plain[4:]]
    assert ranking[4].number == filler and not ranking[4].is_absent


def test_an_entrant_out_during_the_round_ranks_below_those_still_in_it():
    tables, day1_mp = final_day_players(8)
    session_raw = {number: 0 for number in day1_mp}
    session_raw[505] = 400  # the top score, then disqualified during the round

    result = eliminate(tables, session_raw, day1_mp, SEED, out=[505])

    assert result.places[-1].number == 505
    assert result.places[-1].is_out and not result.places[-1].is_absent
    assert result.places[-1].raw == 400
    assert 505 not in result.survivors and len(result.survivors) == 4
    with pytest.raises(ValueError):
        eliminate(tables, session_raw, day1_mp, SEED, out=[999])


def test_an_entrant_out_in_the_grand_final_is_placed_behind_the_others():
    day1, rounds, grand_final_raw = run_final_day("regional", 16)
    best = max(grand_final_raw, key=grand_final_raw.get)

    ranking = final_ranking(day1, rounds, grand_final_raw, SEED, grand_final_out=[best])

    assert ranking[3].number == best and ranking[3].is_out
    assert [p.rank for p in ranking] == list(range(1, 17))
