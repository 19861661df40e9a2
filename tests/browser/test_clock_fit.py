"""The hall clock fits its screen: a projector from 1024x768 to 1920x1080 and a 360 px phone.

The digits stay on one line (MCR's "150:00" too), and the status and the tables' extra time
stay inside the viewport: every box is measured against it.
"""

from __future__ import annotations

import time

import pytest

from judgeaid.extensions import db
from judgeaid.models import ClockEvent, PlaySession
from tests.browser.pages import MIN, start_clock, wait_synced
from tests.factories import install_server_clock

pytestmark = pytest.mark.browser

SCREENS = [(360, 740), (1024, 768), (1280, 720), (1920, 1080)]
SHOT_DIR = None  # a folder to look at the screens in


@pytest.fixture
def server_clock(monkeypatch):
    return install_server_clock(monkeypatch, frozen=False)


def extend_tables(app, at_ms: int, tables: int) -> None:
    """Give the first `tables` tables extra time, each with a reason, as the organizer would."""
    with app.app_context():
        session = db.session.get(PlaySession, 1)
        for table in session.tables[:tables]:
            db.session.add(ClockEvent(session_id=session.id, table_id=table.id, kind="extend",
                                      amount_ms=4 * MIN, at_ms=at_ms, by="test",
                                      reason="A long ruling at the table"))
        db.session.commit()


def boxes(page) -> dict:
    return page.evaluate("""() => {
        const box = (sel) => { const e = document.querySelector(sel);
            if (!e || e.hidden) return null;
            const r = e.getBoundingClientRect();
            return {top: r.top, bottom: r.bottom, left: r.left, right: r.right,
                    height: r.height, text: e.textContent}; };
        const digits = document.querySelector('[data-clock-digits]');
        const lineHeight = parseFloat(getComputedStyle(digits).lineHeight)
            || parseFloat(getComputedStyle(digits).fontSize) * 1.2;
        return {width: innerWidth, height: innerHeight,
                scrollWidth: document.documentElement.scrollWidth,
                scrollHeight: document.documentElement.scrollHeight,
                digits: box('[data-clock-digits]'), lineHeight,
                digitsScroll: digits.scrollWidth - digits.clientWidth,
                status: box('[data-clock-status]'), tables: box('[data-clock-tables]'),
                title: box('.sc-title')};
    }""")


def assert_fits(found: dict) -> None:
    width, height = found["width"], found["height"]
    assert found["scrollWidth"] <= width, found
    for name in ("title", "digits", "status", "tables"):
        box = found[name]
        assert box is not None, name
        assert box["left"] >= 0 and box["right"] <= width, (name, found)
        assert box["top"] >= 0 and box["bottom"] <= height, (name, found)
    # one line: the digits are no taller than one line of their own size, nothing clipped
    assert found["digits"]["height"] < 1.5 * found["lineHeight"], found
    assert found["digitsScroll"] <= 0, found


@pytest.mark.parametrize("minutes, text_length", [(90, 5), (150, 6)])
def test_hall_clock_fits_every_screen(browser, app, live_server, demo, server_clock, minutes,
                                      text_length):
    now = server_clock.now_ms()
    start_clock(app, now - 20_000, session_minutes=minutes)
    extend_tables(app, now - 10_000, 3)
    for width, height in SCREENS:
        context = browser.new_context(viewport={"width": width, "height": height},
                                      service_workers="block")
        context.clock.install(time=time.time())
        try:
            page = context.new_page()
            page.goto(f"{live_server.url}/t/{demo['tournament_id']}/clock")
            wait_synced(page)
            page.wait_for_selector("[data-clock-tables] li")
            found = boxes(page)
            assert len(found["digits"]["text"]) == text_length, found
            assert "Table" in found["tables"]["text"]
            if SHOT_DIR:
                page.screenshot(path=f"{SHOT_DIR}/clock-{minutes}-{width}x{height}.png")
            assert_fits(found)
        finally:
            context.close()
