"""Automatic backups (issue 17): after a session is posted over HTTP, into the backup folder
and the second place; every 15 minutes during an event, at the times a test names; one
backup per tournament and slot however many workers ask; a second place that cannot be
written is reported while the first copy is kept."""

from __future__ import annotations

import gzip
import json
import threading
from datetime import datetime, timedelta

import pytest
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import PlaySession, Tournament
from judgeaid.services import autobackup, exports, restore
from tests.factories import (
    as_organizer,
    card_of,
    fresh_database,
    organizer_of,
    penalize,
    played_event,
    time_over,
)

T = datetime(2026, 11, 24, 10, 7)  # UTC: inside the 10:00-10:15 slot


@pytest.fixture
def folders(app, tmp_path):
    """Turn automatic backups on, into a folder and a second place of the test's own."""
    first, second = tmp_path / "backups", tmp_path / "stick"
    second.mkdir()
    app.config.update(BACKUP_AUTOMATIC=True, BACKUP_DIR=str(first),
                      BACKUP_SECOND_PATH=str(second), BACKUP_PERIODIC_KEEP=2)
    return first, second


@pytest.fixture
def event(app):
    with app.app_context():
        return played_event()


def finish_session_one(app, event):
    """Mark the session-1 cards' remaining rounds as not played (time over)."""
    with app.app_context():
        tournament = db.session.get(Tournament, event["id"])
        first = next(s for s in tournament.sessions if s.number == 1)
        for table in (1, 2):
            time_over(card_of(first, table), organizer_of(tournament))
        db.session.commit()


def backups_in(folder):
    return sorted(p.name for p in folder.glob("t*.json.gz"))


@pytest.mark.committed  # the restore starts from an empty database (DDL)
def test_posting_a_session_writes_both_copies_which_restore_to_the_same_data(
        app, client, event, folders):
    first, second = folders
    # as served: a child process writes it (waited for, however busy the machine)
    app.config.update(BACKUP_IN_CHILD=True, BACKUP_POSTED_WAIT_SECONDS=600)
    finish_session_one(app, event)
    as_organizer(client, event)
    posted = client.post(f"/t/{event['id']}/standings/sessions/1/finalize")
    assert posted.status_code == 302
    [name] = backups_in(first)
    assert name.startswith(f"t{event['id']}-test-open-") and name.endswith("-posted-s1.json.gz")
    assert backups_in(second) == [name]
    data = (first / name).read_bytes()
    assert (second / name).read_bytes() == data
    backup = json.loads(gzip.decompress(data))  # the backup file: its JSON, compressed
    assert [s["finalized_at"] is not None for s in backup["tables"]["play_session"]] == [
        True, False]  # the file holds the posting itself
    desk = client.get(f"/t/{event['id']}/organizer").get_data(as_text=True)
    assert "Last automatic backup:" in desk and "after session 1 was posted" in desk
    assert str(first) in desk and str(second) in desk
    with app.app_context():
        fresh_database()
        restored = restore.import_tournament((second / name).read_bytes(), organizer_pin="97531",
                                             keep_ids=True)
        db.session.commit()
        assert restored.is_verified and restored.tournament.id == event["id"]
        again = exports.export_tournament(event["id"])
    assert again["tables"]["audit_event"].pop()["action"] == "tournament.restore"
    assert again["tables"] == backup["tables"]


def test_a_second_place_that_cannot_be_written_is_reported_and_the_first_copy_kept(
        app, client, event, folders, tmp_path):
    first, _ = folders
    missing = tmp_path / "unplugged"
    app.config["BACKUP_SECOND_PATH"] = str(missing)
    finish_session_one(app, event)
    as_organizer(client, event)
    posted = client.post(f"/t/{event['id']}/standings/sessions/1/finalize",
                         follow_redirects=True)
    assert posted.status_code == 200
    page = posted.get_data(as_text=True)
    assert "Session 1 is posted as final." in page
    assert "not in the second place" in page and "is the stick plugged in" in page
    assert not missing.exists()  # never made on the laptop's own disk in its place
    [name] = backups_in(first)
    assert name.endswith("-posted-s1.json.gz")
    desk = client.get(f"/t/{event['id']}/organizer").get_data(as_text=True)
    assert "flash-warning" in desk and str(missing) in desk
    with app.app_context():
        session = db.session.scalar(select(PlaySession).where(
            PlaySession.tournament_id == event["id"], PlaySession.number == 1))
        assert session.finalized_at is not None  # the posting stands


def test_no_backup_folder_at_all_does_not_undo_the_posting(app, client, event, tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    app.config.update(BACKUP_AUTOMATIC=True, BACKUP_DIR=str(blocker / "backups"))
    finish_session_one(app, event)
    as_organizer(client, event)
    posted = client.post(f"/api/tournaments/{event['id']}/sessions/1/finalize",
                         json={"op_id": "backup-test-1"})
    assert posted.status_code == 200
    assert posted.get_json()["sessions"][0]["is_final"] is True
    page = client.get(f"/t/{event['id']}/standings/manage").get_data(as_text=True)
    assert "could not be written" in page


def test_the_15_minute_backups_are_due_once_per_slot_and_only_after_a_change(
        app, event, folders):
    first, second = folders
    with app.app_context():
        written = autobackup.run_due(T)
        assert [r["tournament_id"] for r in written] == [event["id"]]  # "other" is not seated
        assert written[0]["reason"] == "periodic" and not written[0]["problem"]
        assert autobackup.run_due(T + timedelta(minutes=5)) == [
            {"tournament_id": event["id"], "skipped": "claimed"}]
        assert autobackup.run_due(T + timedelta(minutes=15)) == [
            {"tournament_id": event["id"], "skipped": "unchanged"}]
        tournament = db.session.get(Tournament, event["id"])
        session = next(s for s in tournament.sessions if s.number == 2)
        penalize(card_of(session, 1), organizer_of(tournament), 1, 5)
        db.session.commit()
        changed = autobackup.run_due(T + timedelta(minutes=31))
        assert changed[0]["file"].endswith("20261124T103800Z-periodic.json.gz")
        assert backups_in(first) == backups_in(second) == sorted(
            [written[0]["file"], changed[0]["file"]])
        penalize(card_of(session, 2), organizer_of(tournament), 3, 5)
        db.session.commit()
        autobackup.run_due(T + timedelta(minutes=46))
        # two 15-minute backups kept (BACKUP_PERIODIC_KEEP): the first is gone
        assert len(backups_in(first)) == 2 and written[0]["file"] not in backups_in(first)


def test_an_event_is_in_play_from_its_first_seating_until_a_day_after_all_is_posted(
        app, event):
    with app.app_context():
        assert autobackup.events_in_play(T) == [event["id"]]
        sessions = db.session.scalars(select(PlaySession).where(
            PlaySession.tournament_id == event["id"])).all()
        for session in sessions:
            session.finalized_at = T - timedelta(hours=2)
        db.session.flush()
        assert autobackup.events_in_play(T) == [event["id"]]  # between two days of play
        assert autobackup.events_in_play(T + timedelta(days=1)) == []
        assert event["other"] not in autobackup.events_in_play(T)  # nothing seated yet


def test_posted_backups_are_all_kept_and_periodic_ones_pruned(app, event, folders):
    first, _ = folders
    with app.app_context():
        names = [autobackup.write_backup(event["id"], reason, T + timedelta(minutes=m))["file"]
                 for m, reason in enumerate(["posted-s1", "periodic", "periodic",
                                             "posted-s2", "periodic"])]
    assert backups_in(first) == sorted(names[i] for i in (0, 2, 3, 4))


def test_the_slot_is_claimed_once_when_workers_race(app, folders):
    start = threading.Barrier(12)
    won = []

    def worker():
        with app.app_context():
            start.wait()
            won.append(autobackup.claim_slot(7, autobackup.slot_of(T, 900)))

    threads = [threading.Thread(target=worker) for _ in range(12)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(won) == [False] * 11 + [True]
    with app.app_context():
        assert autobackup.claim_slot(7, autobackup.slot_of(T + timedelta(minutes=15), 900))


def test_the_scheduler_starts_once_per_process_and_not_under_testing(app, client):
    client.get("/")
    assert autobackup.THREAD_KEY not in app.extensions
    stop = autobackup.start_scheduler(app)
    try:
        assert stop is not None and autobackup.start_scheduler(app) is None
    finally:
        stop.set()
        app.extensions.pop(autobackup.THREAD_KEY)


@pytest.mark.committed  # restores into a fresh database (DDL)
def test_keep_ids_restore_keeps_card_ids_and_tokens_and_refuses_a_database_in_use(
        app, runner, event, tmp_path):
    with app.app_context():
        before = exports.export_tournament(event["id"])
    path = tmp_path / "backup.json"
    path.write_bytes(json.dumps(before).encode())
    with app.app_context():
        fresh_database()
    restored = runner.invoke(args=["standings", "import", str(path), "--keep-ids",
                                   "--organizer-pin", "97531"])
    assert restored.exit_code == 0, restored.output
    assert json.loads(restored.output)["tournament_id"] == event["id"]
    with app.app_context():
        after = exports.export_tournament(event["id"])
        assert [c["id"] for c in after["tables"]["card"]] == [
            c["id"] for c in before["tables"]["card"]]
        assert {p["token"] for p in after["tables"]["player"]} == set(
            event["tokens"].values())
        # a row added after the restore takes a new id (PostgreSQL's sequences follow)
        tournament = db.session.get(Tournament, event["id"])
        session = next(s for s in tournament.sessions if s.number == 2)
        penalize(card_of(session, 2), organizer_of(tournament), 3, 5)
        db.session.commit()
    again = runner.invoke(args=["standings", "import", str(path), "--keep-ids",
                                "--organizer-pin", "97531"])
    assert again.exit_code == 1 and "needs an empty database" in again.output
    with app.app_context():
        assert db.session.scalar(select(func.count(Tournament.id))) == 1


def test_a_backup_process_that_fails_is_reported_and_the_posting_stands(
        app, client, event, folders):
    first, _ = folders
    # The child reads the database as committed, where this test's event is not (its rows
    # are rolled back at the end): the export fails there, as a broken database would.
    app.config.update(BACKUP_IN_CHILD=True, BACKUP_POSTED_WAIT_SECONDS=600)
    finish_session_one(app, event)
    as_organizer(client, event)
    posted = client.post(f"/t/{event['id']}/standings/sessions/1/finalize",
                         follow_redirects=True)
    page = posted.get_data(as_text=True)
    assert "Session 1 is posted as final." in page
    assert "could not be written: the backup could not be made" in page
    assert backups_in(first) == []
    with app.app_context():
        assert autobackup.read_status(event["id"])["problem"].startswith(
            "The automatic backup after session 1 could not be written")
