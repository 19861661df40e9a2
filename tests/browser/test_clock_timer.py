"""The play timer in Chromium (§1.9): the JS mirror of round_time, a whole round on a phone."""

from __future__ import annotations

import dataclasses
import time

import pytest

from judgeaid.rules.zj.timing import round_time, time_limits
from tests.browser.pages import Phones, wait_outbox
from tests.factories import install_server_clock

pytestmark = pytest.mark.browser

S = 1000
T0 = 1_700_000_000_000


@pytest.fixture
def server_clock(monkeypatch):
    return install_server_clock(monkeypatch, frozen=False)


@pytest.fixture
def phones(browser, app, live_server):
    phones = Phones(browser, app)
    yield phones
    phones.close()


def _limits(kind, **extra):
    limits = time_limits(kind, **extra)
    return limits, {"turn_s": limits.turn_s, "round_bank_s": limits.round_bank_s,
                    "free_s": limits.free_s}


def _cases():
    cases = []
    for kind, extra in (("casual", {}), ("competitive", {}),
                        ("casual", {"is_on_stalling_clock": True}), ("casual", {"free_s": 30})):
        limits, js = _limits(kind, **extra)
        start = T0 + limits.free_ms
        for over in (-1, 0, 1, 14_999, 15_000, 15_001, 15_100, 30_000, 30_001, 240_000,
                     240_001):
            end = start + limits.turn_ms + over
            cases.append(([(start, end)], limits, js, T0, end))
            # the same turn still running at that moment
            cases.append(([(start, None)], limits, js, T0, end))
        # a turn started at the deal, seen during the free time and just after it
        for now in (T0 + 5 * S, start, start + 1, start + limits.turn_ms + 1):
            cases.append(([(T0, None)], limits, js, T0, now))
        # the round bank: twelve 15 s turns, then a 13th by one millisecond
        turns = [(T0 + t * 20 * S, T0 + t * 20 * S + 15 * S) for t in range(1, 13)]
        cases.append((turns, limits, js, T0, T0 + 400 * S))
        cases.append(([*turns[:-1], (T0 + 300 * S, T0 + 315 * S + 1)], limits, js, T0,
                      T0 + 400 * S))
        cases.append(([*turns, (T0 + 300 * S, None)], limits, js, T0, T0 + 301_234))
    return cases


def test_the_js_timer_counts_exactly_like_the_python_rule(live_server, phones):
    page = phones.new().new_page()
    page.goto(live_server.url + "/offline")
    cases = _cases()
    js_results = page.evaluate("""async (cases) => {
        const { roundTime } = await import('/static/js/timer.js');
        return cases.map(([turns, limits, dealt, now]) => {
            const r = roundTime(turns, limits, dealt, now);
            return [r.turnPoints, r.bankPoints, r.totalPoints, r.usedMs, r.bankLeftMs,
                    r.nextPenaltyInMs, r.isResignation, r.isResignationWarning,
                    r.turns.map((t) => [t.counted, t.points])];
        });
    }""", [[[list(t) for t in turns], js, dealt, now] for turns, _, js, dealt, now in cases])
    assert len(js_results) == len(cases) > 100
    for (turns, limits, _, dealt, now), got in zip(cases, js_results, strict=True):
        r = round_time(turns, limits, dealt, now)
        expected = [r.turn_points, r.bank_points, r.total_points, r.used_ms, r.bank_left_ms,
                    r.next_penalty_in_ms, r.is_resignation, r.is_resignation_warning,
                    [[t.counted_ms, t.points] for t in r.turns]]
        assert got == expected, (turns, dataclasses.asdict(limits), now)


def _sign_in(page, live_server, demo):
    response = page.request.post(f"{live_server.url}/api/login", data={
        "tournament_id": demo["tournament_id"], "name": demo["judge"]["name"],
        "pin": demo["judge"]["pin"]})
    assert response.ok


def _open_timer(page, live_server, demo, table=1, seat_index=1, *, from_card=False):
    if from_card:
        # a link from the table's card chooses the table: player and "dealt" are two taps
        page.goto(f"{live_server.url}/t/{demo['tournament_id']}/timers?table={table}")
    else:
        page.goto(f"{live_server.url}/t/{demo['tournament_id']}/timers")
        page.click(f"[data-timer-tables] [data-table='{table}']")
    page.locator("[data-timer-players] button").nth(seat_index).click()
    page.click("button[value=now]")
    page.wait_for_url("**/timers/*")
    page.wait_for_function("() => document.querySelector('[data-play-timer]').timerState?.()"
                           ".synced", timeout=10_000)
    return int(page.url.rsplit("/", 1)[1])


def _advance(page, server_clock, ms, *, online=True):
    """Let ms pass at once for the phone and the server alike."""
    if online:
        # let the last tap reach the server first: a jump would fire its send timeout
        wait_outbox(page, lambda pending: not pending)
    server_clock.advance(ms)
    page.clock.fast_forward(ms)


def _server_timer(page, live_server, timer_id):
    return page.request.get(f"{live_server.url}/api/timers/{timer_id}").json()["timer"]


def test_a_judge_times_a_whole_round_and_puts_it_on_the_card(live_server, phones, demo,
                                                              server_clock):
    context = phones.new(12)  # this phone's own clock is 12 s fast
    page = context.new_page()
    _sign_in(page, live_server, demo)
    timer_id = _open_timer(page, live_server, demo)
    root = page.locator("[data-play-timer]")
    tap = page.get_by_test_id("timer-tap")
    assert page.get_by_test_id("timer-free").is_visible()

    # turn 1 starts at the deal: 44 s, of which 20 s are free; 24 s on a 20 s turn: 5
    tap.click()
    _advance(page, server_clock, 44 * S)
    tap.click()
    page.wait_for_function("() => document.querySelector('[data-play-timer]')"
                           ".dataset.points === '5'")
    assert root.get_attribute("data-last-signal") == "warn"
    # turn 2: 48 s, 28 s over the limit: 10 more
    _advance(page, server_clock, 6 * S)
    tap.click()
    _advance(page, server_clock, 40 * S)
    assert "over the 20 s limit" in page.locator("[data-timer-turn-hint]").inner_text()
    _advance(page, server_clock, 8 * S)
    tap.click()
    # turn 3: 9 s, nothing
    _advance(page, server_clock, 5 * S)
    tap.click()
    _advance(page, server_clock, 9 * S)
    tap.click()
    page.get_by_test_id("timer-finish").click()
    assert page.get_by_test_id("timer-points").inner_text() == "15 points"
    assert page.get_by_test_id("timer-turns").locator("li").count() == 3

    # the layout fits a 360 px phone and every control is a full-size target
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    small = page.evaluate("""() => [...document.querySelectorAll('main button, main a')]
        .filter(e => e.offsetParent && e.getBoundingClientRect().height < 44)
        .map(e => e.outerHTML.slice(0, 80))""")
    assert small == []

    # one tap puts it on the card
    convert = page.get_by_test_id("timer-convert")
    assert convert.inner_text() == "Put 15 points on the card"
    convert.click()
    page.get_by_test_id("timer-done").wait_for(timeout=10_000)
    assert "15 points are on the card's penalty line" in page.get_by_test_id(
        "timer-done").inner_text()
    server = _server_timer(page, live_server, timer_id)
    assert server["status"] == "converted"
    assert [t["points"] for t in server["result"]["turns"]] == [5, 10, 0]
    card = page.request.get(f"{live_server.url}/api/cards/{server['card']}").json()
    assert [(p["player"], p["points"], p["round"]) for p in card["penalties"]] == [
        (server["player"]["number"], 15, 1)]
    assert card["totals"][str(server["player"]["number"])]["penalties"] == -15


def test_taps_made_offline_keep_their_moment(live_server, phones, demo, server_clock):
    context = phones.new(-20)
    page = context.new_page()
    _sign_in(page, live_server, demo)
    timer_id = _open_timer(page, live_server, demo, table=2, seat_index=0, from_card=True)
    tap = page.get_by_test_id("timer-tap")
    _advance(page, server_clock, 30 * S)
    context.set_offline(True)
    tap.click()
    tapped_at = server_clock.now_ms()
    _advance(page, server_clock, 25 * S, online=False)
    tap.click()
    page.get_by_test_id("timer-pending").wait_for()
    assert "pending" in page.get_by_test_id("timer-pending").inner_text()
    assert page.evaluate("() => document.querySelector('[data-play-timer]')"
                         ".timerState().result.totalPoints") == 5
    # the network comes back a minute later: the taps still count when they were made
    _advance(page, server_clock, 60 * S, online=False)
    context.set_offline(False)
    page.wait_for_function("() => document.querySelector('[data-play-timer]')"
                           ".timerState().version >= 3", timeout=15_000)
    edges = _server_timer(page, live_server, timer_id)["edges"]
    assert len(edges) == 2
    assert abs(edges[0] - tapped_at) < 1000
    assert abs((edges[1] - edges[0]) - 25 * S) < 1000
    assert page.get_by_test_id("timer-pending").is_hidden()


def test_a_running_turn_survives_a_reload(live_server, phones, demo, server_clock):
    context = phones.new(0)
    page = context.new_page()
    _sign_in(page, live_server, demo)
    timer_id = _open_timer(page, live_server, demo, table=3, seat_index=2)
    page.get_by_test_id("timer-tap").click()
    started = page.evaluate("() => document.querySelector('[data-play-timer]')"
                            ".timerState().edges[0]")
    wait_outbox(page, lambda pending: not pending)
    # The server keeps the tap's time, or its own "now" where the phone's estimate of the
    # server's clock ran a few ms ahead of it (services/timers.py _stamp).
    saved = _server_timer(page, live_server, timer_id)["edges"]
    assert len(saved) == 1 and 0 <= started - saved[0] < 1000
    started = saved[0]
    page.reload()
    page.wait_for_function("() => document.querySelector('[data-play-timer]')"
                           ".timerState?.().edges.length === 1")
    assert page.evaluate("() => document.querySelector('[data-play-timer]')"
                         ".timerState().edges[0]") == started
    assert "running" in page.locator("[data-timer-turn-label]").inner_text()
    time.sleep(0.2)
    page.get_by_test_id("timer-tap").click()
    page.wait_for_function("() => document.querySelector('[data-play-timer]')"
                           ".timerState().version >= 3")
    assert _server_timer(page, live_server, timer_id)["edges"][0] == started
    # the timer asked to keep the screen on while it ran (the browser may refuse)
    assert page.locator("[data-play-timer]").get_attribute("data-wake-lock") in (
        "held", "refused", "released", "unsupported")


# ---------------------------------------------------------------- MCR's judge's clock

def test_the_js_limit_watch_agrees_with_mcrs_rule(live_server, phones):
    from judgeaid.rules import get_ruleset

    mcr = get_ruleset("mcr").timing
    limits = mcr.limits("mcr", {})
    js_limits = {"turn_s": limits.turn_s, "round_bank_s": None, "free_s": 0,
                 "deal_turn_s": mcr.deal_turn_s}
    cases = []
    for start in (T0, T0 + 3 * S):
        for counted in (0, 9_999, 10_000, 10_001, 19_999, 20_000, 20_001, 60_000):
            cases.append(([(start, start + counted)], start + counted))
            cases.append(([(start, None)], start + counted))
    cases.append(([(T0, T0 + 21 * S), (T0 + 30 * S, T0 + 41 * S), (T0 + 50 * S, None)],
                  T0 + 55 * S))
    page = phones.new().new_page()
    page.goto(live_server.url + "/offline")
    got = page.evaluate("""async ([cases, limits, dealt]) => {
        const { limitWatch } = await import('/static/js/timer_fouls.js');
        return cases.map(([turns, now]) => {
            const r = limitWatch(turns, limits, dealt, now);
            return [r.overTurns, r.usedMs, r.limitInMs, r.totalPoints,
                    r.turns.map((t) => [t.counted, t.limit, t.isOver, t.isDeal])];
        });
    }""", [[[[list(t) for t in turns], now] for turns, now in cases], js_limits, T0])
    for (turns, now), answer in zip(cases, got, strict=True):
        r = mcr.round_time(turns, limits, T0, now)
        assert answer == [r.over_turns, r.used_ms, r.limit_in_ms, r.total_points,
                          [[t.counted_ms, t.limit_ms, t.is_over, t.is_deal]
                           for t in r.turns]], (turns, now)


def test_an_mcr_judge_sees_a_passed_limit_and_records_the_fouls(live_server, phones, app, demo,
                                                                server_clock):
    from tests.factories import use_ruleset

    use_ruleset(app, demo["tournament_id"])
    page = phones.new(5).new_page()
    _sign_in(page, live_server, demo)
    timer_id = _open_timer(page, live_server, demo, table=1, seat_index=1)
    root = page.locator("[data-play-timer]")
    assert "MCR §3.6.4" in page.locator(".timer-limits").inner_text()
    record = page.get_by_test_id("timer-record-limit")
    assert record.is_disabled()

    # a discard after 13 s: the page says the 10 s limit passed and offers the foul
    tap = page.get_by_test_id("timer-tap")
    tap.click()
    _advance(page, server_clock, 13 * S)
    assert "over the 10 s limit (MCR §3.6.4)" in page.locator(
        "[data-timer-turn-hint]").inner_text()
    assert root.get_attribute("data-last-signal") == "warn"
    tap.click()
    assert root.get_attribute("data-points") == "0"
    assert page.get_by_test_id("timer-points").is_hidden()
    assert record.is_enabled()
    assert "rule violation, 5 points (MCR §3.11.2.2)" in record.inner_text()

    # a late Pung call: one tap records the §3.11.6.5 ladder foul (a warning the first time)
    late = page.get_by_test_id("timer-late-call")
    assert "warning" in late.inner_text().lower()
    late.click()
    page.get_by_test_id("timer-foul-done").wait_for(timeout=10_000)
    page.wait_for_function("() => document.querySelector('[data-testid=timer-late-call]')"
                           ".textContent.includes('5 points')", timeout=10_000)

    # the layout fits a 360 px phone and every control is a full-size target
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    small = page.evaluate("""() => [...document.querySelectorAll('main button, main a')]
        .filter(e => e.offsetParent && e.getBoundingClientRect().height < 44)
        .map(e => e.outerHTML.slice(0, 80))""")
    assert small == []

    # the judge confirms the passed limit: the rubric's 5 points go on the card
    record.click()
    page.get_by_test_id("timer-done").wait_for(timeout=10_000)
    server = _server_timer(page, live_server, timer_id)
    assert server["status"] == "converted" and server["result"]["total_points"] == 0
    card = page.request.get(f"{live_server.url}/api/cards/{server['card']}").json()
    number = server["player"]["number"]
    assert card["totals"][str(number)]["penalties"] == -5
    with app.app_context():
        from sqlalchemy import select

        from judgeaid.extensions import db
        from judgeaid.models import Penalty

        rows = db.session.scalars(select(Penalty).order_by(Penalty.id)).all()
        assert [(r.category, r.infraction, r.kind, r.points) for r in rows] == [
            ("hand_ladder", "late_pung", "warning", 0),
            ("violation", "rule_violation", "points", 5)]
