"""The card API at the edge: bad ids, numbers, text and op_ids get a clear 4xx; nothing is
written; a correction names the revision it corrects; a long name can record rounds."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request
import uuid
from http.cookiejar import CookieJar

import pytest
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, CardPenalty, CardRound, Confirmation, Player
from tests.conftest import LiveServer

BIG = (2**31, 10**20)


def op():
    return str(uuid.uuid4())


@pytest.fixture
def card(judge, demo):
    return judge.get(demo["cards"][0]["api"]).get_json()


def winds(card, round_no=1):
    return {w: int(p) for p, w in card["rounds"][round_no - 1]["winds"].items()}


def written(app) -> tuple[int, int, int, int]:
    """Return how many round lines, penalty lines, confirmations and audit events exist."""
    with app.app_context():
        return tuple(db.session.scalar(select(func.count()).select_from(model))
                     for model in (CardRound, CardPenalty, Confirmation, AuditEvent))


def refused(response, status, *words):
    assert response.status_code == status, response.get_json()
    message = response.get_json()["message"]
    for word in words:
        assert word in message, message
    return message


# ---------------------------------------------------------------- ids

@pytest.mark.parametrize("big", BIG)
@pytest.mark.parametrize("path", ["/api/cards/{}", "/api/cards/{}/me", "/cards/{}"])
def test_huge_card_ids_in_paths_are_404(client, big, path):
    assert client.get(path.format(big)).status_code == 404


@pytest.mark.parametrize("big", BIG)
def test_huge_penalty_id_to_void_is_404(judge, card, app, big):
    before = written(app)
    response = judge.post(f"/api/cards/{card['id']}/penalties/{big}/void",
                          json={"reason": "x", "op_id": op()})
    assert response.status_code == 404
    assert written(app) == before


@pytest.mark.parametrize("big", BIG)
@pytest.mark.parametrize(("path", "field", "body"), [
    ("rounds", "winner", {"round": 1, "result": "win", "value": 8, "win": "self"}),
    ("rounds", "discarder", {"round": 1, "result": "win", "value": 8, "win": "discard",
                             "winner": 1}),
    ("penalties", "player", {"points": 5, "reason": "slow play"}),
    ("confirm", "player", {}),
    ("recorder", "player", {}),
])
def test_huge_ids_in_bodies_are_400_and_nothing_is_written(judge, card, app, big, path, field,
                                                           body):
    before = written(app)
    response = judge.post(f"/api/cards/{card['id']}/{path}",
                          json={**body, field: big, "op_id": op()})
    refused(response, 400, field, "at most 2147483647")
    assert written(app) == before
    assert judge.get(f"/api/cards/{card['id']}").get_json()["version"] == card["version"]


# ---------------------------------------------------------------- numbers

@pytest.mark.parametrize("value", ["²", "٣", "1e3", "1.0", True, 1.5, " ", "0x10"])
@pytest.mark.parametrize(("path", "field", "body"), [
    ("rounds", "round", {"result": "draw"}),
    ("penalties", "points", {"player": 1, "reason": "slow play"}),
    ("time-over", "from_round", {}),
])
def test_numbers_are_ascii_digits_only(judge, card, app, value, path, field, body):
    before = written(app)
    response = judge.post(f"/api/cards/{card['id']}/{path}",
                          json={**body, field: value, "op_id": op()})
    assert response.status_code == 400, response.get_json()
    assert field in response.get_json()["message"]
    assert written(app) == before


def test_same_turn_holds_player_numbers_only(judge, card, app):
    seats = winds(card)
    before = written(app)
    response = judge.post(f"/api/cards/{card['id']}/rounds", json={
        "round": 1, "result": "win", "winner": seats["E"], "value": 8, "win": "discard",
        "discarder": seats["S"], "same_turn": [seats["S"], "²"], "op_id": op()})
    refused(response, 400, "same_turn.1")
    assert written(app) == before


# ---------------------------------------------------------------- text

@pytest.mark.parametrize(("reason", "words"), [
    ("slow\x00play", ("reason", "U+0000")),
    ("slow \ud800 play", ("reason", "U+D800")),
    ("slow\x1bplay", ("reason", "U+001B")),
    ("x" * 501, ("reason", "longer than 500 characters")),
])
def test_bad_penalty_reasons_are_refused(judge, card, app, reason, words):
    seats = winds(card)
    before = written(app)
    body = json.dumps({"player": seats["E"], "points": 5, "reason": reason, "op_id": op()})
    response = judge.post(f"/api/cards/{card['id']}/penalties", data=body,
                          content_type="application/json")
    refused(response, 400, *words)
    assert written(app) == before


def test_a_reason_may_have_line_breaks_and_tabs(judge, card):
    seats = winds(card)
    response = judge.post(f"/api/cards/{card['id']}/penalties", json={
        "player": seats["E"], "points": 5, "reason": "slow play\n\tagain", "op_id": op()})
    assert response.status_code == 200
    assert response.get_json()["card"]["penalties"][0]["reason"] == "slow play again"


@pytest.mark.parametrize("reason", ["wrong\x00winner", "\udfff", "y" * 501])
def test_bad_correction_and_void_reasons_are_refused(judge, card, app, reason):
    url = f"/api/cards/{card['id']}"
    assert judge.post(f"{url}/rounds", json={"round": 1, "result": "draw",
                                             "op_id": op()}).status_code == 200
    seats = winds(card)
    penalty = judge.post(f"{url}/penalties", json={"player": seats["E"], "points": 5,
                                                   "reason": "slow", "op_id": op()}).get_json()
    before = written(app)
    fix = json.dumps({"round": 1, "result": "win", "winner": seats["E"], "value": 8,
                      "win": "self", "correction": True, "base_revision": 1,
                      "reason": reason, "op_id": op()})
    refused(judge.post(f"{url}/rounds", data=fix, content_type="application/json"), 400,
            "reason")
    void = json.dumps({"reason": reason, "op_id": op()})
    refused(judge.post(f"{url}/penalties/{penalty['penalty']}/void", data=void,
                       content_type="application/json"), 400, "reason")
    assert written(app) == before


def test_unknown_fields_are_refused(judge, card, app):
    before = written(app)
    response = judge.post(f"/api/cards/{card['id']}/rounds",
                          json={"round": 1, "result": "draw", "colour": "red", "op_id": op()})
    refused(response, 400, "colour", "not a field")
    assert written(app) == before


# ---------------------------------------------------------------- op_ids

def test_an_op_id_belongs_to_one_card(judge, demo, app):
    one = judge.get(demo["cards"][0]["api"]).get_json()
    two = judge.get(demo["cards"][1]["api"]).get_json()
    body = {"round": 1, "result": "draw", "op_id": op()}
    assert judge.post(f"/api/cards/{one['id']}/rounds", json=body).status_code == 200
    before = written(app)
    again = judge.post(f"/api/cards/{two['id']}/rounds", json=body)
    refused(again, 409, body["op_id"], f"card:{one['id']}", "new op_id")
    assert written(app) == before
    assert judge.get(f"/api/cards/{two['id']}").get_json()["rounds"][0]["recorded"] is False


def test_an_op_id_belongs_to_one_endpoint(judge, card, app):
    seats = winds(card)
    op_id = op()
    assert judge.post(f"/api/cards/{card['id']}/rounds", json={
        "round": 1, "result": "draw", "op_id": op_id}).status_code == 200
    before = written(app)
    response = judge.post(f"/api/cards/{card['id']}/penalties", json={
        "player": seats["E"], "points": 5, "reason": "slow", "op_id": op_id})
    refused(response, 409, "card.round")
    assert written(app) == before


def test_the_recorder_write_is_idempotent(judge, card):
    seats = winds(card)
    body = {"player": seats["S"], "op_id": op()}
    first = judge.post(f"/api/cards/{card['id']}/recorder", json=body)
    again = judge.post(f"/api/cards/{card['id']}/recorder", json=body)
    assert first.status_code == again.status_code == 200
    assert again.get_json() == first.get_json()
    assert judge.get(f"/api/cards/{card['id']}").get_json()["version"] == card["version"] + 1
    refused(judge.post(f"/api/cards/{card['id']}/recorder", json={"player": None}), 400,
            "op_id")


# ---------------------------------------------------------------- a long name as recorder

def test_a_player_with_a_120_character_name_records_and_confirms(judge, demo, app, card):
    seats = winds(card)
    with app.app_context():
        player = db.session.scalar(select(Player).where(
            Player.tournament_id == demo["tournament_id"], Player.number == seats["S"]))
        player.name = "Maximiliana " + "W" * 108
        assert len(player.name) == 120
        token = player.token
        db.session.commit()
    client = app.test_client()  # the player's phone, not signed in
    url = f"/api/cards/{card['id']}"
    assert judge.post(f"{url}/recorder", json={"player": seats["S"],
                                               "op_id": op()}).status_code == 200
    mine = {"X-Player-Token": token}
    for number in range(1, 17):
        response = client.post(f"{url}/rounds", headers=mine,
                               json={"round": number, "result": "draw", "op_id": op()})
        assert response.status_code == 200, response.get_json()
    line = response.get_json()["card"]["rounds"][15]
    # who recorded it stays readable: the start of the name, cut with an ellipsis
    assert line["recorded_by"].startswith(f"player:{seats['S']} Maximiliana WWW")
    assert line["recorded_by"].endswith("\u2026") and len(line["recorded_by"]) == 120
    confirmed = client.post(f"{url}/confirm", headers=mine, json={"op_id": op()})
    assert confirmed.status_code == 200, confirmed.get_json()
    assert confirmed.get_json()["card"]["confirmations"][0]["by"] == line["recorded_by"]
    with app.app_context():
        actors = set(db.session.scalars(select(AuditEvent.actor).where(
            AuditEvent.action.in_(("card.round", "card.confirm")))))
    assert actors == {line["recorded_by"]}


# ---------------------------------------------------------------- corrections name a revision

def test_a_correction_needs_base_revision(judge, card, app):
    url = f"/api/cards/{card['id']}"
    assert judge.post(f"{url}/rounds", json={"round": 1, "result": "draw",
                                             "op_id": op()}).status_code == 200
    before = written(app)
    response = judge.post(f"{url}/rounds", json={"round": 1, "result": "draw",
                                                 "correction": True, "reason": "x",
                                                 "op_id": op()})
    refused(response, 400, "base_revision")
    assert written(app) == before


def test_a_stale_correction_gets_409_with_both_lines(judge, card, app):
    seats = winds(card)
    url = f"/api/cards/{card['id']}"
    win = {"round": 1, "result": "win", "winner": seats["E"], "value": 8, "win": "self"}
    assert judge.post(f"{url}/rounds", json={**win, "op_id": op()}).status_code == 200
    first_fix = {**win, "value": 10, "correction": True, "base_revision": 1,
                 "reason": "miscounted", "op_id": op()}
    assert judge.post(f"{url}/rounds", json=first_fix).status_code == 200
    before = written(app)
    # a second judge still looking at revision 1
    stale = {**win, "value": 30, "correction": True, "base_revision": 1,
             "reason": "it was more", "op_id": op()}
    response = judge.post(f"{url}/rounds", json=stale)
    refused(response, 409, "revision 2", "not revision 1")
    detail = response.get_json()["details"][0]
    assert detail["current"]["revision"] == 2 and detail["current"]["value"] == 10
    assert detail["sent"]["value"] == 30 and detail["sent"]["base_revision"] == 1
    assert written(app) == before
    # naming the revision that stands goes through
    fresh = {**stale, "base_revision": 2, "op_id": op()}
    assert judge.post(f"{url}/rounds", json=fresh).get_json()["revision"] == 3


def test_a_first_write_conflict_shows_both_lines(judge, card):
    seats = winds(card)
    url = f"/api/cards/{card['id']}"
    assert judge.post(f"{url}/rounds", json={"round": 1, "result": "draw",
                                             "op_id": op()}).status_code == 200
    response = judge.post(f"{url}/rounds", json={
        "round": 1, "result": "win", "winner": seats["E"], "value": 8, "win": "self",
        "op_id": op()})
    refused(response, 409, "already recorded")
    detail = response.get_json()["details"][0]
    assert detail["current"]["result"] == "draw" and detail["sent"]["result"] == "win"


def test_a_correction_of_an_unrecorded_round_is_409(judge, card, app):
    before = written(app)
    response = judge.post(f"/api/cards/{card['id']}/rounds", json={
        "round": 3, "result": "draw", "correction": True, "base_revision": 1,
        "reason": "x", "op_id": op()})
    refused(response, 409, "not recorded yet")
    assert written(app) == before


def _signed_in_opener(server, demo, role="judge"):
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
    request = urllib.request.Request(
        server.url + "/api/login", method="POST",
        data=json.dumps({"tournament_id": demo["tournament_id"], **demo[role]}).encode(),
        headers={"Content-Type": "application/json"})
    opener.open(request).read()
    return opener


def _post(opener, url, body):
    request = urllib.request.Request(url, method="POST", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with opener.open(request, timeout=60) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.mark.committed
def test_twenty_corrections_of_one_revision_at_once_one_wins(app, demo):
    count = 20
    with LiveServer(app) as server:
        openers = [_signed_in_opener(server, demo, role)
                   for role in ("judge", "head_judge", "organizer")]
        card = json.loads(urllib.request.urlopen(server.url + demo["cards"][0]["api"]).read())
        seats = winds(card)
        url = f"{server.url}/api/cards/{card['id']}/rounds"
        status, _ = _post(openers[0], url, {"round": 1, "result": "draw", "op_id": op()})
        assert status == 200
        barrier = threading.Barrier(count)
        answers: list[tuple[int, dict]] = []

        def correct(i: int) -> None:
            body = {"round": 1, "result": "win", "winner": seats["E"], "value": 8 + i,
                    "win": "self", "correction": True, "base_revision": 1,
                    "reason": f"judge {i} saw it", "op_id": op()}
            barrier.wait()
            answers.append(_post(openers[i % len(openers)], url, body))

        threads = [threading.Thread(target=correct, args=(i,)) for i in range(count)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(90)
        final = json.loads(urllib.request.urlopen(server.url + demo["cards"][0]["api"]).read())
    statuses = sorted(status for status, _ in answers)
    assert statuses == [200] + [409] * (count - 1), answers
    winner = next(body for status, body in answers if status == 200)
    line = final["rounds"][0]
    assert line["revision"] == 2 and len(line["history"]) == 1
    assert line["value"] == winner["card"]["rounds"][0]["value"]
    for status, body in answers:
        if status == 409:
            assert body["details"][0]["current"]["revision"] == 2, body
    with app.app_context():
        rows = db.session.scalar(select(func.count()).select_from(CardRound).where(
            CardRound.card_id == card["id"], CardRound.round == 1))
    assert rows == 2


@pytest.mark.parametrize("token", ["%00", "%ED%A0%80", "%C2%B2", "a" * 65, "x;y"])
def test_a_player_link_with_a_bad_token_is_404(client, token):
    response = client.get(f"/p/{token}")
    assert response.status_code == 404
    assert "not valid" in response.get_data(as_text=True)


@pytest.mark.parametrize("token", ["a\x00b", "a" * 65, "\u00b2" * 10])
def test_a_bad_player_token_header_reads_as_nobody(client, demo, app, token):
    card = client.get(demo["cards"][0]["api"]).get_json()
    seen = client.get(f"/api/cards/{card['id']}/me", headers={"X-Player-Token": token})
    assert seen.status_code == 200 and seen.get_json()["player"] is None
    before = written(app)
    write = client.post(f"/api/cards/{card['id']}/rounds", headers={"X-Player-Token": token},
                        json={"round": 1, "result": "draw", "op_id": op()})
    assert write.status_code == 404 and "not valid" in write.get_json()["message"]
    assert written(app) == before


def test_the_card_page_says_how_long_a_reason_may_be(judge, demo):
    page = judge.get(demo["cards"][0]["url"]).get_data(as_text=True)
    # the penalty reason and the correction reason (strike-out forms copy theirs)
    assert page.count('maxlength="500"') == 2
