"""Sessions end on the server, expire when idle, travel Secure; next and bad input are safe."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

import pytest
from sqlalchemy import event as sa_event

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, User
from judgeaid.signin import safe_next
from tests.factories import make_judge, make_tournament


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, _ = make_tournament(organizer="Olga", pin="1234")
        make_judge(tournament, "Jin", pin="2468")
        db.session.commit()
        return tournament.id


def api_login(client, tid, name, pin):
    return client.post("/api/login", json={"tournament_id": tid, "name": name, "pin": pin})


def me(client):
    return client.get("/api/me").get_json()["user"]


# ---------------------------------------------------------------- next

OFF_SITE = ["/%09/evil.example", "/%5Cevil.example", "/\\evil.example", "//evil.example",
            "/%2F/evil.example", "https://evil.example/", "javascript:alert(1)",
            "/%0A/evil.example", "/%0D%0A/evil.example", "%2F%2Fevil.example",
            "http:/evil.example", "/%E2%80%8B/evil.example", "evil.example"]


@pytest.mark.parametrize("target", OFF_SITE)
def test_next_never_leads_off_site(client, event, target):
    response = client.post(f"/login?next={target}", data={"tournament_id": event,
                                                         "name": "Olga", "pin": "1234"})
    assert response.status_code == 302
    location = response.headers["Location"]
    assert location == f"/t/{event}/organizer"
    assert "evil" not in location


def test_next_keeps_a_path_on_this_site(client, event):
    response = client.post("/login?next=/t/1/standings%3Fsession%3D2",
                           data={"tournament_id": event, "name": "Olga", "pin": "1234"})
    assert response.headers["Location"] == "/t/1/standings?session=2"


@pytest.mark.parametrize(("target", "kept"), [
    ("/t/1/organizer", True), ("/t/1/cards?x=a%20b#judges", True),
    ("/", True), ("//evil.example", False), ("/\t/evil.example", False),
    ("/\\evil.example", False), ("/\n/evil.example", False), ("\\\\evil.example", False),
    ("https://evil.example", False), (" /t/1", False), ("/t/1\x00", False),
    ("/\u200b/evil.example", False), ("", False), (None, False),
])
def test_safe_next_table(target, kept):
    assert safe_next(target) == (target if kept else None)
    if kept:
        parts = urlsplit(target)
        assert not parts.scheme and not parts.netloc


# ---------------------------------------------------------------- ending sessions

@pytest.mark.parametrize("how", ["form", "api"])
def test_an_old_cookie_is_void_after_sign_out(app, client, event, how):
    assert api_login(client, event, "Olga", "1234").status_code == 200
    old_cookie = client.get_cookie("session").value
    if how == "form":
        client.post("/logout")
    else:
        client.post("/api/logout", json={})
    assert me(client) is None
    replay = app.test_client()
    replay.set_cookie("session", old_cookie)
    assert me(replay) is None
    response = replay.get(f"/t/{event}/organizer")
    assert response.status_code == 302 and "/login" in response.headers["Location"]
    response = replay.post(f"/t/{event}/organizer/players", data={"name": "Intruder"})
    assert response.status_code == 401


def test_a_new_pin_ends_the_judges_sessions(app, client, event):
    judge = app.test_client()
    assert api_login(judge, event, "Jin", "2468").status_code == 200
    assert api_login(client, event, "Olga", "1234").status_code == 200
    with app.app_context():
        jin = db.session.query(User).filter_by(name="Jin").one().id
    response = client.post(f"/t/{event}/organizer/judges/{jin}/pin", data={"pin": "97531"},
                           follow_redirects=True)
    assert "Jin has a new PIN" in response.get_data(as_text=True)
    assert me(judge) is None
    assert api_login(app.test_client(), event, "Jin", "2468").status_code == 401
    assert api_login(app.test_client(), event, "Jin", "97531").status_code == 200
    with app.app_context():
        audit = db.session.query(AuditEvent).filter_by(action="user.pin").one()
        assert audit.actor == "organizer:Olga" and audit.subject == f"user:{jin}"
        assert "97531" not in str(audit.after) and audit.after["name"] == "Jin"


def test_an_organizer_who_changes_her_own_pin_stays_signed_in_only_here(app, client, event):
    other_phone = app.test_client()
    assert api_login(other_phone, event, "Olga", "1234").status_code == 200
    assert api_login(client, event, "Olga", "1234").status_code == 200
    with app.app_context():
        olga = db.session.query(User).filter_by(name="Olga").one().id
    client.post(f"/t/{event}/organizer/judges/{olga}/pin", data={"pin": "8642"})
    assert me(client)["name"] == "Olga"
    assert me(other_phone) is None


@pytest.mark.parametrize("pin", ["12", "abcd", "1234567890123", ""])
def test_a_bad_new_pin_is_refused_and_nothing_changes(app, client, event, pin):
    judge = app.test_client()
    api_login(judge, event, "Jin", "2468")
    api_login(client, event, "Olga", "1234")
    with app.app_context():
        jin = db.session.query(User).filter_by(name="Jin").one().id
    response = client.post(f"/t/{event}/organizer/judges/{jin}/pin", data={"pin": pin},
                           headers={"Referer": f"http://localhost/t/{event}/organizer"},
                           follow_redirects=True)
    assert "A PIN is 4 to 12 digits." in response.get_data(as_text=True)
    assert me(judge)["name"] == "Jin"
    assert api_login(app.test_client(), event, "Jin", "2468").status_code == 200


def test_a_pin_for_someone_of_another_tournament_is_refused(app, client, event):
    with app.app_context():
        other, stranger = make_tournament("Other Open", organizer="Otto", pin="5555")
        db.session.commit()
        other_id, stranger_id = other.id, stranger.id
    api_login(client, event, "Olga", "1234")
    response = client.post(f"/t/{event}/organizer/judges/{stranger_id}/pin",
                           data={"pin": "1111"})
    assert response.status_code == 404
    assert api_login(app.test_client(), other_id, "Otto", "5555").status_code == 200


def test_an_answer_to_a_request_sent_before_signing_out_keeps_the_new_cookie(app, client,
                                                                           event):
    """A phone polls while its judge taps Sign out: the poll left with the old cookie and is
    answered after the sign-out. Its answer must not put the old cookie back, nor wipe the
    one that carries "Signed out.", which the next page shows."""
    api_login(client, event, "Jin", "2468")
    old = client.get_cookie("session").value
    assert client.post("/logout").status_code == 302
    late = app.test_client()
    late.set_cookie("session", old)
    answer = late.get("/api/time")
    assert answer.status_code == 200
    assert not [c for c in answer.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert late.get("/api/me").get_json()["user"] is None  # the old cookie signs nobody in
    assert "Signed out." in client.get("/").get_data(as_text=True)


# ---------------------------------------------------------------- idle expiry

def test_a_session_ends_after_twelve_idle_hours(client, event):
    api_login(client, event, "Jin", "2468")
    with client.session_transaction() as session:
        session["seen"] = int(time.time()) - 11 * 3600
    assert me(client)["name"] == "Jin"
    with client.session_transaction() as session:
        assert session["seen"] >= int(time.time()) - 5  # use refreshed the last-seen time
        session["seen"] = int(time.time()) - 12 * 3600 - 1
    assert me(client) is None
    with client.session_transaction() as session:
        assert "user_id" not in session


@pytest.mark.committed  # counts the statements of real transactions
def test_using_a_session_writes_nothing_to_the_database(app, client, event):
    api_login(client, event, "Jin", "2468")
    statements: list[str] = []
    with app.app_context():
        engine = db.engine

        def remember(conn, cursor, statement, *args):
            statements.append(statement.split()[0].upper())

        sa_event.listen(engine, "before_cursor_execute", remember)
        try:
            for _ in range(3):
                assert me(client)["name"] == "Jin"
            with client.session_transaction() as session:
                session["seen"] = int(time.time()) - 600  # due for a refresh: cookie only
            assert me(client)["name"] == "Jin"
        finally:
            sa_event.remove(engine, "before_cursor_execute", remember)
    assert statements and set(statements) == {"SELECT"}


# ---------------------------------------------------------------- Secure cookies

def session_cookie(response) -> str:
    cookies = [c for c in response.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert len(cookies) == 1
    return cookies[0]


def check_cookies(client, tid, headers, base_url, secure):
    """Sign in as Olga; both cookies are Secure exactly when `secure`, always HttpOnly/Lax."""
    page = client.get("/login", headers=headers, base_url=base_url)
    device = [c for c in page.headers.getlist("Set-Cookie") if c.startswith("judgeaid_device=")]
    response = client.post("/api/login", json={"tournament_id": tid, "name": "Olga",
                                                "pin": "1234"},
                           headers=headers, base_url=base_url)
    assert response.status_code == 200
    cookie = session_cookie(response)
    assert ("; Secure" in cookie) is secure
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert len(device) == 1 and ("; Secure" in device[0]) is secure


@pytest.mark.parametrize(("config", "headers", "base_url", "secure"), [
    ({}, {}, "http://localhost", False),
    ({}, {"X-Forwarded-Proto": "https"}, "http://localhost", False),  # proxy not trusted
    ({"PUBLIC_BASE_URL": "https://judgeaid.example.org"}, {}, "http://localhost", True),
    ({}, {}, "https://localhost", True),
])
def test_cookies_are_secure_over_https(app, client, event, config, headers, base_url, secure):
    app.config.update(config)  # read per request; the app fixture puts it back
    check_cookies(client, event, headers, base_url, secure)


@pytest.mark.parametrize(("proto", "secure"), [("https", True), ("http", False)])
def test_cookies_are_secure_over_https_behind_a_trusted_proxy(app_built_with, proto, secure):
    app = app_built_with(TRUST_PROXIES=1)  # the proxy is trusted when the app is built
    with app.app_context():
        tournament, _ = make_tournament(organizer="Olga", pin="1234")
        db.session.commit()
        tid = tournament.id
    check_cookies(app.test_client(), tid, {"X-Forwarded-Proto": proto}, "http://localhost",
                  secure)


def test_trust_proxies_must_be_a_number(monkeypatch):
    from judgeaid.config import _count_of

    for value in ("yes", "-1", "\u00b2", "1.5"):
        monkeypatch.setenv("TRUST_PROXIES", value)
        with pytest.raises(ValueError, match="TRUST_PROXIES must be a whole number"):
            _count_of("TRUST_PROXIES")
    monkeypatch.setenv("TRUST_PROXIES", "2")
    assert _count_of("TRUST_PROXIES") == 2


# ---------------------------------------------------------------- /api/login bad input

@pytest.mark.parametrize(("body", "field", "message"), [
    ({"tournament_id": True}, "tournament_id", "must be a whole number"),
    ({"tournament_id": 2**31}, "tournament_id", "must be at most 2147483647"),
    ({"tournament_id": 10**30}, "tournament_id", "must be at most 2147483647"),
    ({"tournament_id": "9" * 5000}, "tournament_id", "must be a whole number"),
    ({"tournament_id": 0}, "tournament_id", "must be at least 1"),
    ({"tournament_id": -1}, "tournament_id", "must be at least 1"),
    ({"tournament_id": 1.0}, "tournament_id", "must be a whole number"),
    ({"tournament_id": "x"}, "tournament_id", "must be a whole number"),
    ({"tournament_id": "12"}, "tournament_id", "must be a whole number written with the "
                                               "digits 0-9, not text"),
    ({"tournament_id": "\u0661"}, "tournament_id", "must be a whole number"),
    ({"tournament_id": [1]}, "tournament_id", "must be a whole number"),
    ({"tournament_id": None}, "tournament_id", "must be a whole number"),
    ({"name": 7}, "name", "must be text"),
    ({"name": ["Olga"]}, "name", "must be text"),
    ({"name": "   "}, "name", "is empty"),
    ({"name": "O" * 500}, "name", "is longer than 200 characters"),
    ({"name": "Ol\u202ega"}, "name", "contains a text-direction control character"),
    ({"pin": 1234}, "pin", "must be text"),
    ({"pin": ""}, "pin", "is empty"),
    ({"pin": "1" * 100}, "pin", "is longer than 64 characters"),
    ({"pin": None}, "pin", "must be text"),
    ({"pin": "12\u00003"}, "pin", "contains a NUL character"),
])
def test_bad_sign_in_input_gets_400_with_a_message(client, event, body, field, message):
    response = client.post("/api/login", json={"tournament_id": event, "name": "Olga",
                                                "pin": "1234", **body})
    assert response.status_code == 400
    answer = response.get_json()
    assert answer["details"][0]["field"] == field
    assert answer["details"][0]["message"].startswith(message)
    assert answer["message"].startswith(f"Check the request: {field}: {message}")
    assert me(client) is None


@pytest.mark.parametrize("tournament_id", [2**31 - 1])
def test_the_largest_tournament_id_is_just_wrong(client, event, tournament_id):
    response = client.post("/api/login", json={"tournament_id": tournament_id, "name": "Olga",
                                                "pin": "1234"})
    assert response.status_code == 401
    assert response.get_json()["message"] == "Wrong tournament, name or PIN."


def test_the_sign_in_page_survives_odd_form_values(client, event):
    # Tampered numbers are refused at the edge, naming the field; a blank one is just wrong.
    for tournament_id in ("99999999999999999999", "-5", "abc", "\u0661"):
        response = client.post("/login", data={"tournament_id": tournament_id,
                                               "name": "Olga", "pin": "1234"})
        assert response.status_code == 400
        assert "tournament_id: must be" in response.get_data(as_text=True)
    response = client.post("/login", data={"tournament_id": "", "name": "Olga", "pin": "1234"})
    assert response.status_code == 401
    assert "Wrong tournament, name or PIN." in response.get_data(as_text=True)
