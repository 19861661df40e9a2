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
    page.locator("[data-testid=signin-pin]").click()
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
        mine.wait_for_selector("html[data-card-ready=true]")  # the card comes as its data
        assert "Player 007" in mine.inner_text("body")
    finally:
        phone.close()


# ---------------------------------------------------------------- §3.7 late and absent


@pytest.fixture
def late_event(app):
    from datetime import timedelta

    from judgeaid.models import PlaySession, utcnow

    with app.app_context():
        tournament, _ = make_tournament("Harbour Cup", pin="1234")
        make_players(tournament, 9)
        # session 2 starts in 5 minutes: a check-in now is after its cut-off
        db.session.add(PlaySession(tournament_id=tournament.id, number=2,
                                   starts_at=utcnow() + timedelta(minutes=5)))
        db.session.commit()
        return tournament.id


def test_organizer_refuses_a_late_player_and_resigns_an_absent_one(live_server, page, app,
                                                                   late_event):
    from judgeaid.services import seating
    from judgeaid.services.accounts import get_tournament_or_404
    from tests.factories import organizer_of

    page.goto(f"{live_server.url}/login?tournament_id={late_event}")
    page.fill("input[name=name]", "Olga")
    page.fill("input[name=pin]", "1234")
    page.locator("[data-testid=signin-pin]").click()
    page.wait_for_url("**/organizer")
    page.goto(f"{live_server.url}/t/{late_event}/sessions")
    late = page.locator("[data-testid=late-arrival]")
    cut_off = late.locator("[data-testid=cut-offs] li[data-session='2']").inner_text()
    assert "check-in cut-off" in cut_off and "passed" in cut_off
    page.fill("[data-testid=change-form] input[name=player]", "9")
    late.locator("select[name=joins]").select_option("2")
    late.locator("button", has_text="Record late arrival").click()
    assert "checks in after the cut-off for session 2" in page.locator("main").inner_text()
    page.fill("[data-testid=change-form] input[name=player]", "9")
    late = page.locator("[data-testid=late-arrival]")
    late.locator("select[name=joins]").select_option("2")
    late.locator("[data-testid=late-refuse]").check()
    late.locator("button", has_text="Record late arrival").click()
    assert "is refused for session 2 (§3.7) and joins at session 3." in page.locator(
        "main").inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360

    with app.app_context():
        tournament = get_tournament_or_404(late_event)
        organizer = organizer_of(tournament)
        for number in (1, 2):
            session = seating.seat_session(tournament, number, organizer)
            assert 9 not in {s.player.number for t in session.tables for s in t.seats}
        db.session.commit()

    page.goto(f"{live_server.url}/t/{late_event}/sessions/2/tables")
    form = page.locator("[data-testid=absent-form]")
    assert "cannot be chosen instead (§3.7)" in page.locator("#absent").inner_text()
    form.locator("select[name=player]").select_option("3")
    form.locator("[data-testid=absent-confirm]").check()
    submit = form.locator("[data-testid=absent-submit]")
    assert submit.bounding_box()["height"] >= 40
    submit.click()
    page.wait_for_url("**/sessions/2/tables#absent")
    assert "is resigned from the tournament from session 2 (§3.7)" in page.locator(
        "main").inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    with app.app_context():
        status = db.session.scalar(select(Player.status).where(
            Player.tournament_id == late_event, Player.number == 3))
        assert status == "resigned"
