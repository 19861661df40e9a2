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
