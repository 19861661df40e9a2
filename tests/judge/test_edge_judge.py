"""The judge console at the edge (issue 12): bad ids, numbers and text are refused with a
clear 4xx before anything is written; an op_id belongs to one endpoint and one target."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from judgeaid.edge import length_of
from judgeaid.extensions import db
from judgeaid.models import Appeal, CallUp, CardPenalty, Operation, Penalty, Player, Ruling
from tests.conftest import LiveServer, is_postgres, login
from tests.factories import at_table, demo_card_id, end_session, op, rule, seated, token_of

BIG = [2**31, 10**20]
BAD_TEXT = {"NUL": "a\x00b", "lone surrogate": "a\ud800b", "escape": "a\x1bb",
            "DEL": "a\x7fb"}
BAD_NUMBERS = {"superscript two": "²", "Arabic-Indic three": "٣", "exponent": "1e3",
               "boolean": True, "fraction": 1.5, "words": "five"}
WRITTEN = (CallUp, Ruling, Penalty, CardPenalty, Appeal)


def counts(app) -> dict[str, int]:
    """Return how many rows each judging table and the op_id store hold."""
    with app.app_context():
        found = {m.__name__: db.session.scalar(select(func.count(m.id))) for m in WRITTEN}
        found["Operation"] = db.session.scalar(select(func.count(Operation.op_id)))
        return found


def refused(answer, field: str, status: int = 400) -> str:
    """Assert a clear JSON refusal naming the field; return its message."""
    assert answer.status_code == status, answer.get_data(as_text=True)[:300]
    message = answer.get_json()["message"]
    assert field in message, message
    return message


def penalty_body(card, player, /, **fields) -> dict:
    return {"card_id": card, "player": player, "category": "procedural",
            "infraction": "tiles_mishandled", "kind": "points", "points": 5, "op_id": op(),
            **fields}


@pytest.fixture
def judge_at_table(client, demo):
    """A signed-in judge: (tournament id, first card, a player seated there)."""
    login(client, demo, "judge")
    card = demo_card_id(demo)
    return demo["tournament_id"], card, seated(client, card)[0]


@pytest.fixture
def appeal_ready(app, client, demo, judge_at_table):
    """A ruling with a penalty, its session over: (tid, ruling id, player, their token)."""
    tid, card, player = judge_at_table
    entry = rule(client, tid, card_id=card, penalties=[
        {"player": player, "category": "procedural", "infraction": "tiles_mishandled",
         "kind": "points", "points": 5}]).get_json()["ruling"]
    end_session(app, tid)
    return tid, entry["id"], player, token_of(app, tid, player)


# ---------------------------------------------------------------- ids

@pytest.mark.parametrize("big", BIG)
def test_ids_beyond_the_database_range_in_paths_are_404(client, judge_at_table, big):
    tid = judge_at_table[0]
    gets = [f"/api/t/{tid}/rulings/{big}",
            f"/api/t/{tid}/players/{big}/record", f"/api/t/{big}/call-ups",
            f"/t/{tid}/judge/rulings/{big}",
            f"/t/{tid}/judge/players/{big}", f"/t/{big}/judge"]
    for path in gets:
        assert client.get(path).status_code == 404, path
    # These paths also have a POST rule: still 404, not 405 (the id never matches a rule).
    for path in (f"/api/cards/{big}/call-up", f"/api/t/{big}/penalties",
                 f"/api/t/{big}/rulings"):
        assert client.get(path).status_code == 404, path
    posts = [f"/api/cards/{big}/call-up", f"/api/t/{tid}/call-ups/{big}/take",
             f"/api/t/{tid}/appeals/{big}/decision"]
    for path in posts:
        answer = client.post(path, json={"op_id": op()})
        assert answer.status_code == 404, path
        assert answer.get_json()["message"]


def test_the_largest_id_reaches_the_service_and_is_a_plain_404(client, judge_at_table):
    tid = judge_at_table[0]
    answer = client.get(f"/api/t/{tid}/rulings/{2**31 - 1}")
    assert answer.status_code == 404
    assert answer.get_json()["message"] == "There is no ruling #2147483647 here."
    taken = client.post(f"/api/t/{tid}/call-ups/{2**31 - 1}/take", json={"op_id": op()})
    assert taken.status_code == 404 and "call-up 2147483647" in taken.get_json()["message"]


@pytest.mark.parametrize("big", BIG)
def test_ids_beyond_the_database_range_in_bodies_are_400(app, client, judge_at_table, big):
    tid, card, player = judge_at_table
    before = counts(app)
    for field, value in [("card_id", big), ("player", big), ("ruling_id", big),
                         ("paid_to", {str(big): 5})]:
        answer = client.post(f"/api/t/{tid}/penalties",
                             json=penalty_body(card, player, **{field: value}))
        assert "at most 2147483647" in refused(answer, field) or field == "paid_to"
    for field, value in [("call_up_id", big), ("card_id", big), ("supersedes_id", big),
                         ("players", [big])]:
        refused(rule(client, tid, **{field: value}), field)
    query = {"card": big, "player": player, "category": "minor", "infraction": "brief_delay"}
    refused(client.get(f"/api/t/{tid}/suggest", query_string=query), "card")
    refused(client.get(f"/api/t/{tid}/rulings", query_string={"table": big}), "table")
    assert counts(app) == before


def test_ids_beyond_the_range_in_appeal_bodies_are_400(app, client, appeal_ready):
    tid, _, _, token = appeal_ready
    before = counts(app)
    answer = client.post("/api/appeals", headers={"X-Player-Token": token},
                         json={"ruling_id": 2**31, "text": "No", "op_id": op()})
    refused(answer, "ruling_id")
    assert counts(app) == before


# ---------------------------------------------------------------- text

def _code(bad: str) -> str:
    """Return the U+ code of the first character of `bad` the edge refuses."""
    return f"U+{ord(next(ch for ch in bad if ch not in 'ab')):04X}"


@pytest.mark.parametrize("bad", BAD_TEXT.values(), ids=BAD_TEXT.keys())
def test_control_characters_in_call_up_reasons_are_refused(app, client, demo, bad):
    card = demo_card_id(demo)
    before = counts(app)
    answer = client.post(f"/api/cards/{card}/call-up",
                         headers=at_table(client, card), json={"reason": bad, "op_id": op()})
    code = f"U+{ord(next(ch for ch in bad if ch not in 'ab')):04X}"
    assert code in refused(answer, "reason")
    assert counts(app) == before
    assert client.get(f"/api/cards/{card}/call-up").get_json()["call_up"] is None


@pytest.mark.parametrize("bad", BAD_TEXT.values(), ids=BAD_TEXT.keys())
def test_control_characters_in_penalty_fields_are_refused(app, client, judge_at_table, bad):
    tid, card, player = judge_at_table
    before = counts(app)
    for field in ("reason", "infraction"):
        answer = client.post(f"/api/t/{tid}/penalties",
                             json=penalty_body(card, player, **{field: bad}))
        assert _code(bad) in refused(answer, field)
    if "\ud800" not in bad:  # a URL cannot carry a lone surrogate at all
        query = {"card": card, "player": player, "category": "minor", "infraction": bad}
        refused(client.get(f"/api/t/{tid}/suggest", query_string=query), "infraction")
    assert counts(app) == before
    assert client.get(f"/api/cards/{card}").get_json()["penalties"] == []


@pytest.mark.parametrize("bad", BAD_TEXT.values(), ids=BAD_TEXT.keys())
def test_control_characters_in_rulings_are_refused(app, client, judge_at_table, bad):
    tid, card, player = judge_at_table
    before = counts(app)
    for field in ("what_happened", "decision", "guide_entry"):
        refused(rule(client, tid, card_id=card, **{field: bad}), field)
    refused(rule(client, tid, card_id=card, sections=[bad]), "sections.0")
    penalty = {"player": player, "category": "procedural", "infraction": "tiles_mishandled",
               "kind": "points", "points": 10, "reason": bad}
    refused(rule(client, tid, card_id=card, penalties=[penalty]), "penalties.0.reason")
    if "\ud800" not in bad:
        refused(client.get(f"/api/t/{tid}/rulings", query_string={"q": bad}), "q")
    assert counts(app) == before


@pytest.mark.parametrize("bad", BAD_TEXT.values(), ids=BAD_TEXT.keys())
def test_control_characters_in_appeals_are_refused(app, client, demo, appeal_ready, bad):
    tid, ruling_id, _, token = appeal_ready
    before = counts(app)
    answer = client.post("/api/appeals", headers={"X-Player-Token": token},
                         json={"ruling_id": ruling_id, "text": bad, "op_id": op()})
    assert _code(bad) in refused(answer, "text")
    assert counts(app) == before
    filed = client.post("/api/appeals", headers={"X-Player-Token": token},
                        json={"ruling_id": ruling_id, "text": "Not me", "op_id": op()})
    assert filed.status_code == 200
    appeal_id = filed.get_json()["appeal"]["id"]
    login(client, demo, "head_judge")
    decided = client.post(f"/api/t/{tid}/appeals/{appeal_id}/decision",
                          json={"decision": "overturned", "reason": bad, "op_id": op()})
    refused(decided, "reason")
    with client.application.app_context():
        assert db.session.get(Appeal, appeal_id).status == "filed"


def test_line_breaks_and_tabs_stay_allowed_in_multi_line_fields(client, judge_at_table):
    tid, card, player = judge_at_table
    story = "Claimed a pung.\n\tThen took it back."
    answer = rule(client, tid, card_id=card, what_happened=story,
                  decision="Play on.\nWarned both.")
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["ruling"]["what_happened"] == story
    # The call-up reason is one line (an input on the card).
    refused(client.post(f"/api/cards/{card}/call-up",
                        headers=at_table(client, card), json={"reason": "a\nb", "op_id": op()}),
            "reason")


@pytest.mark.parametrize(("what", "limit"), [("reason", 1000), ("infraction", 120)])
def test_penalty_text_longer_than_its_limit_is_refused(app, client, judge_at_table, what, limit):
    tid, card, player = judge_at_table
    before = counts(app)
    answer = client.post(f"/api/t/{tid}/penalties",
                         json=penalty_body(card, player, **{what: "x" * (limit + 1)}))
    assert f"longer than {limit} characters" in refused(answer, what)
    assert counts(app) == before


def test_long_texts_are_refused_at_their_limits(app, client, demo, appeal_ready):
    tid, ruling_id, _, token = appeal_ready
    card = demo_card_id(demo, 1)
    before = counts(app)
    refused(client.post(f"/api/cards/{card}/call-up", headers=at_table(client, card),
                        json={"reason": "x" * 301, "op_id": op()}), "longer than 300")
    refused(rule(client, tid, card_id=card, what_happened="x" * 4001), "longer than 4000")
    refused(rule(client, tid, card_id=card, guide_entry="x" * 61), "longer than 60")
    refused(client.post("/api/appeals", headers={"X-Player-Token": token},
                        json={"ruling_id": ruling_id, "text": "x" * 2001, "op_id": op()}),
            "longer than 2000")
    assert counts(app) == before
    fits = client.post(f"/api/cards/{card}/call-up",
                       headers=at_table(client, card), json={"reason": "x" * 300, "op_id": op()})
    assert fits.status_code == 200


# ---------------------------------------------------------------- numbers and fields

@pytest.mark.parametrize("bad", BAD_NUMBERS.values(), ids=BAD_NUMBERS.keys())
def test_only_ascii_digits_count_as_numbers(app, client, judge_at_table, bad):
    tid, card, player = judge_at_table
    before = counts(app)
    for field in ("points", "round", "player", "card_id"):
        answer = client.post(f"/api/t/{tid}/penalties",
                             json=penalty_body(card, player, **{field: bad}))
        assert "whole number" in refused(answer, field)
    refused(rule(client, tid, card_id=card, round=bad), "round")
    refused(rule(client, tid, card_id=card, players=[bad]), "players.0")
    query = {"card": card, "player": player, "category": "minor", "infraction": "brief_delay",
             "round": bad}
    refused(client.get(f"/api/t/{tid}/suggest", query_string=query), "round")
    refused(client.get(f"/api/t/{tid}/rulings", query_string={"session": bad}), "session")
    assert counts(app) == before


@pytest.mark.parametrize("bad", ["²", "٣", "1e3", "2147483648"])
def test_pages_refuse_bad_numbers_with_a_message(client, judge_at_table, bad):
    tid = judge_at_table[0]
    for path, field in [("/judge/log/print", "session"), ("/judge/log", "table"),
                        ("/judge/players", "number"), ("/judge/rulings/new", "card")]:
        answer = client.get(f"/t/{tid}{path}", query_string={field: bad})
        assert answer.status_code == 400, path
        assert field in answer.get_data(as_text=True)


def test_a_check_box_takes_on_or_off(client, judge_at_table):
    tid = judge_at_table[0]
    answer = client.get(f"/api/t/{tid}/rulings", query_string={"history": "maybe"})
    assert refused(answer, "history").endswith("history: must be 1 (on) or 0 (off).")
    for value in ("1", "on", "true", "0", "off", ""):
        assert client.get(f"/api/t/{tid}/rulings?history={value}").status_code == 200


def test_unknown_fields_are_refused(app, client, judge_at_table):
    tid, card, player = judge_at_table
    before = counts(app)
    refused(client.post(f"/api/t/{tid}/penalties",
                        json=penalty_body(card, player, points_paid=5)),
            "points_paid: is not a field of this request")
    refused(rule(client, tid, card_id=card, tabel=3), "tabel")
    refused(rule(client, tid, card_id=card, penalties=[
        {"player": player, "category": "minor", "infraction": "brief_delay",
         "kind": "warning", "colour": "red"}]), "penalties.0.colour")
    refused(client.post(f"/api/cards/{card}/call-up",
                        headers=at_table(client, card), json={"op_id": op(), "urgent": True}),
            "urgent")
    refused(client.post(f"/api/t/{tid}/rulings", json=["not", "an", "object"]), "body")
    assert counts(app) == before


def test_choices_outside_the_rubric_are_refused(app, client, judge_at_table):
    tid, card, player = judge_at_table
    before = counts(app)
    refused(client.post(f"/api/t/{tid}/penalties",
                        json=penalty_body(card, player, category="major")), "category")
    refused(client.post(f"/api/t/{tid}/penalties",
                        json=penalty_body(card, player, kind="fine")), "kind")
    refused(client.post(f"/api/t/{tid}/penalties",
                        json=penalty_body(card, player, points=1001)), "at most 1000")
    assert counts(app) == before


# ---------------------------------------------------------------- op_ids

def test_a_call_up_op_id_sent_to_another_card_is_409(app, client, demo):
    first, second = demo_card_id(demo, 0), demo_card_id(demo, 1)
    body = {"reason": "wrong claim", "op_id": op()}
    assert client.post(f"/api/cards/{first}/call-up",
                       headers=at_table(client, first), json=body).status_code == 200
    answer = client.post(f"/api/cards/{second}/call-up",
                         headers=at_table(client, second), json=body)
    message = refused(answer, body["op_id"], status=409)
    assert "make a new op_id" in message
    assert client.get(f"/api/cards/{second}/call-up").get_json()["call_up"] is None
    # The same write to the same card is still answered from the store.
    again = client.post(f"/api/cards/{first}/call-up", headers=at_table(client, first), json=body)
    assert again.status_code == 200 and again.get_json()["is_new"]


def test_an_op_id_belongs_to_one_endpoint(app, client, judge_at_table):
    tid, card, player = judge_at_table
    body = penalty_body(card, player)
    assert client.post(f"/api/t/{tid}/penalties", json=body).status_code == 200
    before = counts(app)
    answer = rule(client, tid, card_id=card, op_id=body["op_id"])
    refused(answer, "judge.penalty", status=409)
    assert counts(app) == before


def test_a_take_op_id_sent_to_another_call_up_is_409(client, demo):
    tid = demo["tournament_id"]
    for index in (0, 1):
        client.post(f"/api/cards/{demo_card_id(demo, index)}/call-up",
                    headers=at_table(client, demo_card_id(demo, index)), json={"op_id": op()})
    login(client, demo, "judge")
    calls = [i["id"] for i in client.get(f"/api/t/{tid}/call-ups").get_json()["items"]]
    body = {"op_id": op()}
    assert client.post(f"/api/t/{tid}/call-ups/{calls[0]}/take", json=body).status_code == 200
    refused(client.post(f"/api/t/{tid}/call-ups/{calls[1]}/take", json=body), "call_up:",
            status=409)
    items = client.get(f"/api/t/{tid}/call-ups").get_json()["items"]
    assert {i["id"]: i["status"] for i in items} == {calls[0]: "taken", calls[1]: "waiting"}


def test_another_players_replay_of_an_appeal_op_id_is_409(app, client, demo, appeal_ready):
    tid, ruling_id, _, token = appeal_ready
    body = {"ruling_id": ruling_id, "text": "Not me", "op_id": op()}
    filed = client.post("/api/appeals", headers={"X-Player-Token": token}, json=body)
    assert filed.status_code == 200
    stranger = token_of(app, tid, seated(client, demo_card_id(demo, 1))[0])
    answer = client.post("/api/appeals", headers={"X-Player-Token": stranger}, json=body)
    refused(answer, "make a new op_id", status=409)
    assert "Not me" not in answer.get_data(as_text=True)
    assert counts(app)["Appeal"] == 1


def test_the_settings_form_refuses_unknown_choices(client, demo):
    tid = demo["tournament_id"]
    login(client, demo, "organizer")
    answer = client.post(f"/t/{tid}/judge/settings", data={"scope": "all", "window": "year"})
    assert answer.status_code == 400
    assert "scope" in answer.get_data(as_text=True)
    page = client.get(f"/t/{tid}/judge/settings").get_data(as_text=True)
    assert 'value="category" checked' in page and 'value="tournament" checked' in page


def test_the_judge_routes_are_in_the_api_document(client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    for path, method in [("/api/judge/guide", "get"), ("/api/cards/{card_id}/call-up", "post"),
                         ("/api/cards/{card_id}/call-up", "get"),
                         ("/api/t/{tournament_id}/call-ups", "get"),
                         ("/api/t/{tournament_id}/call-ups/{call_up_id}/take", "post"),
                         ("/api/t/{tournament_id}/suggest", "get"),
                         ("/api/t/{tournament_id}/penalties", "post"),
                         ("/api/t/{tournament_id}/penalties", "get"),
                         ("/api/t/{tournament_id}/rulings", "post"),
                         ("/api/t/{tournament_id}/rulings", "get"),
                         ("/api/t/{tournament_id}/rulings/{ruling_id}", "get"),
                         ("/api/t/{tournament_id}/players/{number}/record", "get"),
                         ("/api/appeals", "post"),
                         ("/api/t/{tournament_id}/appeals/{appeal_id}/decision", "post"),
                         ("/api/t/{tournament_id}/appeals", "get")]:
        assert method in paths.get(path, {}), (method, path)
    body = paths["/api/t/{tournament_id}/penalties"]["post"]["requestBody"]
    assert body["content"]["application/json"]["schema"]


@pytest.mark.parametrize("token", ["x" * 65, "a b", "tok\x7fen", "ä-token"])
def test_a_malformed_player_token_is_refused_before_any_lookup(app, client, appeal_ready, token):
    _, ruling_id, _, _ = appeal_ready
    before = counts(app)
    answer = client.post("/api/appeals", headers={"X-Player-Token": token},
                         json={"ruling_id": ruling_id, "text": "No", "op_id": op()})
    refused(answer, "X-Player-Token")
    assert counts(app) == before


def test_a_player_with_a_120_character_name_can_appeal(app, client, demo, appeal_ready):
    """The import takes names of 120 characters; "player:N name" must still fit the audit."""
    tid, ruling_id, number, token = appeal_ready
    with app.app_context():
        player = db.session.scalar(select(Player).where(Player.tournament_id == tid,
                                                        Player.number == number))
        player.name = "N" * length_of(Player.name)
        db.session.commit()
    filed = client.post("/api/appeals", headers={"X-Player-Token": token},
                        json={"ruling_id": ruling_id, "text": "Not me", "op_id": op()})
    assert filed.status_code == 200, filed.get_json()
    assert filed.get_json()["appeal"]["player_name"] == "N" * 120
    login(client, demo, "head_judge")
    shown = client.get(f"/api/t/{tid}/appeals").get_json()["open"]
    assert [a["appeal"]["player_name"] for a in shown] == ["N" * 120]
    assert client.get(f"/t/{tid}/judge/appeals").status_code == 200


@pytest.mark.committed
@pytest.mark.skipif(not is_postgres(), reason="the race is proven on PostgreSQL (CI runs it)")
def test_twin_writes_racing_apply_once_and_get_one_answer(app, demo):
    """A phone's outbox resending while the first copy is in flight: one applies, both get
    the same answer (writes.once recovers from the op_id insert race)."""
    import json
    import threading
    import urllib.request
    from http.cookiejar import CookieJar

    tid = demo["tournament_id"]
    with LiveServer(app) as server:
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
        opener.open(urllib.request.Request(
            server.url + "/api/login", method="POST", headers={"Content-Type": "application/json"},
            data=json.dumps({"tournament_id": tid, **demo["judge"]}).encode())).read()

        def twice(path: str, body: dict) -> list[tuple[int, dict]]:
            barrier, answers = threading.Barrier(2), []

            def send():
                request = urllib.request.Request(server.url + path, method="POST",
                                                 data=json.dumps(body).encode(),
                                                 headers={"Content-Type": "application/json"})
                barrier.wait()
                try:
                    response = opener.open(request)
                    answers.append((response.status, json.loads(response.read())))
                except urllib.error.HTTPError as error:
                    answers.append((error.code, json.loads(error.read())))

            threads = [threading.Thread(target=send) for _ in range(2)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(20)
            return answers

        for attempt in range(4):
            card = demo_card_id(demo, attempt)
            called = twice(f"/api/cards/{card}/call-up", {"reason": "claim", "op_id": op()})
            assert [status for status, _ in called] == [200, 200], called
            assert called[0][1] == called[1][1]
            players = json.loads(opener.open(f"{server.url}/api/cards/{card}").read())["players"]
            ruled = twice(f"/api/t/{tid}/rulings", {
                "card_id": card, "what_happened": "x", "decision": "", "op_id": op(),
                "penalties": [{"player": players[0]["number"], "category": "procedural",
                               "infraction": "tiles_mishandled", "kind": "points",
                               "points": 5}]})
            assert [status for status, _ in ruled] == [200, 200], ruled
            assert ruled[0][1] == ruled[1][1]
    found = counts(app)
    assert (found["CallUp"], found["Ruling"], found["Penalty"], found["CardPenalty"]) == (4,) * 4


def test_the_forms_say_the_limits_the_api_takes(client, demo, judge_at_table):
    tid = judge_at_table[0]
    form = client.get(f"/t/{tid}/judge/rulings/new?penalty=1").get_data(as_text=True)
    assert form.count('maxlength="4000"') == 2  # what happened, decision
    assert 'maxlength="120"' in form and 'maxlength="1000"' in form and 'max="1000"' in form
    assert 'maxlength="200"' in client.get(f"/t/{tid}/judge/log").get_data(as_text=True)
    assert 'max="2147483647"' in client.get(f"/t/{tid}/judge").get_data(as_text=True)
    table = client.application.test_client()  # the table's own phone, no judge signed in
    live = table.get(demo["cards"][0]["url"]).get_data(as_text=True)
    assert 'name="reason" maxlength="300"' in live
