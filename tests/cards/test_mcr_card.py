"""The MCR scoring card (MCR Appendix 5) through the API, on the MCR demo: 16 hands in four
wind rounds, MCR deltas (MCR §3.9.1.3), corrections, penalties, confirmations, the session
limit (MCR §3.5.6) and table points 4/2/1/0 at the end (MCR §3.9.2, ties shared: our reading).
"""

from __future__ import annotations

import re

import pytest

from judgeaid.extensions import db
from judgeaid.models import ClockEvent, PlaySession
from tests.conftest import login
from tests.factories import by_wind, card_ids, install_server_clock, make_mcr_demo, op, post_round

MIN = 60_000

# Copied from /work/shared/vectors/mcr_cases.json ("score"): fans ticked and their value
CHICKEN = {"43": 1}
STRAIGHT_CONCEALED_2_FLOWERS = ({"28": 1, "62": 1, "81": 2}, 20)


@pytest.fixture
def mcr(app):
    """The MCR demo of eight players, session 1 seated."""
    return make_mcr_demo(app)


def card_of(client, mcr, table=1):
    return client.get(mcr["cards"][table - 1]["api"]).get_json()


def expected(value, win, winner, discarder=None):
    """MCR §3.9.1.3 by seat: self-drawn, each pays 8 + value; else the discarder pays 8 +
    value and the other two 8."""
    if win == "self":
        return {w: 3 * (8 + value) if w == winner else -(8 + value) for w in "ESWN"}
    paid = {w: 8 + (value if w == discarder else 0) for w in "ESWN" if w != winner}
    return {w: sum(paid.values()) if w == winner else -paid[w] for w in "ESWN"}


def test_the_demo_card_has_16_hands_in_four_wind_rounds(client, mcr):
    card = card_of(client, mcr)
    assert card["ruleset"] == "mcr" and len(card["rounds"]) == 16
    assert card["words"]["round"] == "hand"
    assert card["words"]["cycles"] == ["East wind round", "South wind round",
                                       "West wind round", "North wind round"]
    assert "our reading" in card["words"]["table_points_note"]
    assert card["words"]["time_section"] == "MCR §3.5.6"
    a, b, c, d = (p["number"] for p in card["players"])
    # MCR Appendix 4: the seat each of A, B, C, D holds in wind rounds 1 to 4
    for hand, seats in ((1, {a: "E", b: "S", c: "W", d: "N"}),
                        (5, {a: "S", b: "E", c: "N", d: "W"}),
                        (9, {a: "N", b: "W", c: "E", d: "S"}),
                        (13, {a: "W", b: "N", c: "S", d: "E"})):
        assert {int(p): w for p, w in card["rounds"][hand - 1]["winds"].items()} == seats
    assert [r["dealer"] for r in card["rounds"][:4]] == [a, b, c, d]
    assert card["table_points"] is None
    page = client.get(mcr["cards"][0]["url"] + "/plain").get_data(as_text=True)
    assert "East wind round" in page and "North wind round" in page and "Cycle 1" not in page
    assert "0 of 16 hands recorded" in page and "our reading" in page


def test_a_whole_card_with_corrections_penalties_confirmations_and_table_points(
        app, client, mcr):
    login(client, mcr, "judge")
    card = card_of(client, mcr)
    a, b, c, d = (p["number"] for p in card["players"])
    totals = dict.fromkeys((a, b, c, d), 0)
    for hand in range(1, 17):
        seats = by_wind(card, hand)
        winds = {p: w for w, p in seats.items()}
        if hand % 4 == 1:
            body = {"result": "win", "winner": seats["E"], "value": 8, "win": "self"}
            want = expected(8, "self", "E")
        elif hand % 4 == 2:
            fans, value = STRAIGHT_CONCEALED_2_FLOWERS
            body = {"result": "win", "winner": seats["S"], "patterns": fans, "win": "discard",
                    "discarder": seats["W"]}
            want = expected(value, "discard", "S", "W")
        elif hand % 4 == 3:
            body = {"result": "draw"}
            want = dict.fromkeys("ESWN", 0)
        else:
            body = {"result": "win", "winner": seats["N"], "patterns": CHICKEN, "win": "discard",
                    "discarder": seats["E"]}
            want = expected(8, "discard", "N", "E")
        response = post_round(client, card, round=hand, **body)
        assert response.status_code == 200, response.get_json()
        line = response.get_json()["card"]["rounds"][hand - 1]
        assert {int(p): v for p, v in line["deltas"].items()} == {
            p: want[w] for p, w in winds.items()}
        for p, w in winds.items():
            totals[p] += want[w]
        card = response.get_json()["card"]
    assert sum(totals.values()) == 0
    assert {int(p): t["total"] for p, t in card["totals"].items()} == totals
    assert card["is_complete"] and card["table_points"] is not None

    # a correction: hand 1 was worth 10, not 8; the old line stays in the history
    seats = by_wind(card, 1)
    fix = post_round(client, card, round=1, result="win", winner=seats["E"], value=10,
                     win="self", correction=True, base_revision=1, reason="missed two points")
    assert fix.status_code == 200, fix.get_json()
    card = fix.get_json()["card"]
    first = card["rounds"][0]
    assert first["revision"] == 2 and first["history"][0]["value"] == 8
    assert first["deltas"][str(seats["E"])] == 54
    # a penalty line (MCR §3.11: not paid to the others)
    pen = client.post(f"/api/cards/{card['id']}/penalties",
                      json={"player": d, "points": 10, "reason": "late pung", "op_id": op()})
    assert pen.status_code == 200
    card = pen.get_json()["card"]
    assert card["totals"][str(d)]["penalties"] == -10

    finals = {int(p): t["total"] for p, t in card["totals"].items()}
    order = sorted(finals, key=finals.get, reverse=True)
    points = {int(p): v for p, v in card["table_points"].items()}
    assert sorted(points.values(), reverse=True)[0] == points[order[0]]
    assert sum(points.values()) == 7

    for player in (a, b, c, d):
        done = client.post(f"/api/cards/{card['id']}/confirm", json={"player": player,
                                                                     "op_id": op()})
        assert done.status_code == 200, done.get_json()
    card = card_of(client, mcr)
    assert card["status"] == "locked"
    page = client.get(mcr["cards"][0]["url"] + "/plain").get_data(as_text=True)
    for p in (a, b, c, d):
        assert f'data-testid="table-points-{p}"' in page


def test_tied_session_scores_share_table_points(client, mcr):
    login(client, mcr, "judge")
    card = card_of(client, mcr)
    # hand 1: East self-draws 8 (+48, -16 each); hand 2: South self-draws 8: E and S level
    east, south = by_wind(card, 1)["E"], by_wind(card, 1)["S"]
    post_round(client, card, round=1, result="win", winner=east, value=8, win="self")
    post_round(client, card, round=2, result="win", winner=south, value=8, win="self")
    for hand in range(3, 17):
        assert post_round(client, card, round=hand, result="draw").status_code == 200
    card = card_of(client, mcr)
    points = {int(p): v for p, v in card["table_points"].items()}
    others = [p for p in points if p not in (east, south)]
    # E and S share 4 + 2; the other two share 1 + 0 (our reading of MCR §3.9.2)
    assert points[east] == points[south] == 3
    assert points[others[0]] == points[others[1]] == 0.5
    page = client.get(mcr["cards"][0]["url"] + "/plain").get_data(as_text=True)
    assert ">0.5<" in page and ">3<" in page


def test_a_hand_below_eight_is_refused_and_nothing_is_saved(client, mcr):
    login(client, mcr, "judge")
    card = card_of(client, mcr)
    seats = by_wind(card)
    low = post_round(client, card, round=1, result="win", winner=seats["E"], value=6,
                     win="self")
    assert low.status_code == 400 and "MCR §3.9.1.1" in low.get_json()["message"]
    chicken_plus = post_round(client, card, round=1, result="win", winner=seats["E"],
                              patterns={"81": 3}, win="self")
    assert chicken_plus.status_code == 422
    assert card_of(client, mcr)["rounds"][0]["recorded"] is False


def test_time_over_ends_the_hand_in_play_and_only_finished_hands_count(app, client, mcr):
    login(client, mcr, "judge")
    card = card_of(client, mcr)
    for hand in range(1, 6):
        seats = by_wind(card, hand)
        assert post_round(client, card, round=hand, result="win", winner=seats["E"], value=8,
                          win="self").status_code == 200
    over = client.post(f"/api/cards/{card['id']}/time-over", json={"op_id": op()})
    assert over.status_code == 200
    card = over.get_json()["card"]
    assert card["not_played_from"] == 6
    assert [r.get("result") for r in card["rounds"][5:]] == ["not_played"] * 11
    assert card["is_complete"] and card["table_points"] is not None
    late = post_round(client, card, round=7, result="draw")
    assert late.status_code == 409
    assert late.get_json()["message"] == ("Hand 7 was not played: the session time ran out "
                                          "(MCR §3.5.6).")
    page = client.get(mcr["cards"][0]["url"] + "/plain").get_data(as_text=True)
    assert "from hand 6 not played" in page


def test_the_hall_clock_runs_150_minutes_and_closes_the_cards_at_time(
        app, client, mcr, monkeypatch):
    server_clock = install_server_clock(monkeypatch, frozen=True)
    tid = mcr["tournament_id"]
    session = client.get(f"/api/tournaments/{tid}/clock").get_json()["session"]
    assert session["hall"]["remaining_ms"] == 150 * MIN
    assert session["warnings_ms"][0] == 15 * MIN
    now = server_clock.now_ms()
    with app.app_context():
        row = db.session.query(PlaySession).filter_by(tournament_id=tid, number=1).one()
        db.session.add(ClockEvent(session_id=row.id, kind="start", at_ms=now - 160 * MIN,
                                  amount_ms=0, by="test"))
        row.status = "playing"
        db.session.commit()
    login(client, mcr, "judge")
    card = card_of(client, mcr)
    seats = by_wind(card)
    post_round(client, card, round=1, result="win", winner=seats["E"], value=8, win="self")
    closed = client.post(f"/api/tournaments/{tid}/clock/time-over", json={})
    assert closed.status_code == 200
    assert sorted(closed.get_json()["closed_cards"]) == sorted(card_ids(mcr))
    card = card_of(client, mcr)
    assert card["not_played_from"] == 2 and card["table_points"] is not None


def test_mcr_times_play_limits_with_a_judges_clock(client, mcr):
    login(client, mcr, "judge")
    card = card_of(client, mcr)
    tid = mcr["tournament_id"]
    started = client.post(f"/api/tournaments/{tid}/timers", json={
        "card": card["id"], "round": 1, "player": card["players"][0]["number"],
        "dealt": "now", "op_id": op()})
    # MCR §3.6.4: a judge's clock that prices nothing (tests/clock/test_mcr_judge_clock.py)
    assert started.status_code == 200, started.get_json()
    assert started.get_json()["timer"]["fouls"]["late_call"]["infraction"] == "late_pung"
    page = client.get(f"/t/{tid}/timers").get_data(as_text=True)
    assert 'data-testid="no-play-timers"' not in page and "MCR §3.6.4" in page
    home = client.get(f"/t/{tid}/judge")
    assert home.status_code == 200 and 'data-testid="timers-link"' in home.get_data(
        as_text=True)


def test_a_signed_paper_sheet_is_entered_with_mcr_deltas(client, mcr):
    login(client, mcr, "judge")
    card = card_of(client, mcr)
    players = [p["number"] for p in card["players"]]
    rounds = []
    for hand in range(1, 17):
        seats = by_wind(card, hand)
        rounds.append({"round": hand, "result": "win", "winner": seats["S"], "value": 12,
                       "win": "discard", "discarder": seats["N"]} if hand % 2 else
                      {"round": hand, "result": "draw"})
    answer = client.post(f"/api/cards/{card['id']}/paper",
                         json={"rounds": rounds, "signed": players, "op_id": op()})
    assert answer.status_code == 200, answer.get_json()
    card = answer.get_json()["card"]
    seats = by_wind(card, 1)
    assert {int(p): v for p, v in card["rounds"][0]["deltas"].items()} == {
        seats["S"]: 36, seats["N"]: -20, seats["E"]: -8, seats["W"]: -8}
    assert card["status"] == "locked" and card["table_points"] is not None
    assert sum(card["table_points"].values()) == 7


def test_the_clock_pages_speak_mcr(client, mcr):
    tid = mcr["tournament_id"]
    body = client.get(f"/api/tournaments/{tid}/clock").get_json()
    words = body["tournament"]["clock_words"]
    assert "MCR §3.5.6" in words["over"] and "15 minutes left" in words["warn15"]
    hall = client.get(f"/t/{tid}/clock").get_data(as_text=True)
    assert "Session clock (MCR §3.5.6)" in hall and "§3.4.1.2" not in hall
    login(client, mcr, "organizer")
    control = client.get(f"/t/{tid}/clock/control").get_data(as_text=True)
    assert "at most 150 minutes" in control and "§3.4.1.2" not in control


def test_seating_and_player_pages_tell_the_mcr_seats_and_payoff(client, mcr):
    tid = mcr["tournament_id"]
    login(client, mcr, "organizer")
    sessions = client.get(f"/t/{tid}/sessions").get_data(as_text=True)
    assert "MCR Appendix 4" in sessions and "MCR §3.9.1.3" in sessions
    assert "Turn limit" not in sessions and "MCR §3.5.6" in sessions
    table = client.get(f"/t/{tid}/sessions/1/tables/1").get_data(as_text=True)
    assert "Seats in each wind round" in table and "South wind round" in table
    player = client.get(mcr["players"][0]["url"]).get_data(as_text=True)
    assert "wind round of four hands" in player


def test_the_score_sheet_shows_plus_minus_and_running_totals(client, mcr):
    login(client, mcr, "judge")
    card = card_of(client, mcr)
    first, second = by_wind(card, 1), by_wind(card, 2)
    post_round(client, card, round=1, result="win", winner=first["E"], value=8, win="self")
    post_round(client, card, round=2, result="win", winner=second["S"], value=8,
               win="discard", discarder=second["W"])
    client.post(f"/api/cards/{card['id']}/time-over", json={"op_id": op()})
    card = card_of(client, mcr)
    live = client.get(mcr["cards"][0]["url"] + "/plain").get_data(as_text=True)
    # the judge's clock for MCR's play limits (MCR §3.6.4) is one tap from the card
    assert 'data-testid="score-sheet-link"' in live and 'data-testid="time-this-table"' in live
    sheet = client.get(f"/cards/{card['id']}/sheet")
    assert sheet.status_code == 200
    html = sheet.get_data(as_text=True)
    for player in card["players"]:
        number = player["number"]
        running = sum(card["rounds"][i]["deltas"][str(number)] for i in range(2))
        row = re.search(r'<tr data-hand="2".*?</tr>', html, re.S).group(0)
        assert f'data-total="{running}"' in row
        total = card["totals"][str(number)]["total"]
        assert f'data-testid="sheet-total-{number}">{total}<' in html
    assert "<td>48</td>" in html and "<td>16</td>" in html  # hand 1: +48 and −16
    assert html.count('data-testid="sheet-table-points-') == 4
    assert "our reading" in html and "from hand 3 on" in html.lower()


def test_refusals_on_an_mcr_card_speak_of_hands(client, mcr):
    login(client, mcr, "judge")
    card = card_of(client, mcr)
    seats = by_wind(card)
    post_round(client, card, round=1, result="win", winner=seats["E"], value=8, win="self")
    again = post_round(client, card, round=1, result="draw")
    assert again.status_code == 409 and "already recorded hand 1 as" in again.get_json()["message"]
    early = client.post(f"/api/cards/{card['id']}/confirm",
                        json={"player": seats["E"], "op_id": op()})
    assert early.status_code == 409
    assert early.get_json()["message"].startswith("The card is not finished: hand 2 and 14 more")


def test_eight_flowers_are_recorded_on_an_mcr_card(client, mcr):
    # MCR §3.9.1.1: flowers count 1 each on top of the hand, up to all eight of them
    login(client, mcr, "judge")
    card = card_of(client, mcr)
    seats = by_wind(card)
    saved = post_round(client, card, round=1, result="win", winner=seats["E"],
                       patterns={"43": 1, "81": 8}, win="self")
    assert saved.status_code == 200, saved.get_json()
    line = card_of(client, mcr)["rounds"][0]
    assert line["recorded"] is True and line["value"] == 16
    nine = post_round(client, card, round=2, result="win", winner=by_wind(card, 2)["E"],
                      patterns={"43": 1, "81": 9}, win="self")
    assert nine.status_code == 400


def test_a_paper_time_line_is_refused_on_an_mcr_card(app, client, mcr):
    # MCR §3.5.6 times the session, not the plays: a paper line cannot be a play-time penalty
    login(client, mcr, "judge")
    card = card_of(client, mcr)
    player = card["players"][0]["number"]
    assert card["words"]["time_penalties"] is False
    assert card["words"]["penalty_example"] == "MCR §3.11.2"
    sent = client.post(f"/api/cards/{card['id']}/paper", json={
        "op_id": op(), "rounds": [],
        "penalties": [{"player": player, "points": 10, "round": 1, "is_time": True,
                       "reason": "slow"}]})
    assert sent.status_code == 422, sent.get_json()
    (problem,) = [d for d in sent.get_json()["details"] if d.get("code") == "no_time_penalties"]
    assert problem["row"] == "penalty 1"
    assert "no time penalties priced by a clock" in problem["message"]
    assert card_of(client, mcr)["penalties"] == []
    plain = client.post(f"/api/cards/{card['id']}/paper", json={
        "op_id": op(), "rounds": [],
        "penalties": [{"player": player, "points": 10, "round": 1, "reason": "rule violation"}]})
    assert plain.status_code == 200, plain.get_json()
    assert [p["points"] for p in card_of(client, mcr)["penalties"]] == [10]
