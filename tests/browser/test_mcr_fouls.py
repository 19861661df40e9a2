"""A judge gives an MCR foul from the console on a 360 px phone: MCR's list, the suggestion,
the shares paid to the other players filled in, the card's totals, the record of fouls
(issue 16)."""

from __future__ import annotations

import re

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.browser.pages import parts_started
from tests.conftest import login
from tests.factories import use_ruleset

pytestmark = pytest.mark.browser


def no_sideways_scroll_and_axe_clean(page):
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    serious = [v for v in Axe().run(page).response["violations"]
               if v["impact"] in ("serious", "critical")]
    assert not serious, [(v["id"], [n["target"] for n in v["nodes"]]) for v in serious]


def test_a_judge_gives_a_false_hu_from_the_console(app, demo, live_server, context, page):
    tid = demo["tournament_id"]
    use_ruleset(app, tid)
    card_id = int(demo["cards"][0]["api"].rsplit("/", 1)[1])
    client = login(app.test_client(), demo, "judge")
    offender, *others = [p["number"] for p in
                         client.get(f"/api/cards/{card_id}").get_json()["players"]]
    answer = context.request.post(live_server.url + "/api/login", data={
        "tournament_id": tid, "name": demo["judge"]["name"], "pin": demo["judge"]["pin"]})
    assert answer.ok

    page.goto(f"{live_server.url}/t/{tid}/judge/rulings/new?card={card_id}")
    parts_started(page)
    page.click("[data-add-penalty]")
    block = page.locator("[data-penalty]").first
    # MCR's list, its first category chosen (no ZJ "procedural violation" here)
    categories = block.locator("[data-field=category] option").all_inner_texts()
    assert "False Hu (MCR §3.11.6.6)" in categories
    assert not any("Procedural" in c for c in categories)
    block.locator("[data-field=player]").select_option(str(offender))
    block.locator("[data-field=category]").select_option("false_hu")
    block.locator("[data-field=infraction]").select_option("below_minimum")
    expect(block.locator("[data-testid=suggested-label]")).to_have_text("30 points")
    expect(block.locator("[data-testid=suggestion-explanation]")).to_contain_text(
        "10 to each other player")
    # the rules' shares are filled in: 10 to each of the three others
    expect(block.locator("[data-field=points]")).to_have_value("30")
    for number in others:
        expect(block.locator(f"[data-paid-to='{number}']")).to_have_value("10")
    page.fill("textarea[name=what_happened]", "Hu on a 6-point hand")
    no_sideways_scroll_and_axe_clean(page)

    page.click("[data-testid=save-ruling]")
    page.wait_for_url(re.compile(r"/judge/rulings/\d+$"))
    expect(page.locator("main")).to_contain_text("30 points")
    totals = client.get(f"/api/cards/{card_id}").get_json()["totals"]
    assert totals[str(offender)]["penalties"] == -30
    assert [totals[str(n)]["penalties"] for n in others] == [10, 10, 10]

    # and it is on the session's record of fouls (MCR Appendix 6)
    page.goto(f"{live_server.url}/t/{tid}/judge/fouls?session=1")
    expect(page.locator("[data-foul]")).to_have_count(1)
    expect(page.locator("[data-foul]")).to_contain_text("False Hu")
    no_sideways_scroll_and_axe_clean(page)


def test_knocked_tiles_beyond_60_say_the_texts_range(app, demo, live_server, context, page):
    # MCR §3.11.6.7 (3): 5-60 to the offended player; the server refuses more, so the form
    # says so instead of offering a reason
    tid = demo["tournament_id"]
    use_ruleset(app, tid)
    card_id = int(demo["cards"][0]["api"].rsplit("/", 1)[1])
    client = login(app.test_client(), demo, "judge")
    offender, victim, *_ = [p["number"] for p in
                            client.get(f"/api/cards/{card_id}").get_json()["players"]]
    answer = context.request.post(live_server.url + "/api/login", data={
        "tournament_id": tid, "name": demo["judge"]["name"], "pin": demo["judge"]["pin"]})
    assert answer.ok

    page.goto(f"{live_server.url}/t/{tid}/judge/rulings/new?card={card_id}&round=3")
    page.click("[data-add-penalty]")
    block = page.locator("[data-penalty]").first
    block.locator("[data-field=player]").select_option(str(offender))
    block.locator("[data-field=category]").select_option("tiles")
    block.locator("[data-field=infraction]").select_option("tiles_knocked")
    expect(block.locator("[data-testid=suggested-label]")).to_have_text("5 points")
    block.locator("[data-field=points]").fill("70")
    expect(block.locator("[data-beyond]")).to_have_text(
        "MCR §3.11 sets 5–60 points for this foul: choose an amount within it.")
    block.locator("[data-field=points]").fill("40")
    expect(block.locator("[data-beyond]")).to_be_hidden()
    # the hand is named "Hand" on an MCR event's form
    expect(page.locator("label:has(select[name=round])")).to_contain_text("Hand")
