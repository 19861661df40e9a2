"""In Chromium: a judge signs in, prints the slips, and every QR code opens a player's page."""

import pytest

from tests.printing import qr_codes

pytestmark = pytest.mark.browser


def test_judge_prints_slips_and_each_qr_code_opens_a_players_page(live_server, page, demo):
    page.goto(f"{live_server.url}/login")
    page.select_option("select[name=tournament_id]", str(demo["tournament_id"]))
    page.fill("input[name=name]", demo["judge"]["name"])
    page.fill("input[name=pin]", demo["judge"]["pin"])
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/login" not in url)

    # page.request shares the signed-in context's cookies, as the browser's own PDF viewer would.
    response = page.request.get(
        f"{live_server.url}/t/{demo['tournament_id']}/print/slips.pdf?session=1")
    assert response.ok and response.headers["content-type"] == "application/pdf"
    printed = [code for codes in qr_codes(response.body()) for code in codes]
    expected = {live_server.url + p["url"]: p["name"] for p in demo["players"]}
    assert sorted(printed) == sorted(expected)

    page.goto(printed[0])
    page.wait_for_selector("h1")
    assert expected[printed[0]] in page.text_content("body")


def test_signed_out_the_pdf_asks_for_sign_in(live_server, page, demo):
    page.goto(f"{live_server.url}/t/{demo['tournament_id']}/print/cards.pdf?session=1")
    assert "/login" in page.url
    assert page.locator("input[name=pin]").count() == 1
