"""In Chromium at 360 px: the EMA results page of a played MCR event (issue 30): the rows,
the row that needs a look, the weight, the reconciliation, the download, in English and in
Chinese."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from axe_playwright_python.sync_playwright import Axe

from judgeaid.extensions import db
from judgeaid.models import Tournament
from tests.factories import played_mcr_event

pytestmark = pytest.mark.browser

RECORDS = {1: ("Berg", "Ann", "04010001", "DE"), 2: ("Chen", "Bo", "02010002", "FR"),
           3: ("Dahl", "Cy", None, "NL"), 5: ("Fox", "Eli", "05010005", "DK")}


@pytest.fixture
def event(app):
    with app.app_context():
        event = played_mcr_event(finalize=True)
        tournament = db.session.get(Tournament, event["id"])
        for player in tournament.players:
            if player.number in RECORDS:
                (player.family_name, player.given_name, player.ema_number,
                 player.country) = RECORDS[player.number]
        db.session.commit()
        return event


def test_the_ema_page_on_a_phone(live_server, browser, event):
    context = browser.new_context(viewport={"width": 360, "height": 740}, accept_downloads=True)
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/login")
        page.select_option("select[name=tournament_id]", str(event["id"]))
        page.fill("input[name=name]", event["organizer"])
        page.fill("input[name=pin]", "1234")
        page.click("button[type=submit]")
        page.wait_for_url(lambda url: "/login" not in url)
        page.goto(f"{live_server.url}/t/{event['id']}/standings/manage")
        page.click("[data-testid=ema-link]")
        page.wait_for_url("**/exports/ema")
        rows = page.locator("[data-testid=ema-rows] tbody tr")
        assert rows.count() == 8
        assert page.locator("[data-testid=ema-rows] tr[data-look=names]").count() == 4
        assert "4 rows have only a display name" in page.locator(
            "[data-testid=ema-needs-look]").inner_text()
        assert page.locator("[data-testid=ema-weight] .lead").inner_text() == "MERS weight: 1"
        assert page.locator("[data-testid=check-session-1] .badge").inner_text() == "adds up"
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        serious = [v for v in Axe().run(page).response["violations"]
                   if v["impact"] in ("serious", "critical")]
        assert not serious, [(v["id"], [n["target"] for n in v["nodes"]]) for v in serious]

        with page.expect_download() as download:
            page.click("[data-testid=ema-download]")
        data = Path(download.value.path()).read_bytes()
        lines = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
        assert lines[0][0] == "Position" and len(lines) == 9
        shown = [r.locator("td").nth(1).inner_text() for r in rows.all()]
        assert [line[1] for line in lines[1:]] == shown

        page.goto(f"{live_server.url}/t/{event['id']}/exports/ema?lang=zh-Hant")
        text = page.locator("main").inner_text()
        assert "MERS" in text and "EMA" in text and "Reconciliation" not in text
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        page.goto(f"{live_server.url}/t/{event['id']}/exports/ema?lang=zh-Hans")
        assert "Reconciliation" not in page.locator("main").inner_text()
    finally:
        context.close()
