"""Many screens asking at once: cards close exactly once, a tap lands exactly once."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
from http.cookiejar import CookieJar

import pytest
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, ClockEvent, PlaySession
from judgeaid.services import clock as clock_service
from tests.conftest import LiveServer, is_postgres

pytestmark = [pytest.mark.committed,  # requests from threads
              pytest.mark.skipif(not is_postgres(),
                                 reason="the race is proven on PostgreSQL (CI runs it)")]

MIN = 60_000


def _post(opener, url, body):
    request = urllib.request.Request(url, method="POST", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        return opener.open(request).status
    except urllib.error.HTTPError as error:
        return error.code


def _race(count, action):
    barrier = threading.Barrier(count)
    statuses = []

    def run(i):
        barrier.wait()
        statuses.append(action(i))

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(20)
    return statuses


def test_eight_screens_closing_the_cards_at_once(app, demo):
    now = clock_service.server_now_ms()
    with app.app_context():
        db.session.add(ClockEvent(session_id=1, kind="start", at_ms=now - 100 * MIN, by="test"))
        db.session.get(PlaySession, 1).status = "playing"
        db.session.commit()
    with LiveServer(app) as server:
        url = f"{server.url}/api/tournaments/{demo['tournament_id']}/clock/time-over"
        opener = urllib.request.build_opener()
        statuses = _race(8, lambda _: _post(opener, url, {}))
    assert statuses == [200] * 8
    with app.app_context():
        ends = db.session.scalar(select(func.count(ClockEvent.id)).where(
            ClockEvent.kind == "end"))
        closed = db.session.scalar(select(func.count(AuditEvent.id)).where(
            AuditEvent.action == "card.time_over"))
        assert ends == 1
        assert closed == len(demo["cards"])


def test_two_phones_tapping_the_same_turn(app, demo):
    with LiveServer(app) as server:
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
        assert _post(opener, f"{server.url}/api/login", {
            "tournament_id": demo["tournament_id"], **demo["judge"]}) == 200
        card = json.loads(urllib.request.urlopen(server.url + demo["cards"][0]["api"]).read())
        request = urllib.request.Request(
            f"{server.url}/api/tournaments/{demo['tournament_id']}/timers", method="POST",
            data=json.dumps({"card": card["id"], "round": 1, "dealt": "earlier",
                             "player": card["players"][0]["number"],
                             "op_id": "race-timer-1"}).encode(),
            headers={"Content-Type": "application/json"})
        timer = json.loads(opener.open(request).read())["timer"]
        now = clock_service.server_now_ms()
        for seq in range(4):
            statuses = _race(2, lambda i, seq=seq: _post(
                opener, f"{server.url}/api/timers/{timer['id']}/taps",
                {"seq": seq, "at_ms": now + seq * 10 + i, "op_id": f"race-tap-{seq}-{i}"}))
            assert sorted(statuses) == [200, 409], statuses
        final = json.loads(opener.open(f"{server.url}/api/timers/{timer['id']}").read())
        assert len(final["timer"]["edges"]) == 4 and final["timer"]["version"] == 5
