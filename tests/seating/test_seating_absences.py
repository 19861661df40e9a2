"""§3.7 late check-in cut-off (allow or refuse for a session) and absent -> resigned in one
step, through the services, the forms and the JSON API; one late-arrival path for both."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, Player, PlaySession, utcnow
from judgeaid.services import results, seating, session_changes, standings_pages
from judgeaid.services.errors import Conflict, NotFound, ServiceError
from tests.factories import (
    card_of,
    make_event,
    organizer_of,
    play,
    seat_by_hand,
    win,
)


def starts_in(tournament, number, minutes):
    """Give session `number` a start time `minutes` from now (negative: already started)."""
    session = seating.session_row(tournament, number)
    if session is None:
        session = PlaySession(tournament_id=tournament.id, number=number)
        db.session.add(session)
    session.starts_at = utcnow() + timedelta(minutes=minutes)
    db.session.flush()
    return session


def player(tournament, number):
    return db.session.scalar(select(Player).filter_by(tournament_id=tournament.id,
                                                      number=number))


def sign_in(client, tournament):
    answer = client.post("/api/login", json={"tournament_id": tournament.id,
                                             "name": organizer_of(tournament).name,
                                             "pin": "1234"})
    assert answer.status_code == 200
    return client


# ---------------------------------------------------------------- §3.7 the check-in cut-off

def test_after_the_cut_off_the_organizer_must_choose_and_a_refusal_moves_the_player_on(app,
                                                                                      client):
    with app.app_context():
        tournament, organizer = make_event(players=9)
        starts_in(tournament, 2, 5)  # checks in 5 minutes before the start: after the cut-off
        with pytest.raises(Conflict, match=r"after the cut-off for session 2 \(\d\d:\d\d UTC"):
            session_changes.mark_late_arrival(tournament, 9, 2, organizer)
        assert player(tournament, 9).joined_session == 1  # nothing saved
        refused = session_changes.mark_late_arrival(tournament, 9, 2, organizer, decision="refuse")
        assert (refused.joined_session, refused.late_decision,
                refused.late_decision_session) == (3, "refused", 2)
        event = db.session.scalar(select(AuditEvent).filter_by(action="player.late"))
        assert event.after["decision"] == "refused" and event.after["session"] == 2
        assert event.after["deduction_mp"] == 30.0
        assert session_changes.late_arrival_text(refused) == (
            "Player 009 is refused for session 2 (§3.7) and joins at session 3.")
        # refused for session 2: not seated in it, and −15 MP for each of sessions 1 and 2
        first = seating.seat_session(tournament, 1, organizer)
        second = seating.seat_session(tournament, 2, organizer)
        for session in (first, second):
            assert 9 not in {s.player.number for t in session.tables for s in t.seats}
        third = seat_by_hand(tournament, 3, [[9, 1, 2, 3], [4, 5, 6, 7]])
        play(card_of(third, 1), organizer, win(9, 25))
        db.session.commit()
        tid = tournament.id
    rows = {r["number"]: r for r in client.get(f"/api/tournaments/{tid}/standings")
            .get_json()["standings"]}
    assert rows[9]["deductions"] == 30.0


def test_allowed_after_the_cut_off_is_recorded_on_the_player(app):
    with app.app_context():
        tournament, organizer = make_event(players=9)
        starts_in(tournament, 1, -3)  # the session has started three minutes ago
        allowed = session_changes.mark_late_arrival(tournament, 9, 1, organizer, decision="allow")
        assert (allowed.joined_session, allowed.late_decision) == (1, "allowed")
        assert "allowed after the cut-off" in session_changes.late_arrival_text(allowed)
        page = standings_pages.results_for_player(allowed.id)
        assert page["late_decision"] == ("Checked in after the cut-off for session 1; allowed "
                                         "to play it (§3.7).")


@pytest.mark.parametrize(
    ("minutes", "decision", "error"),
    [
        (30, "refuse", "has not passed"),  # 30 minutes before: may not be refused
        (10.5, "refuse", "has not passed"),
        (None, "refuse", "has no start time"),
        (None, "allow", "has no start time"),
        (5, "maybe", "Choose whether you allow or refuse"),
    ],
)
def test_late_choices_that_do_not_apply_are_refused_with_a_reason(app, minutes, decision,
                                                                   error):
    with app.app_context():
        tournament, organizer = make_event(players=9)
        if minutes is not None:
            starts_in(tournament, 2, minutes)
        with pytest.raises(ServiceError, match=error):
            session_changes.mark_late_arrival(tournament, 9, 2, organizer, decision=decision)
        assert (player(tournament, 9).joined_session, player(tournament, 9).late_decision) == (
            1, "")


def test_before_the_cut_off_no_choice_is_needed(app):
    with app.app_context():
        tournament, organizer = make_event(players=9)
        starts_in(tournament, 2, 11)
        late = session_changes.mark_late_arrival(tournament, 9, 2, organizer)
        assert (late.joined_session, late.late_decision) == (2, "")


def test_refused_for_session_3_leaves_no_session_to_join(app):
    with app.app_context():
        tournament, organizer = make_event(players=9)
        starts_in(tournament, 3, 2)
        refused = session_changes.mark_late_arrival(tournament, 9, 3, organizer, decision="refuse")
        assert (refused.status, refused.left_session, refused.late_decision) == (
            "withdrawn", 3, "refused")
        assert "cannot join the event (our reading of §3.7)" in session_changes.late_arrival_text(
            refused)


def test_one_late_arrival_rule_for_both_forms(app, client):
    with app.app_context():
        tournament, organizer = make_event(players=9)
        starts_in(tournament, 2, 4)
        db.session.commit()
        tid = tournament.id
        sign_in(client, tournament)
    sessions = client.get(f"/t/{tid}/sessions").get_data(as_text=True)
    results = client.get(f"/t/{tid}/standings/manage").get_data(as_text=True)
    for page in (sessions, results):
        assert "check-in cut-off <strong>" in page and "passed" in page
        assert "Refuse them for that session (§3.7)".lower() in page.lower()
    back = {"Referer": f"http://localhost/t/{tid}/sessions"}
    asked = client.post(f"/t/{tid}/players/late", data={"player": 9, "joins": 2},
                        headers=back, follow_redirects=True).get_data(as_text=True)
    assert "checks in after the cut-off for session 2" in asked
    desk = {"Referer": f"http://localhost/t/{tid}/standings/manage"}
    done = client.post(f"/t/{tid}/standings/late",
                       data={"number": 9, "joined_session": 2, "decision": "refuse"},
                       headers=desk, follow_redirects=True).get_data(as_text=True)
    assert "Player 009 is refused for session 2 (§3.7) and joins at session 3." in done
    again = client.post(f"/t/{tid}/standings/late",
                        data={"number": 9, "joined_session": 5}, headers=desk,
                        follow_redirects=True).get_data(as_text=True)
    assert "A late arrival joins at session 2 or 3 at the latest" in again


def test_the_late_arrival_api(app, client):
    with app.app_context():
        tournament, organizer = make_event(players=9)
        starts_in(tournament, 2, 6)
        db.session.commit()
        tid = tournament.id
        sign_in(client, tournament)
    url = f"/api/tournaments/{tid}/players/9/late"
    body = {"joins": 2, "op_id": str(uuid.uuid4())}
    asked = client.post(url, json=body)
    assert asked.status_code == 409
    assert "choose allow or refuse" in asked.get_json()["message"]
    assert client.post(url, json={**body, "decision": "perhaps"}).status_code == 400
    body = {"joins": 2, "decision": "allow", "op_id": str(uuid.uuid4())}
    done = client.post(url, json=body)
    assert done.status_code == 200
    assert done.get_json() == {"number": 9, "joined_session": 2, "status": "active",
                               "late_decision": "allowed", "late_decision_session": 2}
    assert client.post(url, json=body).get_json() == done.get_json()
    missing = client.post(f"/api/tournaments/{tid}/players/99/late",
                          json={"joins": 2, "op_id": str(uuid.uuid4())})
    assert missing.status_code == 404


# ---------------------------------------------------------------- §3.7 absent -> resigned

def two_sessions(players=8):
    tournament, organizer = make_event(players=players)
    seating.seat_session(tournament, 1, organizer)
    seating.seat_session(tournament, 2, organizer)
    return tournament, organizer


def test_absent_from_a_later_session_is_resigned_in_one_step(app, client):
    with app.app_context():
        tournament, organizer = two_sessions()
        out = results.resign_absent(tournament, 2, 3, organizer)
        assert (out.status, out.left_session) == ("resigned", 2)
        event = db.session.scalar(select(AuditEvent).filter_by(action="player.resign"))
        assert event.after["reason"] == ("absent from session 2 without an acceptable reason "
                                         "(§3.7)")
        with pytest.raises(Conflict, match="already resigned"):
            results.resign_absent(tournament, 2, 3, organizer)
        with pytest.raises(NotFound):
            results.resign_absent(tournament, 7, 4, organizer)
        db.session.commit()
        tid = tournament.id
    body = client.get(f"/api/tournaments/{tid}/standings").get_json()
    assert body["standings"][-1]["number"] == 3
    assert body["standings"][-1]["out_text"] == "resigned: out of the event from session 2"


def test_a_player_who_has_not_played_is_not_resigned_for_absence(app):
    with app.app_context():
        tournament, organizer = make_event(players=8)
        seating.seat_session(tournament, 1, organizer)
        with pytest.raises(ServiceError, match="late-arrival pardon applies instead"):
            results.resign_absent(tournament, 1, 2, organizer)
        substitute, *_ = session_changes.add_substitutes(tournament, 1, organizer)
        with pytest.raises(ServiceError, match="neutral substitute"):
            results.resign_absent(tournament, 1, substitute.number, organizer)
        assert player(tournament, 2).status == "active"


def test_the_tables_page_resigns_an_absent_player_with_one_confirmation(app, client):
    with app.app_context():
        tournament, organizer = two_sessions()
        db.session.commit()
        tid = tournament.id
        sign_in(client, tournament)
    page = client.get(f"/t/{tid}/sessions/2/tables").get_data(as_text=True)
    assert "the point penalty cannot be chosen instead (§3.7)" in page
    assert 'data-testid="absent-form"' in page
    back = {"Referer": f"http://localhost/t/{tid}/sessions/2/tables"}
    url = f"/t/{tid}/sessions/2/absent"
    unconfirmed = client.post(url, data={"player": 5}, headers=back, follow_redirects=True)
    assert "Tick the box to confirm" in unconfirmed.get_data(as_text=True)
    bad = client.post(url, data={"player": "five", "confirm": "yes"}, headers=back,
                      follow_redirects=True)
    assert "Check the request: player" in bad.get_data(as_text=True)
    done = client.post(url, data={"player": 5, "confirm": "yes"}, headers=back,
                       follow_redirects=True).get_data(as_text=True)
    assert "Player 005 is resigned from the tournament from session 2 (§3.7)." in done
    assert "(resigned)" in done
    # the seat goes to a neutral substitute with the swap that already exists
    with app.app_context():
        tournament = db.session.get(type(tournament), tid)
        substitute, *_ = session_changes.add_substitutes(tournament, 1, organizer_of(tournament))
        db.session.commit()
        number = substitute.number
    client.post(f"/t/{tid}/sessions/2/swap", data={"a": 5, "b": number}, headers=back)
    with app.app_context():
        tables = seating.session_tables(seating.session_row(db.session.get(
            type(tournament), tid), 2))
        assert number in {p for t in tables for p in t} and 5 not in {p for t in tables
                                                                       for p in t}


def test_the_absent_api(app, client):
    with app.app_context():
        tournament, organizer = two_sessions()
        db.session.commit()
        tid = tournament.id
    url = f"/api/tournaments/{tid}/sessions/2/absent"
    body = {"player": 6, "op_id": str(uuid.uuid4())}
    assert client.post(url, json=body).status_code == 401
    with app.app_context():
        sign_in(client, db.session.get(type(tournament), tid))
    assert client.post(url, json={**body, "player": 0}).status_code == 400
    done = client.post(url, json=body)
    assert done.status_code == 200
    assert done.get_json()["status"] == "resigned"
    assert client.post(url, json=body).get_json() == done.get_json()
    twice = client.post(url, json={**body, "op_id": str(uuid.uuid4())})
    assert twice.status_code == 409
