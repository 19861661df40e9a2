"""Offline in Chinese, in Chromium at 360x740 (issue 29): the pickers and a kept live card
reload with no network in the language they were opened in, their scripts' words with them;
the service worker keeps each language's pages apart."""

import pytest
from playwright.sync_api import expect

from tests.browser.pages import PICKER_READY, api_card, fill_round, login_api, open_card, save_round

pytestmark = pytest.mark.browser

# What the scripts draw, in each language (static/js, js.po)
LISTED_LIMIT = {"en": "listed limit", "zh-Hant": "滿貫牌型", "zh-Hans": "满贯牌型"}
PENDING = {"zh-Hant": "1 項更改待處理（尚未儲存）", "zh-Hans": "1 项更改待处理（尚未保存）"}
COPY = {"zh-Hant": "這是此手機保存的計分表副本", "zh-Hans": "这是此手机保存的记分表副本"}
EAST = {"zh-Hant": "東", "zh-Hans": "东"}
CARD = {"zh-Hant": "計分表 {id}", "zh-Hans": "记分表 {id}"}


def wait_kept(page, what="location.href"):
    """Wait until the service worker controls the page and keeps a copy of `what`."""
    page.evaluate("() => navigator.serviceWorker.ready")
    assert page.evaluate(f"""async () => {{
        const end = Date.now() + 15000;
        while (Date.now() < end) {{
            if (await caches.match({what})) return true;
            await new Promise((resolve) => setTimeout(resolve, 200));
        }}
        return false;
    }}"""), f"waited in vain for a kept copy of {what}"


def script_words(page):
    """Return the scripts' messages the page carries (none in English)."""
    return page.evaluate("""() => {
        const node = document.getElementById('js-messages');
        return node ? JSON.parse(node.textContent) : {};
    }""")


def tick_nine_gates(page):
    page.click("button[data-pattern='2.2']")
    expect(page.locator("[data-testid=hand-total]")).to_have_text("480")


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_the_pickers_reload_offline_in_chinese(live_server, context, page, lang):
    url = f"{live_server.url}/picker?lang={lang}"
    page.goto(url)
    page.wait_for_selector(PICKER_READY)
    wait_kept(page)
    mcr = f"{live_server.url}/picker/mcr?lang={lang}"
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector(PICKER_READY)
        assert page.evaluate("() => document.documentElement.lang") == lang
        assert page.locator("[data-net-status]").is_visible()
        # the picker works, and what its script draws is Chinese
        tick_nine_gates(page)
        expect(page.locator("[data-testid=hand-limit]")).to_have_text(LISTED_LIMIT[lang])
        # the MCR picker, precached with the shell in this phone's language, opens too
        page.goto(mcr)
        page.wait_for_selector(PICKER_READY)
        assert page.evaluate("() => document.documentElement.lang") == lang
        assert script_words(page)["East"] == EAST[lang]
        page.click("button[data-fan='1']")  # Big Four Winds: 88
        expect(page.locator("[data-testid=hand-total]")).to_have_text("88")
        # a page this phone never opened: the offline page, in the same language
        page.goto(f"{live_server.url}/login")
        assert page.evaluate("() => document.documentElement.lang") == lang
        assert script_words(page)["Card {id}"] == CARD[lang]
    finally:
        context.set_offline(False)


def test_one_phone_keeps_each_languages_picker_apart(live_server, context, page):
    chinese = f"{live_server.url}/picker?lang=zh-Hant"
    english = f"{live_server.url}/picker?lang=en"
    page.goto(chinese)
    page.wait_for_selector(PICKER_READY)
    wait_kept(page)
    page.goto(english)  # under the service worker now, online: kept in English beside it
    page.wait_for_selector(PICKER_READY)
    wait_kept(page, f"'{live_server.url}/picker'")
    context.set_offline(True)
    try:
        for url, lang in ((chinese, "zh-Hant"), (english, "en"), (chinese, "zh-Hant")):
            page.goto(url)
            page.wait_for_selector(PICKER_READY)
            assert page.evaluate("() => document.documentElement.lang") == lang
            tick_nine_gates(page)
            expect(page.locator("[data-testid=hand-limit]")).to_have_text(LISTED_LIMIT[lang])
        # with no ?lang=, the language last chosen (the cookie: English) stands
        page.goto(f"{live_server.url}/picker")
        page.wait_for_selector(PICKER_READY)
        assert page.evaluate("() => document.documentElement.lang") == "en"
        # a page this phone never opened: the offline page, in that language
        page.goto(f"{live_server.url}/login")
        assert page.evaluate("() => document.documentElement.lang") == "en"
        assert page.locator("h1").inner_text() == "No connection"
    finally:
        context.set_offline(False)


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_a_kept_card_reloads_offline_in_chinese_and_keeps_a_round(live_server, context, page,
                                                                   demo, lang):
    login_api(context, live_server, demo)
    path = demo["cards"][0]["url"]
    card_id = int(path.rsplit("/", 1)[1])
    url = f"{live_server.url}{path}?lang={lang}"
    open_card(page, url)
    wait_kept(page)
    card = api_card(page, live_server, card_id)
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector("html[data-card-ready=true]")
        assert page.evaluate("() => document.documentElement.lang") == lang
        notice = page.locator("[data-testid=card-copy]")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text(COPY[lang])
        # the round form works with no network: the round waits on this phone, in Chinese
        fill_round(page, card, 1, winner="E", discarder="S", value=40)
        page.click("[data-save-round]")
        page.wait_for_selector("tr.round[data-round='1'].is-pending")
        expect(page.locator("[data-testid=outbox-pending]")).to_contain_text(PENDING[lang])
        assert "pending" not in page.locator("tr.note[data-note='1']").inner_text()
        # and again after a reload with no network
        page.reload()
        page.wait_for_selector("html[data-card-ready=true]")
        assert page.evaluate("() => document.documentElement.lang") == lang
        expect(page.locator("tr.round[data-round='1'].is-pending")).to_have_count(1)
    finally:
        context.set_offline(False)
    page.wait_for_selector("tr.round[data-round='1'].is-recorded:not(.is-pending)", timeout=40000)
    assert api_card(page, live_server, card_id)["rounds"][0]["value"] == 40


# ZJ 1.2 and 2.1.1 as each script writes them (the catalogue, issue 29)
CONCEALED = {"zh-Hant": "門前清", "zh-Hans": "门前清"}
HALF_FLUSH = {"zh-Hant": "混一色", "zh-Hans": "混一色"}


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_a_chinese_cards_round_form_names_the_pickers_hand_in_chinese(live_server, context,
                                                                     page, demo, lang):
    """The round form scores a picked hand with the catalogue the card warms up from the API:
    in the card page's language, so the hand's patterns are named as the page names them."""
    login_api(context, live_server, demo)
    path = demo["cards"][0]["url"]
    open_card(page, f"{live_server.url}{path}?lang={lang}")
    card = api_card(page, live_server, int(path.rsplit("/", 1)[1]))
    fill_round(page, card, 1, winner="E", win="self", picker=["1.2", "2.1.1"])
    line = page.locator("[data-patterns-line]")
    expect(line).to_contain_text(CONCEALED[lang])
    expect(line).to_contain_text(HALF_FLUSH[lang])
    assert "Concealed" not in line.inner_text() and "Half Flush" not in line.inner_text()
    save_round(page)
    assert api_card(page, live_server, card["id"])["rounds"][0]["value"] == 45
