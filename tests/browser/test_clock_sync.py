"""Every screen shows the hall's time: server offset, deadlines, sleep, reconnects (§3.4).

The server's clock here is real time plus a skew the test moves; each browser context has
Playwright's fake clock, set where the test wants it, so a phone whose own clock is wrong or
that slept for ten minutes can be shown to display the right time anyway.
"""

from __future__ import annotations

import math
import time

import pytest

from judgeaid.extensions import db
from judgeaid.models import Tournament
from tests.browser.pages import CLOCK, MIN, Phones, start_clock, wait_synced
from tests.factories import install_server_clock

pytestmark = pytest.mark.browser


@pytest.fixture
def server_clock(monkeypatch):
    return install_server_clock(monkeypatch, frozen=False)


@pytest.fixture
def phones(browser, app, live_server):
    phones = Phones(browser, app)
    yield phones
    phones.close()


def shown(page):
    """Return (remaining ms now, the digits on screen) of the page's session clock."""
    return page.evaluate(f"""() => {{
        const el = document.querySelector('{CLOCK}');
        return [el.clockRemainingMs(), el.querySelector('[data-clock-digits]').textContent];
    }}""")


def digits_seconds(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def set_visibility(page, state: str):
    page.evaluate("""(state) => {
        Object.defineProperty(document, 'visibilityState', {configurable: true, get: () => state});
        Object.defineProperty(document, 'hidden', {configurable: true,
                                                   get: () => state === 'hidden'});
        document.dispatchEvent(new Event('visibilitychange'));
    }""", state)


def assert_right_time(page, deadline_ms, server_clock, tolerance_ms):
    remaining, text = shown(page)
    truth = deadline_ms - server_clock.now_ms()
    assert abs(remaining - truth) < tolerance_ms, (remaining, truth)
    assert abs(digits_seconds(text) - math.ceil(truth / 1000)) <= 1, (text, truth)
    return remaining, truth


def test_two_phones_30_s_apart_show_the_same_time(live_server, phones, app, demo,
                                                   server_clock):
    deadline = start_clock(app, server_clock.now_ms() - 10 * MIN)
    hall_ctx, judge_ctx = phones.new(0), phones.new(30)
    hall = hall_ctx.new_page()
    hall.goto(f"{live_server.url}/t/{demo['tournament_id']}/clock")
    judge = judge_ctx.new_page()
    judge.request.post(f"{live_server.url}/api/login", data={
        "tournament_id": demo["tournament_id"], "name": demo["judge"]["name"],
        "pin": demo["judge"]["pin"]})
    judge.goto(f"{live_server.url}/t/{demo['tournament_id']}/timers")
    wait_synced(hall)
    wait_synced(judge)
    # the two devices' own clocks really are 30 s apart
    apart = judge.evaluate("Date.now()") - hall.evaluate("Date.now()")
    assert 29_000 < apart < 31_000
    results = []
    for page in (hall, judge):
        results.append(assert_right_time(page, deadline, server_clock, 500))
    (hall_left, hall_truth), (judge_left, judge_truth) = results
    assert abs((hall_left - judge_left) - (hall_truth - judge_truth)) < 500
    assert hall.locator(f"{CLOCK} [data-clock-status]").inner_text() == "Play on"


@pytest.mark.parametrize("server_moves", [True, False], ids=["slept", "device-clock-jumped"])
def test_a_page_hidden_for_ten_minutes_shows_the_right_time(live_server, phones, app, demo,
                                                            server_clock, server_moves):
    deadline = start_clock(app, server_clock.now_ms() - 5 * MIN)
    context = phones.new(-7)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{demo['tournament_id']}/clock")
    wait_synced(page)
    assert_right_time(page, deadline, server_clock, 500)
    set_visibility(page, "hidden")
    # like a closed lid: ten minutes pass at once and no timer runs meanwhile
    # (Playwright's fast_forward fires each due timer at most once, at the end)
    page.clock.fast_forward(10 * MIN)
    if server_moves:
        server_clock.advance(10 * MIN)
    set_visibility(page, "visible")
    shown_at = time.monotonic()
    while True:
        try:
            assert_right_time(page, deadline, server_clock, 1000)
            break
        except AssertionError:
            if time.monotonic() - shown_at > 1.0:
                raise
            time.sleep(0.05)
    page.wait_for_timeout(300)
    assert_right_time(page, deadline, server_clock, 1000)


def test_the_hall_display_reconnects_by_itself(live_server, phones, app, demo, server_clock,
                                                client):
    deadline = start_clock(app, server_clock.now_ms() - 1 * MIN)
    context = phones.new(0)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{demo['tournament_id']}/clock")
    wait_synced(page)
    context.set_offline(True)
    page.evaluate(f"() => document.querySelector('{CLOCK}').clockRefresh()")
    page.wait_for_selector(f"{CLOCK}[data-connection=lost]")
    assert "Reconnecting" in page.locator(f"{CLOCK} [data-clock-note]").inner_text()
    # still counting down from the deadline it knows
    before = shown(page)[0]
    page.wait_for_timeout(1200)
    assert 900 < before - shown(page)[0] < 1600
    assert_right_time(page, deadline, server_clock, 500)
    # meanwhile the organizer pauses the clock
    from tests.conftest import login
    login(client, demo, "organizer")
    assert client.post(f"/api/tournaments/{demo['tournament_id']}/clock",
                       json={"action": "pause", "op_id": "pause-while-away"}
                       ).status_code == 200
    context.set_offline(False)
    page.wait_for_selector(f"{CLOCK}[data-connection=ok][data-status=paused]",
                           timeout=10_000)
    assert page.locator(f"{CLOCK} [data-clock-status]").inner_text() == "Paused"
    assert page.locator(f"{CLOCK} [data-clock-note]").is_hidden()


def test_warnings_at_15_and_5_minutes_and_stop_at_zero(live_server, phones, app, demo,
                                                       server_clock, client):
    from tests.conftest import login

    # 15 minutes and 6 seconds left; cards close at zero (no grace, for the test)
    start_clock(app, server_clock.now_ms() - 75 * MIN + 6000, time_over_grace_seconds=0)
    context = phones.new(0)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{demo['tournament_id']}/clock")
    wait_synced(page)
    clock = page.locator(CLOCK)
    assert clock.get_attribute("data-phase") == "play"
    page.wait_for_selector(f"{CLOCK}[data-phase=warn15]", timeout=10_000)
    assert clock.get_attribute("data-last-signal") == "warn"
    assert page.locator(f"{CLOCK} [data-clock-status]").inner_text() == (
        "Less than 15 minutes left (reminder)")

    login(client, demo, "organizer")

    def take_back(seconds, op_id):
        response = client.post(f"/api/tournaments/{demo['tournament_id']}/clock", json={
            "action": "extend", "seconds": -seconds, "reason": "test", "op_id": op_id})
        assert response.status_code == 200
        page.evaluate(f"() => document.querySelector('{CLOCK}').clockRefresh()")

    take_back(600, "take-back-1")
    page.wait_for_selector(f"{CLOCK}[data-phase=warn5]", timeout=5000)
    # leave about two seconds, so zero comes by itself rather than by the organizer's act
    left = client.get(f"/api/tournaments/{demo['tournament_id']}/clock").get_json()[
        "session"]["hall"]["remaining_ms"]
    take_back(left // 1000 - 2, "take-back-2")
    card = demo["cards"][0]["api"]
    assert client.get(card).get_json()["not_played_from"] is None
    page.wait_for_selector(f"{CLOCK}[data-phase=over]", timeout=8000)
    assert clock.get_attribute("data-last-signal") == "stop"
    assert "stop play" in page.locator(f"{CLOCK} [data-clock-status]").inner_text().lower()
    assert page.locator(f"{CLOCK} [data-clock-digits]").inner_text() == "0:00"
    # the hall display asked the server to close the cards; nobody had to
    for _ in range(50):
        if client.get(card).get_json()["not_played_from"] == 1:
            break
        page.wait_for_timeout(100)
    assert client.get(card).get_json()["not_played_from"] == 1
    events = client.get(f"/api/tournaments/{demo['tournament_id']}/clock").get_json()[
        "session"]["events"]
    assert events[-1]["kind"] == "end" and events[-1]["by"] == "clock"


def test_grand_final_counts_up(live_server, phones, app, demo, server_clock):
    with app.app_context():
        db.session.get(Tournament, demo["tournament_id"]).settings = {
            **db.session.get(Tournament, demo["tournament_id"]).settings,
            "session_minutes": None}
        db.session.commit()
    started = server_clock.now_ms() - 61 * MIN - 5000
    start_clock(app, started)
    context = phones.new(0)
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{demo['tournament_id']}/clock")
    wait_synced(page)
    assert page.locator(CLOCK).get_attribute("data-phase") == "untimed"
    seconds = digits_seconds(page.locator(f"{CLOCK} [data-clock-digits]").inner_text())
    assert abs(seconds - (server_clock.now_ms() - started) / 1000) <= 1.5
    assert "No time limit" in page.locator(f"{CLOCK} [data-clock-status]").inner_text()
