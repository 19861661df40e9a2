"""On a phone: a floor judge departs from the rubric with a reason (A.5.6, A.5.7), the head
judge sees it listed, and a round above 80 time points asks before anything is saved (§1.9)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import Penalty, Player, PlayTimer, Ruling, User
from tests.conftest import login

pytestmark = pytest.mark.browser


def count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count(model.id)))


def sign_in(context, live_server, demo, role):
    answer = context.request.post(live_server.url + "/api/login", data={
        "tournament_id": demo["tournament_id"], "name": demo[role]["name"],
        "pin": demo[role]["pin"]})
    assert answer.ok


def status_of(app, tid, number) -> str:
    with app.app_context():
        return db.session.scalar(select(Player.status).where(Player.tournament_id == tid,
                                                             Player.number == number))


def players_of(app, demo, card_id):
    client = login(app.test_client(), demo, "judge")
    return client, [p["number"] for p in client.get(f"/api/cards/{card_id}").get_json()["players"]]


def test_a_floor_judge_goes_beyond_the_rubric_with_a_reason(app, demo, live_server, context,
                                                            page):
    tid = demo["tournament_id"]
    card_id = int(demo["cards"][0]["api"].rsplit("/", 1)[1])
    _, (one, *_) = players_of(app, demo, card_id)
    sign_in(context, live_server, demo, "judge")
    page.goto(f"{live_server.url}/t/{tid}/judge/rulings/new?card={card_id}")
    page.click("[data-add-penalty]")
    block = page.locator("[data-penalty]").first
    block.locator("[data-field=player]").select_option(str(one))
    block.locator("[data-field=category]").select_option("procedural")
    block.locator("[data-field=infraction]").select_option("tiles_mishandled")
    expect(block.locator("[data-testid=suggested-label]")).to_be_visible()
    block.locator("[data-field=points]").fill("30")
    beyond = block.locator("[data-beyond]")
    expect(beyond).to_contain_text("you may give it with a written reason (A.5.6, A.5.7)")
    expect(block.locator("[data-reason-row]")).to_be_visible()
    page.fill("textarea[name=what_happened]", "Tiles swept off the table")
    page.click("[data-testid=save-ruling]")
    expect(page.locator("[data-form-error]")).to_contain_text("say why")
    assert count(app, Penalty) == 0
    block.locator("[data-field=reason]").fill("done on purpose, after a warning")
    page.click("[data-testid=save-ruling]")
    page.wait_for_url(re.compile(r"/judge/rulings/\d+$"))
    ruling_url = page.url
    expect(page.locator("[data-departure]")).to_contain_text(
        "departs from the suggested 5 points: done on purpose, after a warning")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    # The head judge's console lists it, one tap from the ruling.
    context.clear_cookies()
    sign_in(context, live_server, demo, "head_judge")
    page.goto(f"{live_server.url}/t/{tid}/judge")
    listed = page.locator("[data-testid=departures] [data-departure-item]")
    expect(listed).to_have_count(1)
    expect(listed).to_contain_text("30 points")
    listed.get_by_role("link").click()
    page.wait_for_url(ruling_url)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_over_80_time_points_asks_and_no_explanation_resigns(app, demo, live_server, context,
                                                            page):
    tid = demo["tournament_id"]
    card_id = int(demo["cards"][1]["api"].rsplit("/", 1)[1])
    client, (one, *_) = players_of(app, demo, card_id)
    first = client.post(f"/api/t/{tid}/penalties", json={
        "card_id": card_id, "player": one, "category": "special",
        "infraction": "time_violation", "kind": "points", "points": 45, "round": 3,
        "op_id": "phone-first-45"})
    assert first.status_code == 200, first.get_json()
    sign_in(context, live_server, demo, "judge")
    page.goto(f"{live_server.url}/t/{tid}/judge/rulings/new?card={card_id}")
    page.select_option("select[name=round]", "3")
    page.click("[data-add-penalty]")
    block = page.locator("[data-penalty]").first
    block.locator("[data-field=player]").select_option(str(one))
    block.locator("[data-field=category]").select_option("special")
    block.locator("[data-field=infraction]").select_option("time_violation")
    expect(block.locator("[data-testid=suggested-label]")).to_be_visible()
    block.locator("[data-field=points]").fill("40")
    page.fill("textarea[name=what_happened]", "Slow all round")
    page.click("[data-testid=save-ruling]")
    block.locator("[data-testid=repeat-warning]").get_by_role(
        "button", name="Record it anyway").click()
    question = block.locator("[data-testid=resignation-question]")
    expect(question).to_contain_text("85 time points in round 3")
    expect(question).to_contain_text("out of the tournament (§4.11)")
    assert count(app, Penalty) == 1 and count(app, Ruling) == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # "Yes" needs the explanation written down
    question.get_by_role("button", name="Yes: record the explanation").click()
    expect(question).to_contain_text("Write the explanation you accepted.")
    question.get_by_role("button", name="No explanation").click()
    confirm = re.compile("Confirm: .* resigns from the tournament")
    question.get_by_role("button", name=confirm).click()
    page.wait_for_url(re.compile(r"/judge/rulings/\d+$"))
    assert status_of(app, tid, one) == "resigned"
    with app.app_context():
        sections = [r.sections for r in db.session.scalars(select(Ruling))]
        assert sections.count(["1.9", "4.11"]) == 1


def test_the_play_timer_asks_before_putting_over_80_points_on_the_card(app, demo, live_server,
                                                                       context, page):
    tid = demo["tournament_id"]
    card_id = int(demo["cards"][2]["api"].rsplit("/", 1)[1])
    _, (one, *_) = players_of(app, demo, card_id)
    with app.app_context():
        # one finished turn of 5 minutes on a 20 s limit: 280 s over, 95 points (§1.9.1)
        judge = db.session.scalar(select(User.id).where(User.tournament_id == tid,
                                                        User.role == "judge"))
        timer = PlayTimer(tournament_id=tid, card_id=card_id, round=2, player_number=one,
                          judge_id=judge, dealt_at_ms=1_000_000, turns=[[1_020_000, 1_320_000]],
                          status="finished")
        db.session.add(timer)
        db.session.commit()
        timer_id = timer.id
    sign_in(context, live_server, demo, "judge")
    page.goto(f"{live_server.url}/t/{tid}/timers/{timer_id}")
    page.get_by_test_id("timer-convert").click()
    question = page.get_by_test_id("resignation-question")
    expect(question).to_be_visible()
    expect(question).to_contain_text("95 time points in round 2")
    assert count(app, Penalty) == 0
    question.locator("textarea").fill("the table's lights went out")
    question.get_by_role("button", name="Yes: record the explanation").click()
    expect(page.get_by_test_id("timer-done")).to_contain_text("95 points are on the card")
    with app.app_context():
        penalty = db.session.scalar(select(Penalty))
        assert penalty.time_explanation == "the table's lights went out"
    assert status_of(app, tid, one) == "active"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
