"""A page first, its scripts after (issue 31): a page's parts marked data-after-load start once
the page has loaded, and a tap made before then is kept and answered when they start (a
judge adding a penalty, a player calling a judge), as on a phone on slow venue Wi-Fi."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.pages import login_api, parts_started, wait_outbox

pytestmark = pytest.mark.browser


def hold(page, module):
    """Keep a module's requests waiting until release() is called; return release."""
    held = []
    pattern = re.compile(rf"/static/js/{re.escape(module)}\?")
    page.route(pattern, lambda route: held.append(route))

    def release():
        count = len(held)
        for route in held:
            route.continue_()
        page.unroute(pattern)
        return count

    return release


def test_a_tap_on_the_ruling_form_before_its_script_is_answered_once_it_comes(
        live_server, demo, context, page):
    login_api(context, live_server, demo)
    release = hold(page, "judge.js")
    page.goto(live_server.url + f"/t/{demo['tournament_id']}/judge/rulings/new?lang=zh-Hant")
    # the page is there, drawn by the server, before its script
    expect(page.locator("h1")).to_be_visible()
    part = page.locator("[data-after-load='judge.js']")
    assert part.get_attribute("data-started") is None
    page.click("[data-add-penalty]")
    assert page.locator("[data-penalty]").count() == 0
    assert release() >= 1
    parts_started(page)
    expect(page.locator("[data-penalty]")).to_have_count(1)  # the tap, answered once
    expect(page.locator("[data-penalty] legend")).to_have_text("罰分 1")  # in the page's language


def test_a_call_for_a_judge_before_its_script_is_sent_once_it_comes(live_server, demo, page):
    release = hold(page, "callup.js")
    page.goto(live_server.url + demo["cards"][0]["link"])
    expect(page.locator("[data-testid=card-grid]")).to_be_visible()
    page.fill("[data-callup-form] input[name=reason]", "wrong claim")
    page.click("[data-testid=call-judge]")
    # nothing was sent as a plain form (the page is still the card)
    assert page.locator("[data-testid=callup-status]").inner_text() == ""
    assert release() >= 1
    expect(page.locator("[data-testid=callup-status]")).to_contain_text("1")
    assert "/cards/" in page.url


def test_a_fan_ticked_and_a_seat_chosen_before_the_picker_starts_are_kept(live_server, page):
    release = hold(page, "picker.js")
    page.goto(live_server.url + "/picker/mcr?lang=zh-Hans")
    expect(page.locator("[data-fan='48']")).to_be_visible()  # drawn by the server
    page.click("[data-fan='48']")  # a tick: held until picker.js has started
    page.check("input[name=win][value=self]")  # a choice: the page keeps it meanwhile
    page.check("input[name=winner][value=W]")
    assert page.locator("[data-testid=hand-total]").inner_text() == "0"
    assert release() >= 1
    page.locator("html[data-picker-ready=true]").wait_for(state="attached")
    parts_started(page)
    expect(page.locator("[data-fan='48']")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("input[name=win][value=self]")).to_be_checked()
    expect(page.locator("input[name=winner][value=W]")).to_be_checked()
    # the hand and the fragment say so: fan 48, self-drawn by West
    assert page.locator("[data-testid=hand-total]").inner_text() != "0"
    fragment = page.evaluate("() => location.hash")
    assert "f=48" in fragment and "win=self" in fragment and "winner=W" in fragment
    # West drew it: every other seat pays, East included
    assert int(page.locator("[data-testid=payoff-W]").inner_text().lstrip("+")) > 0
    assert int(page.locator("[data-testid=payoff-E]").inner_text().replace("−", "-")) < 0


def _timer(context, live_server, demo, op_id):
    """Sign a judge in on this browser and make a play timer on the first card; return its id."""
    login_api(context, live_server, demo)
    card = demo["cards"][0]
    api = context.request
    players = api.get(live_server.url + card["api"]).json()["players"]
    made = api.post(f"{live_server.url}/api/tournaments/{demo['tournament_id']}/timers", data={
        "card": int(card["api"].rsplit("/", 1)[1]), "round": 1,
        "player": players[0]["number"], "dealt": "earlier", "op_id": op_id})
    assert made.ok, made.text()
    return made.json()["timer"]["id"]


def _tap_counts_from_when_it_was_made(page, api, live_server, timer_id, release,
                                      while_held=lambda: None):
    """Tap the timer while its script is held back, let the script through 1.5 s later, and
    check that the turn was counted once, from the tap."""
    now = lambda: api.get(live_server.url + "/api/time").json()["now_ms"]  # noqa: E731
    before_tap = now()
    page.get_by_test_id("timer-tap").click()
    after_tap = now()
    page.wait_for_timeout(1500)  # the script is still on its way
    while_held()
    arrived = now()
    assert release() >= 1
    parts_started(page)
    page.wait_for_function("() => document.querySelector('[data-play-timer]').timerState?.()"
                           ".edges.length === 1")
    wait_outbox(page, lambda pending: not pending)
    edges = api.get(f"{live_server.url}/api/timers/{timer_id}").json()["timer"]["edges"]
    assert len(edges) == 1  # the held tap, made once
    # The tap's moment, between the clock read before and after it (a busy machine may take
    # a while to click), give or take the page's clock sync; not when the script came.
    slack = 300
    assert before_tap - slack <= edges[0] <= after_tap + slack, (before_tap, edges[0], after_tap)
    assert edges[0] < arrived - 1000, (edges[0], arrived)


def test_a_timer_tap_before_its_script_counts_when_it_was_made(live_server, demo, context, page):
    """A play timer's turn starts when the judge tapped, not when timer.js arrived to answer
    the held tap: the tap's moment travels with it (dom.js tapDelay)."""
    timer_id = _timer(context, live_server, demo, "held-timer-1")
    release = hold(page, "timer.js")
    page.goto(f"{live_server.url}/t/{demo['tournament_id']}/timers/{timer_id}")
    expect(page.get_by_test_id("timer-tap")).to_be_visible()  # drawn by the server
    _tap_counts_from_when_it_was_made(page, context.request, live_server, timer_id, release)


def test_a_tap_before_any_module_runs_is_held_and_the_theme_set_before_the_first_paint(
        live_server, demo, context, page):
    """The page is drawn before app.js has run (its styles come in it, its scripts after): a
    timer tap then is held by the page's first script and counts once the part starts, from
    when it was made; the theme this phone chose is set before anything is drawn."""
    timer_id = _timer(context, live_server, demo, "held-timer-2")
    page.goto(live_server.url + "/offline")
    page.evaluate("localStorage.setItem('judgeaid-theme', 'dark')")
    release = hold(page, "app.js")
    page.goto(f"{live_server.url}/t/{demo['tournament_id']}/timers/{timer_id}",
              wait_until="commit")
    expect(page.get_by_test_id("timer-tap")).to_be_visible()  # drawn, app.js not yet run
    assert page.evaluate("document.documentElement.dataset.theme") == "dark"

    def app_not_run():
        assert page.evaluate("document.readyState") != "complete"

    _tap_counts_from_when_it_was_made(page, context.request, live_server, timer_id, release,
                                      while_held=app_not_run)


def test_an_appeal_decision_chosen_before_the_script_strikes_the_penalties(
        app, live_server, demo, browser, page):
    """The head judge ticks "Overturned" before judge.js has started: when it starts, the
    ruling's penalties are struck, as if the choice had been made after."""
    from sqlalchemy import update

    from judgeaid.extensions import db
    from judgeaid.models import PlaySession

    tid = demo["tournament_id"]
    judge = browser.new_context()
    try:
        login_api(judge, live_server, demo)
        card_id = int(demo["cards"][0]["api"].rsplit("/", 1)[1])
        players = judge.request.get(live_server.url + demo["cards"][0]["api"]).json()["players"]
        offender = players[0]["number"]
        ruled = judge.request.post(f"{live_server.url}/api/t/{tid}/rulings", data={
            "card_id": card_id, "round": 1, "players": [offender],
            "what_happened": "Tiles shown while drawing", "decision": "Play on.",
            "sections": ["1.7"], "op_id": "held-ruling-1",
            "penalties": [{"player": offender, "category": "procedural",
                           "infraction": "tiles_mishandled", "kind": "points", "points": 5}]})
        assert ruled.ok, ruled.text()
        ruling_id = ruled.json()["ruling"]["id"]
    finally:
        judge.close()
    with app.app_context():  # appeals open once the session has ended
        db.session.execute(update(PlaySession).where(PlaySession.tournament_id == tid,
                                                     PlaySession.number == 1)
                           .values(status="finished"))
        db.session.commit()
    token = next(p["url"] for p in demo["players"] if p["number"] == offender).rsplit("/", 1)[1]
    appealed = page.request.post(live_server.url + "/api/appeals", headers={
        "X-Player-Token": token}, data={"ruling_id": ruling_id,
                                        "text": "I only touched my own tiles.",
                                        "op_id": "held-appeal-1"})
    assert appealed.ok, appealed.text()
    login_api(page.context, live_server, demo, "head_judge")
    release = hold(page, "judge.js")
    page.goto(f"{live_server.url}/t/{tid}/judge/appeals")
    appeal = page.locator("[data-appeal]").first
    appeal.locator("input[value=overturned]").check()
    expect(appeal.locator("[data-strike]")).not_to_be_checked()  # nothing answers it yet
    assert release() >= 1
    parts_started(page)
    expect(appeal.locator("[data-strike]")).to_be_checked()


@pytest.mark.parametrize("held_back", ["app.js", "card.js"])
def test_a_round_tapped_before_the_card_draws_itself_again_opens_its_form(
        live_server, demo, context, page, held_back):
    """card.js draws the card again from the data in the page, so the button a judge tapped
    before it came is gone by then: the held tap finds the same round's button and opens its
    form, whether app.js or card.js was still on its way."""
    login_api(context, live_server, demo)
    release = hold(page, held_back)
    page.goto(live_server.url + demo["cards"][0]["url"], wait_until="commit")
    page.locator("[data-testid=round-1] .rd-button").click()
    page.wait_for_timeout(500)
    expect(page.locator("[data-round-form]")).to_be_hidden()
    assert release() >= 1
    parts_started(page)
    form = page.locator("[data-round-form]")
    expect(form).to_be_visible()
    expect(form.locator("[data-round-title]")).to_have_text(re.compile(r"\b1\b"))
