"""The scoring card API: rounds by op_id, 409s, corrections, penalties, confirmations, locks."""

import uuid

import pytest

from tests.conftest import login
from tests.factories import by_wind, post_round
from tests.factories import card_json as card_of


def op():
    return str(uuid.uuid4())




def test_card_shows_players_seats_and_rotation(client, demo):
    card = card_of(client, demo)
    assert [p["seat"] for p in card["players"]] == ["E", "S", "W", "N"]
    assert len(card["rounds"]) == 16
    e, s, w, n = (p["number"] for p in card["players"])
    # §3.4 cycle 1: the deal passes E → S → W → N; cycle 2 swaps E↔S and W↔N.
    assert [card["rounds"][i]["dealer"] for i in range(8)] == [e, s, w, n, s, e, n, w]
    for r in card["rounds"]:
        assert sorted(r["winds"].values()) == ["E", "N", "S", "W"]
        assert r["winds"][str(r["dealer"])] == "E"


def test_record_a_discard_win_and_replay_it(judge, demo):
    card = card_of(judge, demo)
    seats = by_wind(card)
    body = {"round": 1, "result": "win", "winner": seats["E"], "value": 70, "win": "discard",
            "discarder": seats["S"], "op_id": op()}
    first = judge.post(f"/api/cards/{card['id']}/rounds", json=body)
    assert first.status_code == 200
    line = first.get_json()["card"]["rounds"][0]
    assert line["deltas"] == {str(seats["E"]): 210, str(seats["S"]): -160,
                              str(seats["W"]): -25, str(seats["N"]): -25}
    again = judge.post(f"/api/cards/{card['id']}/rounds", json=body)
    assert again.status_code == 200 and again.get_json() == first.get_json()
    after = card_of(judge, demo)
    assert after["version"] == first.get_json()["card"]["version"]
    assert after["rounds"][0]["revision"] == 1 and after["rounds"][0]["history"] == []


def test_a_different_write_to_a_recorded_round_is_409(judge, demo):
    card = card_of(judge, demo)
    seats = by_wind(card)
    post_round(judge, card, round=1, result="win", winner=seats["E"], value=30, win="self")
    response = post_round(judge, card, round=1, result="win", winner=seats["S"], value=30,
                          win="self")
    assert response.status_code == 409
    assert "correction" in response.get_json()["message"]
    assert card_of(judge, demo)["rounds"][0]["winner"] == seats["E"]


def test_reusing_an_op_id_for_another_write_is_refused(judge, demo):
    card = card_of(judge, demo)
    same = op()
    post_round(judge, card, round=1, result="draw", op_id=same)
    response = post_round(judge, card, round=2, result="draw", op_id=same)
    assert response.status_code == 409
    assert not card_of(judge, demo)["rounds"][1]["recorded"]


def test_a_correction_keeps_the_old_line_and_needs_a_reason(judge, demo):
    card = card_of(judge, demo)
    seats = by_wind(card)
    post_round(judge, card, round=1, result="win", winner=seats["E"], value=30, win="self")
    no_reason = post_round(judge, card, round=1, result="draw", correction=True,
                           base_revision=1)
    assert no_reason.status_code == 400 and "reason" in no_reason.get_json()["message"]
    fixed = post_round(judge, card, round=1, result="draw", correction=True, base_revision=1,
                       reason="Winner's hand was a false win")
    line = fixed.get_json()["card"]["rounds"][0]
    assert line["result"] == "draw" and line["revision"] == 2
    assert line["history"][0]["value"] == 30 and line["history"][0]["revision"] == 1
    assert line["reason"] == "Winner's hand was a false win"


def test_value_can_come_from_the_picker_patterns(judge, demo):
    card = card_of(judge, demo)
    seats = by_wind(card, 2)
    response = post_round(judge, card, round=2, result="win", winner=seats["W"], win="self",
                          patterns={"4.2.3": 1, "1.2": 1, "4.1": 1})
    line = response.get_json()["card"]["rounds"][1]
    assert line["value"] == 160 and line["patterns"] == {"4.2.3": 1, "1.2": 1, "4.1": 1}
    mismatch = post_round(judge, card, round=3, result="win", winner=seats["W"], win="self",
                          value=100, patterns={"4.1": 1})
    assert mismatch.status_code == 422
    broken = post_round(judge, card, round=3, result="win", winner=seats["W"], win="self",
                        patterns={"10.2": 1, "1.2": 1})
    assert broken.status_code == 422


def test_same_turn_chain_uses_the_round_winds(judge, demo):
    card = card_of(judge, demo)
    seats = by_wind(card, 5)  # cycle 2: seats have rotated
    response = post_round(judge, card, round=5, result="win", winner=seats["E"], value=70,
                          win="discard", discarder=seats["S"], same_turn=[seats["W"], seats["S"]])
    line = response.get_json()["card"]["rounds"][4]
    assert line["responsible"] == seats["W"]
    assert line["deltas"][str(seats["W"])] == -160 and line["deltas"][str(seats["S"])] == -25


@pytest.mark.parametrize(("body", "message"), [
    ({"round": 17, "result": "draw"}, "Check the request: round: must be at most 16."),
    ({"round": 1, "result": "tie"},
     "Check the request: result: must be one of 'win' or 'draw'."),
    ({"round": 1, "result": "win", "winner": 999, "value": 5, "win": "self"},
     "The winner (player 999) is not at this table."),
    ({"round": 1, "result": "win", "value": 5, "win": "discard", "winner": None},
     "Check the request: body: winner is required for a win: the winner's player number."),
    ({"round": "1.0", "result": "draw"},
     "Check the request: round: must be a whole number written with the digits 0-9, not text."),
    ({"round": True, "result": "draw"}, "Check the request: round: must be a whole number."),
])
def test_bad_rounds_get_clear_messages(judge, demo, body, message):
    card = card_of(judge, demo)
    response = post_round(judge, card, **body)
    assert response.status_code == 400
    assert response.get_json()["message"] == message


def test_op_id_is_required(judge, demo):
    card = card_of(judge, demo)
    response = judge.post(f"/api/cards/{card['id']}/rounds", json={"round": 1, "result": "draw"})
    assert response.status_code == 400 and "op_id" in response.get_json()["message"]


def test_anonymous_and_players_cannot_record(app, client, demo):
    card = card_of(client, demo)
    assert post_round(client, card, round=1, result="draw").status_code == 401
    token = demo["players"][0]["url"].rsplit("/", 1)[1]
    response = client.post(f"/api/cards/{card['id']}/rounds", headers={"X-Player-Token": token},
                           json={"round": 1, "result": "draw", "op_id": op()})
    assert response.status_code == 403
    assert not card_of(client, demo)["rounds"][0]["recorded"]


def test_appointed_player_records_but_cannot_correct(client, demo, app):
    card = card_of(client, demo)
    player = card["players"][0]["number"]
    token = next(p["url"].rsplit("/", 1)[1] for p in demo["players"] if p["number"] == player)
    judge = app.test_client()
    login(judge, demo, "judge")
    judge.post(f"/api/cards/{card['id']}/recorder", json={"player": player, "op_id": op()})
    headers = {"X-Player-Token": token}
    ok = client.post(f"/api/cards/{card['id']}/rounds", headers=headers,
                     json={"round": 1, "result": "draw", "op_id": op()})
    assert ok.status_code == 200
    fix = client.post(f"/api/cards/{card['id']}/rounds", headers=headers,
                      json={"round": 1, "result": "draw", "correction": True, "reason": "x",
                            "base_revision": 1, "op_id": op()})
    assert fix.status_code == 403


def test_penalty_line_is_off_the_offender_only(judge, demo):
    card = card_of(judge, demo)
    seats = by_wind(card)
    post_round(judge, card, round=1, result="win", winner=seats["E"], value=40, win="self")
    response = judge.post(f"/api/cards/{card['id']}/penalties", json={
        "player": seats["N"], "points": 10, "reason": "Disturbed the wall", "op_id": op()})
    body = response.get_json()["card"]
    totals = {int(k): v for k, v in body["totals"].items()}
    assert totals[seats["N"]] == {"rounds": -40, "penalties": -10, "total": -50}
    assert sum(t["rounds"] for t in totals.values()) == 0
    assert sum(t["total"] for t in totals.values()) == -10
    penalty_id = body["penalties"][0]["id"]
    void = judge.post(f"/api/cards/{card['id']}/penalties/{penalty_id}/void",
                      json={"reason": "Given to the wrong player", "op_id": op()})
    after = void.get_json()["card"]
    assert after["penalties"][0]["is_void"] and after["totals"][str(seats["N"])]["total"] == -40


def finish(judge, card):
    for r in range(1, 17):
        assert post_round(judge, card, round=r, result="draw").status_code == 200


def test_confirmations_lock_the_card_and_a_correction_reopens_it(client, demo, app):
    judge = login(app.test_client(), demo, "judge")
    card = card_of(judge, demo)
    early = judge.post(f"/api/cards/{card['id']}/confirm",
                       json={"player": card["players"][0]["number"], "op_id": op()})
    assert early.status_code == 409 and "not finished" in early.get_json()["message"]
    finish(judge, card)
    numbers = [p["number"] for p in card["players"]]
    for number in numbers[:3]:
        judge.post(f"/api/cards/{card['id']}/confirm", json={"player": number, "op_id": op()})
    token = next(p["url"].rsplit("/", 1)[1] for p in demo["players"] if p["number"] == numbers[3])
    mine = client.post(f"/api/cards/{card['id']}/confirm", headers={"X-Player-Token": token},
                       json={"op_id": op()})
    body = mine.get_json()["card"]
    assert body["status"] == "locked" and body["pending_confirmations"] == []
    assert {c["via"] for c in body["confirmations"]} == {"judge", "player"}
    other = next(p["url"].rsplit("/", 1)[1] for p in demo["players"]
                 if p["number"] not in numbers)
    stranger = client.post(f"/api/cards/{card['id']}/confirm",
                           headers={"X-Player-Token": other}, json={"op_id": op()})
    assert stranger.status_code == 403
    new_round = post_round(judge, card, round=16, result="draw")
    assert new_round.get_json()["changed"] is False  # same line again: nothing changes
    fix = post_round(judge, card, round=16, result="win", winner=numbers[0], value=5,
                     win="self", correction=True, base_revision=1,
                     reason="Misread the last hand")
    reopened = fix.get_json()["card"]
    assert reopened["status"] == "open" and len(reopened["pending_confirmations"]) == 4


def test_time_over_marks_the_rest_not_played(judge, demo):
    card = card_of(judge, demo)
    for r in (1, 2, 3):
        post_round(judge, card, round=r, result="draw")
    bad = judge.post(f"/api/cards/{card['id']}/time-over", json={"from_round": 2, "op_id": op()})
    assert bad.status_code == 409
    response = judge.post(f"/api/cards/{card['id']}/time-over", json={"op_id": op()})
    body = response.get_json()["card"]
    assert body["not_played_from"] == 4 and body["is_complete"]
    assert [r["result"] for r in body["rounds"][3:]] == ["not_played"] * 13
    late = post_round(judge, card, round=5, result="draw")
    assert late.status_code == 409 and "not played" in late.get_json()["message"]


def test_conditional_get(client, demo):
    url = demo["cards"][0]["api"]
    first = client.get(url)
    etag = first.headers["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304


def test_every_round_line_sums_to_zero(judge, demo):
    card = card_of(judge, demo)
    import random

    rng = random.Random(4)
    for r in range(1, 17):
        seats = by_wind(card, r)
        winner = rng.choice("ESWN")
        if rng.random() < 0.2:
            post_round(judge, card, round=r, result="draw")
        elif rng.random() < 0.5:
            post_round(judge, card, round=r, result="win", winner=seats[winner],
                       value=rng.choice([1, 5, 25, 26, 80, 320]), win="self")
        else:
            discarder = rng.choice([w for w in "ESWN" if w != winner])
            post_round(judge, card, round=r, result="win", winner=seats[winner],
                       value=rng.choice([1, 5, 25, 26, 80, 320]), win="discard",
                       discarder=seats[discarder])
    body = card_of(judge, demo)
    for line in body["rounds"]:
        assert line["recorded"] and sum(line["deltas"].values()) == 0
    assert sum(t["total"] for t in body["totals"].values()) == 0


def test_no_time_over_in_the_grand_final(app, judge, demo):
    from judgeaid.extensions import db
    from judgeaid.models import Card

    card = card_of(judge, demo)
    with app.app_context():
        session = db.session.get(Card, card["id"]).table.session
        session.stage, session.bracket_size = "final", 4
        db.session.commit()
    response = judge.post(f"/api/cards/{card['id']}/time-over", json={"op_id": op()})
    assert response.status_code == 409 and "Grand Final" in response.get_json()["message"]
