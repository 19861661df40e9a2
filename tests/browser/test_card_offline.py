"""The outbox on the live card in Chromium: a round recorded with no network is kept, shown
as pending, survives a reload, and is saved exactly once; a refusal needs a person."""

import pytest
from playwright.sync_api import expect

from tests.browser.pages import (
    api_card,
    fill_round,
    login_api,
    open_card,
    outbox,
    row_deltas,
    winds_of,
)

pytestmark = pytest.mark.browser


def test_round_recorded_offline_is_kept_and_saved_once(live_server, context, page, demo):
    login_api(context, live_server, demo)
    url = live_server.url + demo["cards"][0]["url"]
    open_card(page, url)
    page.evaluate("() => navigator.serviceWorker.ready")
    open_card(page, url)  # now under the service worker, which keeps a copy of the page
    assert page.evaluate("() => !!navigator.serviceWorker.controller")
    card = api_card(page, live_server, int(url.rsplit("/", 1)[1]))
    seats = winds_of(card, 1)

    context.set_offline(True)
    try:
        fill_round(page, card, 1, winner="E", discarder="S", value=40)
        page.click("[data-save-round]")
        page.wait_for_selector("tr.round[data-round='1'].is-pending")
        assert "pending (not yet saved)" in page.inner_text("[data-testid=outbox-pending]")
        assert row_deltas(page, 1) == {seats["E"]: 120, seats["S"]: -70, seats["W"]: -25,
                                       seats["N"]: -25}
        waiting = outbox(page)
        assert len(waiting) == 1 and waiting[0]["body"]["round"] == 1
        body = waiting[0]["body"]
        assert body["op_id"] and waiting[0]["attempts"] >= 1

        # A reload with no network: the page comes from the service worker, the write from
        # IndexedDB; it is still there, still pending.
        page.reload()
        page.wait_for_selector("html[data-card-ready=true]")
        assert page.locator("tr.round[data-round='1'].is-pending").count() == 1
        assert page.is_visible("[data-testid=outbox-pending]")
        assert [i["op_id"] for i in outbox(page)] == [body["op_id"]]
        assert api_card(page, live_server, card["id"])["rounds"][0]["recorded"] is False
    finally:
        context.set_offline(False)

    page.wait_for_selector("tr.round[data-round='1'].is-recorded:not(.is-pending)", timeout=40000)
    assert page.is_hidden("[data-testid=outbox-pending]")
    assert outbox(page, "items") == []
    saved = api_card(page, live_server, card["id"])
    line = saved["rounds"][0]
    assert line["revision"] == 1 and line["history"] == [] and line["value"] == 40
    # Sending the same write again (what a retry after a lost answer does) changes nothing.
    again = page.request.post(f"{live_server.url}/api/cards/{card['id']}/rounds", data=body)
    assert again.ok
    after = api_card(page, live_server, card["id"])
    assert after["version"] == saved["version"] and after["rounds"][0]["history"] == []


def test_a_lost_answer_is_sent_again_and_saved_once(live_server, browser, demo):
    # No service worker here, so the test can cut the line after the server has answered.
    context = browser.new_context(viewport={"width": 360, "height": 740},
                                  service_workers="block")
    try:
        page = context.new_page()
        login_api(context, live_server, demo)
        url = live_server.url + demo["cards"][0]["url"]
        open_card(page, url)
        card = api_card(page, live_server, card_id := int(url.rsplit("/", 1)[1]))
        posts = []

        def lose_first_answer(route):
            posts.append(route.request.post_data_json["op_id"])
            if len(posts) == 1:
                route.fetch()  # the server saves it...
                route.abort("connectionreset")  # ...but the phone never hears back
            else:
                route.continue_()

        page.route("**/api/cards/*/rounds", lose_first_answer)
        fill_round(page, card, 1, result="draw")
        page.click("[data-save-round]")
        page.wait_for_selector("tr.round[data-round='1'].is-recorded:not(.is-pending)",
                               timeout=40000)
        assert len(posts) == 2 and posts[0] == posts[1]  # the same op_id, twice
        saved = api_card(page, live_server, card_id)
        assert saved["rounds"][0]["revision"] == 1 and saved["rounds"][0]["history"] == []
        assert saved["version"] == card["version"] + 1
    finally:
        context.close()


def test_a_conflict_lands_in_needs_attention(live_server, context, page, browser, demo):
    login_api(context, live_server, demo)
    url = live_server.url + demo["cards"][0]["url"]
    open_card(page, url)
    card = api_card(page, live_server, int(url.rsplit("/", 1)[1]))
    seats = winds_of(card, 3)

    context.set_offline(True)
    try:
        fill_round(page, card, 3, winner="E", discarder="S", value=40)
        page.click("[data-save-round]")
        page.wait_for_selector("tr.round[data-round='3'].is-pending")
        # Meanwhile the head judge records round 3 differently from another phone.
        other = browser.new_context()
        try:
            login_api(other, live_server, demo, "head_judge")
            theirs = other.request.post(f"{live_server.url}/api/cards/{card['id']}/rounds", data={
                "round": 3, "result": "win", "winner": seats["W"], "value": 8, "win": "self",
                "op_id": "head-judge-round-3"})
            assert theirs.ok, theirs.text()
        finally:
            other.close()
    finally:
        context.set_offline(False)

    attention = page.locator("[data-testid=card-conflicts]")
    attention.wait_for(state="visible", timeout=40000)
    # Beside the refusal: what the server holds now (the page fetches it at once), in words.
    names = {p["number"]: p["name"] for p in card["players"]}
    expect(attention).to_contain_text(
        f"Hugo Head (head judge) already recorded round 3 as: {names[seats['W']]} won 8, "
        "self-drawn.", timeout=5000)
    text = attention.inner_text()
    # what this phone tried to save
    assert f"You entered: {names[seats['E']]} won 40 on a discard from {names[seats['S']]}." in text
    assert "409" not in text
    assert page.locator("tr.round[data-round='3'].is-rejected").count() == 1
    assert outbox(page, "rejected")[0]["status"] == 409
    # The card shows what the server holds; nothing was overwritten.
    assert row_deltas(page, 3)[seats["W"]] == 24

    # The judge decides theirs was right: a correction, with a reason, replaces the refusal.
    attention.locator("button:has-text('Correct it to yours')").click()
    form = page.locator("[data-round-form]")
    form.wait_for(state="visible")
    assert form.locator("input[name=value]").input_value() == "40"
    form.locator("input[name=reason]").fill("the table agrees it was a 40 discard win")
    page.click("[data-save-round]")
    page.wait_for_selector("tr.revision[data-round='3']", timeout=15000)
    assert attention.is_hidden()
    line = api_card(page, live_server, card["id"])["rounds"][2]
    assert line["revision"] == 2 and line["value"] == 40 and line["history"][0]["value"] == 8
