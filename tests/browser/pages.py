"""Helpers of the browser tests: a card in the page, sign-ins, phones on one clock."""

from __future__ import annotations

import contextlib
import threading
import time

from judgeaid.extensions import db
from judgeaid.models import ClockEvent, PlaySession


def sign_in(page, server, demo, role="judge"):
    """Sign in through the /login form, as a judge would on their phone."""
    page.goto(f"{server.url}/login")
    page.select_option("select[name=tournament_id]", str(demo["tournament_id"]))
    page.fill("input[name=name]", demo[role]["name"])
    page.fill("input[name=pin]", demo[role]["pin"])
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/login" not in url)


def open_card(page, url):
    """Open a live card and wait until its script has drawn it."""
    page.goto(url)
    page.wait_for_selector("html[data-card-ready=true]")


def parts_started(page, timeout=15000):
    """Wait until every part of the page started after its load event (data-after-load) has
    its script: a tap before that is held and replayed, but what it draws comes later."""
    page.wait_for_function("() => [...document.querySelectorAll('[data-after-load]')]"
                           ".every((part) => part.dataset.started)", timeout=timeout)


def api_card(page, server, card_id):
    """Return a card as the API gives it."""
    return page.request.get(f"{server.url}/api/cards/{card_id}").json()


def winds_of(card, number):
    """Return {seat wind: player number} for a round."""
    return {w: int(p) for p, w in card["rounds"][number - 1]["winds"].items()}


def version(page):
    """Return the card revision the page shows."""
    return int(page.get_attribute("#card-root", "data-version"))


def wait_version(page, at_least, timeout=15000):
    """Wait until the page shows at least the given card revision."""
    page.wait_for_function(
        f"() => Number(document.getElementById('card-root').dataset.version) >= {at_least}",
        timeout=timeout)


def fill_round(page, card, number, *, result="win", winner=None, win="discard", discarder=None,
               chain=(), value=None, picker=None, reason=None):
    """Open a round's form by tapping its row and fill it in (winds are that round's)."""
    seats = winds_of(card, number)
    page.click(f"[data-testid=round-{number}] .rd-button")
    form = page.locator("[data-round-form]")
    form.wait_for(state="visible")
    if result == "draw":
        form.locator("input[name=result][value=draw]").check()
    else:
        form.locator("input[name=result][value=win]").check()
        form.locator(f"input[name=winner][value='{seats[winner]}']").check()
        form.locator(f"input[name=win][value={win}]").check()
        if win == "discard":
            form.locator(f"input[name=discarder][value='{seats[discarder]}']").check()
            if chain:
                if not form.locator("[data-chain]").evaluate("d => d.open"):
                    form.locator("[data-chain] summary").click()
                for wind in chain:
                    form.locator(f"input[name=chain][value='{seats[wind]}']").check()
        if picker:
            use_picker(page, picker)
        elif value is not None:
            form.locator("input[name=value]").fill(str(value))
    if reason:
        form.locator("input[name=reason]").fill(reason)
    return seats


def use_picker(page, patterns):
    """Tick patterns in the picker sheet and bring the hand back to the round form."""
    page.click("[data-open-picker]")
    frame = page.frame_locator("[data-picker-frame]")
    frame.locator("html[data-picker-ready=true]").wait_for(state="attached")
    for pattern in patterns:
        frame.locator(f"[data-pattern='{pattern}']").click()
    page.click("[data-use-hand]")


def save_round(page):
    """Save the round being entered and wait for the card to take it."""
    before = version(page)
    page.click("[data-save-round]")
    wait_version(page, before + 1)


def row_deltas(page, number):
    """Return a round's score changes by player number, as the page shows them."""
    cells = page.locator(f"tr.round[data-round='{number}'] td")
    return {int(c.get_attribute("data-player")):
            int(c.locator(".delta").get_attribute("data-value")) for c in cells.all()}


def foot(page, key, player):
    """Return a number from the card's foot (totals, penalties …) for a player."""
    return int(page.get_attribute(f"[data-testid={key}-{player}]", "data-value"))


def login_api(context, server, demo, role="judge"):
    """Sign a browser context in as one of the demo's staff."""
    response = context.request.post(f"{server.url}/api/login", data={
        "tournament_id": demo["tournament_id"], "name": demo[role]["name"],
        "pin": demo[role]["pin"]})
    assert response.ok, response.text()


def outbox(page, call="pending"):
    """Call a function of the page's outbox module and return its answer."""
    return page.evaluate(f"async () => (await import('{OUTBOX}')).{call}()")


def wait_outbox(page, done, seconds: float = 15.0, call: str = "pending"):
    """Wait until done(the outbox's `call` answer) holds, and return that answer.
    (page.wait_for_function cannot do it: an async predicate's promise counts as true.)"""
    give_up = time.monotonic() + seconds
    while True:
        answer = outbox(page, call)
        if done(answer):
            return answer
        if time.monotonic() > give_up:
            raise AssertionError(f"the outbox's {call}() never came to that: {answer!r}")
        page.wait_for_timeout(50)


MIN = 60_000


def start_clock(app, started_at_ms: int, **settings) -> int:
    """Start session 1's clock at a server time; return its hall deadline (90 minutes on)."""
    with app.app_context():
        session = db.session.get(PlaySession, 1)
        if settings:
            tournament = session.tournament
            tournament.settings = {**tournament.settings, **settings}
        db.session.add(ClockEvent(session_id=session.id, kind="start", at_ms=started_at_ms,
                                  by="test"))
        session.status = "playing"
        db.session.commit()
    return started_at_ms + 90 * MIN


class Phones:
    """The test's browser contexts; closing them waits until the server has answered them all.

    The screens poll all the time, so a request may still be running when the test ends;
    waiting for it keeps its database connection from outliving the app.
    """

    def __init__(self, browser, app):
        self.browser = browser
        self.contexts = []
        self.active = 0
        self.lock = threading.Lock()
        app.before_request(self._enter)
        app.teardown_request(self._leave)

    def _enter(self):
        with self.lock:
            self.active += 1

    def _leave(self, _error):
        with self.lock:
            self.active -= 1

    def new(self, device_offset_s: float = 0.0):
        """Return a 360 px context whose own clock is off by device_offset_s."""
        context = self.browser.new_context(viewport={"width": 360, "height": 740},
                                           service_workers="block")
        context.clock.install(time=time.time() + device_offset_s)
        self.contexts.append(context)
        return context

    def close(self):
        for context in self.contexts:
            context.close()
        until = time.monotonic() + 5
        while self.active and time.monotonic() < until:
            time.sleep(0.02)


def wait_synced(page):
    """Wait until the session clock has synced with the server and shows digits."""
    page.wait_for_function(f"() => document.querySelector('{CLOCK}').clockSynced?.()",
                           timeout=10_000)
    page.wait_for_function(
        f"() => document.querySelector('{CLOCK} [data-clock-digits]').textContent !== '–:––'")


OUTBOX = "/static/js/outbox.js"


CLOCK = "[data-session-clock]"


# ---- the pickers (/picker, /picker/mcr)

PICKER_READY = "html[data-picker-ready=true]"


def open_picker(page, server, path="/picker", fragment=""):
    """Open a picker page, with a fragment if given, and wait until its script has drawn it."""
    page.goto(f"{server.url}{path}{fragment}")
    page.wait_for_selector(PICKER_READY)


def picker_total(page):
    """Return the hand total the picker shows."""
    return page.locator("[data-testid=hand-total]").inner_text()


def picker_payoffs(page):
    """Return each seat's payoff the picker shows, as integers."""
    return {s: int(page.locator(f"[data-testid=payoff-{s}]").inner_text()) for s in "ESWN"}


@contextlib.contextmanager
def picker_offline(page, context, server, path, fragment):
    """Load a picker once online, then open it again with no network in a new tab.

    Yield the new tab and the requests it made, after checking that the service worker
    answered every one; the network comes back afterwards."""
    open_picker(page, server, path)
    page.evaluate("() => navigator.serviceWorker.ready")
    page.reload()
    assert page.evaluate("() => !!navigator.serviceWorker.controller")
    context.set_offline(True)
    try:
        fresh = context.new_page()
        requests = []
        fresh.on("requestfinished", lambda r: requests.append(r))
        open_picker(fresh, server, path, fragment)
        assert requests and served_offline(requests)
        yield fresh
    finally:
        context.set_offline(False)


def served_offline(requests):
    """Say whether every request was answered by the service worker (or never answered)."""
    return all(r.response() is None or r.response().from_service_worker for r in requests)


def small_tap_targets(page):
    """Return the texts of visible buttons and choices less than 44 px tall."""
    return page.evaluate("""() => [...document.querySelectorAll(
        'button, .segmented label')].filter(e => e.offsetParent)
        .filter(e => e.getBoundingClientRect().height < 44).map(e => e.textContent.trim())""")


def serious_axe_violations(browser, server, path, fragment, scheme):
    """Open a page at 360 px in a colour scheme; return axe's serious and critical findings."""
    from axe_playwright_python.sync_playwright import Axe

    ctx = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme=scheme)
    try:
        page = ctx.new_page()
        open_picker(page, server, path, fragment)
        found = Axe().run(page).response["violations"]
        return [(v["id"], [n["target"] for n in v["nodes"]][:3]) for v in found
                if v["impact"] in ("serious", "critical")]
    finally:
        ctx.close()


def url_fragment(page):
    """The picker's state as the URL fragment holds it: never the host or port."""
    _, _, tail = page.url.partition("#")
    return tail
