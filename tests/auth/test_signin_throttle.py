"""PIN guessing is stopped per name and source, atomically, without locking anyone else out."""

from __future__ import annotations

import json
import random
import threading
import time
import urllib.error
import urllib.request

import pytest

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, LoginThrottle
from judgeaid.services.throttle import BUDGET_TOURNAMENT
from judgeaid.signin import DEVICE_COOKIE
from tests.factories import make_judge, make_tournament


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, _ = make_tournament(organizer="Olga", pin="1234")
        make_judge(tournament, "Jin", pin="246810")
        db.session.commit()
        return tournament.id


def api_login(client, tid, name, pin, **kwargs):
    return client.post("/api/login", json={"tournament_id": tid, "name": name, "pin": pin},
                       **kwargs)


def post_json(url: str, body: dict) -> int:
    request = urllib.request.Request(url, method="POST", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        exc.close()
        return exc.code


def test_forty_parallel_wrong_pins_let_only_the_limit_through(app, live_server, event):
    barrier = threading.Barrier(40)
    statuses: list[int] = []

    def guess(number: int) -> None:
        barrier.wait()
        # A guess turned away as "busy" (one PIN check at a time) counts nothing: it is sent
        # again after Retry-After, as any client would.
        for _ in range(100):
            status = post_json(live_server.url + "/api/login", {
                "tournament_id": event, "name": "Jin", "pin": f"{100000 + number}"})
            if status != 503:
                break
            time.sleep(random.random())
        statuses.append(status)

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(40)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(90)
    assert len(statuses) == 40
    assert sorted(set(statuses)) == [401, 429]
    assert statuses.count(401) == app.config["LOGIN_FAILURES_ALLOWED"] == 5
    # The right PIN from the same source waits too.
    assert post_json(live_server.url + "/api/login",
                     {"tournament_id": event, "name": "Jin", "pin": "246810"}) == 429
    with app.app_context():
        counted = {row.source: row.failures for row in db.session.query(LoginThrottle)
                   if row.tournament_id != BUDGET_TOURNAMENT}
    assert counted == {"address:127.0.0.1": 5, "": 5}


def test_repeated_failures_wait_with_retry_after_on_the_sign_in_page(client, event):
    client.get("/login")
    for pin in ("1111", "2222", "3333", "4444", "5555"):
        response = client.post("/login", data={"tournament_id": event, "name": "Olga",
                                               "pin": pin})
        assert response.status_code == 401
    response = client.post("/login", data={"tournament_id": event, "name": "Olga",
                                           "pin": "1234"})
    assert response.status_code == 429
    assert 0 < int(response.headers["Retry-After"]) <= 15 * 60
    assert "Too many failed sign-ins for this name from here" in response.get_data(as_text=True)


def test_failures_on_made_up_names_never_block_the_organizer(app, event):
    attacker = app.test_client()
    statuses = [api_login(attacker, event, f"Nobody {n}", "1234").status_code
                for n in range(20)]
    assert statuses == [401] * 20
    # The same address (no device cookie, as behind a proxy everybody shares one).
    organizer = app.test_client()
    assert api_login(organizer, event, "Olga", "1234").status_code == 200


def test_an_attack_from_elsewhere_does_not_lock_the_judges_own_phone(app, event):
    phone = app.test_client()  # Jin's phone: it opened the sign-in page, so it has a cookie
    phone.get("/login")
    assert phone.get_cookie(DEVICE_COOKIE) is not None
    attacker = app.test_client()  # same address, no cookies kept
    statuses = [api_login(attacker, event, "Jin", f"{n:06d}").status_code for n in range(6)]
    assert statuses == [401] * 5 + [429]
    response = phone.post("/login", data={"tournament_id": event, "name": "jin",
                                          "pin": "246810"})
    assert response.status_code == 302, response.get_data(as_text=True)


def test_the_cap_per_name_spares_a_phone_that_signed_in_before(app, event):
    phone = app.test_client()
    phone.get("/login")
    assert phone.post("/login", data={"tournament_id": event, "name": "Jin",
                                      "pin": "246810"}).status_code == 302
    phone.post("/logout")
    # An attacker who changes device cookie every 5 guesses meets the cap of 20 per name.
    statuses = []
    for device in range(5):
        attacker = app.test_client()
        attacker.set_cookie(DEVICE_COOKIE, f"{device:032d}")
        statuses += [api_login(attacker, event, "Jin", f"{device}{n:05d}").status_code
                     for n in range(5)]
    assert statuses.count(401) == app.config["LOGIN_ACCOUNT_FAILURES_ALLOWED"] == 20
    assert statuses[-5:] == [429] * 5
    capped = api_login(app.test_client(), event, "Jin", "246810")
    assert capped.status_code == 429
    assert "ask the organizer to clear the lock" in capped.get_json()["message"]
    # Jin's own phone is known: the cap does not stop it.
    response = phone.post("/login", data={"tournament_id": event, "name": "Jin",
                                          "pin": "246810"})
    assert response.status_code == 302


@pytest.mark.parametrize("trusted", [0, 1])
def test_forwarded_for_counts_only_behind_a_trusted_proxy(app_built_with, trusted):
    app = app_built_with(TRUST_PROXIES=trusted)  # the proxy is trusted when the app is built
    with app.app_context():
        make_tournament(organizer="Olga", pin="1234")
        db.session.commit()
    client = app.test_client()

    def attempt(forwarded_for: str, pin: str = "9999") -> int:
        return api_login(client, 1, "Olga", pin,
                         headers={"X-Forwarded-For": forwarded_for}).status_code

    assert [attempt("10.0.0.1") for _ in range(5)] == [401] * 5
    assert attempt("10.0.0.1") == 429
    # Another phone behind the proxy: its own count only if the proxy is trusted.
    assert attempt("10.0.0.2", "1234") == (200 if trusted else 429)
    # A client's own X-Forwarded-For entry is left of the one the proxy appends: ignored.
    assert attempt("10.0.0.2, 10.0.0.1") == 429
    with app.app_context():
        sources = {row.source for row in db.session.query(LoginThrottle)
                   if row.source and row.tournament_id != BUDGET_TOURNAMENT}
    assert sources == ({"address:10.0.0.1"} if trusted else {"address:127.0.0.1"})


def test_an_unknown_name_takes_as_long_as_a_wrong_pin(full_cost_pins, app, client, event):
    app.config.update(LOGIN_FAILURES_ALLOWED=100, LOGIN_ACCOUNT_FAILURES_ALLOWED=100)
    times: dict[str, list[float]] = {"Jin": [], "Nobody Here": []}
    for _ in range(9):
        for name, spent in times.items():
            started = time.perf_counter()
            assert api_login(client, event, name, "111111").status_code == 401
            spent.append(time.perf_counter() - started)
    # the least each took: a busy machine (CI runs two workers) only ever adds time
    known, unknown = (min(times[n]) for n in ("Jin", "Nobody Here"))
    print(f"least wrong PIN {known * 1000:.1f} ms, unknown name {unknown * 1000:.1f} ms")
    assert unknown >= 0.5 * known
    assert known >= 0.5 * unknown


def test_the_organizer_sees_and_clears_a_lock(app, client, event):
    attacker = app.test_client()
    for n in range(6):
        api_login(attacker, event, "jin ", f"{n:06d}")
    assert api_login(app.test_client(), event, "Jin", "246810").status_code == 429
    assert api_login(client, event, "Olga", "1234").status_code == 200
    desk = client.get(f"/t/{event}/organizer").get_data(as_text=True)
    lock = desk.split('id="sign-in-locks"')[1].split("</section>")[0]
    assert "Jin —" in lock and "locked on 1 device or network" in lock
    response = client.post(f"/t/{event}/organizer/sign-in-locks", data={"account": "jin"},
                           follow_redirects=True)
    page = response.get_data(as_text=True)
    assert "can sign in again" in page
    assert "No name is locked." in page
    assert api_login(app.test_client(), event, "Jin", "246810").status_code == 200
    with app.app_context():
        event_row = db.session.query(AuditEvent).filter_by(action="user.unlock").one()
        assert event_row.after == {"name": "jin", "cleared": 2}
        assert event_row.actor == "organizer:Olga"


def test_only_an_organizer_clears_locks(app, client, event):
    assert api_login(client, event, "Jin", "246810").status_code == 200
    response = client.post(f"/t/{event}/organizer/sign-in-locks", data={"account": "olga"})
    assert response.status_code == 403


def test_a_name_longer_than_any_is_nobody_even_with_the_right_pin(app, client, event):
    long_name = "Wen " + "x" * 76
    with app.app_context():
        from judgeaid.models import Tournament

        make_judge(db.session.get(Tournament, event), long_name, pin="5555")
        db.session.commit()
    response = client.post("/login", data={"tournament_id": event, "name": long_name + "y",
                                           "pin": "5555"})
    assert response.status_code == 401
    response = client.post("/login", data={"tournament_id": event, "name": long_name,
                                           "pin": "5555"})
    assert response.status_code == 302
