"""The session clock through the API: acts, access, deadlines, time over on the cards (§3.4)."""

from __future__ import annotations

import time

import pytest

from judgeaid.extensions import db
from judgeaid.models import ClockEvent, PlaySession, Tournament
from judgeaid.services import clock as clock_service
from tests.conftest import login
from tests.factories import card_ids, install_server_clock

MIN = 60_000


@pytest.fixture
def server_clock(monkeypatch):
    return install_server_clock(monkeypatch, frozen=True)


def act(client, demo, **body):
    body.setdefault("op_id", f"op-{time.time_ns()}")
    return client.post(f"/api/tournaments/{demo['tournament_id']}/clock", json=body)


def clock_of(client, demo):
    return client.get(f"/api/tournaments/{demo['tournament_id']}/clock").get_json()


def test_hall_clock_is_public_and_follows_the_format(client, demo, server_clock):
    body = clock_of(client, demo)
    assert body["now_ms"] == server_clock.now_ms()
    session = body["session"]
    # the demo is a CSoM: 90 minutes (§3.4.1.2)
    assert (session["number"], session["status"], session["is_timed"]) == (1, "not_started", True)
    assert session["hall"]["remaining_ms"] == 90 * MIN
    assert session["hall"]["deadline_ms"] is None
    assert session["warnings_ms"] == [15 * MIN, 5 * MIN]


def test_only_the_organizer_or_head_judge_runs_the_clock(app, client, demo):
    assert act(client, demo, action="start").status_code == 401
    login(client, demo, "judge")
    assert act(client, demo, action="start").status_code == 403
    client.post("/api/logout", json={})
    login(client, demo, "head_judge")
    assert act(client, demo, action="start").status_code == 200


def test_start_pause_resume_extend_end(app, client, demo, server_clock):
    login(client, demo, "organizer")
    t0 = server_clock.now_ms()
    started = act(client, demo, action="start", op_id="op-start-0001")
    assert started.status_code == 200
    hall = started.get_json()["session"]["hall"]
    assert hall["deadline_ms"] == t0 + 90 * MIN and hall["is_running"]
    # a replay of the same write changes nothing
    again = act(client, demo, action="start", op_id="op-start-0001")
    assert again.get_json() == started.get_json()

    server_clock.advance(10 * MIN)
    assert act(client, demo, action="pause").status_code == 200
    server_clock.advance(3 * MIN)
    paused = clock_of(client, demo)["session"]
    assert paused["status"] == "paused" and paused["hall"]["remaining_ms"] == 80 * MIN
    assert paused["hall"]["deadline_ms"] is None
    assert act(client, demo, action="pause").status_code == 409
    assert act(client, demo, action="resume").status_code == 200

    refused = act(client, demo, action="extend", seconds=120)
    assert refused.status_code == 400 and "why" in refused.get_json()["message"]
    assert act(client, demo, action="extend", seconds=120, table=99, reason="x").status_code == 400
    assert act(client, demo, action="extend", seconds=300, reason="Fire alarm").status_code == 200
    extra = act(client, demo, action="extend", seconds=240, table=3, reason="Long ruling")
    session = extra.get_json()["session"]
    assert session["hall"]["deadline_ms"] == t0 + 98 * MIN
    assert session["tables"] == [dict(session["tables"][0], table=3, extra_ms=4 * MIN,
                                      reason="Long ruling", deadline_ms=t0 + 102 * MIN)]
    kinds = [e["kind"] for e in session["events"]]
    assert kinds == ["start", "pause", "resume", "extend", "extend"]
    assert session["events"][-1]["by"] == "organizer:Olivia Organizer"


def test_unknown_action_and_acts_out_of_order(client, demo):
    login(client, demo, "organizer")
    assert act(client, demo, action="rewind").status_code == 400
    refused = act(client, demo, action="resume")
    assert refused.status_code == 409
    assert refused.get_json()["message"] == "The session clock has not started."
    assert act(client, demo, action="extend", seconds=0, reason="x").status_code == 400


def test_etag_lets_pollers_skip_unchanged_clocks(client, demo):
    first = client.get(f"/api/tournaments/{demo['tournament_id']}/clock")
    etag = first.headers["ETag"]
    same = client.get(f"/api/tournaments/{demo['tournament_id']}/clock",
                      headers={"If-None-Match": etag})
    assert same.status_code == 304
    login(client, demo, "organizer")
    act(client, demo, action="start")
    changed = client.get(f"/api/tournaments/{demo['tournament_id']}/clock",
                         headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag


def _set(app, demo, **settings):
    with app.app_context():
        tournament = db.session.get(Tournament, demo["tournament_id"])
        tournament.settings = {**tournament.settings, **settings}
        db.session.commit()


def test_no_limit_counts_up(app, client, demo, server_clock):
    _set(app, demo, session_minutes=None)
    login(client, demo, "organizer")
    act(client, demo, action="start")
    server_clock.advance(100 * MIN)
    session = clock_of(client, demo)["session"]
    assert session["is_timed"] is False and session["status"] == "running"
    assert session["hall"]["remaining_ms"] is None
    assert session["hall"]["counting_since_ms"] == server_clock.now_ms() - 100 * MIN
    assert session["sweep_at_ms"] is None
    assert act(client, demo, action="extend", seconds=60, reason="x").status_code == 409


def test_grand_final_has_no_limit(app, demo):
    with app.app_context():
        session = db.session.get(PlaySession, 1)
        session.stage, session.bracket_size = "final", 4
        assert clock_service.duration_ms(session) is None
        session.bracket_size = 8
        assert clock_service.duration_ms(session) == 90 * MIN


def _backdate(app, demo, *events):
    """Write clock events at times relative to the server clock's now."""
    with app.app_context():
        session = db.session.get(PlaySession, 1)
        tables = {t.number: t.id for t in session.tables}
        for kind, at_ms, amount_ms, table in events:
            db.session.add(ClockEvent(session_id=session.id, kind=kind, at_ms=at_ms,
                                      amount_ms=amount_ms, by="test",
                                      table_id=tables.get(table)))
        session.status = "playing"
        db.session.commit()


def _record_round(client, card_id, number):
    card = client.get(f"/api/cards/{card_id}").get_json()
    players = [p["number"] for p in card["players"]]
    response = client.post(f"/api/cards/{card_id}/rounds", json={
        "round": number, "result": "win", "winner": players[0], "value": 10, "win": "self",
        "op_id": f"round-{card_id}-{number}"})
    assert response.status_code == 200, response.get_json()


def test_time_over_closes_the_cards_after_the_grace_except_tables_with_extra_time(
        app, client, demo, server_clock):
    now = server_clock.now_ms()
    # 100 minutes ago the clock started; table 3 got 20 more minutes 50 minutes ago
    _backdate(app, demo, ("start", now - 100 * MIN, 0, None),
              ("extend", now - 50 * MIN, 20 * MIN, 3))
    cards = card_ids(demo)
    login(client, demo, "judge")
    _record_round(client, cards[0], 1)
    _record_round(client, cards[0], 2)
    session = clock_of(client, demo)["session"]
    assert session["status"] == "over" and session["hall"]["remaining_ms"] == -10 * MIN
    assert session["tables"][0]["remaining_ms"] == 10 * MIN
    assert session["sweep_at_ms"] == now - 10 * MIN + 2 * MIN

    # anyone may ask; the server decides by its own clock
    client.post("/api/logout", json={})
    closed = client.post(f"/api/tournaments/{demo['tournament_id']}/clock/time-over", json={})
    assert closed.status_code == 200
    table3 = cards[2]
    assert sorted(closed.get_json()["closed_cards"]) == sorted(c for c in cards if c != table3)
    first = client.get(f"/api/cards/{cards[0]}").get_json()
    assert first["not_played_from"] == 3
    assert [r["result"] for r in first["rounds"]][:4] == ["win", "win", "not_played",
                                                          "not_played"]
    assert client.get(f"/api/cards/{table3}").get_json()["not_played_from"] is None
    session = closed.get_json()["session"]
    assert session["hall"]["is_ended"] and session["status"] == "over"
    assert session["events"][-1] == dict(session["events"][-1], kind="end", by="clock")

    # asking again changes nothing
    again = client.post(f"/api/tournaments/{demo['tournament_id']}/clock/time-over", json={})
    assert again.get_json()["closed_cards"] == []

    # table 3 plays on to its own deadline, then its card closes too
    server_clock.advance(11 * MIN)
    assert client.post(f"/api/tournaments/{demo['tournament_id']}/clock/time-over",
                       json={}).get_json()["closed_cards"] == []
    server_clock.advance(2 * MIN)
    last = client.post(f"/api/tournaments/{demo['tournament_id']}/clock/time-over", json={})
    assert last.get_json()["closed_cards"] == [table3]
    assert last.get_json()["session"]["status"] == "ended"
    with app.app_context():
        assert db.session.get(PlaySession, 1).status == "finished"


def test_nothing_closes_before_the_grace(app, client, demo, server_clock):
    now = server_clock.now_ms()
    _backdate(app, demo, ("start", now - 91 * MIN, 0, None))
    closed = client.post(f"/api/tournaments/{demo['tournament_id']}/clock/time-over", json={})
    assert closed.get_json()["closed_cards"] == []
    assert all(client.get(f"/api/cards/{c}").get_json()["not_played_from"] is None
               for c in card_ids(demo))


def test_ending_early_closes_every_card_at_once(app, client, demo, server_clock):
    login(client, demo, "organizer")
    act(client, demo, action="start")
    act(client, demo, action="extend", seconds=300, table=2, reason="Late start at table 2")
    server_clock.advance(30 * MIN)
    ended = act(client, demo, action="end")
    body = ended.get_json()
    assert sorted(body["closed_cards"]) == sorted(card_ids(demo))
    assert body["session"]["status"] == "ended"
    assert body["session"]["hall"]["remaining_ms"] == 60 * MIN
    assert act(client, demo, action="extend", seconds=60, reason="x").status_code == 409
    with app.app_context():
        assert db.session.get(PlaySession, 1).status == "finished"


def test_judge_marked_cards_keep_the_judges_round(app, client, demo, server_clock):
    cards = card_ids(demo)
    login(client, demo, "judge")
    assert client.post(f"/api/cards/{cards[1]}/time-over",
                       json={"from_round": 5, "op_id": "judge-timeover-1"}).status_code == 200
    client.post("/api/logout", json={})
    login(client, demo, "organizer")
    act(client, demo, action="start")
    closed = act(client, demo, action="end").get_json()["closed_cards"]
    assert cards[1] not in closed
    assert client.get(f"/api/cards/{cards[1]}").get_json()["not_played_from"] == 5


def test_a_second_session_waits_for_the_first(app, client, demo, server_clock):
    login(client, demo, "organizer")
    act(client, demo, action="start")
    with app.app_context():
        other = PlaySession(tournament_id=demo["tournament_id"], number=2, status="seated")
        db.session.add(other)
        db.session.commit()
    assert act(client, demo, action="start", session=2).status_code == 409
    assert act(client, demo, action="start", session=7).status_code == 404


def test_clock_pages(client, demo):
    tid = demo["tournament_id"]
    hall = client.get(f"/t/{tid}/clock")
    assert hall.status_code == 200 and b"data-session-clock" in hall.data
    assert client.get(f"/t/{tid}/clock/control").status_code == 302
    login(client, demo, "organizer")
    control = client.get(f"/t/{tid}/clock/control")
    assert control.status_code == 200 and b"data-clock-controls" in control.data
    assert b"Extra time" in control.data
