"""The language switch: two taps from any page at 360 px, and the page then says its
language (issue 29)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect


def sign_in(context, url: str, demo, role: str) -> None:
    who = demo[role]
    response = context.request.post(url + "/api/login", data={
        "tournament_id": demo["tournament_id"], "name": who["name"], "pin": who["pin"]})
    assert response.ok, response.text()


@pytest.mark.parametrize(("role", "tag"), [("player", "zh-Hant"), ("judge", "zh-Hans"),
                                           ("organizer", "zh-Hant")])
def test_two_taps_from_where_each_role_lands_give_the_page_in_chinese(demo, live_server,
                                                                       context, page, role,
                                                                       tag):
    tid = demo["tournament_id"]
    if role == "player":
        start = demo["players"][0]["url"]
    else:
        sign_in(context, live_server.url, demo, role)
        start = f"/t/{tid}/organizer" if role == "organizer" else f"/t/{tid}/judge"
    page.goto(live_server.url + start)
    assert page.evaluate("() => document.documentElement.lang") == "en"
    page.locator("[data-testid=lang-switch] summary").click()            # tap 1
    page.locator(f"[data-testid=lang-switch] a[data-lang='{tag}']").click()  # tap 2
    page.wait_for_load_state()
    expect(page.locator("html")).to_have_attribute("lang", tag)
    assert page.url.split("?")[0] == live_server.url + start.split("?")[0]  # the same page
    # remembered: the next page opened without ?lang= is in the same language
    page.goto(live_server.url + start)
    expect(page.locator("html")).to_have_attribute("lang", tag)
    # and back to English the same way
    page.locator("[data-testid=lang-switch] summary").click()
    page.locator("[data-testid=lang-switch] a[data-lang='en']").click()
    page.wait_for_load_state()
    expect(page.locator("html")).to_have_attribute("lang", "en")
