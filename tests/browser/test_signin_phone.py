"""A judge's phone in Chromium: signs in despite an attack on her name, and signs out for good."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest
from playwright.sync_api import expect

from judgeaid.extensions import db
from judgeaid.signin import DEVICE_COOKIE
from tests.factories import make_judge, make_tournament

pytestmark = pytest.mark.browser


def wrong_pin(url: str, tournament_id: int, pin: str) -> int:
    request = urllib.request.Request(url + "/api/login", method="POST", data=json.dumps(
        {"tournament_id": tournament_id, "name": "Jin", "pin": pin}).encode(),
        headers={"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(request, timeout=30).close()
    except urllib.error.HTTPError as exc:
        exc.close()
        return exc.code
    return 200


def sign_in_on(page, url: str, tournament_id: int) -> None:
    page.goto(f"{url}/login?tournament_id={tournament_id}")
    page.fill("input[name=name]", "Jin")
    page.fill("input[name=pin]", "246810")
    page.click("button[type=submit]")


def test_the_phone_signs_in_while_her_name_is_attacked_and_signs_out_for_good(
        app, live_server, browser, context, page):
    with app.app_context():
        tournament, _ = make_tournament(organizer="Olga", pin="1234")
        make_judge(tournament, "Jin", pin="246810")
        db.session.commit()
        tid = tournament.id
    # Someone on the same network (same address) guesses at Jin's PIN until refused.
    assert [wrong_pin(live_server.url, tid, f"{n:06d}") for n in range(6)] == [401] * 5 + [429]

    sign_in_on(page, live_server.url, tid)
    expect(page.locator("text=Signed in as Jin.")).to_be_visible()
    cookies = {c["name"]: c for c in context.cookies()}
    assert cookies[DEVICE_COOKIE]["httpOnly"] and cookies["session"]["httpOnly"]
    assert not page.evaluate("() => document.cookie.includes('session=')")

    page.click("text=Sign out")
    expect(page.locator("text=Signed out.")).to_be_visible()
    # The session cookie from before signing out, put back in another browser, is worthless.
    stolen = browser.new_context()
    try:
        stolen.add_cookies([cookies["session"]])
        me = stolen.request.get(live_server.url + "/api/me").json()
        assert me == {"user": None}
    finally:
        stolen.close()
