"""Backup rows (issue 28): the backup file of the demo as judges play it, session by session.

The 32-player demo (`flask demo`) is played for 7 sessions, every round of every card
recorded through POST /api/cards/<id>/rounds by a signed-in judge with its own op_id (so
each write leaves what a real one leaves: the round line, its replay record and its audit
event), each session posted and the next one seated by the organizer's services. After each
session the backup file (exports.backup_file: gzip-compressed JSON, as the desk downloads it
and the automatic backups write it) is weighed.

Issue 28 found the backup growing by a whole card view (~14 kB) with every write: 4.8 MB after
364 writes for this demo, so a 7-session event passed the 16 MB web-restore limit. The
baseline, in the same run, is the same event with each replay record holding the card view
it answered with, as it did before (the view drawn as the card is now, at the end of play:
a little larger than at the time of the write); it is built in a transaction that is rolled
back.
"""

from __future__ import annotations

import time
import uuid

from bench.load import round_body
from bench.support import Context, Row, kb, verdict

AREA = "backup"
PLAYERS = 32  # the demo's size, `flask demo` without --players
SESSIONS = 7  # issue 28: "a 7-session event"
RESTORE_LIMIT = 16 * 1024 * 1024  # judgeaid/organizer/views.py RESTORE_LIMIT: the web restore
SMALL_SHARE = 10  # "well below" the limit: at most a tenth of it


def _mb(n_bytes: float) -> str:
    return f"{n_bytes / 1e6:.2f} MB"


def _play_session(client, card_ids: list[int]) -> int:
    """Record every round of every card as a judge does; return how many writes went in."""
    writes = 0
    for card_id in card_ids:
        view = client.get(f"/api/cards/{card_id}").get_json()
        players = [p["number"] for p in view["players"]]
        for number in range(1, len(view["rounds"]) + 1):
            body = {**round_body(number, players), "op_id": str(uuid.uuid4())}
            answer = client.post(f"/api/cards/{card_id}/rounds", json=body)
            if answer.status_code != 200:
                raise RuntimeError(f"round {number} on card {card_id}: {answer.status_code} "
                                   f"{answer.get_json()}")
            writes += 1
    return writes


def _organizer(tid: int):
    from judgeaid.extensions import db
    from judgeaid.models import User

    return db.session.scalar(db.select(User).where(User.tournament_id == tid,
                                                   User.role == "organizer"))


def _cards_of(tid: int, number: int) -> list[int]:
    """Return the card ids of session `number`, seating it first unless it is seated."""
    from judgeaid.extensions import db
    from judgeaid.models import Tournament
    from judgeaid.services import seating
    from judgeaid.services.cards import card_for_table

    tournament = db.session.get(Tournament, tid)
    session = seating.session_row(tournament, number)
    if session is None or not session.is_seated:
        session = seating.seat_session(tournament, number, _organizer(tid))
    ids = [card_for_table(table).id for table in session.tables]
    db.session.commit()
    return ids


def _as_before(tid: int) -> tuple[int, int]:
    """Return the backup file's and its JSON's sizes with every replay record holding its
    whole card view again (the stored answers before issue 28); nothing is kept."""
    from sqlalchemy import select, update

    from judgeaid.extensions import db
    from judgeaid.models import Operation
    from judgeaid.services import exports, operations

    try:
        for op_id, response in db.session.execute(
                select(Operation.op_id, Operation.response)
                .where(Operation.tournament_id == tid)).all():
            whole = operations.answered(response)
            if whole is not response:
                db.session.execute(update(Operation).where(Operation.op_id == op_id)
                                   .values(response=whole))
        db.session.flush()
        return len(exports.backup_file(tid)), len(exports.backup_bytes(tid))
    finally:
        db.session.rollback()


def run(ctx: Context) -> list[Row]:
    """Play the demo for 7 sessions through the API; weigh its backup after each."""
    from judgeaid.demo import create_demo
    from judgeaid.extensions import db
    from judgeaid.models import Tournament
    from judgeaid.services import accounts, exports, results

    sessions = ctx.reps(SESSIONS, 2)
    automatic = ctx.app.config.get("BACKUP_AUTOMATIC")
    # Posting a session writes a backup by itself (in a child process): not measured here.
    ctx.app.config["BACKUP_AUTOMATIC"] = False
    try:
        with ctx.app.test_request_context():
            demo = create_demo(PLAYERS, seed=28)
            tid = demo["tournament_id"]
            accounts.update_settings(db.session.get(Tournament, tid), {"sessions": sessions},
                                     _organizer(tid))
            db.session.commit()
            empty = len(exports.backup_file(tid))
            empty_json = len(exports.backup_bytes(tid))
        client = ctx.app.test_client()
        judge = demo["judge"]
        signed_in = client.post("/api/login", json={"tournament_id": tid,
                                                    "name": judge["name"], "pin": judge["pin"]})
        if signed_in.status_code != 200:
            raise RuntimeError(f"the demo's judge could not sign in: {signed_in.status_code}")
        sizes, writes, tables, started = [], 0, 0, time.perf_counter()
        for number in range(1, sessions + 1):
            with ctx.app.test_request_context():
                card_ids = _cards_of(tid, number)
            tables = len(card_ids)
            writes += _play_session(client, card_ids)
            with ctx.app.test_request_context():
                results.finalize_session(db.session.get(Tournament, tid), number,
                                         _organizer(tid))
                db.session.commit()
                sizes.append({"session": number, "writes": writes,
                              "file_bytes": len(exports.backup_file(tid))})
        play_s = time.perf_counter() - started
        with ctx.app.test_request_context():
            json_bytes = len(exports.backup_bytes(tid))
            before_file, before_json = _as_before(tid)
    finally:
        ctx.app.config["BACKUP_AUTOMATIC"] = automatic

    final = sizes[-1]["file_bytes"]
    growth = (final - empty) / writes
    growth_before = (before_file - empty) / writes
    json_growth, json_growth_before = ((size - empty_json) / writes
                                       for size in (json_bytes, before_json))
    limit_share = RESTORE_LIMIT / SMALL_SHARE
    # a 7-session event of this demo: every round of every table in every session
    event_writes = SESSIONS * sizes[0]["writes"]
    growth_target = limit_share / event_writes
    ctx.details[AREA] = {"players": PLAYERS, "sessions": sessions, "writes": writes,
                         "demo_file_bytes": empty, "demo_json_bytes": empty_json,
                         "after_each_session": sizes,
                         "json_bytes": json_bytes, "play_seconds": round(play_s, 1),
                         "as_before": {"file_bytes": before_file, "json_bytes": before_json}}
    how = (f"the {PLAYERS}-player demo, {sessions} sessions x {tables} tables x "
           f"{writes // sessions // tables} rounds = {writes} writes through POST "
           f"/api/cards/<id>/rounds (each with its op_id), every session posted; "
           f"{ctx.database}")
    return [
        Row(AREA, f"backup file of the played demo, {sessions} sessions ({writes} writes)",
            _mb(final), f"≤ {_mb(limit_share)} (a tenth of the 16 MiB web-restore limit)",
            f"{_mb(before_file)} with whole card views in the replay records (before)",
            verdict(final <= limit_share),
            f"gzip .json.gz as exports.backup_file writes it ({_mb(json_bytes)} of JSON "
            f"inside; before: {_mb(before_json)}); {how}; issue 28 measured 4.8 MB after "
            f"364 writes; after each session: "
            + ", ".join(kb(s["file_bytes"]) for s in sizes)),
        Row(AREA, "backup growth per write: file (gzip) / JSON inside",
            f"{growth:.0f} B / {json_growth / 1000:.2f} KB",
            f"≤ {growth_target / 1000:.1f} KB (file)",
            f"{growth_before:.0f} B / {json_growth_before / 1000:.1f} KB before (a card view "
            "per write)",
            verdict(growth <= growth_target),
            f"(file after - the unplayed demo's {kb(empty)}) / {writes} writes: a round line, "
            f"its replay record and its audit event; the target keeps a 7-session event of "
            f"{event_writes} writes within a tenth of the limit; at this rate the 16 MiB "
            f"limit is {RESTORE_LIMIT / max(growth, 1):,.0f} writes away; played in "
            f"{play_s:.0f} s"),
    ]
