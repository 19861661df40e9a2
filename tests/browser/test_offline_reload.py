"""Event day with bad Wi-Fi, in Chromium at 360x740: a card reloaded with no network shows
what this phone last saw plus what waits to be sent, and goes live again by itself; a write
made while signed out waits for a sign-in; waiting writes go out from any page; the offline
page says what this phone keeps."""

import pytest
from playwright.sync_api import expect
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import CardRound, Operation
from tests.browser.pages import (
    api_card,
    fill_round,
    login_api,
    open_card,
    row_deltas,
    sign_in,
    wait_version,
    winds_of,
)

pytestmark = pytest.mark.browser

# Read the outbox straight from IndexedDB, so the test never loads outbox.js into a page itself.
OUTBOX_ITEMS = """() => new Promise((resolve, reject) => {
    const opening = indexedDB.open("judgeaid-outbox");
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
        const db = opening.result;
        if (!db.objectStoreNames.contains("items")) { db.close(); resolve([]); return; }
        const all = db.transaction("items").objectStore("items").getAll();
        all.onsuccess = () => { db.close(); resolve(all.result); };
        all.onerror = () => reject(all.error);
    };
})"""


# Playwright's wait_for_function does not wait for a promise, so asynchronous conditions
# (IndexedDB, Cache Storage) are waited for inside the page.
def wait_until(page, condition, timeout=15000, what="the condition"):
    assert page.evaluate(f"""async () => {{
        const check = {condition};
        const end = Date.now() + {timeout};
        while (Date.now() < end) {{
            if (await check()) return true;
            await new Promise((resolve) => setTimeout(resolve, 200));
        }}
        return false;
    }}"""), f"waited in vain for {what}"


def outbox_items(page):
    return page.evaluate(OUTBOX_ITEMS)


def wait_outbox_empty(page, timeout=40000):
    wait_until(page, f"async () => (await ({OUTBOX_ITEMS})()).length === 0", timeout,
               "an empty outbox")


def wait_page_kept(page):
    wait_until(page, "async () => !!(await caches.match(location.href))",
               what="a kept copy of the page")


def kept_round(page, card_id, number):
    """Wait until this phone keeps a copy of the card's state with round `number` recorded."""
    wait_until(page, f"""async () => {{
        const hit = await caches.match('/api/cards/{card_id}');
        return !!hit && (await hit.json()).rounds[{number - 1}].recorded;
    }}""", what=f"a kept card state with round {number}")


def rounds_in_db(app, card_id, number):
    with app.app_context():
        rows = db.session.scalars(select(CardRound).where(
            CardRound.card_id == card_id, CardRound.round == number)).all()
        return [(row.revision, row.op_id) for row in rows]


def operations_with(app, op_id):
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(Operation)
                                 .where(Operation.op_id == op_id))


def card_of(demo, index=0):
    url = demo["cards"][index]["url"]
    return url, int(url.rsplit("/", 1)[1])


def test_a_card_reloaded_offline_shows_the_last_seen_state_then_goes_live(
        app, live_server, context, page, demo):
    login_api(context, live_server, demo)
    path, card_id = card_of(demo)
    url = live_server.url + path
    # One visit only: the service worker was not yet in control, yet it keeps the page.
    open_card(page, url)
    wait_page_kept(page)
    # app.js and card.js share one outbox module (one sender per page).
    assert page.evaluate("""() => performance.getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname === '/static/js/outbox.js').length""") == 1
    card = api_card(page, live_server, card_id)
    seats1, seats2 = winds_of(card, 1), winds_of(card, 2)

    # Round 1 is saved online, after the page copy was kept: only the kept state has it.
    before = card["version"]
    fill_round(page, card, 1, winner="E", win="self", value=10)
    page.click("[data-save-round]")
    wait_version(page, before + 1)
    kept_round(page, card_id, 1)

    context.set_offline(True)
    try:
        fill_round(page, card, 2, winner="S", discarder="W", value=20)
        page.click("[data-save-round]")
        page.wait_for_selector("tr.round[data-round='2'].is-pending")
        waiting = outbox_items(page)
        assert [item["body"]["round"] for item in waiting] == [2]
        op_id = waiting[0]["body"]["op_id"]

        page.reload()
        page.wait_for_selector("html[data-card-ready=true]")
        expect(page.locator("#card-root")).to_have_attribute("data-live", "false")
        assert page.locator("h1").inner_text() != "No connection"
        notice = page.locator("[data-testid=card-copy]")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("No connection")
        expect(notice).to_contain_text("copy of the card kept on this phone")
        # The last-seen round, as this phone saw it from the server.
        assert page.locator("tr.round[data-round='1'].is-recorded:not(.is-pending)").count() == 1
        assert row_deltas(page, 1) == {seats1["E"]: 30, seats1["S"]: -10, seats1["W"]: -10,
                                       seats1["N"]: -10}
        # The waiting round, marked as such.
        pending = page.locator("tr.round[data-round='2'].is-pending")
        expect(pending).to_have_count(1)
        assert row_deltas(page, 2) == {seats2["S"]: 60, seats2["W"]: -20, seats2["E"]: -20,
                                       seats2["N"]: -20}
        expect(page.locator("tr.note[data-note='2']")).to_contain_text("pending")
        assert rounds_in_db(app, card_id, 2) == []
    finally:
        context.set_offline(False)

    # Back online: nobody touches the page; it goes live and sends the round once.
    expect(page.locator("#card-root")).to_have_attribute("data-live", "true", timeout=40000)
    expect(page.locator("[data-testid=card-copy]")).to_be_hidden()
    page.wait_for_selector("tr.round[data-round='2'].is-recorded:not(.is-pending)", timeout=40000)
    wait_outbox_empty(page)
    assert rounds_in_db(app, card_id, 2) == [(1, op_id)]
    assert operations_with(app, op_id) == 1
    assert api_card(page, live_server, card_id)["rounds"][1]["value"] == 20


def test_a_write_made_while_signed_out_waits_for_a_sign_in(
        app, live_server, browser, context, page, demo):
    sign_in(page, live_server, demo)
    path, card_id = card_of(demo)
    open_card(page, live_server.url + path)
    card = api_card(page, live_server, card_id)

    # The judge signs out on another device, which ends this phone's session too.
    other = browser.new_context()
    try:
        login_api(other, live_server, demo)
        assert other.request.post(f"{live_server.url}/api/logout", data={}).ok
    finally:
        other.close()

    fill_round(page, card, 1, result="draw")
    page.click("[data-save-round]")
    notice = page.locator("[data-testid=signin-notice]")
    expect(notice).to_be_visible(timeout=15000)
    expect(notice).to_contain_text("1 change is waiting: sign in again to send it.")
    link = notice.locator("a[data-signin-link]")
    assert link.get_attribute("href") == f"/login?next=%2Fcards%2F{card_id}"
    waiting = outbox_items(page)
    assert len(waiting) == 1 and waiting[0]["state"] == "pending"
    assert waiting[0]["held"] == "signin" and waiting[0]["status"] == 401
    op_id = waiting[0]["body"]["op_id"]
    # Not refused, not dropped: the row still shows it waiting, and nothing needs attention.
    assert page.locator("tr.round[data-round='1'].is-pending").count() == 1
    assert page.is_hidden("[data-testid=outbox-attention]")
    assert rounds_in_db(app, card_id, 1) == []

    link.click()
    page.wait_for_url("**/login?next=*")
    page.select_option("select[name=tournament_id]", str(demo["tournament_id"]))
    page.fill("input[name=name]", demo["judge"]["name"])
    page.fill("input[name=pin]", demo["judge"]["pin"])
    page.click("button[type=submit]")
    page.wait_for_url(f"**{path}")
    page.wait_for_selector("html[data-card-ready=true]")
    page.wait_for_selector("tr.round[data-round='1'].is-recorded:not(.is-pending)", timeout=40000)
    wait_outbox_empty(page)
    expect(page.locator("[data-testid=signin-notice]")).to_be_hidden()
    assert rounds_in_db(app, card_id, 1) == [(1, op_id)]
    assert operations_with(app, op_id) == 1


def test_a_write_waiting_on_the_card_is_sent_from_another_page(
        app, live_server, context, page, demo):
    login_api(context, live_server, demo)
    path, card_id = card_of(demo, 1)
    page.goto(live_server.url + "/")
    page.evaluate("() => navigator.serviceWorker.ready")
    page.reload()  # kept by the service worker, to open with no network
    open_card(page, live_server.url + path)
    card = api_card(page, live_server, card_id)

    context.set_offline(True)
    try:
        fill_round(page, card, 1, result="draw")
        page.click("[data-save-round]")
        page.wait_for_selector("tr.round[data-round='1'].is-pending")
        op_id = outbox_items(page)[0]["body"]["op_id"]
        # The judge walks away from the card to a page with no outbox of its own.
        page.goto(live_server.url + "/")
        assert page.locator("h1").inner_text() == "Zung Jung and MCR tournament assistant"
        assert page.locator("#card-root").count() == 0
    finally:
        context.set_offline(False)

    wait_outbox_empty(page)
    assert page.url == live_server.url + "/"
    assert rounds_in_db(app, card_id, 1) == [(1, op_id)]
    assert operations_with(app, op_id) == 1


def test_the_offline_page_says_what_this_phone_keeps_and_opens_the_page_later(
        live_server, context, page, demo):
    login_api(context, live_server, demo)
    path, card_id = card_of(demo)
    open_card(page, live_server.url + path)
    wait_page_kept(page)
    card = api_card(page, live_server, card_id)

    context.set_offline(True)
    try:
        fill_round(page, card, 1, result="draw")
        page.click("[data-save-round]")
        page.wait_for_selector("tr.round[data-round='1'].is-pending")
        # A page this phone never opened: the offline page stands in for it.
        page.goto(live_server.url + "/login")
        assert page.locator("h1").inner_text() == "No connection"
        expect(page.locator("[data-testid=offline-outbox]")).to_contain_text(
            "1 change is kept on this phone and will be sent when the connection returns.")
        cards = page.locator("[data-testid=offline-cards]")
        expect(cards).to_be_visible()
        link = cards.locator(f"a[href='{path}']")
        expect(link).to_have_text(f"Session {card['session']} · Table {card['table']}")
    finally:
        context.set_offline(False)

    # The network answers again: the page asked for opens by itself.
    page.wait_for_selector("select[name=tournament_id]", timeout=40000)
    assert page.url == live_server.url + "/login"
    assert page.locator("h1").inner_text() != "No connection"
