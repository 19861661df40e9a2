"""The test-only ruleset's live card on a 360 px phone (issue 25, point 5): Toyland has no
scoring mirror (`can.mirror` None), so the judge types a hand's value, the server works out
the score changes (Toy rule 3.2: the winner takes 3 x value, everybody else pays it), and the
page shows none of Zung Jung's or MCR's words."""

import json

import pytest
from playwright.sync_api import expect

from judgeaid.extensions import db
from judgeaid.rules import RULESETS, register
from tests.browser.pages import api_card, fill_round, login_api, open_card, row_deltas, save_round
from tests.toy_ruleset import TOY
from tests.web.test_ruleset_words_crawl import foreign_words

pytestmark = pytest.mark.browser


@pytest.fixture
def toy_demo(app):
    """A Toyland demo event, the toy registered with its one line for the test only."""
    from judgeaid.demo import create_demo

    register(TOY)
    try:
        with app.test_request_context():
            demo = create_demo(8, 5, ruleset=TOY.code)
            db.session.commit()
        yield json.loads(json.dumps(demo))
    finally:
        del RULESETS[TOY.code]


def test_a_toy_card_records_a_typed_hand_in_its_own_words(live_server, context, page,
                                                          toy_demo):
    login_api(context, live_server, toy_demo)
    url = live_server.url + toy_demo["cards"][0]["url"]
    open_card(page, url)
    card_id = int(url.rsplit("/", 1)[1])
    card = api_card(page, live_server, card_id)
    assert len(card["rounds"]) == 8
    expect(page.locator("[data-testid=card-status]")).to_contain_text("0 of 8 hands recorded")

    # Hand 1: South wins 4 on West's discard: South +12, everybody else -4 (Toy rule 3.2)
    seats = fill_round(page, card, 1, winner="S", win="discard", discarder="W", value=4)
    expect(page.locator("[data-preview-note]")).to_contain_text("worked out when the hand")
    save_round(page)
    assert row_deltas(page, 1) == {seats["S"]: 12, seats["W"]: -4, seats["E"]: -4,
                                   seats["N"]: -4}
    expect(page.locator("[data-testid=card-status]")).to_contain_text("1 of 8 hands recorded")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    shown = page.evaluate("() => document.body.innerText")
    assert not foreign_words(TOY.code, shown), foreign_words(TOY.code, shown)

    # The paper card form (after an outage) reads the recorded hand as agreeing with it,
    # though no mirror works its deltas out in the browser
    page.goto(f"{live_server.url}/cards/{card_id}/paper")
    page.wait_for_selector("html[data-paper-ready=true]")
    expect(page.locator("[data-testid=paper-round-1] .pr-tag")).to_contain_text("Recorded")
    expect(page.locator("[data-testid^=conflict-]:not([hidden])")).to_have_count(0)
    shown = page.evaluate("() => document.body.innerText")
    assert not foreign_words(TOY.code, shown), foreign_words(TOY.code, shown)
