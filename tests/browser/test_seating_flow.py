"""In Chromium: the organizer previews and seats a session; a player opens their own page."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Player, Seat
from tests.factories import make_players, make_tournament

pytestmark = pytest.mark.browser


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, _ = make_tournament("Harbour Cup", pin="1234")
        make_players(tournament, 16, team_every=2)
        db.session.commit()
        return tournament.id


def test_organizer_seats_a_session_and_a_player_finds_their_table(live_server, browser, page,
                                                                  app, event):
    page.goto(f"{live_server.url}/login?tournament_id={event}")
    page.fill("input[name=name]", "Olga")
    page.fill("input[name=pin]", "1234")
    page.locator("main form button[type=submit]").click()
    page.wait_for_url("**/organizer")

    page.click("[data-testid=sessions-link]")
    page.wait_for_url("**/sessions")
    page.click("[data-testid=preview]")
    page.wait_for_url("**/sessions/1/preview")
    assert page.inner_text("[data-testid=plan-repeats]") == "0"
    assert page.inner_text("[data-testid=session-clashes]") == "0"
    assert page.locator("[data-testid=preview-tables] .table-card").count() == 4
    # Nothing is published by looking.
    with app.app_context():
        assert db.session.scalar(select(Seat).limit(1)) is None

    page.click("[data-testid=seat]")
    page.wait_for_url("**/sessions/1/tables")
    assert "Session 1 is seated at 4 tables." in page.inner_text("main")
    assert page.locator("[data-testid=tables] .table-card").count() == 4
    small = page.evaluate("""() => [...document.querySelectorAll('main a.button, main button')]
        .filter(e => e.offsetParent).filter(e => e.getBoundingClientRect().height < 44).length""")
    assert small == 0

    with app.app_context():
        player = db.session.scalar(select(Player).filter_by(number=7))
        seat = db.session.scalar(select(Seat).filter_by(player_id=player.id))
        table, wind = seat.table.number, seat.wind
    page.goto(f"{live_server.url}/t/{event}/organizer")
    link = page.locator("#players tr", has_text="Player 007").locator("a").get_attribute("href")

    phone = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        mine = phone.new_page()
        mine.goto(live_server.url + link)
        block = mine.locator("[data-testid=player-session-1]")
        text = block.inner_text()
        assert f"Table {table}" in text
        assert {"E": "East", "S": "South", "W": "West", "N": "North"}[wind] in text
        assert mine.evaluate("() => document.documentElement.scrollWidth") <= 360
        block.locator("a.button").click()
        mine.wait_for_url("**/cards/*#player=*")
        assert "Player 007" in mine.inner_text("body")
    finally:
        phone.close()
