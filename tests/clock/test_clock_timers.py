"""Play timers through the API (§1.9): taps in server time, live points, one-step penalty."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Penalty, PlayTimer, Ruling, Tournament
from judgeaid.services import timers as timer_service
from tests.conftest import login
from tests.factories import card_ids, install_server_clock

S = 1000


@pytest.fixture
def server_clock(monkeypatch):
    return install_server_clock(monkeypatch, frozen=True)


def start(client, demo, card, player, *, op_id="timer-start-1", **extra):
    body = {"card": card, "round": 1, "player": player, "op_id": op_id, **extra}
    return client.post(f"/api/tournaments/{demo['tournament_id']}/timers", json=body)


def first_player(client, card):
    return client.get(f"/api/cards/{card}").get_json()["players"][0]["number"]


def tap(client, timer_id, seq, at_ms, op_id=None):
    return client.post(f"/api/timers/{timer_id}/taps", json={
        "seq": seq, "at_ms": at_ms, "op_id": op_id or f"tap-{timer_id}-{seq}-{at_ms}"})


def test_limits_follow_the_event(app, demo):
    with app.app_context():
        tournament = db.session.get(Tournament, demo["tournament_id"])
        casual = timer_service.limits_for(tournament)
        assert (casual.kind, casual.turn_s, casual.round_bank_s, casual.free_s) == (
            "casual", 20, None, 20)
        assert timer_service.limits_for(tournament, is_stalling_clock=True).turn_s == 15
        tournament.format = "rsom"
        tournament.settings = {**tournament.settings, "turn_seconds": 15, "free_seconds": 15,
                               "round_bank_seconds": 180}
        competitive = timer_service.limits_for(tournament)
        assert (competitive.kind, competitive.turn_s, competitive.round_bank_s,
                competitive.free_s) == ("competitive", 15, 180, 15)


def test_a_round_timed_and_turned_into_a_penalty(app, client, demo, judge, server_clock):
    card = card_ids(demo)[0]
    player = first_player(client, card)
    t0 = server_clock.now_ms()
    started = start(client, demo, card, player)
    assert started.status_code == 200
    timer = started.get_json()["timer"]
    assert timer["dealt_at_ms"] == t0 and timer["free_until_ms"] == t0 + 20 * S
    assert timer["limits"] == {"kind": "casual", "turn_s": 20, "round_bank_s": None,
                               "free_s": 20}
    tid = timer["id"]
    # turn 1 starts at the deal; 40 s: 20 s free and 20 s of turn, so no penalty
    # turn 2: exactly 15.0 s over the 20 s limit: 5 points
    # turn 3: 15.1 s over: 10 points (§1.9, 5 per started 15 s)
    stamps = [t0, t0 + 40 * S, t0 + 60 * S, t0 + 95 * S, t0 + 100 * S, t0 + 135_100]
    for seq, at in enumerate(stamps):
        server_clock.advance(at - server_clock.now_ms())
        answer = tap(client, tid, seq, at)
        assert answer.status_code == 200, answer.get_json()
    result = answer.get_json()["timer"]["result"]
    assert [t["points"] for t in result["turns"]] == [0, 5, 10]
    assert result["total_points"] == 15

    converted = client.post(f"/api/timers/{tid}/penalty", json={"op_id": "timer-pen-1"})
    assert converted.status_code == 200, converted.get_json()
    body = converted.get_json()
    assert body["timer"]["status"] == "converted"
    assert body["timer"]["penalty"]["points"] == 15
    lines = client.get(f"/api/cards/{card}").get_json()["penalties"]
    assert [(p["player"], p["points"], p["round"]) for p in lines] == [(player, 15, 1)]
    assert lines[0]["reason"].startswith("Special case: Over the turn or round time limit")
    with app.app_context():
        penalty = db.session.scalar(select(Penalty))
        assert (penalty.category, penalty.infraction, penalty.kind, penalty.points) == (
            "special", "time_violation", "points", 15)
        ruling = db.session.get(Ruling, penalty.ruling_id)
        assert ruling.sections == ["1.9", "1.9.1"] and ruling.round == 1
        assert ruling.players == [player] and "15 time-penalty points" in ruling.decision
        assert penalty.card_penalty_id == lines[0]["id"]

    # a replay answers the same; a second conversion is refused
    again = client.post(f"/api/timers/{tid}/penalty", json={"op_id": "timer-pen-1"})
    assert again.get_json() == body
    twice = client.post(f"/api/timers/{tid}/penalty", json={"op_id": "timer-pen-2"})
    assert twice.status_code == 409
    assert tap(client, tid, 6, t0 + 140 * S).status_code == 409


def test_taps_are_idempotent_ordered_and_kept_in_time(client, demo, judge, server_clock):
    card = card_ids(demo)[1]
    tid = start(client, demo, card, first_player(client, card)).get_json()["timer"]["id"]
    now = server_clock.now_ms()
    first = tap(client, tid, 0, now - 5 * S, op_id="tap-op-0001")
    # a stamp before the deal is taken as the deal
    assert first.get_json()["timer"]["edges"] == [now]
    assert tap(client, tid, 0, now - 5 * S, op_id="tap-op-0001").get_json() == first.get_json()
    assert tap(client, tid, 0, now + 1).status_code == 409
    assert tap(client, tid, 2, now).status_code == 409
    # a stamp from the future (a phone slightly off) is taken as now
    server_clock.advance(3 * S)
    late = tap(client, tid, 1, server_clock.now_ms() + 60 * S).get_json()["timer"]
    assert late["edges"] == [now, now + 3 * S]
    assert late["version"] == 3


def test_undo_finish_and_nothing_to_charge(client, demo, judge, server_clock):
    card = card_ids(demo)[2]
    tid = start(client, demo, card, first_player(client, card),
                dealt="earlier").get_json()["timer"]["id"]
    now = server_clock.now_ms()
    tap(client, tid, 0, now)
    assert client.post(f"/api/timers/{tid}/undo",
                       json={"seq": 2, "op_id": "undo-op-01"}).status_code == 409
    undone = client.post(f"/api/timers/{tid}/undo", json={"seq": 1, "op_id": "undo-op-02"})
    assert undone.get_json()["timer"]["edges"] == []
    tap(client, tid, 0, now, op_id="tap-again-0")
    server_clock.advance(10 * S)
    finished = client.post(f"/api/timers/{tid}/finish", json={"op_id": "finish-op-1"})
    timer = finished.get_json()["timer"]
    assert timer["status"] == "finished" and timer["turns"] == [[now, now + 10 * S]]
    nothing = client.post(f"/api/timers/{tid}/penalty", json={"op_id": "pen-op-001"})
    assert nothing.status_code == 409
    assert "within the time limits" in nothing.get_json()["message"]


def test_converting_a_running_timer_ends_its_turn(client, demo, judge, server_clock):
    card = card_ids(demo)[3]
    tid = start(client, demo, card, first_player(client, card),
                dealt="earlier").get_json()["timer"]["id"]
    tap(client, tid, 0, server_clock.now_ms())
    server_clock.advance(50 * S)
    body = client.post(f"/api/timers/{tid}/penalty",
                       json={"op_id": "pen-run-1", "at_ms": server_clock.now_ms()}).get_json()
    assert body["timer"]["status"] == "converted"
    # 50 s on a 20 s turn: 30 s over, 10 points
    assert body["timer"]["penalty"]["points"] == 10


def test_competitive_round_bank_and_resignation(app, client, demo, judge, server_clock):
    with app.app_context():
        tournament = db.session.get(Tournament, demo["tournament_id"])
        tournament.format = "rsom"
        tournament.settings = {**tournament.settings, "turn_seconds": 15, "free_seconds": 15,
                               "round_bank_seconds": 180}
        db.session.commit()
    card = card_ids(demo)[4]
    tid = start(client, demo, card, first_player(client, card),
                dealt="earlier").get_json()["timer"]["id"]
    t = server_clock.now_ms()
    # one turn of 255 s: 240 s over the turn (80) and 75 s over the bank (25)
    tap(client, tid, 0, t)
    server_clock.advance(255 * S)
    timer = tap(client, tid, 1, t + 255 * S).get_json()["timer"]
    assert timer["result"]["turn_points"] == 80 and timer["result"]["bank_points"] == 25
    assert timer["result"]["is_resignation"] is True
    # 105 points in one round: the judge is asked first, and nothing is saved until answered
    asked = client.post(f"/api/timers/{tid}/penalty", json={"op_id": "pen-comp-1"})
    assert asked.status_code == 409 and asked.get_json()["code"] == "resignation_question"
    detail = asked.get_json()["details"][0]
    assert (detail["points_before"], detail["points_after"]) == (0, 105)
    with app.app_context():
        assert db.session.scalar(select(Penalty)) is None
    body = client.post(f"/api/timers/{tid}/penalty", json={
        "op_id": "pen-comp-2", "resignation": "explained",
        "explanation": "fire alarm in the hall"}).get_json()
    assert body["timer"]["penalty"]["points"] == 105
    with app.app_context():
        ruling = db.session.scalar(select(Ruling))
        assert ruling.sections == ["1.9", "1.9.2"]
        assert "resigned from the tournament unless the judge accepts" in ruling.decision
        penalty = db.session.scalar(select(Penalty))
        assert penalty.time_explanation == "fire alarm in the hall"


def test_one_timer_per_player_and_round(client, demo, judge):
    card = card_ids(demo)[5]
    player = first_player(client, card)
    first = start(client, demo, card, player).get_json()["timer"]["id"]
    again = start(client, demo, card, player, op_id="timer-start-2")
    assert again.status_code == 409 and again.get_json()["details"] == [{"timer": first}]
    assert start(client, demo, card, 999, op_id="timer-start-3").status_code == 400
    other = client.get(f"/api/cards/{card}").get_json()["players"][1]["number"]
    assert start(client, demo, card, other, op_id="timer-start-4",
                 dealt="yesterday").status_code == 400


def test_timers_need_a_judge_of_the_tournament(app, client, demo):
    card = card_ids(demo)[0]
    assert start(client, demo, card, 1).status_code == 401
    login(client, demo, "judge")
    tid = start(client, demo, card, first_player(client, card)).get_json()["timer"]["id"]
    client.post("/api/logout", json={})
    assert client.get(f"/api/timers/{tid}").status_code == 401
    assert client.post(f"/api/timers/{tid}/taps", json={"seq": 0, "op_id": "x-12345678"}
                       ).status_code == 401
    with app.app_context():
        assert db.session.scalar(select(PlayTimer.status)) == "running"


def test_timer_pages(client, demo, judge):
    tid = demo["tournament_id"]
    page = client.get(f"/t/{tid}/timers")
    assert page.status_code == 200 and b"data-timer-start" in page.data
    card = card_ids(demo)[0]
    timer = start(client, demo, card, first_player(client, card)).get_json()["timer"]["id"]
    one = client.get(f"/t/{tid}/timers/{timer}")
    assert one.status_code == 200 and b'data-testid="timer-tap"' in one.data
    assert client.get(f"/t/{tid + 1}/timers/{timer}").status_code in (403, 404)
    client.post("/api/logout", json={})
    assert client.get(f"/t/{tid}/timers").status_code == 302
