"""Event-day rows (issue 13): the live card's weight and its reload without a network."""

from __future__ import annotations

import statistics
import time

from bench.support import Context, Row, kb, ms, verdict

AREA = "event_day"
CARD_READY = "html[data-card-ready=true]"
LIVE = "[data-live=true]"
COPY_SHOWN = "[data-testid=card-copy]:visible"


def run(ctx: Context) -> list[Row]:
    """Weigh a live card's first load; time its reload online and offline, in Chromium."""
    path = ctx.demo["cards"][0]["url"]
    card = ctx.page_weight(path, ready=CARD_READY)
    shell = ctx.page_weight("/offline", offline_repeat=False)
    reps = ctx.reps(7, 2)
    online, offline, shown = reload_times(ctx, path, reps)
    ctx.details[AREA] = {"card": card.as_json(), "reload_online_ms": online,
                         "reload_offline_ms": offline}
    return [
        Row(AREA, "live card first load (outbox on every page)",
            f"{kb(card.transferred)} · {len(card.requests)} req", "",
            f"/offline {kb(shell.transferred)} · {len(shell.requests)} req", "",
            "a reader's view of table 1, fresh phone; bytes as Chromium reports them"),
        Row(AREA, "live card reload offline: kept state shown", f"{shown}/{reps}",
            "every time", "", verdict(shown == reps),
            "reloaded with the network off after one visit; counts reloads that showed the "
            "card with its 'No connection' copy notice"),
        Row(AREA, "live card reload offline, until the kept state shows (median)",
            ms(statistics.median(offline)) if offline else "n/a", "",
            f"online {ms(statistics.median(online))}" if online else "",
            "", "from reload to the copy notice; the baseline is the same reload online, "
                "until the card is live"),
    ]


def reload_times(ctx: Context, path: str, reps: int) -> tuple[list[float], list[float], int]:
    """Reload the card reps times online, then reps times offline.

    Return the online timings, the offline timings of the reloads that showed the kept copy,
    and how many did.
    """
    context = ctx.new_context()
    online: list[float] = []
    offline: list[float] = []
    shown = 0
    try:
        page = context.new_page()
        page.goto(ctx.url + path, wait_until="load")
        page.wait_for_selector(CARD_READY)
        page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
        page.reload(wait_until="load")  # now the service worker answers for the page
        page.wait_for_selector(LIVE)
        for _ in range(reps):
            started = time.perf_counter()
            page.reload(wait_until="load")
            page.wait_for_selector(LIVE)
            online.append((time.perf_counter() - started) * 1000)
        context.set_offline(True)
        for _ in range(reps):
            started = time.perf_counter()
            page.reload(wait_until="load")
            try:
                page.wait_for_selector(COPY_SHOWN, timeout=15_000)
            except Exception:  # not shown: counted below, not timed
                continue
            offline.append((time.perf_counter() - started) * 1000)
            shown += 1
    finally:
        context.close()
    return online, offline, shown
