"""A sign-in flood cannot block the hall, and a stranger cannot shut a named person out
(issue 28): budgets per address and per device across names, a turn fair per source, and a
one-time recovery code beside every PIN."""

from __future__ import annotations

import json
import threading
import time
import urllib.error
import urllib.request

import pytest

from judgeaid.extensions import db
from judgeaid.services import accounts, throttle
from judgeaid.services.errors import Busy
from judgeaid.signin import DEVICE_COOKIE
from tests.conftest import LiveServer
from tests.factories import make_judge, make_tournament


@pytest.fixture(autouse=True)
def forget_spent_budgets():
    """Each test's database starts empty: so does this process's memory of spent budgets."""
    throttle._SPENT.clear()
    yield
    throttle._SPENT.clear()


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, organizer = make_tournament(organizer="Olga", pin="1234")
        judge = make_judge(tournament, "Jin", pin="246810")
        codes = {"Olga": accounts.new_recovery_code(organizer),
                 "Jin": accounts.new_recovery_code(judge)}
        db.session.commit()
        return tournament.id, codes


def login(client, tid, name, pin=None, *, recovery=None, address="127.0.0.1"):
    body = {"tournament_id": tid, "name": name}
    body.update({"recovery": recovery} if recovery else {"pin": pin})
    return client.post("/api/login", json=body, environ_base={"REMOTE_ADDR": address})


# ---------------------------------------------------------------- the fair turn

def test_the_waiting_place_goes_to_a_source_that_holds_none():
    turn = accounts.FairTurn(places=1)
    with turn.take("flood"):
        flood_waiter = turn._join("flood")  # the flood holds the turn and the waiting place
        assert turn._join is not None and flood_waiter is not None
        # Another flood request: nothing for it.
        with pytest.raises(Busy):
            turn._join("flood")
        # A judge from elsewhere takes the waiting place from the flood ...
        judge = turn._join("judge")
        assert flood_waiter.evicted and flood_waiter.event.is_set()
        assert list(turn._queue) == [judge]
        # ... and a third source finds it taken by a fair owner.
        with pytest.raises(Busy):
            turn._join("other")
    # The turn goes to the judge next.
    assert judge.granted and turn._holder == "judge"
    turn._leave()
    assert turn._holder is None


# ---------------------------------------------------------------- budgets across names

def test_made_up_names_from_one_address_run_out_of_its_budget(app, event):
    tid, _ = event
    attacker = app.test_client()
    allowed = app.config["LOGIN_ADDRESS_FAILURES_ALLOWED"]
    statuses = [login(attacker, tid, f"Nobody {n}", "1234", address="10.9.9.9").status_code
                for n in range(allowed + 3)]
    assert statuses == [401] * allowed + [429] * 3
    refused = login(attacker, tid, "Another nobody", "1234", address="10.9.9.9")
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert refused.get_json()["message"].startswith("Too many failed sign-ins from here.")
    # Another address is untouched, at its first try.
    assert login(app.test_client(), tid, "Olga", "1234", address="10.1.1.1").status_code == 200


def test_a_phone_known_to_the_name_is_spared_its_address_budget(app, event):
    tid, _ = event
    phone = app.test_client()
    phone.get("/login", environ_base={"REMOTE_ADDR": "10.9.9.9"})
    assert login(phone, tid, "Jin", "246810", address="10.9.9.9").status_code == 200
    phone.post("/api/logout", json={}, environ_base={"REMOTE_ADDR": "10.9.9.9"})
    attacker = app.test_client()
    for n in range(app.config["LOGIN_ADDRESS_FAILURES_ALLOWED"]):
        login(attacker, tid, f"Nobody {n}", "1234", address="10.9.9.9")
    assert login(app.test_client(), tid, "Jin", "246810", address="10.9.9.9").status_code == 429
    assert login(phone, tid, "Jin", "246810", address="10.9.9.9").status_code == 200


def test_one_device_has_a_budget_across_names(app, event):
    tid, _ = event
    device = app.test_client()
    device.set_cookie(DEVICE_COOKIE, "d" * 32)
    allowed = app.config["LOGIN_DEVICE_FAILURES_ALLOWED"]
    statuses = [login(device, tid, f"Nobody {n}", "1234").status_code
                for n in range(allowed + 1)]
    assert statuses == [401] * allowed + [429]
    # The address still has room: a phone without that cookie signs in.
    assert login(app.test_client(), tid, "Olga", "1234").status_code == 200


def test_successes_spend_no_budget(app, event):
    tid, _ = event
    client = app.test_client()
    for _ in range(app.config["LOGIN_ADDRESS_FAILURES_ALLOWED"] + 5):
        assert login(client, tid, "Olga", "1234").status_code == 200


# ---------------------------------------------------------------- recovery codes

def test_after_a_strangers_fifty_wrong_pins_the_person_still_gets_in(app, event):
    tid, codes = event
    app.config.update(LOGIN_ADDRESS_FAILURES_ALLOWED=1000)
    own_phone = app.test_client()
    own_phone.get("/login")
    assert login(own_phone, tid, "Jin", "246810").status_code == 200
    own_phone.post("/api/logout", json={})
    # A stranger: 50 wrong PINs from ten devices on ten addresses.
    statuses = []
    for n in range(50):
        stranger = app.test_client()
        stranger.set_cookie(DEVICE_COOKIE, f"{n // 5:032d}")
        statuses.append(login(stranger, tid, "Jin", f"{n:06d}",
                              address=f"10.0.0.{n // 5}").status_code)
    assert statuses.count(401) == app.config["LOGIN_ACCOUNT_FAILURES_ALLOWED"]
    # A new phone with the right PIN is refused: the name is locked for new devices ...
    new_phone = app.test_client()
    new_phone.get("/login", environ_base={"REMOTE_ADDR": "10.2.2.2"})
    assert login(new_phone, tid, "Jin", "246810", address="10.2.2.2").status_code == 429
    # ... but the recovery code signs the person in on it, once, and gives the next one.
    answer = login(new_phone, tid, "Jin", recovery=codes["Jin"].lower(), address="10.2.2.2")
    assert answer.status_code == 200, answer.get_json()
    assert answer.headers["Cache-Control"] == "no-store"
    fresh = answer.get_json()["recovery"]
    assert fresh and fresh != codes["Jin"]
    new_phone.post("/api/logout", json={}, environ_base={"REMOTE_ADDR": "10.2.2.2"})
    again = login(app.test_client(), tid, "Jin", recovery=codes["Jin"], address="10.3.3.3")
    assert again.status_code == 401
    assert again.get_json()["message"] == "Wrong tournament, name or recovery code."
    assert login(app.test_client(), tid, "Jin", recovery=fresh, address="10.3.3.4"
                 ).status_code == 200
    # That new phone is now Jin's: the PIN works on it despite the lock.
    assert login(new_phone, tid, "Jin", "246810", address="10.2.2.2").status_code == 200
    # And the phone used before never stopped working.
    assert login(own_phone, tid, "Jin", "246810").status_code == 200


def test_a_recovery_code_is_never_the_way_to_guess(app, event):
    tid, _ = event
    client = app.test_client()
    answer = login(client, tid, "Olga", recovery="AAAA-BBBB-CCCC")
    assert answer.status_code == 401
    assert login(client, tid, "Nobody", recovery="AAAA-BBBB-CCCC").status_code == 401
    # With both (the demo's whole entry sent back), the PIN decides and the code is kept.
    both = client.post("/api/login", json={"tournament_id": tid, "name": "Olga", "pin": "1234",
                                           "recovery": "AAAA-BBBB-CCCC"})
    assert both.status_code == 200 and "recovery" not in both.get_json()
    assert client.post("/api/login", json={"tournament_id": tid, "name": "Olga"}
                       ).status_code == 400


def test_the_desk_shows_a_new_recovery_code_once_beside_the_pin(app, event):
    tid, _ = event
    desk = app.test_client()
    assert login(desk, tid, "Olga", "1234").status_code == 200
    page = desk.get(f"/t/{tid}/organizer")
    token = page.get_data(as_text=True).split('name="csrf_token" value="')[1].split('"')[0]
    added = desk.post(f"/t/{tid}/organizer/judges", data={
        "csrf_token": token, "op_id": "add-kim-0001", "name": "Kim", "role": "judge",
        "pin": "97531"}, follow_redirects=True)
    text = added.get_data(as_text=True)
    assert "Recovery code for Kim:" in text
    code = text.split("Recovery code for Kim: ")[1][:14]
    assert added.headers["Cache-Control"] == "private, no-store"
    assert "Recovery code for Kim" not in desk.get(f"/t/{tid}/organizer").get_data(as_text=True)
    assert login(app.test_client(), tid, "Kim", recovery=code, address="10.4.4.4"
                 ).status_code == 200


def test_the_server_owner_clears_the_organizers_lock(app, event, runner):
    tid, _ = event
    for n in range(5):
        login(app.test_client(), tid, "Olga", f"{n:06d}")
    assert login(app.test_client(), tid, "Olga", "1234").status_code == 429
    result = runner.invoke(args=["unlock", "--tournament", str(tid), "--name", "olga",
                                 "--new-recovery"])
    assert result.exit_code == 0, result.output
    assert "Sign-in lock on olga cleared" in result.output
    code = result.output.split("New recovery code for olga: ")[1].strip()
    assert login(app.test_client(), tid, "Olga", "1234").status_code == 200
    assert login(app.test_client(), tid, "Olga", recovery=code).status_code == 200


# ---------------------------------------------------------------- the flood, measured

def post_json(url: str, body: dict, forwarded_for: str) -> int:
    request = urllib.request.Request(url, method="POST", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json",
                                              "X-Forwarded-For": forwarded_for})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        exc.close()
        return exc.code


def test_a_flood_from_one_address_leaves_another_signing_in_at_once(app_built_with):
    app = app_built_with(TRUST_PROXIES=1)
    with app.app_context():
        tournament, _ = make_tournament(organizer="Olga", pin="1234")
        db.session.commit()
        tid = tournament.id
    stop = threading.Event()
    flood_statuses: list[int] = []
    with LiveServer(app) as server:
        url = server.url + "/api/login"

        def flood(worker: int) -> None:
            n = 0
            while not stop.is_set():
                n += 1
                flood_statuses.append(post_json(url, {"tournament_id": tid,
                                                      "name": f"Made up {worker}-{n}",
                                                      "pin": "1234"}, "203.0.113.7"))

        threads = [threading.Thread(target=flood, args=(w,)) for w in range(16)]
        for thread in threads:
            thread.start()
        try:
            time.sleep(0.5)
            timings, statuses = [], []
            for attempt in range(8):
                started = time.perf_counter()
                statuses.append(post_json(url, {"tournament_id": tid, "name": "Olga",
                                                "pin": "1234"}, f"198.51.100.{attempt}"))
                timings.append(time.perf_counter() - started)
                time.sleep(0.2)
        finally:
            stop.set()
            for thread in threads:
                thread.join(30)
    # each at its first try; how fast is measured on gunicorn by scripts/replay_attacks.py,
    # not here (no timed assertions in the suite: `timings` is only shown on a failure)
    assert statuses == [200] * 8, (statuses, timings)
    assert set(flood_statuses) <= {401, 429, 503}
    assert flood_statuses.count(401) <= app.config["LOGIN_ADDRESS_FAILURES_ALLOWED"]


def test_the_sign_in_page_takes_a_recovery_code(app, event):
    tid, codes = event
    for n in range(5):
        login(app.test_client(), tid, "Jin", f"{n:06d}")
    phone = app.test_client()
    page = phone.get("/login").get_data(as_text=True)
    assert 'name="recovery"' in page
    answer = phone.post("/login", data={"tournament_id": tid, "name": "Jin",
                                        "recovery": codes["Jin"]}, follow_redirects=True)
    assert answer.status_code == 200
    text = answer.get_data(as_text=True)
    assert "Signed in as Jin." in text and "your new one is" in text
