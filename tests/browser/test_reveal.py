"""In Chromium (issue 30): the prize-giving reveal steps through the awards and the places
from N up to 1 on taps and keys, and keeps going offline once loaded; the awards and reveal
fit a 1920x1080 projector and the awards page a 360 px phone."""

from __future__ import annotations

import pytest

from judgeaid.extensions import db
from tests.factories import card_of, make_event, play, seat_by_hand, win

pytestmark = pytest.mark.browser

NAMES = ["Zoë Ünal", "Ana Kwan", "Bo Sato", "Cy Park", "Dee Ito", "Eli Rossi", "Fay Novak",
         "歐陽娜娜長名字測試長名字測試"]


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, organizer = make_event(players=8)
        for player, name in zip(tournament.players, NAMES, strict=True):
            player.name = name
        session = seat_by_hand(tournament, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
        play(card_of(session, 1), organizer, win(1, 40), win(2, 30, "discard", 3))
        play(card_of(session, 2), organizer, win(8, 60))
        db.session.commit()
        return {"id": tournament.id, "organizer": organizer.name}


def _sign_in(page, server, event):
    page.goto(f"{server.url}/login")
    page.select_option("select[name=tournament_id]", str(event["id"]))
    page.fill("input[name=name]", event["organizer"])
    page.fill("input[name=pin]", "1234")
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/login" not in url)


def _fits(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_the_reveal_steps_on_taps_and_keys_offline(live_server, browser, event):
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = context.new_page()
        _sign_in(page, live_server, event)
        page.goto(f"{live_server.url}/t/{event['id']}/standings/reveal?start=3")
        stage = page.locator("[data-testid=reveal-stage]")
        page.wait_for_selector("[data-testid=reveal-stage][data-step='0']")
        assert _fits(page)
        context.set_offline(True)
        # the four awards with holders first, then places 3, 2, 1
        page.keyboard.press("ArrowRight")
        current = page.locator("[data-testid=reveal-current]")
        assert "Best hand" in current.inner_text()
        assert NAMES[7] in current.inner_text()
        for _ in range(3):
            stage.click()
        page.keyboard.press("Space")
        assert "Place 3" in current.inner_text()
        page.keyboard.press("ArrowLeft")
        assert "Place 3" not in current.inner_text()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        assert "Place 2" in current.inner_text()
        stage.click()
        assert "Place 1" in current.inner_text()
        assert NAMES[7] in current.inner_text()  # 60 by self-draw: first
        assert page.locator("[data-testid=reveal-shown] li").count() == 2
        stage.click()
        assert "Congratulations" in page.locator("[data-testid=reveal-hint]").inner_text()
        assert _fits(page)
    finally:
        context.close()


def test_awards_fit_a_phone_and_a_projector(live_server, browser, event):
    phone = browser.new_context(viewport={"width": 360, "height": 740})
    hall = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        page = phone.new_page()
        page.goto(f"{live_server.url}/t/{event['id']}/awards")
        assert page.locator("[data-testid=award-best_hand]").is_visible()
        assert _fits(page)
        screen = hall.new_page()
        screen.goto(f"{live_server.url}/t/{event['id']}/awards/projector")
        assert _fits(screen)
        assert screen.evaluate("document.documentElement.scrollHeight <= window.innerHeight")
    finally:
        phone.close()
        hall.close()
