"""Finding a player ignores case and accents, on a 360 px phone: "Lucia" finds Lucía and "zoe"
finds Zoë, on the standings page and in the organizer's desk."""

from __future__ import annotations

import pytest

from judgeaid.extensions import db
from judgeaid.models import Player
from tests.browser.pages import Phones

pytestmark = pytest.mark.browser


@pytest.fixture
def phones(browser, app, live_server):
    phones = Phones(browser, app)
    yield phones
    phones.close()


def rename(app, tid):
    with app.app_context():
        players = db.session.query(Player).filter_by(tournament_id=tid).order_by(Player.number)
        first, second = players.limit(2).all()
        first.name, second.name = "Lucía Fernández", "ZOË Okafor"
        db.session.commit()
        return first.number, second.number


def shown(page, selector):
    return page.evaluate(f"""() => [...document.querySelectorAll('{selector}')]
        .filter(e => !e.hidden).map(e => e.dataset.number)""")


def test_search_ignores_case_and_accents(live_server, phones, app, demo):
    tid = demo["tournament_id"]
    lucia, zoe = rename(app, tid)
    page = phones.new().new_page()
    page.goto(f"{live_server.url}/t/{tid}/standings")
    find = page.locator("[data-standings-filter]")
    find.fill("Lucia")
    assert shown(page, "[data-standings-list] > [data-number]") == [str(lucia)]
    find.fill("zoe oka")
    assert shown(page, "[data-standings-list] > [data-number]") == [str(zoe)]
    find.fill("")
    assert len(shown(page, "[data-standings-list] > [data-number]")) == 32

    answer = page.request.post(f"{live_server.url}/api/login", data={
        "tournament_id": tid, "name": demo["organizer"]["name"],
        "pin": demo["organizer"]["pin"]})
    assert answer.ok
    page.goto(f"{live_server.url}/t/{tid}/organizer")
    desk = page.get_by_test_id("desk-find")
    desk.fill("LUCIA fern")
    assert shown(page, "#desk-players tbody tr") == [str(lucia)]
    assert page.locator("[data-find-count=desk-find]").inner_text() == "1 found"
    desk.fill("Zoe Okaf")
    assert shown(page, "#desk-players tbody tr") == [str(zoe)]
    desk.fill(str(lucia))
    assert str(lucia) in shown(page, "#desk-players tbody tr")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
