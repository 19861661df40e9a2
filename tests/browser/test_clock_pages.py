"""The clock's pages on a 360 px phone: no sideways scroll, full-size targets, axe clean."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.pages import MIN, Phones, start_clock, wait_synced
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


def check(page):
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    small = page.evaluate("""() => [...document.querySelectorAll('main button, main a')]
        .filter(e => e.offsetParent && e.getBoundingClientRect().height < 44)
        .map(e => e.outerHTML.slice(0, 80))""")
    assert small == []
    serious = [v for v in Axe().run(page).response["violations"]
               if v["impact"] in ("serious", "critical")]
    assert not serious, [(v["id"], [n["target"] for n in v["nodes"]]) for v in serious]


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_clock_pages_are_usable_and_accessible(live_server, phones, app, demo, server_clock,
                                               theme):
    # 4 minutes left: the warning colours are on
    start_clock(app, server_clock.now_ms() - 86 * MIN)
    page = phones.new().new_page()
    page.add_init_script(f"localStorage.setItem('judgeaid-theme', '{theme}')")
    base = f"{live_server.url}/t/{demo['tournament_id']}"
    page.goto(f"{base}/clock")
    wait_synced(page)
    assert page.locator("[data-session-clock]").get_attribute("data-phase") == "warn5"
    check(page)
    page.request.post(f"{live_server.url}/api/login", data={
        "tournament_id": demo["tournament_id"], "name": demo["organizer"]["name"],
        "pin": demo["organizer"]["pin"]})
    for path in ("/clock/control", "/timeouts", "/timers"):
        page.goto(base + path)
        wait_synced(page)
        check(page)
    page.click("[data-timer-tables] [data-table='1']")
    page.locator("[data-timer-players] button").first.click()
    page.click("button[value=earlier]")
    page.wait_for_url("**/timers/*")
    page.get_by_test_id("timer-tap").click()
    page.wait_for_timeout(300)
    check(page)
