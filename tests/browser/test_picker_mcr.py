"""The MCR fan picker in headless Chromium at 360 px: taps, counts, flowers, errors, payoff,
the fragment, offline and accessibility (issue 16)."""

import json
import re
from pathlib import Path

import pytest

from judgeaid.rules import get_ruleset
from judgeaid.rules.mcr.catalogue import DRAW_WINS
from judgeaid.rules.mcr.hand import score_hand
from judgeaid.rules.mcr.implied import IMPLIED
from tests.browser import pages
from tests.browser.pages import url_fragment
from tests.rules.expect import mcr_fans

pytestmark = pytest.mark.browser
total = pages.picker_total
payoffs = pages.picker_payoffs

# The shared MCR case table (fan numbers as in MCR Appendix 1; the value includes flowers),
# the one the Python core, the API and mcr.js run. The page takes the cases it can be given:
# known fans at counts its controls offer (400s at the API, and counts above a fan's most,
# cannot be ticked). Nothing ticked at all is a hand not begun: the page shows 0 and asks for
# fans rather than an error (its own test below).
CASES = json.loads((Path(__file__).parents[1] / "mcr_cases.json").read_text(encoding="utf-8"))
MOST = {f["id"]: f["max_count"] for f in get_ruleset("mcr").scoring.catalogue_json()["fans"]}
TICKABLE = [c for c in CASES["score"] if c["status"] != 400
            and all(fan in MOST and 0 <= count <= MOST[fan] for fan, count in c["fans"].items())
            and c["flowers"] <= MOST["81"] and (any(c["fans"].values()) or c["flowers"])]
RUN_CASES = """async (hashes) => {
  const shown = [];
  for (const hash of hashes) {
    const drawn = new Promise((done) => addEventListener("hashchange", done, { once: true }));
    location.hash = hash;
    await drawn;  // the picker's own listener, added first, has drawn the hand
    shown.push({
      total: document.querySelector("[data-testid=hand-total]").textContent,
      errors: document.querySelectorAll("[data-testid=hand-errors] li").length,
      warnings: document.querySelectorAll("[data-testid=hand-warnings] li").length,
    });
  }
  return shown;
}"""
PAYOFF_CASES = [
    ("self-drawn 24", "#f=19&fl=0&win=self&winner=E", {"E": 96, "S": -32, "W": -32, "N": -32}),
    ("discard 8 by South", "#f=43&fl=0&win=discard&winner=E&discarder=S",
     {"E": 32, "S": -16, "W": -8, "N": -8}),
]


def open_picker(page, server, fragment=""):
    pages.open_picker(page, server, "/picker/mcr", fragment)


def errors(page):
    return page.locator("[data-testid=hand-errors]").inner_text()


def fragment_of(fans, flowers):
    listed = ",".join(fan if count == 1 else f"{fan}*{count}" for fan, count in fans.items())
    win = "self" if any(fan in DRAW_WINS for fan in fans) else "discard"
    return f"#f={listed}&fl={flowers}&win={win}&winner=E&discarder=S"


def page_shows(case):
    """What the page shows for a case: the fans a ticked one brings are not counted (MCR
    §3.9.1.6 (1)), the win type follows the fragment."""
    fans = {fan: count for fan, count in mcr_fans(case).items() if count}
    win = "self" if any(fan in DRAW_WINS for fan in fans) else "discard"
    implied = {row.implies for row in IMPLIED
               if not row.leaves and row.fan in fans and row.implies in fans}
    hand = score_hand({k: v for k, v in fans.items() if k not in implied}, win)
    return {"total": "—" if hand.errors else str(hand.value),
            "errors": len(hand.errors), "warnings": len(hand.warnings)}


def no_sideways_scroll(page):
    return page.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_ticking_fans_and_flowers_updates_total_payoff_and_fragment(live_server, page):
    open_picker(page, live_server)
    assert total(page) == "0"
    assert page.locator("[data-testid=hand-empty]").is_visible()
    assert "MCR §3.9.1.1" in page.inner_text("[data-testid=hand-minimum]")
    page.click("[data-fan='28']")
    page.click("[data-fan='62']")
    assert total(page) == "18"
    assert not page.locator("[data-testid=hand-empty]").is_visible()
    page.click("[data-step-for='81'][data-step='1']")
    page.click("[data-step-for='81'][data-step='1']")
    assert total(page) == "20"
    assert page.locator("[data-fan='81'] [data-count-label]").inner_text() == "2"
    # MCR §3.9.1.3: South discarded: 8 + 20 from South, 8 from West and North.
    assert payoffs(page) == {"E": 44, "S": -28, "W": -8, "N": -8}
    assert re.search(r"#f=28,62&fl=2&win=discard&winner=E&discarder=S$", page.url)
    # Concealed Hand is won on a discard: a self-drawn win clashes with it (MCR §3.7.2.3).
    page.check("input[name=win][value=self]")
    assert total(page) == "—" and "62 Concealed Hand" in errors(page)
    assert "win=self" in url_fragment(page) and "discarder" not in url_fragment(page)
    page.click("[data-fan='62']")  # untick
    assert total(page) == "18" and "f=28&" in url_fragment(page)
    assert payoffs(page) == {"E": 78, "S": -26, "W": -26, "N": -26}
    page.check("input[name=win][value=discard]")
    page.reload()
    page.wait_for_selector("html[data-picker-ready=true]")
    assert total(page) == "18" and payoffs(page)["S"] == -26
    assert no_sideways_scroll(page)


def test_a_fan_that_repeats_counts_with_taps_and_steppers(live_server, page):
    open_picker(page, live_server)
    double = page.locator("[data-fan='69']")
    page.click("[data-fan='50']")
    double.click()
    double.click()
    assert double.locator("[data-count-label]").inner_text() == "2"
    assert double.get_attribute("aria-pressed") == "true"
    assert total(page) == "8" and "69*2" in url_fragment(page)  # MCR App. 1: 6 + 1 + 1
    page.click("[data-step-for='69'][data-step='-1']")
    assert double.locator("[data-count-label]").inner_text() == "1"
    # One fan fewer and the hand falls below the minimum: an error, no payoff.
    assert total(page) == "—" and "§3.9.1.1" in errors(page)
    assert page.inner_text("[data-testid=payoff-E]") == "—"
    page.click("[data-step-for='69'][data-step='-1']")
    assert double.get_attribute("aria-pressed") == "false" and "69" not in url_fragment(page)


def test_an_implied_fan_is_shown_included_and_not_counted(live_server, page):
    open_picker(page, live_server)
    page.click("[data-fan='26']")
    no_honors = page.locator("[data-fan='76']")
    # MCR §3.9.1.6 (1): Middle Tiles has no honors; No Honors is included, not scored.
    assert "26 Middle Tiles" in no_honors.locator("[data-implied]").inner_text()
    assert "not counted" in no_honors.locator("[data-implied]").inner_text()
    no_honors.click()  # cannot be ticked beside it: the total stays, the reason is given
    assert total(page) == "24" and errors(page) == ""
    assert "always part of 26 Middle Tiles" in page.inner_text("[data-testid=picker-notice]")
    assert no_honors.get_attribute("aria-pressed") == "false"
    assert "f=26&" in url_fragment(page)
    assert no_sideways_scroll(page)


def test_a_fan_ticked_first_then_implied_stays_ticked_but_not_counted(live_server, page):
    open_picker(page, live_server, "#f=76,26&fl=0&win=discard&winner=E&discarder=S")
    assert total(page) == "24" and errors(page) == ""
    assert page.get_attribute("[data-fan='76']", "aria-pressed") == "true"
    assert "not counted" in page.inner_text("[data-testid=hand-ticked]")
    assert url_fragment(page).startswith("f=76,26&")  # only what the user ticked
    page.click("[data-fan='26']")  # untick Middle Tiles: No Honors counts again
    assert total(page) == "—" and "below the minimum" in errors(page)


def test_four_kongs_carries_all_pungs_and_three_kongs(live_server, page):
    open_picker(page, live_server, "#f=5,49,17&fl=0&win=discard&winner=E&discarder=S")
    assert total(page) == "88" and errors(page) == ""  # MCR App. 1: not 126
    for fan in ("49", "17"):
        assert "5 Four Kongs" in page.inner_text(f"[data-fan='{fan}'] [data-implied]")


def test_a_fan_appendix_1_excludes_cannot_be_ticked_beside_it(live_server, page):
    open_picker(page, live_server)
    page.click("[data-fan='19']")
    concealed = page.locator("[data-fan='62']")
    assert "19 Seven Pairs" in concealed.locator("[data-implied]").inner_text()
    concealed.click()
    assert concealed.get_attribute("aria-pressed") == "false"
    assert "do not combine" in page.inner_text("[data-testid=picker-notice]")
    assert total(page) == "24"


def test_a_melded_and_a_concealed_kong_are_6(live_server, page):
    open_picker(page, live_server, "#f=74,67,49&fl=0&win=discard&winner=E&discarder=S")
    assert total(page) == "12"
    page.click("[data-show-table]")
    items = page.locator("[data-table-patterns] li").all_inner_texts()
    assert any("one melded, one concealed kong" in item for item in items)


def test_a_fan_that_fixes_the_win_sets_it(live_server, page):
    open_picker(page, live_server, "#f=50,59&fl=0&win=discard&winner=E&discarder=S")
    page.click("[data-fan='80']")  # Self-Drawn: the win becomes a self-draw
    assert page.is_checked("input[name=win][value=self]") and "win=self" in url_fragment(page)
    assert "self-draw" in page.inner_text("[data-testid=picker-notice]")
    assert total(page) == "9"
    page.check("input[name=win][value=discard]")  # the judge says otherwise: a clash
    assert total(page) == "—" and "80 Self-Drawn" in errors(page)


def test_the_dock_keeps_total_win_and_payoff_in_view_while_ticking(live_server, page):
    open_picker(page, live_server)
    page.click("[data-fan='79']")  # far down the list
    page.click("[data-fan='50']")
    page.click("[data-fan='59']")
    for selector in ("[data-testid=hand-total]", "input[name=win][value=self]",
                     "[data-testid=payoff-E]"):
        box = page.locator(selector).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= 740, selector
    # nothing covers a control: each one scrolled into view is what a tap at its centre hits
    covered = page.evaluate("""() => [...document.querySelectorAll(
        '[data-picker-scroll] button, [data-picker-scroll] label, [data-picker-scroll] input')]
      .filter((e) => e.offsetParent).filter((e) => {
        e.scrollIntoView({ block: "nearest" });
        const r = e.getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return !(hit === e || e.contains(hit) || hit?.closest("label")?.contains(e));
      }).map((e) => e.outerHTML.slice(0, 80))""")
    assert covered == []


@pytest.mark.parametrize(("query", "shown"), [
    ("26", ["26"]), ("middle", ["26"]), ("MIDDLE tiles", ["26"]), ("全中", ["26"]),
    ("kong", ["5", "17", "47", "48", "57", "67", "74"]), ("Chicken", ["43"]),
    ("all pungs", ["21", "49"]), ("seat wind", ["61"]),
])
def test_search_by_number_name_or_chinese(live_server, page, query, shown):
    open_picker(page, live_server, "#f=28&fl=0&win=discard&winner=E&discarder=S")
    page.fill("[data-fan-search]", query)
    visible = page.locator("[data-fan-item]:visible").evaluate_all(
        "(items) => items.map((li) => li.dataset.fanItem)")
    assert set(visible) == {*shown, "28"}  # the ticked fan stays listed


def test_search_ignores_accents_and_says_when_nothing_matches(live_server, page):
    open_picker(page, live_server)
    page.fill("[data-fan-search]", "Sèlf-drawn")
    assert page.locator("[data-fan-item]:visible").count() == 1
    page.fill("[data-fan-search]", "zzz")
    assert page.locator("[data-fan-item]:visible").count() == 0
    assert page.locator("[data-testid=search-none]").is_visible()


def test_flowers_do_not_reach_the_minimum(live_server, page):
    open_picker(page, live_server, "#f=49,73&fl=3&win=discard&winner=E&discarder=S")
    assert "below the minimum" in errors(page) and "at least 8 without flowers" in errors(page)
    assert total(page) == "—"
    page.click("[data-fan='62']")  # 6 + 1 + 2 = 9 without flowers: a hand
    assert total(page) == "12" and page.locator("[data-testid=hand-errors] li").count() == 0


@pytest.mark.parametrize(("name", "fragment", "deltas"), PAYOFF_CASES,
                         ids=[c[0] for c in PAYOFF_CASES])
def test_payoff_cells(live_server, page, name, fragment, deltas):
    open_picker(page, live_server, fragment)
    assert payoffs(page) == deltas
    assert "MCR §3.9.1.3" in page.inner_text("[data-testid=payoff-responsible]")


def test_the_shared_case_table_through_the_page(live_server, page):
    assert len(TICKABLE) > 250
    open_picker(page, live_server)
    hashes = [fragment_of({fan: n for fan, n in case["fans"].items() if n}, case["flowers"])
              + f"&case={i}" for i, case in enumerate(TICKABLE)]  # &case: each hash is new
    shown = page.evaluate(RUN_CASES, hashes)
    wrong = []
    for case, seen in zip(TICKABLE, shown, strict=True):
        expected = page_shows(case)
        if case["status"] == 200:
            assert expected == {"total": str(case["value"]), "errors": 0,
                                "warnings": len(case.get("warnings", []))}, case["name"]
        if seen != expected:
            wrong.append((case["name"], seen, expected))
    assert wrong == []


def test_a_fragment_restores_the_state_and_back_forward_follow_it(live_server, page):
    given = "#f=69*2,70,22&fl=1&win=discard&winner=E&discarder=S"
    open_picker(page, live_server, given)
    assert page.url.endswith(given)  # written back as it came
    assert total(page) == "28"  # 2 + 1 + 24, one flower
    assert page.locator("[data-fan='69'] [data-count-label]").inner_text() == "2"
    assert page.get_attribute("[data-fan='70']", "aria-pressed") == "true"
    assert page.locator("[data-fan='81'] [data-count-label]").inner_text() == "1"
    assert payoffs(page) == {"E": 52, "S": -36, "W": -8, "N": -8}
    page.goto(f"{live_server.url}/picker/mcr#f=19&fl=0&win=self&winner=N")
    assert total(page) == "24" and payoffs(page)["N"] == 96
    page.go_back()
    page.wait_for_function("() => location.hash.includes('69*2')")
    assert total(page) == "28" and payoffs(page)["E"] == 52
    page.go_forward()
    page.wait_for_function("() => location.hash.includes('f=19')")
    assert total(page) == "24"


def test_the_designs_example_fragment_comes_back_as_written(live_server, page):
    given = "#f=69*2,70,28&fl=1&win=discard&winner=E&discarder=S"
    open_picker(page, live_server, given)
    assert page.url.endswith(given)
    assert page.locator("[data-fan='69'] [data-count-label]").inner_text() == "2"
    assert page.get_attribute("[data-fan='28']", "aria-pressed") == "true"
    # 2 + 1 + 16 and a flower; South's discard pays 8 + 20, the other two 8 (MCR §3.9.1.3).
    assert total(page) == "20" and errors(page) == ""
    assert payoffs(page) == {"E": 44, "S": -28, "W": -8, "N": -8}
    # Beside Pure Straight's three chows the fourth pairs once at most: the judge looks.
    warned = page.locator("[data-testid=hand-warnings]").inner_text()
    assert "28 Pure Straight" in warned and "MCR §3.9.1.6 (5)" in warned


def test_a_fragment_with_bad_parts_keeps_what_it_can_read(live_server, page):
    open_picker(page, live_server, "#f=28,999,62*x,69*99&fl=99&win=bogus&winner=Q&discarder=E")
    most = page.evaluate("""() => JSON.parse(document.getElementById('mcr-catalogue').textContent)
        .fans.find((f) => String(f.number) === '69').max_count""")
    assert page.locator("[data-fan='69'] [data-count-label]").inner_text() == str(most)
    assert page.get_attribute("[data-fan='28']", "aria-pressed") == "true"
    assert page.get_attribute("[data-fan='62']", "aria-pressed") == "false"
    assert page.locator("[data-fan='81'] [data-count-label]").inner_text() == "8"  # all flowers
    assert re.search(rf"#f=28,69\*{most}&fl=8&win=discard&winner=E&discarder=S$", page.url)
    page.click("[data-clear]")
    assert total(page) == "0" and "#f=&fl=0&" in page.url


def test_show_the_table(live_server, page):
    open_picker(page, live_server, "#f=69*2,70,22&fl=2&win=self&winner=S")
    page.click("[data-show-table]")
    view = page.locator("[data-table-view]")
    assert view.is_visible()
    assert page.locator("[data-table-total]").inner_text() == "29"
    items = page.locator("[data-table-patterns] li").all_inner_texts()
    assert "Full Flush" in items and "Pure Double Chow × 2" in items
    assert "Flower Tiles × 2" in items
    page.click("[data-close-table]")
    assert not view.is_visible()


def test_works_offline_after_the_first_visit(live_server, page, context):
    with pages.picker_offline(page, context, live_server, "/picker/mcr",
                              "#f=28,80&fl=1&win=self&winner=W") as fresh:
        assert total(fresh) == "18"
        fresh.click("[data-fan='69']")
        assert total(fresh) == "19"
        fresh.fill("[data-fan-search]", "middle")  # the search works offline too
        assert fresh.locator("[data-fan-item]:visible").count() == 5


def test_one_handed_on_a_360px_phone(live_server, page):
    open_picker(page, live_server, "#f=22,76&fl=0&win=discard&winner=E&discarder=S")
    assert no_sideways_scroll(page)
    assert pages.small_tap_targets(page) == []
    assert page.locator("input[type=file], video, canvas, [capture]").count() == 0
    page.click("[data-testid=principles] summary")  # the counting principles, opened
    assert "MCR §3.9.1.6 (1)" in page.inner_text("[data-testid=principles]")
    assert no_sideways_scroll(page)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_violation(live_server, browser, scheme):
    fragment = "#f=22,76,69*2&fl=1&win=discard&winner=E&discarder=S"  # errors shown too
    assert pages.serious_axe_violations(browser, live_server, "/picker/mcr", fragment, scheme) == []
