"""Two app servers behind one address serve one tournament as one (issue 17).

Two real gunicorn processes, started as `make run` starts one (2 workers x 4 threads,
app:app), each from a copy of the code of its own (so each has its own instance folder, as a
second laptop would), share one PostgreSQL database and one SECRET_KEY. A phone's cookies
go to whichever instance answers, as behind a reverse proxy that spreads the requests.
"""

from __future__ import annotations

import http.cookies
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.conftest import is_postgres

pytestmark = pytest.mark.skipif(
    not is_postgres(), reason="two app servers share one PostgreSQL database; SQLite serves "
    "one machine only (set TEST_DATABASE_URL to run this; CI runs the suite on PostgreSQL too)")

# What each instance needs of the checkout to serve (as `make run` uses it).
CODE = ("app.py", "judgeaid", "migrations", "static", "templates")
# Settings of the machine running the tests that must not reach the instances.
NOT_PASSED = ("TEST_DATABASE_URL", "DATABASE_URL", "SECRET_KEY", "PUBLIC_BASE_URL",
              "TRUST_PROXIES", "SESSION_COOKIE_SECURE", "HOST", "PORT", "FLASK_APP",
              "FLASK_DEBUG")
START_SECONDS = 90  # a generous bound for a loaded 2-core machine, not a measurement


@dataclass
class Reply:
    """One HTTP answer: status, headers, body."""

    status: int
    headers: dict[str, str]
    body: bytes

    def json(self):
        """Return the body read as JSON."""
        return json.loads(self.body)


BUSY_TRIES = 20


@dataclass
class Device:
    """One phone: its cookies go with each request to whichever instance it reaches."""

    cookies: dict[str, str] = field(default_factory=dict)

    def call(self, base: str, method: str, path: str, body: dict | None = None,
             headers: dict[str, str] | None = None) -> Reply:
        """Send one request to the instance at `base` and keep the cookies it sets; a 503
        "busy" answer (a process's write turns or sign-in turn are all taken) is sent again
        after its Retry-After, the same body, as the phone's outbox and sign-in page do."""
        for _ in range(BUSY_TRIES):
            reply = self._send(base, method, path, body, headers)
            if reply.status != 503 or "Retry-After" not in reply.headers:
                return reply
            time.sleep(float(reply.headers["Retry-After"]))
        return reply

    def _send(self, base: str, method: str, path: str, body: dict | None,
              headers: dict[str, str] | None) -> Reply:
        sent = dict(headers or {})
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            sent["Content-Type"] = "application/json"
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        request = urllib.request.Request(base + path, data=data, method=method, headers=sent)
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                reply = Reply(response.status, dict(response.headers), response.read())
                set_cookies = response.headers.get_all("Set-Cookie") or []
        except urllib.error.HTTPError as error:
            with error:
                reply = Reply(error.code, dict(error.headers), error.read())
                set_cookies = error.headers.get_all("Set-Cookie") or []
        for line in set_cookies:
            for name, morsel in http.cookies.SimpleCookie(line).items():
                if morsel.value and morsel["max-age"] != "0":
                    self.cookies[name] = morsel.value
                else:
                    self.cookies.pop(name, None)
        return reply


@dataclass
class Venue:
    """The two instances' addresses and the demo tournament they serve."""

    a: str
    b: str
    demo: dict


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _copy_code(target: Path) -> Path:
    from judgeaid import ROOT

    target.mkdir(parents=True)
    for name in CODE:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name,
                            ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(source, target / name)
    return target


def _database_url() -> str:
    """Return a database of this module's own beside TEST_DATABASE_URL's, made empty."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    from tests.databases import database_url_for

    base = make_url(database_url_for(Path()))
    url = base.set(database=f"{base.database}_venue")
    engine = create_engine(base.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{url.database}" WITH (FORCE)'))
            conn.execute(text(f'CREATE DATABASE "{url.database}"'))
    finally:
        engine.dispose()
    return url.render_as_string(hide_password=False)


def _drop_database(url: str) -> None:
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    name = make_url(url).database
    engine = create_engine(make_url(url).set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    finally:
        engine.dispose()


def _flask(root: Path, env: dict, *args: str) -> str:
    done = subprocess.run([sys.executable, "-m", "flask", "--app", "app", *args], cwd=root,
                          env=env, capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, f"flask {' '.join(args)} failed:\n{done.stderr[-3000:]}"
    return done.stdout


def _wait_until_serving(process: subprocess.Popen, url: str, log: Path) -> None:
    """Return once the instance answers; fail with its log if it stops or never answers."""
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"gunicorn at {url} stopped ({process.returncode}):\n"
                        f"{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url + "/api/time", timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.2)
    pytest.fail(f"gunicorn at {url} did not answer in {START_SECONDS} s:\n"
                f"{log.read_text()[-3000:]}")


def _stop(process: subprocess.Popen) -> None:
    """Stop gunicorn as a service manager would: TERM, then KILL if it hangs."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@pytest.fixture(scope="module")
def venue(tmp_path_factory):
    """Two gunicorn instances, A and B, on one PostgreSQL database with a seated demo."""
    folder = tmp_path_factory.mktemp("venue")
    url = _database_url()
    env = {k: v for k, v in os.environ.items() if k not in NOT_PASSED}
    env.update(DATABASE_URL=url, SECRET_KEY=secrets.token_hex(32))
    roots = [_copy_code(folder / name) for name in ("a", "b")]
    processes: list[subprocess.Popen] = []
    try:
        _flask(roots[0], env, "db", "upgrade")
        demo = json.loads(_flask(roots[0], env, "demo"))
        addresses = []
        for root in roots:
            port = _free_port()
            log = root / "gunicorn.log"
            with log.open("wb") as stream:
                processes.append(subprocess.Popen(
                    [sys.executable, "-m", "gunicorn", "--workers", "2", "--threads", "4",
                     "--bind", f"127.0.0.1:{port}", "--access-logfile", "-", "app:app"],
                    cwd=root, env=env, stdout=stream, stderr=subprocess.STDOUT))
            addresses.append(f"http://127.0.0.1:{port}")
            _wait_until_serving(processes[-1], addresses[-1], log)
        yield Venue(addresses[0], addresses[1], demo)
    finally:
        for process in processes:
            _stop(process)
        _drop_database(url)


def _sign_in(venue: Venue, base: str, role: str = "judge") -> Device:
    device = Device()
    who = venue.demo[role]
    reply = device.call(base, "POST", "/api/login", {
        "tournament_id": venue.demo["tournament_id"], "name": who["name"], "pin": who["pin"]})
    assert reply.status == 200, reply.body
    return device


def _card(venue: Venue, index: int) -> tuple[int, dict]:
    """Return a demo card's id and its players by starting wind ({"E": number, ...})."""
    api = venue.demo["cards"][index]["api"]
    card = Device().call(venue.a, "GET", api).json()
    return card["id"], {wind: int(number)
                        for number, wind in card["rounds"][0]["winds"].items()}


def _win(round_no: int, winner: int, value: int = 30) -> dict:
    return {"round": round_no, "result": "win", "winner": winner, "value": value,
            "win": "self", "op_id": str(uuid.uuid4())}


def _at_once(*calls) -> list[Reply]:
    """Run the calls in threads released together; return their replies in order."""
    barrier = threading.Barrier(len(calls))
    replies: list[Reply | None] = [None] * len(calls)

    def run(index, call):
        barrier.wait()
        replies[index] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    assert all(reply is not None for reply in replies), "a request did not finish"
    return replies


def test_a_judge_signed_in_on_one_instance_is_signed_in_on_the_other(venue):
    name = venue.demo["judge"]["name"]
    phone, second_phone = _sign_in(venue, venue.a), _sign_in(venue, venue.b)

    for device, base in ((phone, venue.b), (phone, venue.a), (second_phone, venue.a)):
        assert device.call(base, "GET", "/api/me").json()["user"]["name"] == name

    # Signing out through B ends the judge's sign-ins on every phone, whichever instance
    # each one reaches next.
    assert phone.call(venue.b, "POST", "/api/logout", {}).status == 200
    assert phone.call(venue.a, "GET", "/api/me").json()["user"] is None
    assert second_phone.call(venue.a, "GET", "/api/me").json()["user"] is None
    assert second_phone.call(venue.b, "GET", "/api/me").json()["user"] is None


def test_a_round_written_through_a_is_seen_by_the_next_poll_of_b(venue):
    card_id, wind = _card(venue, 0)
    phone, judge = Device(), _sign_in(venue, venue.a)
    path = f"/api/cards/{card_id}"
    before = phone.call(venue.b, "GET", path)
    assert before.status == 200 and before.json()["rounds"][0]["recorded"] is False
    held = before.headers["ETag"]
    # The phone polls B once more before the write: B has the old version in hand.
    assert phone.call(venue.b, "GET", path, headers={"If-None-Match": held}).status == 304

    written = judge.call(venue.a, "POST", path + "/rounds", _win(1, wind["E"]))
    assert written.status == 200, written.body

    poll = phone.call(venue.b, "GET", path, headers={"If-None-Match": held})
    assert poll.status == 200
    assert poll.headers["ETag"] != held
    seen = poll.json()
    assert seen["version"] == written.json()["card"]["version"] > before.json()["version"]
    assert seen["rounds"][0]["recorded"] is True
    assert seen["rounds"][0]["winner"] == wind["E"]
    assert seen["totals"] == written.json()["card"]["totals"]
    # A agrees the phone now holds the current version.
    again = phone.call(venue.a, "GET", path, headers={"If-None-Match": poll.headers["ETag"]})
    assert again.status == 304


def test_one_write_sent_through_both_at_once_is_applied_once(venue):
    card_id, wind = _card(venue, 1)
    judge = _sign_in(venue, venue.a)
    path = f"/api/cards/{card_id}/rounds"
    for round_no, winner in ((1, "E"), (2, "S"), (3, "W")):
        body = _win(round_no, wind[winner])  # one op_id: a phone's outbox resending
        through_a, through_b = _at_once(lambda b=body: judge.call(venue.a, "POST", path, b),
                                        lambda b=body: judge.call(venue.b, "POST", path, b))
        assert (through_a.status, through_b.status) == (200, 200), (through_a.body,
                                                                    through_b.body)
        assert through_a.json() == through_b.json()
    card = Device().call(venue.b, "GET", f"/api/cards/{card_id}").json()
    for line in card["rounds"][:3]:
        assert line["recorded"] is True and line["revision"] == 1 and line["history"] == []
    assert [line["winner"] for line in card["rounds"][:3]] == [wind["E"], wind["S"], wind["W"]]


def test_distinct_writes_through_both_at_once_are_all_kept_once(venue):
    card_id, wind = _card(venue, 2)
    judge = _sign_in(venue, venue.b)
    path = f"/api/cards/{card_id}/penalties"
    bodies = [{"player": wind["ESWN"[n % 4]], "points": 5 + n, "reason": f"Penalty {n}",
               "op_id": str(uuid.uuid4())} for n in range(8)]
    replies = _at_once(*(lambda b=body, base=(venue.a, venue.b)[n % 2]:
                         judge.call(base, "POST", path, b) for n, body in enumerate(bodies)))
    assert [reply.status for reply in replies] == [200] * 8, [r.body for r in replies]
    # Each sent a second time through the other instance: replays, nothing new.
    replays = _at_once(*(lambda b=body, base=(venue.b, venue.a)[n % 2]:
                         judge.call(base, "POST", path, b) for n, body in enumerate(bodies)))
    assert [r.json()["penalty"] for r in replays] == [r.json()["penalty"] for r in replies]

    card = Device().call(venue.a, "GET", f"/api/cards/{card_id}").json()
    reasons = sorted(p["reason"] for p in card["penalties"])
    assert reasons == sorted(body["reason"] for body in bodies)
    assert len({r.json()["penalty"] for r in replies}) == 8
    penalised = {}
    for body in bodies:
        penalised[body["player"]] = penalised.get(body["player"], 0) + body["points"]
    assert {number: totals["penalties"] for number, totals in card["totals"].items()
            if totals["penalties"]} == {str(n): -p for n, p in penalised.items()}


def test_standings_read_on_b_follow_a_write_through_a(venue):
    card_id, wind = _card(venue, 3)
    judge, phone = _sign_in(venue, venue.a), Device()
    standings = f"/api/tournaments/{venue.demo['tournament_id']}/standings"

    def raw_of(reply: Reply) -> dict[int, int]:
        return {row["number"]: row["raw"] for row in reply.json()["standings"]}

    # Each of B's workers has the standings in hand (kept per data version) before the write.
    before = [raw_of(phone.call(venue.b, "GET", standings)) for _ in range(4)]
    assert all(seen == before[0] for seen in before)
    winner = wind["N"]
    written = judge.call(venue.a, "POST", f"/api/cards/{card_id}/rounds", _win(1, winner, 40))
    assert written.status == 200, written.body
    gained = written.json()["card"]["totals"][str(winner)]["total"]
    assert gained > 0
    for _ in range(4):
        after = raw_of(phone.call(venue.b, "GET", standings))
        assert after[winner] == (before[0][winner] or 0) + gained


def test_wrong_pins_through_both_instances_count_together(venue):
    phone = Device()
    assert phone.call(venue.a, "GET", "/login").status == 200  # the phone's device cookie
    assert phone.cookies.get("judgeaid_device")
    who = venue.demo["head_judge"]
    tid = venue.demo["tournament_id"]

    def attempt(base: str, pin: str) -> Reply:
        return phone.call(base, "POST", "/api/login",
                          {"tournament_id": tid, "name": who["name"], "pin": pin})

    wrong = who["pin"] + "0"
    statuses = [attempt((venue.a, venue.b)[n % 2], wrong).status for n in range(5)]
    assert statuses == [401] * 5
    # The sixth try is refused whichever instance it reaches, the right PIN included.
    for base, pin in ((venue.b, wrong), (venue.a, wrong), (venue.b, who["pin"])):
        refused = attempt(base, pin)
        assert refused.status == 429, refused.body
        assert int(refused.headers["Retry-After"]) > 0
    # Another phone is not held back by this one's lock.
    assert _sign_in(venue, venue.b, "head_judge").call(venue.a, "GET", "/api/me").json()[
        "user"]["name"] == who["name"]


def test_the_hall_clock_run_through_both_instances_is_one_clock(venue):
    tid = venue.demo["tournament_id"]
    staff = [_sign_in(venue, base, role) for base in (venue.a, venue.b)
             for role in ("organizer", "head_judge")]
    hall, path = Device(), f"/api/tournaments/{tid}/clock"
    held = hall.call(venue.b, "GET", path).headers["ETag"]
    kinds = []
    for action in ("start", "pause", "resume"):
        # The organizer and the head judge each press it on two phones at the same moment,
        # through both instances: the clock acts once, the other presses are refused.
        presses = _at_once(*(lambda device=device, base=base, action=action: device.call(
            base, "POST", path, {"action": action, "session": 1, "op_id": str(uuid.uuid4())})
            for device in staff for base in (venue.a, venue.b)))
        assert sorted(r.status for r in presses) == [200] + [409] * 7, [r.body for r in presses]
        kinds.append(action)
        for base in (venue.b, venue.a):
            seen = hall.call(base, "GET", path, headers={"If-None-Match": held})
            assert seen.status == 200
            assert [event["kind"] for event in seen.json()["session"]["events"]] == kinds
        held = seen.headers["ETag"]
    assert seen.json()["session"]["status"] == "running"
