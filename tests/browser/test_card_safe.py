"""Safe by default on the live card, on a 360 px phone: the round form chooses nothing for
the judge and says what is missing, the preview shows every player's change (§2.3), a
player confirms their totals in two taps, a clash names who wrote what, and the play timer
for the card's table is one tap away."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from judgeaid.rules.zj.payoff import payoff
from judgeaid.tournament.card import score_round
from judgeaid.tournament.rotation import RoundSeats
from tests.browser.pages import (
    api_card,
    open_card,
    save_round,
    sign_in,
    use_picker,
    version,
    wait_version,
    winds_of,
)
from tests.conftest import login

pytestmark = pytest.mark.browser


def op():
    return str(uuid.uuid4())


def python_deltas(card, number, **line):
    """Return {player: delta} for a round by the Python payoff code (§2.3)."""
    r = card["rounds"][number - 1]
    seats = RoundSeats(round_no=number, cycle=r["cycle"], dealer=r["dealer"],
                       winds={int(p): w for p, w in r["winds"].items()}, seats={})
    return score_round(seats, payoff=payoff, scheme=card["scheme"], **line).deltas


def shown_preview(page, card):
    return {p["number"]: page.get_attribute(f"[data-testid=preview-{p['number']}] output",
                                            "data-value")
            for p in card["players"]}


def checked(form):
    return form.locator("input[type=radio]:checked, input[type=checkbox]:checked").count()


def test_the_round_form_chooses_nothing_and_says_what_is_missing(live_server, page, demo):
    sign_in(page, live_server, demo)
    url = live_server.url + demo["cards"][0]["url"]
    open_card(page, url)
    card = api_card(page, live_server, int(url.rsplit("/", 1)[1]))
    seats = winds_of(card, 1)
    form = page.locator("[data-round-form]")
    save = page.locator("[data-save-round]")
    hint = page.locator("[data-testid=save-hint]")

    page.click("[data-testid=round-1] .rd-button")
    form.wait_for(state="visible")
    assert checked(form) == 0
    expect(save).to_be_disabled()
    expect(hint).to_have_text("Choose the result: a win or a draw.")

    # A value alone is not a round: Save stays disabled, Enter records nothing.
    form.locator("input[name=result][value=win]").check()
    form.locator("input[name=value]").fill("10")
    expect(save).to_be_disabled()
    expect(hint).to_have_text("Choose the winner.")
    form.locator("input[name=value]").press("Enter")
    assert form.is_visible()
    assert page.evaluate("async () => (await import('/static/js/outbox.js')).items()") == []
    assert api_card(page, live_server, card["id"])["rounds"][0]["recorded"] is False

    form.locator(f"input[name=winner][value='{seats['S']}']").check()
    expect(hint).to_have_text("Choose how they won: on a discard or self-drawn.")
    expect(save).to_be_disabled()
    form.locator("input[name=win][value=self]").check()
    expect(save).to_be_enabled()
    expect(hint).to_have_text("")
    expected = python_deltas(card, 1, result="win", winner=seats["S"], value=10, win="self")
    assert shown_preview(page, card) == {p: str(d) for p, d in expected.items()}
    for p in card["players"]:
        assert card_short(page, p["number"]) in page.inner_text(
            f"[data-testid=preview-{p['number']}]")

    # On a discard: who discarded must be chosen, and it cannot be the winner.
    form.locator("input[name=win][value=discard]").check()
    expect(save).to_be_disabled()
    expect(hint).to_have_text("Choose who discarded the winning tile.")
    assert form.locator(f"input[name=discarder][value='{seats['S']}']").is_disabled()
    assert {v for v in shown_preview(page, card).values()} == {""}
    form.locator("input[name=value]").fill("40")
    form.locator(f"input[name=discarder][value='{seats['N']}']").check()
    expect(save).to_be_enabled()
    expected = python_deltas(card, 1, result="win", winner=seats["S"], value=40,
                             win="discard", discarder=seats["N"])
    assert shown_preview(page, card) == {p: str(d) for p, d in expected.items()}
    # More than the server takes is not offered either.
    form.locator("input[name=value]").fill("481")
    expect(save).to_be_disabled()
    expect(hint).to_contain_text("1 to 480")
    form.locator("input[name=value]").fill("40")
    save_round(page)
    line = api_card(page, live_server, card["id"])["rounds"][0]
    assert {int(k): v for k, v in line["deltas"].items()} == expected

    # The next round starts empty again; a draw needs one choice and moves nobody (§1.6).
    page.click("[data-testid=round-2] .rd-button")
    form.wait_for(state="visible")
    assert checked(form) == 0
    assert form.locator("input[name=value]").input_value() == ""
    expect(save).to_be_disabled()
    form.locator("input[name=result][value=draw]").check()
    expect(save).to_be_enabled()
    expected = python_deltas(card, 2, result="draw")
    assert shown_preview(page, card) == {p: str(d) for p, d in expected.items()}
    save_round(page)
    line = api_card(page, live_server, card["id"])["rounds"][1]
    assert line["result"] == "draw" and line["revision"] == 1
    page.click("[data-testid=round-3] .rd-button")
    form.wait_for(state="visible")
    assert checked(form) == 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def card_short(page, number):
    return page.inner_text(f"thead th[data-player='{number}']")


def test_a_player_sees_their_totals_and_confirms_in_two_taps(live_server, page, browser,
                                                             client, demo):
    judge = login_client(client, demo)
    card = judge.get(demo["cards"][1]["api"]).get_json()
    url = f"/api/cards/{card['id']}"
    for number in range(1, 17):
        seats = winds_of(card, number)
        body = ({"result": "win", "winner": seats["E"], "value": 8 + number, "win": "self"}
                if number % 3 else {"result": "draw"})
        sent = judge.post(f"{url}/rounds", json={"round": number, **body, "op_id": op()})
        assert sent.status_code == 200
    mine = card["players"][2]["number"]
    sent = judge.post(f"{url}/penalties", json={"player": mine, "points": 10,
                                                "reason": "slow play", "op_id": op()})
    assert sent.status_code == 200
    totals = judge.get(url).get_json()["totals"][str(mine)]

    link = next(p["url"] for p in demo["players"] if p["number"] == mine)
    page.goto(live_server.url + link)
    page.click("a:has-text('Scoring card')")
    page.wait_for_selector("html[data-card-ready=true]")
    panel = page.locator("[data-my-confirm]")
    panel.wait_for(state="visible")
    shown = {key: int(panel.locator(f"[data-my-total={key}]").get_attribute("data-value"))
             for key in ("rounds", "penalties", "total")}
    assert shown == totals and totals["penalties"] == -10
    button = panel.locator("[data-confirm-mine]")
    total_box = panel.locator("[data-my-total=total]").bounding_box()
    assert total_box["y"] + total_box["height"] <= button.bounding_box()["y"]
    # The card's own totals are above it too.
    assert page.locator(f"[data-testid=total-{mine}]").bounding_box()["y"] \
        < button.bounding_box()["y"]

    button.click()  # first tap: a question, nothing sent
    expect(panel.locator("[data-my-confirm-note]")).to_contain_text("Confirm these totals?")
    assert page.evaluate("async () => (await import('/static/js/outbox.js')).items()") == []
    assert mine in judge.get(url).get_json()["pending_confirmations"]
    panel.locator("[data-confirm-no]").click()  # not yet
    expect(button).to_be_visible()
    expect(panel.locator("[data-confirm-yes]")).to_be_hidden()
    assert mine in judge.get(url).get_json()["pending_confirmations"]

    before = version(page)
    button.click()
    panel.locator("[data-confirm-yes]").click()
    wait_version(page, before + 1)
    saved = judge.get(url).get_json()
    assert mine not in saved["pending_confirmations"]
    assert next(c for c in saved["confirmations"] if c["player"] == mine)["via"] == "player"
    expect(panel.locator("[data-my-confirm-note]")).to_contain_text("You confirmed these totals")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def login_client(client, demo, role="judge"):
    return login(client, demo, role)


def test_a_clash_says_who_recorded_what_in_words(live_server, page, browser, app, demo):
    sign_in(page, live_server, demo)
    url = live_server.url + demo["cards"][0]["url"]
    open_card(page, url)
    card = api_card(page, live_server, int(url.rsplit("/", 1)[1]))
    seats = winds_of(card, 3)
    names = {p["number"]: p["name"] for p in card["players"]}
    form = page.locator("[data-round-form]")
    page.click("[data-testid=round-3] .rd-button")
    form.wait_for(state="visible")
    form.locator("input[name=result][value=win]").check()
    form.locator(f"input[name=winner][value='{seats['E']}']").check()
    form.locator("input[name=win][value=discard]").check()
    form.locator(f"input[name=discarder][value='{seats['S']}']").check()
    form.locator("input[name=value]").fill("40")

    # Meanwhile the head judge records round 3 differently from another phone.
    head = login_client(app.test_client(), demo, "head_judge")
    assert head.post(f"/api/cards/{card['id']}/rounds", json={
        "round": 3, "result": "win", "winner": seats["W"], "value": 8, "win": "self",
        "op_id": op()}).status_code == 200

    page.click("[data-save-round]")
    banner = page.locator("[data-testid=card-conflicts]")
    banner.wait_for(state="visible", timeout=20000)
    expect(banner).to_contain_text(
        f"{demo['head_judge']['name']} (head judge) already recorded round 3 as: "
        f"{names[seats['W']]} won 8, self-drawn.")
    text = banner.inner_text()
    assert (f"You entered: {names[seats['E']]} won 40 on a discard from {names[seats['S']]}."
            in text)
    assert "Choose which one stands." in text
    assert "409" not in text and "head_judge:" not in text and "judge:" not in text
    assert page.locator("[data-testid=outbox-attention]").is_hidden()
    line = api_card(page, live_server, card["id"])["rounds"][2]
    assert line["value"] == 8 and line["revision"] == 1  # nothing overwritten

    # Theirs stands: the judge lets theirs stand and the banner goes.
    banner.locator("button:has-text('Keep theirs')").click()
    expect(banner).to_be_hidden()
    assert api_card(page, live_server, card["id"])["rounds"][2]["value"] == 8


def test_time_this_table_opens_the_timer_for_the_cards_table(live_server, page, demo):
    sign_in(page, live_server, demo)
    url = live_server.url + demo["cards"][2]["url"]
    open_card(page, url)
    card = api_card(page, live_server, int(url.rsplit("/", 1)[1]))
    assert card["table"] == demo["cards"][2]["table"] != 1
    page.click("[data-testid=time-this-table]")
    page.wait_for_url(f"**/t/{demo['tournament_id']}/timers?card={card['id']}")
    chosen = page.locator("[data-timer-tables] button[aria-pressed=true]")
    expect(chosen).to_have_text(str(card["table"]))
    players = page.locator("[data-timer-players] button")
    expect(players).to_have_count(4)
    assert sorted(int(b.get_attribute("data-player")) for b in players.all()) \
        == sorted(p["number"] for p in card["players"])
    someone = card["players"][1]
    page.click(f"[data-timer-players] button[data-player='{someone['number']}']")
    page.click("button[name=dealt][value=now]")
    page.wait_for_selector("[data-testid=timer-tap]")
    assert f"Table {card['table']} " in page.text_content(".play-timer .eyebrow")
    assert someone["name"] in page.inner_text(".timer-player")


def test_a_reader_gets_no_timer_link(live_server, page, demo):
    open_card(page, live_server.url + demo["cards"][0]["url"])
    assert page.locator("[data-testid=time-this-table]").count() == 0


def test_the_picker_brings_back_the_hand_but_chooses_nobody(live_server, page, demo):
    sign_in(page, live_server, demo)
    url = live_server.url + demo["cards"][1]["url"]
    open_card(page, url)
    form = page.locator("[data-round-form]")
    page.click("[data-testid=round-1] .rd-button")
    form.wait_for(state="visible")
    form.locator("input[name=result][value=win]").check()
    # The picker has its own defaults (East wins on a discard); they are not the judge's.
    use_picker(page, ["2.1.1", "7.1"])
    assert form.locator("input[name=value]").input_value() == "80"
    assert form.locator("input[name=winner]:checked, input[name=win]:checked, "
                        "input[name=discarder]:checked").count() == 0
    expect(page.locator("[data-save-round]")).to_be_disabled()
    expect(page.locator("[data-testid=save-hint]")).to_have_text("Choose the winner.")
