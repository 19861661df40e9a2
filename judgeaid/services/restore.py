"""Restore a tournament from its backup file, with every row checked as a live write is.

The file is read as a stream twice and never held whole: the first reading checks every row
(types, lengths, the edge rules for text and numbers, known formats and statuses, the
references between rows, every round line scored again from its winner, value and kind of
win) and works out the file's checksum and signature; only when all of it is right does the
second reading write the rows, a batch at a time, with fresh ids, inside one savepoint.
Card totals are added up again from the cards; the file's own numbers are never trusted.

A backup carries no PIN hashes: the restore sets a new PIN for one organizer, and every other
account comes back without a PIN until the organizer gives it one on the desk.

Restoring with `keep_ids` (the second laptop taking over when the first one dies) writes
every row with the id it had, so the printed slips' QR codes (/cards/<id>) and every link
keep working; it refuses a database that holds any row of a backed-up table. Player tokens
are kept by both kinds of restore.
"""

from __future__ import annotations

import gzip
import hashlib
import hmac
import io
import json
import math
import re
import zlib
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import IO, Any

import ijson
from sqlalchemy import (
    BigInteger,
    Boolean,
    DateTime,
    Integer,
    String,
    Text,
    insert,
    select,
)
from sqlalchemy import text as sql_text
from sqlalchemy.exc import SQLAlchemyError

from judgeaid import values, venuetime
from judgeaid.edge_rules import BIGINT_MAX, BIGINT_MIN, id_problem, int_problem, text_problem
from judgeaid.extensions import db
from judgeaid.models import ROLES, Operation, Player, Tournament
from judgeaid.rules import DEFAULT_RULESET, RULESETS, MalformedHand, get_ruleset
from judgeaid.rules.clock import ACT_KINDS
from judgeaid.services.accounts import NO_PIN, check_pin, hash_pin
from judgeaid.services.audit import record_event
from judgeaid.services.cards import store_totals
from judgeaid.services.exports import (
    BACKUP_FORMAT,
    BACKUP_TABLES,
    BACKUP_VERSION,
    BackupClash,
    BadBackup,
    RowDigest,
    UnknownOrganizer,
    foreign_keys,
    schema,
    signing_key,
)
from judgeaid.services.sheet import DRAW_ORDER
from judgeaid.tournament.card import (
    BadRound,
    DealMark,
    SeatChange,
    card_schedule,
    marked_seats,
    score_round,
)

READABLE_VERSIONS = (1, BACKUP_VERSION)
BATCH = 500  # rows per INSERT: a few hundred KB of parameters at most
BATCH_EVENTS = 25_000  # or fewer rows, when they are big (replay records, audit events)
MAX_DEPTH = 32  # nesting of a JSON value inside a row
# Parser events in one row: a replay record holding a whole card is a few thousand. The cap
# keeps one crafted row from taking many times its size in memory.
MAX_ROW_EVENTS = 50_000
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


@dataclass
class Restored:
    """A restored tournament, the organizer given the new PIN, and whether the file was ours."""

    tournament: Tournament
    organizer: str
    is_verified: bool


def open_backup(data: bytes | str | IO[bytes]) -> IO[bytes]:
    """Return a seekable binary stream over the backup's JSON, whatever form it came in: text,
    bytes or a file, plain or gzip-compressed (the backup file, issue 28)."""
    if isinstance(data, str):
        data = data.encode("utf-8", "surrogatepass")
    stream = io.BytesIO(data) if isinstance(data, bytes) else data
    head = stream.read(2)
    stream.seek(0)
    return _Inflated(stream) if head == GZIP_MAGIC else stream


GZIP_MAGIC = b"\x1f\x8b"
# A gzip file inflates to at most this much JSON: a 400-player event of 8 sessions with every
# write's history is about 17 MB; a file that inflates past it is a bomb, not a backup.
MAX_INFLATED = 256 * 1024 * 1024


class _Inflated:
    """A gzip-compressed backup read as its JSON, rewound by seek(0), capped in size."""

    def __init__(self, stream: IO[bytes]):
        self.stream = stream
        self.seek(0)

    def seek(self, offset: int, whence: int = 0) -> int:
        self.stream.seek(0)
        self.file = gzip.GzipFile(fileobj=self.stream, mode="rb")
        self.read_so_far = 0
        return 0

    def read(self, size: int = -1) -> bytes:
        if size == 0:  # the parser asks for nothing once, to learn bytes from text
            return b""
        try:
            chunk = self.file.read(size if size > 0 else 1 << 20)
        except (OSError, EOFError, zlib.error) as exc:
            raise BadBackup(f"This compressed backup is damaged ({exc}). Choose the file "
                            "again, or an earlier backup.") from exc
        self.read_so_far += len(chunk)
        if self.read_so_far > MAX_INFLATED:
            raise BadBackup(f"This compressed file holds more than {MAX_INFLATED >> 20} MB, "
                            "which no judgeaid backup does.")
        return chunk


# ---------------------------------------------------------------- reading the stream

# A \uD800-\uDFFF escape that is not half of a pair: the parser would turn it into "?", so
# it is caught in the raw bytes first. A match starts with a backslash that is not escaped.
_SURROGATE_ESCAPE = re.compile(
    rb"(?<!\\)(\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    rb"|(?<!\\)\\u[dD][89a-fA-F][0-9a-fA-F]{2}")
_CARRY = 24  # two escapes: a pair cut by a chunk's end is seen whole in the next chunk


class _SurrogateGuard:
    """Read a stream for the parser, refusing a lone surrogate escape in the JSON text."""

    def __init__(self, stream: IO[bytes]):
        self.stream = stream
        self.tail = b""
        self.offset = 0  # of self.tail in the file

    def read(self, size: int = -1) -> bytes:
        chunk = self.stream.read(size)
        text = self.tail + chunk
        checked_from = max(0, len(self.tail) - 11)  # the rest of the tail was checked
        # a match in the last 11 bytes may be the first half of a pair: checked next time
        unchecked = len(text) - 11 if chunk else len(text)
        for match in _SURROGATE_ESCAPE.finditer(text):
            if match.group(1) is None and checked_from <= match.start() < unchecked:
                escape = match.group().decode()
                raise BadBackup(f"The backup holds broken text: a lone surrogate ({escape}) "
                                f"at byte {self.offset + match.start()} of the file. Nothing "
                                "was written.")
        self.tail = text[-_CARRY:]
        self.offset += len(text) - len(self.tail)
        return chunk


def _events(stream: IO[bytes]) -> Iterator[tuple[str, str, Any]]:
    stream.seek(0)
    try:
        yield from ijson.parse(_SurrogateGuard(stream), use_float=True)
    except (ijson.JSONError, UnicodeDecodeError, ValueError) as exc:
        raise BadBackup(f"This file is not JSON ({str(exc).strip()[:120]}). Choose a judgeaid "
                        "backup file.") from exc


def _value(event: str, value: Any, events: Iterator, where: str = "The backup"
           ) -> tuple[Any, int]:
    """Return the whole JSON value that starts with this event, and its number of events."""
    if event not in ("start_map", "start_array"):
        return value, 1
    builder = ijson.ObjectBuilder()
    builder.event(event, value)
    depth = 1
    for count, (_prefix, event, value) in enumerate(events):
        if count > MAX_ROW_EVENTS:
            raise BadBackup(f"{where} holds a value of more than {MAX_ROW_EVENTS} parts, "
                            "which no judgeaid backup does.")
        builder.event(event, value)
        if event in ("start_map", "start_array"):
            depth += 1
            if depth > MAX_DEPTH:
                raise BadBackup(f"{where} holds a value nested more than {MAX_DEPTH} deep, "
                                "which no judgeaid backup does.")
        elif event in ("end_map", "end_array"):
            depth -= 1
            if depth == 0:
                return builder.value, count + 2
    raise BadBackup("The backup file ends in the middle of a value: it was cut short.")


def _read(stream: IO[bytes]) -> Iterator[tuple[str, str, Any]]:
    """Yield ("header", key, value), ("table", name, None) and
    ("row", name, (place in the table, row, its number of parser events))."""
    events = _events(stream)
    first = next(events, None)
    if first is None or first[1] != "start_map":
        raise BadBackup("This is not a judgeaid tournament backup (the file is not one JSON "
                        "object).")
    for _prefix, event, key in events:
        if event == "end_map":
            return
        _prefix, event, value = next(events)
        if key != "tables":
            yield "header", key, _value(event, value, events)[0]
            continue
        if event != "start_map":
            raise BadBackup("The backup's tables are missing or incomplete.")
        for _prefix, event, name in events:
            if event == "end_map":
                break
            _prefix, event, value = next(events)
            if event != "start_array":
                raise BadBackup(f"Table {name} must be a list of rows.")
            yield "table", name, None
            for position, (_prefix, event, value) in enumerate(events, start=1):
                if event == "end_array":
                    break
                yield "row", name, (position, *_value(event, value, events,
                                                      f"Table {name}, row {position}"))


# ---------------------------------------------------------------- checking one row

def _show(value: Any) -> str:
    """Return a value as a message quotes it: short, whatever the file held."""
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


def _where(name: str, position: int, row: dict) -> str:
    key = row.get("id", row.get("op_id")) if isinstance(row, dict) else None
    return f"Table {name}, row {position}" + (f" (id {_show(key)})" if key is not None else "")


def _json_problem(value: Any, depth: int = 0) -> str | None:
    """Say what is wrong inside a free-form JSON value (audit records, replay answers)."""
    if depth > MAX_DEPTH:
        return "is nested too deeply"
    if isinstance(value, str):
        return text_problem(value, multiline=True)
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        return int_problem(value, BIGINT_MIN, BIGINT_MAX)
    if isinstance(value, float):
        return None if math.isfinite(value) else "holds a number that is not finite"
    if isinstance(value, list):
        return next(filter(None, (_json_problem(v, depth + 1) for v in value)), None)
    if isinstance(value, dict):
        for key, item in value.items():
            problem = text_problem(key, multiline=True) or _json_problem(item, depth + 1)
            if problem:
                return problem
        return None
    return "holds a value that is not JSON"


def _int_list(value: Any, low: int, high: int, most: int) -> str | None:
    if not isinstance(value, list) or len(value) > most:
        return f"must be a list of at most {most} whole numbers"
    return next(filter(None, (int_problem(v, low, high) for v in value)), None)


def _number_map(value: Any, low: int, high: int) -> str | None:
    """A map of player number (as text) to points."""
    if not isinstance(value, dict) or len(value) > 4:
        return "must map at most 4 player numbers to points"
    for key, points in value.items():
        number = values.whole_number(key) if isinstance(key, str) else None
        if number is None or not 1 <= number <= MAX_NUMBER:
            return f"has the key {_show(key)}, which is not a player number"
        problem = int_problem(points, low, high)
        if problem:
            return f"has {_show(points)} for player {key}, which {problem}"
    return None


def _turns_problem(value: Any) -> str | None:
    if not isinstance(value, list) or len(value) > 1000:
        return "must be a list of turns"
    for turn in value:
        if (not isinstance(turn, list) or len(turn) != 2
                or int_problem(turn[0], 0, BIGINT_MAX)
                or (turn[1] is not None and int_problem(turn[1], 0, BIGINT_MAX))):
            return "must be a list of [start, end] times in milliseconds"
    return None


def _sections_problem(value: Any) -> str | None:
    if not isinstance(value, list) or len(value) > 50:
        return "must be a list of at most 50 rule sections"
    return next(filter(None, (text_problem(v, max_length=40) for v in value)), None)


def _patterns_problem(value: Any) -> str | None:
    if not isinstance(value, dict) or len(value) > 100:
        return "must map pattern ids to counts"
    for key, count in value.items():
        problem = text_problem(key, max_length=20) or int_problem(count, 0, 20)
        if problem:
            return f"has {_show(key)}: {problem}"
    return None


# JSON columns: what each may hold.
JSON_RULES: dict[tuple[str, str], Callable[[Any], str | None]] = {
    ("tournament", "settings"): lambda v: None,  # checked with the format, see _tournament
    ("card_round", "same_turn"): lambda v: _int_list(v, 1, MAX_NUMBER, 3),
    ("card_round", "patterns"): _patterns_problem,
    ("card_round", "deltas"): lambda v: _number_map(v, -10 * 480 * 3, 10 * 480 * 3),
    ("ruling", "players"): lambda v: _int_list(v, 1, MAX_NUMBER, 4),
    ("ruling", "sections"): _sections_problem,
    ("penalty", "paid_to"): lambda v: _number_map(v, 1, MAX_POINTS),
    ("play_timer", "turns"): _turns_problem,
}


def _column_check(table: str, column) -> Callable[[Any], str | None]:
    """Return the check of one column's values (None, for a nullable column, is let through)."""
    kind, key = column.type, (table, column.name)
    if key in CHOICES:
        choices = CHOICES[key]
        return lambda v: None if v in choices and isinstance(v, str) else (
            f"is {_show(v)}, which is not one of: {', '.join(c or '(empty)' for c in choices)}")
    if column.primary_key and isinstance(kind, Integer) or column.foreign_keys:
        return id_problem
    if isinstance(kind, Boolean):
        return lambda v: None if isinstance(v, bool) else "must be true or false"
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
        return "must be a date and time"
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        return "must be a date and time"
    return "must be a time in UTC without an offset" if moment.tzinfo else None


# ---------------------------------------------------------------- the first reading

class Checker:
    """Check a backup's rows one at a time, keeping only what later rows are checked against."""

    def __init__(self, key: bytes):
        self.header: dict[str, Any] = {}
        self.version: int | None = None
        self.columns: dict[str, dict[str, Callable]] = {}
        self.nullable: dict[str, set[str]] = {}
        self.order = [model.__table__.name for model, _ in BACKUP_TABLES]
        self.seen_tables: list[str] = []
        self.counts: dict[str, int] = {}
        self.ids: dict[str, set[int]] = {name: set() for name in TARGETS}
        self.self_references: list[tuple[str, int, str, int]] = []
        self.digest: RowDigest | None = None
        self.key = key
        self.v1_rows: dict[str, list[str]] = {}
        # what later rows are checked against
        self.tournament: dict = {}
        self.player_numbers: dict[int, int] = {}
        self.tokens: list[str] = []
        self.organizers: list[tuple[int, str]] = []
        self.user_names: set[str] = set()
        self.sessions: dict[int, dict] = {}
        self.table_session: dict[int, int] = {}
        self.seats: dict[int, dict[int, int]] = {}
        self.seated_in_session: set[tuple[int, int]] = set()
        self.card_players: dict[int, tuple[int, ...]] = {}
        self.card_table: dict[int, int] = {}
        self.card_changes: dict[int, list[SeatChange]] = {}
        self.op_ids: list[str] = []
        self._rotation_cache: tuple[int, list] | None = None

    # -- header

    def on_header(self, key: str, value: Any) -> None:
        self.header[key] = value
        if key == "format" and value != BACKUP_FORMAT:
            raise BadBackup("This is not a judgeaid tournament backup (the 'format' field is "
                            "missing or different).")
        if key == "version":
            if isinstance(value, bool) or value not in READABLE_VERSIONS:
                raise BadBackup(f"This backup has version {_show(value)}; this judgeaid reads "
                                f"versions {', '.join(map(str, READABLE_VERSIONS))}.")
            self.version = value
        if key == "schema" and self.version is not None and value != schema(self.version):
            raise BadBackup("This backup was made by a judgeaid with different tables or "
                            "columns; restore it with the version that made it, then export "
                            "again.")

    def start_table(self, name: str) -> None:
        if self.header.get("format") != BACKUP_FORMAT or self.version is None:
            raise BadBackup("This is not a judgeaid tournament backup (its 'format' and "
                            "'version' must come before its tables).")
        if "schema" not in self.header:
            raise BadBackup("The backup's list of tables and columns ('schema') is missing "
                            "or comes after its tables.")
        expected = self.order[len(self.seen_tables)] if len(self.seen_tables) < len(
            self.order) else None
        if name != expected:
            raise BadBackup(f"The backup's tables are missing, unknown or out of order: found "
                            f"{_show(name)} where {expected!r} was expected.")
        if self.digest is None:
            self.digest = RowDigest(self.key)
        self.seen_tables.append(name)
        self.counts[name] = 0
        model = BACKUP_TABLES[self.order.index(name)][0]
        names = schema(self.version)[name]
        columns = [model.__table__.columns[c] for c in names]
        self.columns[name] = {c.name: _column_check(name, c) for c in columns}
        self.nullable[name] = {c.name for c in columns if c.nullable}
        self.references = [(c, t) for c, t in foreign_keys(model) if c in names]
        self.digest.table(name)

    # -- rows

    def on_row(self, name: str, position: int, row: Any) -> None:
        where = _where(name, position, row)
        checks = self.columns[name]
        if not isinstance(row, dict) or set(row) != set(checks):
            raise BadBackup(f"{where} does not have the table's columns.")
        nullable = self.nullable[name]
        for column, check in checks.items():
            value = row[column]
            if value is None:
                if column not in nullable:
                    raise BadBackup(f"{where}: '{column}' is empty but must have a value.")
                continue
            problem = check(value)
            if problem:
                raise BadBackup(f"{where}: '{column}' {problem}.")
        for column, target in self.references:
            value = row[column]
            if value is None:
                continue
            if target == name:
                self.self_references.append((name, row["id"], column, value))
            elif value not in self.ids[target]:
                raise BadBackup(f"{where}: '{column}' points at {target} {value}, which is "
                                "not in the backup.")
        if name in self.ids:
            if row["id"] in self.ids[name]:
                raise BadBackup(f"{where}: table {name} lists this id twice.")
            self.ids[name].add(row["id"])
        meaning = getattr(self, f"_{name}", None)
        if meaning:
            meaning(where, row)
        self.digest.row(row)
        if self.version == 1:
            self.v1_rows.setdefault(name, []).append(json.dumps(
                row, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
        self.counts[name] += 1

    def _tournament(self, where: str, row: dict) -> None:
        if self.tournament:
            raise BadBackup("A backup must hold exactly one tournament.")
        settings = row["settings"]
        if not isinstance(settings, dict):
            raise BadBackup(f"{where}: 'settings' must be an object.")
        rules = get_ruleset(row.get("ruleset") or DEFAULT_RULESET)
        if row["format"] not in rules.formats:
            raise BadBackup(f"{where}: the format '{row['format']}' is not one of "
                            f"{rules.name}'s.")
        known = set(rules.default_settings(row["format"])) | {"time_over_grace_seconds",
                                                              DRAW_ORDER}
        unknown = sorted(str(k) for k in settings if k not in known)
        if unknown:
            raise BadBackup(f"{where}: 'settings' has unknown entries: {', '.join(unknown)}.")
        for key in ("sessions", "session_minutes", "turn_seconds", "free_seconds",
                    "round_bank_seconds", "advance", "time_over_grace_seconds"):
            value = settings.get(key)
            if value is not None and int_problem(value, 0, 100_000):
                raise BadBackup(f"{where}: the setting '{key}' must be a whole number.")
        if _int_list(settings.get("final_day", []), 1, max(BRACKET_SIZES), 8):
            raise BadBackup(f"{where}: the setting 'final_day' must list bracket sizes.")
        draw_order = settings.get(DRAW_ORDER, [])
        if DRAW_ORDER in settings and (not rules.ranking.draws_lots or _int_list(
                draw_order, 1, MAX_NUMBER, MAX_NUMBER) or len(set(draw_order)) != len(draw_order)):
            raise BadBackup(f"{where}: the setting '{DRAW_ORDER}' must list player numbers once "
                            "each, for a ruleset that draws lots.")
        # the recorded lots are the standings' (sheet.recorded_lots), not a format setting
        _, problems = rules.validate_settings(
            row["format"], {k: v for k, v in settings.items() if k != DRAW_ORDER})
        if problems:
            raise BadBackup(f"{where}: {' '.join(problems)}")
        try:
            venuetime.check_zone(row["time_zone"])
        except venuetime.ZoneError as exc:
            raise BadBackup(f"{where}: 'time_zone': {exc}") from None
        self.tournament = {"id": row["id"], "rotation": settings.get("rotation", "standard"),
                           "scheme": settings.get("payoff_scheme", "formal"),
                           "scoring": rules.scoring, "seats_for": rules.session.session_seats}

    def _player(self, where: str, row: dict) -> None:
        if row["number"] in self.player_numbers.values():
            raise BadBackup(f"{where}: player number {row['number']} is listed twice.")
        token = row["token"]
        if len(token) < 16 or not token.replace("-", "").replace("_", "").isalnum() or (
                not token.isascii()):
            raise BadBackup(f"{where}: 'token' is not a player page token.")
        self.player_numbers[row["id"]] = row["number"]
        self.tokens.append(token)

    def _user(self, where: str, row: dict) -> None:
        folded = row["name"].casefold()
        if folded in self.user_names:
            raise BadBackup(f"{where}: two accounts are named {row['name']!r}.")
        self.user_names.add(folded)
        if row["role"] == "organizer":
            self.organizers.append((row["id"], row["name"]))

    def _play_session(self, where: str, row: dict) -> None:
        if row["stage"] == "final" and row["bracket_size"] not in BRACKET_SIZES:
            raise BadBackup(f"{where}: a final-day session needs a bracket size of "
                            f"{', '.join(map(str, BRACKET_SIZES))}.")
        self.sessions[row["id"]] = row["number"]

    def _table(self, where: str, row: dict) -> None:
        self.table_session[row["id"]] = row["session_id"]

    def _seat(self, where: str, row: dict) -> None:
        seats = self.seats.setdefault(row["table_id"], {})
        if row["position"] in seats or row["player_id"] in seats.values():
            raise BadBackup(f"{where}: the seat or the player is taken twice at one table.")
        key = (self.table_session[row["table_id"]], row["player_id"])
        if key in self.seated_in_session:
            raise BadBackup(f"{where}: the player is seated at two tables in one session.")
        self.seated_in_session.add(key)
        seats[row["position"]] = row["player_id"]

    def _card(self, where: str, row: dict) -> None:
        table = row["table_id"]
        if self.table_session[table] != row["session_id"]:
            raise BadBackup(f"{where}: the card's table belongs to another session.")
        if table in self.card_table.values():
            raise BadBackup(f"{where}: the table has two cards.")
        seats = self.seats.get(table, {})
        if sorted(seats) != [0, 1, 2, 3]:
            raise BadBackup(f"{where}: the card's table does not have four seated players.")
        if row["recorder_player_id"] is not None and (
                row["recorder_player_id"] not in seats.values()):
            raise BadBackup(f"{where}: the appointed recorder is not at the card's table.")
        self.card_table[row["id"]] = table
        self.card_players[row["id"]] = tuple(self.player_numbers[seats[p]] for p in range(4))

    def _card_seat_change(self, where: str, row: dict) -> None:
        card, position = row["card_id"], row["position"]
        changes = self.card_changes.setdefault(card, [])
        if any(c.seat == WINDS[position] for c in changes):
            raise BadBackup(f"{where}: the seat changes hands twice on one card.")
        seats = self.seats[self.card_table[card]]
        if seats[position] != row["leaving_player_id"]:
            raise BadBackup(f"{where}: the leaving player did not start in that seat.")
        entering = row["entering_player_id"]
        if entering is not None and entering in seats.values():
            raise BadBackup(f"{where}: the substitute already sits at the card's table.")
        changes.append(SeatChange(row["round_from"], WINDS[position],
                                  self.player_numbers[row["leaving_player_id"]],
                                  self.player_numbers[entering] if entering else None))

    def _check_seated(self, where: str, name: str, row: dict) -> tuple[int, ...]:
        # a substitute who took a seat (§4.15) is at the table too
        players = self.card_players[row["card_id"]] + tuple(
            c.entering for c in self.card_changes.get(row["card_id"], []) if c.entering)
        for column in ("winner", "discarder", "responsible", "player_number"):
            value = row.get(column)
            if (name, column) in SEATED and value is not None and value not in players:
                raise BadBackup(f"{where}: '{column}' is player {value}, who is not at the "
                                "card's table.")
        return players

    def _card_round(self, where: str, row: dict) -> None:
        self._check_seated(where, "card_round", row)
        schedule = self._round_seats(row["card_id"], self.card_players[row["card_id"]])
        try:
            seats = marked_seats(schedule[row["round"] - 1],
                                 DealMark(row.get("dealer"), row.get("compensation_for")))
        except ValueError as exc:
            raise BadBackup(f"{where}: the round's dealer {exc}.") from exc
        players = tuple(seats.winds)  # who sat at the table in this round
        deltas = row["deltas"]
        if sorted(deltas) != sorted(str(p) for p in players):
            raise BadBackup(f"{where}: 'deltas' must give a delta to each of the card's four "
                            f"players ({', '.join(map(str, players))}) and nobody else.")
        if sum(deltas.values()) != 0:
            raise BadBackup(f"{where}: the round's deltas add up to {sum(deltas.values())}, "
                            "not 0.")
        if row["result"] == "draw":
            extra = [c for c in ("winner", "value", "win", "discarder", "same_turn", "patterns",
                                 "responsible") if row[c] is not None]
            if extra or any(deltas.values()):
                raise BadBackup(f"{where}: a drawn round scores nothing and has no "
                                f"{(extra or ['deltas'])[0]}.")
            return
        value = row["value"]
        if row["patterns"] is not None:
            try:
                fits = self.tournament["scoring"].recorded_value_fits(row["patterns"], value)
            except MalformedHand as exc:
                raise BadBackup(f"{where}: 'patterns' {exc}") from exc
            if not fits:
                raise BadBackup(f"{where}: the ticked patterns do not make the value {value}.")
        try:
            result = score_round(seats, payoff=self.tournament["scoring"].payoff, result="win",
                                 scheme=self.tournament["scheme"],
                                 winner=row["winner"], value=value, win=row["win"],
                                 discarder=row["discarder"], same_turn=row["same_turn"])
        except BadRound as exc:
            raise BadBackup(f"{where}: {exc}") from exc
        expected = {str(p): d for p, d in result.deltas.items()}
        if deltas != expected or row["responsible"] != result.responsible:
            should = ", ".join(f"player {p} {d:+d}" for p, d in result.deltas.items())
            raise BadBackup(f"{where}: the deltas do not follow from the round's win "
                            f"(it scores {should}).")

    def _round_seats(self, card_id: int, players: tuple[int, ...]) -> list:
        if self._rotation_cache is None or self._rotation_cache[0] != card_id:
            self._rotation_cache = (card_id, card_schedule(
                dict(zip(WINDS, players, strict=True)), self.tournament["rotation"],
                self.card_changes.get(card_id, []), seats_for=self.tournament["seats_for"]))
        return self._rotation_cache[1]

    def _card_penalty(self, where: str, row: dict) -> None:
        self._check_seated(where, "card_penalty", row)
        if row["points"] == 0:
            raise BadBackup(f"{where}: 'points' must not be 0.")

    def _confirmation(self, where: str, row: dict) -> None:
        self._check_seated(where, "confirmation", row)

    def _play_timer(self, where: str, row: dict) -> None:
        self._check_seated(where, "play_timer", row)

    def _clock_event(self, where: str, row: dict) -> None:
        if row["table_id"] is not None and self.table_session[row["table_id"]] != row[
                "session_id"]:
            raise BadBackup(f"{where}: the extended table belongs to another session.")

    def _operation(self, where: str, row: dict) -> None:
        self.op_ids.append(row["op_id"])

    # -- the end

    def finish(self) -> bool:
        """Check what needs the whole file; return True when the signature is ours."""
        if self.version is None or not self.seen_tables:
            raise BadBackup("This is not a judgeaid tournament backup (the 'format', "
                            "'version' or tables are missing).")
        if self.seen_tables != self.order:
            raise BadBackup("The backup's tables are missing or incomplete.")
        if not self.tournament:
            raise BadBackup("A backup must hold exactly one tournament.")
        if self.header.get("schema") != schema(self.version):
            raise BadBackup("This backup was made by a judgeaid with different tables or "
                            "columns; restore it with the version that made it, then export "
                            "again.")
        counts = self.header.get("counts")
        if counts is not None and counts != self.counts:
            raise BadBackup("The backup's row counts do not match its tables: the file was "
                            "changed or cut short after it was made.")
        for name, row_id, column, target in self.self_references:
            if target not in self.ids[name]:
                raise BadBackup(f"Table {name}, row id {row_id}: '{column}' points at {name} "
                                f"{target}, which is not in the backup.")
        if not self.organizers:
            raise BadBackup("The backup has no organizer account, so nobody could manage the "
                            "restored tournament.")
        if self.version == 1:
            text = "{" + ",".join(
                json.dumps(name, ensure_ascii=False) + ":[" + ",".join(self.v1_rows.get(
                    name, [])) + "]" for name in sorted(self.order)) + "}"
            self.v1_rows = {}
            checksum = "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()
            signature = None
        else:
            checksum, signature = self.digest.checksum(), self.digest.signature()
        if self.header.get("checksum") != checksum:
            raise BadBackup("The backup's checksum does not match its content: the file was "
                            "changed or cut short after it was made.")
        given = self.header.get("signature")
        return bool(signature and isinstance(given, str)
                    and hmac.compare_digest(given, signature))


def _check_clashes(checker: Checker) -> None:
    for start in range(0, len(checker.tokens), BATCH):
        chunk = checker.tokens[start:start + BATCH]
        if db.session.scalar(select(Player.id).where(Player.token.in_(chunk)).limit(1)):
            raise BackupClash("This tournament's players are already in this database (their "
                              "page links would clash). Restore it into a fresh database.")
    for start in range(0, len(checker.op_ids), BATCH):
        chunk = checker.op_ids[start:start + BATCH]
        if db.session.scalar(select(Operation.op_id).where(Operation.op_id.in_(chunk))
                             .limit(1)):
            raise BackupClash("This tournament's recorded writes are already in this database. "
                              "Restore it into a fresh database.")


def check_backup(stream: IO[bytes], key: bytes) -> Checker:
    """Read the whole backup once and check it; raise BadBackup with the first problem."""
    checker = Checker(key)
    for kind, name, value in _read(stream):
        if kind == "header":
            checker.on_header(name, value)
        elif kind == "table":
            checker.start_table(name)
        else:
            checker.on_row(name, *value[:2])
    checker.is_verified = checker.finish()
    _check_clashes(checker)
    return checker


# ---------------------------------------------------------------- the second reading

def _choose_organizer(checker: Checker, name: str | None) -> int:
    if not name or not name.strip():
        return checker.organizers[0][0]
    wanted = " ".join(name.split()).casefold()
    for user_id, organizer in checker.organizers:
        if organizer.casefold() == wanted:
            return user_id
    names = ", ".join(n for _, n in checker.organizers)
    raise UnknownOrganizer(f"The backup has no organizer named {_show(name.strip())}; its "
                           f"organizers are: {names}.")


class Writer:
    """Insert the checked rows table by table, a batch at a time, with fresh ids."""

    def __init__(self, organizer_id: int, pin_hash: str, *, keep_ids: bool = False):
        self.keep_ids = keep_ids
        self.digest = RowDigest(b"")  # proves the rows written are the rows checked
        self.new_ids: dict[str, dict[int, int]] = {name: {} for name in TARGETS}
        self.card_ids: list[int] = []
        self.organizer_id = organizer_id
        self.pin_hash = pin_hash
        self.batch: list[dict] = []
        self.weight = 0  # parser events in the batch: a few big rows make a batch too
        self.deferred: list[tuple[int, str, int]] = []
        self.name = ""

    def start_table(self, name: str) -> None:
        self.end_table()
        self.digest.table(name)
        self.name = name
        model = next(m for m, _ in BACKUP_TABLES if m.__table__.name == name)
        self.table = model.__table__
        self.has_id = "id" in self.table.columns
        self.references = foreign_keys(model)
        self.dates = {c.name for c in self.table.columns if isinstance(c.type, DateTime)}
        self.deferred: list[tuple[int, str, int]] = []

    def on_row(self, row: dict, weight: int) -> None:
        self.digest.row(row)
        record = {key: (datetime.fromisoformat(value) if key in self.dates and value else value)
                  for key, value in row.items() if key != "pin_hash"}
        if self.name == "user":
            # no PIN hash travels in a backup: only the chosen organizer gets the new PIN
            record["pin_hash"] = self.pin_hash if row["id"] == self.organizer_id else NO_PIN
        for column, target in self.references:
            old = row[column]
            if old is None:
                continue
            if target == self.name and old not in self.new_ids[target]:
                # a row pointing at a later row of its own table: set once both exist
                self.deferred.append((row["id"], column, old))
                record[column] = None
            else:
                record[column] = self.new_ids[target][old]
        self.batch.append(record)
        self.weight += weight
        if len(self.batch) >= BATCH or self.weight >= BATCH_EVENTS:
            self.flush()

    def flush(self) -> None:
        if not self.batch:
            return
        rows, self.batch, self.weight = self.batch, [], 0
        if self.has_id and self.keep_ids:
            db.session.execute(insert(self.table), rows)
            ids = [row["id"] for row in rows]
            if self.name in self.new_ids:
                self.new_ids[self.name].update(zip(ids, ids, strict=True))
            if self.name == "card":
                self.card_ids.extend(ids)
        elif self.has_id:
            old_ids = [row.pop("id") for row in rows]
            result = db.session.execute(
                insert(self.table).returning(self.table.c.id, sort_by_parameter_order=True),
                rows)
            new = result.scalars().all()
            if self.name in self.new_ids:
                self.new_ids[self.name].update(zip(old_ids, new, strict=True))
            if self.name == "card":
                self.card_ids.extend(new)
        else:
            db.session.execute(insert(self.table), rows)

    def end_table(self) -> None:
        self.flush()
        for old_id, column, old_target in self.deferred:
            ids = self.new_ids[self.name]
            db.session.execute(self.table.update().where(self.table.c.id == ids[old_id])
                               .values({column: ids[old_target]}))
        self.deferred = []


def import_tournament(data: bytes | str | IO[bytes], *, organizer_pin: str,
                      organizer_name: str | None = None, key: bytes | None = None,
                      keep_ids: bool = False) -> Restored:
    """Restore a backup as a new tournament, signed with this server's key unless told."""
    return restore_tournament(data, key=key if key is not None else signing_key(),
                              organizer_pin=organizer_pin, organizer_name=organizer_name,
                              keep_ids=keep_ids)


class NotEmpty(BadBackup):
    """A restore keeping ids into a database that already holds rows; nothing was written."""

    status = 409


def refuse_unless_empty() -> None:
    """Raise NotEmpty unless no backed-up table of this database holds a row."""
    taken = [model.__table__.name for model, _ in BACKUP_TABLES
             if db.session.execute(select(model.__table__).limit(1)).first() is not None]
    if taken:
        raise NotEmpty("A restore that keeps ids needs an empty database (a new one, made with "
                       f"`flask db upgrade`), and this one already holds rows of: "
                       f"{', '.join(taken[:5])}{' and more' if len(taken) > 5 else ''}. "
                       "Nothing was written.")


def _restart_sequences() -> None:
    """Set PostgreSQL's id sequences past the ids written as given (SQLite needs nothing:
    a new row takes the highest id plus one)."""
    if db.session.get_bind().dialect.name != "postgresql":
        return
    quote = db.session.get_bind().dialect.identifier_preparer.quote
    for model, _ in BACKUP_TABLES:
        table = model.__table__
        if "id" not in table.columns or not table.c.id.autoincrement:
            continue
        name = quote(table.name)
        db.session.execute(sql_text(
            f"SELECT setval(pg_get_serial_sequence(:name, 'id'), max(id)) FROM {name} "
            "HAVING max(id) IS NOT NULL"), {"name": name})


def restore_tournament(data: bytes | str | IO[bytes], *, key: bytes, organizer_pin: str,
                       organizer_name: str | None = None, keep_ids: bool = False) -> Restored:
    """Restore a backup as a new tournament, with fresh ids or (keep_ids, into an empty
    database) the ids it had; write nothing if anything fails."""
    pin = check_pin(organizer_pin, "Give the organizer a new PIN of 4 to 12 digits: a backup "
                    "carries no PINs.")
    if keep_ids:
        refuse_unless_empty()
    stream = open_backup(data)
    checker = check_backup(stream, key)
    organizer_id = _choose_organizer(checker, organizer_name)
    organizer = dict(checker.organizers)[organizer_id]
    is_verified = checker.is_verified
    old_tournament = checker.tournament["id"]
    checked = checker.digest.checksum()
    del checker  # what the checks kept is not needed for writing
    writer = Writer(organizer_id, hash_pin(pin), keep_ids=keep_ids)
    try:
        with db.session.begin_nested():
            for kind, name, value in _read(stream):
                if kind == "table":
                    writer.start_table(name)
                elif kind == "row":
                    writer.on_row(value[1], value[2])
            writer.end_table()
            if writer.digest.checksum() != checked:
                raise BadBackup("The backup file changed while it was being restored. "
                                "Nothing was written.")
            if keep_ids:
                _restart_sequences()  # before the rows this restore adds itself
            store_totals(writer.card_ids)
            new_id = writer.new_ids["tournament"][old_tournament]
            record_event("tournament.restore", tournament_id=new_id, actor="restore",
                         subject=f"tournament:{new_id}",
                         after={"verified": is_verified, "organizer": organizer,
                                **({"kept_ids": True} if keep_ids else {})})
            db.session.flush()
    except SQLAlchemyError as exc:
        raise BadBackup("The backup could not be restored: the database refused a row "
                        f"({getattr(exc, 'orig', None) or exc}). Nothing was written.") from exc
    return Restored(db.session.get(Tournament, new_id), organizer, is_verified)

