"""Signing in while many judges sign in at once (issue 17): the server turns a sign-in away with
503 and Retry-After when its turn to check a PIN is taken, and the sign-in page on the phone
tries again by itself, so the judge taps Sign in once and types the PIN once."""

import pytest

from judgeaid.services import accounts

pytestmark = pytest.mark.browser


def fill(page, server, demo, pin):
    page.goto(f"{server.url}/login")
    page.select_option("select[name=tournament_id]", str(demo["tournament_id"]))
    page.fill("input[name=name]", demo["judge"]["name"])
    page.fill("input[name=pin]", pin)


def test_a_busy_server_is_tried_again_by_the_page_until_the_judge_is_in(live_server, browser,
                                                                         demo):
    phone = browser.new_context(viewport={"width": 360, "height": 740})
    page = phone.new_page()
    try:
        fill(page, live_server, demo, demo["judge"]["pin"])
        turned_away = []
        page.on("response", lambda r: r.status == 503 and turned_away.append(r.url))
        # Another sign-in from this address checks a PIN in this server process and one more
        # from it waits its turn: this address has no place left (the turn is fair per source).
        with accounts.hashing_turn("127.0.0.1"):
            waiter = accounts._TURN._join("127.0.0.1")
            try:
                page.click("button[type=submit]")
                status = page.locator("[data-sign-in-status]")
                status.filter(has_text="tries again by itself").wait_for(timeout=5000)
                assert page.url.endswith("/login") and turned_away
                for _ in range(40):  # still turned away: it keeps trying (every 1 to 2 s)
                    if len(turned_away) >= 2:
                        break
                    page.wait_for_timeout(100)
            finally:
                accounts._TURN._queue.remove(waiter)
        page.wait_for_url(lambda url: "/login" not in url, timeout=10000)
        assert f"/t/{demo['tournament_id']}/" in page.url
        assert len(turned_away) >= 2
    finally:
        phone.close()


def test_a_wrong_pin_through_the_page_is_shown_and_counted_once(live_server, browser, demo):
    phone = browser.new_context(viewport={"width": 360, "height": 740})
    page = phone.new_page()
    try:
        fill(page, live_server, demo, "000000")
        posts = []
        page.on("request", lambda r: r.method == "POST" and posts.append(r.url))
        page.click("button[type=submit]")
        alert = page.locator("main [role=alert]")
        alert.wait_for(timeout=5000)
        assert "PIN" in alert.inner_text() and page.url.endswith("/login")
        assert len(posts) == 1
        # The form shown again still sends itself through the page: a right PIN signs in.
        fill_again = page.locator("input[name=pin]")
        page.fill("input[name=name]", demo["judge"]["name"])
        fill_again.fill(demo["judge"]["pin"])
        page.click("button[type=submit]")
        page.wait_for_url(lambda url: "/login" not in url, timeout=10000)
    finally:
        phone.close()
