"""Every role's main pages in Chromium under the strict Content-Security-Policy: the browser
reports no blocked script, style, frame or fetch, and no page throws."""

from __future__ import annotations

import threading
from io import BytesIO

import pytest
from PIL import Image
from werkzeug.serving import make_server

from tests.browser.pages import Phones, api_card, fill_round, save_round, start_clock

pytestmark = pytest.mark.browser

# Runs before any page script, in every frame: keep each violation the document reports.
COLLECT = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"}`
                              + ` at ${e.sourceFile}:${e.lineNumber}`);
});
"""


class Watch:
    """One phone: a context whose pages report CSP violations and script errors to the test."""

    def __init__(self, phones: Phones, browser):
        # The service worker is on, as on a real phone: pages may come from its cache.
        self.context = browser.new_context(viewport={"width": 360, "height": 740},
                                           service_workers="allow")
        phones.contexts.append(self.context)
        self.context.add_init_script(COLLECT)
        self.problems: list[str] = []
        self.page = self.context.new_page()
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))

    def _console(self, message):
        if "Content Security Policy" in message.text or "Content-Security-Policy" in message.text:
            self.problems.append(f"console: {message.text}")

    def sign_in(self, server, demo, role: str) -> None:
        who = demo[role]
        response = self.context.request.post(f"{server.url}/api/login", data={
            "tournament_id": demo["tournament_id"], "name": who["name"], "pin": who["pin"]})
        assert response.ok, response.text()

    def visit(self, url: str, ready: str = "body") -> None:
        """Open a page, let its scripts run, and record what the browser refused."""
        self.page.goto(url)
        self.page.wait_for_selector(ready)
        self.page.wait_for_load_state("networkidle")
        self.collect()

    def collect(self) -> None:
        for frame in self.page.frames:
            found = frame.evaluate("() => window.__cspViolations || []")
            self.problems += [f"{frame.url}: {v}" for v in found]
            frame.evaluate("() => { window.__cspViolations = []; }")


@pytest.fixture
def phones(browser, app, live_server):
    phones = Phones(browser, app)
    yield phones
    phones.close()


def test_public_and_player_pages_run_under_the_policy(live_server, phones, browser, demo):
    watch = Watch(phones, browser)
    base, tid = live_server.url, demo["tournament_id"]
    watch.visit(f"{base}/")
    watch.page.evaluate("() => navigator.serviceWorker.ready")
    for path in ("/", "/picker", f"/t/{tid}", f"/t/{tid}/standings", f"/t/{tid}/clock",
                 "/login", "/offline"):
        watch.visit(base + path)
    hand = base + "/picker#p=2.1.1,7.1&win=discard&winner=E&discarder=S"
    watch.visit(hand, "html[data-picker-ready=true]")
    assert "80" in watch.page.get_by_test_id("hand-total").inner_text()
    # Offline, the picker comes from the service worker's cache, headers and all.
    watch.context.set_offline(True)
    try:
        watch.page.reload()
        watch.page.wait_for_selector("html[data-picker-ready=true]")
        assert "80" in watch.page.get_by_test_id("hand-total").inner_text()
        watch.collect()
    finally:
        watch.context.set_offline(False)
    watch.page.locator("[data-theme-toggle]").click()
    watch.visit(base + demo["players"][0]["url"])
    # A player's own link to the live card, not signed in.
    watch.visit(base + demo["cards"][0]["url"], "html[data-card-ready=true]")
    watch.visit(f"{base}/t/{tid}/standings/projector")
    assert watch.problems == []


def test_judge_pages_and_the_picker_sheet_run_under_the_policy(live_server, phones, browser,
                                                                demo):
    watch = Watch(phones, browser)
    watch.sign_in(live_server, demo, "judge")
    base = f"{live_server.url}/t/{demo['tournament_id']}"
    for path in ("/judge", "/judge/guide", "/judge/log", "/judge/penalties", "/judge/appeals",
                 "/judge/rulings/new", "/judge/players", "/judge/players/1", "/timers"):
        watch.visit(base + path)
    card_url = live_server.url + demo["cards"][0]["url"]
    watch.visit(card_url, "html[data-card-ready=true]")
    card = api_card(watch.page, live_server, int(card_url.rsplit("/", 1)[1]))
    # The picker opens in a sheet framed by the card: the one page another page may frame.
    fill_round(watch.page, card, 1, winner="E", win="self", picker=["2.1.1", "7.1"])
    assert watch.page.input_value("input[name=value]") == "80"
    save_round(watch.page)
    watch.visit(card_url + "/paper", "html[data-paper-ready=true]")
    watch.collect()
    assert watch.problems == []


def test_organizer_pages_run_under_the_policy(app, live_server, phones, browser, demo):
    import time

    start_clock(app, int(time.time() * 1000) - 10 * 60_000)
    watch = Watch(phones, browser)
    watch.sign_in(live_server, demo, "organizer")
    base = f"{live_server.url}/t/{demo['tournament_id']}"
    for path in ("/organizer", "/sessions", "/sessions/1/tables", "/sessions/1/tables/1",
                 "/sessions/1/board", "/clock", "/clock/control", "/timeouts", "/timers",
                 "/standings", "/standings/manage", "/final-day", "/judge/log/print"):
        watch.visit(base + path)
    # A table's timer, started from the list: its page reads its data from a JSON block.
    watch.visit(base + "/timers")
    watch.page.click("[data-timer-tables] [data-table='1']")
    watch.page.locator("[data-timer-players] button").first.click()
    watch.page.click("button[value=earlier]")
    watch.page.wait_for_url("**/timers/*")
    watch.page.get_by_test_id("timer-tap").click()
    watch.page.wait_for_load_state("networkidle")
    watch.collect()
    watch.visit(f"{live_server.url}/new")
    assert watch.problems == []


def test_a_printout_opens_in_the_browsers_pdf_viewer(live_server, phones, browser, demo):
    watch = Watch(phones, browser)
    watch.sign_in(live_server, demo, "judge")
    response = watch.page.goto(f"{live_server.url}/t/{demo['tournament_id']}"
                               "/print/cards.pdf?session=1")
    assert response.ok and response.headers["content-security-policy"]
    # Chromium shows a PDF through its own viewer, in a frame the policy must not block.
    for _ in range(50):
        viewers = [f for f in watch.page.frames if f.url.startswith("chrome-extension://")]
        if viewers:
            break
        watch.page.wait_for_timeout(100)
    assert viewers, [f.url for f in watch.page.frames]
    # The viewer draws the first card: a white sheet fills much of the screen.
    for _ in range(50):
        shot = Image.open(BytesIO(watch.page.screenshot())).convert("L")
        white = sum(shot.histogram()[245:]) / (shot.width * shot.height)
        if white > 0.2:
            break
        watch.page.wait_for_timeout(100)
    assert white > 0.2
    assert watch.problems == []


def test_markup_slipped_into_a_page_cannot_run_script(live_server, phones, browser, demo):
    # As if a name with markup escaped the templates: the browser refuses to run any of it.
    watch = Watch(phones, browser)
    watch.visit(f"{live_server.url}/t/{demo['tournament_id']}/standings")
    watch.page.evaluate("""() => document.querySelector('main').insertAdjacentHTML('beforeend',
        '<img src="/no-such.png" onerror="window.pwned = 1">'
        + '<a id="js-link" href="javascript:window.pwned = 2">x</a>')""")
    watch.page.evaluate("""() => { const s = document.createElement('script');
        s.textContent = 'window.pwned = 3'; document.body.append(s); }""")
    watch.page.click("#js-link")
    watch.page.wait_for_timeout(300)
    assert watch.page.evaluate("() => window.pwned") is None
    watch.collect()
    assert len(watch.problems) >= 3


def test_another_site_cannot_frame_a_page(live_server, phones, browser, demo):
    watch = Watch(phones, browser)
    watch.sign_in(live_server, demo, "judge")
    console = f"{live_server.url}/t/{demo['tournament_id']}/judge"
    # Another site, served for real from this machine, frames the judge console and picker.
    page = (f'<iframe src="{console}"></iframe>'
            f'<iframe src="{live_server.url}/picker"></iframe>').encode()

    def elsewhere(environ, start_response):
        start_response("200 OK", [("Content-Type", "text/html")])
        return [page]

    other = make_server("127.0.0.1", 0, elsewhere)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    try:
        watch.page.goto(f"http://127.0.0.1:{other.server_port}/")
        watch.page.wait_for_timeout(1500)
        framed = [f for f in watch.page.frames if f != watch.page.main_frame]
        # Chromium replaces each refused frame with its own error page.
        assert [f.url for f in framed] == ["chrome-error://chromewebdata/"] * 2
    finally:
        other.shutdown()
        other.server_close()
