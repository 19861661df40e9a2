"""The closing stage (issue 30): the organizer hides the standings from a session on; the
public pages, players' pages, the CSV and the public API read up to the session before,
judges and the organizer everything; the choice is part of every shared view's version."""

from __future__ import annotations

import csv
import io
import uuid

import pytest

from judgeaid.extensions import db
from tests.factories import (
    as_organizer,
    card_of,
    make_event,
    make_judge,
    play,
    seat_by_hand,
    sign_in,
    win,
)


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, organizer = make_event(players=8)
        make_judge(tournament, "Jin", pin="2468")
        first = seat_by_hand(tournament, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
        play(card_of(first, 1), organizer, win(1, 40))
        play(card_of(first, 2), organizer, win(6, 10))
        second = seat_by_hand(tournament, 2, [[1, 5, 2, 6], [3, 7, 4, 8]])
        # session 2 turns the table: player 8 wins big
        play(card_of(second, 2), organizer, win(8, 300))
        db.session.commit()
        return {"id": tournament.id, "organizer": organizer.name,
                "tokens": {p.number: p.token for p in tournament.players}}


def _hide(client, event, from_session, op_id=None):
    return client.post(f"/api/tournaments/{event['id']}/standings/hide",
                       json={"from_session": from_session, "op_id": op_id or str(uuid.uuid4())})


def _raw(body):
    return {row["number"]: row["raw"] for row in body["standings"]}


def test_only_the_organizer_hides(app, client, event):
    assert _hide(client, event, 2).status_code == 401
    sign_in(client, event, "Jin", "2468")
    assert _hide(client, event, 2).status_code == 403


def test_hidden_sessions_leave_the_public_api_players_and_pages(app, client, event):
    anonymous = app.test_client()
    before = anonymous.get(f"/api/tournaments/{event['id']}/standings").get_json()
    assert before["hidden_from_session"] is None
    assert _raw(before)[8] > 200
    page_before = anonymous.get(f"/p/{event['tokens'][8]}")
    assert page_before.status_code == 200

    as_organizer(client, event)
    op_id = str(uuid.uuid4())
    answer = _hide(client, event, 2, op_id)
    assert answer.status_code == 200
    # the organizer still sees everything, and the same op_id again changes nothing
    assert answer.get_json()["hidden_from_session"] == 2 and _raw(answer.get_json())[8] > 200
    assert _hide(client, event, 2, op_id).status_code == 200

    body = anonymous.get(f"/api/tournaments/{event['id']}/standings").get_json()
    assert body["hidden_from_session"] == 2
    assert [s["number"] for s in body["sessions"]] == [1]
    assert _raw(body)[8] < 0 and _raw(body)[1] > 0  # session 1 only
    assert all(isinstance(row["match_points"], float) for row in body["standings"])
    for key in ("rank", "number", "name", "match_points", "raw", "posted_sessions"):
        assert key in body or key in body["standings"][0]

    public = anonymous.get(f"/t/{event['id']}/standings").get_data(as_text=True)
    assert "Session 2 and later are hidden until the prize-giving" in public
    projector = anonymous.get(f"/t/{event['id']}/standings/projector").get_data(as_text=True)
    assert "hidden until the prize-giving" in projector
    rows = list(csv.DictReader(io.StringIO(
        anonymous.get(f"/t/{event['id']}/standings.csv").get_data(as_text=True))))
    assert "session_2_mp" not in rows[0] and "session_1_mp" in rows[0]

    # the player's shared page is another version now (its tag moved with the revision)
    page = anonymous.get(f"/p/{event['tokens'][8]}",
                         headers={"If-None-Match": page_before.headers["ETag"]})
    assert page.status_code == 200 and page.headers["ETag"] != page_before.headers["ETag"]
    text = page.get_data(as_text=True)
    assert 'data-testid="my-hidden"' in text and ">300<" not in text

    # a judge of the event still sees everything
    judge = app.test_client()
    sign_in(judge, event, "Jin", "2468")
    seen = judge.get(f"/api/tournaments/{event['id']}/standings").get_json()
    assert seen["hidden_from_session"] == 2 and _raw(seen)[8] > 200
    assert "You see everything" in judge.get(f"/t/{event['id']}/standings").get_data(
        as_text=True)

    # null shows everything again
    assert _hide(client, event, None).get_json()["hidden_from_session"] is None
    again = anonymous.get(f"/api/tournaments/{event['id']}/standings").get_json()
    assert again["hidden_from_session"] is None and _raw(again)[8] > 200


def test_the_results_desk_form_hides_and_shows(app, client, event):
    as_organizer(client, event)
    desk = client.get(f"/t/{event['id']}/standings/manage").get_data(as_text=True)
    assert 'data-testid="closing"' in desk
    client.post(f"/t/{event['id']}/standings/hide", data={"from_session": "1",
                                                        "op_id": str(uuid.uuid4())})
    anonymous = app.test_client()
    body = anonymous.get(f"/api/tournaments/{event['id']}/standings").get_json()
    assert body["hidden_from_session"] == 1 and body["sessions"] == []
    client.post(f"/t/{event['id']}/standings/hide", data={"from_session": "",
                                                        "op_id": str(uuid.uuid4())})
    assert anonymous.get(f"/api/tournaments/{event['id']}/standings").get_json()[
        "hidden_from_session"] is None


def test_a_session_out_of_range_is_refused(app, client, event):
    as_organizer(client, event)
    assert _hide(client, event, 99).status_code == 422


def test_the_awards_of_hidden_sessions_wait_for_the_prize_giving(app, client, event):
    as_organizer(client, event)
    _hide(client, event, 2)
    anonymous = app.test_client()
    best = [r for r in anonymous.get(f"/api/tournaments/{event['id']}/awards").get_json()[
        "awards"] if r["code"] == "best_hand"]
    assert [(r["number"], r["value"]) for r in best] == [(1, 40)]  # session 1's best
    assert "hidden until the prize-giving" in anonymous.get(
        f"/t/{event['id']}/awards").get_data(as_text=True)
    judge = app.test_client()
    sign_in(judge, event, "Jin", "2468")
    best = [r for r in judge.get(f"/api/tournaments/{event['id']}/awards").get_json()[
        "awards"] if r["code"] == "best_hand"]
    assert [(r["number"], r["value"]) for r in best] == [(8, 300)]
