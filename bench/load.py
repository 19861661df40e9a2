"""Load rows: the hall at session start against gunicorn as `make run` starts it (issue 17).

Phones and judges are simulated with asyncio and aiohttp on this machine, against a real
gunicorn (2 workers x 4 threads, as the Makefile's run target) on a database of the load's
own: PostgreSQL when it answers, else SQLite. Five runs, each against a freshly started
gunicorn on the same 400-player demo:

  herd         1,600 phones (16 per card) make their first visit (the card's JSON with no
               ETag, and /api/time) at a random moment within 5 s, then poll both every 5 s
               with If-None-Match, as static/js/card.js does
  slips        each of the 400 players scans their seating slip within 5 s: their own page
               (/p/<token>), then the live card page it links to (the shell every reader
               shares), then the card's JSON and /api/time as the page's script does; then
               the polls
  herd, uncached
               the same, with JUDGEAID_CARD_CACHE=off: the baseline read path
  steady hall  400 phones polling and 100 signed-in judges recording a round every 20-40 s;
               in the middle of it, the sign-in burst: 100 judges sign in at the same moment

Every request's start, kind, time and status is kept; the rows report p50/p99 per kind,
requests per second and errors (any answer but 2xx/304, or no answer). The per-second series
go to bench/out/load.json. The load generator's own CPU seconds and the event loop's lag are
in the notes: a saturated generator would make the server look slower than it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import io
import json
import os
import random
import secrets
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections import Counter, defaultdict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from bench.support import Context, Row, ms, percentile, verdict

AREA = "load"
ROOT = Path(__file__).resolve().parent.parent
SERIES = Path(__file__).resolve().parent / "out" / "load.json"
DEFAULT_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"
# The Makefile's run target, less its access log (2 workers x 4 threads: gthread)
GUNICORN = ["-m", "gunicorn", "--workers", "2", "--threads", "4"]
POLL_S = 5.0  # static/js/card.js POLL_MS: the next poll 4-6 s after the last one answered
POLL_SPREAD = 0.2  # ... POLL_MS × (1 ± POLL_SPREAD), drawn afresh for every poll
REQUEST_TIMEOUT_S = 30.0
HERD_FIRST_MAX_MS = 1000.0  # issue 17: 1,600 phones opening their cards within 5 s, p99 < 1 s
STEADY_MAX_MS = 50.0  # issue 17: then steady p99 < 50 ms
BURST_HALL_MAX_MS = 300.0  # issue 17: 100 simultaneous sign-ins leave the hall's p99 < 300 ms
JUDGE_PIN_BASE = 700_000


@dataclass(frozen=True)
class Plan:
    """The sizes and times of one run: the full one, or the smoke run's."""

    players: int
    herd_per_card: int  # phones per card in the herd
    herd_spread_s: float  # every phone's first visit falls within this
    herd_steady_s: tuple[float, float]  # the polls after the herd settles
    slips_s: float  # the slips' run: the first visits, then polls till this
    hall_per_card: int
    hall_steady_s: tuple[float, float]
    burst_at_s: float
    hall_s: float  # the hall runs this long (the burst's last sign-in may answer later)
    write_every_s: tuple[float, float]  # a judge records a round every 20-40 s

    @property
    def tables(self) -> int:
        """Return the number of tables (one card each) in session 1."""
        return self.players // 4


FULL = Plan(players=400, herd_per_card=16, herd_spread_s=5.0, herd_steady_s=(15.0, 45.0),
            slips_s=20.0, hall_per_card=4, hall_steady_s=(5.0, 45.0), burst_at_s=45.0, hall_s=75.0,
            write_every_s=(20.0, 40.0))
QUICK = Plan(players=40, herd_per_card=16, herd_spread_s=2.0, herd_steady_s=(6.0, 12.0),
             slips_s=8.0, hall_per_card=4, hall_steady_s=(2.0, 8.0), burst_at_s=8.0, hall_s=14.0,
             write_every_s=(3.0, 6.0))


# ---------------------------------------------------------------- the database and the server

def own_postgres(suffix: str = "load") -> tuple[str | None, str]:
    """Return the URL of the load's own PostgreSQL database, emptied, or None and why not
    (`suffix` names it: another module's run against gunicorn has one of its own)."""
    import psycopg
    from psycopg import sql
    from sqlalchemy.engine import make_url

    given = os.environ.get("BENCH_DATABASE_URL")
    server = make_url(given or DEFAULT_SERVER)
    if server.get_backend_name() != "postgresql":
        return None, "BENCH_DATABASE_URL is not PostgreSQL"
    # A database beside the one the other rows use: emptying that one would pull it from
    # under ctx.app, which the rest of the run still serves.
    name = f"{server.database}_{suffix}" if given else f"judgeaid_{suffix}"
    admin = server.set(drivername="postgresql", database="postgres")
    own = server.set(drivername="postgresql", database=name)
    try:
        with psycopg.connect(admin.render_as_string(hide_password=False), autocommit=True,
                             connect_timeout=3) as conn:
            if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s",
                                (name,)).fetchone():
                conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
        with psycopg.connect(own.render_as_string(hide_password=False), autocommit=True,
                             connect_timeout=3) as conn:
            # A server left over from a crashed run would hold it: say so rather than wait.
            conn.execute("SET lock_timeout = '10s'")
            conn.execute("DROP SCHEMA IF EXISTS public CASCADE")
            conn.execute("CREATE SCHEMA public")
    except psycopg.Error as error:
        first = str(error).strip().splitlines()[0] if str(error).strip() else ""
        return None, f"PostgreSQL at {server.host}:{server.port or 5432}: {first}"
    return own.render_as_string(hide_password=False), ""


@dataclass
class Setup:
    """The load's database with the demo and its judges, as the server and the phones see it."""

    database_url: str  # DATABASE_URL for gunicorn
    database: str  # "PostgreSQL (judgeaid_load)" or "SQLite", for the notes
    database_name: str | None  # PostgreSQL's name of the database; None on SQLite
    tournament_id: int
    cards: list[str]  # each card's JSON path, /api/cards/<id>, by table
    players: dict[str, list[str]]  # card's JSON path -> its seated players' pages, /p/<token>
    judges: list[tuple[str, str]]  # (name, PIN), judge i keeps card i
    organizer: tuple[str, str]  # the demo's organizer: (name, PIN)
    secret_key: str
    seconds: float


def set_up(plan: Plan, tmp: Path, suffix: str = "load") -> Setup:
    """Migrate the load's database, add the demo and one judge per table; return what it is
    (`suffix`: the PostgreSQL database's, see own_postgres)."""
    from flask_migrate import upgrade
    from sqlalchemy import select
    from sqlalchemy.engine import make_url

    from judgeaid import create_app
    from judgeaid.demo import create_demo
    from judgeaid.extensions import db
    from judgeaid.models import Card, Player, Seat, Tournament
    from judgeaid.services.accounts import add_user

    started = time.perf_counter()
    url, why_not = own_postgres(suffix)
    if url:
        database_name = make_url(url).database
        database = f"PostgreSQL ({database_name})"
        engine_url = make_url(url).set(drivername="postgresql+psycopg").render_as_string(
            hide_password=False)
    else:
        url = engine_url = f"sqlite:///{tmp / f'{suffix}.sqlite'}"
        database_name, database = None, f"SQLite ({why_not})"
    secret_key = secrets.token_hex(16)
    app = create_app({"SQLALCHEMY_DATABASE_URI": engine_url, "SECRET_KEY": secret_key})
    # What `flask db upgrade` and `flask demo --players N` do, without writing the demo's
    # JSON over instance/demo.json, which `make run` shows.
    with app.app_context(), contextlib.redirect_stderr(io.StringIO()):
        upgrade()
    with app.test_request_context():
        demo = create_demo(plan.players)
        tournament = db.session.get(Tournament, demo["tournament_id"])
        judges = [(f"Load Judge {i:03}", str(JUDGE_PIN_BASE + i)) for i in range(plan.tables)]
        for name, pin in judges:
            add_user(tournament, name, "judge", pin, actor="setup")
        db.session.commit()
        seated = db.session.execute(
            select(Card.id, Player.token).join(Seat, Seat.table_id == Card.table_id)
            .join(Player, Player.id == Seat.player_id)
            .where(Card.tournament_id == tournament.id).order_by(Card.id, Seat.position)).all()
    with app.app_context():
        db.engine.dispose()
    cards = [card["api"] for card in sorted(demo["cards"], key=lambda c: c["table"])]
    players: dict[str, list[str]] = defaultdict(list)
    for card_id, token in seated:
        players[f"/api/cards/{card_id}"].append(f"/p/{token}")
    if os.environ.get("REDIS_URL"):  # gunicorn inherits it: the app's caches live there
        database += " and Redis (REDIS_URL)"
    organizer = (demo["organizer"]["name"], demo["organizer"]["pin"])
    return Setup(url, database, database_name, demo["tournament_id"], cards, dict(players),
                 judges, organizer, secret_key, time.perf_counter() - started)


def free_port() -> int:
    """Return a loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _ticks(pid: int) -> tuple[int, int, int]:
    """Return (user+system ticks, children's ticks, parent pid) of a process from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    # After the name: state, ppid, ..., utime (14th field of the line), stime, cutime, cstime
    return int(fields[11]) + int(fields[12]), int(fields[13]) + int(fields[14]), int(fields[1])


class Gunicorn:
    """gunicorn serving app:app as `make run` starts it, on a free port, logging to a file."""

    def __init__(self, setup: Setup, log: Path, extra_env: dict[str, str] | None = None):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        env = {**os.environ, "DATABASE_URL": setup.database_url,
               "SECRET_KEY": setup.secret_key, **(extra_env or {})}
        for name in ("FLASK_APP", "FLASK_DEBUG"):
            env.pop(name, None)
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, *GUNICORN, "--bind", f"127.0.0.1:{self.port}", "app:app"],
                cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
        self._wait_ready()

    def _wait_ready(self, timeout_s: float = 90.0) -> None:
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited ({self.process.returncode}): "
                                   f"{self.log_tail()}")
            try:
                with urllib.request.urlopen(self.url + "/api/time", timeout=5) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"gunicorn did not answer within {timeout_s:.0f} s: {self.log_tail()}")

    def log_tail(self, chars: int = 400) -> str:
        """Return the end of gunicorn's log, on one line."""
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return " | ".join(text[-chars:].strip().splitlines())

    def cpu_seconds(self) -> float:
        """Return the CPU seconds the master and its workers have used so far."""
        tick = os.sysconf("SC_CLK_TCK")
        master = self.process.pid
        total = sum(_ticks(master)[:2])  # children's: workers that have exited
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                with contextlib.suppress(OSError, IndexError, ValueError):
                    own, _, parent = _ticks(int(entry.name))
                    if parent == master:
                        total += own
        return total / tick

    def stop(self) -> None:
        """Stop gunicorn (SIGTERM: a graceful shutdown) and wait for it."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


def _postgres_ticks(database: str | None) -> dict[int, int] | None:
    """Return the CPU ticks of each PostgreSQL backend serving the database, by pid."""
    # None on SQLite, whose work is done inside gunicorn's own processes.
    if not database:
        return None
    found: dict[int, int] = {}
    title = f" {database} ".encode()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                # A backend's title: "postgres: 15/main: postgres judgeaid_load 127.0.0.1(...)"
                line = (entry / "cmdline").read_bytes().replace(b"\0", b" ") + b" "
                if line.startswith(b"postgres: ") and title in line:
                    found[int(entry.name)] = _ticks(int(entry.name))[0]
    return found


@dataclass
class Cpu:
    """CPU seconds used so far: the generator, gunicorn, its PostgreSQL backends, the host."""

    generator: float
    server: float
    database: dict[int, int] | None  # ticks by backend pid; None on SQLite
    host_busy: float  # every process on the host, all CPUs
    host_total: float  # the host's CPU seconds available so far (busy and idle)

    @classmethod
    def now(cls, server: Gunicorn, database: str | None) -> Cpu:
        """Take the snapshot."""
        tick = os.sysconf("SC_CLK_TCK")
        values = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
        idle = values[3] + values[4]  # idle, iowait
        return cls(time.process_time(), server.cpu_seconds(), _postgres_ticks(database),
                   (sum(values) - idle) / tick, sum(values) / tick)

    def since(self, before: Cpu) -> dict[str, float]:
        """Return the CPU seconds each used between the two snapshots, and everything else."""
        tick = os.sysconf("SC_CLK_TCK")
        used = {"generator": self.generator - before.generator,
                "gunicorn": self.server - before.server}
        if self.database is not None and before.database is not None:
            used["postgresql"] = sum(t - before.database.get(pid, 0)
                                     for pid, t in self.database.items()) / tick
        busy = self.host_busy - before.host_busy
        return {**used, "other": max(0.0, busy - sum(used.values())), "host_busy": busy,
                "host_capacity": self.host_total - before.host_total}


# ---------------------------------------------------------------- the load generator

@dataclass(slots=True)
class Sample:
    """One request: when it started (s into the run), its kind, its time and status."""

    start: float
    kind: str
    ms: float
    status: int  # 0: no answer (an exception, in `error`)
    error: str = ""

    @property
    def failed(self) -> bool:
        """Return True unless the answer was 2xx or 304 (the "busy" tries of a sign-in or a
        write, which the phone repeats by itself, are counted apart; the sign-in's or the
        write's own sample says how it ended)."""
        if self.kind.endswith(" try") and self.status == 503:
            return False
        return not (200 <= self.status < 300 or self.status == 304)


@dataclass
class Answer:
    """What a simulated client keeps of a response."""

    status: int
    etag: str | None = None
    cookies: dict[str, str] = field(default_factory=dict)
    body: bytes = b""


class Hall:
    """The clients of one run: one aiohttp session, every request timed and kept."""

    def __init__(self, session, base: str):
        self.session = session
        self.base = base
        self.samples: list[Sample] = []
        self.busy = 0  # tries answered 503 "busy" and made again, as a phone does
        self.t0 = time.perf_counter()

    def now(self) -> float:
        """Return the seconds since the run started."""
        return time.perf_counter() - self.t0

    async def until(self, at: float) -> None:
        """Sleep until `at` seconds into the run."""
        await asyncio.sleep(max(0.0, at - self.now()))

    async def request(self, kind: str, method: str, path: str, *, headers=None,
                      json_body=None) -> Answer:
        """Make one request, read its whole body and keep its sample."""
        import aiohttp

        start = self.now()
        try:
            async with self.session.request(method, self.base + path, headers=headers,
                                            json=json_body) as response:
                body = await response.read()
                answer = Answer(response.status, response.headers.get("ETag"),
                                {k: m.value for k, m in response.cookies.items()}, body)
            error = ""
        except (aiohttp.ClientError, TimeoutError) as exc:
            answer, error = Answer(0), type(exc).__name__
        self.samples.append(Sample(start, kind, (self.now() - start) * 1000, answer.status,
                                   error))
        return answer


def run_in_own_loop(work):
    """Run a coroutine to its end in a thread of its own: a module run before this one in the
    same `make bench` (Playwright's sync API) may have left an event loop on this thread,
    where asyncio.run refuses to start."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, work).result()


async def phone(hall: Hall, card: str, first_at: float, stop_at: float,
                player: str | None = None, rng: random.Random | None = None) -> None:
    """At `first_at`, open the card's data and the clock, as the card page's script does; then
    poll both every 5 s. A `player` comes from their slip: first their own page (the slip's
    QR code), then the card's page it links to (the shell), then the data."""
    await hall.until(first_at)
    if player:
        await hall.request("player first", "GET", player)
        await hall.request("page first", "GET", card.replace("/api/cards/", "/cards/", 1))
    answer, _ = await asyncio.gather(hall.request("card first", "GET", card),
                                     hall.request("time first", "GET", "/api/time"))
    etag = answer.etag if answer.status == 200 else None
    rng = rng or random.Random(first_at)
    while True:
        wait = POLL_S * rng.uniform(1 - POLL_SPREAD, 1 + POLL_SPREAD)
        if hall.now() + wait >= stop_at:
            break
        await asyncio.sleep(wait)
        answer, _ = await asyncio.gather(
            hall.request("card poll", "GET", card,
                         headers={"If-None-Match": etag} if etag else None),
            hall.request("time poll", "GET", "/api/time"))
        if answer.status == 200:
            etag = answer.etag


def round_body(number: int, players: list[int]) -> dict:
    """Return round `number`'s line: a washout or a win by discard, valid in Zung Jung."""
    if number % 2:
        return {"round": number, "result": "draw"}
    winner, discarder = players[number % 4], players[(number + 1) % 4]
    return {"round": number, "result": "win", "win": "discard", "winner": winner,
            "discarder": discarder, "value": 25}


@dataclass
class Judge:
    """A judge with a signed-in cookie, keeping one card."""

    name: str
    pin: str
    card: str
    cookie: str = ""
    players: list[int] = field(default_factory=list)
    rounds: int = 0  # how many rounds the card has
    next_round: int = 1
    written: int = 0


async def sign_in(hall: Hall, tournament_id: int, judge: Judge, kind: str) -> Answer:
    """Sign the judge in from a fresh client (no cookies); return the answer."""
    return await hall.request(kind, "POST", "/api/login", json_body={
        "tournament_id": tournament_id, "name": judge.name, "pin": judge.pin})


BUSY_TRIES = 30  # a phone gives up after this many "busy" answers


async def until_let_in(hall: Hall, kind: str, send, spread: float,
                       rng: random.Random) -> Answer:
    """Make a request as a phone does when the server says "busy": each 503 is sent again
    after its Retry-After (1 s) and up to `spread` as long again. `send(kind)` makes one try.
    Kept as one `kind` sample from the tap to the answer that ends it, each try as a
    "<kind> try" sample, each retry counted in hall.busy."""
    start = hall.now()
    answer = Answer(0)
    for _ in range(BUSY_TRIES):
        answer = await send(f"{kind} try")
        if answer.status != 503:
            break
        hall.busy += 1
        await asyncio.sleep(1.0 + rng.uniform(0.0, spread))
    hall.samples.append(Sample(start, kind, (hall.now() - start) * 1000, answer.status))
    return answer


async def sign_in_patiently(hall: Hall, tournament_id: int, judge: Judge,
                            rng: random.Random) -> None:
    """Sign the judge in as the sign-in page does (static/js/signin.js): a "busy" answer is
    tried again after its Retry-After and up to as long again."""
    await until_let_in(hall, "sign-in",
                       lambda kind: sign_in(hall, tournament_id, judge, kind), spread=1.0,
                       rng=rng)


async def write_patiently(hall: Hall, kind: str, path: str, cookie: str, body: dict,
                          rng: random.Random) -> Answer:
    """Send a write as the phone's outbox does (static/js/outbox.js), with the same op_id
    each time: a "busy" answer after its Retry-After and up to half as long again, a try
    with no answer at all once more."""

    async def send_twice_if_silent(try_kind: str) -> Answer:
        answer = await hall.request(try_kind, "POST", path, headers={"Cookie": cookie},
                                    json_body=body)
        if answer.status:
            return answer
        return await hall.request(try_kind, "POST", path, headers={"Cookie": cookie},
                                  json_body=body)

    return await until_let_in(hall, kind, send_twice_if_silent, spread=0.5, rng=rng)


async def recorder(hall: Hall, judge: Judge, first_at: float, stop_at: float,
                   every_s: tuple[float, float], rng: random.Random) -> None:
    """Record the next round on the judge's card every 20-40 s, as card.js saveRound sends it."""
    await hall.until(first_at)
    op_id = str(uuid.uuid4())
    while hall.now() < stop_at and judge.next_round <= judge.rounds:
        body = {**round_body(judge.next_round, judge.players), "op_id": op_id}
        # As the phone's outbox does: a "busy" answer is sent again after its Retry-After, a
        # write without an answer at the next turn, both with the same op_id.
        answer = await write_patiently(hall, "write", f"{judge.card}/rounds", judge.cookie,
                                       body, rng)
        if answer.status == 200:
            judge.next_round += 1
            judge.written += 1
            op_id = str(uuid.uuid4())
        pause = rng.uniform(*every_s)
        if hall.now() + pause >= stop_at:
            return
        await asyncio.sleep(pause)


async def watch_loop(hall: Hall, stop_at: float, lags: list[float]) -> None:
    """Keep how late the event loop wakes a 50 ms sleep: the generator's own saturation."""
    while hall.now() < stop_at:
        before = time.perf_counter()
        await asyncio.sleep(0.05)
        lags.append((time.perf_counter() - before - 0.05) * 1000)


def client_session():
    """Return the one aiohttp session every simulated client uses, sharing no cookies."""
    import aiohttp

    # A new connection per request: a phone polling every 5 s reconnects each time, as
    # gunicorn closes a connection idle for 2 s (its default keep-alive).

    return aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=0, force_close=True),
        cookie_jar=aiohttp.DummyCookieJar(),
        timeout=aiohttp.ClientTimeout(total=REQUEST_TIMEOUT_S))


@dataclass
class Run:
    """One scenario's samples and what it cost."""

    name: str
    samples: list[Sample]
    seconds: float
    cpu_s: dict[str, float]  # Cpu.since: generator, gunicorn, postgresql, other, host
    loop_lag_ms: list[float]
    extra: dict = field(default_factory=dict)


async def _herd(base: str, setup: Setup, plan: Plan, rng: random.Random,
                slips: bool = False) -> tuple[Hall, list]:
    lags: list[float] = []
    if slips:  # every seated player once, from their slip
        stop_at = plan.slips_s
        visits = [(card, player) for card in setup.cards for player in setup.players[card]]
    else:
        stop_at = plan.herd_steady_s[1]
        visits = [(card, None) for card in setup.cards for _ in range(plan.herd_per_card)]
    async with client_session() as session:
        hall = Hall(session, base)
        phones = [phone(hall, card, rng.uniform(0, plan.herd_spread_s), stop_at, player,
                        random.Random(rng.random())) for card, player in visits]
        await asyncio.gather(watch_loop(hall, stop_at, lags), *phones)
    return hall, lags


async def get_ready(session, base: str, tournament_id: int, judges: list[Judge]) -> Hall:
    """Before the clock starts: sign each judge in (two at a time: a gunicorn worker checks
    one PIN at a time) and read its card's players and next round; return that prep's Hall."""
    prep = Hall(session, base)
    gate = asyncio.Semaphore(2)

    async def ready(judge: Judge) -> None:
        async with gate:
            answer = await sign_in(prep, tournament_id, judge, "sign-in (setup)")
            if answer.status != 200:
                return
            judge.cookie = "; ".join(f"{k}={v}" for k, v in answer.cookies.items())
            await read_card(prep, judge, "card (setup)")

    await asyncio.gather(*(ready(judge) for judge in judges))
    setup_failures = [s for s in prep.samples if s.failed]
    if setup_failures:
        raise RuntimeError(f"{len(setup_failures)} judges could not sign in or read their "
                           f"card: {setup_failures[0]}")
    return prep


async def read_card(hall: Hall, judge: Judge, kind: str) -> dict | None:
    """Read the judge's card as the judge sees it; note its players, rounds and next round."""
    card = await hall.request(kind, "GET", judge.card, headers={"Cookie": judge.cookie})
    if card.status != 200:
        return None
    view = json.loads(card.body)
    judge.players = [p["number"] for p in view["players"]]
    judge.rounds = len(view["rounds"])
    judge.next_round = next((r["round"] for r in view["rounds"] if not r["recorded"]),
                            len(view["rounds"]) + 1)
    return view


async def _hall(base: str, setup: Setup, plan: Plan, rng: random.Random
                ) -> tuple[Hall, list, dict]:
    lags: list[float] = []
    judges = [Judge(name, pin, card) for (name, pin), card in zip(setup.judges, setup.cards,
                                                                  strict=True)]
    async with client_session() as session:
        # Before the clock starts: each judge signs in (one at a time per gunicorn worker,
        # which checks one PIN at a time) and reads its card.
        prep = await get_ready(session, base, setup.tournament_id, judges)

        hall = Hall(session, base)
        burst: dict = {"prep_s": round(prep.now(), 1)}

        async def sign_in_burst() -> None:
            """Sign every judge in again, all at the same moment, each from a new client."""
            await hall.until(plan.burst_at_s)
            burst["start"] = hall.now()
            await asyncio.gather(*(sign_in_patiently(hall, setup.tournament_id, judge, rng)
                                   for judge in judges))
            burst["end"] = hall.now()

        phones = [phone(hall, card, rng.uniform(0, POLL_S), plan.hall_s, None,
                        random.Random(rng.random()))
                  for card in setup.cards for _ in range(plan.hall_per_card)]
        writers = [recorder(hall, judge, rng.uniform(0, plan.write_every_s[0]), plan.hall_s,
                            plan.write_every_s, rng) for judge in judges]
        await asyncio.gather(watch_loop(hall, plan.hall_s, lags), sign_in_burst(), *phones,
                             *writers)
    return hall, lags, {**burst, "rounds_written": sum(j.written for j in judges),
                        "busy": hall.busy}


@contextlib.contextmanager
def ahead_of_the_server():
    """Run the generator at a higher priority than gunicorn while it measures, when allowed."""
    # On a busy 2-core host a phone's answer can wait for the generator to be scheduled, and
    # that wait would be counted as the server's. The generator's own CPU is small (the notes
    # give it), so letting it go first takes little from gunicorn.
    before = os.getpriority(os.PRIO_PROCESS, 0)
    # Not root: measure at the usual priority; the loop lag in the notes shows the cost.
    with contextlib.suppress(OSError):
        os.setpriority(os.PRIO_PROCESS, 0, before - 5)
    try:
        yield
    finally:
        os.setpriority(os.PRIO_PROCESS, 0, before)


@contextlib.contextmanager
def collector_paused():
    """Keep the generator's garbage collector still while it measures: with tens of thousands
    of samples and connections alive, its full passes stopped the event loop for up to 344 ms,
    and every request in flight then looked that much slower from the server."""
    gc.collect()
    gc.freeze()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
        gc.unfreeze()


def measure(name: str, server: Gunicorn, database: str | None, work) -> Run:
    """Run one scenario's coroutine on a new event loop; return its samples and costs."""
    wall, before = time.perf_counter(), Cpu.now(server, database)
    with ahead_of_the_server(), collector_paused():
        hall, lags, *rest = run_in_own_loop(work)
    cpu = Cpu.now(server, database).since(before)  # before gunicorn closes its connections
    return Run(name, hall.samples, time.perf_counter() - wall, cpu, lags,
               rest[0] if rest else {})


# ---------------------------------------------------------------- figures

@dataclass
class Figures:
    """How a set of requests went: count, p50 and p99 in ms, failures."""

    n: int
    p50: float
    p99: float
    errors: int

    def as_json(self) -> dict:
        """Return the figures as JSON-serialisable data."""
        return {"n": self.n, "p50_ms": round(self.p50, 1), "p99_ms": round(self.p99, 1),
                "errors": self.errors}


def figures(samples: list[Sample], kinds: tuple[str, ...] | None = None,
            window: tuple[float, float] | None = None) -> Figures:
    """Return the figures of the samples of these kinds started within the window."""
    chosen = [s for s in samples if (kinds is None or s.kind in kinds)
              and (window is None or window[0] <= s.start < window[1])]
    times = [s.ms for s in chosen]
    if not times:
        return Figures(0, 0.0, 0.0, 0)
    return Figures(len(times), percentile(times, 50), percentile(times, 99),
                   sum(s.failed for s in chosen))


def per_kind(samples: list[Sample], window: tuple[float, float] | None = None) -> dict:
    """Return each kind's figures within the window."""
    return {kind: figures(samples, (kind,), window).as_json()
            for kind in sorted({s.kind for s in samples})}


def per_second(run: Run) -> list[dict]:
    """Return the run's series: each second's requests, errors and each kind's p50/p99."""
    seconds: dict[int, list[Sample]] = defaultdict(list)
    for sample in run.samples:
        seconds[int(sample.start)].append(sample)
    return [{"second": second, "requests": len(group),
             "errors": sum(s.failed for s in group), "kinds": per_kind(group)}
            for second, group in sorted(seconds.items())]


def errors_by_cause(samples: list[Sample]) -> dict[str, int]:
    """Return how many requests failed, by kind and status (or exception)."""
    causes = Counter(f"{s.kind}: {s.status or s.error}" for s in samples if s.failed)
    return dict(causes.most_common())


def duration(value_ms: float) -> str:
    """Format a time: milliseconds under a second, else seconds."""
    return ms(value_ms) if value_ms < 1000 else f"{value_ms / 1000:.1f} s"


def rate(samples: list[Sample], window: tuple[float, float]) -> float:
    """Return the requests per second started within the window."""
    started = sum(window[0] <= s.start < window[1] for s in samples)
    return started / max(window[1] - window[0], 1e-9)


def costs(run: Run) -> str:
    """Return the note's words on what the run cost the generator, the server and the host."""
    lag = percentile(run.loop_lag_ms, 99) if run.loop_lag_ms else 0.0
    cpu = run.cpu_s
    database = f", PostgreSQL {cpu['postgresql']:.1f}" if "postgresql" in cpu else ""
    return (f"CPU s over {run.seconds:.0f} s: generator {cpu['generator']:.1f} (loop lag p99 "
            f"{duration(lag)}), gunicorn {cpu['gunicorn']:.1f}{database}, other work on the "
            f"host {cpu['other']:.1f} (host "
            f"{cpu['host_busy'] / max(cpu['host_capacity'], 1e-9):.0%} busy)")


# ---------------------------------------------------------------- the rows

def herd_rows(plan: Plan, cached: Run, uncached: Run, database: str) -> list[Row]:
    """Return the herd's rows: first visits, steady polls, errors; the uncached run beside."""
    first_kinds, poll_kinds = ("card first", "time first"), ("card poll", "time poll")
    phones = plan.tables * plan.herd_per_card
    first = figures(cached.samples, first_kinds)
    first_base = figures(uncached.samples, first_kinds)
    steady = figures(cached.samples, poll_kinds, plan.herd_steady_s)
    steady_base = figures(uncached.samples, poll_kinds, plan.herd_steady_s)
    card_first = figures(cached.samples, ("card first",))
    card_poll = figures(cached.samples, ("card poll",), plan.herd_steady_s)
    lo, hi = plan.herd_steady_s
    errors = sum(s.failed for s in cached.samples)
    errors_base = sum(s.failed for s in uncached.samples)
    whole = (0.0, hi)
    return [
        Row(AREA, f"herd: {phones:,} phones' first visits within {plan.herd_spread_s:.0f} s, "
                  "p99", duration(first.p99), f"< {duration(HERD_FIRST_MAX_MS)}",
            duration(first_base.p99), verdict(first.p99 < HERD_FIRST_MAX_MS and first.n > 0),
            f"{first.n} requests (card JSON without ETag + /api/time), p50 "
            f"{duration(first.p50)}; card alone p50 {duration(card_first.p50)}, p99 "
            f"{duration(card_first.p99)}; baseline: the same herd with JUDGEAID_CARD_CACHE=off "
            f"(p50 {duration(first_base.p50)}); gunicorn 2x4 on {database}; {costs(cached)}"),
        Row(AREA, f"herd: steady polls {lo:.0f}-{hi:.0f} s, p99", duration(steady.p99),
            f"< {duration(STEADY_MAX_MS)}", duration(steady_base.p99),
            verdict(steady.p99 < STEADY_MAX_MS and steady.n > 0),
            f"{steady.n} polls (card with If-None-Match + /api/time, every 5 s), "
            f"{rate(cached.samples, plan.herd_steady_s):.0f} req/s (baseline "
            f"{rate(uncached.samples, plan.herd_steady_s):.0f}), p50 {duration(steady.p50)}; "
            f"card poll p50 {duration(card_poll.p50)}, p99 {duration(card_poll.p99)}; "
            f"baseline run: {costs(uncached)}"),
        Row(AREA, "herd: errors (non-2xx/304 or no answer)", str(errors), "0",
            str(errors_base), verdict(errors == 0),
            f"of {len(cached.samples)} requests over {hi:.0f} s "
            f"({rate(cached.samples, whole):.0f} req/s); baseline of "
            f"{len(uncached.samples)}; causes: "
            f"{_causes(cached.samples) or 'none'}"),
    ]


def slip_rows(plan: Plan, cached: Run, uncached: Run) -> list[Row]:
    """Return the slips' rows: every player's first visit from their slip, and errors."""
    kinds = ("player first", "page first", "card first", "time first")
    first, base = figures(cached.samples, kinds), figures(uncached.samples, kinds)

    def each(run: Run, kind: str) -> str:
        one = figures(run.samples, (kind,))
        return f"p50 {duration(one.p50)}, p99 {duration(one.p99)}"

    errors = sum(s.failed for s in cached.samples)
    return [
        # No target: the targets are the card herd's. This row shows the way most
        # players arrive, their slip's QR code, where each player's page is built once.
        Row(AREA, f"slips: {plan.players:,} players scan their slips within "
                  f"{plan.herd_spread_s:.0f} s, first visits p99", duration(first.p99),
            "", duration(base.p99), "",
            f"{first.n} requests: the player's page {each(cached, 'player first')} (uncached "
            f"{each(uncached, 'player first')}); the card page's shell "
            f"{each(cached, 'page first')} (uncached {each(uncached, 'page first')}); then its "
            f"JSON {each(cached, 'card first')} and /api/time; p50 {duration(first.p50)}, "
            f"baseline p50 {duration(base.p50)}; {costs(cached)}"),
        Row(AREA, "slips: errors (non-2xx/304 or no answer)", str(errors), "0",
            str(sum(s.failed for s in uncached.samples)), verdict(errors == 0),
            f"of {len(cached.samples)} requests over {plan.slips_s:.0f} s; causes: "
            f"{_causes(cached.samples) or 'none'}"),
    ]


def _causes(samples: list[Sample]) -> str:
    return ", ".join(f"{cause} x{n}" for cause, n in list(errors_by_cause(samples).items())[:3])


def hall_rows(plan: Plan, run: Run, database: str) -> list[Row]:
    """Return the steady hall's rows and the sign-in burst's."""
    window = plan.hall_steady_s
    polls = figures(run.samples, ("card poll", "time poll"), window)
    card_poll = figures(run.samples, ("card poll",), window)
    writes = figures(run.samples, ("write",), window)
    errors = sum(s.failed for s in run.samples)
    burst_window = (run.extra["start"], run.extra["end"])
    during = figures(run.samples, ("card poll", "time poll", "card first", "time first",
                                   "write"), burst_window)
    sign_ins = figures(run.samples, ("sign-in",))
    phones, judges = plan.tables * plan.hall_per_card, plan.tables
    lo, hi = window
    return [
        Row(AREA, f"steady hall: {phones} phones + {judges} judges, polls p99",
            duration(polls.p99), "", "", "",
            f"{lo:.0f}-{hi:.0f} s: {rate(run.samples, window):.0f} req/s, {polls.n} polls, "
            f"p50 {duration(polls.p50)}; card poll p50 {duration(card_poll.p50)}, p99 "
            f"{duration(card_poll.p99)} (issue 17 measured 164 req/s, card p50 5 ms, p99 "
            f"35 ms); {database}; {costs(run)}"),
        Row(AREA, "steady hall: writes (a round via POST /api/cards/<id>/rounds), p99",
            duration(writes.p99), "", "", "",
            f"{writes.n} writes in {lo:.0f}-{hi:.0f} s, p50 {duration(writes.p50)}; "
            f"{run.extra['rounds_written']} rounds recorded in the whole run, each judge every "
            f"{plan.write_every_s[0]:.0f}-{plan.write_every_s[1]:.0f} s with its own sign-in "
            "(issue 17 measured p99 69 ms)"),
        Row(AREA, "steady hall: errors (non-2xx/304 or no answer)", str(errors), "0", "",
            verdict(errors == 0),
            f"of {len(run.samples)} requests, the burst's sign-ins included; causes: "
            f"{_causes(run.samples) or 'none'}"),
        Row(AREA, f"sign-in burst: the rest of the hall's p99 while {judges} judges sign in "
                  "at once", duration(during.p99), f"< {duration(BURST_HALL_MAX_MS)}", "",
            verdict(during.p99 < BURST_HALL_MAX_MS and during.n > 0),
            f"{during.n} polls and writes started from the burst until its last sign-in "
            f"answered ({burst_window[1] - burst_window[0]:.1f} s), p50 "
            f"{duration(during.p50)}; issue 17 measured 6.4 s"),
        Row(AREA, f"sign-in burst: {judges} judges tapping Sign in at once, p99",
            duration(sign_ins.p99), "", "", "",
            f"from the tap to signed in, p50 {duration(sign_ins.p50)}; {sign_ins.errors} "
            f"refused or unanswered in the end; {run.extra.get('busy', 0)} tries answered "
            "503 busy and made again after Retry-After, as the sign-in page does"),
    ]


def series_json(plan: Plan, setup: Setup, runs: list[Run]) -> dict:
    """Return the raw per-second series and each run's totals, for bench/out/load.json."""
    return {
        "database": setup.database,
        "plan": plan.__dict__,
        "runs": {run.name: {
            "seconds": round(run.seconds, 1),
            "cpu_s": {k: round(v, 2) for k, v in run.cpu_s.items()},
            "loop_lag_ms": {"p50": round(percentile(run.loop_lag_ms, 50), 1),
                            "p99": round(percentile(run.loop_lag_ms, 99), 1),
                            "max": round(max(run.loop_lag_ms), 1)} if run.loop_lag_ms else {},
            "kinds": per_kind(run.samples),
            "errors": errors_by_cause(run.samples),
            "extra": run.extra,
            "per_second": per_second(run),
        } for run in runs},
    }


def run(ctx: Context) -> list[Row]:
    """Set up the load's database, run the five scenarios against gunicorn, return the rows."""
    plan = QUICK if ctx.quick else FULL
    with tempfile.TemporaryDirectory(prefix="judgeaid-load-") as folder:
        tmp = Path(folder)
        setup = set_up(plan, tmp)
        log = tmp / "gunicorn.log"
        runs: list[Run] = []
        off = {"JUDGEAID_CARD_CACHE": "off"}
        for name, env, slips in (("herd", {}, False), ("herd, uncached", off, False),
                                 ("slips", {}, True), ("slips, uncached", off, True)):
            server = Gunicorn(setup, log, env)
            try:
                # The same seed: both herds of a kind arrive on the same schedule.
                runs.append(measure(name, server, setup.database_name,
                                    _herd(server.url, setup, plan, random.Random(17), slips)))
            finally:
                server.stop()
        server = Gunicorn(setup, log)
        try:
            runs.append(measure("steady hall", server, setup.database_name,
                                _hall(server.url, setup, plan, random.Random(17))))
        finally:
            server.stop()
        logged = log.read_text(errors="replace")
    cached, uncached, slips, slips_uncached, hall = runs
    trouble = {word: logged.count(word) for word in ("WORKER TIMEOUT", "Traceback", "[ERROR]")}
    details = series_json(plan, setup, runs)
    details["setup_seconds"] = round(setup.seconds, 1)
    details["gunicorn_log"] = trouble
    SERIES.parent.mkdir(parents=True, exist_ok=True)
    SERIES.write_text(json.dumps(details, indent=1) + "\n")
    ctx.details[AREA] = {k: v for k, v in details.items() if k != "runs"} | {
        "runs": {name: {k: v for k, v in data.items() if k != "per_second"}
                 for name, data in details["runs"].items()},
        "series": str(SERIES.relative_to(ROOT))}
    rows = herd_rows(plan, cached, uncached, setup.database)
    rows += slip_rows(plan, slips, slips_uncached)
    rows += hall_rows(plan, hall, setup.database)
    if any(trouble.values()):
        rows[-1].note += "; gunicorn's log: " + ", ".join(
            f"{word} x{n}" for word, n in trouble.items() if n)
    return rows
