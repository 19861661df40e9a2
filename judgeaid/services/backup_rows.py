"""Checking one row of a backup: what each column of each backed-up table may hold.

Every value is checked as a live write checks it (the edge rules for text and numbers, the
words the services write, the ranges a judge may give), whatever the file holds; the message
names the table, the row and the column. The whole file's checks, across rows, are
judgeaid.services.backup_check.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import datetime
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import BigInteger, Boolean, DateTime, Integer, String, Text

from judgeaid import values
from judgeaid.edge_rules import BIGINT_MAX, BIGINT_MIN, id_problem, int_problem, text_problem
from judgeaid.models import ROLES
from judgeaid.rules import RULESETS
from judgeaid.rules.clock import ACT_KINDS
from judgeaid.services.backup_stream import MAX_DEPTH
from judgeaid.services.exports import BACKUP_TABLES, foreign_keys

MAX_NUMBER = 100_000  # player, table and session numbers
MAX_POINTS = 1000  # one penalty's points, as a judge may give them
BRACKET_SIZES = (4, 8, 16, 32, 64)
WINDS = ("E", "S", "W", "N")

# What any registered ruleset may have written.
FORMAT_CODES = tuple(dict.fromkeys(f for r in RULESETS.values() for f in r.formats))
CATEGORY_IDS = tuple(dict.fromkeys(c for r in RULESETS.values() for c in r.rubric.categories))
PENALTY_KINDS = tuple(dict.fromkeys(k for r in RULESETS.values() for k in r.rubric.kinds))
ROUNDS = max(r.session.rounds for r in RULESETS.values())

# Columns holding one of a few words, as the services write them.
CHOICES: dict[tuple[str, str], tuple[str | None, ...]] = {
    ("tournament", "format"): FORMAT_CODES,
    ("tournament", "ruleset"): tuple(RULESETS),
    ("player", "status"): ("active", "withdrawn", "disqualified", "resigned"),
    ("user", "role"): ROLES,
    ("play_session", "status"): ("planned", "seated", "playing", "finished"),
    ("play_session", "stage"): ("preliminary", "final"),
    ("table", "seats_source"): ("digital", "judge"),
    ("card", "status"): ("open", "locked"),
    ("card_round", "result"): ("win", "draw"),
    ("card_round", "win"): ("self", "discard"),
    ("card_seat_change", "reason"): ("resigned", "disqualified"),
    ("confirmation", "via"): ("player", "judge", "paper"),
    ("call_up", "status"): ("waiting", "taken", "resolved", "cancelled"),
    ("penalty", "category"): CATEGORY_IDS,
    ("penalty", "kind"): PENALTY_KINDS,
    ("penalty", "suggested_kind"): ("", *PENALTY_KINDS),
    ("appeal", "status"): ("filed", "decided"),
    ("appeal", "decision"): ("upheld", "overturned", "modified"),
    ("clock_event", "kind"): ACT_KINDS,
    ("play_timer", "status"): ("running", "finished", "converted"),
    ("time_out", "kind"): ("timeout", "late"),
    ("score_check", "status"): ("open", "resolved"),
}

# Whole numbers with a narrower range than the column's.
RANGES: dict[tuple[str, str], tuple[int, int]] = {
    ("tournament", "seed"): (0, 2**31 - 1),
    ("player", "number"): (1, MAX_NUMBER),
    ("player", "joined_session"): (1, MAX_NUMBER),
    ("player", "left_session"): (1, MAX_NUMBER),
    ("play_session", "number"): (1, MAX_NUMBER),
    ("table", "number"): (1, MAX_NUMBER),
    ("seat", "position"): (0, 3),
    ("card", "version"): (1, 2**31 - 1),
    ("card", "not_played_from"): (1, ROUNDS),
    ("card_round", "round"): (1, ROUNDS),
    ("card_round", "revision"): (1, 10_000),
    ("card_round", "value"): (1, 480),
    ("card_seat_change", "round_from"): (1, ROUNDS),
    ("card_seat_change", "position"): (0, 3),
    ("card_penalty", "points"): (-MAX_POINTS, MAX_POINTS),
    ("card_penalty", "round"): (1, ROUNDS),
    ("confirmation", "card_version"): (1, 2**31 - 1),
    ("ruling", "session_number"): (1, MAX_NUMBER),
    ("ruling", "table_number"): (1, MAX_NUMBER),
    ("ruling", "round"): (1, ROUNDS),
    ("penalty", "session_number"): (1, MAX_NUMBER),
    ("penalty", "round"): (1, ROUNDS),
    ("penalty", "points"): (0, MAX_POINTS),
    ("penalty", "suggested_points"): (0, MAX_POINTS),
    ("clock_event", "at_ms"): (0, BIGINT_MAX),
    ("play_timer", "round"): (1, ROUNDS),
    ("play_timer", "version"): (1, 2**31 - 1),
    ("play_timer", "dealt_at_ms"): (0, BIGINT_MAX),
    ("time_out", "started_at_ms"): (0, BIGINT_MAX),
    ("time_out", "ended_at_ms"): (0, BIGINT_MAX),
    ("time_out", "points"): (0, MAX_POINTS),
    ("score_check", "session_number"): (1, MAX_NUMBER),
    ("operation", "status"): (100, 599),
}

# Player numbers that must name a player seated at the row's card.
SEATED = {("card_round", "winner"), ("card_round", "discarder"), ("card_round", "responsible"),
          ("card_penalty", "player_number"), ("confirmation", "player_number"),
          ("play_timer", "player_number")}

# Tables whose rows other rows point at: their old ids are kept while reading.
TARGETS = {target for model, _ in BACKUP_TABLES for _, target in foreign_keys(model)}


def show_value(value: Any) -> str:
    """Return a value as a message quotes it: short, whatever the file held."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def row_place(name: str, position: int, row: dict) -> str:
    key = row.get("id", row.get("op_id")) if isinstance(row, dict) else None
    if key is None:
        return _("Table %(name)s, row %(position)s", name=name, position=position)
    return _("Table %(name)s, row %(position)s (id %(id)s)", name=name, position=position,
             id=show_value(key))


def _json_problem(value: Any, depth: int = 0) -> str | None:
    """Say what is wrong inside a free-form JSON value (audit records, replay answers)."""
    if depth > MAX_DEPTH:
        return _("is nested too deeply")
    if isinstance(value, str):
        return text_problem(value, multiline=True)
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return int_problem(value, BIGINT_MIN, BIGINT_MAX)
    if isinstance(value, float):
        return None if math.isfinite(value) else _("holds a number that is not finite")
    if isinstance(value, list):
        return next(filter(None, (_json_problem(v, depth + 1) for v in value)), None)
    if isinstance(value, dict):
        for key, item in value.items():
            problem = text_problem(key, multiline=True) or _json_problem(item, depth + 1)
            if problem:
                return problem
        return None
    return _("holds a value that is not JSON")


def int_list_problem(value: Any, low: int, high: int, most: int) -> str | None:
    if not isinstance(value, list) or len(value) > most:
        return _("must be a list of at most %(most)s whole numbers", most=most)
    return next(filter(None, (int_problem(v, low, high) for v in value)), None)


def _number_map(value: Any, low: int, high: int) -> str | None:
    """A map of player number (as text) to points."""
    if not isinstance(value, dict) or len(value) > 4:
        return _("must map at most 4 player numbers to points")
    for key, points in value.items():
        number = values.whole_number(key) if isinstance(key, str) else None
        if number is None or not 1 <= number <= MAX_NUMBER:
            return _("has the key %(key)s, which is not a player number", key=show_value(key))
        problem = int_problem(points, low, high)
        if problem:
            return _("has %(points)s for player %(key)s, which %(problem)s",
                     points=show_value(points), key=key, problem=problem)
    return None


def _turns_problem(value: Any) -> str | None:
    if not isinstance(value, list) or len(value) > 1000:
        return _("must be a list of turns")
    for turn in value:
        if (not isinstance(turn, list) or len(turn) != 2
                or int_problem(turn[0], 0, BIGINT_MAX)
                or (turn[1] is not None and int_problem(turn[1], 0, BIGINT_MAX))):
            return _("must be a list of [start, end] times in milliseconds")
    return None


def _sections_problem(value: Any) -> str | None:
    if not isinstance(value, list) or len(value) > 50:
        return _("must be a list of at most 50 rule sections")
    return next(filter(None, (text_problem(v, max_length=40) for v in value)), None)


def _patterns_problem(value: Any) -> str | None:
    if not isinstance(value, dict) or len(value) > 100:
        return _("must map pattern ids to counts")
    for key, count in value.items():
        problem = text_problem(key, max_length=20) or int_problem(count, 0, 20)
        if problem:
            return _("has %(key)s: %(problem)s", key=show_value(key), problem=problem)
    return None


# JSON columns: what each may hold.
JSON_RULES: dict[tuple[str, str], Callable[[Any], str | None]] = {
    ("tournament", "settings"): lambda v: None,  # checked with the format, see _tournament
    ("card_round", "same_turn"): lambda v: int_list_problem(v, 1, MAX_NUMBER, 3),
    ("card_round", "patterns"): _patterns_problem,
    ("card_round", "deltas"): lambda v: _number_map(v, -10 * 480 * 3, 10 * 480 * 3),
    ("ruling", "players"): lambda v: int_list_problem(v, 1, MAX_NUMBER, 4),
    ("ruling", "sections"): _sections_problem,
    ("penalty", "paid_to"): lambda v: _number_map(v, 1, MAX_POINTS),
    ("play_timer", "turns"): _turns_problem,
}


def column_check(table: str, column) -> Callable[[Any], str | None]:
    """Return the check of one column's values (None, for a nullable column, is let through)."""
    kind, key = column.type, (table, column.name)
    if key in CHOICES:
        choices = CHOICES[key]
        listed = ", ".join(c or "(empty)" for c in choices)
        return lambda v: None if v in choices and isinstance(v, str) else (
            _("is %(value)s, which is not one of: %(listed)s", value=show_value(v),
              listed=listed))
    if column.primary_key and isinstance(kind, Integer) or column.foreign_keys:
        return id_problem
    if isinstance(kind, Boolean):
        return lambda v: None if isinstance(v, bool) else _("must be true or false")
    if isinstance(kind, Integer):  # BigInteger is an Integer too
        low, high = RANGES.get(key, (BIGINT_MIN, BIGINT_MAX) if isinstance(kind, BigInteger)
                               else (-(2**31), 2**31 - 1))
        return lambda v: int_problem(v, low, high)
    if isinstance(kind, DateTime):
        return _datetime_problem
    if isinstance(kind, String | Text):
        length = getattr(kind, "length", None)
        multiline = isinstance(kind, Text)
        return lambda v: text_problem(v, max_length=length, multiline=multiline)
    return JSON_RULES.get(key, _json_problem)


def _datetime_problem(value: Any) -> str | None:
    if not isinstance(value, str) or len(value) > 40:
        return _("must be a date and time")
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return _("must be a date and time")
    return _("must be a time in UTC without an offset") if moment.tzinfo else None
