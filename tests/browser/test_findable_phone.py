"""On a 360 px phone: each role lands on its own page, taps on to what it needs, and the
header fits in both themes."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

# Every tappable thing in the header, with its box and the box of its own words.
HEADER_BOXES = """() => {
  const header = document.querySelector('header.topbar');
  const items = [...header.querySelectorAll('a, button')].filter((e) => e.offsetParent);
  return {
    scrollWidth: header.scrollWidth,
    items: items.map((e) => {
      const box = e.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(e);
      const words = range.getBoundingClientRect();
      return { label: e.textContent.trim(), left: box.left, right: box.right, top: box.top,
               bottom: box.bottom, height: box.height, textLeft: words.left,
               textRight: words.right };
    }),
  };
}"""


def sign_in_by_form(page, url: str, demo, role: str) -> None:
    who = demo[role]
    page.goto(f"{url}/login?tournament_id={demo['tournament_id']}")
    page.fill("input[name=name]", who["name"])
    page.fill("input[name=pin]", who["pin"])
    page.click("main button[type=submit]")
    page.wait_for_url(lambda target: "/login" not in target)


def sign_in(context, url: str, demo, role: str) -> None:
    who = demo[role]
    response = context.request.post(url + "/api/login", data={
        "tournament_id": demo["tournament_id"], "name": who["name"], "pin": who["pin"]})
    assert response.ok, response.text()


def test_a_judge_lands_on_the_console_and_taps_to_a_card_and_the_timers(
        demo, live_server, page):
    tid = demo["tournament_id"]
    sign_in_by_form(page, live_server.url, demo, "judge")
    expect(page).to_have_url(f"{live_server.url}/t/{tid}/judge")
    expect(page.get_by_role("heading", name=f"Judge: {demo['judge']['name']}")).to_be_visible()

    table = demo["cards"][2]
    page.get_by_role("link", name=f"Live card of table {table['table']}").click()
    expect(page).to_have_url(re.compile(re.escape(f"{live_server.url}{table['url']}") + "$"))
    page.go_back()
    page.get_by_role("link", name="Play timers").click()
    expect(page).to_have_url(f"{live_server.url}/t/{tid}/timers")
    expect(page.get_by_role("heading", name="Time a player")).to_be_visible()
    # From the timers back to the console in one tap, from the header.
    page.locator("header").get_by_role("link", name="Console").click()
    expect(page).to_have_url(f"{live_server.url}/t/{tid}/judge")


def test_an_organizer_lands_on_the_desk(demo, live_server, page):
    tid = demo["tournament_id"]
    sign_in_by_form(page, live_server.url, demo, "organizer")
    expect(page).to_have_url(f"{live_server.url}/t/{tid}/organizer")
    expect(page.get_by_text("Organizer desk")).to_be_visible()


def test_a_judge_at_the_clock_controls_sees_who_may_and_ways_back(
        demo, live_server, context, page):
    tid = demo["tournament_id"]
    sign_in(context, live_server.url, demo, "judge")
    response = page.goto(f"{live_server.url}/t/{tid}/clock/control")
    assert response.status == 403
    expect(page.get_by_test_id("error-message")).to_contain_text(
        "Only the organizer and the head judge run the session clock")
    page.get_by_role("link", name="Open the hall display").click()
    expect(page.get_by_test_id("hall-clock")).to_be_visible()
    page.go_back()
    page.get_by_role("link", name="Back to the judge console").click()
    expect(page).to_have_url(f"{live_server.url}/t/{tid}/judge")


@pytest.mark.parametrize("role", ["player", "judge", "head_judge", "organizer"])
def test_the_header_fits_360_px_in_both_themes(demo, live_server, context, page, role):
    tid = demo["tournament_id"]
    if role == "player":
        start = demo["players"][0]["url"]
    else:
        sign_in(context, live_server.url, demo, role)
        start = f"/t/{tid}/organizer" if role == "organizer" else f"/t/{tid}/judge"
    page.goto(live_server.url + start)
    for theme in ("light", "dark"):
        page.evaluate(f"() => {{ document.documentElement.dataset.theme = '{theme}'; }}")
        header = page.evaluate(HEADER_BOXES)
        assert header["scrollWidth"] <= 360, (role, theme, header)
        items = header["items"]
        labels = [i["label"] for i in items]
        assert "◐" in labels and ("Sign in" in labels) == (role == "player"), labels
        for item in items:
            assert item["left"] >= 0 and item["right"] <= 360, (role, theme, item)
            assert item["height"] >= 40, (role, theme, item)
        # Neighbours on one line keep a clear gap between their words.
        for a in items:
            for b in items:
                same_line = a["top"] < b["bottom"] and b["top"] < a["bottom"]
                if a is not b and same_line and a["left"] <= b["left"]:
                    assert b["textLeft"] - a["textRight"] >= 12, (role, theme, a, b)
        expect(page.locator("[data-theme-toggle]")).to_be_in_viewport()
    page.locator("[data-theme-toggle]").click()
    assert page.evaluate("() => document.documentElement.dataset.theme") == "light"
