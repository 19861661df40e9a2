"""The standings' arithmetic: players ranked by a points total, then raw total, then a draw.

A ruleset says what a session is worth (`session_points`, from the player's own card total,
or the table points it computed and passed in `PlayerResult.session_points`), what a missed
opening session costs and how many may be missed; this module adds up, sorts and breaks ties.
Points are kept at full float precision; totals are compared after rounding to
`_TIE_PLACES` decimals (see `points_key`), so totals equal in exact arithmetic (√2 + √8 and
√18) tie although their floats differ in the last bit.

Random draws are keyed by SHA-256 of ``(seed, stage, player number)`` (see `draw_value`):
a player's draw depends on nothing but the recorded seed and their own number, so adding or
removing a player never reorders a tie between two others, and the same seed always
reproduces the same order.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import groupby
from operator import attrgetter
from typing import Literal, NamedTuple

STANDINGS_STAGE = "standings"

_TIE_PLACES = 9

# "tied": level on everything the ruleset ranks by, no lot recorded yet
TieBreak = Literal["raw", "draw", "tied"]


@dataclass(frozen=True)
class PlayerResult:
    """One player's session results as they go into the standings.

    `session_raw[i]` is the card total (penalties included) for session i + 1, or None when
    the player did not play it. `session_points[i]` is what the ruleset's table points gave
    the player for that session, None where `session_raw` is; without them the ranking asks
    the ruleset what the player's own total is worth. `late_sessions` is how many opening
    sessions the player missed as a pardoned late arrival. `lot` is the player's place in a
    draw the organizer recorded by hand, for a ruleset that settles its last ties so.
    """

    number: int
    name: str
    session_raw: tuple[int | None, ...]
    late_sessions: int = 0
    is_resigned: bool = False
    session_points: tuple[float | None, ...] | None = None
    lot: int | None = None


@dataclass(frozen=True)
class Standing:
    """One line of the standings.

    `deductions` is the points taken off for late arrival, as a positive number;
    `match_points` is the ranked points total (the sessions' points minus `deductions`,
    whatever the ruleset calls them). `tie_break` says what separated this player from
    others on equal points: None (nobody shares them), "raw" (raw total did), "draw" (raw
    total was equal too; `draw` is the value that decided) or "tied" (nothing did yet).
    """

    rank: int
    number: int
    name: str
    match_points: float
    raw: int
    session_match_points: tuple[float | None, ...]
    deductions: float
    tie_break: TieBreak | None
    draw: int | None
    is_resigned: bool


def late_cut_off(starts_at: datetime, margin: timedelta) -> datetime:
    """Return the last moment a player may check in for a session and not be refused."""
    return starts_at - margin


def is_after_cut_off(starts_at: datetime, checked_in_at: datetime, margin: timedelta) -> bool:
    """Return True when a check-in comes later than the margin before the start."""
    return checked_in_at > late_cut_off(starts_at, margin)


def display_signed(value: float, places: int = 2) -> str:
    """Format a points total with a sign and a fixed number of decimals."""
    text = f"{value:+.{places}f}"
    # a tiny negative total must not show as "-0.00"
    return text[1:] if float(text) == 0 else text


def points_key(value: float) -> float:
    """Return the value points totals are compared by when looking for ties."""
    return round(value, _TIE_PLACES) + 0.0


def draw_value(seed: int, number: int, stage: str = STANDINGS_STAGE) -> int:
    """Return the player's random draw for a stage; the lower value wins the draw."""
    digest = hashlib.sha256(f"{seed}|{stage}|{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def listed_once(entries: Sequence[PlayerResult]) -> Sequence[PlayerResult]:
    """Return the entries, refusing (ValueError) a player listed twice."""
    seen: set[int] = set()
    for entry in entries:
        if entry.number in seen:
            raise ValueError(f"player {entry.number} is listed twice")
        seen.add(entry.number)
    return entries


def rank_by_points(entries: Sequence[PlayerResult], seed: int, *,
                   session_points: Callable[[int], float], late_deduction: float,
                   max_late_sessions: int) -> list[Standing]:
    """Rank players by points total, then raw total, then the seeded draw; out players last.

    Players level on points and raw total who all carry a `lot` (a draw the organizer made
    by hand and recorded for them) are ordered by it instead of the seeded draw, and their
    `draw` is their place in it; where only some of them carry one, the seeded draw decides.

    `session_points` turns a player's own session total into points where the entry carries
    none; `late_deduction` is taken off per pardoned missed session, of which a player may
    have at most `max_late_sessions`.
    """
    lines = [_line(entry, seed, session_points, late_deduction, max_late_sessions)
             for entry in listed_once(entries)]
    lines.sort(key=_by_place)  # out of the event last, then points, raw total, draw

    standings: list[Standing] = []
    for _, points_group in groupby(lines, key=lambda line: (line.is_resigned, line.key)):
        points_tied = list(points_group)
        for _, raw_group in groupby(points_tied, key=_by_raw):
            raw_tied = list(raw_group)
            by_lot = len(raw_tied) > 1 and all(line.entry.lot is not None for line in raw_tied)
            if by_lot:
                # a draw made by hand for exactly these players replaces the seeded one
                raw_tied.sort(key=lambda line: (line.entry.lot, line.entry.number))
            if len(raw_tied) > 1:
                tie_break: TieBreak | None = "draw"
            elif len(points_tied) > 1:
                tie_break = "raw"
            else:
                tie_break = None
            for line in raw_tied:
                standings.append(
                    Standing(
                        rank=len(standings) + 1,
                        number=line.entry.number,
                        name=line.entry.name,
                        match_points=line.points,
                        raw=line.raw,
                        session_match_points=line.session_points,
                        deductions=line.deductions,
                        tie_break=tie_break,
                        draw=(line.entry.lot if by_lot else line.draw)
                        if tie_break == "draw" else None,
                        is_resigned=line.is_resigned,
                    )
                )
    return standings


class _Line(NamedTuple):
    # A plain tuple (not a dataclass): rank builds one per player of the event.
    place: tuple[bool, float, int, int, int]
    entry: PlayerResult
    session_points: tuple[float | None, ...]
    deductions: float
    points: float
    key: float
    raw: int
    draw: int
    is_resigned: bool


_by_place = attrgetter("place")
_by_raw = attrgetter("raw")


def _line(entry: PlayerResult, seed: int, session_points: Callable[[int], float],
          late_deduction: float, max_late_sessions: int) -> _Line:
    _check_late_sessions(entry, max_late_sessions)
    played = [raw for raw in entry.session_raw if raw is not None]
    if entry.session_points is None:
        per_session = tuple([None if raw is None else session_points(raw)
                             for raw in entry.session_raw])
    else:
        _check_session_points(entry)
        per_session = entry.session_points
    deductions = late_deduction * entry.late_sessions
    total = math.fsum([points for points in per_session if points is not None]) - deductions
    key = points_key(total)
    raw = sum(played)
    draw = draw_value(seed, entry.number)
    # a player out of the event ranks below everyone still in; the player number only
    # matters if two 64-bit draws ever collide
    place = (entry.is_resigned, -key, -raw, draw, entry.number)
    return _Line(place, entry, per_session, deductions, total, key, raw, draw,
                 entry.is_resigned)


def _check_session_points(entry: PlayerResult) -> None:
    points = entry.session_points or ()
    if len(points) != len(entry.session_raw) or any(
            (mp is None) != (raw is None) for mp, raw in zip(points, entry.session_raw,
                                                             strict=True)):
        raise ValueError(f"player {entry.number}: session points must match the sessions "
                         "played")


def _check_late_sessions(entry: PlayerResult, max_late_sessions: int) -> None:
    late = entry.late_sessions
    if not 0 <= late <= max_late_sessions:
        raise ValueError(
            f"player {entry.number}: a late arrival can only miss the first "
            f"{max_late_sessions} sessions, not {late}"
        )
    if late > len(entry.session_raw):
        raise ValueError(
            f"player {entry.number}: marked late for {late} sessions but only "
            f"{len(entry.session_raw)} have results"
        )
    if late and any(raw is not None for raw in entry.session_raw[:late]):
        raise ValueError(
            f"player {entry.number}: has a score for a session they are marked as missing"
        )
