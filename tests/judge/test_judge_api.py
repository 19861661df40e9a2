"""Judge console API: call-ups, suggestions, penalties on the card, rulings, appeals (issue 6)."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import CallUp, CardPenalty, Penalty, Player, PlaySession, Ruling, utcnow
from judgeaid.services import appeals
from tests.conftest import login
from tests.factories import at_table, demo_card_id, end_session, give, op, rule, seated, token_of


def rows(app, model) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count(model.id)))


# ---------------------------------------------------------------- call-ups

def test_a_table_calls_and_a_judge_takes_it(app, client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    body = {"reason": "wrong claim", "op_id": op()}
    first = client.post(f"/api/cards/{card}/call-up", headers=at_table(client, card), json=body)
    assert first.status_code == 200 and first.get_json()["is_new"]
    assert client.post(f"/api/cards/{card}/call-up",
                       headers=at_table(client, card), json=body).get_json() == first.get_json()
    again = client.post(f"/api/cards/{card}/call-up",
                        headers=at_table(client, card), json={"reason": "still", "op_id": op()})
    assert not again.get_json()["is_new"]
    assert again.get_json()["call_up"]["id"] == first.get_json()["call_up"]["id"]
    assert client.get(f"/api/cards/{card}/call-up").get_json()["call_up"]["place"] == 1

    assert client.get(f"/api/t/{tid}/call-ups").status_code == 401
    login(client, demo, "judge")
    queue = client.get(f"/api/t/{tid}/call-ups")
    items = queue.get_json()["items"]
    assert [(i["table"], i["status"], i["reason"]) for i in items] == [
        (1, "waiting", "wrong claim / still")]
    unchanged = client.get(f"/api/t/{tid}/call-ups",
                           headers={"If-None-Match": queue.headers["ETag"]})
    assert unchanged.status_code == 304

    call_id = items[0]["id"]
    taken = client.post(f"/api/t/{tid}/call-ups/{call_id}/take", json={"op_id": op()})
    assert taken.status_code == 200
    assert taken.get_json()["call_up"]["taken_by"] == "Jade Judge"
    assert taken.get_json()["call_up"]["taken_at_ms"] >= items[0]["called_at_ms"]
    status = client.get(f"/api/cards/{card}/call-up").get_json()["call_up"]
    assert status["status"] == "taken"

    login(client, demo, "head_judge")
    clash = client.post(f"/api/t/{tid}/call-ups/{call_id}/take", json={"op_id": op()})
    assert clash.status_code == 409 and "Jade Judge" in clash.get_json()["message"]


def test_call_up_needs_an_op_id_and_a_real_card(client, demo):
    card = demo_card_id(demo)
    assert client.post(f"/api/cards/{card}/call-up",
                       headers=at_table(client, card), json={}).status_code == 400
    assert client.post("/api/cards/9999/call-up", json={"op_id": op()}).status_code == 404
    assert client.post(f"/api/cards/{card}/call-up",
                       headers=at_table(client, card), data="x").status_code == 415


# ---------------------------------------------------------------- suggestions and penalties

def test_the_suggestion_escalates_with_each_repeat(client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, "judge")
    player = seated(client, card)[0]
    query = {"card": card, "player": player, "category": "procedural",
             "infraction": "tiles_mishandled"}
    first = client.get(f"/api/t/{tid}/suggest", query_string=query).get_json()
    assert first["suggestion"]["points"] == 5 and first["history"] == []
    assert first["suggestion"]["explanation"] == ("1st procedural violation this tournament "
                                                  "→ 5 points")
    assert give(client, tid, card, player).status_code == 200
    second = client.get(f"/api/t/{tid}/suggest", query_string=query).get_json()
    assert second["suggestion"]["explanation"] == ("2nd procedural violation this tournament "
                                                   "→ 10 points")
    assert [h["points"] for h in second["history"]] == [5]
    # Another category does not count under the default policy (same category, tournament).
    minor = client.get(f"/api/t/{tid}/suggest", query_string={
        **query, "category": "minor", "infraction": "brief_delay"}).get_json()
    assert minor["suggestion"]["kind"] == "warning"


def test_points_go_to_the_penalty_line_once(client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, "judge")
    player = seated(client, card)[1]
    body = {"card_id": card, "player": player, "category": "procedural",
            "infraction": "tiles_mishandled", "kind": "points", "points": 5, "op_id": op()}
    first = client.post(f"/api/t/{tid}/penalties", json=body)
    replay = client.post(f"/api/t/{tid}/penalties", json=body)
    assert first.status_code == replay.status_code == 200
    assert replay.get_json() == first.get_json()
    view = client.get(f"/api/cards/{card}").get_json()
    assert [(p["player"], p["points"]) for p in view["penalties"]] == [(player, 5)]
    assert view["totals"][str(player)]["penalties"] == -5
    assert first.get_json()["penalty"]["explanation"].startswith("1st procedural")


def test_a_warning_leaves_the_card_alone(client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, "judge")
    player = seated(client, card)[0]
    answer = give(client, tid, card, player, category="minor", infraction="brief_delay",
                  kind="warning", points=0)
    assert answer.status_code == 200
    assert answer.get_json()["penalty"]["card_penalty_id"] is None
    assert client.get(f"/api/cards/{card}").get_json()["penalties"] == []


@pytest.mark.parametrize(("fields", "status", "code"), [
    ({"points": 10}, 422, "reason_required"),
    ({"points": 30}, 422, "reason_required"),
    ({"kind": "disqualification", "points": 0}, 422, "reason_required"),
    ({"kind": "points", "points": 0}, 422, "points_missing"),
])
def test_choices_are_checked_against_the_rubric(client, demo, fields, status, code):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, "judge")
    answer = give(client, tid, card, seated(client, card)[0], **fields)
    assert answer.status_code == status
    assert code in [d["code"] for d in answer.get_json()["details"]]
    assert client.get(f"/api/cards/{card}").get_json()["penalties"] == []


@pytest.mark.parametrize("role", ["judge", "head_judge"])
def test_any_judge_may_go_beyond_the_rubric_with_a_reason(app, client, demo, role):
    # A.5.6, A.5.7, §4.11: the rubric suggests, it never forbids
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, role)
    player = seated(client, card)[0]
    assert give(client, tid, card, player, points=30, reason="blatant").status_code == 200
    answer = give(client, tid, card, player, kind="disqualification", points=0,
                  reason="third time today")
    assert answer.status_code == 200
    with app.app_context():
        status = db.session.scalar(select(Player.status).where(Player.tournament_id == tid,
                                                               Player.number == player))
    assert status == "disqualified"


def test_points_paid_to_an_opponent_when_ruled_so(client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, "judge")
    offender, opponent, *_ = seated(client, card)
    answer = give(client, tid, card, offender, paid_to={str(opponent): 5})
    assert answer.status_code == 200
    totals = client.get(f"/api/cards/{card}").get_json()["totals"]
    assert totals[str(offender)]["penalties"] == -5
    assert totals[str(opponent)]["penalties"] == 5
    too_much = give(client, tid, card, offender, points=10, reason="r",
                    paid_to={str(opponent): 20})
    assert too_much.status_code == 400
    outsider = give(client, tid, card, offender, reason="r", paid_to={"999": 5})
    assert outsider.status_code == 400


def test_repeat_policy_is_the_organizers_setting(client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, "judge")
    assert client.post(f"/t/{tid}/judge/settings",
                       data={"scope": "any", "window": "tournament"}).status_code == 403
    player = seated(client, card)[0]
    give(client, tid, card, player)
    query = {"card": card, "player": player, "category": "minor", "infraction": "brief_delay"}
    assert client.get(f"/api/t/{tid}/suggest",
                      query_string=query).get_json()["suggestion"]["kind"] == "warning"
    login(client, demo, "organizer")
    saved = client.post(f"/t/{tid}/judge/settings", data={"scope": "any", "window": "session"})
    assert saved.status_code == 302
    answer = client.get(f"/api/t/{tid}/suggest", query_string=query).get_json()
    assert answer["policy"] == {"scope": "any", "window": "session"}
    assert answer["suggestion"]["explanation"] == ("2nd violation of any kind this session → "
                                                   "5 points")
    bad = client.post(f"/t/{tid}/judge/settings", data={"scope": "all", "window": "x"},
                      headers={"Referer": "http://localhost/x"})
    assert bad.status_code in (302, 400)
    assert client.get(f"/api/t/{tid}/suggest",
                      query_string=query).get_json()["policy"]["scope"] == "any"


def test_per_round_repeats_need_the_round(client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, "organizer")
    client.post(f"/t/{tid}/judge/settings", data={"scope": "category", "window": "round"})
    player = seated(client, card)[0]
    assert give(client, tid, card, player).status_code == 400
    assert give(client, tid, card, player, round=3).status_code == 200
    same_round = give(client, tid, card, player, round=3, points=10)
    next_round = give(client, tid, card, player, round=4, points=5)
    assert same_round.status_code == next_round.status_code == 200


# ---------------------------------------------------------------- rulings

def test_a_ruling_resolves_its_call_up_with_times_and_penalties(app, client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    client.post(f"/api/cards/{card}/call-up",
                headers=at_table(client, card), json={"reason": "dispute", "op_id": op()})
    login(client, demo, "judge")
    call_id = client.get(f"/api/t/{tid}/call-ups").get_json()["items"][0]["id"]
    client.post(f"/api/t/{tid}/call-ups/{call_id}/take", json={"op_id": op()})
    player = seated(client, card)[2]
    body = {"call_up_id": call_id, "round": 5, "sections": ["1.7", "1.4.6"],
            "guide_entry": "false-win", "decision": "",
            "penalties": [{"player": player, "category": "procedural",
                           "infraction": "tiles_mishandled", "kind": "points", "points": 5}]}
    answer = rule(client, tid, **body)
    assert answer.status_code == 200, answer.get_json()
    entry = answer.get_json()["ruling"]
    assert entry["table"] == 1 and entry["session"] == 1 and entry["round"] == 5
    assert entry["called_at"] and entry["arrived_at"] and entry["resolved_at"]
    assert entry["called_at"] <= entry["arrived_at"] <= entry["resolved_at"]
    assert [s["id"] for s in entry["sections"]] == ["1.7", "1.4.6"]
    assert entry["decision"] == f"Player {player}: 5 points"
    assert [p["round"] for p in entry["penalties"]] == [5]
    assert [p["number"] for p in entry["players"]] == [player]  # the penalised one only
    assert client.get(f"/api/t/{tid}/call-ups").get_json()["items"] == []
    assert client.get(f"/api/cards/{card}/call-up").get_json()["call_up"] is None
    twice = rule(client, tid, call_up_id=call_id)
    assert twice.status_code == 409 and f"#{entry['id']}" in twice.get_json()["message"]


def test_a_ruling_is_saved_once_per_op_id(app, client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, "judge")
    player = seated(client, card)[0]
    body = {"card_id": card, "what_happened": "x", "decision": "y", "op_id": op(),
            "penalties": [{"player": player, "category": "procedural",
                           "infraction": "tiles_mishandled", "kind": "points", "points": 5}]}
    first = client.post(f"/api/t/{tid}/rulings", json=body)
    second = client.post(f"/api/t/{tid}/rulings", json=body)
    assert first.get_json() == second.get_json()
    assert rows(app, Ruling) == 1 and rows(app, Penalty) == 1 and rows(app, CardPenalty) == 1
    changed = client.post(f"/api/t/{tid}/rulings", json={**body, "decision": "other"})
    assert changed.status_code == 409


def test_a_failed_penalty_saves_nothing_of_the_ruling(app, client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, "judge")
    player = seated(client, card)[0]
    answer = rule(client, tid, card_id=card, penalties=[
        {"player": player, "category": "procedural", "infraction": "tiles_mishandled",
         "kind": "points", "points": 5},
        {"player": player, "category": "procedural", "infraction": "tiles_mishandled",
         "kind": "points", "points": 40}])
    assert answer.status_code == 422
    assert [d["code"] for d in answer.get_json()["details"]] == ["reason_required"]
    assert rows(app, Ruling) == rows(app, Penalty) == rows(app, CardPenalty) == 0


@pytest.mark.parametrize(("fields", "message"), [
    ({"sections": ["9.9.9"]}, "Unknown ZJM section"),
    ({"guide_entry": "nope"}, "no guide answer"),
    ({"what_happened": ""}, "what happened"),
    ({"decision": ""}, "decision"),
    ({"players": [999]}, "not at this table"),
])
def test_ruling_input_is_checked(client, demo, fields, message):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, "judge")
    answer = rule(client, tid, card_id=card, **fields)
    assert answer.status_code == 400
    assert message in answer.get_json()["message"]


def test_changes_are_new_linked_entries(client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, "judge")
    first = rule(client, tid, card_id=card, round=3, sections=["1.8"]).get_json()["ruling"]
    login(client, demo, "head_judge")
    second = rule(client, tid, supersedes_id=first["id"], decision="Dead hand instead",
                  what_happened=None)
    assert second.status_code == 200
    entry = second.get_json()["ruling"]
    assert entry["supersedes_id"] == first["id"] and entry["versions"] == 2
    # What the change does not say is kept from the entry it replaces.
    assert entry["round"] == 3 and [s["id"] for s in entry["sections"]] == ["1.8"]
    assert entry["what_happened"] == first["what_happened"]
    assert entry["table"] == 1 and entry["judge"] == "Hugo Head"
    again = rule(client, tid, supersedes_id=first["id"], decision="A fork")
    assert again.status_code == 409
    detail = client.get(f"/api/t/{tid}/rulings/{first['id']}").get_json()
    assert detail["entry"]["decision"] == "Play on"
    assert detail["entry"]["superseded_by"] == entry["id"]
    assert [n["id"] for n in detail["newer"]] == [entry["id"]]
    log = client.get(f"/api/t/{tid}/rulings").get_json()["entries"]
    assert [e["id"] for e in log] == [entry["id"]]
    full = client.get(f"/api/t/{tid}/rulings?history=1").get_json()["entries"]
    assert [e["id"] for e in full] == [entry["id"], first["id"]]


def test_the_log_filters_by_table_player_judge_session_and_words(client, demo):
    tid = demo["tournament_id"]
    one, two = demo_card_id(demo, 0), demo_card_id(demo, 1)
    login(client, demo, "judge")
    rule(client, tid, card_id=one, what_happened="Wall knocked over")
    login(client, demo, "head_judge")
    rule(client, tid, card_id=two, what_happened="Wrong dealer")
    player_two = seated(client, two)[0]
    log = client.get(f"/api/t/{tid}/rulings").get_json()
    judges = {j["name"]: j["id"] for j in log["judges"]}

    def found(**query):
        return [e["what_happened"] for e in client.get(
            f"/api/t/{tid}/rulings", query_string=query).get_json()["entries"]]

    assert found() == ["Wrong dealer", "Wall knocked over"]
    assert found(table=1) == ["Wall knocked over"]
    assert found(player=player_two) == ["Wrong dealer"]
    assert found(judge=judges["Jade Judge"]) == ["Wall knocked over"]
    assert found(session=1, q="wall") == ["Wall knocked over"]
    assert found(session=2) == []
    assert client.get(f"/api/t/{tid}/rulings?table=x").status_code == 400


# ---------------------------------------------------------------- appeals (§4.3)

def _ruled(client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, "judge")
    player = seated(client, card)[0]
    entry = rule(client, tid, card_id=card, penalties=[
        {"player": player, "category": "procedural", "infraction": "tiles_mishandled",
         "kind": "points", "points": 5}]).get_json()["ruling"]
    return tid, card, player, entry


def test_appeals_wait_for_the_break_after_the_session(app, client, demo):
    tid, card, player, entry = _ruled(client, demo)
    token = token_of(app, tid, player)
    body = {"ruling_id": entry["id"], "text": "I disagree", "op_id": op()}
    early = client.post("/api/appeals", json=body, headers={"X-Player-Token": token})
    assert early.status_code == 409 and "§4.3" in early.get_json()["message"]
    end_session(app, tid)
    assert client.post("/api/appeals", json=body).status_code == 401
    filed = client.post("/api/appeals", json=body, headers={"X-Player-Token": token})
    assert filed.status_code == 200, filed.get_json()
    again = client.post("/api/appeals", json={**body, "op_id": op()},
                        headers={"X-Player-Token": token})
    assert again.status_code == 409
    stranger = token_of(app, tid, seated(client, demo_card_id(demo, 1))[0])
    other = client.post("/api/appeals", json={**body, "op_id": op()},
                        headers={"X-Player-Token": stranger})
    assert other.status_code == 403


def test_the_window_closes_when_the_next_session_starts(app, client, demo):
    tid, _, player, entry = _ruled(client, demo)
    end_session(app, tid)
    with app.app_context():
        db.session.add(PlaySession(tournament_id=tid, number=2, status="playing"))
        db.session.commit()
        me = db.session.scalar(select(Player).where(Player.tournament_id == tid,
                                                    Player.number == player))
        is_open, message = appeals.appeal_window(me, 1)
    assert not is_open and "session 2 began" in message


def test_only_the_head_judge_decides_and_the_decision_is_final(app, client, demo):
    tid, card, player, entry = _ruled(client, demo)
    end_session(app, tid)
    token = token_of(app, tid, player)
    appeal = client.post("/api/appeals", headers={"X-Player-Token": token}, json={
        "ruling_id": entry["id"], "text": "Not me", "op_id": op()}).get_json()["appeal"]
    decide = f"/api/t/{tid}/appeals/{appeal['id']}/decision"
    body = {"decision": "overturned", "reason": "Seen on video", "op_id": op()}
    assert client.post(decide, json=body).status_code == 403
    login(client, demo, "organizer")
    assert client.post(decide, json={**body, "op_id": op()}).status_code == 403
    login(client, demo, "head_judge")
    assert client.post(decide, json={**body, "reason": "", "op_id": op()}).status_code == 400
    decided = client.post(decide, json=body)
    assert decided.status_code == 200
    assert decided.get_json()["appeal"]["decision"] == "overturned"
    assert client.post(decide, json={**body, "op_id": op()}).status_code == 409
    view = client.get(f"/api/cards/{card}").get_json()
    assert view["totals"][str(player)]["penalties"] == 0
    assert view["penalties"][0]["is_void"]
    # An overturned penalty no longer counts as a repeat.
    again = client.get(f"/api/t/{tid}/suggest", query_string={
        "card": card, "player": player, "category": "procedural",
        "infraction": "tiles_mishandled"}).get_json()
    assert again["suggestion"]["occurrence"] == 1
    assert again["history"][0]["is_void"]
    with app.test_request_context():
        shown = appeals.appeals_for_player(db.session.scalar(
            select(Player.id).where(Player.tournament_id == tid, Player.number == player)))
    ruling = shown["rulings"][0]
    assert ruling["my_appeal"]["decision_label"] == "Overturned"
    assert not ruling["can_appeal"]


def test_an_upheld_appeal_keeps_the_points(app, client, demo):
    tid, card, player, entry = _ruled(client, demo)
    end_session(app, tid)
    appeal = client.post("/api/appeals", headers={"X-Player-Token": token_of(app, tid, player)},
                         json={"ruling_id": entry["id"], "text": "No", "op_id": op()})
    login(client, demo, "head_judge")
    appeal_id = appeal.get_json()["appeal"]["id"]
    refused = client.post(f"/api/t/{tid}/appeals/{appeal_id}/decision", json={
        "decision": "upheld", "reason": "Clear", "strike_penalties": [1], "op_id": op()})
    assert refused.status_code == 400
    upheld = client.post(f"/api/t/{tid}/appeals/{appeal_id}/decision", json={
        "decision": "upheld", "reason": "Clear", "op_id": op()})
    assert upheld.status_code == 200
    assert client.get(f"/api/cards/{card}").get_json()["totals"][str(player)]["penalties"] == -5


# ---------------------------------------------------------------- records and the guide

def test_player_record_and_penalty_overview(client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, "judge")
    first, second, *_ = seated(client, card)
    give(client, tid, card, first)
    give(client, tid, card, first, points=10)
    give(client, tid, card, second, category="minor", infraction="brief_delay",
         kind="warning", points=0)
    record = client.get(f"/api/t/{tid}/players/{first}/record").get_json()
    assert record["total_points"] == 15
    assert [p["points"] for p in record["penalties"]] == [10, 5]
    overview = client.get(f"/api/t/{tid}/penalties").get_json()
    assert overview["sessions"] == [1]
    assert overview["session_points"] == {"1": 15}
    assert overview["total_count"] == 3
    assert [(p["number"], p["total"], p["warnings"]) for p in overview["players"]] == [
        (first, 15, 0), (second, 0, 1)]
    assert client.get(f"/api/t/{tid}/players/999/record").status_code == 404


def test_the_guide_is_served_for_offline_use(client):
    answer = client.get("/api/judge/guide")
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["entries"] and all(e["sections"] for e in body["entries"])
    assert "public" in answer.headers["Cache-Control"]
    again = client.get("/api/judge/guide", headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304


def test_the_guide_api_serves_the_ruleset_asked_for(client):
    zj = client.get("/api/judge/guide").get_json()
    mcr = client.get("/api/judge/guide?ruleset=mcr")
    assert mcr.status_code == 200
    assert client.get("/api/judge/guide?ruleset=zj").get_json() == zj
    body = mcr.get_json()
    assert body != zj
    assert "False Hu" in [s["title"] for e in body["entries"] for s in e["sections"]]
    # each ruleset's guide is its own resource: the other's ETag is not current
    etag = {"If-None-Match": mcr.headers["ETag"]}
    stale = client.get("/api/judge/guide?ruleset=mcr", headers=etag)
    assert stale.status_code == 304
    other = client.get("/api/judge/guide", headers=etag)
    assert other.status_code == 200
    unknown = client.get("/api/judge/guide?ruleset=riichi")
    assert unknown.status_code == 400
    assert "ruleset" in unknown.get_json()["message"]


def test_the_guide_api_is_documented_with_its_ruleset(client):
    operation = client.get("/api/openapi.json").get_json()["paths"]["/api/judge/guide"]["get"]
    assert any(p["name"] == "ruleset" for p in operation["parameters"])
    assert "400" in operation["responses"]


def test_other_tournaments_staff_are_kept_out(app, client, demo):
    from tests.factories import make_judge, make_tournament

    with app.app_context():
        other, _ = make_tournament("Other Open")
        make_judge(other, "Olly", pin="1357")
        db.session.commit()
        other_id = other.id
    client.post("/api/login", json={"tournament_id": other_id, "name": "Olly", "pin": "1357"})
    tid, card = demo["tournament_id"], demo_card_id(demo)
    assert client.get(f"/api/t/{tid}/call-ups").status_code == 403
    assert give(client, tid, card, 1).status_code == 403
    assert give(client, other_id, card, 1).status_code == 404
    assert rows(app, CallUp) == 0


def test_a_quick_penalty_needs_no_story(client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    login(client, demo, "judge")
    player = seated(client, card)[0]
    answer = rule(client, tid, card_id=card, what_happened="", decision="", penalties=[
        {"player": player, "category": "minor", "infraction": "Phone rang", "kind": "warning"}])
    assert answer.status_code == 200, answer.get_json()
    entry = answer.get_json()["ruling"]
    assert entry["what_happened"] == "Phone rang"
    assert entry["decision"] == f"Player {player}: Warning"


def test_an_appeal_decided_after_the_session_is_posted_still_strikes_the_penalty(app, client,
                                                                                 demo):
    """The break may come after the organizer posted the session (§4.3): the head judge's
    decision is final and takes the penalty off the posted card, which nothing else may do."""
    tid, card, player, entry = _ruled(client, demo)
    end_session(app, tid)
    token = token_of(app, tid, player)
    appeal = client.post("/api/appeals", headers={"X-Player-Token": token}, json={
        "ruling_id": entry["id"], "text": "Not me", "op_id": op()}).get_json()["appeal"]
    with app.app_context():  # posted, as finalize_session leaves it
        session = db.session.scalar(select(PlaySession).where(PlaySession.tournament_id == tid,
                                                              PlaySession.number == 1))
        session.finalized_at, session.finalized_by = utcnow(), "organizer:test"
        db.session.commit()
    login(client, demo, "head_judge")
    penalty_id = client.get(f"/api/cards/{card}").get_json()["penalties"][0]["id"]
    struck = client.post(f"/api/cards/{card}/penalties/{penalty_id}/void",
                         json={"reason": "given in error", "op_id": op()})
    assert struck.status_code == 409 and "posted as final" in struck.get_json()["message"]
    decided = client.post(f"/api/t/{tid}/appeals/{appeal['id']}/decision",
                          json={"decision": "overturned", "reason": "Seen on video",
                                "op_id": op()})
    assert decided.status_code == 200, decided.get_json()
    view = client.get(f"/api/cards/{card}").get_json()
    assert view["totals"][str(player)]["penalties"] == 0 and view["penalties"][0]["is_void"]
