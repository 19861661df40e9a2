"""Standings pages and API through the client: public list, projector, organizer desk,
score checks with their access rules (§3.5.1), and the player's results partial."""

from __future__ import annotations

import uuid

import pytest
from flask import render_template

from judgeaid.extensions import db
from judgeaid.models import Player
from judgeaid.services import standings_pages
from judgeaid.wording import ruleset_view
from tests.factories import (
    as_organizer,
    card_of,
    organizer_of,
    played_event,
    sign_in,
    time_over,
)


@pytest.fixture
def event(app):
    with app.app_context():
        return played_event()


def test_public_page_needs_no_sign_in_and_shows_the_ranking(client, event):
    page = client.get(f"/t/{event['id']}/standings")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert text.index("Zoë Ünal") < text.index("Fay") < text.index("Ana")
    # nothing posted yet: the page says so, and ranks nobody (issue 27)
    assert "After 0 of" in text and "Session 1: provisional" in text
    assert "nobody is ranked" in text
    assert "+10.95" in text  # √120
    assert 'name="viewport"' in text


def test_projector_pages_through_the_list_and_refreshes(client, event):
    text = client.get(f"/t/{event['id']}/standings/projector").get_data(as_text=True)
    assert 'http-equiv="refresh"' in text and "page=1" in text  # one page: back to itself
    assert "Zoë Ünal" in text and "provisional" in text


def test_unknown_tournament_is_404(client, event):
    assert client.get("/t/999/standings").status_code == 404
    assert client.get("/api/tournaments/999/standings").status_code == 404


def test_results_desk_is_for_the_organizer_only(client, event):
    url = f"/t/{event['id']}/standings/manage"
    assert client.get(url).status_code == 302
    sign_in(client, event, "Jin", "2468")
    assert client.get(url).status_code == 403
    assert client.post(f"/t/{event['id']}/standings/sessions/1/finalize").status_code == 403
    client.post("/api/logout", json={})
    as_organizer(client, event)
    text = client.get(url).get_data(as_text=True)
    assert "Post sessions" in text and "0 of 2 cards complete" in text


def finish_session_one(app, event):
    """Mark the session-1 cards' remaining rounds as not played (time over)."""
    with app.app_context():
        tournament = db.session.get(Player, event["player_ids"][1]).tournament
        first = next(s for s in tournament.sessions if s.number == 1)
        for table in (1, 2):
            time_over(card_of(first, table), organizer_of(tournament))
        db.session.commit()


def test_finalize_through_the_desk_and_the_api(app, client, event):
    as_organizer(client, event)
    refused = client.post(f"/api/tournaments/{event['id']}/sessions/1/finalize",
                          json={"op_id": str(uuid.uuid4())})
    assert refused.status_code == 400 and "missing rounds" in refused.get_json()["message"]
    finish_session_one(app, event)
    posted = client.post(f"/t/{event['id']}/standings/sessions/1/finalize")
    assert posted.status_code == 302
    body = client.get(f"/api/tournaments/{event['id']}/standings").get_json()
    assert body["sessions"][0]["is_final"] is True
    assert body["provisional"] is True  # session 2 is seated and not posted yet
    no_reason = client.post(f"/api/tournaments/{event['id']}/sessions/1/unfinalize",
                            json={"reason": "", "op_id": str(uuid.uuid4())})
    assert no_reason.status_code == 400
    reopened = client.post(f"/api/tournaments/{event['id']}/sessions/1/unfinalize",
                           json={"reason": "score check", "op_id": str(uuid.uuid4())})
    assert reopened.status_code == 200
    assert reopened.get_json()["sessions"][0]["is_final"] is False


def test_late_and_resign_forms(client, event):
    as_organizer(client, event)
    late = client.post(f"/t/{event['id']}/standings/late",
                       data={"number": "8", "joined_session": "2"},
                       headers={"Referer": "http://localhost/t/1/standings/manage"})
    assert late.status_code == 302  # player 8 sat in session 1: refused with a message
    out = client.post(f"/t/{event['id']}/standings/resign",
                      data={"number": "2", "from_session": "2", "reason": "absent"})
    assert out.status_code == 302
    body = client.get(f"/api/tournaments/{event['id']}/standings").get_json()
    assert body["standings"][-1]["number"] == 2
    assert body["standings"][-1]["status"] == "resigned"


# ---------------------------------------------------------------- score checks (§3.5.1)

def file(client, event, token, **body):
    body.setdefault("op_id", str(uuid.uuid4()))
    headers = {"X-Player-Token": token} if token else {}
    return client.post(f"/api/tournaments/{event['id']}/score-checks", json=body,
                       headers=headers)


def test_a_player_files_a_score_check_with_their_own_token(client, event):
    body = {"session": 1, "message": "Round 3 was my self-draw", "op_id": "check-0001"}
    first = file(client, event, event["tokens"][2], **body)
    assert first.status_code == 201
    check = first.get_json()["score_check"]
    assert (check["player"], check["session"], check["status"]) == (2, 1, "open")
    again = file(client, event, event["tokens"][2], **body)
    assert again.status_code == 201 and again.get_json() == first.get_json()
    mine = client.get(f"/api/tournaments/{event['id']}/score-checks",
                      headers={"X-Player-Token": event["tokens"][2]}).get_json()
    assert [c["id"] for c in mine["score_checks"]] == [check["id"]]
    theirs = client.get(f"/api/tournaments/{event['id']}/score-checks",
                        headers={"X-Player-Token": event["tokens"][3]}).get_json()
    assert theirs["score_checks"] == []


@pytest.mark.parametrize(("who", "status"), [
    ("anonymous", 401), ("bad token", 401), ("other event", 403), ("judge", 403),
])
def test_only_the_player_files_a_score_check(client, event, who, status):
    token = {"anonymous": None, "bad token": "not-a-token", "other event": event["other_token"],
             "judge": None}[who]
    if who == "judge":
        sign_in(client, event, "Jin", "2468")
    assert file(client, event, token, session=1, message="wrong").status_code == status


def test_a_score_check_needs_a_played_session_and_a_message(client, event):
    token = event["tokens"][1]
    assert file(client, event, token, session=3, message="x").status_code == 400
    assert file(client, event, token, session=1, message="  ").status_code == 400


@pytest.mark.parametrize(("who", "status"), [("anonymous", 401), ("judge", 403)])
def test_only_the_organizer_lists_and_resolves_every_check(client, event, who, status):
    check = file(client, event, event["tokens"][1], session=1, message="?").get_json()
    if who == "judge":
        sign_in(client, event, "Jin", "2468")
    url = f"/api/tournaments/{event['id']}/score-checks"
    assert client.get(url).status_code == status
    resolve = client.post(f"{url}/{check['score_check']['id']}/resolve",
                          json={"resolution": "fine", "op_id": str(uuid.uuid4())})
    assert resolve.status_code == status


def test_the_organizer_resolves_and_the_player_sees_it(client, event):
    check_id = file(client, event, event["tokens"][1], session=1,
                    message="my total is off").get_json()["score_check"]["id"]
    as_organizer(client, event)
    url = f"/api/tournaments/{event['id']}/score-checks"
    assert [c["id"] for c in client.get(url).get_json()["score_checks"]] == [check_id]
    assert client.post(f"{url}/{check_id}/resolve",
                       json={"resolution": "", "op_id": str(uuid.uuid4())}).status_code == 400
    done = client.post(f"{url}/{check_id}/resolve", json={"resolution": "card correct",
                                                       "op_id": str(uuid.uuid4())})
    assert done.status_code == 200
    assert done.get_json()["score_check"]["status"] == "resolved"
    client.post("/api/logout", json={})
    seen = client.get(url, headers={"X-Player-Token": event["tokens"][1]}).get_json()
    assert seen["score_checks"][0]["resolution"] == "card correct"


def test_a_score_check_without_javascript(client, event):
    token = event["tokens"][4]
    response = client.post(f"/t/{event['id']}/standings/score-check", data={
        "token": token, "session": "1", "message": "check round 2", "op_id": "form-check-1"})
    assert response.status_code == 302 and response.location.endswith(f"/p/{token}")
    as_organizer(client, event)
    text = client.get(f"/t/{event['id']}/standings/manage").get_data(as_text=True)
    assert "check round 2" in text


# ---------------------------------------------------------------- the player's results partial

def test_results_for_player_feed_the_partial(app, event):
    with app.test_request_context():
        results = standings_pages.results_for_player(event["player_ids"][1])
        # no session posted yet: no rank (issue 27)
        assert results["rank"] is None and results["field"] == 8
        assert results["posted_sessions"] == 0
        results = {**results, "rank": 1, "posted_sessions": 1}
        assert [s["number"] for s in results["sessions"]] == [1, 2]
        assert results["sessions"][0]["raw"] == 120
        assert results["sessions"][0]["mp_text"] == "+10.95"
        html = render_template("players/_results.html", results=results,
                               rules=ruleset_view("zj"))
    assert "Rank 1" in html and "of 8" in html and "provisional" in html
    assert "Ask for a score check" in html
    assert event["tokens"][1] in html


def test_the_desk_lists_complete_cards(app, client, event):
    finish_session_one(app, event)
    as_organizer(client, event)
    text = client.get(f"/t/{event['id']}/standings/manage").get_data(as_text=True)
    assert "2 of 2 cards complete" in text and 'data-testid="finalize-1"' in text


def test_organizer_of_the_other_event_cannot_see_this_desk(client, event):
    client.post("/api/login", json={"tournament_id": event["other"], "name": "Olga",
                                    "pin": "1234"})
    assert client.get(f"/t/{event['id']}/standings/manage").status_code == 403


def _level_row(number, rank, tie_break, table_points, contest_points, is_out=False):
    return {"number": number, "rank": rank, "name": f"P{number}", "tie_break": tie_break,
            "table_points": table_points, "contest_points": contest_points, "is_out": is_out,
            "mp_text": f"{table_points:g}", "draw": None}


def test_lot_groups_gather_neighbours_level_on_both_points():
    rows = [_level_row(1, 1, None, 9.0, 40),
            _level_row(2, 2, "tied", 8.0, 20), _level_row(3, 3, "draw", 8.0, 20),
            _level_row(4, 4, "raw", 8.0, 10),  # level on table points only
            _level_row(5, 5, "tied", 4.0, 5), _level_row(6, 6, "tied", 4.0, 5),
            _level_row(7, 7, "tied", 4.0, 5, is_out=True)]
    groups = standings_pages.lot_groups(rows, prizes=6)
    # a lot is asked for at a prize place (or the cut line) only, never for out players
    assert [(g["ranks"], g["numbers"], g["is_drawn"]) for g in groups] == [
        ("2–3", "2 3", False), ("5–6", "5 6", False)]
    assert groups[0]["contest_points"] == 20 and groups[0]["points_text"] == "8"
    assert [g["ranks"] for g in standings_pages.lot_groups(rows, prizes=3)] == ["2–3"]
    assert [g["ranks"] for g in standings_pages.lot_groups(rows, cut=5)] == ["5–6"]
    assert [g["ranks"] for g in standings_pages.lot_groups(rows, cut=6)] == []
    assert standings_pages.lot_groups(rows) == []
