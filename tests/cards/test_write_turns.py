"""Write turns (judgeaid.writeturns): past WRITES_AT_ONCE writes at once in a process, one more
is answered 503 with Retry-After before it touches a card; the hall's reads and signing in are
never held; the same write sent again once a turn is free is saved once."""

import uuid

from judgeaid.writeturns import EXTENSION, is_write
from tests.factories import by_wind
from tests.factories import card_json as card_of


def _win_body(card) -> dict:
    seats = by_wind(card)
    return {"round": 1, "result": "win", "winner": seats["E"], "value": 40, "win": "discard",
            "discarder": seats["S"], "op_id": str(uuid.uuid4())}


def test_a_write_past_the_limit_is_refused_at_once_and_saved_when_sent_again(app, judge,
                                                                              demo):
    card = card_of(judge, demo)
    url = f"/api/cards/{card['id']}/rounds"
    body = _win_body(card)
    app.config["WRITES_AT_ONCE"] = 1
    turns = app.extensions[EXTENSION]
    assert turns.take(1)  # another thread's write is running now
    try:
        refused = judge.post(url, json=body)
        assert refused.status_code == 503
        assert refused.headers["Retry-After"] == "1"
        assert "nothing is lost" in refused.get_json()["message"]
        # Nothing was written: the card still has no round 1.
        assert card_of(judge, demo)["rounds"][0]["recorded"] is False
        # Reads go on while every write turn is taken.
        assert judge.get(f"/api/cards/{card['id']}").status_code == 200
        assert judge.get("/api/time").status_code == 200
        # In the reader's language.
        chinese = judge.post(url + "?lang=zh-Hant", json=body)
        assert chinese.status_code == 503
        assert "nothing is lost" not in chinese.get_json()["message"]
        assert "遺失" in chinese.get_json()["message"]
    finally:
        turns.give_back()
    assert turns.running == 0  # a refused write gives back no turn it never had
    saved = judge.post(url, json=body)
    assert saved.status_code == 200, saved.get_json()
    assert turns.running == 0  # the saved write gave its turn back
    again = judge.post(url, json=body)  # the same op_id once more: the same answer
    assert again.get_json() == saved.get_json()
    rounds = [r for r in card_of(judge, demo)["rounds"] if r["recorded"]]
    assert [r["round"] for r in rounds] == [1]


def test_a_refused_write_gives_its_turn_back_even_when_the_write_fails(app, judge, demo):
    card = card_of(judge, demo)
    app.config["WRITES_AT_ONCE"] = 1
    turns = app.extensions[EXTENSION]
    bad = judge.post(f"/api/cards/{card['id']}/rounds", json={"round": "x", "op_id": "y"})
    assert bad.status_code == 400
    assert turns.running == 0
    assert judge.post(f"/api/cards/{card['id']}/rounds",
                      json=_win_body(card)).status_code == 200


def test_no_limit_when_writes_at_once_is_zero(app, judge, demo):
    card = card_of(judge, demo)
    app.config["WRITES_AT_ONCE"] = 0
    turns = app.extensions[EXTENSION]
    assert turns.take(1)
    try:
        assert judge.post(f"/api/cards/{card['id']}/rounds",
                          json=_win_body(card)).status_code == 200
    finally:
        turns.give_back()


def test_sign_in_and_reads_never_wait_for_a_write_turn(app, client, demo):
    app.config["WRITES_AT_ONCE"] = 1
    turns = app.extensions[EXTENSION]
    assert turns.take(1)
    try:
        judge = demo["judge"]
        answer = client.post("/api/login", json={"tournament_id": demo["tournament_id"],
                                                  "name": judge["name"], "pin": judge["pin"]})
        assert answer.status_code == 200, answer.get_json()
    finally:
        turns.give_back()
    assert is_write("POST", "/api/cards/1/rounds") and is_write("DELETE", "/api/x")
    assert not is_write("GET", "/api/cards/1") and not is_write("POST", "/api/login")
    assert not is_write("POST", "/t/1/judge/rulings")  # a page's form is not the outbox's
