"""Slow-phone rows (issue 31): each page a player or judge opens from a QR code, cold, on bad
venue Wi-Fi, in every language.

The profile: Chromium with 400 kbit/s both ways and 400 ms added to every request (CDP
Network.emulateNetworkConditions), the CPU slowed 4x (Emulation.setCPUThrottlingRate), the
cache disabled, service workers blocked (a first visit: none installed yet), 360 px wide.
"ready" is the load event; "settled" is the end of the last response before 500 ms without
network activity, never earlier than ready. A request "waits" when it was sent only after
another request than the HTML had ended: its chain depth after the HTML (the HTML is 0, what
the HTML asks for is 1). A page's budget counts what comes before its load event: one round
trip after the HTML and about 30 KB; the parts that start after the load event (the outbox, a
picker's lists, the card's drawing) are counted apart. The yardstick, a bare GET /api/time, is
measured in the same run.
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

from bench.support import Context, Row, kb, verdict

AREA = "slowphone"
LATENCY_MS = 400
THROUGHPUT = 400_000 // 8  # bytes per second, each way
CPU_SLOWDOWN = 4
QUIET_MS = 500
READY_MAX_S = 1.5
SETTLED_MAX_S = 2.5
BEFORE_LOAD_MAX = 30_000  # about 30 KB compressed before the load event
WAITS_MAX = 1
LOCALES = ("en", "zh-Hant", "zh-Hans")
GIVE_UP_S = 20


@dataclass
class Seen:
    """One request as the page's CDP session saw it (seconds on CDP's clock)."""

    url: str
    sent: float
    ended: float | None = None
    bytes: int = 0
    depth: int = 0
    local: bool = False  # answered by this phone's HTTP cache or its service worker's files


@dataclass
class Visit:
    """One cold visit's figures."""

    ready: float
    settled: float
    requests: int
    waits: int  # round trips after the HTML's that the load event waited for: their deepest depth
    after_load: int  # requests that ended after the load event (the parts that start with it)
    chained: int  # requests that waited on another request than the HTML (depth ≥ 2)
    before_load: int
    urls: list[str] = field(default_factory=list)
    # each request: its file or path, its depth after the HTML, its bytes on the wire, and
    # when it was sent and ended (s after the HTML was asked for)
    sizes: list[tuple[str, int, int, float, float | None]] = field(default_factory=list)
    # requests after the HTML that went past this phone (not its cache, not the worker's files)
    past_phone: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Page:
    """A page of the table: its name, its path, whether a judge is signed in."""

    name: str
    path: str
    judge: bool = False


def pages(ctx: Context, mcr: dict) -> list[Page]:
    """Return the pages of issue 31's table on the ZJ and MCR demos."""
    demo = ctx.demo
    return [
        Page("bare GET /api/time (yardstick)", "/api/time"),
        Page("ZJ picker", "/picker"),
        Page("MCR picker", "/picker/mcr"),
        Page("player's page", demo["players"][0]["url"]),
        Page("live card, reader", demo["cards"][0]["link"]),
        Page("live card, judge", demo["cards"][0]["url"], judge=True),
        Page("MCR live card, reader", mcr["cards"][0]["link"]),
        Page("standings", f"/t/{demo['tournament_id']}/standings"),
        # beyond the table: the judge console a judge lands on, and its ruling form
        Page("judge console", f"/t/{demo['tournament_id']}/judge", judge=True),
        Page("ruling form", f"/t/{demo['tournament_id']}/judge/rulings/new", judge=True),
    ]


def mcr_demo(ctx: Context) -> dict:
    """Add the MCR demo to the run's database (once) and return its links."""
    if "mcr_demo" not in ctx.details.setdefault(AREA, {}):
        import json

        from judgeaid.demo import create_demo
        from judgeaid.extensions import db

        with ctx.app.test_request_context():
            demo = create_demo(ruleset="mcr")
            db.session.commit()
        ctx.details[AREA]["mcr_demo"] = json.loads(json.dumps(demo))
    return ctx.details[AREA]["mcr_demo"]


def with_lang(path: str, lang: str) -> str:
    """Return the path asking for a language (?lang=), English as it is."""
    if lang == "en":
        return path
    return path + ("&" if "?" in path else "?") + f"lang={lang}"


def visit(ctx: Context, page: Page, lang: str, repeat: str | None = None) -> Visit:
    """Open a page on the slow profile and return its figures: cold (no cache, no service
    worker), or `repeat` = "second" (the same phone again, its HTTP cache warm, no service
    worker) or "worker" (again once the service worker has installed and taken the page)."""
    context = ctx.new_context(service_workers="allow" if repeat == "worker" else "block")
    url = ctx.url + with_lang(page.path, lang)
    try:
        if page.judge:
            judge = ctx.demo["judge"]
            answer = context.request.post(ctx.url + "/api/login", data={
                "tournament_id": ctx.demo["tournament_id"], "name": judge["name"],
                "pin": judge["pin"]})
            assert answer.status == 200, answer.status
        if repeat:
            first = context.new_page()
            first.goto(url, wait_until="load", timeout=GIVE_UP_S * 1000)
            if repeat == "worker":  # installed, in control, and the page kept (app.js)
                first.evaluate("navigator.serviceWorker.ready.then(() => true)")
                first.wait_for_timeout(1000)
                first.reload(wait_until="load")
                first.wait_for_function("navigator.serviceWorker.controller !== null",
                                        timeout=GIVE_UP_S * 1000)
            first.wait_for_timeout(1500)  # what the page starts after its load event
            first.close()
        tab = context.new_page()
        cdp = context.new_cdp_session(tab)
        seen: dict[str, Seen] = {}
        loaded: list[float] = []
        cdp.on("Network.requestWillBeSent", lambda e: e["request"]["url"].startswith("data:")
               or seen.setdefault(e["requestId"], Seen(e["request"]["url"], e["timestamp"])))

        def finished(event, failed=False) -> None:
            request = seen.get(event["requestId"])
            if request is not None:
                request.ended = event["timestamp"]
                if not failed:
                    request.bytes = int(event.get("encodedDataLength", 0))

        def answered(event) -> None:
            request, response = seen.get(event["requestId"]), event["response"]
            if request is not None and (response.get("fromDiskCache")
                                        or response.get("fromPrefetchCache")
                                        or response.get("fromServiceWorker")
                                        and "/static/" in request.url):
                request.local = True

        def from_cache(event) -> None:
            if event["requestId"] in seen:
                seen[event["requestId"]].local = True

        cdp.on("Network.loadingFinished", finished)
        cdp.on("Network.loadingFailed", lambda e: finished(e, failed=True))
        cdp.on("Network.responseReceived", answered)
        cdp.on("Network.requestServedFromCache", from_cache)
        cdp.on("Page.loadEventFired", lambda e: loaded.append(e["timestamp"]))
        cdp.send("Network.enable")
        cdp.send("Page.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": not repeat})
        cdp.send("Network.emulateNetworkConditions", {
            "offline": False, "latency": LATENCY_MS, "downloadThroughput": THROUGHPUT,
            "uploadThroughput": THROUGHPUT})
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        tab.goto(url, wait_until="load", timeout=GIVE_UP_S * 1000)
        # Wait for 500 ms without a request in flight after the load event.
        waited = 0
        while waited < GIVE_UP_S * 1000:
            tab.wait_for_timeout(100)
            waited += 100
            if not loaded:
                continue
            if quiet_from(list(seen.values()), loaded[0]) is not None:
                break
        cdp.detach()
    finally:
        context.close()
    requests = sorted(seen.values(), key=lambda r: r.sent)
    start, load = requests[0].sent, loaded[0]
    quiet = quiet_from(requests, load)
    counted = [r for r in requests if quiet is None or r.sent <= quiet]
    settled = max([load] + [r.ended for r in counted if r.ended is not None])
    chain(counted)
    # what the load event waited for: the requests after the HTML that ended before it
    held = [r for r in counted[1:] if r.ended is not None and r.ended <= load]
    return Visit(ready=load - start, settled=settled - start, requests=len(counted),
                 waits=max((r.depth for r in held), default=0),
                 after_load=len(counted) - 1 - len(held),
                 chained=sum(r.depth >= 2 for r in held),
                 before_load=sum(r.bytes for r in counted if r.ended and r.ended <= load),
                 urls=[short(r.url) for r in counted],
                 sizes=[(short(r.url), r.depth, r.bytes, round(r.sent - start, 3),
                         round(r.ended - start, 3) if r.ended else None) for r in counted],
                 past_phone=[short(r.url) for r in counted[1:] if not r.local])


def quiet_from(requests: list[Seen], load: float) -> float | None:
    """Return when the first 500 ms without network activity after `load` began, or None."""
    if any(r.ended is None for r in requests if r.sent <= load):
        return None
    marks = sorted([load] + [r.ended for r in requests if r.ended is not None and r.ended >= load])
    for mark in marks:
        busy_until = mark
        if any(r.sent <= busy_until and (r.ended is None or r.ended > busy_until)
               for r in requests):
            continue
        later = [r.sent for r in requests if r.sent > busy_until]
        if not later or min(later) - busy_until >= QUIET_MS / 1000:
            return busy_until if later else busy_until
    return None


def chain(requests: list[Seen]) -> None:
    """Give each request its depth: 0 the HTML, 1 + the deepest request ended before it."""
    for i, request in enumerate(requests):
        if i == 0:
            request.depth = 0
            continue
        before = [r.depth for r in requests[1:i] if r.ended is not None and r.ended <= request.sent]
        request.depth = 1 + max(before, default=0)


def short(url: str) -> str:
    """Return a URL's file name without folders or query, or its path."""
    path = url.split("?", 1)[0].split("//", 1)[-1]
    path = "/" + path.split("/", 1)[1] if "/" in path else path
    return path.rsplit("/", 1)[-1] if "/static/" in path else path


def spread(values: list[float]) -> str:
    """Return median with the spread (min-max) in seconds."""
    return f"{statistics.median(values):.2f} s ({min(values):.2f}-{max(values):.2f})"


def run(ctx: Context) -> list[Row]:
    """Measure each page cold on the slow profile in each language, median of 5."""
    mcr = mcr_demo(ctx)
    runs = ctx.reps(5, 1)
    locales = LOCALES if not ctx.quick else ("en",)
    rows: list[Row] = []
    details = ctx.details[AREA].setdefault("pages", {})
    yardstick = None
    for page in pages(ctx, mcr):
        for lang in (("en",) if page.path == "/api/time" else locales):
            visits = [visit(ctx, page, lang) for _ in range(runs)]
            ready = [v.ready for v in visits]
            settled = [v.settled for v in visits]
            requests = statistics.median_low([v.requests for v in visits])
            waits = max(v.waits for v in visits)
            chained = max(v.chained for v in visits)
            after = statistics.median_low([v.after_load for v in visits])
            before = statistics.median_low([v.before_load for v in visits])
            details[f"{page.name} [{lang}]"] = [v.__dict__ for v in visits]
            if yardstick is None:
                yardstick = statistics.median(ready)
                rows.append(Row(AREA, f"{page.name}", spread(ready), "", "",
                                "", f"one request's latency on this profile; {runs} runs"))
                continue
            within = waits <= WAITS_MAX and before <= BEFORE_LOAD_MAX * 1.1
            ok = (statistics.median(ready) <= READY_MAX_S
                  and statistics.median(settled) <= SETTLED_MAX_S and within)
            rows.append(Row(
                AREA, f"{page.name} [{lang}] ready / settled",
                f"{spread(ready)} / {spread(settled)}",
                f"≤ {READY_MAX_S} s / ≤ {SETTLED_MAX_S} s", f"yardstick {yardstick:.2f} s",
                verdict(ok),
                f"{requests} req, {waits} round trip(s) after the HTML before load"
                f" (≤ {WAITS_MAX}: {verdict(waits <= WAITS_MAX)}), {chained} req before load"
                f" waiting on another than the HTML, {after} req after load (parts that start"
                f" with it), {kb(before)} before load (≈ {kb(BEFORE_LOAD_MAX)}:"
                f" {verdict(before <= BEFORE_LOAD_MAX * 1.1)}); {runs} runs; "
                + ", ".join(visits[0].urls)))
    rows += repeat_rows(ctx, mcr, details)
    return rows


REPEATS = {"second": "second visit", "worker": "after the service worker installed"}


def repeat_rows(ctx: Context, mcr: dict, details: dict) -> list[Row]:
    """A second visit, and one once the service worker is in control: each page (in English)
    costs at most one request that goes past the phone and waits (issue 31)."""
    rows = []
    runs = ctx.reps(3, 1)
    measured = pages(ctx, mcr)[1:]
    if ctx.quick:  # a smoke run: the reader's card alone
        measured = [page for page in measured if page.name == "live card, reader"]
    for page in measured:
        for repeat, words in REPEATS.items():
            visits = [visit(ctx, page, "en", repeat) for _ in range(runs)]
            details[f"{page.name} [{words}]"] = [v.__dict__ for v in visits]
            network = max(len(v.past_phone) for v in visits)
            ready = [v.ready for v in visits]
            past = max((v.past_phone for v in visits), key=len)
            rows.append(Row(
                AREA, f"{page.name} [{words}] requests past the phone after the HTML",
                str(network), f"≤ {WAITS_MAX}", "", verdict(network <= WAITS_MAX),
                f"ready {spread(ready)}; {runs} runs; past the phone: {', '.join(past) or 'none'}"))
    return rows
