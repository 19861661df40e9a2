"""A call-up end to end in Chromium: table calls → judge takes it → ruling with an escalated
penalty, saved while offline → card penalty line → player appeals → head judge decides.

The table calls from the live card page (cards/_callup.html) and the player appeals from their
own page (players/_appeals.html), both as the players reach them: by the links on the slips.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import Penalty, PlaySession, Ruling

pytestmark = pytest.mark.browser


def sign_in(context, site, demo, role):
    who = demo[role]
    response = context.request.post(site.url + "/api/login", data={
        "tournament_id": demo["tournament_id"], "name": who["name"], "pin": who["pin"]})
    assert response.ok, response.text()


def count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count(model.id)))


def test_call_up_to_appeal_decision(app, demo, live_server, browser):
    site = live_server
    tid = demo["tournament_id"]
    card_id = int(demo["cards"][0]["api"].rsplit("/", 1)[1])
    client = app.test_client()
    client.post("/api/login", json={"tournament_id": tid, "name": demo["judge"]["name"],
                                     "pin": demo["judge"]["pin"]})
    card = client.get(f"/api/cards/{card_id}").get_json()
    offender = card["players"][0]["number"]
    # One earlier procedural violation, so the rubric escalates to the 2nd step (A.5.6).
    seeded = client.post(f"/api/t/{tid}/penalties", json={
        "card_id": card_id, "player": offender, "category": "procedural",
        "infraction": "tiles_mishandled", "kind": "points", "points": 5,
        "op_id": "seed-penalty-1"})
    assert seeded.status_code == 200, seeded.get_json()

    phone = {"viewport": {"width": 360, "height": 740}}
    table_ctx = browser.new_context(**phone)
    judge_ctx = browser.new_context(**phone)
    player_ctx = browser.new_context(**phone)
    head_ctx = browser.new_context(**phone)
    try:
        # The table calls a judge: one tap, with an optional reason.
        table = table_ctx.new_page()
        table.goto(site.url + demo["cards"][0]["link"])  # the printed QR code: the table's link
        table.fill("input[name=reason]", "tiles exposed twice")
        table.click("[data-testid=call-judge]")
        expect(table.locator("[data-testid=callup-status]")).to_contain_text("Judge called")

        # The judge sees table 1 waiting and takes it.
        sign_in(judge_ctx, site, demo, "judge")
        judge = judge_ctx.new_page()
        judge.goto(f"{site.url}/t/{tid}/judge")
        call = judge.locator("[data-call]").first
        expect(call).to_contain_text("Table 1")
        expect(call.locator(".call-wait")).to_contain_text("waiting")
        call.locator("[data-take]").click()
        judge.wait_for_url(re.compile(r"/judge/rulings/new\?callup=\d+"))
        expect(judge.locator("[data-testid=callup-context]")).to_contain_text("tiles exposed")
        expect(table.locator("[data-testid=callup-status]")).to_contain_text(
            "Jade Judge is on the way", timeout=12_000)

        # The ruling, with the suggested escalated penalty.
        judge.fill("textarea[name=decision]", "Play on; penalty for handling the tiles again.")
        judge.fill("[data-section-filter]", "1.7")
        judge.check("input[name=sections][value='1.7']")
        judge.click("[data-add-penalty]")
        block = judge.locator("[data-penalty]").first
        block.locator("[data-field=player]").select_option(str(offender))
        block.locator("[data-field=category]").select_option("procedural")
        block.locator("[data-field=infraction]").select_option("tiles_mishandled")
        suggestion = block.locator("[data-testid=suggestion]")
        expect(suggestion.locator("[data-testid=suggested-label]")).to_have_text("10 points")
        expect(suggestion).to_contain_text("2nd procedural violation this tournament → 10 points")
        expect(block.locator("[data-field=points]")).to_have_value("10")

        # Saved with no network: kept on the phone, then sent exactly once.
        judge_ctx.set_offline(True)
        judge.click("[data-testid=save-ruling]")
        expect(judge.locator("[data-form-status]")).to_contain_text("No network")
        assert count(app, Ruling) == 0
        judge_ctx.set_offline(False)
        judge.wait_for_url(re.compile(r"/judge/rulings/\d+$"), timeout=20_000)
        expect(judge.locator("[data-testid=ruling-penalties]")).to_contain_text("10 points")
        assert count(app, Ruling) == 1
        assert count(app, Penalty) == 2

        # The points are on the offender's card, on the penalty line (§4.11).
        card = client.get(f"/api/cards/{card_id}").get_json()
        lines = [(p["player"], p["points"]) for p in card["penalties"] if not p["is_void"]]
        assert lines == [(offender, 5), (offender, 10)]
        assert card["totals"][str(offender)]["penalties"] == -15

        # Session 1 ends (the hall clock's "end" is not part of this test), so appeals open.
        with app.app_context():
            session = db.session.scalar(select(PlaySession).where(
                PlaySession.tournament_id == tid, PlaySession.number == 1))
            session.status = "finished"
            db.session.commit()

        player = player_ctx.new_page()
        player.goto(site.url + next(p["url"] for p in demo["players"]
                                    if p["number"] == offender))
        player.fill("textarea[name=text]", "I only touched my own tiles.")
        player.click("[data-testid=send-appeal]")
        expect(player.locator("text=Appeal sent")).to_be_visible()

        # The head judge sees the floor ruling and the appeal, and decides.
        sign_in(head_ctx, site, demo, "head_judge")
        head = head_ctx.new_page()
        head.goto(f"{site.url}/t/{tid}/judge/appeals")
        appeal = head.locator("[data-appeal]").first
        expect(appeal).to_contain_text("I only touched my own tiles.")
        expect(appeal).to_contain_text("Play on; penalty for handling the tiles again.")
        appeal.locator("input[value=overturned]").check()
        expect(appeal.locator("[data-strike]")).to_be_checked()
        appeal.locator("textarea[name=reason]").fill("The tiles were the player's own.")
        appeal.locator("[data-testid=decide]").click()
        expect(head.locator("[data-testid^=decided-]")).to_have_text("Overturned")

        # The decision is visible to the player and on the card.
        player.reload()
        expect(player.locator("[data-testid=appeal-result]")).to_contain_text("Overturned")
        card = client.get(f"/api/cards/{card_id}").get_json()
        assert card["totals"][str(offender)]["penalties"] == -5
    finally:
        for ctx in (table_ctx, judge_ctx, player_ctx, head_ctx):
            ctx.close()
