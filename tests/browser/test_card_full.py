"""The whole scoring card through the live page in Chromium: 16 rounds, a correction, a
penalty, four confirmations (three on the judge's phone, one from the player's own link)."""

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.pages import (
    api_card,
    fill_round,
    foot,
    open_card,
    row_deltas,
    save_round,
    sign_in,
    version,
    wait_version,
    winds_of,
)

pytestmark = pytest.mark.browser

# Round plan: winds are that round's seat winds (the rotation of §3.4 decides who holds them).
# Expected deltas by seat wind, worked out by hand from §2.3.
PLAN = [
    (1, dict(winner="E", win="discard", discarder="S", value=30), dict(E=90, S=-40, W=-25, N=-25)),
    (2, dict(winner="S", win="discard", discarder="W", value=20), dict(S=60, E=-20, W=-20, N=-20)),
    (3, dict(winner="W", win="self", value=40), dict(W=120, E=-40, S=-40, N=-40)),
    (4, dict(result="draw"), dict(E=0, S=0, W=0, N=0)),
    # same turn, play order from the winner N: S discarded the tile first, then W → S pays
    (5, dict(winner="N", win="discard", discarder="W", chain=["S"], value=60),
     dict(N=180, S=-130, E=-25, W=-25)),
    (6, dict(winner="E", win="discard", discarder="N", picker=["2.1.1", "7.1"]),
     dict(E=240, N=-190, S=-25, W=-25)),
    (7, dict(winner="E", win="self", value=8), dict(E=24, S=-8, W=-8, N=-8)),
    (8, dict(winner="W", win="discard", discarder="N", value=25), dict(W=75, E=-25, S=-25, N=-25)),
    # the winner discarded the tile first in this turn: nobody is responsible (§2.3)
    (9, dict(winner="S", win="discard", discarder="E", chain=["S", "W"], value=50),
     dict(S=150, E=-50, W=-50, N=-50)),
    (10, dict(winner="E", win="discard", discarder="W", value=100),
     dict(E=300, W=-250, S=-25, N=-25)),
    (11, dict(result="draw"), dict(E=0, S=0, W=0, N=0)),
    (12, dict(winner="N", win="self", value=16), dict(N=48, E=-16, S=-16, W=-16)),
    (13, dict(winner="W", win="discard", discarder="S", value=26), dict(W=78, S=-28, E=-25, N=-25)),
    (14, dict(winner="S", win="discard", discarder="N", value=10), dict(S=30, N=-10, E=-10, W=-10)),
    (15, dict(winner="E", win="self", value=30), dict(E=90, S=-30, W=-30, N=-30)),
    (16, dict(winner="N", win="discard", discarder="E", value=40),
     dict(N=120, E=-70, S=-25, W=-25)),
]


def preview(page, seats):
    return {w: int(page.get_attribute(f"[data-testid=preview-{p}] output", "data-value"))
            for w, p in seats.items()}


def test_judge_fills_a_whole_card_and_four_players_confirm(live_server, page, browser, demo):
    sign_in(page, live_server, demo)
    card_url = live_server.url + demo["cards"][0]["url"]
    open_card(page, card_url)
    card = api_card(page, live_server, int(card_url.rsplit("/", 1)[1]))
    card_id = card["id"]

    # 16 rounds through the form; the preview shows the deltas before saving.
    for number, entry, expected in PLAN:
        seats = fill_round(page, card, number, **entry)
        assert preview(page, seats) == expected, f"preview of round {number}"
        if "picker" in entry:
            assert page.input_value("input[name=value]") == "80"
            assert "Half Flush" in page.inner_text("[data-patterns-line]")
        save_round(page)
        assert row_deltas(page, number) == {seats[w]: d for w, d in expected.items()}
        assert page.locator(f"tr.round[data-round='{number}'].is-recorded").count() == 1

    # A correction needs a reason; the old line stays, struck through.
    seats2 = fill_round(page, card, 2, winner="S", discarder="W", value=24)
    assert page.is_disabled("[data-save-round]")
    assert page.inner_text("[data-testid=save-hint]") == "Give the reason for the correction."
    page.fill("[data-round-form] input[name=reason]", "value was 24, not 20")
    save_round(page)
    assert row_deltas(page, 2)[seats2["S"]] == 72
    struck = page.locator("tr.revision[data-round='2'] del")
    assert sorted(int(v) for v in struck.evaluate_all("els => els.map(e => e.dataset.value)")) \
        == [-20, -20, -20, 60]
    assert "value was 24, not 20" in page.inner_text("tr.note[data-note='2']")

    # A penalty on its own line.
    offender = winds_of(card, 1)["N"]
    page.click("[data-tool=penalty] summary")
    page.check(f"[data-penalty-form] input[name=player][value='{offender}']")
    page.fill("[data-penalty-form] input[name=points]", "10")
    page.select_option("[data-penalty-form] select[name=round]", "7")
    page.fill("[data-penalty-form] input[name=reason]", "slow play, second time")
    before = version(page)
    page.click("[data-penalty-form] button[type=submit]")
    wait_version(page, before + 1)
    assert "slow play, second time" in page.inner_text("[data-testid=penalty-list]")
    assert foot(page, "penalties", offender) == -10

    # Three confirmations on the judge's phone, one tap each.
    players = [p["number"] for p in card["players"]]
    own, others = players[0], players[1:]
    for number in others:
        before = version(page)
        page.click(f"[data-confirm-for='{number}']")
        wait_version(page, before + 1)
    assert page.locator("[data-testid=confirmations] li.is-confirmed").count() == 3
    assert page.get_attribute("[data-testid=card-status]", "data-status") == "open"

    # The fourth player confirms from their own page: slip link → card → Confirm my card →
    # Yes, confirm (two taps, their totals in view).
    player_ctx = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        mine = player_ctx.new_page()
        link = next(p["url"] for p in demo["players"] if p["number"] == own)
        mine.goto(live_server.url + link)
        mine.click("a:has-text('Scoring card')")
        mine.wait_for_selector("html[data-card-ready=true]")
        assert "#player=" in mine.url
        assert mine.locator("[data-edit-round]").count() == 0  # a player reads, a judge edits
        mine.click("[data-confirm-mine]")
        mine.click("[data-confirm-yes]")
        mine.wait_for_selector("[data-testid=card-status][data-status=locked]")
        assert "you confirmed this card" in mine.inner_text("[data-player-bar]")
    finally:
        player_ctx.close()

    # The judge's page sees the lock by itself (conditional polling, at most every 5 s).
    page.wait_for_selector("[data-testid=card-status][data-status=locked]", timeout=12000)
    assert page.locator("[data-testid=confirmations] li.is-confirmed").count() == 4

    # Every round line sums to zero; totals = rounds − penalties; the API agrees.
    api = api_card(page, live_server, card_id)
    sums = dict.fromkeys(players, 0)
    for number in range(1, 17):
        line = row_deltas(page, number)
        assert sum(line.values()) == 0, f"round {number}"
        assert line == {int(k): v for k, v in api["rounds"][number - 1]["deltas"].items()}
        for player, delta in line.items():
            sums[player] += delta
    for player in players:
        penalty = 10 if player == offender else 0
        assert foot(page, "rounds", player) == sums[player]
        assert foot(page, "penalties", player) == -penalty
        assert foot(page, "total", player) == sums[player] - penalty
        assert api["totals"][str(player)] == {"rounds": sums[player], "penalties": -penalty,
                                              "total": sums[player] - penalty}
    assert api["status"] == "locked" and api["pending_confirmations"] == []
    assert sorted(c["via"] for c in api["confirmations"]) == ["judge"] * 3 + ["player"]
    assert api["rounds"][1]["revision"] == 2 and api["rounds"][1]["history"][0]["value"] == 20
    assert api["rounds"][5]["patterns"] == {"2.1.1": 1, "7.1": 1}
    assert api["rounds"][4]["responsible"] == winds_of(card, 5)["S"]
    assert api["rounds"][8]["responsible"] is None
    assert api["rounds"][4]["same_turn"] == [winds_of(card, 5)["S"], winds_of(card, 5)["W"]]
    assert [p["points"] for p in api["penalties"]] == [10]

    # Legible and usable on a 360 px phone.
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    small = page.evaluate("""() => [...document.querySelectorAll(
        'button, a.button, summary.button, .choices label')].filter(e => e.offsetParent)
        .map(e => e.getBoundingClientRect()).filter(r => r.height < 44 || r.width < 44).length""")
    assert small == 0
    serious = [v for v in Axe().run(page).response["violations"]
               if v["impact"] in ("serious", "critical")]
    assert not serious, [(v["id"], [n["target"] for n in v["nodes"]]) for v in serious]


def test_time_over_recorder_and_strike_out(live_server, page, browser, demo):
    sign_in(page, live_server, demo)
    card_url = live_server.url + demo["cards"][1]["url"]
    open_card(page, card_url)
    card = api_card(page, live_server, int(card_url.rsplit("/", 1)[1]))
    fill_round(page, card, 1, winner="E", win="self", value=10)
    save_round(page)

    # Appoint a recorder: that player records round 2 from their own link, but cannot correct.
    recorder = winds_of(card, 1)["W"]
    page.click("[data-tool=recorder] summary")
    page.check(f"[data-recorder-form] input[name=player][value='{recorder}']")
    before = version(page)
    page.click("[data-recorder-form] button[type=submit]")
    wait_version(page, before + 1)
    player_ctx = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        mine = player_ctx.new_page()
        link = next(p["url"] for p in demo["players"] if p["number"] == recorder)
        mine.goto(live_server.url + link)
        mine.click("a:has-text('Scoring card')")
        mine.wait_for_selector("html[data-card-ready=true]")
        mine.wait_for_selector("[data-testid=round-2] .rd-button")
        assert mine.locator("[data-testid=round-1] .rd-button").count() == 0
        fill_round(mine, card, 2, result="draw")
        save_round(mine)
        assert mine.locator("tr.round[data-round='2'].is-recorded").count() == 1
    finally:
        player_ctx.close()

    # A penalty, struck out with a reason: it stays on the card, marked void.
    page.reload()
    page.wait_for_selector("html[data-card-ready=true]")
    player = winds_of(card, 1)["S"]
    page.click("[data-tool=penalty] summary")
    page.check(f"[data-penalty-form] input[name=player][value='{player}']")
    page.fill("[data-penalty-form] input[name=points]", "5")
    page.fill("[data-penalty-form] input[name=reason]", "touched the wall")
    before = version(page)
    page.click("[data-penalty-form] button[type=submit]")
    wait_version(page, before + 1)
    page.click("[data-testid=penalty-list] .strike summary")
    page.fill("[data-void-form] input[name=reason]", "wrong player")
    before = version(page)
    page.click("[data-void-form] button[type=submit]")
    wait_version(page, before + 1)
    assert page.locator("[data-testid=penalty-list] li.is-void del").count() == 1
    assert "wrong player" in page.inner_text("[data-testid=penalty-list]")
    assert foot(page, "penalties", player) == 0

    # Session time over: the rounds not recorded become "not played"; players may confirm.
    page.click("[data-tool=time-over] summary")
    before = version(page)
    page.click("[data-time-over]")
    wait_version(page, before + 1)
    assert page.locator("tr.round.is-not-played").count() == 14
    assert "Not played" in page.inner_text("tr.note[data-note='16']")
    assert page.locator("[data-confirm-for]").count() == 4
    api = api_card(page, live_server, card["id"])
    assert api["not_played_from"] == 3 and api["is_complete"] is True


def test_a_picker_link_fills_the_round_form(live_server, page, demo):
    sign_in(page, live_server, demo)
    url = live_server.url + demo["cards"][2]["url"]
    card_id = int(url.rsplit("/", 1)[1])
    # A picker link for round 3 in the card's fragment (winds are round 3's seat winds).
    open_card(page, f"{url}#card={card_id}&round=3&p=2.1.1,7.1&win=self&winner=S&scheme=formal")
    card = api_card(page, live_server, card_id)
    seats = winds_of(card, 3)
    form = page.locator("[data-round-form]")
    form.wait_for(state="visible")
    assert form.locator("input[name=value]").input_value() == "80"
    assert form.locator("input[name=win][value=self]").is_checked()
    assert form.locator(f"input[name=winner][value='{seats['S']}']").is_checked()
    assert "Half Flush" in page.inner_text("[data-patterns-line]")
    assert preview(page, seats) == {"S": 240, "E": -80, "W": -80, "N": -80}
    assert "round=" not in page.url  # the link is used once
    save_round(page)
    line = api_card(page, live_server, card_id)["rounds"][2]
    assert line["value"] == 80 and line["patterns"] == {"2.1.1": 1, "7.1": 1}

    # Or paste a picker link into the form: here a typed value and a same-turn chain.
    seats = winds_of(card, 4)
    page.click("[data-testid=round-4] .rd-button")
    form.locator(".paste summary").click()
    form.locator("input[name=picker_link]").fill(
        f"{live_server.url}/picker#v=30&win=discard&winner=E&discarder=N&chain=W,N")
    form.locator("[data-use-link]").click()
    assert form.locator("input[name=value]").input_value() == "30"
    assert form.locator(f"input[name=chain][value='{seats['W']}']").is_checked()
    # §2.3 W let the tile go first in this turn, so W pays 3 × 30 − 50 = 40
    assert preview(page, seats) == {"E": 90, "W": -40, "S": -25, "N": -25}
    save_round(page)
    line = api_card(page, live_server, card_id)["rounds"][3]
    assert line["same_turn"] == [seats["W"], seats["N"]] and line["responsible"] == seats["W"]


def test_anyone_reads_the_card_on_a_small_phone(live_server, page, demo):
    open_card(page, live_server.url + demo["cards"][0]["url"])
    assert page.locator("[data-edit-round], [data-judge-tools]").count() == 0
    assert page.locator("tr.round").count() == 16
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    serious = [v for v in Axe().run(page).response["violations"]
               if v["impact"] in ("serious", "critical")]
    assert not serious, [(v["id"], [n["target"] for n in v["nodes"]]) for v in serious]
