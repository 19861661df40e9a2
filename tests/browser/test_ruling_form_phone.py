"""The ruling form on a phone: "involved" follows the penalised player, and a second time
penalty for one round shows the first before it can be recorded (§1.9)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import Penalty, Ruling
from tests.conftest import login

pytestmark = pytest.mark.browser


def count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count(model.id)))


def involved(page) -> list[int]:
    return sorted(int(v) for v in page.locator("[data-players] input:checked").evaluate_all(
        "boxes => boxes.map((box) => box.value)"))


def test_involved_follows_the_penalty_and_a_repeat_time_penalty_warns(app, demo, live_server,
                                                                      context, page):
    tid = demo["tournament_id"]
    card_id = int(demo["cards"][0]["api"].rsplit("/", 1)[1])
    client = login(app.test_client(), demo, "judge")
    one, two, three, _ = [p["number"] for p in
                          client.get(f"/api/cards/{card_id}").get_json()["players"]]
    first = client.post(f"/api/t/{tid}/penalties", json={
        "card_id": card_id, "player": one, "category": "special",
        "infraction": "time_violation", "kind": "points", "points": 10, "round": 3,
        "op_id": "phone-first-time-penalty"})
    assert first.status_code == 200, first.get_json()

    answer = context.request.post(live_server.url + "/api/login", data={
        "tournament_id": tid, "name": demo["head_judge"]["name"],
        "pin": demo["head_judge"]["pin"]})
    assert answer.ok
    page.goto(f"{live_server.url}/t/{tid}/judge/rulings/new?card={card_id}")
    expect(page.locator("[data-players] input")).to_have_count(4)
    assert involved(page) == []

    # The penalised player is the one involved, and the default follows a change of player.
    page.click("[data-add-penalty]")
    block = page.locator("[data-penalty]").first
    block.locator("[data-field=player]").select_option(str(two))
    assert involved(page) == [two]
    block.locator("[data-field=player]").select_option(str(one))
    assert involved(page) == [one]
    # Once the judge ticks a box, the list is theirs.
    page.locator(f"[data-players] input[value='{three}']").check()
    block.locator("[data-field=player]").select_option(str(two))
    assert involved(page) == [one, three]
    page.locator(f"[data-players] input[value='{three}']").uncheck()
    block.locator("[data-field=player]").select_option(str(one))

    # A second time penalty for round 3: refused with the first one shown.
    page.select_option("select[name=round]", "3")
    block.locator("[data-field=category]").select_option("special")
    block.locator("[data-field=infraction]").select_option("time_violation")
    expect(block.locator("[data-testid=suggested-label]")).to_be_visible()
    block.locator("[data-field=points]").fill("5")
    page.fill("textarea[name=what_happened]", "Slow again in round 3")
    page.click("[data-testid=save-ruling]")
    warning = block.locator("[data-testid=repeat-warning]")
    expect(warning).to_contain_text("Already a time penalty for round 3")
    expect(warning).to_contain_text("10 points, given by Jade Judge at ")
    expect(page.locator("[data-form-error]")).to_contain_text("see the warning")
    assert count(app, Penalty) == 1 and count(app, Ruling) == 0
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    warning.get_by_role("button", name="Record it anyway").click()
    page.wait_for_url(re.compile(r"/judge/rulings/\d+$"))
    assert count(app, Penalty) == 2 and count(app, Ruling) == 1
    card = client.get(f"/api/cards/{card_id}").get_json()
    assert card["totals"][str(one)]["penalties"] == -15
    with app.app_context():
        assert db.session.scalar(select(Ruling.players)) == [one]
