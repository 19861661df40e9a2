"""Configuration; the only module that reads the environment."""

from __future__ import annotations

import os
from pathlib import Path

from judgeaid.values import whole_number


def _database_url(instance_path: str) -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        # SQLAlchemy wants the psycopg 3 driver named explicitly.
        if url.startswith("postgres://"):
            url = "postgresql://" + url[len("postgres://"):]
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://"):]
        return url
    return "sqlite:///" + str(Path(instance_path) / "judgeaid.sqlite")


def _count_of(variable: str, default: int = 0) -> int:
    value = os.environ.get(variable, "").strip() or str(default)
    number = whole_number(value)
    if number is None or number < 0:
        raise ValueError(f"{variable} must be a whole number (0 or more), not {value!r}.")
    return number


def serving_address() -> tuple[str, str]:
    """Return the host and port `make run` binds (HOST, PORT), as `flask where` reports them."""
    return os.environ.get("HOST", "127.0.0.1").strip(), os.environ.get("PORT", "5000").strip()


class Config:
    """Settings for serving the app."""

    SECRET_KEY = os.environ.get("SECRET_KEY")
    # No `pool_pre_ping`: judgeaid.connections asks only a connection that may be stale.
    SESSION_COOKIE_HTTPONLY = True
    SESSION_COOKIE_SAMESITE = "Lax"
    # Also Secure whenever a request arrives over HTTPS or PUBLIC_BASE_URL is https
    # (judgeaid.signin); this forces it for every request.
    SESSION_COOKIE_SECURE = os.environ.get("SESSION_COOKIE_SECURE") == "1"
    # A sign-in ends after 12 hours without use. The cookie carries when it was last seen,
    # refreshed at most every 5 minutes, so no request writes to the database for it.
    PERMANENT_SESSION_LIFETIME = 12 * 60 * 60
    # Only then is the cookie sent again (Flask would send it with every answer otherwise,
    # and an answer to a request made before signing out would bring the old cookie back).
    SESSION_REFRESH_EACH_REQUEST = False
    SESSION_IDLE_SECONDS = 12 * 60 * 60
    SESSION_SEEN_REFRESH_SECONDS = 5 * 60
    # How many reverse proxies stand in front of the app (0: none). Only then are their
    # X-Forwarded-For and X-Forwarded-Proto headers believed.
    TRUST_PROXIES = _count_of("TRUST_PROXIES")
    WTF_CSRF_TIME_LIMIT = None
    MAX_CONTENT_LENGTH = 2 * 1024 * 1024
    # Absolute URLs printed in QR codes; falls back to the request's host.
    PUBLIC_BASE_URL = os.environ.get("PUBLIC_BASE_URL", "")
    # Per name and source (device or address); see judgeaid.services.throttle for the cap
    # per name over all sources and why it is safe.
    LOGIN_FAILURES_ALLOWED = 5
    LOGIN_WINDOW_SECONDS = 15 * 60
    LOGIN_ACCOUNT_FAILURES_ALLOWED = 20
    LOGIN_ACCOUNT_WINDOW_SECONDS = 24 * 60 * 60
    # Per address and per device across every name (issue 28): a flood of made-up names
    # from one source stops here (judgeaid.services.throttle). The window is short: guessing
    # is bounded per name above; this bounds the work a flood makes, and a phone sharing the
    # flood's address (a hotspot) waits minutes, not a quarter of an hour.
    LOGIN_ADDRESS_FAILURES_ALLOWED = 50
    LOGIN_DEVICE_FAILURES_ALLOWED = 10
    LOGIN_BUDGET_WINDOW_SECONDS = 5 * 60
    # New call-ups one phone (address, device) may make across tables in a window.
    CALL_UPS_PER_SOURCE = 3
    CALL_UP_WINDOW_SECONDS = 10 * 60
    # How many JSON API writes one server process runs at once; one more is answered 503
    # with Retry-After: 1 and the phone's outbox sends it again (judgeaid.writeturns). 0: no
    # limit. One: a second write in a process slows every poll it serves (issue 31).
    WRITES_AT_ONCE = _count_of("JUDGEAID_WRITES_AT_ONCE", default=1)
    # The time zone a new tournament starts with (an IANA name, e.g. Europe/Copenhagen);
    # empty: the server's own zone, else UTC (judgeaid.venuetime.server_zone).
    DEFAULT_TIME_ZONE = os.environ.get("JUDGEAID_TIME_ZONE", "")
    # The live card's JSON and page are built once per data version and shared by every
    # worker and instance (judgeaid.viewcache): in Redis when REDIS_URL is set, else in the
    # database. JUDGEAID_CARD_CACHE=off builds them afresh for every request (the benchmark's
    # baseline).
    REDIS_URL = os.environ.get("REDIS_URL", "")
    CARD_VIEW_CACHE = os.environ.get("JUDGEAID_CARD_CACHE", "on").strip().lower() != "off"
    # Automatic backups during an event (judgeaid.services.autobackup): the folder (empty:
    # <instance>/backups), a second folder that must already exist (a USB stick, a shared
    # folder; empty: none), how many 15-minute backups each tournament keeps (every
    # posted-session backup is kept); BACKUP_AUTOMATIC=0 turns them off, BACKUP_SCHEDULER=0
    # keeps only the ones after a posted session.
    BACKUP_AUTOMATIC = os.environ.get("BACKUP_AUTOMATIC", "1") != "0"
    BACKUP_DIR = os.environ.get("BACKUP_DIR", "")
    BACKUP_SECOND_PATH = os.environ.get("BACKUP_SECOND_PATH", "")
    BACKUP_PERIOD_SECONDS = 15 * 60
    BACKUP_PERIODIC_KEEP = 8
    BACKUP_SCHEDULER = os.environ.get("BACKUP_SCHEDULER", "1") != "0"
    # Each backup is written by a child process at low priority, off the workers' GIL; the
    # request that posted a session waits this long for its backup, then lets it finish alone.
    BACKUP_IN_CHILD = True
    BACKUP_POSTED_WAIT_SECONDS = 10

    @staticmethod
    def database_url(instance_path: str) -> str:
        """Return the database URL: DATABASE_URL or SQLite in the instance folder."""
        return _database_url(instance_path)


class TestConfig(Config):
    """Settings for the test suite."""

    TESTING = True
    SECRET_KEY = "test-secret"
    DEFAULT_TIME_ZONE = "UTC"  # the same default on every machine that runs the tests
    # Off: a test that wants them turns them on with a folder of its own, and runs the
    # periodic ones itself (autobackup.run_due at a time it names).
    BACKUP_AUTOMATIC = False
    BACKUP_SCHEDULER = False
    BACKUP_IN_CHILD = False  # a child cannot see a test's uncommitted rows
    BACKUP_DIR = ""
    BACKUP_SECOND_PATH = ""
    WRITES_AT_ONCE = 0  # a test that wants write turns sets them (tests/cards/test_write_turns.py)
    WTF_CSRF_ENABLED = True
