"""Restore a tournament from its backup file, with every row checked as a live write is.

The file is read as a stream twice and never held whole (judgeaid.services.backup_stream):
the first reading checks every row (judgeaid.services.backup_check, each column by
judgeaid.services.backup_rows: types, lengths, the edge rules for text and numbers, known
formats and statuses, the references between rows, every round line scored again from its
winner, value and kind of win) and works out the file's checksum and signature; only when
all of it is right does the second reading, here, write the rows, a batch at a time, with
fresh ids, inside one savepoint. Card totals are added up again from the cards; the file's
own numbers are never trusted.

A backup carries no PIN hashes: the restore sets a new PIN for one organizer, and every other
account comes back without a PIN until the organizer gives it one on the desk.

Restoring with `keep_ids` (the second laptop taking over when the first one dies) writes
every row with the id it had, so the printed slips' QR codes (/cards/<id>) and every link
keep working; it refuses a database that holds any row of a backed-up table. Player tokens
are kept by both kinds of restore.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import IO

from flask_babel import gettext as _
from sqlalchemy import DateTime, insert, select
from sqlalchemy import text as sql_text
from sqlalchemy.exc import SQLAlchemyError

from judgeaid.extensions import db
from judgeaid.models import Tournament
from judgeaid.services.accounts import NO_PIN, check_pin, hash_pin
from judgeaid.services.audit import record_event
from judgeaid.services.backup_check import BATCH, Checker, check_backup
from judgeaid.services.backup_rows import TARGETS, show_value
from judgeaid.services.backup_stream import open_backup, read_backup
from judgeaid.services.card_totals import store_totals
from judgeaid.services.exports import (
    BACKUP_TABLES,
    BadBackup,
    RowDigest,
    UnknownOrganizer,
    foreign_keys,
    signing_key,
)

BATCH_EVENTS = 25_000  # or fewer rows, when they are big (replay records, audit events)


@dataclass
class Restored:
    """A restored tournament, the organizer given the new PIN, and whether the file was ours."""

    tournament: Tournament
    organizer: str
    is_verified: bool


def _choose_organizer(checker: Checker, name: str | None) -> int:
    if not name or not name.strip():
        return checker.organizers[0][0]
    wanted = " ".join(name.split()).casefold()
    for user_id, organizer in checker.organizers:
        if organizer.casefold() == wanted:
            return user_id
    names = ", ".join(n for _, n in checker.organizers)
    raise UnknownOrganizer(_("The backup has no organizer named %(name)s; its organizers are: "
                             "%(names)s.", name=show_value(name.strip()), names=names))


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
        raise NotEmpty(_("A restore that keeps ids needs an empty database (a new one, made "
                         "with `flask db upgrade`), and this one already holds rows of: "
                         "%(tables)s. Nothing was written.",
                         tables=", ".join(taken[:5]) + (" and more" if len(taken) > 5 else "")))


def _restart_sequences() -> None:
    """Set PostgreSQL's id sequences past the ids written as given (SQLite needs nothing:
    a new row takes the highest id plus one)."""
    if db.session.get_bind().dialect.name != "postgresql":
        return
    quote = db.session.get_bind().dialect.identifier_preparer.quote
    for model, _keys in BACKUP_TABLES:
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
    pin = check_pin(organizer_pin, _("Give the organizer a new PIN of 4 to 12 digits: a "
                                     "backup carries no PINs."))
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
            for kind, name, value in read_backup(stream):
                if kind == "table":
                    writer.start_table(name)
                elif kind == "row":
                    writer.on_row(value[1], value[2])
            writer.end_table()
            if writer.digest.checksum() != checked:
                raise BadBackup(_("The backup file changed while it was being restored. "
                                  "Nothing was written."))
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
        raise BadBackup(_("The backup could not be restored: the database refused a row "
                          "(%(problem)s). Nothing was written.",
                          problem=getattr(exc, "orig", None) or exc)) from exc
    return Restored(db.session.get(Tournament, new_id), organizer, is_verified)
