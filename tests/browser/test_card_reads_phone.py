"""A phone on the live card follows a change made outside the card (issue 17): the card's
version stands still, its event's revision moves, and the next poll redraws the card."""

import pytest

from judgeaid.extensions import db
from judgeaid.models import Card, Tournament
from judgeaid.services import accounts
from judgeaid.services.cards import Actor
from tests.browser.pages import open_card
from tests.factories import add_penalty, demo_card_id, op, organizer_of, record_round

pytestmark = pytest.mark.browser


def test_a_phone_redraws_the_card_when_only_the_venue_zone_changes(live_server, browser, app,
                                                                    demo):
    card_id = demo_card_id(demo)
    with app.app_context():
        card = db.session.get(Card, card_id)
        tournament = db.session.get(Tournament, demo["tournament_id"])
        offender = card.table.seats[0].player.number
        answer, status = add_penalty(card, {"player": offender, "points": 5,
                                            "reason": "slow play", "op_id": op()},
                                     Actor.for_user(organizer_of(tournament)))
        assert status == 200, answer
        db.session.commit()
    phone = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        page = phone.new_page()
        open_card(page, live_server.url + demo["cards"][0]["url"])
        meta = page.locator(".pen-meta").first
        assert "UTC" in meta.inner_text()
        version = page.get_attribute("#card-root", "data-version")
        with app.app_context():
            tournament = db.session.get(Tournament, demo["tournament_id"])
            accounts.set_time_zone(tournament, "America/New_York", organizer_of(tournament))
            db.session.commit()
        # within one poll (5 s) and a margin: the same card version, drawn in the new zone
        # (Chromium names New York's winter time GMT-5)
        page.wait_for_function(
            "() => document.querySelector('.pen-meta').textContent.includes('GMT-5')",
            timeout=12000)
        assert page.get_attribute("#card-root", "data-version") == version
    finally:
        phone.close()


def test_a_phone_gets_the_shell_with_the_cards_data_and_its_first_poll_is_a_304(
        live_server, browser, app, demo):
    """The page a phone opens is shared by every reader of this version of the card and carries
    its data, drawn by the server and again by card.js with no fetch first (issue 31); the
    first poll, at the usual interval, is a 304; the next version comes by the poll and with
    the page."""
    card_id = demo_card_id(demo)
    url = live_server.url + demo["cards"][0]["url"]
    phone = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        page = phone.new_page()
        with page.expect_response(lambda r: r.url.endswith(f"/api/cards/{card_id}")) as data:
            first = page.goto(url)
            # drawn from the page's own data: ready before any answer about the card
            page.wait_for_selector("html[data-card-ready=true]")
        # the shell's version (its tag names the language the browser chose: English here)
        assert first.headers["etag"].endswith('-shell-en"')
        assert data.value.status == 304
        assert page.locator("[data-testid^=round-]").count() == 16
        assert page.locator("[data-testid=card-loading]").count() == 0
        assert page.evaluate("document.documentElement.scrollWidth") <= 360
        again = phone.request.get(url, headers={"If-None-Match": first.headers["etag"],
                                                "Accept-Language": "en-US"})  # as the page
        assert again.status == 304
        with app.app_context():
            card = db.session.get(Card, card_id)
            tournament = db.session.get(Tournament, demo["tournament_id"])
            seats = {s.position: s.player.number for s in card.table.seats}
            answer, status = record_round(card, {"round": 1, "result": "win", "win": "self",
                                                 "winner": seats[0], "value": 25,
                                                 "op_id": op()},
                                          Actor.for_user(organizer_of(tournament)))
            assert status == 200, answer
            db.session.commit()
        page.wait_for_function(  # the next poll draws the round
            "() => document.querySelector('[data-testid=round-1]')"
            ".classList.contains('is-recorded')",
            timeout=12000)
        newer = phone.request.get(url, headers={"If-None-Match": first.headers["etag"],
                                                "Accept-Language": "en-US"})
        assert newer.status == 200 and newer.headers["etag"] != first.headers["etag"]
        page.reload()
        page.wait_for_selector("html[data-card-ready=true]")
        assert "is-recorded" in page.get_attribute("[data-testid=round-1]", "class")
    finally:
        phone.close()


def test_a_phone_without_javascript_reads_the_card_drawn_by_the_server(live_server,
                                                                           browser, demo):
    phone = browser.new_context(viewport={"width": 360, "height": 740},
                                java_script_enabled=False)
    try:
        page = phone.new_page()
        page.goto(live_server.url + demo["cards"][0]["url"])
        # the card is drawn by the server on the page itself (issue 31): nowhere else to go
        assert page.url == live_server.url + demo["cards"][0]["url"]
        assert page.locator("h1").inner_text() == "Session 1 · Table 1"
        assert page.locator("[data-testid^=round-]").count() == 16
    finally:
        phone.close()
