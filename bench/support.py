"""The benchmark context: a migrated app with the demo, a live server, Chromium, probes."""

from __future__ import annotations

import contextlib
import gc
import io
import json
import os
import shutil
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from werkzeug.serving import WSGIRequestHandler, make_server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
PHONE = {"width": 360, "height": 740}
SW_READY_TIMEOUT_MS = 10_000


@dataclass
class Row:
    """One line of the benchmark table."""

    area: str
    measure: str
    figure: str
    target: str = ""
    baseline: str = ""
    verdict: str = ""
    note: str = ""


@dataclass
class Timing:
    """Median and 99th percentile of repeated runs, in milliseconds."""

    median_ms: float
    p99_ms: float
    runs: int


@dataclass
class Request:
    """One request seen by a page over CDP."""

    url: str
    type: str = ""
    transferred: int = 0  # encodedDataLength: compressed body plus response headers
    body: int | None = None  # Content-Length as sent, i.e. the compressed body
    encoding: str = ""
    from_service_worker: bool = False
    from_cache: bool = False
    failed: str = ""

    @property
    def went_to_network(self) -> bool:
        """Return True unless the service worker or the HTTP cache answered."""
        return not (self.from_service_worker or self.from_cache)


@dataclass
class PageWeight:
    """What a page costs on first load, and what its repeat visit offline asks the network."""

    path: str
    requests: list[Request]
    sw_requests: list[dict]  # fetched by the service worker itself (sw.js, precache)
    repeat_requests: list[Request] = field(default_factory=list)
    repeat_ready: bool = False  # the page rendered on the offline repeat visit
    controlled: bool = False  # a service worker controlled the repeat visit

    @property
    def transferred(self) -> int:
        """Return the bytes transferred on first load."""
        return sum(r.transferred for r in self.requests)

    @property
    def repeat_network(self) -> int:
        """Return how many repeat-visit requests went to the network."""
        return sum(r.went_to_network for r in self.repeat_requests)

    @property
    def sw_transferred(self) -> int:
        """Return the bytes the service worker's own fetches took from the network."""
        return sum(r["transferred"] for r in self.sw_requests)

    def as_json(self) -> dict:
        """Return the probe's findings as JSON-serialisable data."""
        return {
            "path": self.path,
            "transferred": self.transferred,
            "requests": [r.__dict__ for r in self.requests],
            "service_worker_requests": self.sw_requests,
            "repeat_offline": {"network_requests": self.repeat_network, "ready": self.repeat_ready,
                               "controlled": self.controlled,
                               "requests": [r.__dict__ for r in self.repeat_requests]},
        }


def kb(n_bytes: int) -> str:
    """Format a byte count in KB (1 KB = 1000 bytes)."""
    return f"{n_bytes / 1000:.1f} KB"


def ms(value: float) -> str:
    """Format milliseconds, saying "< 0.1 ms" rather than rounding to zero."""
    if value < 0.1:
        return "< 0.1 ms"
    return f"{value:.2f} ms" if value < 10 else f"{value:.0f} ms"


def verdict(ok: bool) -> str:
    """Return "ok" or "over"."""
    return "ok" if ok else "over"


def percentile(values: list[float], q: float) -> float:
    """Return the q-th percentile (0-100) of values, nearest-rank."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


class _QuietHandler(WSGIRequestHandler):
    def log_request(self, *args, **kwargs):
        pass


class LiveServer:
    """The app served over HTTP on a free loopback port, in a background thread."""

    def __init__(self, app):
        self.server = make_server("127.0.0.1", 0, app, threaded=True,
                                  request_handler=_QuietHandler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def start(self) -> LiveServer:
        """Start serving."""
        self.thread.start()
        return self

    def stop(self) -> None:
        """Stop serving."""
        self.server.shutdown()
        self.server.server_close()
        self.thread.join(5)


def database_url(tmp: Path) -> str:
    """Return the database the run measures: BENCH_DATABASE_URL (emptied first: a bench
    database only) when set, else a fresh SQLite file."""
    return os.environ.get("BENCH_DATABASE_URL") or f"sqlite:///{tmp / 'bench.sqlite'}"


def engine_url(url: str) -> str:
    """Return the URL as SQLAlchemy opens it: PostgreSQL through psycopg 3, the driver the app
    installs, named as judgeaid/config.py names it for DATABASE_URL (a postgres:// URL, or an
    older SQLAlchemy, would otherwise look for psycopg2)."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def create_postgres_database(url: str) -> None:
    """Create the PostgreSQL database the URL names unless it exists (a bench database only)."""
    import psycopg
    from psycopg import sql
    from sqlalchemy.engine import make_url

    given = make_url(url)
    admin = given.set(drivername="postgresql", database="postgres")
    with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True,
                         connect_timeout=5) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                            (given.database,)).fetchone():
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(given.database)))


def database_name(url: str) -> str:
    """Return the database's kind as the table's notes name it."""
    return "PostgreSQL" if url.startswith("postgres") else "SQLite"


def make_app(tmp: Path):
    """Create the app on a fresh database, migrate it and add the demo; return (app, demo)."""
    from flask_migrate import upgrade
    from sqlalchemy import text

    from judgeaid import create_app
    from judgeaid.demo import create_demo
    from judgeaid.extensions import db

    url = database_url(tmp)
    if database_name(url) == "PostgreSQL":
        create_postgres_database(url)
    app = create_app({"SQLALCHEMY_DATABASE_URI": engine_url(url), "SECRET_KEY": "bench"})
    gc.freeze()  # as app.py does for the served app
    # Alembic's env.py sets up INFO logging on stderr; keep the table alone on the terminal.
    with app.app_context(), contextlib.redirect_stderr(io.StringIO()):
        if database_name(url) == "PostgreSQL":
            with db.engine.begin() as conn:
                conn.execute(text("DROP SCHEMA public CASCADE"))
                conn.execute(text("CREATE SCHEMA public"))
        upgrade()
    with app.test_request_context():
        demo = create_demo()
        db.session.commit()
    return app, json.loads(json.dumps(demo))


class Context:
    """Everything a row module needs; build it once per run and close it at the end."""

    def __init__(self, quick: bool = False):
        self.quick = quick
        self.details: dict[str, Any] = {}
        self._tmp = Path(tempfile.mkdtemp(prefix="judgeaid-bench-"))
        self._playwright = None
        self._browser = None
        try:
            self.database = database_name(database_url(self._tmp))
            self.app, self.demo = make_app(self._tmp)
        except BaseException:
            shutil.rmtree(self._tmp, ignore_errors=True)
            raise
        self._server = LiveServer(self.app).start()
        self.url = self._server.url

    def __enter__(self) -> Context:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Close the browser, stop the server and delete the temporary database."""
        if self._browser is not None:
            self._browser.close()
        if self._playwright is not None:
            self._playwright.stop()
        self._server.stop()
        with self.app.app_context():
            from judgeaid.extensions import db

            db.engine.dispose()
        shutil.rmtree(self._tmp, ignore_errors=True)

    def reps(self, full: int, quick: int) -> int:
        """Return the repetition count for this run: `full`, or `quick` in a smoke run."""
        return quick if self.quick else full

    @property
    def browser(self):
        """Return headless Chromium, launching it on first use."""
        if self._browser is None:
            if not Path(CHROMIUM).exists():
                raise RuntimeError(f"Chromium is not at {CHROMIUM} (make chromium installs it)")
            from playwright.sync_api import sync_playwright

            self._playwright = sync_playwright().start()
            self._browser = self._playwright.chromium.launch(executable_path=CHROMIUM,
                                                             args=CHROMIUM_ARGS)
        return self._browser

    def new_context(self, **options):
        """Return a fresh browser context: phone viewport, service workers allowed."""
        options.setdefault("viewport", PHONE)
        options.setdefault("service_workers", "allow")
        return self.browser.new_context(**options)

    def timeit(self, fn: Callable[[], object], repeat: int | None = None) -> Timing:
        """Call fn once to warm up, then `repeat` times; return median and p99 in ms."""
        repeat = repeat or self.reps(50, 5)
        fn()
        samples = []
        for _ in range(repeat):
            started = time.perf_counter_ns()
            fn()
            samples.append((time.perf_counter_ns() - started) / 1e6)
        return Timing(statistics.median(samples), percentile(samples, 99), repeat)

    def page_weight(self, path: str, ready: str | None = None,
                    offline_repeat: bool = True) -> PageWeight:
        """Weigh path's first load in a fresh context, then count its offline repeat visit."""
        # First load: bytes (CDP Network.loadingFinished encodedDataLength) and requests made
        # by the page, after load and network idle. The service worker's own fetches (sw.js
        # and its precache) are listed apart. Repeat visit: once the service worker is ready,
        # the context goes offline and a new tab opens the page again; requests answered
        # neither by the service worker nor by the HTTP cache went to the network. `ready` is
        # a selector that shows the page has rendered; offline_repeat=False skips the visit.
        context = self.new_context()
        sw_requests: list[dict] = []

        def service_worker_fetch(request) -> None:
            if request.service_worker is None:
                return
            sizes = request.sizes()
            response = request.response()
            length = response.headers.get("content-length", "") if response else ""
            sw_requests.append({"url": self._short(request.url),
                                "reported": max(sizes["responseBodySize"], 0),
                                "headers": max(sizes["responseHeadersSize"], 0),
                                "body": int(length) if length.isdigit() else None})

        context.on("requestfinished", service_worker_fetch)
        try:
            page = context.new_page()
            requests = _watch_network(context, page)
            page.goto(self.url + path, wait_until="load")
            if ready:
                page.wait_for_selector(ready)
            page.wait_for_load_state("networkidle")
            has_worker = page.evaluate(
                """(ms) => 'serviceWorker' in navigator && window.isSecureContext
                    && Promise.race([navigator.serviceWorker.ready.then(() => true),
                                     new Promise((r) => setTimeout(() => r(false), ms))])""",
                SW_READY_TIMEOUT_MS)
            page.wait_for_timeout(250)  # let the last service-worker events arrive
            first = self._finish(requests)
            result = PageWeight(path, first, _sw_network(sw_requests, {r.url for r in first}))
            if has_worker and offline_repeat:
                context.set_offline(True)
                again = context.new_page()
                repeat = _watch_network(context, again)
                try:
                    again.goto(self.url + path, wait_until="load", timeout=15_000)
                    if ready:
                        again.wait_for_selector(ready, timeout=5_000)
                    result.repeat_ready = True
                except Exception:  # the page did not open offline; the count still tells
                    result.repeat_ready = False
                again.wait_for_timeout(250)
                result.controlled = bool(again.evaluate(
                    "() => !!navigator.serviceWorker && !!navigator.serviceWorker.controller"))
                result.repeat_requests = self._finish(repeat)
            return result
        finally:
            context.close()

    def _short(self, url: str) -> str:
        return url[len(self.url):] if url.startswith(self.url) else url

    def _finish(self, requests: dict[str, Request]) -> list[Request]:
        found = [r for r in requests.values() if not r.url.startswith(("data:", "blob:"))]
        for r in found:
            r.url = self._short(r.url)
        return found


def _sw_network(sw_requests: list[dict], page_urls: set[str]) -> list[dict]:
    """Mark each service-worker fetch with the bytes it took from the network."""
    # Chromium reports a body size for what came over the network and 0 for what the HTTP
    # cache answered (the static files the page had just loaded, immutable by URL). It also
    # reports 0 for the worker's own script, so a fetch of a URL the page never loaded counts
    # its Content-Length.
    for fetch in sw_requests:
        if fetch["reported"]:
            fetch["transferred"] = fetch["reported"] + fetch["headers"]
        elif fetch["url"] not in page_urls and fetch["body"]:
            fetch["transferred"] = fetch["body"] + fetch["headers"]
        else:
            fetch["transferred"] = 0
    return sw_requests


def _watch_network(context, page) -> dict[str, Request]:
    """Record the page's requests over a CDP session; return the dict that fills as it loads."""
    seen: dict[str, Request] = {}
    cdp = context.new_cdp_session(page)

    def will_be_sent(event) -> None:
        seen.setdefault(event["requestId"], Request(event["request"]["url"],
                                                    event.get("type", "")))

    def response(event) -> None:
        request = seen.get(event["requestId"])
        if request is None:
            return
        headers = {k.lower(): v for k, v in event["response"].get("headers", {}).items()}
        request.from_service_worker = bool(event["response"].get("fromServiceWorker"))
        request.from_cache = bool(event["response"].get("fromDiskCache")
                                  or event["response"].get("fromPrefetchCache"))
        request.encoding = headers.get("content-encoding", "")
        if headers.get("content-length", "").isdigit():
            request.body = int(headers["content-length"])

    def finished(event) -> None:
        if event["requestId"] in seen:
            seen[event["requestId"]].transferred = int(event.get("encodedDataLength", 0))

    def failed(event) -> None:
        if event["requestId"] in seen:
            seen[event["requestId"]].failed = event.get("errorText", "failed")

    def served_from_cache(event) -> None:
        if event["requestId"] in seen:
            seen[event["requestId"]].from_cache = True

    cdp.on("Network.requestWillBeSent", will_be_sent)
    cdp.on("Network.responseReceived", response)
    cdp.on("Network.loadingFinished", finished)
    cdp.on("Network.loadingFailed", failed)
    cdp.on("Network.requestServedFromCache", served_from_cache)
    cdp.send("Network.enable")
    return seen
