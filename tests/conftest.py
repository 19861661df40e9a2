"""Fixtures: the app on a real database (SQLite file, or TEST_DATABASE_URL), clients, browser."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from sqlalchemy import text
from werkzeug.serving import make_server

from judgeaid import create_app
from judgeaid.config import _database_url
from judgeaid.extensions import db

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]


def database_url_for(tmp_path: Path) -> str:
    """Return the test database: TEST_DATABASE_URL (PostgreSQL) or a fresh SQLite file."""
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        os.environ["DATABASE_URL"] = url
        try:
            return _database_url("")
        finally:
            del os.environ["DATABASE_URL"]
    return "sqlite:///" + str(tmp_path / "test.sqlite")


def is_postgres() -> bool:
    """Return True when the suite runs against PostgreSQL."""
    return bool(os.environ.get("TEST_DATABASE_URL"))


def reset_schema() -> None:
    """Drop every table (including Alembic's) and create the models' tables."""
    db.drop_all()
    with db.engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    db.create_all()


@pytest.fixture
def app(tmp_path):
    app = create_app({
        "TESTING": True,
        "SQLALCHEMY_DATABASE_URI": database_url_for(tmp_path),
        "WTF_CSRF_ENABLED": False,
        "SERVER_NAME": None,
    })
    with app.app_context():
        reset_schema()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture
def runner(app):
    return app.test_cli_runner()


@pytest.fixture
def demo(app):
    """Create the demo tournament (32 players, session 1 seated); return the demo JSON."""
    from judgeaid.demo import create_demo

    with app.test_request_context():
        result = create_demo(32, 7)
        db.session.commit()
    return json.loads(json.dumps(result))


def login(client, demo, role: str = "judge"):
    """Sign a test client in as the demo's organizer, head judge or judge."""
    who = demo[role]
    response = client.post("/api/login", json={"tournament_id": demo["tournament_id"],
                                                "name": who["name"], "pin": who["pin"]})
    assert response.status_code == 200, response.get_json()
    return client


class LiveServer:
    """The app served over HTTP on a free loopback port, in a background thread."""

    def __init__(self, app):
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
    with LiveServer(app) as server:
        yield server


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (make test installs Debian's chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, service_workers="allow")
    yield ctx
    ctx.close()


@pytest.fixture
def page(context):
    return context.new_page()
