"""The competitive final day: the cut, seed tables, elimination, reseeding, final places.

Players are identified by their player number throughout. Every final-day round is ranked
across the whole field, not table by table (§3.3.2.2: the bottom half of the standings goes
out; the §3.5.3.2 example has tables where all four players advance). Ties in a round are
broken by Day-1 MP and then a seeded draw whose stage is ``round-of-<size>``, so a round's
draw is independent of the Day-1 draw and of other rounds (see `standings.draw_value`).

§4.15 says only that the highest-ranked eliminated player present is called to fill an
empty seat on the final day. Our reading: the absent entrant is out and ranks last of that
round; the filler plays as a neutral substitute, so their score keeps the table zero-sum but
gives them no place in the round, and they keep the place they already had. `stand_ins`
maps each filler's number to the absent entrant whose seat they took. In the same way an
entrant who leaves the event during a round (`out`: resigned, disqualified) keeps their
score on the card for the table's sake but ranks below everyone still in the round.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby
from typing import Literal

from judgeaid.rules.zj.standings import mp_key
from judgeaid.tournament.standings import Standing, TieBreak, draw_value

RoundTieBreak = Literal["day1_mp", "draw"]

# §3.3.2.2 and rules/README.md: regional events run three final-day rounds, international four
FINAL_DAY_ROUNDS: dict[str, tuple[int, ...]] = {
    "regional": (16, 8, 4),
    "international": (32, 16, 8, 4),
}

# Seed tables as printed, one row per table, seeds in the printed column order.
SEED_TABLES: dict[int, tuple[tuple[int, ...], ...]] = {
    # §3.5.3.1
    32: (
        (1, 16, 17, 32),
        (5, 12, 21, 28),
        (3, 14, 19, 30),
        (6, 11, 22, 27),
        (7, 10, 23, 26),
        (4, 13, 20, 29),
        (8, 9, 24, 25),
        (2, 15, 18, 31),
    ),
    # §3.5.3.4
    16: (
        (1, 8, 9, 16),
        (3, 6, 11, 14),
        (4, 5, 12, 13),
        (2, 7, 10, 15),
    ),
    8: (
        (1, 4, 5, 8),
        (2, 3, 6, 7),
    ),
    4: ((1, 2, 3, 4),),
}

GRAND_FINAL_SIZE = 4


@dataclass(frozen=True)
class Cut:
    """The preliminary-round cut: who advances to the final day and who does not.

    `decided_by` says what separated the last player in from the first player out: None
    (match points), "raw" (equal MP, raw total) or "draw" (equal raw total too).
    """

    advancing: tuple[Standing, ...]
    eliminated: tuple[Standing, ...]
    decided_by: TieBreak | None


@dataclass(frozen=True)
class RoundPlace:
    """One player's place in a final-day round, ranked across the whole round.

    `tie_break` says what separated the player from others on the same session score:
    None, "day1_mp" (Day-1 MP did) or "draw" (Day-1 MP was equal too; `draw` decided).
    """

    place: int
    number: int
    raw: int
    day1_match_points: float
    tie_break: RoundTieBreak | None
    draw: int | None
    is_advancing: bool
    # §4.15 (our reading) the entrant did not come; a neutral filler took the seat
    is_absent: bool = False
    # out of the event during the round (absent, resigned, disqualified): last of the round
    is_out: bool = False


@dataclass(frozen=True)
class RoundResult:
    """A finished final-day round: every place, the survivors and the eliminated."""

    size: int
    places: tuple[RoundPlace, ...]

    @property
    def survivors(self) -> tuple[int, ...]:
        """List the players who advance, best first."""
        return tuple(place.number for place in self.places if place.is_advancing)

    @property
    def eliminated(self) -> tuple[int, ...]:
        """List the players who go out, best first."""
        return tuple(place.number for place in self.places if not place.is_advancing)

    @property
    def absent(self) -> tuple[int, ...]:
        """List the entrants whose seat a neutral filler took (§4.15)."""
        return tuple(place.number for place in self.places if place.is_absent)


@dataclass(frozen=True)
class FinalPlace:
    """One line of the final ranking of a competitive event.

    `round_size` is the size of the last round the player played (4 is the Grand Final) or
    None for players who did not pass the preliminary round. `raw` is what ranks the player
    inside that bracket: the session score of that round, or the Day-1 raw total.
    `tie_break` and `draw` come from that round's `RoundPlace` or from the Day-1 `Standing`.
    """

    rank: int
    number: int
    round_size: int | None
    raw: int
    day1_match_points: float
    tie_break: RoundTieBreak | TieBreak | None
    draw: int | None
    is_absent: bool = False
    is_out: bool = False


def cut(standings: Sequence[Standing], size: int) -> Cut:
    """Split the preliminary standings into the top `size` players and the rest."""
    if size not in SEED_TABLES or size == GRAND_FINAL_SIZE:
        raise ValueError(f"the final day cannot start with {size} players")
    # §3.3.2.1 ties at the cut follow the standings order: raw total, then the seeded draw
    ordered = sorted(standings, key=lambda standing: standing.rank)
    # §4.11 a resigned player is out of the event and cannot advance
    active = [standing for standing in ordered if not standing.is_resigned]
    if len(active) < size:
        raise ValueError(f"fewer than {size} players are still in the event")
    advancing = tuple(active[:size])
    advancing_numbers = {standing.number for standing in advancing}
    eliminated = tuple(s for s in ordered if s.number not in advancing_numbers)
    last_in, first_out = advancing[-1], active[size] if len(active) > size else None
    decided_by: TieBreak | None = None
    if first_out is not None and mp_key(last_in.match_points) == mp_key(first_out.match_points):
        decided_by = "draw" if last_in.raw == first_out.raw else "raw"
    return Cut(advancing=advancing, eliminated=eliminated, decided_by=decided_by)


def seed_tables(players_by_day1_rank: Sequence[int]) -> list[list[int]]:
    """Seat players, listed best Day-1 rank first, at the seed tables for their number."""
    players = list(players_by_day1_rank)
    if len(set(players)) != len(players):
        raise ValueError("a player is listed twice")
    pattern = SEED_TABLES.get(len(players))
    if pattern is None:
        raise ValueError(f"there is no seed table for {len(players)} players")
    # seed n is the n-th player on the list (§3.5.3.1, §3.5.3.2)
    return [[players[seed - 1] for seed in table] for table in pattern]


def reseed(survivors: Iterable[int], day1_rank: Mapping[int, int]) -> list[list[int]]:
    """Seat a round's survivors for the next round by their Day-1 rank alone."""
    # §3.5.3.2 sort by preliminary rank, nothing else; §3.5.3.5 no slot survives an upset
    return seed_tables(sorted(survivors, key=lambda number: day1_rank[number]))


def eliminate(
    tables: Sequence[Sequence[int]],
    session_raw: Mapping[int, int],
    day1_mp: Mapping[int, float],
    seed: int,
    stand_ins: Mapping[int, int] | None = None,
    out: Collection[int] = (),
) -> RoundResult:
    """Rank a final-day round by session score and send the bottom half out.

    `tables` hold the players seated, fillers included; `stand_ins` maps a neutral filler
    to the absent entrant whose seat they took (§4.15, our reading); `out` lists seated
    entrants who left the event during the round.
    """
    players, raw, absent = _entrants(tables, session_raw, stand_ins)
    size = len(players)
    if size not in SEED_TABLES or size == GRAND_FINAL_SIZE:
        raise ValueError(f"a round of {size} players has no elimination")
    places = _rank_round(players, raw, day1_mp, seed, advancing=size // 2, absent=absent,
                         out=set(out))
    return RoundResult(size=size, places=places)


def _entrants(
    tables: Sequence[Sequence[int]],
    session_raw: Mapping[int, int],
    stand_ins: Mapping[int, int] | None,
) -> tuple[list[int], dict[int, int], set[int]]:
    """Return a round's entrants, the scores that rank them and who of them was absent."""
    stand_ins = dict(stand_ins or {})
    seated = [number for table in tables for number in table]
    for filler, entrant in stand_ins.items():
        if filler not in seated:
            raise ValueError(f"filler {filler} has no seat in the round")
        if entrant in seated:
            raise ValueError(f"player {entrant} is seated, so cannot be absent")
    # §4.15 (our reading) the filler's score counts for nobody's place
    raw = {number: value for number, value in session_raw.items() if number not in stand_ins}
    return [stand_ins.get(number, number) for number in seated], raw, set(stand_ins.values())


def final_ranking(
    day1: Sequence[Standing],
    rounds: Sequence[RoundResult],
    grand_final_raw: Mapping[int, int],
    seed: int,
    grand_final_stand_ins: Mapping[int, int] | None = None,
    grand_final_out: Collection[int] = (),
) -> list[FinalPlace]:
    """Rank a finished competitive event: Grand Final first, then bracket by bracket.

    `grand_final_raw` holds the scores of the players seated in the Grand Final, fillers
    included; `grand_final_stand_ins` maps a filler to the absent finalist (§4.15).
    """
    day1_order = sorted(day1, key=lambda standing: standing.rank)
    day1_mp = {standing.number: standing.match_points for standing in day1_order}
    finalists, raw, absent = _entrants([list(grand_final_raw)], grand_final_raw,
                                       grand_final_stand_ins)
    _check_rounds(day1_order, rounds, finalists)

    grand_final = _rank_round(finalists, raw, day1_mp, seed, advancing=0, absent=absent,
                              out=set(grand_final_out))
    brackets: list[tuple[int, Sequence[RoundPlace]]] = [(GRAND_FINAL_SIZE, grand_final)]
    for result in reversed(rounds):
        brackets.append((result.size, [p for p in result.places if not p.is_advancing]))

    # §3.5.1 final-day players rank by raw score inside the bracket they went out in
    ranking: list[FinalPlace] = []
    for round_size, places in brackets:
        for place in places:
            ranking.append(
                FinalPlace(
                    rank=len(ranking) + 1,
                    number=place.number,
                    round_size=round_size,
                    raw=place.raw,
                    day1_match_points=place.day1_match_points,
                    tie_break=place.tie_break,
                    draw=place.draw,
                    is_absent=place.is_absent,
                    is_out=place.is_out,
                )
            )
    # §3.5.1 everyone else keeps their match-point place from the preliminary round
    for standing in day1_order[rounds[0].size :]:
        ranking.append(
            FinalPlace(
                rank=len(ranking) + 1,
                number=standing.number,
                round_size=None,
                raw=standing.raw,
                day1_match_points=standing.match_points,
                tie_break=standing.tie_break,
                draw=standing.draw,
            )
        )
    return ranking


def _rank_round(
    players: Sequence[int],
    session_raw: Mapping[int, int],
    day1_mp: Mapping[int, float],
    seed: int,
    advancing: int,
    absent: set[int] | frozenset[int] = frozenset(),
    out: set[int] | frozenset[int] = frozenset(),
) -> tuple[RoundPlace, ...]:
    if len(set(players)) != len(players):
        raise ValueError("a player is seated twice")
    present = [number for number in players if number not in absent]
    if set(session_raw) != set(present):
        raise ValueError("session scores must be given for exactly the players in the round")
    if not out <= set(present):
        raise ValueError("only a seated entrant of the round can leave it")
    missing = [number for number in players if number not in day1_mp]
    if missing:
        raise ValueError(f"no Day-1 match points for players {missing}")

    stage = f"round-of-{len(players)}"

    def key(number: int) -> tuple[int, float, int, int]:
        # §3.3.2.2 session score; at equal score Day-1 MP, then a random draw
        return (
            -session_raw[number],
            -mp_key(day1_mp[number]),
            draw_value(seed, number, stage),
            number,
        )

    ordered = sorted((number for number in present if number not in out), key=key)
    places: list[RoundPlace] = []
    for _, raw_group in groupby(ordered, key=lambda number: session_raw[number]):
        raw_tied = list(raw_group)
        for _, mp_group in groupby(raw_tied, key=lambda number: mp_key(day1_mp[number])):
            mp_tied = list(mp_group)
            tie_break: RoundTieBreak | None
            if len(mp_tied) > 1:
                tie_break = "draw"
            elif len(raw_tied) > 1:
                tie_break = "day1_mp"
            else:
                tie_break = None
            for number in mp_tied:
                places.append(
                    RoundPlace(
                        place=len(places) + 1,
                        number=number,
                        raw=session_raw[number],
                        day1_match_points=day1_mp[number],
                        tie_break=tie_break,
                        draw=draw_value(seed, number, stage) if tie_break == "draw" else None,
                        is_advancing=len(places) < advancing,
                    )
                )
    # §4.11 an entrant out of the event during the round; ranking them below those still in
    # it is our reading,
    # in the order of their scores
    for number in sorted(out, key=key):
        places.append(
            RoundPlace(
                place=len(places) + 1,
                number=number,
                raw=session_raw[number],
                day1_match_points=day1_mp[number],
                tie_break=None,
                draw=None,
                is_advancing=False,
                is_out=True,
            )
        )
    # §4.15 (our reading) an absent entrant is out and ranks last of the round; several
    # absent entrants keep their Day-1 order among themselves
    for number in sorted(absent, key=lambda n: (-mp_key(day1_mp[n]),
                                                draw_value(seed, n, stage), n)):
        places.append(
            RoundPlace(
                place=len(places) + 1,
                number=number,
                raw=0,
                day1_match_points=day1_mp[number],
                tie_break=None,
                draw=None,
                is_advancing=False,
                is_absent=True,
                is_out=True,
            )
        )
    return tuple(places)


def _check_rounds(
    day1_order: Sequence[Standing],
    rounds: Sequence[RoundResult],
    finalists: Sequence[int],
) -> None:
    sizes = tuple(result.size for result in rounds) + (len(finalists),)
    if sizes not in FINAL_DAY_ROUNDS.values():
        raise ValueError(f"final-day rounds of {sizes} players do not make a bracket")
    entrants = {standing.number for standing in day1_order[: sizes[0]]}
    for result in rounds:
        if {place.number for place in result.places} != entrants:
            raise ValueError(f"the round of {result.size} does not hold the players who reached it")
        entrants = set(result.survivors)
    if set(finalists) != entrants:
        raise ValueError("the Grand Final does not hold the semifinal survivors")
