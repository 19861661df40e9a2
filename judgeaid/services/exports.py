"""Exports: CSV for spreadsheets, and a one-file JSON backup of a tournament with its restore.

CSV files are UTF-8 with a byte-order mark, so spreadsheet programs read names such as
"Zoë Ünal" correctly, and follow RFC 4180 (comma, CRLF, double quotes doubled). A text cell
that a spreadsheet would run as a formula gets a leading apostrophe.

The backup holds every row of every table that belongs to the tournament, columns as
stored, ids included, PIN hashes left out. It carries a checksum, which catches a damaged
file, and a signature (HMAC-SHA256 with the server's SECRET_KEY), which tells a restore on
the same server that the file is the one it wrote. The restore (judgeaid.services.restore)
checks every row as a live write is checked and writes nothing unless all of it is right.
The stored card totals are not in the file: a restore adds them up again from the cards.
"""

from __future__ import annotations

import csv
import gzip
import hashlib
import hmac
import io
import json
import re
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from flask import current_app
from flask_babel import gettext, lazy_gettext
from sqlalchemy import select

from judgeaid import venuetime
from judgeaid.extensions import db
from judgeaid.models import (
    Appeal,
    AuditEvent,
    CallUp,
    Card,
    CardPenalty,
    CardRound,
    CardSeatChange,
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
from judgeaid.rules import get_ruleset
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.errors import ServiceError
from judgeaid.services.players import status_word
from judgeaid.services.standings_data import PRELIMINARY, load_sheet, seat_points, session_label
from judgeaid.services.standings_pages import TABLE_POINTS, standings_view

BACKUP_FORMAT = "judgeaid-tournament-backup"
BACKUP_VERSION = 2  # 2: no PIN hashes; a signature by the server that made it
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
    # before the rounds: a substitute's rounds are checked against who sat where
    (CardSeatChange, ("card_id", "card")),
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
                               "penalty line on restore",
                 "server_owner": "the server owner's sign-in, which belongs to the server",
                 "built_view": "views built from the data for phones, built again on demand"}


# ---------------------------------------------------------------- CSV

def _cell(value: Any) -> Any:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value  # a spreadsheet must show this text, not run it as a formula
    return value


# Column names for people, in the request's language (`?headers=local` on a CSV link): the
# English names above each column stay the default, for the machines that read them.
HEADER_LABELS = {
    "rank": lazy_gettext("Rank"), "number": lazy_gettext("No."), "name": lazy_gettext("Name"),
    "team": lazy_gettext("Team"), "status": lazy_gettext("Status"),
    "joined_session": lazy_gettext("Joined in session"),
    "left_session": lazy_gettext("Left after session"), "neutral": lazy_gettext("Substitute"),
    "member_id": lazy_gettext("Member ID"), "session": lazy_gettext("Session"),
    "stage": lazy_gettext("Stage"), "table": lazy_gettext("Table"), "seat": lazy_gettext("Seat"),
    "rounds": lazy_gettext("Rounds played"), "penalties": lazy_gettext("Penalties"),
    "total": lazy_gettext("Total"), "table_points": lazy_gettext("Table points"),
    "match_points": lazy_gettext("Match points"), "posted": lazy_gettext("Posted"),
    "raw": lazy_gettext("Raw score"), "contest_points": lazy_gettext("Contest points"),
    "late_deduction_mp": lazy_gettext("Late arrival deduction (match points)"),
    "tie_break": lazy_gettext("Tie-break"), "draw": lazy_gettext("Drawn lots"),
    "bracket": lazy_gettext("Bracket"), "bracket_raw": lazy_gettext("Bracket raw score"),
    "note": lazy_gettext("Note"), "members": lazy_gettext("Members"),
    # a player's EMA record (issue 30)
    "family_name": lazy_gettext("Family name"), "given_name": lazy_gettext("Given name"),
    "ema": lazy_gettext("EMA number"), "country": lazy_gettext("Nationality"),
}
_PER_SESSION = re.compile(r"session_(\d+)_(mp|tp)")
_POSTED_AT = re.compile(r"posted_at \((.+)\)")


def header_label(name: str) -> str:
    """Return a CSV column's name for people, in the request's language."""
    if name in HEADER_LABELS:
        return str(HEADER_LABELS[name])
    found = _PER_SESSION.fullmatch(name)
    if found and found[2] == "mp":
        return gettext("Session %(n)s match points", n=found[1])
    if found:
        return gettext("Session %(n)s table points", n=found[1])
    found = _POSTED_AT.fullmatch(name)
    if found:
        return gettext("Posted at (%(zone)s)", zone=found[1])
    return name


# The words a CSV's cells hold (a state, a seat, "yes"), for people in the request's language
# with `?headers=local`; the English words stay the default, for the machines that read them.
CELL_WORDS = {"final": lazy_gettext("final"), "provisional": lazy_gettext("provisional"),
              "yes": lazy_gettext("yes"), "E": lazy_gettext("E"), "S": lazy_gettext("S"),
              "W": lazy_gettext("W"), "N": lazy_gettext("N")}


def word(value: str) -> str:
    """Return a CSV cell's English word (a player's state, a seat, final or provisional) for
    people, in the request's language; an unknown value as it is."""
    if value in CELL_WORDS:
        return str(CELL_WORDS[value])
    return status_word(value)


def to_csv(header: Iterable[str], rows: Iterable[Iterable[Any]], *,
           local_headers: bool = False) -> bytes:
    """Return RFC 4180 CSV in UTF-8 with a byte-order mark; `local_headers`: the columns'
    names for people, in the request's language (else the English names machines read)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n", quoting=csv.QUOTE_MINIMAL)
    writer.writerow([header_label(name) for name in header] if local_headers else header)
    for row in rows:
        writer.writerow(["" if value is None else _cell(value) for value in row])
    return ("\ufeff" + buffer.getvalue()).encode("utf-8")


def _mp(value: float | None) -> float | str:
    # a number, not text: spreadsheets sort it, and a minus sign is not a formula
    return "" if value is None else round(value, 2)


def _tp(value: float | None) -> float | int | str:
    # table points as a number: whole ones without ".0" (4, 1.5, 2.33)
    if value is None:
        return ""
    return int(value) if float(value).is_integer() else round(value, 2)


def players_csv(tournament_id: int, *, local_headers: bool = False) -> bytes:
    """Return the players as CSV: number, name, team, status, late arrival, withdrawal, the
    member id that matches them on leaderboards (§3.5.2.1) and their EMA record (family and
    given names, EMA number, ISO 3166-1 alpha-2 country: issue 30)."""
    get_tournament_or_404(tournament_id)
    players = db.session.scalars(select(Player).where(Player.tournament_id == tournament_id)
                                 .order_by(Player.number))
    return to_csv(("number", "name", "team", "status", "joined_session", "left_session",
                   "neutral", "member_id", "family_name", "given_name", "ema", "country"),
                  ((p.number, p.name, p.team.name if p.team else "",
                    word(p.status) if local_headers else p.status,
                    p.joined_session, p.left_session,
                    (word("yes") if local_headers else "yes") if p.is_substitute else "",
                    p.member_id or "", p.family_name or "", p.given_name or "",
                    p.ema_number or "", p.country or "") for p in players),
                  local_headers=local_headers)


def results_csv(tournament_id: int, *, local_headers: bool = False) -> bytes:
    """Return every player's card total in every session as CSV, one line per seat."""
    sheet = load_sheet(tournament_id)
    final = {s.number: s.is_final for s in sheet.sessions}
    # When each session was posted, on the venue's clock; the header names the zone.
    zone = sheet.tournament.time_zone
    posted_at = {s.number: venuetime.venue_text(s.finalized_at, zone, "date", with_zone=False)
                 for s in sheet.sessions}
    points = seat_points(sheet.tournament, sheet.totals)
    by_place = get_ruleset(sheet.tournament.ruleset).can.standings_columns[0].field == TABLE_POINTS
    rows = []
    for seat in sheet.totals:
        player = sheet.players[seat.player_number]
        mp = (points[seat.session_number, seat.player_number] if seat.stage == PRELIMINARY
              else None)
        rows.append((seat.session_number,
                     session_label(seat.session_number, seat.stage, seat.bracket_size,
                                   english=not local_headers),
                     seat.table, word(seat.seat) if local_headers else seat.seat,
                     seat.player_number, player.name, seat.rounds,
                     seat.penalties, seat.total, _tp(mp) if by_place else _mp(mp),
                     (word if local_headers else str)(
                         "final" if final.get(seat.session_number) else "provisional"),
                     posted_at.get(seat.session_number, "")))
    # MCR §3.9.2: a seat's table points by place, where ZJ has match points
    return to_csv(("session", "stage", "table", "seat", "number", "name", "rounds",
                   "penalties", "total", "table_points" if by_place else "match_points",
                   "posted", f"posted_at ({zone})"), rows, local_headers=local_headers)


def standings_csv(tournament_id: int, view: dict | None = None, *,
                  local_headers: bool = False) -> bytes:
    """Return the standings as CSV: rank, player, MP, raw, MP per session, tie-breaks (of
    `view` when given: the standings the reader is shown, issue 30)."""
    data = view or standings_view(tournament_id)
    if data["points"] == TABLE_POINTS:
        return _table_points_csv(data, local_headers)
    sessions = [s["number"] for s in data["sessions"]]
    has_bracket = data["phase"] == "final"
    header = ["rank", "number", "name", "team", "match_points", "raw",
              *(f"session_{n}_mp" for n in sessions), "late_deduction_mp", "status",
              "tie_break", "draw"]
    if has_bracket:
        header += ["bracket", "bracket_raw"]
    header.append("note")
    rows = []
    for row in data["standings"]:
        line = [row["rank"], row["number"], row["name"], row["team"] or "",
                _mp(row["match_points"]), row["raw"],
                *(_mp(mp) for mp in row["session_match_points"]),
                _mp(row["deductions"]) if row["deductions"] else "",
                word(row["status"]) if local_headers else row["status"],
                row["tie_break"] or "", row["draw"] or ""]
        if has_bracket:
            line += [row.get("bracket", ""), row.get("bracket_raw", "")]
        # §3.7, §4.15: who is out and who filled a seat, in words
        line.append("; ".join(t for t in (row["out_text"], row["filler_text"]) if t))
        rows.append(line)
    return to_csv(header, rows, local_headers=local_headers)


def _table_points_csv(data: dict, local_headers: bool = False) -> bytes:
    """Return MCR standings as CSV: table points, contest points, per session, the lot."""
    sessions = [s["number"] for s in data["sessions"]]
    header = ["rank", "number", "name", "team", "table_points", "contest_points",
              *(f"session_{n}_tp" for n in sessions), "status", "tie_break", "draw", "note"]
    rows = [[row["rank"], row["number"], row["name"], row["team"] or "",
             _tp(row["table_points"]), row["contest_points"],
             *(_tp(tp) for tp in row["session_table_points"]),
             word(row["status"]) if local_headers else row["status"],
             row["tie_break"] or "", row["draw"] or "",
             "; ".join(t for t in (row["out_text"], row["filler_text"]) if t)]
            for row in data["standings"]]
    return to_csv(header, rows, local_headers=local_headers)


def teams_csv(tournament_id: int, view: dict | None = None, *,
              local_headers: bool = False) -> bytes:
    """Return the team results as CSV (MCR Appendix 7): summed table and contest points (of
    `view` when given)."""
    data = view or standings_view(tournament_id)
    return to_csv(("rank", "team", "table_points", "contest_points", "tie_break", "members"),
                  ((t["rank"], t["team"], _tp(t["table_points"]), t["contest_points"],
                    t["tie_break"] or "", " ".join(str(m["number"]) for m in t["members"]))
                   for t in data["teams"]), local_headers=local_headers)


# ---------------------------------------------------------------- JSON backup

# Columns a backup leaves out: a short PIN's hash is cracked offline in minutes.
LEFT_OUT = {"user": ("pin_hash", "recovery_hash")}
# Columns added since version 1 that never travel in a backup: a version-1 file lacks them.
LEFT_OUT_V1 = {"user": ("recovery_hash",)}
# Columns added to a backed-up table after its version was first written: an older file of
# that version lacks them, and a restore gives them their defaults (empty, none, false).
ADDED_LATER = {"user": ("locale",),
               "player": ("family_name", "given_name", "ema_number", "country"),
               "tournament": ("ema_qualifying",)}


def schema_fits(found: Any, version: int) -> bool:
    """Say whether a file's schema is this version's, less only columns added later."""
    expected = schema(version)
    if not isinstance(found, dict) or list(found) != list(expected):
        return False
    for name, columns in expected.items():
        later = ADDED_LATER.get(name, ())
        if found[name] != [c for c in columns if c not in later or c in found[name]]:
            return False
    return True


def _table_name(model: type) -> str:
    return model.__table__.name


def schema(version: int = BACKUP_VERSION) -> dict[str, list[str]]:
    """Return the columns of every backed-up table, in table order, as that version wrote."""
    left_out = LEFT_OUT if version >= 2 else LEFT_OUT_V1
    return {_table_name(model): [c.name for c in model.__table__.columns
                                 if c.name not in left_out.get(_table_name(model), ())]
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
    left_out = LEFT_OUT.get(table.name, ())
    rows = [{key: _to_json(value) for key, value in row._mapping.items()
             if key not in left_out}
            for row in db.session.execute(query.order_by(*order))]
    if "id" in columns:
        ids[table.name] = [row["id"] for row in rows]
    return rows


class RowDigest:
    """The checksum (SHA-256) and the signature (HMAC-SHA256 with the server's secret key) of
    a backup's tables, fed one row at a time so a restore never needs the whole file at once.
    """

    def __init__(self, key: bytes):
        self._sha = hashlib.sha256()
        self._mac = hmac.new(key, b"judgeaid-backup-v2\n", hashlib.sha256)

    def _feed(self, text: str) -> None:
        data = text.encode("ascii")
        self._sha.update(data)
        self._mac.update(data)

    def table(self, name: str) -> None:
        """Start a table."""
        self._feed(json.dumps(name) + "\n")

    def row(self, row: dict) -> None:
        """Add one row, as canonical JSON (sorted keys, ASCII)."""
        self._feed(json.dumps(row, sort_keys=True, separators=(",", ":")) + "\n")

    def checksum(self) -> str:
        """Return the plain checksum: it catches a damaged file, not a forged one."""
        return "sha256:" + self._sha.hexdigest()

    def signature(self) -> str:
        """Return the signature only a server with the same secret key can make."""
        return "hmac-sha256:" + self._mac.hexdigest()


def signing_key() -> bytes:
    """Return this server's key for signing backups: its SECRET_KEY."""
    key = current_app.config["SECRET_KEY"]
    return key.encode() if isinstance(key, str) else bytes(key)


def _digest(tables: dict[str, list[dict]], key: bytes) -> RowDigest:
    digest = RowDigest(key)
    for model, _ in BACKUP_TABLES:
        name = _table_name(model)
        digest.table(name)
        for row in tables[name]:
            digest.row(row)
    return digest


def checksum(tables: dict[str, list[dict]]) -> str:
    """Return the plain checksum of the tables (anyone can work it out again)."""
    return _digest(tables, b"").checksum()


def export_tournament(tournament_id: int) -> dict:
    """Return the whole tournament as one JSON-ready object (the backup file's content)."""
    tournament = get_tournament_or_404(tournament_id)
    ids: dict[str, list[int]] = {}
    tables = {_table_name(model): _rows_of(model, tournament_id, ids)
              for model, _ in BACKUP_TABLES}
    digest = _digest(tables, signing_key())
    return {"format": BACKUP_FORMAT, "version": BACKUP_VERSION,
            "exported_at": utcnow().isoformat(), "tournament_id": tournament_id,
            # Every time in the file is UTC; this is the zone the venue reads them in.
            "time_zone": tournament.time_zone, "ruleset": tournament.ruleset,
            "schema": schema(), "counts": {name: len(rows) for name, rows in tables.items()},
            "tables": tables, "checksum": digest.checksum(), "signature": digest.signature()}


def backup_bytes(tournament_id: int) -> bytes:
    """Return the backup as UTF-8 JSON text."""
    return json.dumps(export_tournament(tournament_id), ensure_ascii=False,
                      separators=(",", ":")).encode("utf-8")


# A backup file is the JSON above, gzip-compressed (issue 28): a 400-player, 8-session event
# with every write's replay record and audit event is about 17 MB of JSON and under 2 MB
# compressed. A restore takes either (judgeaid.services.restore.open_backup).
BACKUP_FILE_SUFFIX = ".json.gz"


def backup_file(tournament_id: int) -> bytes:
    """Return the backup as a file: its UTF-8 JSON, gzip-compressed (no name, no time in
    the gzip header, so the same tournament gives the same bytes)."""
    return gzip.compress(backup_bytes(tournament_id), compresslevel=9, mtime=0)


def foreign_keys(model: type) -> list[tuple[str, str]]:
    """Return (column, referenced table) for every id reference of a table."""
    return [(column.name, next(iter(column.foreign_keys)).column.table.name)
            for column in model.__table__.columns if column.foreign_keys]


# ---------------------------------------------------------------- restore

class BadBackup(ServiceError):
    """A backup file that cannot be restored; nothing was written."""

    status = 422


class BackupClash(BadBackup):
    """A backup whose tournament is already in this database; nothing was written."""

    status = 409


class UnknownOrganizer(BadBackup):
    """A restore that names an organizer the backup does not have; nothing was written."""

    status = 400
