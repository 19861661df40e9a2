"""A refused round says in words who wrote the line that stands, what it says, and what was
sent: names, not "judge:Name" labels, and no status codes."""

from __future__ import annotations

import uuid

from tests.conftest import login


def op():
    return str(uuid.uuid4())


def _card(client, demo):
    card = client.get(demo["cards"][0]["api"]).get_json()
    seats = {w: int(p) for p, w in card["rounds"][0]["winds"].items()}
    names = {p["number"]: p["name"] for p in card["players"]}
    return card, seats, names


def test_a_second_line_for_a_recorded_round_names_both_in_words(app, demo):
    head = login(app.test_client(), demo, "head_judge")
    judge = login(app.test_client(), demo, "judge")
    card, seats, names = _card(judge, demo)
    url = f"/api/cards/{card['id']}/rounds"
    theirs = head.post(url, json={"round": 1, "result": "win", "winner": seats["E"],
                                  "value": 12, "win": "discard", "discarder": seats["S"],
                                  "op_id": op()})
    assert theirs.status_code == 200
    mine = judge.post(url, json={"round": 1, "result": "win", "winner": seats["W"], "value": 8,
                                 "win": "self", "op_id": op()})
    assert mine.status_code == 409
    message = mine.get_json()["message"]
    assert message.startswith(f"{demo['head_judge']['name']} (head judge) already recorded "
                              f"round 1 as: {names[seats['E']]} won 12 on a discard from "
                              f"{names[seats['S']]}. ")
    assert f"You entered: {names[seats['W']]} won 8, self-drawn. " in message
    assert "Choose which one stands" in message
    assert "409" not in message and "head_judge:" not in message


def test_a_stale_correction_names_who_corrected_first(app, demo):
    judge = login(app.test_client(), demo, "judge")
    card, seats, names = _card(judge, demo)
    url = f"/api/cards/{card['id']}/rounds"
    win = {"round": 1, "result": "win", "winner": seats["N"], "value": 8, "win": "self"}
    assert judge.post(url, json={**win, "op_id": op()}).status_code == 200
    fix = {**win, "correction": True, "base_revision": 1, "reason": "miscounted"}
    assert judge.post(url, json={**fix, "value": 10, "op_id": op()}).status_code == 200
    stale = judge.post(url, json={"round": 1, "result": "draw", "correction": True,
                                  "base_revision": 1, "reason": "nobody won", "op_id": op()})
    assert stale.status_code == 409
    message = stale.get_json()["message"]
    assert message.startswith(f"{demo['judge']['name']} (judge) corrected round 1 after you "
                              "read it")
    assert f"as: {names[seats['N']]} won 10, self-drawn. You entered: a draw. " in message
    assert "judge:" not in message
