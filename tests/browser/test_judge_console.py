"""The judge console in Chromium: the queue updates itself; the guide searches offline."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.factories import table_link

pytestmark = pytest.mark.browser


def sign_in(context, live_server, demo, role="judge"):
    who = demo[role]
    response = context.request.post(live_server.url + "/api/login", data={
        "tournament_id": demo["tournament_id"], "name": who["name"], "pin": who["pin"]})
    assert response.ok, response.text()


def test_the_queue_shows_a_new_call_without_a_reload(app, demo, live_server, context, page):
    sign_in(context, live_server, demo)
    page.goto(f"{live_server.url}/t/{demo['tournament_id']}/judge")
    expect(page.locator("[data-queue-empty]")).to_be_visible()
    card_id = int(demo["cards"][2]["api"].rsplit("/", 1)[1])
    answer = app.test_client().post(f"/api/cards/{card_id}/call-up",
                                    headers=table_link(app, card_id),
                                    json={"reason": "dead wall?", "op_id": "queue-test-1"})
    assert answer.status_code == 200
    call = page.locator("[data-call]")
    expect(call).to_contain_text("Table 3", timeout=8_000)
    expect(call).to_contain_text("“dead wall?”")
    expect(call.locator(".call-wait")).to_contain_text("waiting 0:0")
    expect(page.locator("[data-queue-count]")).to_have_text("1")
    small = page.evaluate("""() => [...document.querySelectorAll(
        'a.button, button, .table-picks a, .judge-nav a')].filter(e => e.offsetParent)
        .filter(e => e.getBoundingClientRect().height < 44).length""")
    assert small == 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_the_guide_searches_offline_and_starts_a_ruling(demo, live_server, context, page):
    sign_in(context, live_server, demo)
    guide = f"{live_server.url}/t/{demo['tournament_id']}/judge/guide"
    page.goto(guide)
    page.evaluate("() => navigator.serviceWorker.ready")
    page.reload()
    context.set_offline(True)
    try:
        page.reload()
        page.fill("[data-guide-query]", "dead hand")
        first = page.locator("[data-guide-entry]:visible").first
        expect(first).to_have_attribute("open", "")
        expect(page.locator("[data-guide-count]")).to_contain_text("answer")
        page.fill("[data-guide-query]", "1.8")
        expect(page.locator("[data-guide-entry]:visible").first).to_contain_text("§1.8")
    finally:
        context.set_offline(False)
    page.fill("[data-guide-query]", "false win")
    page.locator("[data-start-ruling=false-win]").click()
    expect(page.locator("input[name=sections][value='1.4.6']")).to_be_checked()
    penalty = page.locator("[data-penalty]").first
    expect(penalty.locator("[data-field=category]")).to_have_value("special")
    expect(penalty.locator("[data-field=infraction]")).to_have_value(
        "tiles_disturbed_after_false_win")
