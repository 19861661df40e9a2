"""Fixtures: the app on a real database (SQLite, or TEST_DATABASE_URL), clients, browser.

This file imports neither Flask nor SQLAlchemy at the top, so the pure core's tests
(tests/rules, tests/tournament) run without them; fixtures import the app when used.

The schema, and the seated demo tournament, are built once per session (tests/databases.py).
A test runs inside a transaction rolled back at its end, its commits being savepoints; a test
that needs real commits (a live server, threads, DDL) gets its own copy of the database.
"""

from __future__ import annotations

import copy
import os
import threading
from pathlib import Path

import pytest

pytest.register_assert_rewrite("tests.factories", "tests.browser.pages", "tests.rules.expect",
                               "tests.printing")

from tests import databases  # noqa: E402  (after the assert rewriting is registered)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
# Fixtures whose tests reach the database from another thread or connection than the test's.
COMMITTING_FIXTURES = {"live_server"}

# accounts.PIN_HASH_METHOD as the app is served, before pytest_configure lowers it.
SERVED_PIN_HASH_METHOD = pytest.StashKey[str]()

database_url_for = databases.database_url_for
reset_schema = databases.reset_schema


def is_postgres() -> bool:
    """Return True when the suite runs against PostgreSQL."""
    return bool(os.environ.get("TEST_DATABASE_URL"))


def pytest_configure(config):
    """Make the web stack cheaper to test where it is installed."""
    try:
        from werkzeug import security
    except ImportError:  # the pure core's tests run without the web stack
        pass
    else:
        from judgeaid.services import accounts

        # PINs and the owner's password are hashed with scrypt at a cost fit for tests (a
        # served sign-in costs 13 ms of CPU, the owner's 63 ms); the hash is checked the
        # same way, with the parameters stored in it.
        security.generate_password_hash.__defaults__ = ("scrypt:1024:8:1", 16)
        config.stash[SERVED_PIN_HASH_METHOD] = accounts.PIN_HASH_METHOD
        accounts.PIN_HASH_METHOD = "scrypt:1024:8:1"


@pytest.fixture
def full_cost_pins(monkeypatch, pytestconfig):
    """Hash PINs made from here on at the app's own scrypt cost (list it before `app`)."""
    from werkzeug import security

    from judgeaid.services import accounts

    monkeypatch.setattr(security.generate_password_hash, "__defaults__", ("scrypt", 16))
    monkeypatch.setattr(accounts, "PIN_HASH_METHOD", pytestconfig.stash[SERVED_PIN_HASH_METHOD])


@pytest.fixture(scope="session")
def templates(tmp_path_factory):
    """The databases built once: an empty schema, and one with the seated demo."""
    templates = databases.Templates(tmp_path_factory.mktemp("templates"))
    yield templates
    templates.close()


@pytest.fixture
def app(request, tmp_path, templates):
    """The app on a database of its own for this test: empty, or with the demo if asked."""
    with_demo = "demo" in request.fixturenames
    if (request.node.get_closest_marker("committed") is not None
            or not COMMITTING_FIXTURES.isdisjoint(request.fixturenames)):
        app = databases.make_app(templates.copy_for(tmp_path, with_demo))
        with databases.committed_database(app):
            yield app
        return
    app = templates.shared_app(with_demo)
    config = dict(app.config)
    try:
        with databases.rolled_back(app):
            yield app
    finally:
        app.config.clear()
        app.config.update(config)


@pytest.fixture
def app_built_with(tmp_path, templates):
    """Make the app with settings it reads only when it is built (TRUST_PROXIES), on a copy
    of the empty database; settings read per request are changed on `app`'s config instead.

    A test asks for this or for `app`, not both.
    """
    made = []

    def make(**config):
        assert not made, "one app per test"
        made.append(databases.make_app(templates.copy_for(tmp_path, False), **config))
        return made[0]

    yield make
    for app in made:
        with databases.committed_database(app):
            pass


@pytest.fixture
def client(app):
    """A test client of the app."""
    return app.test_client()


@pytest.fixture
def runner(app):
    """A CLI runner of the app."""
    return app.test_cli_runner()


@pytest.fixture
def demo(app, templates):
    """The demo tournament (32 players, session 1 seated), already in the app's database:
    return the demo JSON."""
    return copy.deepcopy(templates.demo)


def login(client, demo, role: str = "judge"):
    """Sign a test client in as the demo's organizer, head judge or judge."""
    who = demo[role]
    response = client.post("/api/login", json={"tournament_id": demo["tournament_id"],
                                                "name": who["name"], "pin": who["pin"]})
    assert response.status_code == 200, response.get_json()
    return client


@pytest.fixture
def judge(client, demo):
    """The test client, signed in as the demo's judge."""
    return login(client, demo, "judge")


@pytest.fixture
def organizer(client, demo):
    """The test client, signed in as the demo's organizer."""
    return login(client, demo, "organizer")


@pytest.fixture
def head_judge(client, demo):
    """The test client, signed in as the demo's head judge."""
    return login(client, demo, "head_judge")


class LiveServer:
    """The app served over HTTP on a free loopback port, in a background thread."""

    def __init__(self, app):
        from werkzeug.serving import make_server

        if app.extensions.get(databases.ROLLED_BACK):
            raise RuntimeError("A live server answers from other threads, which cannot share "
                               "the test's transaction: mark the test @pytest.mark.committed "
                               "(the live_server fixture does it by itself).")
        self.app = app
        self.server = make_server("127.0.0.1", 0, app, threaded=True)
        # Track request threads so teardown can let requests in flight finish first.
        self.server.daemon_threads = False
        self.server.block_on_close = True
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.thread.join(5)
        # A request still running would hold a database connection past the test; give it
        # a moment (a browser's idle keep-alive connection is simply left behind).
        threads = getattr(self.server, "_threads", None)
        for thread in list(threads) if isinstance(threads, list) else []:
            thread.join(2)
        self.server.block_on_close = False
        self.server.server_close()


@pytest.fixture
def live_server(app):
    """The app served over HTTP while the test runs."""
    with LiveServer(app) as server:
        yield server


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium, started once per session."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (make test installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser):
    """A fresh browser context sized like a phone."""
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="allow")
    yield ctx
    close_context(ctx)


def close_context(ctx) -> None:
    """Close a browser context after leaving its pages: back online, each page on a blank
    document, so no service worker fetch or page request is left running. (Closing a context
    whose worker was busy after an offline test hung for 10 minutes once.)"""
    try:
        ctx.set_offline(False)
        for tab in ctx.pages:
            tab.goto("about:blank", timeout=5000)
    except Exception:  # a page that will not leave is closed with its context anyway
        pass
    ctx.close()


@pytest.fixture
def page(context):
    """A page in the test's browser context."""
    return context.new_page()
