"""The hall clock follows the day, on a 360 px phone.

Session 1 seated but not posted and session 2 seated: the desk offers "switch the clock" in one
tap. Session 1 posted and session 2 seated: the hall clock, the time-outs page and the
late-arrival form show session 2 by themselves. A late arrival refused by the server says why
right under the button that sent it.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from judgeaid.extensions import db
from judgeaid.models import PlaySession, Tournament
from judgeaid.services import seating
from tests.browser.pages import Phones, wait_synced
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


def seat_second(app, tid):
    with app.app_context():
        seating.seat_session(db.session.get(Tournament, tid), 2, "test")
        db.session.commit()


def post_first(app):
    with app.app_context():
        session = db.session.get(PlaySession, 1)
        session.finalized_at = datetime.now(UTC).replace(tzinfo=None)
        session.finalized_by = "organizer:test"
        session.status = "finished"
        db.session.commit()


def login(page, server, demo, role="organizer"):
    answer = page.request.post(f"{server.url}/api/login", data={
        "tournament_id": demo["tournament_id"], "name": demo[role]["name"],
        "pin": demo[role]["pin"]})
    assert answer.ok


def test_the_desk_switches_the_clock_in_one_tap(live_server, phones, app, demo, server_clock):
    tid = demo["tournament_id"]
    seat_second(app, tid)
    page = phones.new().new_page()
    login(page, live_server, demo)
    base = f"{live_server.url}/t/{tid}"
    page.goto(f"{base}/clock")
    wait_synced(page)
    assert page.locator("[data-clock-session]").inner_text() == "Session 1"
    page.goto(f"{base}/organizer")
    switch = page.get_by_test_id("clock-switch")
    button = switch.get_by_role("button")
    assert button.inner_text() == "Session 2 is seated: switch the clock"
    # at the top of the desk: in view without scrolling on a phone
    assert button.bounding_box()["y"] + button.bounding_box()["height"] < 740
    button.click()
    page.wait_for_url("**/organizer")
    assert page.get_by_test_id("clock-switch").count() == 0
    page.goto(f"{base}/clock")
    wait_synced(page)
    assert page.locator("[data-clock-session]").inner_text() == "Session 2"


def test_the_clock_moves_on_once_a_session_is_posted(live_server, phones, app, demo,
                                                     server_clock):
    tid = demo["tournament_id"]
    seat_second(app, tid)
    post_first(app)
    page = phones.new().new_page()
    base = f"{live_server.url}/t/{tid}"
    page.goto(f"{base}/clock")
    wait_synced(page)
    assert page.locator("[data-clock-session]").inner_text() == "Session 2"
    login(page, live_server, demo, "judge")
    page.goto(f"{base}/timeouts")
    assert "session 2" in page.locator(".eyebrow").inner_text().lower()
    # the clock has not started: logging a late arrival is refused, and the page says why
    page.select_option("[data-timeout-form] select[name=player]", index=1)
    page.click("[data-timeout-start=late]")
    message = page.locator("[data-timeout-message]")
    message.filter(has_text="Not saved").wait_for()
    assert "clock has not started" in message.inner_text()
    box = message.bounding_box()
    assert box["height"] > 0
