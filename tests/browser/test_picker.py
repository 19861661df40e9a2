"""The pattern picker in headless Chromium: taps, fragment state, payoff, offline, a11y."""

import re

import pytest

from tests.browser import pages
from tests.browser.pages import url_fragment

pytestmark = pytest.mark.browser
total = pages.picker_total
payoffs = pages.picker_payoffs


def open_picker(page, server, fragment=""):
    pages.open_picker(page, server, "/picker", fragment)


def test_fragment_restores_the_state(live_server, page):
    open_picker(page, live_server,
                "#p=4.2.3,1.2,3.1*2&win=discard&winner=E&discarder=S&chain=W,S&scheme=formal")
    assert total(page) == "150"
    assert page.locator("[data-pattern='3.1'] [data-count-label]").inner_text() == "2"
    assert payoffs(page) == {"E": 450, "S": -25, "W": -400, "N": -25}


def test_taps_update_total_payoff_and_fragment(live_server, page):
    open_picker(page, live_server)
    assert total(page) == "1"  # Chicken Hand
    page.click("[data-pattern='2.1.1']")
    page.click("[data-pattern='7.1']")
    assert total(page) == "80"
    assert payoffs(page) == {"E": 240, "S": -190, "W": -25, "N": -25}
    assert re.search(r"#p=2\.1\.1,7\.1&win=discard&winner=E&discarder=S", page.url)
    page.check("input[name=win][value=self]")
    assert payoffs(page) == {"E": 240, "S": -80, "W": -80, "N": -80}
    assert "win=self" in url_fragment(page) and "discarder" not in url_fragment(page)
    page.reload()
    page.wait_for_selector("html[data-picker-ready=true]")
    assert total(page) == "80" and payoffs(page)["S"] == -80


def test_an_empty_picker_says_the_hand_is_a_chicken_hand(live_server, page):
    open_picker(page, live_server)
    note = page.locator("[data-testid=hand-chicken]")
    assert total(page) == "1"
    assert note.is_visible()
    assert "Chicken Hand, worth 1 point (§2.2)" in note.inner_text()
    page.click("[data-pattern='1.2']")
    assert total(page) == "5" and not note.is_visible()
    page.click("[data-pattern='1.2']")
    assert total(page) == "1" and note.is_visible()
    page.fill("[data-value-input]", "70")
    page.dispatch_event("[data-value-input]", "change")
    assert total(page) == "70" and not note.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_second_pattern_of_a_series_replaces_the_first(live_server, page):
    open_picker(page, live_server)
    page.click("[data-pattern='2.1.1']")
    page.click("[data-pattern='2.1.2']")
    assert page.get_attribute("[data-pattern='2.1.1']", "aria-pressed") == "false"
    assert page.get_attribute("[data-pattern='2.1.2']", "aria-pressed") == "true"
    assert "replaces Half Flush" in page.locator("[data-testid=picker-notice]").inner_text()
    assert total(page) == "80"


def test_value_honor_stepper_counts_the_sets_small_three_dragons_includes(live_server, page):
    open_picker(page, live_server)
    page.click("[data-pattern='3.2.1']")
    # §2.4 3.2.1: its two dragon triplets are Value Honor sets, so 40 + 2 × 10, no offer.
    assert total(page) == "60"
    honors = page.locator("[data-pattern='3.1']")
    assert honors.locator("[data-count-label]").inner_text() == "2"
    assert honors.get_attribute("data-implied-by") == "3.2.1"
    assert "included with 3.2.1 Small Three Dragons (§2.4 3.2.1)" in honors.inner_text()
    assert page.locator("[data-testid=hand-offers] li").count() == 0
    page.click("[data-step-for='3.1'][data-step='1']")
    assert total(page) == "70" and honors.get_attribute("data-implied-by") is None
    for _ in range(3):
        page.click("[data-step-for='3.1'][data-step='1']")
    assert honors.locator("[data-count-label]").inner_text() == "4"
    page.click("[data-step-for='3.1'][data-step='-1']")
    assert "3.1*3" in url_fragment(page)
    page.click("[data-step-for='3.1'][data-step='-1']")
    page.click("[data-step-for='3.1'][data-step='-1']")
    # Never below the two sets Small Three Dragons brings; the picker says why.
    assert total(page) == "60" and honors.locator("[data-count-label]").inner_text() == "2"
    assert "goes when Small Three Dragons is unticked" in page.inner_text(
        "[data-testid=picker-notice]")
    page.click("[data-pattern='3.2.1']")
    assert total(page) == "20"  # the two sets stepped by hand stay ticked


def test_blessing_of_heaven_includes_concealed_hand_on_a_phone(live_server, page):
    open_picker(page, live_server, "#p=9.4.1&win=self&winner=E&scheme=formal")
    assert total(page) == "160"
    concealed = page.locator("[data-pattern='1.2']")
    assert concealed.get_attribute("aria-pressed") == "true"
    assert concealed.get_attribute("data-implied-by") == "9.4.1"
    included = page.locator("[data-testid=hand-included]").inner_text()
    assert "+5 Concealed Hand: included with 9.4.1 Blessing of Heaven (§2.4 9.4.1)" in included
    assert payoffs(page) == {"E": 480, "S": -160, "W": -160, "N": -160}
    concealed.click()  # it goes with the blessing, not on its own
    assert total(page) == "160" and "p=9.4.1&" in url_fragment(page)
    assert "Blessing of Heaven is unticked" in page.inner_text("[data-testid=picker-notice]")
    page.click("[data-show-table]")
    assert page.locator("[data-table-patterns] li").all_inner_texts() == [
        "Concealed Hand\nincluded with Blessing of Heaven", "Blessing of Heaven"]
    page.click("[data-close-table]")
    # §2.4 10.0: beside Seven Pairs there is no Concealed Hand: 155 + 30.
    page.click("[data-pattern='10.2']")
    assert total(page) == "185"
    assert concealed.get_attribute("aria-pressed") == "false"
    assert page.locator("[data-testid=hand-included] li").count() == 0
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_an_excluded_pair_is_an_error_naming_both_and_the_section(live_server, page):
    open_picker(page, live_server, "#p=9.4.1,1.2,2.2&win=self&winner=E&scheme=formal")
    errors = page.locator("[data-testid=hand-errors]")
    assert errors.is_visible()
    text = errors.inner_text()
    assert "2.2 Nine Gates" in text and "9.4.1 Blessing of Heaven" in text and "§1.5" in text
    assert total(page) == "—" and page.inner_text("[data-testid=payoff-E]") == "—"
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    page.click("[data-pattern='2.2']")
    assert total(page) == "160" and page.locator("[data-testid=hand-errors] li").count() == 0
    page.click("[data-pattern='7.1']")  # 5.1.3 + 7.2.1 is the §1.5 example; here a legal pair
    page.click("[data-pattern='5.1.3']")
    page.click("[data-pattern='7.2.1']")
    assert "§1.5" in errors.inner_text() and total(page) == "—"


def test_a_companion_that_is_not_included_is_still_offered(live_server, page):
    open_picker(page, live_server)
    page.click("[data-pattern='7.2.2']")
    assert total(page) == "200"
    page.click("[data-testid=hand-offers] [data-offer]")
    assert total(page) == "230" and "4.1" in url_fragment(page)


def test_counting_errors_are_shown_and_payoff_withheld(live_server, page):
    open_picker(page, live_server, "#p=10.2,1.2&win=self&winner=N&scheme=formal")
    errors = page.locator("[data-testid=hand-errors]").inner_text()
    assert "Seven Pairs" in errors and "Concealed Hand" in errors
    assert total(page) == "—"


def test_typed_value_and_same_turn_immunity(live_server, page):
    open_picker(page, live_server, "#v=70&win=discard&winner=E&discarder=S&scheme=formal")
    assert total(page) == "70"
    assert payoffs(page) == {"E": 210, "S": -160, "W": -25, "N": -25}
    page.check("input[name=chain][value=E]")  # the winner had discarded the tile first
    assert payoffs(page) == {"E": 210, "S": -70, "W": -70, "N": -70}
    assert "chain=E,S" in url_fragment(page)
    page.uncheck("input[name=chain][value=E]")
    page.check("input[name=chain][value=W]")
    assert payoffs(page) == {"E": 210, "S": -25, "W": -160, "N": -25}


def test_listed_limit_and_show_the_table(live_server, page):
    open_picker(page, live_server, "#p=3.4,3.3.4&win=self&winner=S&scheme=uniform")
    assert total(page) == "400"
    assert page.locator("[data-testid=hand-limit]").inner_text() == "listed limit"
    page.click("[data-show-table]")
    view = page.locator("[data-table-view]")
    assert view.is_visible()
    assert page.locator("[data-table-total]").inner_text() == "400"
    assert page.locator("[data-table-patterns] li").all_inner_texts() == ["Big Four Winds"]
    page.click("[data-close-table]")
    assert not view.is_visible()


def test_picker_works_offline_after_the_first_visit(live_server, page, context):
    with pages.picker_offline(page, context, live_server, "/picker",
                              "#p=6.1,1.1&win=self&winner=W&scheme=formal") as fresh:
        assert total(fresh) == "40"
        fresh.click("[data-pattern='1.3']")
        assert total(fresh) == "45"


def test_no_tile_or_photo_input(live_server, page):
    open_picker(page, live_server)
    assert page.locator("input[type=file], video, canvas, [capture]").count() == 0
    assert "§4.5" in page.locator(".why").inner_text()


def test_one_handed_on_a_360px_phone(live_server, page):
    open_picker(page, live_server)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    assert pages.small_tap_targets(page) == []


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation(live_server, browser, scheme):
    fragment = "#p=3.2.1,1.2&win=discard&winner=E&discarder=S"
    assert pages.serious_axe_violations(browser, live_server, "/picker", fragment, scheme) == []
