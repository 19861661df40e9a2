"""Corrections on the live card name the revision they correct: one made on a line that
changed meanwhile is refused and shown beside the line that stands; one made on a line still
waiting in the outbox follows it."""

import pytest
from playwright.sync_api import expect

from tests.browser.pages import (
    api_card,
    fill_round,
    login_api,
    open_card,
    outbox,
    save_round,
    winds_of,
)

pytestmark = pytest.mark.browser


def test_a_correction_of_a_line_that_changed_meanwhile_needs_attention(
        live_server, context, page, browser, demo):
    login_api(context, live_server, demo)
    url = live_server.url + demo["cards"][0]["url"]
    open_card(page, url)
    card = api_card(page, live_server, int(url.rsplit("/", 1)[1]))
    seats = winds_of(card, 1)
    fill_round(page, card, 1, winner="E", win="self", value=8)
    save_round(page)

    context.set_offline(True)
    try:
        fill_round(page, card, 1, winner="E", win="self", value=40, reason="it was a 40")
        page.click("[data-save-round]")
        page.wait_for_selector("tr.round[data-round='1'].is-pending")
        waiting = outbox(page)
        assert waiting[0]["body"]["correction"] is True
        assert waiting[0]["body"]["base_revision"] == 1
        # Meanwhile the head judge corrects the same line from another phone.
        other = browser.new_context()
        try:
            login_api(other, live_server, demo, "head_judge")
            theirs = other.request.post(f"{live_server.url}/api/cards/{card['id']}/rounds", data={
                "round": 1, "result": "win", "winner": seats["W"], "value": 16, "win": "self",
                "correction": True, "base_revision": 1, "reason": "West won it",
                "op_id": "head-judge-fix-1"})
            assert theirs.ok, theirs.text()
        finally:
            other.close()
    finally:
        context.set_offline(False)

    attention = page.locator("[data-testid=card-conflicts]")
    attention.wait_for(state="visible", timeout=40000)
    names = {p["number"]: p["name"] for p in card["players"]}
    expect(attention).to_contain_text(
        f"Hugo Head (head judge) corrected round 1 to: {names[seats['W']]} won 16, self-drawn.",
        timeout=5000)
    text = attention.inner_text()
    assert f"Your correction: {names[seats['E']]} won 40, self-drawn." in text
    assert "409" not in text
    line = api_card(page, live_server, card["id"])["rounds"][0]
    assert line["revision"] == 2 and line["value"] == 16  # nothing overwritten

    # The judge still holds theirs: corrected again, now on the line that stands.
    attention.locator("button:has-text('Correct it to yours')").click()
    form = page.locator("[data-round-form]")
    form.wait_for(state="visible")
    form.locator("input[name=reason]").fill("the table agrees it was East's 40")
    page.click("[data-save-round]")
    page.wait_for_selector("tr.revision[data-round='1'][data-revision='2']", timeout=15000)
    line = api_card(page, live_server, card["id"])["rounds"][0]
    assert line["revision"] == 3 and line["value"] == 40
    assert [old["value"] for old in line["history"]] == [16, 8]


def test_a_correction_of_a_line_still_waiting_follows_it(live_server, context, page, demo):
    login_api(context, live_server, demo)
    url = live_server.url + demo["cards"][0]["url"]
    open_card(page, url)
    card = api_card(page, live_server, int(url.rsplit("/", 1)[1]))

    context.set_offline(True)
    try:
        fill_round(page, card, 2, winner="S", win="self", value=10)
        page.click("[data-save-round]")
        page.wait_for_selector("tr.round[data-round='2'].is-pending")
        fill_round(page, card, 2, winner="S", win="self", value=20, reason="misread")
        page.click("[data-save-round]")
        bodies = [item["body"] for item in outbox(page)]
        assert [b.get("base_revision") for b in bodies] == [None, 1]
    finally:
        context.set_offline(False)

    page.wait_for_selector("tr.revision[data-round='2'][data-revision='1']", timeout=40000)
    line = api_card(page, live_server, card["id"])["rounds"][1]
    assert line["revision"] == 2 and line["value"] == 20 and line["history"][0]["value"] == 10
    assert outbox(page, "items") == []
