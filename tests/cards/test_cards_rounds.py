"""The card's rounds as dealt (§1.2.7) and seats that change hands mid-session (§4.11, §4.15)."""

import uuid

import pytest

from judgeaid.extensions import db
from tests.conftest import login
from tests.factories import add_substitute, by_wind, post_round
from tests.factories import card_json as card_of


def op():
    return str(uuid.uuid4())




def post_change(client, card, **body):
    body.setdefault("op_id", op())
    body.setdefault("reason", "resigned")
    return client.post(f"/api/cards/{card['id']}/seat-changes", json=body)


# ---------------------------------------------------------------- §1.2.7 wrong East

def test_a_round_dealt_by_the_wrong_east_takes_its_winds_from_the_actual_dealer(judge, demo):
    card = card_of(judge, demo)
    e, s, w, n = (by_wind(card)[x] for x in "ESWN")
    body = {"round": 1, "result": "win", "winner": w, "value": 70, "win": "discard",
            "discarder": n, "dealer": w, "op_id": op()}
    first = judge.post(f"/api/cards/{card['id']}/rounds", json=body)
    assert first.status_code == 200, first.get_json()
    line = first.get_json()["card"]["rounds"][0]
    assert line["dealer"] == w and line["scheduled_dealer"] == e and line["wrong_dealer"] == w
    # the wrong East's seat is East; the winds run on from there (W seat → E wind)
    assert {int(p): x for p, x in line["winds"].items()} == {w: "E", n: "S", e: "W", s: "N"}
    assert line["deltas"] == {str(w): 210, str(n): -160, str(e): -25, str(s): -25}
    after = first.get_json()["card"]
    # §1.2.7 the deal passes on from the correct East: South's player deals round 2
    assert after["rounds"][1]["dealer"] == s and after["rounds"][1]["wrong_dealer"] is None
    assert after["deal_owed"] == {str(e): [1]}
    assert len(after["rounds"]) == 16
    again = judge.post(f"/api/cards/{card['id']}/rounds", json=body)
    assert again.get_json() == first.get_json()


def test_a_compensation_round_is_dealt_by_the_skipped_east(judge, demo):
    card = card_of(judge, demo)
    e, s, w, n = (by_wind(card)[x] for x in "ESWN")
    assert post_round(judge, card, round=1, result="draw", dealer=s).status_code == 200
    assert post_round(judge, card, round=2, result="draw").status_code == 200
    third = post_round(judge, card, round=3, result="win", winner=e, value=30, win="self",
                       compensation_for=e)
    assert third.status_code == 200, third.get_json()
    data = third.get_json()["card"]
    line = data["rounds"][2]
    assert line["dealer"] == e and line["scheduled_dealer"] == w
    assert line["compensation_for"] == e and line["winds"][str(e)] == "E"
    assert data["deal_owed"] == {}
    # the card keeps 16 rounds; round 4 is dealt as the rotation says
    assert len(data["rounds"]) == 16 and data["rounds"][3]["dealer"] == n


@pytest.mark.parametrize(("marks", "status", "words"), [
    ({"dealer": "E"}, 422, "correct East"),
    ({"compensation_for": "S"}, 422, "lost no deal"),
    ({"dealer": "S", "compensation_for": "W"}, 422, "cannot be both"),
    ({"dealer": 999}, 422, "not at this table"),
])
def test_impossible_marks_on_round_one_are_refused(judge, demo, marks, status, words):
    card = card_of(judge, demo)
    seats = by_wind(card)
    body = {k: seats[v] if isinstance(v, str) else v for k, v in marks.items()}
    response = post_round(judge, card, round=1, result="draw", **body)
    assert response.status_code == status
    assert words in response.get_json()["message"] and "§1.2.7" in response.get_json()["message"]
    after = card_of(judge, demo)
    assert not after["rounds"][0]["recorded"] and after["version"] == card["version"]


def test_two_compensations_for_one_skip_are_refused(judge, demo):
    card = card_of(judge, demo)
    e, s = by_wind(card)["E"], by_wind(card)["S"]
    post_round(judge, card, round=1, result="draw", dealer=s)
    assert post_round(judge, card, round=2, result="draw", compensation_for=e).status_code == 200
    response = post_round(judge, card, round=3, result="draw", compensation_for=e)
    assert response.status_code == 422
    assert "lost no deal" in response.get_json()["message"]
    assert not card_of(judge, demo)["rounds"][2]["recorded"]


def test_a_round_already_played_cannot_become_a_compensation_round(judge, demo):
    card = card_of(judge, demo)
    e, s = by_wind(card)["E"], by_wind(card)["S"]
    post_round(judge, card, round=1, result="draw", dealer=s)
    post_round(judge, card, round=2, result="draw")
    response = post_round(judge, card, round=2, result="draw", compensation_for=e,
                          correction=True, base_revision=1, reason="forgot the mark")
    assert response.status_code == 409
    assert "already played" in response.get_json()["message"]
    assert card_of(judge, demo)["rounds"][1]["revision"] == 1


def test_marks_are_part_of_the_rounds_history_and_corrections_keep_them_consistent(
        judge, demo):
    card = card_of(judge, demo)
    e, s, w = by_wind(card)["E"], by_wind(card)["S"], by_wind(card)["W"]
    post_round(judge, card, round=1, result="win", winner=s, value=40, win="self", dealer=s)
    post_round(judge, card, round=3, result="draw", compensation_for=e)
    # taking the wrong-East mark off round 1 would leave round 3's compensation owed to nobody
    response = post_round(judge, card, round=1, result="win", winner=s, value=40, win="self",
                          correction=True, base_revision=1, reason="East dealt after all")
    assert response.status_code == 422
    assert "lost no deal" in response.get_json()["message"]
    # another wrong East for round 1 is a correction: a new revision, the old one kept
    fixed = post_round(judge, card, round=1, result="win", winner=s, value=40, win="self",
                       dealer=w, correction=True, base_revision=1, reason="West dealt")
    assert fixed.status_code == 200, fixed.get_json()
    line = fixed.get_json()["card"]["rounds"][0]
    assert line["revision"] == 2 and line["wrong_dealer"] == w and line["dealer"] == w
    assert line["history"][0]["wrong_dealer"] == s
    assert line["winds"][str(w)] == "E"


def test_a_replayed_different_mark_without_correction_is_409(judge, demo):
    card = card_of(judge, demo)
    s, w = by_wind(card)["S"], by_wind(card)["W"]
    post_round(judge, card, round=1, result="draw", dealer=s)
    response = post_round(judge, card, round=1, result="draw", dealer=w)
    assert response.status_code == 409
    assert "wrong East" in response.get_json()["message"]


# ---------------------------------------------------------------- leaving mid-session

def test_a_player_resigns_mid_session_and_a_substitute_takes_the_seat(app, organizer, demo):
    sub = add_substitute(app, demo)
    card = card_of(organizer, demo)
    e, s, w, n = (by_wind(card)[x] for x in "ESWN")
    post_round(organizer, card, round=1, result="win", winner=s, value=40, win="self")
    post_round(organizer, card, round=2, result="win", winner=e, value=30, win="self")
    body = {"player": s, "from_round": 3, "reason": "resigned", "substitute": sub,
            "note": "felt unwell", "op_id": op()}
    first = organizer.post(f"/api/cards/{card['id']}/seat-changes", json=body)
    assert first.status_code == 200, first.get_json()
    data = first.get_json()["card"]
    change = data["seat_changes"][0]
    assert change["from_round"] == 3 and change["seat"] == "S"
    assert change["leaving"]["number"] == s and change["entering"]["number"] == sub
    assert data["rounds"][1]["seated"][str(s)] == s
    assert data["rounds"][2]["seated"][str(s)] == sub
    assert str(sub) in data["rounds"][2]["winds"] and str(s) not in data["rounds"][2]["winds"]
    assert organizer.post(f"/api/cards/{card['id']}/seat-changes", json=body).get_json() \
        == first.get_json()
    # the one who left cannot win round 3; the substitute can
    refused = post_round(organizer, card, round=3, result="win", winner=s, value=30, win="self")
    assert refused.status_code == 400 and "not at this table" in refused.get_json()["message"]
    third = post_round(organizer, card, round=3, result="win", winner=sub, value=30, win="self")
    assert third.status_code == 200, third.get_json()
    totals = third.get_json()["card"]["totals"]
    assert totals[str(s)]["rounds"] == 120 - 30  # rounds 1 and 2 only
    assert totals[str(sub)]["rounds"] == 90
    assert sum(t["rounds"] for t in totals.values()) == 0
    # the player is out of the tournament (§4.11) from the next session on
    players = organizer.get(f"/api/tournaments/{demo['tournament_id']}/standings").get_json()
    line = next(p for p in players["standings"] if p["number"] == s)
    assert line["raw"] == 90
    assert all(p["number"] != sub for p in players["standings"])  # neutral: never ranked
    with app.app_context():
        from judgeaid.models import Player
        left = db.session.query(Player).filter_by(tournament_id=demo["tournament_id"],
                                                  number=s).one()
        assert (left.status, left.left_session) == ("resigned", 2)


def test_without_a_substitute_the_table_stops_and_can_be_given_one_later(
        app, organizer, demo):
    card = card_of(organizer, demo)
    e, s, w, n = (by_wind(card)[x] for x in "ESWN")
    for r in (1, 2):
        post_round(organizer, card, round=r, result="draw")
    answer = post_change(organizer, card, player=w, from_round=3, reason="disqualified")
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()["card"]
    assert data["rounds"][2]["result"] == "not_played"
    assert data["rounds"][2]["not_played_reason"] == "seat_empty"
    assert data["is_complete"] and sorted(data["signers"]) == sorted([e, s, n])
    refused = post_round(organizer, card, round=3, result="draw")
    assert refused.status_code == 409 and "nobody took the seat" in refused.get_json()["message"]
    with app.app_context():
        from judgeaid.models import Player
        out = db.session.query(Player).filter_by(tournament_id=demo["tournament_id"],
                                                 number=w).one()
        assert out.status == "disqualified"
    sub = add_substitute(app, demo)
    later = post_change(organizer, card, player=w, from_round=3, reason="disqualified",
                        substitute=sub)
    assert later.status_code == 200, later.get_json()
    assert post_round(organizer, card, round=3, result="draw").status_code == 200
    again = post_change(organizer, card, player=w, from_round=3, reason="disqualified",
                        substitute=sub + 1)
    assert again.status_code in (409, 422)


@pytest.mark.parametrize(("role", "status"), [("judge", 403), ("head_judge", 200)])
def test_the_organizer_or_head_judge_records_a_player_leaving(client, demo, role, status):
    login(client, demo, role)
    card = card_of(client, demo)
    response = post_change(client, card, player=by_wind(card)["N"], from_round=5)
    assert response.status_code == status


def test_bad_seat_changes_are_refused_and_nothing_is_lost(app, organizer, demo):
    card = card_of(organizer, demo)
    e, s = by_wind(card)["E"], by_wind(card)["S"]
    post_round(organizer, card, round=1, result="win", winner=e, value=30, win="self")
    other = card_of(organizer, demo, table=2)["players"][0]["number"]
    cases = [
        ({"player": s, "from_round": 1}, 409, "already recorded"),
        ({"player": other, "from_round": 2}, 422, "did not start at this table"),
        ({"player": s, "from_round": 2, "substitute": other}, 409, "plays at table 2"),
        ({"player": s, "from_round": 2, "substitute": e}, 422, "already sits at this table"),
        ({"player": s, "from_round": 2, "substitute": 9999}, 422, "no player 9999"),
        ({"player": s, "from_round": 17}, 400, None),
        ({"player": s, "from_round": 2, "reason": "bored"}, 400, None),
    ]
    for body, status, words in cases:
        response = post_change(organizer, card, **body)
        assert response.status_code == status, (body, response.get_json())
        if words:
            assert words in response.get_json()["message"]
    after = card_of(organizer, demo)
    assert after["seat_changes"] == [] and after["rounds"][0]["revision"] == 1


def test_the_substitute_confirms_and_four_signers_lock_the_card(app, organizer, demo):
    sub = add_substitute(app, demo)
    card = card_of(organizer, demo)
    s = by_wind(card)["S"]
    post_change(organizer, card, player=s, from_round=1, substitute=sub)
    for r in range(1, 17):
        assert post_round(organizer, card, round=r, result="draw").status_code == 200
    data = card_of(organizer, demo)
    assert sorted(data["signers"]) == sorted([n for n in data["signers"]])
    assert s not in data["signers"] and sub in data["signers"]
    refused = organizer.post(f"/api/cards/{card['id']}/confirm", json={"player": s, "op_id": op()})
    assert refused.status_code == 403
    for number in data["signers"]:
        done = organizer.post(f"/api/cards/{card['id']}/confirm",
                              json={"player": number, "op_id": op()})
        assert done.status_code == 200
    assert card_of(organizer, demo)["status"] == "locked"


def player_token(app, demo, number):
    from judgeaid.models import Player

    with app.app_context():
        return db.session.query(Player).filter_by(tournament_id=demo["tournament_id"],
                                                  number=number).one().token


def test_anyone_reading_the_card_sees_the_marks_and_who_sat_where(app, organizer, demo):
    sub = add_substitute(app, demo, "Sam Spare")
    card = card_of(organizer, demo)
    e, s, w, n = (by_wind(card)[x] for x in "ESWN")
    post_round(organizer, card, round=1, result="draw", dealer=w)
    post_round(organizer, card, round=2, result="draw", compensation_for=e)
    post_change(organizer, card, player=n, from_round=3, substitute=sub, note="unwell")
    post_round(organizer, card, round=3, result="win", winner=sub, value=30, win="self")
    reader = app.test_client()  # anyone with the link, not signed in
    html = reader.get(demo["cards"][0]["url"] + "/plain").get_data(as_text=True)
    assert "as the wrong East (§1.2.7)" in html and "compensation round (§1.2.7)" in html
    assert 'class="seat-change"' in html
    assert "Sam Spare sits in" in html and "as a neutral substitute (§4.15)" in html
    assert f'data-occupant="{sub}"' in html
    assert f'data-testid="sub-total-{sub}" data-value="90"' in html
    assert "Sam Spare: +90 from round 3 (neutral, never ranked; our reading of §4.15)" in html
    assert "A player leaves the table" not in html  # the organizer's tool only

    # each person's own page: the one who left keeps rounds 1-2, the substitute's is neutral
    page = reader.get(f"/p/{player_token(app, demo, sub)}").get_data(as_text=True)
    assert "neutral, from round 3" in page and ">90<" in page.replace(" ", "")
    left = reader.get(f"/p/{player_token(app, demo, n)}").get_data(as_text=True)
    assert "resigned" in left


def test_the_live_page_offers_the_seat_tool_to_the_organizer_only(app, client, demo):
    add_substitute(app, demo, "Sam Spare")
    login(client, demo, "judge")
    html = client.get(demo["cards"][0]["url"] + "/plain").get_data(as_text=True)
    assert "Dealt by the wrong East?" in html and "A player leaves the table" not in html
    login(client, demo, "organizer")
    html = client.get(demo["cards"][0]["url"] + "/plain").get_data(as_text=True)
    assert "A player leaves the table" in html and "Sam Spare (#" in html
    assert "our reading of §4.15" in html


def test_a_paper_card_takes_the_substitutes_signature(app, organizer, demo):
    sub = add_substitute(app, demo)
    card = card_of(organizer, demo)
    s = by_wind(card)["S"]
    post_change(organizer, card, player=s, from_round=9, substitute=sub)
    body = {"rounds": [{"round": r, "result": "draw"} for r in range(1, 17)],
            "signed": [sub], "op_id": op()}
    answer = organizer.post(f"/api/cards/{card['id']}/paper", json=body)
    assert answer.status_code == 200, answer.get_json()
    data = answer.get_json()["card"]
    assert [c["player"] for c in data["confirmations"]] == [sub]
    refused = organizer.post(f"/api/cards/{card['id']}/paper", json={
        "rounds": [], "signed": [s], "op_id": op()})
    assert refused.status_code == 422


def test_the_printed_card_puts_a_substitutes_rounds_in_the_seat_they_took(app, organizer, demo):
    from judgeaid.models import Card
    from judgeaid.printing.cards import card_data
    from judgeaid.services.card_views import card_view

    sub = add_substitute(app, demo)
    card = card_of(organizer, demo)
    e, s, w, n = (by_wind(card)[x] for x in "ESWN")
    post_round(organizer, card, round=1, result="win", winner=s, value=30, win="self",
               dealer=w)
    post_change(organizer, card, player=s, from_round=2, substitute=sub)
    post_round(organizer, card, round=2, result="win", winner=sub, value=40, win="self")
    with app.test_request_context():
        data = card_data(card_view(db.session.get(Card, card["id"])), session=1)
    lines = data["scores"].splitlines()
    # columns by starting seat E, S, W, N; round 2's South column is the substitute's
    assert lines[0].split() == ["-30", "+90", "-30", "-30"]
    assert lines[1].split() == ["-40", "+120", "-40", "-40"]
    dealers = data["dealers"].splitlines()
    assert dealers[0].endswith(f" {w}")  # round 1 dealt by the wrong East
    assert dealers[1].endswith(f" {sub}")  # the substitute deals round 2 from South's seat


def test_the_substitute_confirms_from_their_own_link(app, organizer, demo):
    sub = add_substitute(app, demo)
    card = card_of(organizer, demo)
    s = by_wind(card)["S"]
    post_change(organizer, card, player=s, from_round=1, substitute=sub)
    for r in range(1, 17):
        post_round(organizer, card, round=r, result="draw")
    reader = app.test_client()
    token = player_token(app, demo, sub)
    me = reader.get(f"/api/cards/{card['id']}/me", headers={"X-Player-Token": token})
    assert me.get_json()["player"]["number"] == sub
    done = reader.post(f"/api/cards/{card['id']}/confirm", json={"op_id": op()},
                       headers={"X-Player-Token": token})
    assert done.status_code == 200, done.get_json()
    assert sub not in done.get_json()["card"]["pending_confirmations"]
    left = reader.post(f"/api/cards/{card['id']}/confirm", json={"op_id": op()},
                       headers={"X-Player-Token": player_token(app, demo, s)})
    assert left.status_code == 403


def test_an_appointed_player_records_rounds_but_a_judge_marks_a_wrong_east(client, demo, app):
    card = card_of(client, demo)
    player = card["players"][0]["number"]
    judge = app.test_client()
    login(judge, demo, "judge")
    judge.post(f"/api/cards/{card['id']}/recorder", json={"player": player, "op_id": op()})
    headers = {"X-Player-Token": player_token(app, demo, player)}
    refused = client.post(f"/api/cards/{card['id']}/rounds", headers=headers, json={
        "round": 1, "result": "draw", "dealer": by_wind(card)["S"], "op_id": op()})
    assert refused.status_code == 403 and "Call a judge" in refused.get_json()["message"]
    assert not card_of(client, demo)["rounds"][0]["recorded"]


def test_the_substitutes_own_page_lists_the_seat_they_took(app, organizer, demo, client):
    sub = add_substitute(app, demo)
    card = card_of(organizer, demo)
    s = by_wind(card)["S"]
    body = {"player": s, "from_round": 1, "reason": "resigned", "substitute": sub,
            "op_id": op()}
    assert organizer.post(f"/api/cards/{card['id']}/seat-changes", json=body).status_code == 200
    page = client.get(f"/p/{player_token(app, demo, sub)}").get_data(as_text=True)
    assert "No seat for you in this session" not in page
    assert "seat from round 1 (neutral substitute, §4.15)" in page
    assert f"/cards/{card['id']}#player=" in page
