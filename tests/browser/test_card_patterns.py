"""The judge's round form on the live card with picker patterns, in Chromium at 360 px:
an excluded pair is refused, an included pattern is counted and shown (issue 14)."""

import pytest

pytestmark = pytest.mark.browser


def sign_in(page, server, demo):
    """Sign in through the /login form as the demo's judge."""
    page.goto(f"{server.url}/login")
    page.select_option("select[name=tournament_id]", str(demo["tournament_id"]))
    page.fill("input[name=name]", demo["judge"]["name"])
    page.fill("input[name=pin]", demo["judge"]["pin"])
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/login" not in url)


def api_round(page, server, card_id, number):
    return page.request.get(f"{server.url}/api/cards/{card_id}").json()["rounds"][number - 1]


def test_round_form_refuses_an_excluded_pair_and_counts_included_patterns(live_server, page,
                                                                            demo):
    sign_in(page, live_server, demo)
    url = live_server.url + demo["cards"][0]["url"]
    card_id = int(url.rsplit("/", 1)[1])
    # §1.5: Nine Gates is never scored on a Blessing of Heaven.
    page.goto(f"{url}#card={card_id}&round=1&p=9.4.1,1.2,2.2&win=self&winner=E&scheme=formal")
    page.wait_for_selector("html[data-card-ready=true]")
    form = page.locator("[data-round-form]")
    form.wait_for(state="visible")
    error = form.locator("[data-form-error]")
    assert "2.2 Nine Gates" in error.inner_text()
    assert "9.4.1 Blessing of Heaven" in error.inner_text() and "§1.5" in error.inner_text()
    assert form.locator("input[name=value]").input_value() == ""
    assert page.locator("[data-save-round]").is_disabled()  # no value to send
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    assert not api_round(page, live_server, card_id, 1)["recorded"]

    # §2.4 3.2.1: Small Three Dragons brings two Value Honor sets, 40 + 20.
    form.locator(".paste summary").click()
    form.locator("input[name=picker_link]").fill(
        f"{live_server.url}/picker#p=3.2.1&win=self&winner=E&scheme=formal")
    form.locator("[data-use-link]").click()
    assert form.locator("input[name=value]").input_value() == "60"
    assert error.inner_text() == ""
    assert ("Value Honor × 2, included with 3.2.1 Small Three Dragons (§2.4 3.2.1); "
            "Small Three Dragons = 60" in page.inner_text("[data-patterns-line]"))
    # A refused hand after a good one leaves no value behind for Save to send.
    form.locator("input[name=picker_link]").fill(
        f"{live_server.url}/picker#p=5.1.2,10.2&win=self&winner=E&scheme=formal")
    form.locator("[data-use-link]").click()
    assert "§1.5" in error.inner_text() and "10.2 Seven Pairs" in error.inner_text()
    assert form.locator("input[name=value]").input_value() == ""
    assert page.locator("[data-save-round]").is_disabled()
    form.locator("input[name=picker_link]").fill(
        f"{live_server.url}/picker#p=3.2.1&win=self&winner=E&scheme=formal")
    form.locator("[data-use-link]").click()
    assert form.locator("input[name=value]").input_value() == "60"
    before = int(page.get_attribute("#card-root", "data-version"))
    page.click("[data-save-round]")
    page.wait_for_function(
        f"() => Number(document.getElementById('card-root').dataset.version) > {before}")
    line = api_round(page, live_server, card_id, 1)
    assert line["value"] == 60 and line["patterns"] == {"3.2.1": 1}
    shown = page.locator("[data-round-patterns='1']")
    shown.wait_for()
    assert shown.inner_text() == (
        "Patterns: Value Honor × 2, included with 3.2.1 Small Three Dragons (§2.4 3.2.1); "
        "Small Three Dragons")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
