"""The app shell in headless Chromium: service worker in control, pages offline, manifest."""

import json

import pytest

pytestmark = pytest.mark.browser


def test_home_page_works_offline_after_a_visit(live_server, page, context):
    page.goto(live_server.url + "/")
    assert page.locator("h1").inner_text() == "Zung Jung and MCR tournament assistant"
    page.evaluate("() => navigator.serviceWorker.ready")
    page.reload()
    assert page.evaluate("() => !!navigator.serviceWorker.controller")
    context.set_offline(True)
    try:
        page.reload()
        assert page.locator("h1").inner_text() == "Zung Jung and MCR tournament assistant"
        assert page.locator("[data-net-status]").is_visible()
        # A page never visited falls back to the offline page.
        page.goto(live_server.url + "/login")
        assert page.locator("h1").inner_text() == "No connection"
    finally:
        context.set_offline(False)


def test_manifest_is_installable(live_server, page):
    page.goto(live_server.url + "/")
    manifest = page.evaluate("""async () => {
        const link = document.querySelector('link[rel=manifest]');
        const response = await fetch(link.href);
        return {type: response.headers.get('content-type'), body: await response.json()};
    }""")
    body = manifest["body"]
    assert manifest["type"].startswith("application/manifest+json")
    assert body["display"] == "standalone" and body["start_url"].startswith("/")
    assert body["name"] and body["short_name"] and body["theme_color"]
    sizes = {(i["sizes"], i.get("purpose", "any")) for i in body["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in body["icons"]:
        size = page.evaluate("""async (src) => {
            const img = new Image(); img.src = src; await img.decode();
            return [img.naturalWidth, img.naturalHeight];
        }""", icon["src"])
        assert f"{size[0]}x{size[1]}" == icon["sizes"]


def test_layout_fits_a_small_phone(live_server, page):
    page.goto(live_server.url + "/")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 360
    small = page.evaluate("""() => [...document.querySelectorAll('a.button, button')]
        .filter(e => e.offsetParent).map(e => e.getBoundingClientRect())
        .filter(r => r.height < 44).length""")
    assert small == 0


def test_app_works_without_service_workers(live_server, browser):
    ctx = browser.new_context(service_workers="block")
    try:
        page = ctx.new_page()
        page.goto(live_server.url + "/")
        assert page.locator("h1").inner_text() == "Zung Jung and MCR tournament assistant"
        assert json.loads(page.evaluate("() => JSON.stringify(!!navigator.serviceWorker"
                                        " && !!navigator.serviceWorker.controller)")) is False
    finally:
        ctx.close()
