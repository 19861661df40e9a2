"""The one-file JSON backup: every table of the tournament, a restore with fresh ids that
round-trips exactly (on SQLite and on PostgreSQL), and files refused with nothing written."""

from __future__ import annotations

import copy
import io
import json

import pytest
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import (
    Tournament,
)
from judgeaid.services import exports, restore, standings_pages
from tests.factories import (
    build_event,
    fresh_database,
    without_ids,
)

pytestmark = pytest.mark.committed  # restores into a fresh database (DDL)


def count_tournaments() -> int:
    return db.session.scalar(select(func.count(Tournament.id)))


def test_the_backup_holds_every_table_of_the_tournament(app):
    with app.app_context():
        tid = build_event()
        backup = exports.export_tournament(tid)
    covered = set(backup["tables"]) | set(exports.NOT_BACKED_UP)
    assert covered == set(db.metadata.tables)
    for name, rows in backup["tables"].items():
        assert rows, f"the test event has no {name} rows"
    assert all("pin_hash" not in user for user in backup["tables"]["user"])
    assert backup["signature"].startswith("hmac-sha256:")
    assert {r["revision"] for r in backup["tables"]["card_round"]} == {1, 2}


def test_export_import_export_round_trips_exactly(app):
    with app.app_context():
        tid = build_event()
        first = exports.export_tournament(tid)
        text = json.dumps(first, ensure_ascii=False)
        fresh_database()
        db.session.add(Tournament(name="Taken id space", format="csom", seed=1))
        db.session.commit()
        restored = restore.import_tournament(text.encode(), organizer_pin="4321").tournament
        db.session.commit()
        assert restored.id != tid
        second = exports.export_tournament(restored.id)
    restore_event = second["tables"]["audit_event"].pop()
    assert restore_event["action"] == "tournament.restore"
    assert restore_event["after"] == {"verified": True, "organizer": "Olga"}
    assert without_ids(second) == without_ids(first)
    assert {**second["counts"], "audit_event": first["counts"]["audit_event"]} == first["counts"]


def test_a_restored_tournament_works(app, client):
    with app.app_context():
        tid = build_event()
        before = standings_pages.api_standings(tid)
        data = exports.backup_bytes(tid)
        fresh_database()
        restored = restore.import_tournament(data, organizer_pin="97531")
        db.session.commit()
        new_id = restored.tournament.id
    assert restored.is_verified
    after = client.get(f"/api/tournaments/{new_id}/standings").get_json()
    assert after["standings"] == before["standings"]
    judge = client.post("/api/login", json={"tournament_id": new_id, "name": "Jin",
                                            "pin": "2468"})
    assert judge.status_code == 401  # no PIN hash travels in a backup
    organizer = client.post("/api/login", json={"tournament_id": new_id,
                                                "name": restored.organizer, "pin": "97531"})
    assert organizer.status_code == 200


def test_restoring_next_to_the_original_is_refused(app):
    with app.app_context():
        tid = build_event()
        data = exports.backup_bytes(tid)
        with pytest.raises(exports.BadBackup, match="fresh database") as refused:
            restore.import_tournament(data, organizer_pin="4321")
        assert refused.value.status == 409
        assert count_tournaments() == 1


def mangle(backup: dict, how: str) -> bytes:
    backup = copy.deepcopy(backup)
    tables = backup["tables"]
    if how == "truncated":
        return json.dumps(backup).encode()[:5000]
    if how == "format":
        backup["format"] = "something-else"
    elif how == "version":
        backup["version"] = 99
    elif how == "schema":
        backup["schema"]["player"].remove("token")
    elif how == "edited":
        tables["player"][0]["name"] = "Someone Else"
    elif how == "type":
        tables["player"][0]["number"] = "seven"
    elif how == "missing":
        del tables["seat"][0]["player_id"]
    elif how == "dangling":
        tables["seat"][0]["player_id"] = 999_999
    elif how == "two tournaments":
        tables["tournament"].append(dict(tables["tournament"][0], id=999_999))
    if how in ("type", "missing", "dangling", "two tournaments"):
        backup["checksum"] = exports.checksum(tables)
    return json.dumps(backup).encode()


@pytest.mark.parametrize(("how", "message"), [
    ("truncated", "not JSON"), ("format", "not a judgeaid tournament backup"),
    ("version", "version 99"), ("schema", "different tables or columns"),
    ("edited", "checksum"), ("type", "must be a whole number"),
    ("missing", "does not have the table's columns"), ("dangling", "not in the backup"),
    ("two tournaments", "exactly one tournament"),
])
def test_a_bad_file_is_refused_and_nothing_is_written(app, how, message):
    with app.app_context():
        backup = exports.export_tournament(build_event())
        fresh_database()
        with pytest.raises(exports.BadBackup, match=message):
            restore.import_tournament(mangle(backup, how), organizer_pin="4321")
        db.session.rollback()
        assert count_tournaments() == 0


def test_a_row_the_database_refuses_rolls_everything_back(app):
    with app.app_context():
        backup = exports.export_tournament(build_event())
        tables = backup["tables"]["table"]
        tables[1]["number"] = tables[0]["number"]  # two tables with one number in a session
        backup["checksum"] = exports.checksum(backup["tables"])
        fresh_database()
        with pytest.raises(exports.BadBackup, match="Nothing was written"):
            restore.import_tournament(json.dumps(backup), organizer_pin="4321")
        db.session.commit()
        assert count_tournaments() == 0


def test_the_cli_exports_and_restores(app, runner, tmp_path):
    with app.app_context():
        tid = build_event()
    path = tmp_path / "backup.json"
    out = runner.invoke(args=["standings", "export", str(tid), "--out", str(path)])
    assert out.exit_code == 0, out.output
    with app.app_context():
        fresh_database()
    restored = runner.invoke(args=["standings", "import", str(path),
                                   "--organizer-pin", "4321"])
    assert restored.exit_code == 0, restored.output
    body = json.loads(restored.output)
    assert body["name"] == "Test Open"
    again = runner.invoke(args=["standings", "import", str(path), "--organizer-pin", "4321"])
    assert again.exit_code == 1 and "fresh database" in again.output


class ChangingFile(io.BytesIO):
    """A file someone rewrites after the restore has read it once."""

    def __init__(self, first: bytes, later: bytes):
        super().__init__(first)
        self.later, self.seeks = later, 0

    def seek(self, offset, whence=0):
        if offset == 0 and whence == 0:
            self.seeks += 1
            if self.seeks == 2:
                return super().__init__(self.later) or 0
        return super().seek(offset, whence)


def test_a_file_changed_between_the_check_and_the_writing_writes_nothing(app):
    with app.app_context():
        backup = exports.export_tournament(build_event())
        fresh_database()
        later = copy.deepcopy(backup)
        later["tables"]["card_round"][0]["deltas"] = {"1": 1000, "2": 0, "3": 0, "4": 0}
        stream = ChangingFile(json.dumps(backup).encode(), json.dumps(later).encode())
        with pytest.raises(exports.BadBackup, match="changed while it was being restored"):
            restore.import_tournament(stream, organizer_pin="4321")
        db.session.commit()
        assert count_tournaments() == 0
