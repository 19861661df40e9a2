"""The pickers' scripts in Chinese (issue 29): the counting rules' messages, included lines and
search, drawn by zj.js / mcr.js / picker.js from the page's catalogue, in the page's script."""

import re

import pytest

from tests.browser import pages

pytestmark = pytest.mark.browser
LATIN = re.compile(r"[A-Za-z]")


def shown(page, testid):
    return [t.strip() for t in page.locator(f"[data-testid={testid}] li").all_inner_texts()]


def test_the_zj_pickers_rules_speak_traditional_chinese(live_server, page):
    pages.open_picker(page, live_server, "/picker?lang=zh-Hant", "#p=10.1,10.2")
    errors = shown(page, "hand-errors")
    assert errors and "十三么九" in errors[0] and "七對子" in errors[0], errors
    assert not LATIN.search(errors[0].replace("§", "")), errors
    pages.open_picker(page, live_server, "/picker?lang=zh-Hant", "#p=3.2.1")
    included = page.locator("[data-testid=hand-included]").inner_text()
    assert "番牌" in included and not LATIN.search(included), included


def test_the_mcr_picker_speaks_simplified_chinese_and_finds_english_names(live_server, page):
    pages.open_picker(page, live_server, "/picker/mcr?lang=zh-Hans", "")
    page.click("[data-fan='43']")
    page.click("[data-fan='22']")
    errors = shown(page, "hand-errors")
    assert errors and "无番和" in errors[0] and "清一色" in errors[0], errors
    assert not LATIN.search(errors[0].replace("MCR", "").replace("§", "")), errors
    page.fill("[data-fan-search]", "middle")
    assert page.locator("[data-fan-item='26']").is_visible()
    assert not page.locator("[data-fan-item='1']").is_visible()
