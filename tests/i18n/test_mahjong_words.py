"""Mahjong terms done right (issue 29): every ruleset word in both Chinese scripts with its
placeholders and citations, and each pattern and fan name in the reader's script."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.checkers import python_format
from babel.messages.pofile import read_po

from judgeaid import hanzi
from judgeaid.rules import RULESETS
from judgeaid.rules.mcr.catalogue import CHINESE_ALIASES, FAN_BY_ID, FANS
from judgeaid.rules.words import KEYS
from judgeaid.rules.zj.catalogue import PATTERN_BY_ID, PATTERNS

ROOT = Path(__file__).resolve().parent.parent.parent
LOCALES = ("zh_Hant", "zh_Hans")
# what must come through a translation unchanged: placeholders and the rulebook's citations
MARKS = re.compile(r"\{\w*\}|§\d[\d.]*\d|§\d|\bA\.[\d.]*\d|\b\d+(?:\.\d+)+\b")


def catalogue(locale):
    with (ROOT / "judgeaid" / "translations" / locale / "LC_MESSAGES" / "messages.po").open(
            "rb") as stream:
        return read_po(stream, locale=locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_ruleset_word_is_translated_with_its_placeholders_and_citations(locale):
    messages = {(m.context, m.id): m for m in catalogue(locale) if m.context in RULESETS}
    for code in ("zj", "mcr"):
        words = RULESETS[code].words
        for key in KEYS:
            text = words[key]
            if not text:
                continue
            message = messages[(code, text)]
            assert message.string and not message.fuzzy, (locale, code, key)
            assert sorted(MARKS.findall(message.string)) == sorted(MARKS.findall(text)), (
                locale, code, key, message.string)
            python_format(None, message)  # Babel's own check: raises on a mismatch
            # Chinese, not English left in place (acronyms and citations aside)
            if re.search(r"[a-z]{4,}", re.sub(r"\{\w*\}", "", text)):
                assert re.search(r"[\u4e00-\u9fff]", message.string), (code, key)


@pytest.mark.parametrize(("locale", "wanted", "unwanted"), [
    # each script as its readers write it: Simplified never keeps a Traditional form
    ("zh_Hant", "賽分", "赛分"), ("zh_Hans", "赛分", "賽分"),
    ("zh_Hant", "第 {round} 局", "第 {round} 盘"), ("zh_Hans", "番种", "番種"),
])
def test_each_script_is_written_as_such(locale, wanted, unwanted):
    strings = [m.string for m in catalogue(locale) if m.context in RULESETS]
    assert any(wanted in s for s in strings)
    assert not any(unwanted in s for s in strings)


def test_the_terms_each_ruleset_uses():
    hant = {(m.context, m.id): m.string for m in catalogue("zh_Hant")}
    hans = {(m.context, m.id): m.string for m in catalogue("zh_Hans")}
    # ZJ: a deal is 局, its value 分, a pattern 牌型 (Kwan rejects the 番 system)
    assert hant[("zj", "round")] == hans[("zj", "round")] == "局"
    assert hant[("zj", "pattern")] == hans[("zj", "pattern")] == "牌型"
    assert not any("番" in s for (ctx, _), s in hant.items() if ctx == "zj")
    # MCR: a deal is 盘, a fan 番种 counted in 番, ranked by 标准分 / 桌分
    assert (hant[("mcr", "hand")], hans[("mcr", "hand")]) == ("盤", "盘")
    assert (hant[("mcr", "fan")], hans[("mcr", "fan")]) == ("番種", "番种")
    assert (hant[("mcr", "Table points")], hans[("mcr", "Table points")]) == ("桌分", "标准分")
    assert hans[("mcr", "Draw game: nobody scores (MCR §3.4.30).")].startswith("荒庄")


def test_the_catalogues_hold_125_names_in_both_scripts():
    assert len(PATTERNS) == 44 and len(FANS) == 81
    # 1.3 is 斷么九 as Kwan writes it (a scanning slip gave 斷口丸)
    assert PATTERN_BY_ID["1.3"].chinese == PATTERN_BY_ID["1.3"].chinese_hant == "斷么九"
    assert PATTERN_BY_ID["1.3"].chinese_hans == "断幺九"
    assert not any("口丸" in p.chinese for p in PATTERNS)
    # MCR: the text's own table; the names players also use are kept for the search
    assert (FAN_BY_ID["1"].chinese, FAN_BY_ID["1"].chinese_hant) == ("四风会", "四風會")
    assert FAN_BY_ID["79"].chinese == "单调将" and "单钓将" in CHINESE_ALIASES[79]
    assert FAN_BY_ID["68"].chinese_hant == "斷幺" and FAN_BY_ID["47"].chinese_hant == "搶槓和"
    for item in (*PATTERNS, *FANS):
        assert item.chinese_hant and item.chinese_hans
        # the two scripts are one name: the Traditional folds to the Simplified
        assert hanzi.fold(item.chinese_hant) == hanzi.fold(item.chinese_hans), item
        assert hanzi.fold(item.chinese_hans) == item.chinese_hans, item  # no Traditional left


def test_the_catalogue_json_gives_both_scripts_and_keeps_chinese():
    zj = RULESETS["zj"].scoring.catalogue_json()["patterns"]
    mcr = RULESETS["mcr"].scoring.catalogue_json()["fans"]
    for item in (*zj, *mcr):
        assert {"name", "chinese", "chinese_hant", "chinese_hans"} <= item.keys()


# a Chinese reader gets the Chinese name as the item's name (the English one in its tooltip);
# an English reader the English name with the Chinese beside it, in the source's script
@pytest.mark.parametrize(("path", "lang", "shown", "hidden"), [
    ("/picker", "zh-Hans", '<span class="pname" lang="zh-Hans">断幺九</span>', "斷么九"),
    ("/picker", "zh-Hant", '<span class="pname" lang="zh-Hant">斷么九</span>', "断幺九"),
    ("/picker", "en", '<span class="zh" lang="zh-Hant">斷么九</span>', "断幺九"),
    ("/picker/mcr", "zh-Hant", '<span class="pname" lang="zh-Hant">九蓮寶燈</span>', "九莲宝灯"),
    ("/picker/mcr", "zh-Hans", '<span class="pname" lang="zh-Hans">九莲宝灯</span>', "九蓮寶燈"),
    ("/picker/mcr", "en", '<span class="zh" lang="zh-Hans">九莲宝灯</span>', "九蓮寶燈"),
])
def test_the_pickers_show_each_name_in_the_readers_script(client, path, lang, shown, hidden):
    page = client.get(f"{path}?lang={lang}").get_data(as_text=True)
    assert shown in page
    assert f'">{hidden}</span>' not in page
    assert "Nine Gates" in page  # the English names stay (shown, or the item's tooltip)


def test_a_name_no_catalogue_holds_is_given_back():
    assert hanzi.name_in_script("麻將", "zh-Hans") == "麻将"
    assert hanzi.name_in_script("麻將", "zh-Hant") == "麻將"
    assert hanzi.name_in_script("四风会", "en") == "四风会"


def test_the_glossary_checks_each_of_the_125_names():
    text = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    rows = {line.split("|")[1].strip(): line for line in text.splitlines()
            if line.startswith("| ") and line.count("|") >= 7}
    for p in PATTERNS:
        row = rows[p.id]
        assert f"| {p.name} |" in row and f"| {p.chinese_hant} | {p.chinese_hans} |" in row
    for f in FANS:
        row = rows[str(f.number)]
        assert f"| {f.name} |" in row and f"| {f.chinese_hans} | {f.chinese_hant} |" in row
    for term in ("番种", "分值", "番牌", "計分法", "詐和", "错和", "标准分", "桌分", "比赛分",
                 "赛分"):
        assert term in text


def test_a_shared_card_view_is_kept_apart_for_each_language(client, demo):
    # the card shell and its JSON are built once and shared by every phone: once per language
    url, api = demo["cards"][0]["url"], demo["cards"][0]["api"]
    said = {}
    for lang in ("zh-Hant", "zh-Hans", "en", "zh-Hant"):
        page = client.get(f"{url}?lang={lang}")
        card = client.get(f"{api}?lang={lang}")
        said[lang] = (page.get_data(as_text=True), card.get_json(), card.headers["ETag"])
    assert "在此之前請舉手" in said["zh-Hant"][0] and "在此之前请举手" in said["zh-Hans"][0]
    assert "so until then raise a hand" in said["en"][0]
    assert len({etag for _, _, etag in said.values()}) == 3
    assert said["en"][1] != said["zh-Hans"][1]


@pytest.mark.parametrize(("lang", "lots"), [("zh-Hant", "抽籤"), ("zh-Hans", "抽签")])
def test_a_drawn_hand_and_a_draw_of_lots_are_two_words(judge, demo, lang, lots):
    """"Draw" is a hand nobody won on the card (流局, as its script says it) and the drawing of
    lots on the final day's cut (抽籤/抽签): one English word, two messages."""
    from flask_babel import force_locale, gettext, pgettext

    from judgeaid.i18n import babel_name

    page = judge.get(f"{demo['cards'][0]['url']}?lang={lang}").get_data(as_text=True)
    label = re.search(r'name="result" value="draw">\s*([^<]+)</label>', page).group(1).strip()
    assert label == "流局"
    assert lots not in page
    with judge.application.test_request_context(), force_locale(babel_name(lang)):
        assert gettext("Draw") == "流局"
        assert pgettext("tie-break", "Draw") == lots
