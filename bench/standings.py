"""Standings rows: 400 players × 8 sessions of real card rows, the standings service, the
public page and API, one player's results, and the JSON backup of that event.

Target (issue 8): the standings computed and the page served in under 200 ms server time.
Target (issue 12): restoring that backup peaks at most 5 × the file's size in traced memory.
Setup writes the cards with bulk inserts (16 rounds per card, a few corrections and
penalties) and then stores their totals with the function every card write uses, so the
figures measure reading and ranking, not recording.
"""

from __future__ import annotations

import random
import time

from bench.support import Row, kb, ms, verdict

AREA = "standings"
PLAYERS = 400
SESSIONS = 8
TARGET_MS = 200
RESTORE_RATIO = 5  # issue 12: a restore's peak traced memory, as a multiple of the file
PLAYED_BACKUP_MB = 2  # issue 28: the backup file of that event as played


def _build(ctx) -> int:
    """Create the event and its 800 cards of 16 rounds; return the tournament id."""
    from sqlalchemy import insert

    from judgeaid.extensions import db
    from judgeaid.models import (
        Card,
        CardPenalty,
        CardRound,
        Player,
        PlaySession,
        Seat,
        Table,
        utcnow,
    )
    from judgeaid.services import accounts
    from judgeaid.services.card_totals import store_totals
    from judgeaid.services.players import new_token

    rng = random.Random(8)
    with ctx.app.app_context():
        tournament, _ = accounts.create_tournament(
            "Bench Standings Open", "rsom", "Bench Organizer", "1234",
            settings={"sessions": SESSIONS}, seed=8)
        db.session.execute(insert(Player), [
            {"tournament_id": tournament.id, "number": n, "name": f"Bench Player {n:03d}",
             "token": new_token(), "status": "active", "joined_session": 1}
            for n in range(1, PLAYERS + 1)])
        player_ids = {number: player_id for number, player_id in db.session.execute(
            db.select(Player.number, Player.id).where(Player.tournament_id == tournament.id))}
        now = utcnow()
        for number in range(1, SESSIONS + 1):
            session = PlaySession(tournament_id=tournament.id, number=number, status="finished",
                                  finalized_at=now if number < SESSIONS else None,
                                  finalized_by="organizer:Bench Organizer")
            db.session.add(session)
            db.session.flush()
            order = list(range(1, PLAYERS + 1))
            rng.shuffle(order)
            groups = [order[i:i + 4] for i in range(0, PLAYERS, 4)]
            table_ids = db.session.scalars(
                insert(Table).returning(Table.id, sort_by_parameter_order=True),
                [{"session_id": session.id, "number": t} for t in range(1, len(groups) + 1)]
            ).all()
            db.session.execute(insert(Seat), [
                {"table_id": table_id, "player_id": player_ids[p], "position": position}
                for table_id, group in zip(table_ids, groups, strict=True)
                for position, p in enumerate(group)])
            card_ids = db.session.scalars(
                insert(Card).returning(Card.id, sort_by_parameter_order=True),
                [{"tournament_id": tournament.id, "session_id": session.id, "table_id": t,
                  "status": "locked"} for t in table_ids]).all()
            rounds, penalties = [], []
            for card_id, group in zip(card_ids, groups, strict=True):
                for r in range(1, 17):
                    for revision in (1, 2) if rng.random() < 0.02 else (1,):
                        rounds.append(_round(card_id, r, revision, group, rng))
                if rng.random() < 0.1:
                    penalties.append({"card_id": card_id, "player_number": group[0],
                                      "points": 10, "reason": "bench", "recorded_by": "bench",
                                      "voided_at": now if rng.random() < 0.2 else None})
            db.session.execute(insert(CardRound), rounds)
            if penalties:
                db.session.execute(insert(CardPenalty), penalties)
            # Bulk inserts pass the ORM by; store the totals as a card write would.
            store_totals(card_ids)
        db.session.commit()
        return tournament.id


def _history(tournament_id: int) -> int:
    """Add what real writes leave beside each round line: its replay record (the answer as
    writes.once keeps it) and its audit event; return how many rounds got them."""
    import uuid

    from sqlalchemy import insert, select

    from judgeaid.extensions import db
    from judgeaid.models import AuditEvent, Card, CardRound, Operation
    from judgeaid.services import operations

    rows = db.session.execute(select(CardRound).join(Card, Card.id == CardRound.card_id)
                              .where(Card.tournament_id == tournament_id)).scalars().all()
    ops, events = [], []
    for line in rows:
        op_id = str(uuid.uuid4())
        line.op_id = op_id
        body = {"round": line.round, "result": line.result, "winner": line.winner,
                "value": line.value, "win": line.win, "op_id": op_id}
        answer = {"card": {"id": line.card_id, "rounds": []}, "round": line.round,
                  "revision": line.revision, "changed": True}
        ops.append({"op_id": op_id, "tournament_id": tournament_id, "kind": "card.round",
                    "target": f"card:{line.card_id}", "status": 200,
                    "request_hash": operations.request_hash(body),
                    "response": operations.stored(answer), "note": "",
                    "created_at": line.recorded_at})
        events.append({"tournament_id": tournament_id, "user_id": None,
                       "actor": "judge:Bench Judge", "action": "card.round",
                       "subject": f"card:{line.card_id}:round:{line.round}", "before": None,
                       "after": {"result": line.result, "winner": line.winner,
                                 "value": line.value, "win": line.win, "wrong_dealer": None,
                                 "compensation_for": None, "discarder": None, "same_turn": [],
                                 "patterns": None, "pattern_lines": [], "deltas": line.deltas,
                                 "responsible": None, "revision": line.revision, "reason": "",
                                 "recorded_by": "judge:Bench Judge",
                                 "recorded_at": line.recorded_at.isoformat() + "Z"},
                       "created_at": line.recorded_at})
    db.session.execute(insert(Operation), ops)
    db.session.execute(insert(AuditEvent), events)
    db.session.commit()
    return len(rows)


def _round(card_id: int, number: int, revision: int, group: list[int], rng) -> dict:
    """Return a round line: a self-draw (deltas +3v / −v each) or, now and then, a draw."""
    if rng.random() < 0.1:
        deltas, result, winner, value = dict.fromkeys(map(str, group), 0), "draw", None, None
    else:
        winner, value = rng.choice(group), rng.choice((2, 5, 10, 15, 25, 30, 40, 60, 100, 160))
        deltas = {str(p): 3 * value if p == winner else -value for p in group}
        result = "win"
    return {"card_id": card_id, "round": number, "revision": revision, "result": result,
            "winner": winner, "value": value, "win": "self" if winner else None,
            "deltas": deltas, "recorded_by": "bench", "reason": ""}


def _restore_memory(ctx, backup: bytes) -> dict:
    """Restore the backup into fresh databases; return tracemalloc peaks as file multiples."""
    import io
    import json
    import tempfile
    import tracemalloc

    from judgeaid import create_app
    from judgeaid.extensions import db
    from judgeaid.services import restore

    key = ctx.app.config["SECRET_KEY"]
    result: dict = {"file_bytes": len(backup)}
    tracemalloc.start()
    json.loads(backup)
    result["json_loads_ratio"] = round(tracemalloc.get_traced_memory()[1] / len(backup), 2)
    tracemalloc.stop()
    with tempfile.TemporaryDirectory() as folder:
        for how in ("service", "web"):
            app = create_app({"TESTING": True, "SECRET_KEY": key, "WTF_CSRF_ENABLED": False,
                              "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/{how}.sqlite"})
            with app.app_context():
                db.create_all()
            boundary = "bench-boundary"
            body = (f'--{boundary}\r\nContent-Disposition: form-data; name="organizer_pin"'
                    f'\r\n\r\n86420\r\n--{boundary}\r\nContent-Disposition: form-data; '
                    f'name="backup"; filename="backup.json"\r\nContent-Type: '
                    f'application/json\r\n\r\n').encode() + backup + (
                        f"\r\n--{boundary}--\r\n").encode()
            client = app.test_client()
            started = time.perf_counter()
            tracemalloc.start()
            if how == "service":
                with app.app_context():
                    restore.import_tournament(io.BytesIO(backup), organizer_pin="86420",
                                              key=key.encode())
                    db.session.commit()
            else:
                response = client.post("/new/restore", data=body,
                                       content_type=f"multipart/form-data; boundary={boundary}")
                assert response.status_code == 302, response.status_code
            peak = tracemalloc.get_traced_memory()[1]
            tracemalloc.stop()
            result[how] = {"peak_bytes": peak, "ratio": round(peak / len(backup), 2),
                           "seconds": round(time.perf_counter() - started, 2)}
            with app.app_context():
                db.engine.dispose()
    return result


def run(ctx) -> list[Row]:
    """Time the standings service, the page, the API and one player's results at 400 × 8."""
    from judgeaid.extensions import db
    from judgeaid.models import Player
    from judgeaid.services import exports, standings_pages
    from judgeaid.services.standings_data import forget_computed

    started = time.perf_counter()
    tid = _build(ctx)
    setup_s = time.perf_counter() - started
    reps = ctx.reps(30, 3)
    client = ctx.app.test_client()

    def get(path, cold=False):
        def fetch():
            if cold:
                forget_computed()
            response = client.get(path)
            assert response.status_code == 200, (path, response.status_code)
            return response
        return fetch

    with ctx.app.app_context():

        def service():
            db.session.remove()  # every run loads from the database, as a request does
            forget_computed()
            standings_pages.standings_view(tid)

        service_t = ctx.timeit(service, reps)
        # CPU time as well: on a busy host the wall-clock p99 mostly measures the queue
        cpu = []
        for _ in range(reps):
            started = time.process_time()
            service()
            cpu.append((time.process_time() - started) * 1000)
        cpu_ms = sorted(cpu)[len(cpu) // 2]
        player_id = db.session.scalar(db.select(Player.id).where(
            Player.tournament_id == tid, Player.number == 200))
    page = f"/t/{tid}/standings"
    cold_t = ctx.timeit(get(page, cold=True), reps)
    warm_t = ctx.timeit(get(page), reps)
    api_t = ctx.timeit(get(f"/api/tournaments/{tid}/standings"), reps)
    size = len(get(page)().data)
    with ctx.app.test_request_context():
        player_t = ctx.timeit(lambda: (db.session.remove(),
                                       standings_pages.results_for_player(player_id)), reps)
        started = time.perf_counter()
        backup = exports.backup_bytes(tid)
        backup_ms = (time.perf_counter() - started) * 1000

    restore = _restore_memory(ctx, backup)
    # Issue 28: the same event as real writes leave it, a replay record and an audit event per
    # round beside its line; the backup file is compressed.
    with ctx.app.test_request_context():
        played_rounds = _history(tid)
        started = time.perf_counter()
        played = exports.backup_file(tid)
        played_ms = (time.perf_counter() - started) * 1000
        played_json = len(exports.backup_bytes(tid))
    figures = {"service": service_t, "page_cold": cold_t, "page": warm_t, "api": api_t,
               "player": player_t}
    ctx.details[AREA] = {"players": PLAYERS, "sessions": SESSIONS, "setup_s": round(setup_s, 2),
                         **{k: v.__dict__ for k, v in figures.items()},
                         "service_cpu_median_ms": round(cpu_ms, 1), "page_bytes": size,
                         "backup_bytes": len(backup),
                         "backup_ms": round(backup_ms, 1), "restore": restore,
                         "played_backup_bytes": len(played), "played_backup_json": played_json,
                         "played_backup_ms": round(played_ms, 1)}
    scale = f"{PLAYERS} × {SESSIONS}"
    note = f"{PLAYERS} players × {SESSIONS} sessions, 800 cards, ~12.9k round lines; {ctx.database}"

    def timed(measure, timing, target, note_text):
        return Row(AREA, f"{measure} (median / p99)",
                   f"{ms(timing.median_ms)} / {ms(timing.p99_ms)}",
                   f"< {TARGET_MS} ms" if target else "", "",
                   verdict(timing.p99_ms < TARGET_MS) if target else "", note_text)

    return [
        timed(f"standings service {scale}, computed from the cards", service_t, True,
              f"{note}; stored card totals read in one query, ranked, Day-1 cut preview; "
              f"CPU time median {ms(cpu_ms)}; startup objects kept out of the garbage "
              f"collector (gc.freeze, as app.py does)"),
        timed(f"GET /t/<id>/standings {scale}, computed from the cards", cold_t, True,
              f"server time through the test client; {kb(size)} of HTML before gzip"),
        timed(f"GET /t/<id>/standings {scale}, nothing changed since the last GET", warm_t,
              True, "the fingerprint query finds the standings already computed"),
        timed("GET /api/tournaments/<id>/standings, nothing changed", api_t, True,
              "the public JSON of the same data"),
        timed("one player's results (player page partial)", player_t, False,
              "their own seats' card totals plus their place in the standings"),
        Row(AREA, "JSON backup of that event: size, time", f"{kb(len(backup))}, {ms(backup_ms)}",
            "", "", "", "bulk-made rows: no audit events or replay records, which a real "
                        "event adds (each replay record holds a whole card)"),
        Row(AREA, "backup file of that event as played: size",
            f"{len(played) / 1e6:.2f} MB", f"< {PLAYED_BACKUP_MB} MB",
            f"{played_json / 1e6:.1f} MB of JSON inside",
            verdict(len(played) < PLAYED_BACKUP_MB * 1e6),
            f"issue 28: {played_rounds} rounds, each with its replay record (the answer names "
            f"its card, no copy of it) and its audit event; gzip, written in {ms(played_ms)}"),
        *(Row(AREA, f"restore of that backup ({how}): peak traced memory",
              f"{restore[key]['peak_bytes'] / 1e6:.1f} MB = {restore[key]['ratio']:.2f} × "
              f"the {restore['file_bytes'] / 1e6:.1f} MB file",
              f"≤ {RESTORE_RATIO} × file", f"json.loads alone: {restore['json_loads_ratio']:.2f}"
              " × file", verdict(restore[key]["ratio"] <= RESTORE_RATIO),
              f"tracemalloc peak during the restore into a fresh SQLite database, "
              f"{restore[key]['seconds']:.1f} s with tracing on; {note_text}")
          for key, how, note_text in (
              ("service", "service", "file already in memory, read as a stream"),
              ("web", "POST /new/restore", "whole request through the test client, "
                                           "the upload spooled to a temporary file"))),
    ]
