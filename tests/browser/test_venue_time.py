"""In Chromium on a phone set to New York: a Tokyo event shows Tokyo's clock everywhere.

The organizer sets the venue's zone on the desk, types a session start as venue time, and
the sessions page, the player's page, the printed slips and a time drawn by JavaScript (the
session clock's log) all read the venue's wall clock, not the phone's.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import select

from judgeaid import venuetime
from judgeaid.extensions import db
from judgeaid.models import ClockEvent, PlaySession
from tests.printing import page_texts

pytestmark = pytest.mark.browser

VENUE, PHONE = "Asia/Tokyo", "America/New_York"


@pytest.fixture
def phone(browser):
    ctx = browser.new_context(viewport={"width": 360, "height": 740}, timezone_id=PHONE)
    yield ctx.new_page()
    ctx.close()


def sign_in(page, url, demo, role="organizer"):
    page.goto(f"{url}/login?tournament_id={demo['tournament_id']}")
    page.fill("input[name=name]", demo[role]["name"])
    page.fill("input[name=pin]", demo[role]["pin"])
    page.locator("[data-testid=signin-pin]").click()
    page.wait_for_url("**/organizer" if role == "organizer" else "**/judge")


def test_a_phone_in_new_york_shows_tokyo_time(live_server, phone, app, demo):
    page, tid = phone, demo["tournament_id"]
    # The phone really is in New York: its own clock would say 00:30 for 14:30 in Tokyo.
    assert page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone") == PHONE
    sign_in(page, live_server.url, demo)

    page.fill("#time-zone-form [data-testid=time-zone]", VENUE)
    page.locator("#time-zone-form button[type=submit]").click()
    page.wait_for_url("**/organizer")
    assert page.inner_text("#time-zone-form [data-testid=venue-zone]") == VENUE
    assert page.get_attribute("body", "data-time-zone") == VENUE

    page.goto(f"{live_server.url}/t/{tid}/sessions")
    form = page.locator("[data-testid=session-1] form.row-form")
    assert "(venue time, Asia/Tokyo)" in form.inner_text()
    form.locator("input[name=starts_at]").fill("2026-11-24T14:30")
    form.locator("button[type=submit]").click()
    page.wait_for_url("**/sessions#session-1")
    assert page.inner_text("[data-testid=starts-1]") == "Tue 24 Nov, 14:30 JST"
    assert page.input_value("[data-testid=session-1] input[name=starts_at]") == "2026-11-24T14:30"
    with app.app_context():
        stored = db.session.scalar(select(PlaySession.starts_at).where(
            PlaySession.tournament_id == tid, PlaySession.number == 1))
    assert stored == datetime(2026, 11, 24, 5, 30)  # UTC

    page.goto(live_server.url + demo["players"][0]["url"])
    assert page.inner_text("[data-testid=starts-1]") == "Tue 24 Nov, 14:30 JST"

    pdf = page.request.get(f"{live_server.url}/t/{tid}/print/slips.pdf?session=1")
    assert pdf.ok
    texts = page_texts(pdf.body())
    assert "Starts Tue 24 Nov, 14:30 JST" in texts[0]
    assert "starts Tue 24 Nov, 14:30 JST" in " ".join(texts[-1].split())

    # A time JavaScript draws: the session clock's log of acts, from the server's at_ms.
    page.goto(f"{live_server.url}/t/{tid}/clock/control?session=1")
    page.click("[data-clock-act=start]")
    events = page.locator("[data-clock-events] li")
    events.first.wait_for()
    with app.app_context():
        at_ms = db.session.scalar(select(ClockEvent.at_ms).where(ClockEvent.kind == "start"))
    moment = datetime.fromtimestamp(at_ms / 1000, UTC).replace(tzinfo=None)
    tokyo = venuetime.venue_text(moment, VENUE, "seconds", with_zone=False)
    new_york = venuetime.venue_text(moment, PHONE, "seconds", with_zone=False)
    shown = events.first.inner_text()
    assert shown.startswith(tokyo) and "Started" in shown, shown
    assert not shown.startswith(new_york)
    # The same helper, asked directly, agrees with Python for the stored start time.
    drawn = page.evaluate("""async () => {
        const { venueTime } = await import('/static/js/dom.js');
        return venueTime('2026-11-24T05:30:00Z');
    }""")
    assert drawn.startswith("14:30")
