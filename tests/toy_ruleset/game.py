"""Toyland's game: six shapes, the payoff, a session of 8 hands with fixed seats, the ranking.

Toy rule 3.2: the winner takes three times the hand's value and each other player pays the
value, however the hand was won. Toy rule 2.1: 8 hands, seats fixed. Toy rule 5.1: a
session's toy points are the player's card total.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judgeaid.rules import payoff as shared
from judgeaid.rules.formats import Format, read_whole
from judgeaid.rules.ruleset import MalformedHand
from judgeaid.tournament import rotation
from judgeaid.tournament.standings import PlayerResult, Standing, rank_by_points

VERSION = "toy-1"
# Toy rule 1: the six shapes and their values
SHAPES: dict[str, tuple[str, int]] = {
    "run": ("Run", 1), "pair": ("Pair", 2), "trio": ("Trio", 3), "rainbow": ("Rainbow", 5),
    "mirror": ("Mirror", 8), "crown": ("Crown", 13),
}
HANDS = 8
CYCLES = HANDS // rotation.ROUNDS_PER_CYCLE
ROTATIONS = ("fixed",)


@dataclass(frozen=True)
class Line:
    """One recorded shape as the card shows it."""

    id: str
    name: str
    count: int
    points: int
    implied_by: str | None = None


@dataclass(frozen=True)
class Hand:
    """A scored toy hand: its value, its lines, and no counting errors (shapes add up)."""

    value: int
    lines: tuple[Line, ...]
    errors: tuple[Any, ...] = ()
    issues: tuple[Any, ...] = ()


def score_hand(patterns: Mapping[str, int]) -> Hand:
    """Return a hand's value: the sum of its shapes' values (Toy rule 1)."""
    lines = []
    for shape, count in patterns.items():
        if shape not in SHAPES:
            raise MalformedHand("unknown_pattern", f"There is no toy shape {shape!r}.")
        if not isinstance(count, int) or count < 0:
            raise MalformedHand("bad_count", f"The count of {shape!r} must be a whole number.")
        if count:
            name, points = SHAPES[shape]
            lines.append(Line(shape, name, count, points * count))
    return Hand(sum(line.points for line in lines), tuple(lines))


def recorded_lines(patterns: Mapping[str, int] | None, value: int | None) -> list[Line]:
    """Return a recorded hand's shape lines (none when the value was typed)."""
    return list(score_hand(patterns).lines) if patterns else []


def catalogue_json() -> dict[str, Any]:
    """Return the six shapes as data."""
    return {"version": VERSION, "patterns": [
        {"id": shape, "name": name, "points": points}
        for shape, (name, points) in SHAPES.items()]}


def payoff(value: int | None, win: str, winner: str | None, discarder: str | None = None,
           same_turn: Sequence[str] | None = None, scheme: str = "formal") -> shared.Payoff:
    """Toy rule 3.2: the winner gains 3 x value, each other player pays the value."""
    shared.check_win(win)
    if win == "draw":
        return shared.draw()
    shared.check_seat(winner, "winner")
    if value is None or value < 1:
        raise shared.MalformedPayoff("A toy win is worth at least 1.")
    responsible = shared.check_discarder(winner, discarder) if win == "discard" else None
    deltas = {seat: 3 * value if seat == winner else -value for seat in shared.SEATS}
    return shared.Payoff(deltas, responsible)


def payoff_request(request: Mapping[str, Any]) -> shared.Payoff:
    """Split the win a JSON request describes."""
    body = shared.read_request(request, ("value", "win", "winner", "discarder", "same_turn",
                                         "scheme"))
    return payoff(body.get("value"), body["win"], body.get("winner"), body.get("discarder"))


def session_seats(starting: Mapping[str, int], kind: str = "fixed"
                  ) -> list[rotation.RoundSeats]:
    """Toy rule 2.1: two turns of the deal round the table, nobody moves."""
    return rotation.cycles_seats(rotation.checked_seats(starting), CYCLES, {})


def cycle_of(hand: int) -> int:
    """Return the half (1 or 2) a hand falls in."""
    rotation.check_range("hand", hand, HANDS)
    return (hand - 1) // rotation.ROUNDS_PER_CYCLE + 1


def table_points(totals: Mapping[int, int]) -> dict[int, float]:
    """Toy rule 5.1: a session's toy points are the player's own card total."""
    return {player: float(total) for player, total in totals.items()}


def rank(entries: Sequence[PlayerResult], seed: int) -> list[Standing]:
    """Rank by toy points, then hand total, then the event's seeded draw."""
    return rank_by_points(entries, seed, session_points=float, late_deduction=0.0,
                          max_late_sessions=1)


def display_points(value: float) -> str:
    """Return toy points as a whole number where they are one."""
    return f"{value:g}"


def late_join_problem(joins: int, format_code: str, sessions: int) -> str | None:
    """Toy rule 5.3: a player may join at session 2 at the latest."""
    return None if joins <= 2 else "A toy player may join at session 2 at the latest " \
                                   "(Toy rule 5.3)."


def rank_teams(members: Iterable[tuple[str, int, float, int]]) -> list[Any]:
    """Toyland ranks no teams."""
    return []


def _settings(sessions: int) -> dict[str, Any]:
    return {"sessions": sessions, "session_minutes": 60, "rotation": "fixed",
            "payoff_scheme": "formal", "turn_seconds": None, "free_seconds": None,
            "round_bank_seconds": None, "advance": None, "final_day": []}


FORMATS: dict[str, Format] = {
    "toy": Format("toy", "Toy afternoon", "casual", False,
                  "Three sessions of 8 hands; ranked by toy points (Toy rule 5.1).",
                  _settings(3)),
}


def default_settings(code: str) -> dict[str, Any]:
    """Return a fresh copy of a toy format's settings."""
    return dict(FORMATS[code].settings, final_day=[])


def validate_settings(code: str, values: Mapping[str, Any]
                      ) -> tuple[dict[str, Any], list[str]]:
    """Merge edited sessions and minutes over the format's defaults."""
    settings = default_settings(code)
    problems: list[str] = []
    read_whole(values, settings, problems, "sessions", 1, 6, required=True)
    read_whole(values, settings, problems, "session_minutes", 15, 120, required=True)
    return settings, problems
