"""Match points and the match-point standings of a casual event or a preliminary round.

Match points (MP) are kept at full float precision in every value this module returns;
only `display_match_points` rounds, to `DISPLAY_PLACES` decimals, for pages and exports.

Totals are compared after rounding to `_MP_TIE_PLACES` decimals, so totals that are equal
in exact arithmetic (e.g. √2 + √8 and √18) tie even though their floats differ in the last
bit. Only totals closer than 1e-9 MP are affected, far below anything shown to a user.

Random draws are keyed by SHA-256 of ``(seed, stage, player number)`` (see `draw_value`):
a player's draw depends on nothing but the recorded seed and their own number, so adding or
removing a player never reorders a tie between two others, and the same seed always
reproduces the same order.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from itertools import groupby
from operator import attrgetter
from typing import Literal, NamedTuple

DISPLAY_PLACES = 2
LATE_ARRIVAL_DEDUCTION = 15.0  # §3.7 MP per session missed
MAX_LATE_SESSIONS = 2  # §3.7 only the first one or two sessions may be missed
# §3.7 a late player must check in before the third session starts
LAST_LATE_SESSION = MAX_LATE_SESSIONS + 1
# §3.7 the organizer may refuse a player who checks in later than 10 minutes before a start
LATE_CHECK_IN_MARGIN = timedelta(minutes=10)
STANDINGS_STAGE = "standings"

_MP_TIE_PLACES = 9

# "tied": level on everything the ruleset ranks by, no lot recorded yet (MCR)
TieBreak = Literal["raw", "draw", "tied"]


@dataclass(frozen=True)
class PlayerResult:
    """One player's session results as they go into the standings.

    `session_raw[i]` is the card total (penalties included) for session i + 1, or None when
    the player did not play it. `session_points[i]` is what the ruleset's table points gave
    the player for that session, None where `session_raw` is; without them a session is
    worth the match points of the player's own total (§3.5.2). `late_sessions` is how many
    opening sessions the player missed as a pardoned late arrival (0, 1 or 2, §3.7). `lot`
    is the player's place in a draw the organizer recorded by hand, for a ruleset that
    settles its last ties so (MCR); ZJ's seeded draw does not read it.
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

    `deductions` is the MP taken off for late arrival, as a positive number;
    `match_points` is the session MP total minus `deductions`. `tie_break` says what
    separated this player from others on equal MP: None (nobody shares the MP), "raw" (raw
    total did) or "draw" (raw total was equal too; `draw` is the value that decided).
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


def late_cut_off(starts_at: datetime, margin: timedelta = LATE_CHECK_IN_MARGIN) -> datetime:
    """Return the last moment a player may check in for a session and not be refused (§3.7)."""
    return starts_at - margin


def is_after_cut_off(starts_at: datetime, checked_in_at: datetime,
                     margin: timedelta = LATE_CHECK_IN_MARGIN) -> bool:
    """Return True when a check-in comes later than the margin before the start (§3.7)."""
    return checked_in_at > late_cut_off(starts_at, margin)


def late_join_problem(joins: int, preliminary_sessions: int | None = None) -> str | None:
    """Explain why a late arrival cannot join at session `joins`, or return None (§3.7).

    `preliminary_sessions` is the length of a competitive event's preliminary round (None
    for a casual event): the pardon covers its first sessions only.
    """
    if joins == 1:
        return None  # session 1: not late at all (clears a mark)
    if not 1 < joins <= LAST_LATE_SESSION:
        return (f"A late arrival joins at session 2 or 3 at the latest: they must check in "
                f"before session {LAST_LATE_SESSION} starts (§3.7). Choose 1 to clear the mark.")
    if preliminary_sessions is not None and joins > preliminary_sessions:
        return "The late-arrival pardon covers preliminary sessions only (§3.7)."
    return None


def match_points(raw: int) -> float:
    """Convert a session raw score into match points."""
    # §3.5.2 the square root of the magnitude, carrying the sign of the raw score
    if raw == 0:
        return 0.0
    return math.copysign(math.sqrt(abs(raw)), raw)


def display_match_points(value: float, places: int = DISPLAY_PLACES) -> str:
    """Format match points for display with a sign and a fixed number of decimals."""
    text = f"{value:+.{places}f}"
    # a tiny negative total must not show as "-0.00"
    return text[1:] if float(text) == 0 else text


def mp_key(value: float) -> float:
    """Return the value match-point totals are compared by when looking for ties."""
    return round(value, _MP_TIE_PLACES) + 0.0


def draw_value(seed: int, number: int, stage: str = STANDINGS_STAGE) -> int:
    """Return the player's random draw for a stage; the lower value wins the draw."""
    digest = hashlib.sha256(f"{seed}|{stage}|{number}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def listed_once(entries: Sequence[PlayerResult]) -> Sequence[PlayerResult]:
    """Return the entries, refusing (ValueError) a player listed twice; every ruleset ranks
    through it."""
    seen: set[int] = set()
    for entry in entries:
        if entry.number in seen:
            raise ValueError(f"player {entry.number} is listed twice")
        seen.add(entry.number)
    return entries


def rank(entries: Sequence[PlayerResult], seed: int) -> list[Standing]:
    """Rank players by match points (or table points), then raw total, then the seeded draw."""
    lines = [_line(entry, seed) for entry in listed_once(entries)]

    lines.sort(key=_by_place)  # out of the event last, then MP, raw total, draw (see _line)

    standings: list[Standing] = []
    for _, mp_group in groupby(lines, key=lambda line: (line.is_resigned, line.mp_key)):
        mp_tied = list(mp_group)
        for _, raw_group in groupby(mp_tied, key=_by_raw):
            raw_tied = list(raw_group)
            # §3.3.1, §3.3.2.1 equal MP: raw total decides, then a random draw
            if len(raw_tied) > 1:
                tie_break: TieBreak | None = "draw"
            elif len(mp_tied) > 1:
                tie_break = "raw"
            else:
                tie_break = None
            for line in raw_tied:
                standings.append(
                    Standing(
                        rank=len(standings) + 1,
                        number=line.entry.number,
                        name=line.entry.name,
                        match_points=line.match_points,
                        raw=line.raw,
                        session_match_points=line.session_match_points,
                        deductions=line.deductions,
                        tie_break=tie_break,
                        draw=line.draw if tie_break == "draw" else None,
                        is_resigned=line.is_resigned,
                    )
                )
    return standings


class _Line(NamedTuple):
    # A plain tuple (not a dataclass): rank builds one per player of the event.
    place: tuple[bool, float, int, int, int]
    entry: PlayerResult
    session_match_points: tuple[float | None, ...]
    deductions: float
    match_points: float
    mp_key: float
    raw: int
    draw: int
    is_resigned: bool


_by_place = attrgetter("place")
_by_raw = attrgetter("raw")


def _line(entry: PlayerResult, seed: int) -> _Line:
    _check_late_sessions(entry)
    played = [raw for raw in entry.session_raw if raw is not None]
    if entry.session_points is None:
        session_mp = tuple([None if raw is None else match_points(raw)
                            for raw in entry.session_raw])
    else:
        _check_session_points(entry)
        session_mp = entry.session_points
    deductions = LATE_ARRIVAL_DEDUCTION * entry.late_sessions
    total = math.fsum([mp for mp in session_mp if mp is not None]) - deductions
    key = mp_key(total)
    raw = sum(played)
    draw = draw_value(seed, entry.number)
    # §4.11, §4.13 a resigned player is out of the event; ranking them below everyone still
    # in is our reading
    # it; the player number only matters if two 64-bit draws ever collide
    place = (entry.is_resigned, -key, -raw, draw, entry.number)
    return _Line(place, entry, session_mp, deductions, total, key, raw, draw, entry.is_resigned)


def _check_session_points(entry: PlayerResult) -> None:
    points = entry.session_points or ()
    if len(points) != len(entry.session_raw) or any(
            (mp is None) != (raw is None) for mp, raw in zip(points, entry.session_raw,
                                                             strict=True)):
        raise ValueError(f"player {entry.number}: session points must match the sessions "
                         "played")


def _check_late_sessions(entry: PlayerResult) -> None:
    late = entry.late_sessions
    # §3.7 the pardon covers missing session 1, or sessions 1 and 2, and nothing later
    if not 0 <= late <= MAX_LATE_SESSIONS:
        raise ValueError(
            f"player {entry.number}: a late arrival can only miss the first one or two "
            f"sessions, not {late}"
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
