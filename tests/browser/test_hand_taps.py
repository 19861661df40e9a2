"""Recording a hand from the judge home in few taps, on a 360 px phone (issue 27).

Each test counts its taps from the judge home as a judge makes them: a tap is one
activation (a click), typing a value is one. The tap lists are written out in each test and
the stored result is read back from the card's API and the ruling log.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.pages import api_card, login_api, winds_of
from tests.factories import use_ruleset

pytestmark = pytest.mark.browser


class Taps:
    """The taps of one task, each with what it does, from the judge home on."""

    def __init__(self, page):
        self.page = page
        self.done: list[str] = []

    def tap(self, selector: str, what: str):
        self.page.locator(selector).click()
        self.done.append(what)

    def type(self, selector: str, value: int, what: str):
        self.page.locator(selector).fill(str(value))
        self.done.append(what)


def card_id_of(demo, index=0) -> int:
    return int(demo["cards"][index]["api"].rsplit("/", 1)[1])


def home(page, live_server, demo):
    page.goto(f"{live_server.url}/t/{demo['tournament_id']}/judge")
    expect(page.locator("[data-testid=next-hands]")).to_be_visible()
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def open_next(taps, table=1):
    taps.tap(f"[data-testid=next-hand-{table}]", f"table {table}'s next hand (judge home)")
    expect(taps.page.locator("[data-round-dialog]")).to_be_visible()


def wait_recorded(page, live_server, card_id, number):
    expect(page.locator(f"tr.round[data-round='{number}']")).to_have_class(
        "round is-recorded is-editable", timeout=15000)
    return api_card(page, live_server, card_id)["rounds"][number - 1]


@pytest.fixture(params=["zj", "mcr"])
def ruleset(request, app, demo):
    if request.param == "mcr":
        use_ruleset(app, demo["tournament_id"])
    return request.param


def test_a_draw_in_three_taps(ruleset, live_server, context, page, demo):
    login_api(context, live_server, demo)
    home(page, live_server, demo)
    taps = Taps(page)
    open_next(taps)
    expect(page.locator("[data-round-title]")).to_contain_text("1")
    taps.tap("input[name=result][value=draw]", "Draw")
    taps.tap("[data-save-round]", "Save")
    line = wait_recorded(page, live_server, card_id_of(demo), 1)
    assert line["result"] == "draw" and set(line["deltas"].values()) == {0}
    assert taps.done == ["table 1's next hand (judge home)", "Draw", "Save"]
    assert len(taps.done) <= 3


@pytest.mark.parametrize("value", [40])
def test_a_self_draw_in_five_taps(ruleset, live_server, context, page, demo, value):
    login_api(context, live_server, demo)
    card_id = card_id_of(demo)
    seats = winds_of(api_card(page, live_server, card_id), 1)
    home(page, live_server, demo)
    taps = Taps(page)
    open_next(taps)
    taps.tap(f"input[name=winner][value='{seats['S']}']", "the winner (South)")
    taps.tap("input[name=win][value=self]", "Self-draw")
    # the value field has the typing once only the value is missing
    expect(page.locator("input[name=value]")).to_be_focused()
    taps.type("input[name=value]", value, f"type the value {value}")
    taps.tap("[data-save-round]", "Save")
    line = wait_recorded(page, live_server, card_id, 1)
    assert (line["result"], line["win"], line["winner"], line["value"]) == (
        "win", "self", seats["S"], value)
    assert line["deltas"][str(seats["S"])] > 0
    assert sum(line["deltas"].values()) == 0
    assert len(taps.done) == 5, taps.done


def test_a_discard_win_in_five_taps(ruleset, live_server, context, page, demo):
    login_api(context, live_server, demo)
    card_id = card_id_of(demo, 1)
    seats = winds_of(api_card(page, live_server, card_id), 1)
    home(page, live_server, demo)
    taps = Taps(page)
    open_next(taps, table=2)
    taps.tap(f"input[name=winner][value='{seats['W']}']", "the winner (West)")
    # who discarded shows at once; choosing them says "on a discard"
    taps.tap(f"input[name=discarder][value='{seats['N']}']", "the discarder (North)")
    expect(page.locator("input[name=win][value=discard]")).to_be_checked()
    taps.type("input[name=value]", 30, "type the value 30")
    taps.tap("[data-save-round]", "Save")
    line = wait_recorded(page, live_server, card_id, 1)
    assert (line["result"], line["win"], line["winner"], line["discarder"], line["value"]) == (
        "win", "discard", seats["W"], seats["N"], 30)
    assert line["deltas"][str(seats["N"])] < 0 < line["deltas"][str(seats["W"])]
    assert len(taps.done) <= 6, taps.done


def test_the_next_hand_follows_what_is_recorded(live_server, context, page, demo):
    login_api(context, live_server, demo)
    card_id = card_id_of(demo)
    for number in (1, 2):
        answer = context.request.post(f"{live_server.url}/api/cards/{card_id}/rounds", data={
            "round": number, "result": "draw", "op_id": f"next-hand-{number}"})
        assert answer.ok, answer.text()
    home(page, live_server, demo)
    expect(page.locator("[data-testid=next-hand-1]")).to_contain_text("Round 3")
    page.locator("[data-testid=next-hand-1]").click()
    expect(page.locator("[data-round-title]")).to_have_text("Round 3")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def rulings_of(context, live_server, demo):
    answer = context.request.get(f"{live_server.url}/api/t/{demo['tournament_id']}/rulings")
    assert answer.ok, answer.text()
    return answer.json()["entries"]


def test_a_false_hu_from_the_hand_in_four_taps(ruleset, live_server, context, page, demo):
    login_api(context, live_server, demo)
    card_id = card_id_of(demo)
    card = api_card(page, live_server, card_id)
    seats = winds_of(card, 1)
    offender = seats["W"]
    home(page, live_server, demo)
    taps = Taps(page)
    open_next(taps)
    # the foul's words and citation are the ruleset's
    fouls = page.locator("[data-hand-fouls]")
    expect(fouls.locator("[data-fouls-title]")).to_have_text(
        {"zj": "Foul in this round", "mcr": "Foul in this hand"}[ruleset])
    expect(fouls.locator("[data-foul=false_hu]")).to_have_attribute(
        "title", {"zj": "§1.4.6", "mcr": "MCR §3.11.6.6"}[ruleset])
    # the player who called Hu is ticked as the winner, then the foul: they come filled in
    taps.tap(f"input[name=winner][value='{offender}']", "the player who called Hu (West)")
    taps.tap("[data-foul=false_hu]", {"zj": "False win", "mcr": "False Hu"}[ruleset])
    expect(fouls.locator(f"input[name=foul_player][value='{offender}']")).to_be_checked()
    expect(fouls.locator("[data-testid=foul-penalty]")).to_have_text(
        {"zj": "Penalty tiles", "mcr": "30 points"}[ruleset])
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    taps.tap("[data-foul-save]", "Record the foul")
    expect(fouls.locator("[data-testid=foul-status]")).to_contain_text("(ruling #", timeout=15000)
    assert len(taps.done) == 4, taps.done
    # the hand goes on: the offender is no longer ticked as its winner
    expect(page.locator(f"input[name=winner][value='{offender}']")).not_to_be_checked()
    entry = rulings_of(context, live_server, demo)[0]
    assert entry["card_id"] == card_id and entry["round"] == 1
    penalty = entry["penalties"][0]
    assert penalty["player"] == offender
    if ruleset == "zj":
        # §1.4.6: play carries on, the shown tiles are penalty tiles, no points
        assert (penalty["category"], penalty["infraction"], penalty["kind"]) == (
            "special", "false_win", "penalty_tiles")
        assert entry["sections"][0]["id"] == "1.4.6"
    else:
        # MCR §3.11.6.6: 30 points, 10 to each other player, and no win this hand
        assert (penalty["category"], penalty["infraction"], penalty["kind"],
                penalty["points"]) == ("false_hu", "below_minimum", "points", 30)
        totals = api_card(page, live_server, card_id)["totals"]
        assert totals[str(offender)]["total"] == -30
        assert all(totals[str(p)]["total"] == 10 for p in seats.values() if p != offender)
        expect(page.locator("[data-testid=penalty-list]")).to_contain_text("−30")
        no_win = api_card(page, live_server, card_id)["no_win"]["1"]
        assert [x["player"] for x in no_win] == [offender]


def test_a_dead_hand_bars_the_winner_and_a_refusal_shows_at_the_foul(
        app, ruleset, live_server, context, page, demo):
    from judgeaid.extensions import db
    from judgeaid.models import PlaySession, utcnow

    login_api(context, live_server, demo)
    card_id = card_id_of(demo)
    seats = winds_of(api_card(page, live_server, card_id), 1)
    home(page, live_server, demo)
    page.locator("[data-testid=next-hand-1]").click()
    fouls = page.locator("[data-hand-fouls]")
    # a dead hand (ZJ §1.8) / a wrong tile count (MCR §3.11.6.8), chosen before the player
    fouls.locator(f"[data-foul={ {'zj': 'dead_hand', 'mcr': 'tile_count'}[ruleset] }]").click()
    fouls.locator(f"input[name=foul_player][value='{seats['N']}']").click()
    expect(fouls.locator("[data-testid=foul-penalty]")).not_to_be_empty()
    fouls.locator("[data-foul-save]").click()
    expect(fouls.locator("[data-testid=foul-status]")).to_contain_text("(ruling #", timeout=15000)
    entry = rulings_of(context, live_server, demo)[0]
    assert entry["penalties"][0]["infraction"] == (
        {"zj": "dead_hand", "mcr": "wrong_tile_count"}[ruleset])
    # the card now refuses that player as the hand's winner
    page.locator("[data-close-dialog]").first.click()
    page.reload()
    page.wait_for_selector("html[data-card-ready=true]")
    page.locator("[data-testid=round-1] .rd-button").click()
    expect(page.locator(f"input[name=winner][value='{seats['N']}']")).to_be_disabled()
    if ruleset == "zj":
        return  # ZJ's false win and dead hand cost no points: nothing below to refuse
    # the session is posted meanwhile: a foul with points is refused, and says so here
    fouls.locator("[data-foul=false_hu]").click()
    fouls.locator(f"input[name=foul_player][value='{seats['E']}']").click()
    expect(fouls.locator("[data-testid=foul-penalty]")).to_have_text("30 points")
    with app.app_context():
        session = db.session.get(PlaySession, 1)
        session.finalized_at = utcnow()
        db.session.commit()
    fouls.locator("[data-foul-save]").click()
    expect(fouls.locator("[data-testid=foul-error]")).to_contain_text(
        "posted as final", timeout=15000)
    expect(page.locator("[data-testid=outbox-attention]")).to_be_hidden()
    # nothing was written: the penalty line and the log are as they were
    assert len(rulings_of(context, live_server, demo)) == 1
    assert api_card(page, live_server, card_id)["penalties"] == []


def test_all_four_confirm_before_the_judge_in_two_taps(ruleset, live_server, context, page,
                                                      demo):
    login_api(context, live_server, demo)
    card_id = card_id_of(demo)
    over = context.request.post(f"{live_server.url}/api/cards/{card_id}/time-over",
                                data={"from_round": 1, "op_id": "taps-over"})
    assert over.ok, over.text()
    home(page, live_server, demo)
    taps = Taps(page)
    taps.tap("[data-testid=next-hand-1]", "table 1 (judge home)")
    page.wait_for_selector("html[data-card-ready=true]")
    expect(page.locator("[data-round-dialog]")).to_be_hidden()  # nothing left to record
    taps.tap("[data-confirm-all]", "All four confirm before me")
    expect(page.locator(".confirm-all")).to_contain_text(
        {"zj": "§1.5", "mcr": "MCR §3.9.1.4"}[ruleset])
    taps.tap("[data-confirm-all-yes]", "Yes: all four confirmed")
    expect(page.locator("[data-testid=card-status]")).to_contain_text("Locked", timeout=15000)
    card = api_card(page, live_server, card_id)
    judge = demo["judge"]["name"]
    assert card["status"] == "locked"
    assert sorted(c["player"] for c in card["confirmations"]) == sorted(card["signers"])
    assert {(c["via"], c["before_judge"]) for c in card["confirmations"]} == {
        ("witnessed", judge)}
    for number in card["signers"]:
        expect(page.locator(f"[data-testid=confirmed-{number}]")).to_contain_text(
            f"confirmed before {judge} (judge)")
    assert len(taps.done) == 3, taps.done
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
