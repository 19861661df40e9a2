"""The app in Chinese, page by page (issue 29): every page each role reaches on a ZJ and an MCR
demo, with a Traditional and a Simplified Chinese browser, says its language in `<html lang>`
and shows at most 2% English (tests/i18n/english.py says what counts). One crawl for the
module: the pages are found once per role and event, in zh-Hant, and fetched again in
zh-Hans. One browser check reads what scripts draw: the live card and the picker."""

from __future__ import annotations

import pytest

from tests.conftest import LiveServer
from tests.i18n.english import (
    BROWSERS,
    Classifier,
    describe,
    event_names,
    measure,
    measure_event,
    total_share,
    worst,
)
from tests.web.conftest import ruleset_events, toy_registered  # noqa: F401 - fixtures

MOST = 0.02  # of the text pieces, English at most
RULESETS = ("zj", "mcr")


@pytest.fixture(scope="module")
def measured(ruleset_events):  # noqa: F811
    app, made = ruleset_events
    return [m for code in RULESETS for m in measure_event(app, made[code], code)]


def test_every_role_reaches_pages_in_both_locales(measured):
    for code in RULESETS:
        for role in ("player", "judge", "organizer"):
            for locale in BROWSERS:
                pages = [m for m in measured if (m.ruleset, m.role, m.locale)
                         == (code, role, locale)]
                assert len(pages) >= (2 if role == "player" else 10), (code, role, locale)


def test_html_lang_says_the_pages_language(measured):
    wrong = [f"{m.locale} {m.url}: lang={m.lang!r}" for m in measured if m.lang != m.locale]
    assert not wrong, f"{len(wrong)} pages say another language:\n  " + "\n  ".join(wrong[:30])


@pytest.mark.parametrize("locale", list(BROWSERS))
def test_at_most_two_percent_of_the_text_is_english(measured, locale):
    pages = [m for m in measured if m.locale == locale]
    share = total_share(pages)
    assert share <= MOST, (
        f"{share:.1%} of the text pieces on {len(pages)} pages in {locale} are English "
        f"(at most {MOST:.0%}); the worst pages:\n  "
        + "\n  ".join(describe(m) for m in worst(pages)))


def test_the_measure_counts_what_it_should():
    classifier = Classifier({"Ada Okafor", "judgeaid Demo Open", "Dragons"})
    assert classifier.sort("Ada Okafor") is None
    assert classifier.sort("A/文") is None  # the language switch's icon
    assert classifier.sort("12 · 3:45 · +40") is None
    assert classifier.sort("第1節 · 第3桌") == "translated"
    assert classifier.sort("MCR §3.9.1.3 番種 · PIN") == "translated"
    assert classifier.sort("Session 1") == "english"
    assert classifier.sort("第1節 Session") == "english"
    assert classifier.sort("計分表大小，3.7 × 8.5 吋 · A4") == "translated"
    assert classifier.sort("每桌一張正式計分表 (A.2.2)，QR 碼") == "translated"
    found = measure('<html lang="zh-Hant"><title>Dragons</title><p>桌</p><p>Table</p>'
                    "<script>t('x')</script><code>make run</code></html>", classifier,
                    url="/", role="player", ruleset="zj", locale="zh-Hant")
    assert (found.lang, found.english, found.translated) == ("zh-Hant", ["Table"], 1)


def test_the_card_and_picker_scripts_draw_in_chinese(ruleset_events, browser):  # noqa: F811
    """The JS-drawn live card of each demo and both pickers, in a Traditional Chinese browser
    at 360 px, read after the scripts drew them."""
    app, made = ruleset_events
    with app.app_context():
        names = set().union(*(event_names(made[code]["tournament_id"]) for code in RULESETS))
    classifier = Classifier(names)
    paths = [(code, made[code]["cards"][0]["link"]) for code in RULESETS]
    paths += [("zj", "/picker"), ("mcr", "/picker/mcr")]
    shown = []
    with LiveServer(app) as server:
        context = browser.new_context(locale="zh-TW", viewport={"width": 360, "height": 740},
                                      extra_http_headers={"Accept-Language": BROWSERS["zh-Hant"]})
        try:
            page = context.new_page()
            for code, path in paths:
                page.goto(server.url + path)
                page.wait_for_load_state("networkidle")
                found = measure(page.content(), classifier, url=path, role="player",
                                ruleset=code, locale="zh-Hant")
                assert found.lang == "zh-Hant", path
                shown.append(found)
        finally:
            context.close()
    assert sum(m.counted for m in shown) > 20
    share = total_share(shown)
    assert share <= MOST, f"{share:.1%} English:\n  " + "\n  ".join(map(describe, shown))
