"""PINs are hashed one way at a cost the hall can afford; old hashes are upgraded on sign-in;
a worker checks one PIN at a time and a sign-in that cannot get a turn hears so."""

from __future__ import annotations

import json
import random
import threading
import time
import urllib.error
import urllib.request

import pytest
from sqlalchemy import func, select
from werkzeug.security import check_password_hash, generate_password_hash

from judgeaid.extensions import db
from judgeaid.models import LoginThrottle, User
from judgeaid.services import accounts
from judgeaid.services.owner import set_owner
from judgeaid.services.throttle import BUDGET_TOURNAMENT
from tests.factories import make_judge, make_tournament

OLD_METHODS = ["scrypt:32768:8:1", "pbkdf2:sha256:1000"]


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, _ = make_tournament(organizer="Olga", pin="1234")
        make_judge(tournament, "Jin", pin="246810")
        make_judge(tournament, "Hana", role="head_judge", pin="13579")
        db.session.commit()
        return tournament.id


def api_login(client, tid, name, pin):
    return client.post("/api/login", json={"tournament_id": tid, "name": name, "pin": pin})


def stored_hash(app, tid: int, name: str) -> str:
    with app.app_context():
        return db.session.scalar(select(User.pin_hash).where(User.tournament_id == tid,
                                                             User.name == name))


def failures_counted(app) -> int:
    """Return the failures counted against names (the budgets across names left out)."""
    with app.app_context():
        return db.session.scalar(select(func.coalesce(func.sum(LoginThrottle.failures), 0))
                                 .where(LoginThrottle.tournament_id != BUDGET_TOURNAMENT))


def test_the_dummy_hash_is_made_the_way_pins_are(full_cost_pins):
    assert accounts.hash_method(accounts.DUMMY_HASH) == accounts.PIN_HASH_METHOD
    assert accounts.PIN_HASH_METHOD.startswith("scrypt:")
    assert accounts.hash_method(accounts.hash_pin("2468")) == accounts.PIN_HASH_METHOD


def test_every_pin_made_is_hashed_with_the_pin_method(app, event):
    assert accounts.hash_method(stored_hash(app, event, "Jin")) == accounts.PIN_HASH_METHOD
    assert accounts.hash_method(stored_hash(app, event, "Olga")) == accounts.PIN_HASH_METHOD


@pytest.mark.parametrize(("name", "pin", "role"), [("Olga", "1234", "organizer"),
                                                   ("Hana", "13579", "head_judge"),
                                                   ("jin ", "246810", "judge")])
def test_judges_and_organizers_sign_in(app, client, event, name, pin, role):
    response = api_login(client, event, name, pin)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["user"]["role"] == role
    assert client.get("/api/me").get_json()["user"]["role"] == role


def test_the_sign_in_page_signs_in(app, client, event):
    response = client.post("/login", data={"tournament_id": event, "name": "Jin",
                                           "pin": "246810"})
    assert response.status_code == 302
    assert client.get("/api/me").get_json()["user"]["name"] == "Jin"


def test_the_owner_signs_in_with_the_password(app, client):
    with app.app_context():
        set_owner("Ann", "correct horse battery")
        db.session.commit()
    hall = app.test_client()
    hall.environ_base["REMOTE_ADDR"] = "10.1.2.3"  # not the server's own machine
    assert hall.post("/owner/login", data={"password": "wrong horse battery"}).status_code == 401
    assert hall.post("/owner/login", data={"password": "correct horse battery"}).status_code == 302


@pytest.mark.parametrize(("name", "pin"), [("Jin", "111111"), ("Nobody Here", "246810")])
def test_wrong_pins_and_unknown_names_are_refused_and_counted(app, client, event, name, pin):
    for _ in range(5):
        response = api_login(client, event, name, pin)
        assert response.status_code == 401
        assert response.get_json()["message"] == "Wrong tournament, name or PIN."
    assert failures_counted(app) == 10  # five for this source, five over all sources
    refused = api_login(client, event, name, pin)
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0


@pytest.mark.parametrize("old_method", OLD_METHODS)
def test_a_pin_stored_the_old_way_is_stored_again_on_sign_in(app, client, event, old_method):
    with app.app_context():
        jin = db.session.scalar(select(User).where(User.name == "Jin"))
        jin.pin_hash = generate_password_hash("246810", old_method)
        db.session.commit()
    assert api_login(app.test_client(), event, "Jin", "000000").status_code == 401
    assert accounts.hash_method(stored_hash(app, event, "Jin")) == old_method

    assert api_login(client, event, "Jin", "246810").status_code == 200
    upgraded = stored_hash(app, event, "Jin")
    assert accounts.hash_method(upgraded) == accounts.PIN_HASH_METHOD
    assert check_password_hash(upgraded, "246810")
    assert api_login(app.test_client(), event, "Jin", "246810").status_code == 200
    assert stored_hash(app, event, "Jin") == upgraded  # stored once, not at every sign-in


@pytest.mark.committed
def test_the_upgrade_commits_with_the_sign_in(app, client, event):
    with app.app_context():
        jin = db.session.scalar(select(User).where(User.name == "Jin"))
        jin.pin_hash = generate_password_hash("246810", OLD_METHODS[0])
        db.session.commit()
        db.session.remove()
    assert api_login(client, event, "Jin", "246810").status_code == 200
    with app.app_context():
        assert accounts.hash_method(stored_hash(app, event, "Jin")) == accounts.PIN_HASH_METHOD
        db.session.remove()


@pytest.fixture
def hashing_taken():
    """Another thread of this worker checks a PIN from this address (the test client's) and
    one more sign-in from it waits for the turn."""
    with accounts.hashing_turn("127.0.0.1"):
        waiter = accounts._TURN._join("127.0.0.1")
        try:
            yield
        finally:
            accounts._TURN._queue.remove(waiter)


BUSY = "Many people are signing in at this moment. Try again in a moment."


def test_a_sign_in_that_gets_no_turn_hears_so_at_once_and_counts_nothing(app, client, event,
                                                                         hashing_taken):
    response = api_login(client, event, "Jin", "246810")
    assert response.status_code == 503
    assert response.headers["Retry-After"] == str(accounts.BUSY_RETRY_SECONDS) == "1"
    assert response.get_json()["message"] == BUSY
    page = client.post("/login", data={"tournament_id": event, "name": "Jin", "pin": "246810"})
    assert page.status_code == 503 and page.headers["Retry-After"]
    assert BUSY in page.get_data(as_text=True)
    assert client.get("/api/me").get_json()["user"] is None
    assert failures_counted(app) == 0


def test_one_sign_in_may_wait_for_the_turn_a_bounded_time(app, client, event, monkeypatch):
    """The turn taken but nobody waiting: this sign-in waits (here a twentieth of a second,
    then hears it is busy) rather than being turned away at once."""
    monkeypatch.setattr(accounts, "HASHING_WAIT_SECONDS", 0.05)
    with accounts.hashing_turn():
        response = api_login(client, event, "Jin", "246810")
        assert response.status_code == 503 and response.get_json()["message"] == BUSY
        # it gave back its place in the queue
        assert not accounts._TURN._queue
    assert api_login(client, event, "Jin", "246810").status_code == 200


def test_the_turn_is_given_back_after_each_check(app, client, event):
    assert api_login(client, event, "Jin", "000000").status_code == 401
    assert api_login(client, event, "Olga", "1234").status_code == 200
    # Taken at once: neither the refusal nor the sign-in kept it.
    assert accounts._TURN._holder is None and not accounts._TURN._queue


def post_json(url: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(url, method="POST", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as exc:
        with exc:
            return exc.code, json.load(exc)


def test_many_sign_ins_at_once_are_each_answered_rightly(app, live_server):
    app.config.update(LOGIN_FAILURES_ALLOWED=100, LOGIN_ACCOUNT_FAILURES_ALLOWED=100)
    with app.app_context():
        tournament, _ = make_tournament(organizer="Olga", pin="1234")
        for n in range(12):
            make_judge(tournament, f"Judge {n}", pin=f"{1000 + n}")
        # Two of them still carry a PIN stored the old way.
        for user in db.session.scalars(select(User).where(User.name.in_(["Judge 0",
                                                                          "Judge 1"]))):
            user.pin_hash = generate_password_hash(f"{1000 + int(user.name[-1])}",
                                                   OLD_METHODS[0])
        tid = tournament.id
        db.session.commit()
        db.session.remove()
    # Each judge signs in rightly, and wrongly, and an unknown name tries: 36 at once.
    attempts = ([(f"Judge {n}", f"{1000 + n}", 200) for n in range(12)]
                + [(f"Judge {n}", f"{2000 + n}", 401) for n in range(12)]
                + [(f"Nobody {n}", "1234", 401) for n in range(12)])
    barrier = threading.Barrier(len(attempts))
    answers: dict[int, tuple[int, dict]] = {}

    def sign_in(index: int, name: str, pin: str) -> None:
        """Sign in as the sign-in page does: a 503 "busy" is tried again after Retry-After."""
        barrier.wait()
        for _ in range(60):
            answers[index] = post_json(live_server.url + "/api/login",
                                       {"tournament_id": tid, "name": name, "pin": pin})
            if answers[index][0] != 503:
                return
            time.sleep(accounts.BUSY_RETRY_SECONDS * random.random())

    threads = [threading.Thread(target=sign_in, args=(i, name, pin))
               for i, (name, pin, _) in enumerate(attempts)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(180)
    assert len(answers) == len(attempts)
    for index, (name, _, status) in enumerate(attempts):
        got, body = answers[index]
        assert got == status, (name, got, body)
        if status == 200:
            assert body["user"]["name"] == name
    with app.app_context():
        methods = {accounts.hash_method(h) for h in db.session.scalars(
            select(User.pin_hash).where(User.tournament_id == tid))}
        db.session.remove()
    assert methods == {accounts.PIN_HASH_METHOD}
