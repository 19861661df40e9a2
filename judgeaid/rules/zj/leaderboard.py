"""Leaderboards over many events (§3.5.2.1): time-windowed sums and the lifetime mean of MP.

An event counts only when the Zung Jung Movement sanctioned it (§3.2.1; §3.5.2.1 forbids the
others) and it has a weight. §3.5.2.1 gives the weights of three series, relative to an SoM
League result: CSoM 2×, RSoM 2× for players out after the preliminary round and 4× for
players who reached the final day. It names no weight for international or other events;
our reading is that they count only where the organizer sets one.

Our readings where §3.5.2.1 says no more:
- The lifetime board is the plain (unweighted) mean of a player's event MP over the
  qualifying competitive events: §3.5.2.1 asks for an arithmetic mean of MP scores, and the
  series weights are written for boards that add results up. "Qualifying" means the event
  would count on a time-windowed board (sanctioned, with a weight), as §3.5.2.1 has the
  lifetime board include every qualifying event of the windows.
- A player is matched across events by member id (ignoring letter case); a result without a
  member id is matched only with other results without one, by the exact same name.
- Places: higher MP first; equal MP (to 9 decimals, as the event standings compare them)
  share a place and are listed by name, then by member id.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from judgeaid.rules.zj.standings import display_match_points, mp_key

SOM_LEAGUE = "som_league"
CSOM = "csom"
RSOM = "rsom"
INTERNATIONAL = "international"
OTHER = "other"
SERIES = (SOM_LEAGUE, CSOM, RSOM, INTERNATIONAL, OTHER)
SERIES_NAMES = {
    SOM_LEAGUE: "Series of Mahjong League (SoM League)",
    CSOM: "Community Series of Mahjong (CSoM)",
    RSOM: "Regional Series of Mahjong (RSoM)",
    INTERNATIONAL: "International event",
    OTHER: "Other event",
}
# §3.5.2.1 the weights the rulebook gives, relative to SoM League: (out after the
# preliminary round or a casual event, reached the final day)
TEXT_WEIGHTS = {SOM_LEAGUE: (1.0, 1.0), CSOM: (2.0, 2.0), RSOM: (2.0, 4.0)}
# The series an event of each format belongs to unless the organizer says otherwise.
SERIES_OF_FORMAT = {"som_league": SOM_LEAGUE, "csom": CSOM, "rsom": RSOM,
                    "nwsom": INTERNATIONAL, "casual": OTHER, "competitive": OTHER}
# Series that only fit one kind of event: SoM League and CSoM are casual, RSoM and the
# international events competitive (their weights depend on the final day).
SERIES_KIND = {SOM_LEAGUE: "casual", CSOM: "casual", RSOM: "competitive",
               INTERNATIONAL: "competitive"}
WEIGHT_MAX = 10.0
LIFETIME_MIN_EVENTS = 3  # §3.5.2.1 at least three qualifying competitive events

# Why an event does not count on a board.
UNSANCTIONED = "unsanctioned"
NO_WEIGHT = "no_weight"
CASUAL = "casual"
OUTSIDE = "outside"
REASONS = {
    UNSANCTIONED: "not sanctioned by the Zung Jung Movement: §3.5.2.1 forbids counting it",
    NO_WEIGHT: "§3.5.2.1 gives this series no weight and the organizer has not set one",
    CASUAL: "a casual event: the lifetime board counts competitive events only (§3.5.2.1)",
    OUTSIDE: "held outside the chosen dates",
}


@dataclass(frozen=True)
class Event:
    """What a leaderboard needs to know of one event."""

    id: int
    name: str
    held_on: date
    is_sanctioned: bool
    series: str
    kind: str  # casual or competitive
    weight: float | None = None  # set by the organizer: international and other events
    final_weight: float | None = None  # ditto, for players who reached the final day
    is_provisional: bool = False


@dataclass(frozen=True)
class Result:
    """One player's result in one event: their MP total and how far they went."""

    event_id: int
    name: str
    member_id: str | None
    match_points: float
    reached_final_day: bool = False


@dataclass(frozen=True)
class Line:
    """One place on a board."""

    rank: int
    key: str
    name: str
    member_id: str | None
    events: int
    match_points: float
    event_ids: tuple[int, ...]


@dataclass(frozen=True)
class Board:
    """A board's places, the events it counts and the ones it leaves out (with why)."""

    kind: str  # window or lifetime
    start: date | None
    end: date | None
    lines: tuple[Line, ...]
    counted: tuple[Event, ...]
    left_out: tuple[tuple[Event, str], ...]
    # lifetime only: players with fewer than three qualifying events, (name, events)
    waiting: tuple[tuple[str, int], ...] = ()


# ---------------------------------------------------------------- event facts

def display_points(value: float) -> str:
    """Return an event's or a board's MP as the boards show them."""
    return display_match_points(value)


def series_problems(series: str, kind: str, weight: float | None,
                    final_weight: float | None) -> list[str]:
    """Explain why an event's series and weights cannot be stored together, or return []."""
    problems = []
    if series not in SERIES:
        return [f"Unknown series '{series}'; choose one of {', '.join(SERIES)}."]
    wanted = SERIES_KIND.get(series)
    if wanted and wanted != kind:
        problems.append(f"{SERIES_NAMES[series]} is a {wanted} series; this event is {kind}.")
    for value, what in ((weight, "weight"), (final_weight, "final-day weight")):
        if value is None:
            continue
        if series in TEXT_WEIGHTS:
            problems.append(f"§3.5.2.1 sets the weights of {SERIES_NAMES[series]}; leave the "
                            f"{what} empty.")
        elif not (math.isfinite(value) and 0 < value <= WEIGHT_MAX):
            problems.append(f"The {what} must be a number above 0 and at most "
                            f"{WEIGHT_MAX:g}.")
    if final_weight is not None and kind != "competitive" and series not in TEXT_WEIGHTS:
        problems.append("Only a competitive event has a final day; leave the final-day "
                        "weight empty.")
    if final_weight is not None and weight is None and series not in TEXT_WEIGHTS:
        problems.append("Set the weight too: it is the one for players out after the "
                        "preliminary round.")
    return problems


def weight_of(event: Event, reached_final_day: bool) -> float | None:
    """Return how much one MP of this event counts, or None when the event has no weight."""
    if event.series in TEXT_WEIGHTS:
        out, final = TEXT_WEIGHTS[event.series]
        # §3.5.2.1 RSoM: 2× out after the preliminary round, 4× for the final day
        return final if reached_final_day and event.kind == "competitive" else out
    if event.weight is None:
        return None
    if reached_final_day and event.final_weight is not None:
        return event.final_weight
    return event.weight


def why_left_out(event: Event, *, lifetime: bool = False) -> str | None:
    """Return why an event does not count on a board (a REASONS key), or None if it does."""
    if not event.is_sanctioned:
        return UNSANCTIONED
    if event.series not in TEXT_WEIGHTS and event.weight is None:
        return NO_WEIGHT
    if lifetime and event.kind != "competitive":
        return CASUAL
    return None


# ---------------------------------------------------------------- players

def player_key(member_id: str | None, name: str) -> str:
    """Return the key that matches a player across events: member id, else exact name."""
    if member_id:
        return "member:" + member_id.casefold()
    return "name:" + name


# ---------------------------------------------------------------- boards

def _ranked(totals: dict[str, tuple[float, list[int]]], who: dict[str, Result]) -> list[Line]:
    order = sorted(totals, key=lambda k: (-mp_key(totals[k][0]), who[k].name.casefold(),
                                          who[k].name, k))
    lines: list[Line] = []
    for key in order:
        points, events = totals[key]
        rank = len(lines) + 1
        if lines and mp_key(lines[-1].match_points) == mp_key(points):
            rank = lines[-1].rank  # equal MP share the place
        lines.append(Line(rank, key, who[key].name, who[key].member_id, len(events), points,
                          tuple(events)))
    return lines


def _latest(results: Iterable[Result], events: dict[int, Event]) -> dict[str, Result]:
    """Return each player's result in their latest event: the name a board shows."""
    who: dict[str, Result] = {}
    for result in sorted(results, key=lambda r: (events[r.event_id].held_on, r.event_id)):
        who[player_key(result.member_id, result.name)] = result
    return who


def window_board(events: Sequence[Event], results: Sequence[Result], start: date,
                 end: date) -> Board:
    """Rank players by the sum of weighted MP over the counted events held in [start, end]."""
    # §3.5.2.1 time-windowed boards add up the MP earned within the window
    counted, left_out = _sort_out(
        events, lambda e: why_left_out(e) or (None if start <= e.held_on <= end else OUTSIDE))
    by_id = {event.id: event for event in counted}
    mine = [r for r in results if r.event_id in by_id]
    parts: dict[str, list[float]] = {}
    seen: dict[str, list[int]] = {}
    for result in mine:
        key = player_key(result.member_id, result.name)
        weight = weight_of(by_id[result.event_id], result.reached_final_day) or 0.0
        parts.setdefault(key, []).append(weight * result.match_points)
        seen.setdefault(key, []).append(result.event_id)
    totals = {key: (math.fsum(parts[key]), seen[key]) for key in parts}
    return Board("window", start, end, tuple(_ranked(totals, _latest(mine, by_id))),
                 tuple(counted), tuple(left_out))


def _sort_out(events: Sequence[Event], reason_of: Callable[[Event], str | None],
              ) -> tuple[list[Event], list[tuple[Event, str]]]:
    """Split the events, oldest first, into those counted and those left out with why."""
    counted: list[Event] = []
    left_out: list[tuple[Event, str]] = []
    for event in sorted(events, key=lambda e: (e.held_on, e.id)):
        reason = reason_of(event)
        if reason:
            left_out.append((event, reason))
        else:
            counted.append(event)
    return counted, left_out


def lifetime_board(events: Sequence[Event], results: Sequence[Result]) -> Board:
    """Rank players by their mean MP over qualifying competitive events (three at least)."""
    # §3.5.2.1 lifetime: arithmetic mean over qualifying ZJM competitive events, 3 or more
    counted, left_out = _sort_out(events, lambda e: why_left_out(e, lifetime=True))
    by_id = {event.id: event for event in counted}
    mine = [r for r in results if r.event_id in by_id]
    scores: dict[str, list[float]] = {}
    seen: dict[str, list[int]] = {}
    for result in mine:
        key = player_key(result.member_id, result.name)
        scores.setdefault(key, []).append(result.match_points)
        seen.setdefault(key, []).append(result.event_id)
    who = _latest(mine, by_id)
    totals = {key: (math.fsum(values) / len(values), seen[key])
              for key, values in scores.items() if len(values) >= LIFETIME_MIN_EVENTS}
    waiting = sorted(((who[key].name, len(values)) for key, values in scores.items()
                      if len(values) < LIFETIME_MIN_EVENTS),
                     key=lambda item: (-item[1], item[0].casefold(), item[0]))
    return Board("lifetime", None, None, tuple(_ranked(totals, who)), tuple(counted),
                 tuple(left_out), tuple(waiting))


# ---------------------------------------------------------------- windows

THIS_YEAR = "this_year"
LAST_YEAR = "last_year"
CUSTOM = "custom"
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def parse_day(text: str, what: str) -> date:
    """Read a date written YYYY-MM-DD, or raise ValueError saying what is wrong."""
    text = (text or "").strip()
    if not text:
        raise ValueError(f"Give the {what} date (YYYY-MM-DD).")
    if not _ISO_DATE.fullmatch(text):
        raise ValueError(f"The {what} date must be written YYYY-MM-DD, e.g. 2026-03-01.")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"The {what} date {text} does not exist.") from None


def window_dates(choice: str, today: date, start: str = "", end: str = "") -> tuple[date, date]:
    """Return the first and last day of a window: this year, last year, or custom dates."""
    if choice == THIS_YEAR:
        return date(today.year, 1, 1), date(today.year, 12, 31)
    if choice == LAST_YEAR:
        return date(today.year - 1, 1, 1), date(today.year - 1, 12, 31)
    if choice != CUSTOM:
        raise ValueError("Choose the window: this year, last year or your own dates.")
    first, last = parse_day(start, "from"), parse_day(end, "to")
    if first > last:
        raise ValueError("The from date is after the to date.")
    return first, last
