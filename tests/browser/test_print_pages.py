"""In Chromium at 360 px: the desk warns before printing, and its print pages lead to the PDFs."""

import pytest

from tests.conftest import LiveServer

pytestmark = pytest.mark.browser

WIDE = "() => document.documentElement.scrollWidth"


def sign_in_as_organizer(page, url, demo):
    page.goto(f"{url}/login?tournament_id={demo['tournament_id']}")
    page.fill("input[name=name]", demo["organizer"]["name"])
    page.fill("input[name=pin]", demo["organizer"]["pin"])
    page.locator("[data-testid=signin-pin]").click()
    page.wait_for_url("**/organizer")


def fits_in_both_themes(page) -> None:
    assert page.evaluate(WIDE) <= 360
    page.evaluate("() => { document.documentElement.dataset.theme = 'dark'; }")
    assert page.evaluate(WIDE) <= 360
    page.evaluate("() => { document.documentElement.dataset.theme = 'light'; }")


def pdf_of(page, form="[data-testid=print-form]") -> str:
    """Return the URL the print form opens, as the browser builds it from the form's fields."""
    return page.eval_on_selector(form, """f => {
        const url = new URL(f.action);
        for (const [k, v] of new FormData(f)) url.searchParams.append(k, v);
        return url.href; }""")


@pytest.fixture
def lan_server(app):
    """The app on loopback, but with PUBLIC_BASE_URL a LAN address, as at a venue."""
    app.config["PUBLIC_BASE_URL"] = "http://192.0.2.50:5000"
    with LiveServer(app) as server:
        yield server


def test_from_the_desk_a_print_page_warns_and_opens_the_pdf(live_server, page, demo):
    sign_in_as_organizer(page, live_server.url, demo)
    warning = page.locator("[data-testid=reach-warning][data-kind=qr-loopback]")
    assert warning.count() == 1
    assert f"{live_server.url}" in warning.inner_text()
    assert "HOST=0.0.0.0 PUBLIC_BASE_URL=http://" in warning.inner_text()
    # The warnings and the print links fit the phone's width.
    for box in (page.locator("[data-testid=reach-warnings]").bounding_box(),
                page.locator("[data-testid=print-session-1]").bounding_box()):
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360

    page.locator("[data-testid=print-session-1]").get_by_role("link", name="Scoring cards").click()
    page.wait_for_url("**/print/cards?session=1")
    assert page.locator("[data-testid=reach-warning][data-kind=qr-loopback]").count() == 1
    assert page.locator("[data-testid=names-ok]").count() == 1
    fits_in_both_themes(page)
    page.select_option("select[name=layout]", "a4")
    page.fill("input[name=tables]", "1,2")
    pdf = pdf_of(page)
    assert "/print/cards.pdf?" in pdf and "layout=a4" in pdf and "tables=1%2C2" in pdf
    response = page.request.get(pdf)
    assert response.ok and response.headers["content-type"] == "application/pdf"
    assert response.body().startswith(b"%PDF")

    page.goto(f"{live_server.url}/t/{demo['tournament_id']}/organizer")
    page.locator("[data-testid=print-session-1]").get_by_role("link", name="Seating slips").click()
    page.wait_for_url("**/print/slips?session=1")
    fits_in_both_themes(page)
    pdf = pdf_of(page)
    assert "/print/slips.pdf?" in pdf and "tz_offset=" not in pdf
    assert "venue time (UTC)" in page.get_by_test_id("venue-zone-note").inner_text()
    response = page.request.get(pdf)
    assert response.ok and response.body().startswith(b"%PDF")


@pytest.mark.committed
def test_with_a_lan_public_base_url_no_loopback_warning(lan_server, page, demo):
    sign_in_as_organizer(page, lan_server.url, demo)
    assert page.locator("[data-testid=reach-warning][data-kind=qr-loopback]").count() == 0
    # Phones get plain http on the LAN: the desk says offline features are off there.
    offline = page.locator("[data-testid=reach-warning][data-kind=offline-off]")
    assert offline.count() == 1 and "http://192.0.2.50:5000" in offline.inner_text()

    page.goto(f"{lan_server.url}/t/{demo['tournament_id']}/sessions")
    page.locator("[data-testid=session-1]").get_by_role("link", name="Seating slips").click()
    page.wait_for_url("**/print/slips?session=1")
    assert page.locator("[data-testid=reach-warning]").count() == 0
    fits_in_both_themes(page)
