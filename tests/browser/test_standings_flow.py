"""In Chromium: the organizer posts session 1 as final; a visitor reads the public standings."""

from __future__ import annotations

import pytest

from judgeaid.extensions import db
from tests.factories import (
    card_of,
    make_event,
    play,
    seat_by_hand,
    time_over,
    win,
)

pytestmark = pytest.mark.browser

NAMES = ["Zoë Ünal", "Ana Kwan", "Bo Sato", "Cy Park", "Dee Ito", "Eli Rossi", "Fay Novak",
         "Gus Weber"]


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, organizer = make_event(players=8)
        for player, name in zip(tournament.players, NAMES, strict=True):
            player.name = name
        session = seat_by_hand(tournament, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
        play(card_of(session, 1), organizer, win(1, 40))
        play(card_of(session, 2), organizer, win(6, 10), win(7, 20, "discard", 8))
        for table in (1, 2):
            time_over(card_of(session, table), organizer)
        db.session.commit()
        return {"id": tournament.id, "organizer": organizer.name}


def test_organizer_posts_a_session_and_a_visitor_reads_the_standings(
        live_server, browser, event):
    visitor = browser.new_context(viewport={"width": 360, "height": 740})
    desk = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        public = visitor.new_page()
        public.goto(f"{live_server.url}/t/{event['id']}/standings")
        assert public.locator("[data-testid=provisional]").is_visible()

        organizer = desk.new_page()
        organizer.goto(f"{live_server.url}/login")
        organizer.select_option("select[name=tournament_id]", str(event["id"]))
        organizer.fill("input[name=name]", event["organizer"])
        organizer.fill("input[name=pin]", "1234")
        organizer.click("button[type=submit]")
        organizer.wait_for_url(lambda url: "/login" not in url)
        organizer.goto(f"{live_server.url}/t/{event['id']}/standings/manage")
        organizer.click("[data-testid=finalize-1]")
        assert "Session 1 is posted as final." in organizer.locator("main").inner_text()
        assert organizer.locator("[data-testid=session-1] .badge-final").is_visible()

        public.reload()
        # one session of the event's posted: not "Final" yet, and ranked from now on
        assert public.locator("[data-testid=final]").count() == 0
        assert public.locator("[data-testid=provisional]").inner_text().startswith("After 1 of")
        lines = public.locator("[data-testid=standings] li")
        assert lines.count() == 8
        first = lines.nth(0).inner_text()
        assert "Zoë Ünal" in first and "+10.95" in first and "120 raw" in first
        assert "Fay Novak" in lines.nth(1).inner_text()  # +60 −10 = +50 → +7.07
        assert public.locator("[data-testid=mp-7]").inner_text().startswith("+7.07")
        # a phone-width page with no sideways scrolling
        assert public.evaluate("() => document.documentElement.scrollWidth") <= 360

        public.fill("[data-standings-filter]", "rossi")
        assert public.locator("[data-testid=standings] li:visible").count() == 1
        assert "Eli Rossi" in public.locator("[data-testid=standings] li:visible").inner_text()
    finally:
        visitor.close()
        desk.close()


# ---------------------------------------------------------------- §4.15 final-day filler


@pytest.fixture
def final_day_event(app):
    from judgeaid.services import final_day
    from judgeaid.services.standings_data import load_sheet
    from tests.factories import play_preliminary

    with app.app_context():
        tournament, organizer = make_event("rsom", players=20, sessions=1)
        by_rank = play_preliminary(tournament, organizer)
        final_day.advance(tournament, organizer)
        db.session.commit()
        names = {n: p.name for n, p in load_sheet(tournament.id).players.items()}
        return {"id": tournament.id, "organizer": organizer.name, "by_rank": by_rank,
                "names": names}


def test_organizer_calls_a_filler_on_the_final_day_at_phone_width(live_server, page,
                                                                  final_day_event):
    event, by_rank = final_day_event, final_day_event["by_rank"]
    page.goto(f"{live_server.url}/login?tournament_id={event['id']}")
    page.fill("input[name=name]", event["organizer"])
    page.fill("input[name=pin]", "1234")
    page.get_by_role("button", name="Sign in", exact=True).click()
    page.wait_for_url("**/organizer")
    page.goto(f"{live_server.url}/t/{event['id']}/final-day")
    seat = page.locator("[data-testid=empty-seat]")
    assert "our reading of §4.15" in seat.inner_text()
    assert f"#{by_rank[17]} (preliminary rank 17)" in seat.locator(
        "[data-testid=proposal]").inner_text()

    # the 17th is not in the hall: the next is proposed
    page.click("[data-testid=not-present]")
    assert f"#{by_rank[18]} (preliminary rank 18)" in page.locator(
        "[data-testid=proposal]").inner_text()
    page.select_option("select[name=absent]", str(by_rank[2]))
    page.check("[data-testid=filler-confirm]")
    button = page.locator("[data-testid=call-filler]")
    assert button.bounding_box()["height"] >= 40
    button.click()
    page.wait_for_url("**/final-day#empty-seat")
    main = page.locator("main").inner_text()
    assert f"Player {by_rank[18]} fills the seat of player {by_rank[2]}" in main
    neutral = page.locator(f"[data-testid=neutral-{by_rank[18]}]")
    assert neutral.is_visible()
    assert f"neutral filler for {event['names'][by_rank[2]]} #{by_rank[2]}" in \
        neutral.inner_text()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360

    # the dark theme keeps the section readable and narrow too
    page.emulate_media(color_scheme="dark")
    page.reload()
    assert page.locator("[data-testid=empty-seat]").is_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
