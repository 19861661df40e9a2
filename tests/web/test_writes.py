"""Every kind of write goes through writes.once: a replay and a racing twin write once.

A racing twin is the same request sent again while the first copy is still in flight: its
op_id is not stored yet when it looks, so it applies, and then finds the op_id (or the row)
taken when it writes. Here the twin is made by hiding the stored op_id from its first look.
"""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import ClockEvent, PlaySession
from judgeaid.services import cards as cards_service
from judgeaid.services import clock as clock_service
from judgeaid.services import operations
from tests.conftest import login

MIN = 60_000


def _card(client, demo):
    card = client.get(demo["cards"][0]["api"]).get_json()
    return card["id"], [p["number"] for p in card["players"]]


def _round(client, demo):
    card, _ = _card(client, demo)
    return f"/api/cards/{card}/rounds", {"round": 1, "result": "draw"}


def _card_penalty(client, demo):
    card, players = _card(client, demo)
    return f"/api/cards/{card}/penalties", {"player": players[0], "points": 5,
                                            "reason": "Tiles shown"}


def _recorder(client, demo):
    card, players = _card(client, demo)
    return f"/api/cards/{card}/recorder", {"player": players[1]}


def _time_over(client, demo):
    card, _ = _card(client, demo)
    return f"/api/cards/{card}/time-over", {"from_round": 9}


def _clock(client, demo):
    return f"/api/tournaments/{demo['tournament_id']}/clock", {"action": "start"}


def _timer(client, demo):
    card, players = _card(client, demo)
    return (f"/api/tournaments/{demo['tournament_id']}/timers",
            {"card": card, "round": 1, "player": players[0]})


def _late(client, demo):
    _, players = _card(client, demo)
    return (f"/api/tournaments/{demo['tournament_id']}/timeouts",
            {"player": players[0], "kind": "late", "late_ms": 60_000, "session": 1})


def _call_up(client, demo):
    card, _ = _card(client, demo)
    return f"/api/cards/{card}/call-up", {"reason": "Wrong claim"}


def _penalty(client, demo):
    card, players = _card(client, demo)
    return (f"/api/t/{demo['tournament_id']}/penalties",
            {"card_id": card, "player": players[0], "category": "procedural",
             "infraction": "tiles_mishandled", "kind": "points", "points": 5})


def _ruling(client, demo):
    card, players = _card(client, demo)
    return (f"/api/t/{demo['tournament_id']}/rulings",
            {"card_id": card, "what_happened": "Tiles shown", "decision": "Play on",
             "penalties": [{"player": players[0], "category": "procedural",
                            "infraction": "tiles_mishandled", "kind": "points", "points": 5}]})


def _tap(client, demo):
    url, body = _timer(client, demo)
    timer = client.post(url, json={**body, "op_id": "setup-timer"}).get_json()["timer"]
    return f"/api/timers/{timer['id']}/taps", {"seq": 0}


def _finish(client, demo):
    url, body = _timer(client, demo)
    timer = client.post(url, json={**body, "op_id": "setup-timer"}).get_json()["timer"]
    return f"/api/timers/{timer['id']}/finish", {}


def _timeout_end(client, demo):
    _, players = _card(client, demo)
    row = client.post(f"/api/tournaments/{demo['tournament_id']}/timeouts",
                      json={"player": players[0], "session": 1, "op_id": "setup-timeout"})
    return f"/api/timeouts/{row.get_json()['timeout']['id']}/end", {}


def _void(client, demo):
    url, body = _card_penalty(client, demo)
    card = client.post(url, json={**body, "op_id": "setup-penalty"}).get_json()["card"]
    return f"{url}/{card['penalties'][0]['id']}/void", {"reason": "Given to the wrong player"}


def _confirm(client, demo):
    card, players = _card(client, demo)
    client.post(f"/api/cards/{card}/time-over", json={"from_round": 1, "op_id": "setup-over"})
    return f"/api/cards/{card}/confirm", {"player": players[0]}


def _take(client, demo):
    url, body = _call_up(client, demo)
    call = client.post(url, json={**body, "op_id": "setup-callup"}).get_json()["call_up"]
    return f"/api/t/{demo['tournament_id']}/call-ups/{call['id']}/take", {}


def _score_check(client, demo):
    token = demo["players"][0]["url"].rstrip("/").rsplit("/", 1)[1]
    return (f"/api/tournaments/{demo['tournament_id']}/score-checks",
            {"session": 1, "message": "Round 3 looks wrong"}, {"X-Player-Token": token})


WRITES = {
    "score_check.file": ("organizer", _score_check),
    "card.confirm": ("judge", _confirm),
    "card.penalty.void": ("judge", _void),
    "timer.tap": ("judge", _tap),
    "timer.finish": ("judge", _finish),
    "timeout.end": ("judge", _timeout_end),
    "judge.take": ("judge", _take),
    "card.round": ("judge", _round),
    "card.penalty": ("judge", _card_penalty),
    "card.recorder": ("judge", _recorder),
    "card.time_over": ("judge", _time_over),
    "clock.act": ("organizer", _clock),
    "timer.start": ("judge", _timer),
    "timeout.start": ("judge", _late),
    "judge.callup": ("judge", _call_up),
    "judge.penalty": ("judge", _penalty),
    "judge.ruling": ("judge", _ruling),
}


def _rows(app) -> dict[str, int]:
    with app.app_context():
        return {table.name: db.session.scalar(select(func.count()).select_from(table))
                for table in db.metadata.sorted_tables}


def _twin_in_flight(monkeypatch) -> None:
    """Make the next request's first look for its op_id find nothing, as a racing twin's."""
    looked = []
    real = operations.replay

    def replay(*args, **kwargs):
        looked.append(True)
        return None if len(looked) == 1 else real(*args, **kwargs)

    monkeypatch.setattr(operations, "replay", replay)


@pytest.mark.parametrize("kind", sorted(WRITES))
def test_a_replay_and_a_racing_twin_answer_the_same_and_write_once(app, client, demo,
                                                                   monkeypatch, kind):
    role, build = WRITES[kind]
    login(client, demo, role)
    url, body, *headers = build(client, demo)
    body["op_id"] = f"once-{kind}"
    headers = headers[0] if headers else {}
    first = client.post(url, json=body, headers=headers)
    assert first.status_code in (200, 201), first.get_json()
    rows = _rows(app)
    again = client.post(url, json=body, headers=headers)
    assert (again.status_code, again.get_json()) == (first.status_code, first.get_json())
    assert _rows(app) == rows
    _twin_in_flight(monkeypatch)
    twin = client.post(url, json=body, headers=headers)
    assert (twin.status_code, twin.get_json()) == (first.status_code, first.get_json())
    assert _rows(app) == rows


def test_a_form_with_an_op_id_adds_substitutes_once_even_racing(app, client, demo,
                                                               monkeypatch):
    login(client, demo, "organizer")
    url, form = f"/t/{demo['tournament_id']}/substitutes", {"count": 2, "op_id": "subs-0001"}
    assert client.post(url, data=form).status_code == 302
    rows = _rows(app)
    assert client.post(url, data=form).status_code == 302
    _twin_in_flight(monkeypatch)
    assert client.post(url, data=form).status_code == 302
    assert _rows(app) == rows


def test_a_form_without_an_op_id_is_applied_as_sent(app, client, demo):
    login(client, demo, "organizer")
    url = f"/t/{demo['tournament_id']}/substitutes"
    before = _rows(app)["player"]
    client.post(url, data={"count": 1})
    client.post(url, data={"count": 1})
    assert _rows(app)["player"] == before + 2


def test_a_clock_sweep_that_lost_the_race_closes_nothing_twice(app, client, demo,
                                                               monkeypatch):
    now = clock_service.server_now_ms()
    with app.app_context():
        db.session.add(ClockEvent(session_id=1, kind="start", at_ms=now - 100 * MIN, by="test"))
        db.session.get(PlaySession, 1).status = "playing"
        db.session.commit()
    url = f"/api/tournaments/{demo['tournament_id']}/clock/time-over"
    closed = client.post(url, json={}).get_json()["closed_cards"]
    assert closed
    rows = _rows(app)
    # A twin that read the clock before the first sweep was stored tries the same sweep.
    monkeypatch.setattr(clock_service, "_swept", lambda session: set())
    again = client.post(url, json={})
    assert again.status_code == 200 and again.get_json()["closed_cards"] == []
    assert _rows(app) == rows


def test_a_different_round_that_lost_the_race_is_refused_naming_the_winner(app, client, demo,
                                                                            monkeypatch):
    login(client, demo, "judge")
    url, body = _round(client, demo)
    assert client.post(url, json={**body, "op_id": "round-first"}).status_code == 200
    rows = _rows(app)
    dealer = client.get(demo["cards"][0]["api"]).get_json()["rounds"][0]["dealer"]
    # The second judge's request looked before the first line was stored.
    looked, real = [], cards_service._latest

    def latest(card, number):
        looked.append(True)
        return None if len(looked) == 1 else real(card, number)

    monkeypatch.setattr(cards_service, "_latest", latest)
    late = client.post(url, json={"round": 1, "result": "win", "winner": dealer, "value": 30,
                                  "win": "self", "op_id": "round-second"})
    assert late.status_code == 409
    assert "a moment before you" in late.get_json()["message"]
    assert _rows(app) == rows
