"""In Chromium on a phone: the CSV import report of long and odd rows stays as wide as the
screen, each rejected row shown cut short with an ellipsis."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import Player
from tests.factories import make_players, make_tournament

pytestmark = pytest.mark.browser


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, _ = make_tournament("Harbour Cup", pin="1234")
        make_players(tournament, 4)
        db.session.commit()
        return tournament.id


def test_a_long_rejected_row_does_not_widen_the_report(live_server, page, app, event):
    page.goto(f"{live_server.url}/login?tournament_id={event}")
    page.fill("input[name=name]", "Olga")
    page.fill("input[name=pin]", "1234")
    page.locator("[data-testid=signin-pin]").click()
    page.wait_for_url("**/organizer")
    desk_width = page.evaluate("() => document.documentElement.scrollWidth")
    rows = ["name,team", "W" * 300 + ",", "Ann," + "T" * 300, "Nul\x00Name,",
            "Ali\u202egnp.exe,", "L" * 120 + ",Red"]
    page.set_input_files("input[name=file]", files=[{
        "name": "players.csv", "mimeType": "text/csv",
        "buffer": "\n".join(rows).encode()}])
    page.locator("form:has(input[name=file]) button[type=submit]").click()
    page.wait_for_url("**/players/import")
    assert "1 player added, 4 rows rejected." in page.inner_text("main")
    report = page.locator("[data-testid=import-problems]")
    assert "The name is longer than 120 characters." in report.inner_text()
    shown = report.locator("code").first.inner_text()
    assert shown.endswith("…") and len(shown) == 40
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    # The player with the longest name the column holds does not widen the desk's list.
    page.goto(f"{live_server.url}/t/{event}/organizer")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= desk_width, desk_width
    with app.app_context():
        assert db.session.scalar(select(func.count(Player.id))) == 5
