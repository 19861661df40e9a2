"""A judge enters a whole signed paper card on a 360 px phone after an outage."""

import uuid

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.pages import foot, row_deltas, sign_in
from tests.factories import expected_deltas, paper_rounds

pytestmark = pytest.mark.browser


def open_paper(page, server, card_id):
    page.goto(f"{server.url}/cards/{card_id}/paper")
    page.wait_for_selector("html[data-paper-ready=true]")


def api_card(page, server, card_id):
    return page.request.get(f"{server.url}/api/cards/{card_id}").json()


def fill_round(page, row):
    """Fill in one round's line as the paper shows it."""
    line = page.locator(f"[data-testid=paper-round-{row['round']}]")
    if row["result"] == "draw":
        line.locator("select[name=winner]").select_option("draw")
        return
    line.locator("select[name=winner]").select_option(str(row["winner"]))
    line.locator("select[name=win]").select_option(row["win"])
    if row["win"] == "discard":
        line.locator("select[name=discarder]").select_option(str(row["discarder"]))
    line.locator("input[name=value]").fill(str(row["value"]))


def totals_shown(page, players):
    return {p: int(page.get_attribute(f"[data-testid=paper-total-{p}]", "data-value"))
            for p in players}


def no_sideways_scroll(page):
    return page.evaluate("() => document.documentElement.scrollWidth") <= 360


def serious_violations(page):
    return [(v["id"], [n["target"] for n in v["nodes"]]) for v in Axe().run(page).response[
        "violations"] if v["impact"] in ("serious", "critical")]


def test_a_judge_enters_a_whole_paper_card(live_server, page, demo):
    sign_in(page, live_server, demo)
    page.goto(live_server.url + demo["cards"][0]["url"])
    page.wait_for_selector("html[data-card-ready=true]")
    card_id = int(demo["cards"][0]["url"].rsplit("/", 1)[1])
    card = api_card(page, live_server, card_id)
    players = [p["number"] for p in card["players"]]
    page.click("[data-paper-link]")
    page.wait_for_selector("html[data-paper-ready=true]")

    rounds = paper_rounds(card)
    for row in rounds:
        fill_round(page, row)
    # Each line's deltas and the running totals, worked out on the phone as typed.
    deltas = expected_deltas(card)
    for number in (1, 4, 10):
        shown = {p: int(page.get_attribute(f"[data-testid=paper-delta-{number}-{p}]",
                                           "data-value")) for p in players}
        assert shown == deltas[number - 1]
    sums = {p: sum(d[p] for d in deltas) for p in players}
    assert totals_shown(page, players) == sums

    offender = players[1]
    page.click("[data-add-penalty]")
    pen = page.locator("[data-testid=paper-penalty-1]")
    pen.locator("select[name=player]").select_option(str(offender))
    pen.locator("input[name=points]").fill("10")
    pen.locator("select[name=round]").select_option("9")
    pen.locator("input[name=reason]").fill("slow play, second time (§4.11)")
    for number in players:
        page.check(f"[data-testid=signed-{number}]")
    expected = {p: sums[p] - (10 if p == offender else 0) for p in players}
    assert totals_shown(page, players) == expected

    # Usable on a small phone, in both themes.
    assert no_sideways_scroll(page)
    assert not serious_violations(page)
    page.emulate_media(color_scheme="dark")
    assert no_sideways_scroll(page)
    assert not serious_violations(page)
    page.emulate_media(color_scheme="light")

    page.click("[data-save-paper]")
    page.wait_for_selector(".paper-message.is-ok")
    summary = page.inner_text("[data-paper-message]")
    assert "16 rounds added" in summary and "4 signatures recorded as signed on paper" in summary
    assert page.locator(".paper-round.is-recorded").count() == 16

    # The live card now holds those rounds and totals, signed on paper.
    page.click("text=Back to the live card")
    page.wait_for_selector("html[data-card-ready=true]")
    for number in range(1, 17):
        assert row_deltas(page, number) == deltas[number - 1], f"round {number}"
    for player in players:
        assert foot(page, "total", player) == expected[player]
        assert foot(page, "penalties", player) == (-10 if player == offender else 0)
    assert page.get_attribute("[data-testid=card-status]", "data-status") == "locked"
    assert page.locator("[data-testid=confirmations] li",
                        has_text="signed on the paper card").count() == 4
    assert "slow play, second time" in page.inner_text("[data-testid=penalty-list]")


def test_a_round_recorded_differently_is_shown_before_anything_changes(live_server, page,
                                                                        demo):
    sign_in(page, live_server, demo)
    card_id = int(demo["cards"][1]["url"].rsplit("/", 1)[1])
    card = api_card(page, live_server, card_id)
    rounds = paper_rounds(card)
    # Round 1 went in on a phone before the outage, the same as on paper.
    first = page.request.post(f"{live_server.url}/api/cards/{card_id}/rounds",
                              data={**rounds[0], "op_id": str(uuid.uuid4())})
    assert first.ok
    open_paper(page, live_server, card_id)
    assert "Recorded" in page.inner_text("[data-testid=paper-round-1] .pr-tag")
    assert page.input_value("[data-testid=paper-round-1] input[name=value]") == str(
        rounds[0]["value"])
    for row in rounds[1:]:
        fill_round(page, row)

    # Meanwhile another phone's queue delivered round 3 with another value.
    assert rounds[2] == {"round": 3, "result": "draw"}
    other = {"round": 3, "result": "win", "winner": card["players"][0]["number"], "win": "self",
             "value": 12}
    late = page.request.post(f"{live_server.url}/api/cards/{card_id}/rounds",
                             data={**other, "op_id": str(uuid.uuid4())})
    assert late.ok
    before = api_card(page, live_server, card_id)

    page.click("[data-save-paper]")
    page.wait_for_selector("[data-testid=conflict-3]:not([hidden])")
    conflict = page.inner_text("[data-testid=conflict-3]")
    assert "won 12 · self-draw" in conflict and demo["judge"]["name"] in conflict
    assert "The paper says" in conflict
    assert "Not saved" in page.inner_text("[data-paper-message]")
    after = api_card(page, live_server, card_id)
    assert after["version"] == before["version"]
    assert [r["round"] for r in after["rounds"] if r["recorded"]] == [1, 3]

    # Saving again without a choice sends nothing; choosing the paper corrects round 3.
    page.click("[data-save-paper]")
    assert "choose which line counts" in page.inner_text("[data-paper-message]")
    page.check("[data-testid=conflict-3] input[value=paper]")
    page.click("[data-save-paper]")
    page.wait_for_selector(".paper-message.is-ok")
    assert "1 round corrected from the paper" in page.inner_text("[data-paper-message]")
    final = api_card(page, live_server, card_id)
    assert final["is_complete"]
    line = final["rounds"][2]
    assert line["revision"] == 2 and line["history"][0]["value"] == 12
    assert line["result"] == "draw" and set(line["deltas"].values()) == {0}
    assert final["rounds"][0]["revision"] == 1


def test_a_typed_paper_card_survives_a_reload_and_a_dead_network(live_server, page, context,
                                                                  demo):
    sign_in(page, live_server, demo)
    card_id = int(demo["cards"][2]["url"].rsplit("/", 1)[1])
    card = api_card(page, live_server, card_id)
    rounds = paper_rounds(card)
    open_paper(page, live_server, card_id)
    for row in rounds[:8]:
        fill_round(page, row)

    # A reload (a closed tab, a flat battery) brings back what was typed, not yet saved.
    page.reload()
    page.wait_for_selector("html[data-paper-ready=true]")
    assert "unsaved lines from before are back" in page.inner_text("[data-paper-message]")
    assert page.input_value("[data-testid=paper-round-1] input[name=value]") == str(
        rounds[0]["value"])
    for row in rounds[8:]:
        fill_round(page, row)

    # No network: the card waits on the phone and goes by itself when the network is back.
    context.set_offline(True)
    page.click("[data-save-paper]")
    page.wait_for_selector(".paper-message.is-warn")
    assert "kept on this phone" in page.inner_text("[data-paper-message]")
    assert page.is_disabled("[data-testid=paper-round-2] select[name=winner]")
    context.set_offline(False)
    page.wait_for_selector(".paper-message.is-ok", timeout=40000)
    saved = api_card(page, live_server, card_id)
    assert all(r["recorded"] for r in saved["rounds"])
    assert [r["deltas"] for r in saved["rounds"]] == [
        {str(p): d for p, d in deltas.items()} for deltas in expected_deltas(card)]


def test_a_bad_line_is_named_on_its_row_and_nothing_is_saved(live_server, page, demo):
    sign_in(page, live_server, demo)
    card_id = int(demo["cards"][3]["url"].rsplit("/", 1)[1])
    card = api_card(page, live_server, card_id)
    rounds = paper_rounds(card)
    open_paper(page, live_server, card_id)
    for row in rounds:
        fill_round(page, row)
    page.fill("[data-testid=paper-round-6] input[name=value]", "")  # the value was missed
    page.click("[data-save-paper]")
    page.wait_for_selector(".paper-message.is-error")
    error = page.locator("[data-error-for='round 6']")
    assert error.is_visible() and "value is required" in error.inner_text()
    assert page.locator("[data-testid=paper-round-6].has-error").count() == 1
    assert not any(r["recorded"] for r in api_card(page, live_server, card_id)["rounds"])

    # Fixed on the row, saved as a whole.
    page.fill("[data-testid=paper-round-6] input[name=value]", str(rounds[5]["value"]))
    page.click("[data-save-paper]")
    page.wait_for_selector(".paper-message.is-ok")
    assert all(r["recorded"] for r in api_card(page, live_server, card_id)["rounds"])


def test_a_time_line_over_80_asks_the_question_on_the_line(live_server, page, demo):
    sign_in(page, live_server, demo)
    card_id = int(demo["cards"][2]["url"].rsplit("/", 1)[1])
    card = api_card(page, live_server, card_id)
    offender = card["players"][0]["number"]
    open_paper(page, live_server, card_id)
    for row in paper_rounds(card):
        fill_round(page, row)
    page.click("[data-add-penalty]")
    pen = page.locator("[data-testid=paper-penalty-1]")
    pen.locator("select[name=player]").select_option(str(offender))
    pen.locator("input[name=points]").fill("85")
    pen.locator("select[name=round]").select_option("6")
    pen.locator("input[name=reason]").fill("over the turn limit all round (§1.9)")
    pen.locator("input[name=is_time]").check()

    page.click("[data-save-paper]")
    question = page.locator("[data-testid=paper-question-1]")
    question.wait_for()
    assert "85 time-penalty points" in question.inner_text()
    assert "Not saved" in page.inner_text("[data-paper-message]")
    assert not api_card(page, live_server, card_id)["rounds"][0]["recorded"]
    assert no_sideways_scroll(page)
    assert not serious_violations(page)

    question.locator("select[name=resignation]").select_option("explained")
    question.locator("input[name=explanation]").fill("the player was unwell; a doctor came")
    page.click("[data-save-paper]")
    page.wait_for_selector(".paper-message.is-ok")
    after = api_card(page, live_server, card_id)
    assert all(r["recorded"] for r in after["rounds"])
    assert after["totals"][str(offender)]["penalties"] == -85
