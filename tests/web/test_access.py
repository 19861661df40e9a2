"""Every write is checked on the server: anonymous users and player links get 401/403."""

import pytest

from judgeaid.extensions import db
from judgeaid.models import Player
from tests.conftest import login
from tests.factories import make_players, make_tournament


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, _ = make_tournament(pin="1234")
        players = make_players(tournament, 4)
        db.session.commit()
        return {"id": tournament.id, "token": players[0].token}


ORGANIZER_FORMS = [
    ("/t/{id}/organizer/settings", {"sessions": "5"}),
    ("/t/{id}/organizer/judges", {"name": "Mallory", "role": "head_judge", "pin": "9999"}),
    ("/t/{id}/organizer/players", {"name": "Intruder"}),
]


@pytest.mark.parametrize(("path", "form"), ORGANIZER_FORMS)
def test_anonymous_organizer_writes_are_refused(app, client, event, path, form):
    response = client.post(path.format(id=event["id"]), data=form)
    assert response.status_code == 401
    assert b"Sign in" in response.data
    with app.app_context():
        assert db.session.query(Player).filter_by(name="Intruder").count() == 0


@pytest.mark.parametrize(("path", "form"), ORGANIZER_FORMS)
def test_a_player_link_gives_no_organizer_rights(app, client, event, path, form):
    assert client.get(f"/p/{event['token']}").status_code == 200
    response = client.post(path.format(id=event["id"]), data=form)
    assert response.status_code == 401


def test_anonymous_pages_redirect_to_sign_in(client, event):
    response = client.get(f"/t/{event['id']}/organizer")
    assert response.status_code == 302
    assert response.headers["Location"].startswith(f"/login?next=/t/{event['id']}/organizer")


def test_a_judge_is_not_an_organizer(app, client, demo):
    login(client, demo, "judge")
    response = client.post(f"/t/{demo['tournament_id']}/organizer/judges",
                           data={"name": "Sneaky", "role": "organizer", "pin": "1111"})
    assert response.status_code == 403


def test_organizer_of_another_tournament_is_refused(app, client, demo):
    with app.app_context():
        other, _ = make_tournament("Other Open", organizer="Otto", pin="5555")
        db.session.commit()
        other_id = other.id
    client.post("/api/login", json={"tournament_id": other_id, "name": "Otto", "pin": "5555"})
    response = client.get(f"/t/{demo['tournament_id']}/organizer")
    assert response.status_code == 403


def test_unknown_player_link_is_404(client):
    response = client.get("/p/not-a-real-token")
    assert response.status_code == 404
    assert b"not valid" in response.data


def test_forms_need_a_csrf_token(app, client):
    app.config["WTF_CSRF_ENABLED"] = True  # read per request; the app fixture puts it back
    with app.app_context():
        make_tournament(pin="1234")
        db.session.commit()
    response = client.post("/new", data={"name": "X", "format": "csom",
                                         "organizer_name": "Y", "pin": "1234"})
    assert response.status_code == 400
    assert b"expired" in response.data
    page = client.get("/new").get_data(as_text=True)
    token = page.split('name="csrf_token" value="')[1].split('"')[0]
    response = client.post("/new", data={"csrf_token": token, "name": "X", "format": "csom",
                                         "organizer_name": "Y", "pin": "1234"})
    assert response.status_code == 302
