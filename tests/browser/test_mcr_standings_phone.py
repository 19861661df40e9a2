"""In Chromium at 360 px: the public standings of an MCR event (table points, contest points,
teams), and the organizer recording the lot that settles a tie (MCR §3.10.1, Appendix 7)."""

from __future__ import annotations

import pytest
from axe_playwright_python.sync_playwright import Axe

from judgeaid.extensions import db
from judgeaid.models import Tournament
from tests.factories import played_mcr_event

pytestmark = pytest.mark.browser


@pytest.fixture
def event(app):
    with app.app_context():
        event = played_mcr_event(finalize=True, teams=True)
        # an event of the two sessions played: both posted, the lot is asked for (issue 27)
        tournament = db.session.get(Tournament, event["id"])
        tournament.settings = {**tournament.settings, "sessions": 2}
        db.session.commit()
        return event


def check_phone(page):
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    serious = [v for v in Axe().run(page).response["violations"]
               if v["impact"] in ("serious", "critical")]
    assert not serious, [(v["id"], [n["target"] for n in v["nodes"]]) for v in serious]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_mcr_standings_on_a_phone_and_the_lot(live_server, browser, event, scheme):
    visitor = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme)
    desk = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme)
    try:
        public = visitor.new_page()
        public.goto(f"{live_server.url}/t/{event['id']}/standings")
        heads = public.locator("[data-testid=standings] thead th").all_inner_texts()
        assert heads == ["Place", "Player", "Table points", "Contest points"]
        rows = public.locator("[data-testid=standings] tbody tr")
        assert rows.count() == 8
        assert "Eli" in rows.nth(0).inner_text()
        assert public.locator("[data-testid=tp-5]").inner_text() == "7"
        assert public.locator("[data-testid=cp-5]").inner_text() == str(event["contest"][5])
        assert public.locator("[data-testid=tied-7]").is_visible()
        assert "MCR Appendix 7" in public.locator("[data-testid=teams]").inner_text()
        check_phone(public)

        public.fill("[data-standings-filter]", "gus")
        assert public.locator("[data-testid=standings] tbody tr:visible").count() == 1

        organizer = desk.new_page()
        organizer.goto(f"{live_server.url}/login")
        organizer.select_option("select[name=tournament_id]", str(event["id"]))
        organizer.fill("input[name=name]", event["organizer"])
        organizer.fill("input[name=pin]", "1234")
        organizer.click("button[type=submit]")
        organizer.wait_for_url(lambda url: "/login" not in url)
        organizer.goto(f"{live_server.url}/t/{event['id']}/standings/manage#lots")
        # a lot is asked for only at a prize place the organizer marked (issue 27): 6-7 is
        # no prize place until the top 6 are marked
        assert organizer.locator("[data-testid=lots] li").count() == 0
        organizer.get_by_test_id("prize-places").fill("6")
        organizer.get_by_test_id("prize-save").click()
        organizer.wait_for_url(lambda url: url.endswith("#ties"))
        tie = organizer.locator("[data-testid=lots] li").first
        assert "Places 6–7" in tie.inner_text()
        tie.locator("input[name=numbers]").fill("8 7")
        tie.locator("button[type=submit]").click()
        assert "The lot is recorded: #8, #7" in organizer.locator("main").inner_text()
        assert organizer.evaluate("() => document.documentElement.scrollWidth") <= 360

        public.goto(f"{live_server.url}/t/{event['id']}/standings")
        assert public.locator("[data-testid=by-draw-8]").is_visible()
        assert public.locator("[data-standings-list] tr").nth(5).get_attribute(
            "data-number") == "8"
        check_phone(public)
    finally:
        visitor.close()
        desk.close()
