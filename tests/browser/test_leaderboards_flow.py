"""In Chromium at 360 px: a visitor opens the leaderboards from the home page, chooses a
window, reads the board and the events left out, and downloads the board as CSV."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tests.factories import EXPECTED_2026, build_events

pytestmark = pytest.mark.browser


def follow(page, selector):
    """Tap a link or a submit button and wait for the new page to have loaded (a click
    returns as soon as the navigation commits, before the page is parsed)."""
    with page.expect_navigation(wait_until="load"):
        page.click(selector)


@pytest.fixture
def events(app):
    with app.app_context():
        return build_events()


def test_a_visitor_chooses_a_window_and_downloads_the_board(live_server, browser, events):
    context = browser.new_context(viewport={"width": 360, "height": 740}, accept_downloads=True)
    try:
        page = context.new_page()
        page.goto(live_server.url + "/")
        follow(page, "[data-testid=leaderboards-link]")
        assert page.locator("h1").inner_text() == "Leaderboards"
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360

        # a custom window with the dates the wrong way round: the page says so
        page.select_option("[data-testid=window]", "custom")
        page.fill("[data-testid=from]", "2026-12-31")
        page.fill("[data-testid=to]", "2026-01-01")
        follow(page, "[data-testid=show-board]")
        assert "The from date is after the to date." in page.locator(
            "[data-testid=leaderboard-error]").inner_text()

        page.fill("[data-testid=from]", "2026-01-01")
        page.fill("[data-testid=to]", "2026-12-31")
        follow(page, "[data-testid=show-board]")
        assert page.locator("[data-testid=leaderboard-error]").count() == 0
        lines = page.locator("[data-testid=leaderboard] li")
        assert lines.count() == len(EXPECTED_2026)
        best = max(EXPECTED_2026, key=EXPECTED_2026.get)
        assert best in lines.nth(0).inner_text()
        assert "Friendly Night" in page.locator("[data-testid=left-out]").inner_text()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        box = page.locator("[data-testid=show-board]").bounding_box()
        assert box["height"] >= 40

        with page.expect_download() as info:
            page.click("[data-testid=board-csv]")
        download = info.value
        assert download.suggested_filename == "leaderboard-2026-01-01-2026-12-31.csv"
        text = Path(download.path()).read_text(encoding="utf-8-sig")
        rows = list(csv.reader(io.StringIO(text)))
        assert rows[0] == ["rank", "member_id", "name", "events", "match_points"]
        assert rows[1][2] == best and len(rows) == len(EXPECTED_2026) + 1

        # the lifetime board, in the dark theme, still fits
        page.evaluate("() => { document.documentElement.dataset.theme = 'dark' }")
        page.check("input[name=board][value=lifetime]")
        follow(page, "[data-testid=show-board]")
        assert page.locator("#board-title").inner_text() == "Lifetime board"
        assert page.locator("[data-testid=board-empty]").is_visible()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
