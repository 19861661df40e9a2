"""MCR standings: table points by place, the ranking and team results (MCR §3.9.2, §3.10.1).

A session gives each player of a table 4, 2, 1 or 0 table points by place on the card
(MCR §3.9.2). The text does not say how equal scores split them: tied places share the
points of the places they take, equally (our reading), so two players tied for first take
(4 + 2) / 2 = 3 each and table points may be fractional. Players rank by total table points,
then contest points (the sum of their session scores, penalty lines included), then by a
lot the organizer draws and records (MCR §3.10.1; the lot is our reading: the text stops at
contest points). Until it is recorded, players level on both share their place.

Team results follow MCR Appendix 7: a team's table points are its members' summed, then
their contest points; teams level on both share their place (our reading).

Table points are kept as floats; totals are compared after rounding to `_TIE_PLACES`
decimals, so 7/3 + 7/3 + 7/3 ties with 7 although the floats differ in the last bit.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import groupby

from judgeaid.tournament.standings import PlayerResult, Standing, listed_once

# MCR §3.9.2 table points of the first to fourth place at a table
PLACE_POINTS = (4, 2, 1, 0)
# our reading (the MCR text has no rule for joining late): as late as session 3
LAST_LATE_SESSION = 3
_TIE_PLACES = 9


def table_points(totals: Mapping[int, int]) -> dict[int, float]:
    """Return each player's table points for a session from the table's card totals."""
    ordered = sorted(totals.items(), key=lambda item: -item[1])
    points: dict[int, float] = {}
    place = 0
    for _, tied in groupby(ordered, key=lambda item: item[1]):
        players = [player for player, _ in tied]
        # our reading of MCR §3.9.2: equal scores share the points of the places they fill
        shared = sum(PLACE_POINTS[i] if i < len(PLACE_POINTS) else 0
                     for i in range(place, place + len(players)))
        for player in players:
            points[player] = shared / len(players)
        place += len(players)
    return points


def display_table_points(value: float) -> str:
    """Format table points for pages and exports: 3, 1.5, 2.33 (no sign, no trailing zeros)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def points_key(value: float) -> float:
    """Return the value table-point totals are compared by when looking for ties."""
    return round(value, _TIE_PLACES) + 0.0


def rank(entries: Sequence[PlayerResult], seed: int = 0) -> list[Standing]:
    """Rank players by table points, then contest points, then the organizer's recorded lot.

    Each entry's `session_points` are its table points per session (from `table_points`)
    and `session_raw` its session scores; `lot` is its place in the recorded draw. In each
    returned line `match_points` holds the total table points, `raw` the contest points and
    `session_match_points` the table points per session; `tie_break` is None, "raw" (contest
    points decided), "draw" (the lot decided; `draw` is the place drawn inside the tie, 1
    the highest; lower `lot`s draw higher places) or "tied" (level on
    both, no lot recorded for all of them: they share the place). `seed` is not used: MCR
    draws lots by hand, not from the event's seed.
    """
    lines = [_Line.of(entry) for entry in listed_once(entries)]
    # a player out of the event goes below everyone still in it (as for ZJ, our reading)
    lines.sort(key=lambda line: (line.is_out, -line.key, -line.contest))
    standings: list[Standing] = []
    for _, tp_group in groupby(lines, key=lambda line: (line.is_out, line.key)):
        tp_tied = list(tp_group)
        for _, cp_group in groupby(tp_tied, key=lambda line: line.contest):
            level = list(cp_group)
            first = len(standings) + 1
            if len(level) == 1:
                standings.append(level[0].standing(first, "raw" if len(tp_tied) > 1 else None))
            elif all(line.lot is not None for line in level):
                level.sort(key=lambda line: (line.lot, line.entry.number))
                # `draw` is the place each drew inside the tie: 1 takes the highest
                for place, line in enumerate(level):
                    standings.append(line.standing(first + place, "draw", place + 1))
            else:
                level.sort(key=lambda line: line.entry.number)
                standings.extend(line.standing(first, "tied") for line in level)
    return standings


@dataclass(frozen=True)
class _Line:
    entry: PlayerResult
    session_points: tuple[float | None, ...]
    table_points: float
    key: float
    contest: int
    lot: int | None
    is_out: bool

    @classmethod
    def of(cls, entry: PlayerResult) -> _Line:
        points = entry.session_points
        if points is None:
            points = _points_alone(entry.session_raw)
        elif len(points) != len(entry.session_raw) or any(
                (tp is None) != (raw is None)
                for tp, raw in zip(points, entry.session_raw, strict=True)):
            raise ValueError(f"player {entry.number}: session points must match the sessions "
                             "played")
        total = math.fsum(tp for tp in points if tp is not None)
        contest = sum(raw for raw in entry.session_raw if raw is not None)
        return cls(entry, tuple(points), total, points_key(total), contest,
                   entry.lot, entry.is_resigned)

    def standing(self, place: int, tie_break: str | None, lot: int | None = None) -> Standing:
        return Standing(rank=place, number=self.entry.number, name=self.entry.name,
                        match_points=self.table_points, raw=self.contest,
                        session_match_points=self.session_points, deductions=0.0,
                        tie_break=tie_break, draw=lot, is_resigned=self.is_out)


def _points_alone(session_raw: Sequence[int | None]) -> tuple[float | None, ...]:
    # Without the table's other scores a session cannot be placed: the pure core's callers
    # always pass table points; a bare score is read as a lone player's first place.
    return tuple(None if raw is None else float(PLACE_POINTS[0]) for raw in session_raw)


# ---------------------------------------------------------------- teams (MCR Appendix 7)

@dataclass(frozen=True)
class TeamStanding:
    """One team's line: its members' table points and contest points summed."""

    rank: int
    team: str
    table_points: float
    contest_points: int
    members: tuple[int, ...]
    tie_break: str | None


def rank_teams(members: Iterable[tuple[str, int, float, int]]) -> list[TeamStanding]:
    """Rank teams from (team, player number, table points, contest points) of each member."""
    teams: dict[str, list[tuple[int, float, int]]] = {}
    for team, number, points, contest in members:
        teams.setdefault(team, []).append((number, points, contest))
    lines = []
    for team, rows in teams.items():
        points = math.fsum(row[1] for row in rows)
        lines.append((points_key(points), sum(row[2] for row in rows), team, points,
                      tuple(sorted(row[0] for row in rows))))
    lines.sort(key=lambda line: (-line[0], -line[1], line[2]))
    standings: list[TeamStanding] = []
    for _, tp_group in groupby(lines, key=lambda line: line[0]):
        tp_tied = list(tp_group)
        for _, cp_group in groupby(tp_tied, key=lambda line: line[1]):
            level = list(cp_group)
            first = len(standings) + 1
            # our reading of Appendix 7: teams level on both share the place
            tie_break = "tied" if len(level) > 1 else ("raw" if len(tp_tied) > 1 else None)
            standings.extend(TeamStanding(first, team, points, contest, numbers, tie_break)
                             for _, contest, team, points, numbers in level)
    return standings


def late_join_problem(joins: int, format_code: str, sessions: int) -> str | None:
    """Explain why a late arrival cannot join at session `joins`, or return None."""
    # The MCR text sets no rule for joining an event late; our reading: a player may join at
    # session 2 or 3, and the sessions missed earn no table points and no contest points.
    if joins == 1:
        return None
    if not 1 < joins <= LAST_LATE_SESSION:
        return (f"A late arrival joins at session 2 or {LAST_LATE_SESSION} at the latest; the "
                "sessions missed earn no table points (our reading: the MCR text has no rule "
                "for it). Choose 1 to clear the mark.")
    return None
