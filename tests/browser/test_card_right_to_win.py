"""The round form on a 360 px phone does not offer a player without the right to win that
hand as its winner (MCR §3.11.3; ZJ dead hand §1.8, §4.11), offers several Hu on one discard
(MCR §3.7.2.4), and the card refuses what the form would not send (issue 26)."""

import pytest
from playwright.sync_api import expect

from tests.browser.pages import api_card, login_api, open_card, winds_of
from tests.factories import make_mcr_demo, op

pytestmark = pytest.mark.browser


def give(page, server, demo, card_id, player, category, infraction, kind, round_, **more):
    body = {"card_id": card_id, "player": player, "category": category,
            "infraction": infraction, "kind": kind, "round": round_, "op_id": op(), **more}
    answer = page.request.post(f"{server.url}/api/t/{demo['tournament_id']}/penalties",
                               data=body)
    assert answer.ok, answer.text()


def winner_choices(page):
    form = page.locator("[data-round-form]")
    return [int(v) for v in form.locator("input[name=winner]:visible").evaluate_all(
        "(inputs) => inputs.map((i) => i.value)")]


@pytest.mark.parametrize(("category", "infraction", "kind", "more"), [
    ("no_win", "passing_information", "no_win", {}),
    ("false_hu", "erroneous_hu", "points", {"points": 60}),
])
def test_mcr_form_leaves_out_a_player_who_lost_the_right_to_win(
        app, live_server, context, page, category, infraction, kind, more):
    mcr = make_mcr_demo(app)
    login_api(context, live_server, mcr)
    url = live_server.url + mcr["cards"][0]["url"]
    card_id = int(url.rsplit("/", 1)[1])
    card = api_card(page, live_server, card_id)
    seats = winds_of(card, 2)
    give(page, live_server, mcr, card_id, seats["S"], category, infraction, kind, 2, **more)
    open_card(page, url)
    page.click("[data-testid=round-2] .rd-button")
    form = page.locator("[data-round-form]")
    form.wait_for(state="visible")
    form.locator("input[name=result][value=win]").check()
    assert seats["S"] not in winner_choices(page)
    expect(form.locator("[data-no-win-note]")).to_contain_text("may not win this hand")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    page.keyboard.press("Escape")
    page.click("[data-testid=round-3] .rd-button")  # the next hand: offered again
    form.wait_for(state="visible")
    form.locator("input[name=result][value=win]").check()
    assert seats["S"] in winner_choices(page)


def test_zj_form_leaves_out_a_dead_hand(app, live_server, context, page, demo):
    login_api(context, live_server, demo)
    url = live_server.url + demo["cards"][0]["url"]
    card_id = int(url.rsplit("/", 1)[1])
    card = api_card(page, live_server, card_id)
    seats = winds_of(card, 1)
    give(page, live_server, demo, card_id, seats["W"], "procedural", "tiles_mishandled",
         "dead_hand", 1, reason="Long hand after the first discard (§1.8)")
    open_card(page, url)
    page.click("[data-testid=round-1] .rd-button")
    form = page.locator("[data-round-form]")
    form.wait_for(state="visible")
    form.locator("input[name=result][value=win]").check()
    assert seats["W"] not in winner_choices(page) and len(winner_choices(page)) == 3
    expect(form.locator("[data-no-win-note]")).to_contain_text("dead hand")
    expect(form.locator("[data-claimants]")).to_be_hidden()  # ZJ: no several-Hu control


def test_mcr_form_sends_several_hu_and_the_nearest_wins(app, live_server, context, page):
    mcr = make_mcr_demo(app)
    login_api(context, live_server, mcr)
    url = live_server.url + mcr["cards"][0]["url"]
    card_id = int(url.rsplit("/", 1)[1])
    seats = winds_of(api_card(page, live_server, card_id), 1)
    open_card(page, url)
    page.click("[data-testid=round-1] .rd-button")
    form = page.locator("[data-round-form]")
    form.wait_for(state="visible")
    form.locator("input[name=result][value=win]").check()
    form.locator(f"input[name=winner][value='{seats['W']}']").check()
    form.locator("input[name=win][value=discard]").check()
    form.locator(f"input[name=discarder][value='{seats['S']}']").check()
    claimants = form.locator("[data-claimants]")
    expect(claimants).to_be_visible()
    claimants.locator("summary").click()
    expect(claimants).to_contain_text("MCR §3.7.2.4")
    form.locator(f"input[name=claimants][value='{seats['E']}']").check()
    form.locator("input[name=value]").fill("8")
    before = int(page.get_attribute("#card-root", "data-version"))
    page.click("[data-save-round]")
    page.wait_for_function(
        f"() => Number(document.getElementById('card-root').dataset.version) > {before}")
    data = api_card(page, live_server, card_id)
    assert data["rounds"][0]["winner"] == seats["W"]  # S discards: W sits nearest after
