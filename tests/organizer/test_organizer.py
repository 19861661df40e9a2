"""Organizer pages: create a tournament, settings, judges, players one by one and by CSV."""

import io

import pytest

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, Player, Tournament, User


def create(client, fmt="rsom", name="Spring Open"):
    return client.post("/new", data={"name": name, "format": fmt,
                                     "organizer_name": "Olga", "pin": "1234"})


@pytest.mark.parametrize(("fmt", "minutes", "turn", "rotation"), [
    ("som_league", 60, 20, "league"), ("csom", 90, 20, "standard"),
    ("rsom", 90, 15, "standard"), ("nwsom", 120, 15, "standard"),
    ("casual", 90, 20, "standard"), ("competitive", 90, 15, "standard"),
])
def test_format_sets_the_defaults(app, client, fmt, minutes, turn, rotation):
    response = create(client, fmt)
    assert response.status_code == 302
    with app.app_context():
        t = db.session.query(Tournament).one()
        assert (t.settings["session_minutes"], t.settings["turn_seconds"],
                t.settings["rotation"]) == (minutes, turn, rotation)
        assert db.session.query(User).one().role == "organizer"


def test_create_with_missing_name_keeps_the_form(client):
    response = client.post("/new", data={"name": " ", "format": "csom",
                                         "organizer_name": "Olga", "pin": "1234"})
    assert response.status_code == 400
    assert b"tournament name is missing" in response.data


def test_settings_are_editable_and_validated(app, client):
    create(client, "competitive")
    response = client.post("/t/1/organizer/settings", data={"session_minutes": "75",
                                                            "payoff_scheme": "uniform"},
                           headers={"Referer": "http://localhost/t/1/organizer"})
    assert response.status_code == 302
    response = client.post("/t/1/organizer/settings", data={"turn_seconds": "abc"},
                           headers={"Referer": "http://localhost/t/1/organizer"},
                           follow_redirects=True)
    assert b"turn_seconds: must be a whole number" in response.data
    with app.app_context():
        settings = db.session.get(Tournament, 1).settings
        assert settings["session_minutes"] == 75 and settings["payoff_scheme"] == "uniform"
        assert settings["turn_seconds"] == 15


def test_sanctioned_events_keep_the_formal_payoff(app, client):
    create(client, "csom")
    response = client.post("/t/1/organizer/settings", data={"payoff_scheme": "uniform"},
                           headers={"Referer": "http://localhost/t/1/organizer"},
                           follow_redirects=True)
    assert "formal payoff scheme (§2.3)" in response.get_data(as_text=True)


def test_add_judge_and_sign_in(app, client):
    create(client)
    client.post("/t/1/organizer/judges", data={"name": "Hana", "role": "head_judge",
                                               "pin": "8642"})
    other = app.test_client()
    response = other.post("/api/login", json={"tournament_id": 1, "name": "Hana",
                                               "pin": "8642"})
    assert response.get_json()["user"]["role"] == "head_judge"
    with app.app_context():
        user = db.session.query(User).filter_by(name="Hana").one()
        assert user.pin_hash != "8642" and "8642" not in user.pin_hash
        assert db.session.query(AuditEvent).filter_by(action="user.add").count() == 2


def test_bad_pin_is_refused_with_a_message(app, client):
    create(client)
    response = client.post("/t/1/organizer/judges", data={"name": "Hana", "pin": "12"},
                           headers={"Referer": "http://localhost/t/1/organizer"},
                           follow_redirects=True)
    assert b"pin: must be 4 to 12 digits (0-9)." in response.data


def test_login_page_signs_in(app, client):
    create(client)
    fresh = app.test_client()
    response = fresh.post("/login", data={"tournament_id": "1", "name": "olga", "pin": "1234"})
    assert response.status_code == 302 and response.headers["Location"].endswith("/organizer")
    response = fresh.post("/login", data={"tournament_id": "1", "name": "olga", "pin": "9999"})
    assert response.status_code == 401 and b"Wrong tournament, name or PIN." in response.data


def test_csv_import_reports_every_rejected_row(app, client):
    create(client, "csom")
    client.post("/t/1/organizer/players", data={"name": "Existing Person"})
    csv = ("name,team\n"
           "Ann Lee,Tigers\n"
           "Bo Chan,Tigers\n"
           "ann lee,\n"
           "Existing Person,\n"
           "Cy Doe,Tigers\n"
           "Di Roe,Tigers\n"
           "Ed Poe,Tigers\n"
           "Zoë Ünal,\n"
           "too,many,cells\n")
    response = client.post("/t/1/organizer/players/import", data={
        "file": (io.BytesIO(csv.encode()), "players.csv")}, content_type="multipart/form-data")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "5 players added, 4 rows rejected" in page
    for reason in ("Duplicate name ann lee (also on line 2).",
                   "Existing Person is already registered.",
                   "Team Tigers would have more than 4 players",
                   "Expected 2 columns, found 3."):
        assert reason in page, reason
    with app.app_context():
        names = {p.name for p in db.session.query(Player)}
        assert "Zoë Ünal" in names and len(names) == 6


def test_csv_import_without_a_file_loses_nothing(app, client):
    create(client)
    client.post("/t/1/organizer/players", data={"name": "Kept"})
    response = client.post("/t/1/organizer/players/import", data={},
                           headers={"Referer": "http://localhost/t/1/organizer"},
                           follow_redirects=True)
    assert b"Choose a CSV file" in response.data
    with app.app_context():
        assert [p.name for p in db.session.query(Player)] == ["Kept"]
