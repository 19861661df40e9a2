"""A phone on the live card follows a change made outside the card (issue 17): the card's
version stands still, its event's revision moves, and the next poll redraws the card."""

import pytest

from judgeaid.extensions import db
from judgeaid.models import Card, Tournament
from judgeaid.services import accounts
from judgeaid.services.cards import Actor
from tests.browser.pages import open_card
from tests.factories import add_penalty, demo_card_id, op, organizer_of

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
