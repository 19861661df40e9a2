"""Exports: CSV for spreadsheets, and a one-file JSON backup of a tournament with its restore.

CSV files are UTF-8 with a byte-order mark, so spreadsheet programs read names such as
"Zoë Ünal" correctly, and follow RFC 4180 (comma, CRLF, double quotes doubled). A text cell
that a spreadsheet would run as a formula gets a leading apostrophe.

The backup holds every row of every table that belongs to the tournament, columns as
stored, ids included. A restore checks the whole file first (format, version, columns,
types, checksum, references, clashes with rows already in the database) and writes nothing
unless all of it is right; rows get fresh ids and every reference is mapped to them.
The stored card totals are not in the file: a restore adds them up again from the cards.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import JSON, BigInteger, Boolean, DateTime, Integer, String, Text, insert, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from judgeaid.extensions import db
from judgeaid.models import (
    Appeal,
    AuditEvent,
    CallUp,
    Card,
    CardPenalty,
    CardRound,
    ClockEvent,
    Confirmation,
    Operation,
    Penalty,
    Player,
    PlaySession,
    PlayTimer,
    Ruling,
    ScoreCheck,
    Seat,
    Table,
    Team,
    TimeOut,
    Tournament,
    User,
    utcnow,
)
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.cards import store_totals
from judgeaid.services.errors import ServiceError
from judgeaid.services.standings import PRELIMINARY, load_sheet, session_label, standings_view
from judgeaid.tournament.standings import match_points

BACKUP_FORMAT = "judgeaid-tournament-backup"
BACKUP_VERSION = 1
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

# Every table that belongs to a tournament, parents before children. Rows of a table
# without a tournament_id column are found through the parent named here.
BACKUP_TABLES: tuple[tuple[type, tuple[str, str] | None], ...] = (
    (Tournament, None),
    (Team, None),
    (Player, None),
    (User, None),
    (PlaySession, None),
    (Table, ("session_id", "play_session")),
    (Seat, ("table_id", "table")),
    (Card, None),
    (CardRound, ("card_id", "card")),
    (CardPenalty, ("card_id", "card")),
    (Confirmation, ("card_id", "card")),
    (CallUp, None),
    (Ruling, None),
    (Penalty, None),
    (Appeal, None),
    (ClockEvent, ("session_id", "play_session")),
    (PlayTimer, None),
    (TimeOut, None),
    (ScoreCheck, None),
    (AuditEvent, None),
    (Operation, None),
)
# Tables kept out of a backup, and why: sign-in throttling and known devices belong to the
# server, not an event; card totals are derived from the cards.
NOT_BACKED_UP = {"login_throttle": "failed sign-ins, kept per server to stop PIN guessing",
                 "known_device": "the devices that signed in on this server",
                 "card_total": "each card's totals, added up again from its rounds and "
                               "penalty line on restore"}


# ---------------------------------------------------------------- CSV

def _cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value  # a spreadsheet must show this text, not run it as a formula
    return value


def to_csv(header: Iterable[str], rows: Iterable[Iterable[Any]]) -> bytes:
    """Return RFC 4180 CSV in UTF-8 with a byte-order mark."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow(header)
    for row in rows:
        writer.writerow(["" if value is None else _cell(value) for value in row])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def _mp(value: float | None) -> float | str:
    # a number, not text: spreadsheets sort it, and a minus sign is not a formula
    return "" if value is None else round(value, 2)


def players_csv(tournament_id: int) -> bytes:
    """Return the players as CSV: number, name, team, status, late arrival, withdrawal."""
    get_tournament_or_404(tournament_id)
    players = db.session.scalars(select(Player).where(Player.tournament_id == tournament_id)
                                 .order_by(Player.number))
    return to_csv(("number", "name", "team", "status", "joined_session", "left_session",
                   "neutral"),
                  ((p.number, p.name, p.team.name if p.team else "", p.status,
                    p.joined_session, p.left_session, "yes" if p.is_substitute else "")
                   for p in players))


def results_csv(tournament_id: int) -> bytes:
    """Return every player's card total in every session as CSV, one line per seat."""
    sheet = load_sheet(tournament_id)
    final = {s.number: s.is_final for s in sheet.sessions}
    rows = []
    for seat in sheet.totals:
        player = sheet.players[seat.player_number]
        mp = match_points(seat.total) if seat.stage == PRELIMINARY else None
        rows.append((seat.session_number,
                     session_label(seat.session_number, seat.stage, seat.bracket_size),
                     seat.table, seat.seat, seat.player_number, player.name, seat.rounds,
                     seat.penalties, seat.total, _mp(mp),
                     "final" if final.get(seat.session_number) else "provisional"))
    return to_csv(("session", "stage", "table", "seat", "number", "name", "rounds",
                   "penalties", "total", "match_points", "posted"), rows)


def standings_csv(tournament_id: int) -> bytes:
    """Return the standings as CSV: rank, player, MP, raw, MP per session, tie-breaks."""
    data = standings_view(tournament_id)
    sessions = [s["number"] for s in data["sessions"]]
    has_bracket = data["phase"] == "final"
    header = ["rank", "number", "name", "team", "match_points", "raw",
              *(f"session_{n}_mp" for n in sessions), "late_deduction_mp", "status",
              "tie_break", "draw"]
    if has_bracket:
        header += ["bracket", "bracket_raw"]
    rows = []
    for row in data["standings"]:
        line = [row["rank"], row["number"], row["name"], row["team"] or "",
                _mp(row["match_points"]), row["raw"],
                *(_mp(mp) for mp in row["session_match_points"]),
                _mp(row["deductions"]) if row["deductions"] else "", row["status"],
                row["tie_break"] or "", row["draw"] or ""]
        if has_bracket:
            line += [row.get("bracket", ""), row.get("bracket_raw", "")]
        rows.append(line)
    return to_csv(header, rows)


# ---------------------------------------------------------------- JSON backup

def _table_name(model: type) -> str:
    return model.__table__.name


def schema() -> dict[str, list[str]]:
    """Return the columns of every backed-up table, in table order."""
    return {_table_name(model): [c.name for c in model.__table__.columns]
            for model, _ in BACKUP_TABLES}


def _to_json(value: Any) -> Any:
    if isinstance(value, datetime):
        return value.isoformat()
    return value


def _rows_of(model: type, tournament_id: int, ids: dict[str, list[int]]) -> list[dict]:
    table = model.__table__
    columns = table.columns
    if model is Tournament:
        query = select(table).where(columns.id == tournament_id)
    elif "tournament_id" in columns:
        query = select(table).where(columns.tournament_id == tournament_id)
    else:
        column, parent = dict(BACKUP_TABLES)[model]
        query = select(table).where(columns[column].in_(ids[parent] or [-1]))
    order = [columns.id] if "id" in columns else [columns.created_at, columns.op_id]
    rows = [{key: _to_json(value) for key, value in row._mapping.items()}
            for row in db.session.execute(query.order_by(*order))]
    if "id" in columns:
        ids[table.name] = [row["id"] for row in rows]
    return rows


def checksum(tables: dict[str, list[dict]]) -> str:
    """Return the SHA-256 of the tables' canonical JSON."""
    text = json.dumps(tables, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


def export_tournament(tournament_id: int) -> dict:
    """Return the whole tournament as one JSON-ready object (the backup file's content)."""
    get_tournament_or_404(tournament_id)
    ids: dict[str, list[int]] = {}
    tables = {_table_name(model): _rows_of(model, tournament_id, ids)
              for model, _ in BACKUP_TABLES}
    return {"format": BACKUP_FORMAT, "version": BACKUP_VERSION,
            "exported_at": utcnow().isoformat(), "tournament_id": tournament_id,
            "schema": schema(), "counts": {name: len(rows) for name, rows in tables.items()},
            "tables": tables, "checksum": checksum(tables)}


def backup_bytes(tournament_id: int) -> bytes:
    """Return the backup as UTF-8 JSON text."""
    return json.dumps(export_tournament(tournament_id), ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")


# ---------------------------------------------------------------- restore

class BadBackup(ServiceError):
    """A backup file that cannot be restored; nothing was written."""

    status = 422


def _checker(column) -> tuple[str, Callable[[Any], bool]]:
    kind = column.type
    if isinstance(kind, Boolean):
        return "true or false", lambda v: isinstance(v, bool)
    if isinstance(kind, Integer | BigInteger):
        return "a whole number", lambda v: isinstance(v, int) and not isinstance(v, bool)
    if isinstance(kind, DateTime):
        return "a date and time", _is_datetime
    if isinstance(kind, String | Text):
        length = getattr(kind, "length", None)
        return ("text" + (f" of at most {length} characters" if length else ""),
                lambda v: isinstance(v, str) and (length is None or len(v) <= length))
    if isinstance(kind, JSON):
        return "JSON", lambda v: True
    raise TypeError(f"no backup check for column type {kind!r}")


def _is_datetime(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def read_backup(data: bytes | str) -> dict:
    """Parse a backup file and check it completely; raise BadBackup with the first problem."""
    try:
        backup = json.loads(data)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadBackup(f"This file is not JSON ({exc}). Choose a judgeaid backup file.") from exc
    if not isinstance(backup, dict) or backup.get("format") != BACKUP_FORMAT:
        raise BadBackup("This is not a judgeaid tournament backup (the 'format' field is "
                        "missing or different).")
    if backup.get("version") != BACKUP_VERSION:
        raise BadBackup(f"This backup has version {backup.get('version')!r}; this judgeaid "
                        f"reads version {BACKUP_VERSION}.")
    if backup.get("schema") != schema():
        raise BadBackup("This backup was made by a judgeaid with different tables or columns; "
                        "restore it with the version that made it, then export again.")
    tables = backup.get("tables")
    if not isinstance(tables, dict) or set(tables) != set(schema()):
        raise BadBackup("The backup's tables are missing or incomplete.")
    if backup.get("checksum") != checksum(tables):
        raise BadBackup("The backup's checksum does not match its content: the file was "
                        "changed or cut short after it was made.")
    if len(tables["tournament"]) != 1:
        raise BadBackup("A backup must hold exactly one tournament.")
    _check_rows(tables)
    _check_references(tables)
    _check_clashes(tables)
    return backup


def _check_rows(tables: dict[str, list]) -> None:
    for model, _ in BACKUP_TABLES:
        name = _table_name(model)
        columns = list(model.__table__.columns)
        checks = {c.name: (c, *_checker(c)) for c in columns}
        rows = tables[name]
        if not isinstance(rows, list):
            raise BadBackup(f"Table {name} must be a list of rows.")
        for position, row in enumerate(rows, start=1):
            if not isinstance(row, dict) or set(row) != set(checks):
                raise BadBackup(f"Row {position} of table {name} does not have the table's "
                                "columns.")
            for key, (column, what, ok) in checks.items():
                value = row[key]
                if value is None:
                    if not column.nullable:
                        raise BadBackup(f"Row {position} of table {name}: '{key}' is empty "
                                        "but must have a value.")
                elif not ok(value):
                    raise BadBackup(f"Row {position} of table {name}: '{key}' must be {what}.")


def _foreign_keys(model: type) -> list[tuple[str, str]]:
    """Return (column, referenced table) for every id reference of a table."""
    return [(column.name, next(iter(column.foreign_keys)).column.table.name)
            for column in model.__table__.columns if column.foreign_keys]


def _check_references(tables: dict[str, list]) -> None:
    ids = {name: set() for name in tables}
    for model, _ in BACKUP_TABLES:
        name = _table_name(model)
        if "id" in model.__table__.columns:
            ids[name] = {row["id"] for row in tables[name]}
            if len(ids[name]) != len(tables[name]):
                raise BadBackup(f"Table {name} lists an id twice.")
    for model, _ in BACKUP_TABLES:
        name = _table_name(model)
        for column, target in _foreign_keys(model):
            for row in tables[name]:
                value = row[column]
                if value is not None and value not in ids[target]:
                    raise BadBackup(f"Table {name}, row {row.get('id', row.get('op_id'))}: "
                                    f"'{column}' points at {target} {value}, which is not in "
                                    "the backup.")


def _check_clashes(tables: dict[str, list]) -> None:
    tokens = [row["token"] for row in tables["player"]]
    taken = db.session.scalars(select(Player.number).where(Player.token.in_(tokens or [""])))
    if taken.first() is not None:
        raise BadBackup("This tournament's players are already in this database (their page "
                        "links would clash). Restore it into a fresh database.", status=409)
    op_ids = [row["op_id"] for row in tables["operation"]]
    if op_ids and db.session.scalar(select(Operation.op_id).where(Operation.op_id.in_(op_ids))):
        raise BadBackup("This tournament's recorded writes are already in this database. "
                        "Restore it into a fresh database.", status=409)


def import_tournament(data: bytes | str) -> Tournament:
    """Restore a backup as a new tournament with fresh ids; write nothing if anything fails."""
    backup = read_backup(data)
    tables = backup["tables"]
    new_ids: dict[str, dict[int, int]] = {}
    try:
        with db.session.begin_nested():
            for model, _ in BACKUP_TABLES:
                _insert_rows(model, tables[_table_name(model)], new_ids)
            _add_up_cards(new_ids["card"].values())
    except (IntegrityError, SQLAlchemyError) as exc:
        raise BadBackup("The backup could not be restored: the database refused a row "
                        f"({exc.orig if hasattr(exc, 'orig') else exc}). Nothing was "
                        "written.") from exc
    return db.session.get(Tournament, new_ids["tournament"][tables["tournament"][0]["id"]])


def _add_up_cards(card_ids: Iterable[int]) -> None:
    """Store the restored cards' totals, as every card write does."""
    try:
        store_totals(card_ids)
    except KeyError as exc:
        # a round line or penalty line naming a player who is not at the card's table
        raise BadBackup(f"A scoring card in the backup scores player {exc.args[0]}, who is not "
                        "at its table. Nothing was written.") from exc


def _insert_rows(model: type, rows: list[dict], new_ids: dict[str, dict[int, int]]) -> None:
    table = model.__table__
    name = table.name
    has_id = "id" in table.columns
    references = _foreign_keys(model)
    dates = {c.name for c in table.columns if isinstance(c.type, DateTime)}
    mapping = new_ids.setdefault(name, {})
    deferred: list[tuple[int, str, int]] = []
    values = []
    for row in rows:
        record = {key: (datetime.fromisoformat(value) if key in dates and value else value)
                  for key, value in row.items() if key != "id" or not has_id}
        for column, target in references:
            old = row[column]
            if old is None:
                continue
            if target == name and old not in mapping:
                # a row pointing at a later row of its own table: set it once both exist
                deferred.append((row["id"], column, old))
                record[column] = None
            else:
                record[column] = new_ids[target][old]
        values.append(record)
    if not values:
        return
    if has_id:
        # one INSERT ... RETURNING for the table, ids in the order of the rows sent
        result = db.session.execute(
            insert(table).returning(table.c.id, sort_by_parameter_order=True), values)
        for row, new_id in zip(rows, result.scalars(), strict=True):
            mapping[row["id"]] = new_id
    else:
        db.session.execute(insert(table), values)
    for old_id, column, old_target in deferred:
        db.session.execute(table.update().where(table.c.id == mapping[old_id])
                           .values({column: mapping[old_target]}))
