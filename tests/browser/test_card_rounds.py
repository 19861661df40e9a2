"""On a phone 360 px wide: a judge marks a round dealt by the wrong East and a later
compensation round (§1.2.7); the organizer records a player resigning mid-session with a
neutral substitute (§4.11, §4.15), and the card shows who sat where."""

import pytest
from playwright.sync_api import expect

from tests.browser.pages import api_card, fill_round, login_api, open_card, winds_of
from tests.factories import add_substitute

pytestmark = pytest.mark.browser


def choose_dealer(page, value):
    """Open the §1.2.7 part of the round form and choose who dealt."""
    form = page.locator("[data-round-form]")
    if not form.locator("[data-deal]").evaluate("d => d.open"):
        form.locator("[data-deal] summary").click()
    form.locator("select[name=deal]").select_option(value)


def test_judge_marks_a_wrong_east_round_and_a_compensation_round(live_server, context, page,
                                                                 demo):
    login_api(context, live_server, demo)
    url = live_server.url + demo["cards"][0]["url"]
    open_card(page, url)
    card_id = int(url.rsplit("/", 1)[1])
    card = api_card(page, live_server, card_id)
    seats = winds_of(card, 1)
    names = {p["number"]: p["name"] for p in card["players"]}

    # Round 1: West's player dealt instead of East's; South's player wins on West's discard.
    fill_round(page, card, 1, winner="S", win="discard", discarder="W", value=40)
    choose_dealer(page, f"wrong:{seats['W']}")
    form = page.locator("[data-round-form]")
    # the winds in the form follow the actual dealer: West's player is East now
    expect(form.locator("[data-round-seats]")).to_contain_text(names[seats["W"]].split()[0])
    expect(page.locator(f"[data-testid=preview-{seats['W']}] .wind")).to_have_text("E")
    expect(page.locator(f"[data-testid=preview-{seats['S']}] .wind")).to_have_text("N")
    expect(page.locator(f"[data-testid=preview-{seats['W']}] output")).to_have_text("−70")
    page.click("[data-save-round]")
    row = page.locator("tr.round[data-round='1']")
    expect(row).to_have_class("round is-recorded is-editable is-marked", timeout=15000)
    expect(row.locator(f"td[data-player='{seats['W']}']")).to_have_attribute("data-wind", "E")
    expect(page.locator("tr.note[data-note='1']")).to_contain_text("as the wrong East (§1.2.7)")
    # the deal goes on from the correct East: South's player deals round 2
    expect(page.locator("tr.round[data-round='2']")).to_have_attribute(
        "data-dealer", str(seats["S"]))
    line = api_card(page, live_server, card_id)["rounds"][0]
    assert line["wrong_dealer"] == seats["W"] and line["deltas"][str(seats["W"])] == -70

    # Round 3: the table agrees to give East's player their deal back.
    fill_round(page, card, 3, result="draw")
    choose_dealer(page, f"comp:{seats['E']}")
    page.click("[data-save-round]")
    expect(page.locator("tr.note[data-note='3']")).to_contain_text(
        "compensation round (§1.2.7)", timeout=15000)
    expect(page.locator(f"tr.round[data-round='3'] td[data-player='{seats['E']}']")) \
        .to_have_attribute("data-wind", "E")
    data = api_card(page, live_server, card_id)
    assert data["rounds"][2]["compensation_for"] == seats["E"] and data["deal_owed"] == {}
    assert len(data["rounds"]) == 16
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_organizer_records_a_resignation_with_a_substitute(app, live_server, context, page,
                                                           demo):
    sub = add_substitute(app, demo, "Sam Spare")
    login_api(context, live_server, demo, "organizer")
    url = live_server.url + demo["cards"][0]["url"]
    card_id = int(url.rsplit("/", 1)[1])
    card = api_card(page, live_server, card_id)
    seats = winds_of(card, 1)
    for number in (1, 2):
        answer = context.request.post(f"{live_server.url}/api/cards/{card_id}/rounds", data={
            "round": number, "result": "win", "winner": seats["S"], "value": 30, "win": "self",
            "op_id": f"round-{number}-by-api"})
        assert answer.ok, answer.text()
    open_card(page, url)
    names = {p["number"]: p["name"] for p in card["players"]}

    page.click("[data-tool=seat-change] summary")
    form = page.locator("[data-seat-change-form]")
    form.locator(f"input[name=player][value='{seats['S']}']").check()
    form.locator("input[name=reason][value=resigned]").check()
    expect(form.locator("select[name=from_round]")).to_have_value("3")
    form.locator("select[name=substitute]").select_option(str(sub))
    form.locator("input[name=note]").fill("felt unwell")
    box = form.locator("button[type=submit]").bounding_box()
    assert box["height"] >= 40
    form.locator("button[type=submit]").click()

    changes = page.locator("[data-testid=seat-changes]")
    expect(changes).to_be_visible(timeout=15000)
    expect(changes).to_contain_text(
        f"From round 3: Sam Spare sits in {names[seats['S']]}’s seat as a neutral substitute")
    expect(changes).to_contain_text(f"{names[seats['S']]}: +180 for rounds 1–2")
    expect(page.locator("tr.seat-change")).to_contain_text("resigned (§4.11)")
    cell = page.locator(f"tr.round[data-round='3'] td[data-player='{seats['S']}']")
    expect(cell).to_have_attribute("data-occupant", str(sub))
    # rounds before 3 stay with the player who left
    expect(page.locator(f"tr.round[data-round='2'] td[data-player='{seats['S']}']")) \
        .to_have_attribute("data-occupant", str(seats["S"]))

    # the substitute can win round 3 from the round form; their total shows as neutral
    page.click("[data-testid=round-3] .rd-button")
    round_form = page.locator("[data-round-form]")
    round_form.locator("input[name=result][value=win]").check()
    round_form.locator(f"input[name=winner][value='{sub}']").check()
    round_form.locator("input[name=win][value=self]").check()
    round_form.locator("input[name=value]").fill("20")
    page.click("[data-save-round]")
    expect(page.locator(f"[data-testid=substitute-total-{sub}]")).to_contain_text(
        "Sam Spare: +60 from round 3 (neutral, never ranked", timeout=15000)
    # under the seat: the leaving player's total, and the substitute's on its own line
    expect(page.locator(f"[data-testid=sub-total-{sub}]")).to_have_text("+60")
    expect(page.locator(f"[data-testid=total-{seats['S']}]")).to_have_text("+180")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
