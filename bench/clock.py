"""Clock rows: the hall clock poll, a timer tap, and how close two skewed phones agree.

- GET /api/tournaments/<id>/clock, the endpoint every hall display and judge phone polls
  (every 5 s and 15 s), both a full answer and a 304 for an unchanged clock, and its size;
- POST /api/timers/<id>/taps, one tap of a play timer through the test client;
- in Chromium, two phones whose own clocks are 30 s apart (Playwright's clock), each
  showing the demo's running session clock: the largest gap between what each shows and
  the server's truth (deadline − server now) over repeated readings. Issue 7's target is
  0.5 s between the two phones after sync.
"""

from __future__ import annotations

import time

from bench.support import Row, ms, percentile, verdict

AREA = "clock"
TARGET_AGREE_MS = 500.0


def _server_ms() -> int:
    return time.time_ns() // 1_000_000


def _start_clock(ctx) -> int:
    """Start session 1's clock (once); return the hall deadline in server ms."""
    from judgeaid.extensions import db
    from judgeaid.models import ClockEvent, PlaySession
    from judgeaid.services import clock

    with ctx.app.app_context():
        session = db.session.get(PlaySession, 1)
        view = clock.session_view(session)
        if view["status"] == "not_started":
            db.session.add(ClockEvent(session_id=session.id, kind="start", at_ms=_server_ms(),
                                      by="bench"))
            db.session.commit()
            view = clock.session_view(session)
        return view["hall"]["deadline_ms"]


def _samples(fn, runs: int) -> list[float]:
    fn()
    out = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        out.append((time.perf_counter() - started) * 1000)
    return out


def _poll_rows(ctx, runs: int) -> list[Row]:
    tid = ctx.demo["tournament_id"]
    client = ctx.app.test_client()
    url = f"/api/tournaments/{tid}/clock"
    first = client.get(url)
    etag, size = first.headers["ETag"], len(first.data)
    full = _samples(lambda: client.get(url), runs)
    same = _samples(lambda: client.get(url, headers={"If-None-Match": etag}), runs)
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    note = f"test client, {ctx.database}, 8 tables; server time only (no network)"
    return [
        Row(AREA, "GET clock poll, p50 / p99", f"{ms(percentile(full, 50))} / "
            f"{ms(percentile(full, 99))}", note=note),
        Row(AREA, "GET clock poll unchanged (304), p50 / p99", f"{ms(percentile(same, 50))} / "
            f"{ms(percentile(same, 99))}", note=note),
        Row(AREA, "GET clock body", f"{size} B", note="uncompressed JSON, one session"),
    ]


def _tap_rows(ctx, runs: int) -> list[Row]:
    demo = ctx.demo
    client = ctx.app.test_client()
    assert client.post("/api/login", json={"tournament_id": demo["tournament_id"],
                                           "name": demo["judge"]["name"],
                                           "pin": demo["judge"]["pin"]}).status_code == 200
    card = int(demo["cards"][1]["api"].rsplit("/", 1)[1])
    player = client.get(f"/api/cards/{card}").get_json()["players"][0]["number"]
    timer = client.post(f"/api/tournaments/{demo['tournament_id']}/timers", json={
        "card": card, "round": 16, "player": player, "dealt": "earlier",
        "op_id": f"bench-timer-{time.time_ns()}"}).get_json()["timer"]["id"]
    seq = iter(range(10_000))

    def one_tap():
        n = next(seq)
        response = client.post(f"/api/timers/{timer}/taps", json={
            "seq": n, "at_ms": _server_ms(), "op_id": f"bench-tap-{timer}-{n}"})
        assert response.status_code == 200, response.get_json()

    taps = _samples(one_tap, runs)
    return [Row(AREA, "POST timer tap, p50 / p99",
                f"{ms(percentile(taps, 50))} / {ms(percentile(taps, 99))}",
                note=f"test client, {ctx.database}; the timer grows to {runs + 1} taps")]


def _agreement_rows(ctx, readings: int) -> list[Row]:
    deadline = _start_clock(ctx)
    url = f"{ctx.url}/t/{ctx.demo['tournament_id']}/clock"
    contexts, pages = [], []
    try:
        for skew_s in (0, 30):
            context = ctx.new_context()
            context.clock.install(time=time.time() + skew_s)
            page = context.new_page()
            page.goto(url)
            page.wait_for_function("() => document.querySelector('[data-session-clock]')"
                                   ".clockSynced?.()", timeout=15_000)
            contexts.append(context)
            pages.append(page)
        worst_truth, worst_pair, worst_read = 0.0, 0.0, 0.0
        for _ in range(readings):
            errors = []
            for page in pages:
                # the truth at the middle of the read; half the read's length is its slack
                before = _server_ms()
                shown = page.evaluate("() => document.querySelector('[data-session-clock]')"
                                      ".clockRemainingMs()")
                after = _server_ms()
                errors.append(shown - (deadline - (before + after) / 2))
                worst_read = max(worst_read, (after - before) / 2)
            worst_truth = max(worst_truth, *(abs(e) for e in errors))
            worst_pair = max(worst_pair, abs(errors[0] - errors[1]))
            pages[0].wait_for_timeout(50)
    finally:
        for context in contexts:
            context.close()
    ctx.details[AREA] = {"readings": readings, "worst_vs_server_ms": round(worst_truth, 1),
                         "worst_between_phones_ms": round(worst_pair, 1),
                         "worst_read_slack_ms": round(worst_read, 1)}
    note = (f"{readings} readings, phones' own clocks 30 s apart; loopback, so the round trip "
            "is ~1 ms: on venue Wi-Fi the error is at most half the best round trip")
    return [
        Row(AREA, "two phones 30 s apart: worst gap between them", ms(worst_pair),
            target=f"≤ {ms(TARGET_AGREE_MS)}", verdict=verdict(worst_pair <= TARGET_AGREE_MS),
            note=note),
        Row(AREA, "two phones 30 s apart: worst gap to the server", ms(worst_truth),
            note=f"what a phone shows minus deadline − server now; each read is ± "
                 f"{ms(worst_read)} (half the slowest page.evaluate)"),
    ]


def run(ctx) -> list[Row]:
    """Measure the clock poll, a tap, and two skewed phones' agreement."""
    runs = ctx.reps(200, 20)
    return [*_poll_rows(ctx, runs), *_tap_rows(ctx, runs),
            *_agreement_rows(ctx, ctx.reps(40, 5))]
