"""The rulesets' judge texts in Chinese (issue 29): the guide's answers, the citable sections'
titles and the penalty rubric, on the guide, the ruling form and the penalties page, for both
rulesets in Traditional and Simplified, English unchanged without a choice. The rulesets keep
them in English (judgeaid/rules/<code>/), their texts_guide.py lists them for the catalogues,
and the pages say them through judgeaid.wording.rule_text."""

from __future__ import annotations

import html
import json

import pytest

from judgeaid.rules import get_ruleset
from judgeaid.rules.mcr import texts_guide as mcr_texts
from judgeaid.rules.zj import texts_guide as zj_texts
from tests.conftest import login
from tests.web.test_mcr_words import stage_mcr_event

HANT, HANS = "zh-Hant", "zh-Hans"


def text_of(response) -> str:
    assert response.status_code == 200, response.status_code
    return html.unescape(response.get_data(as_text=True))


def stage_zj_event(app, demo) -> dict:
    """The ZJ demo with a ruling that gives a penalty; return its ids."""
    tid = demo["tournament_id"]
    client = login(app.test_client(), demo, "judge")
    card_id = int(demo["cards"][0]["api"].rsplit("/", 1)[1])
    card = client.get(f"/api/cards/{card_id}").get_json()
    player = int(next(iter(card["rounds"][0]["winds"])))
    ruled = client.post(f"/api/t/{tid}/rulings", json={
        "card_id": card_id, "round": 1, "players": [player],
        "what_happened": "Talked loudly.", "decision": "Warned.", "sections": ["4.8"],
        "guide_entry": "false-win",
        "penalties": [{"player": player, "category": "minor",
                       "infraction": "loud_or_distracting", "kind": "warning", "points": 0}],
        "op_id": "zj-texts-ruling-1"})
    assert ruled.status_code == 200, ruled.get_json()
    return {"tid": tid, "ruling_id": ruled.get_json()["ruling"]["id"]}


# ruleset -> page -> what it must say, (English, Traditional, Simplified)
GUIDE = {
    "zj": [("False win: Mahjong called on a hand that does not win",
            "詐和：宣告和牌，但手牌並未和牌", "诈和：宣告和牌，但手牌并未和牌"),
           ("If the hand is not a winning hand, do not stop the round: play carries on from "
            "the point where it was interrupted.",
            "如果手牌並未和牌，不要中止該局：從中斷處繼續行牌。",
            "如果手牌并未和牌，不要中止该局：从中断处继续行牌。"),
           ("Three penalty tiles.", "三張罰牌。", "三张罚牌。")],
    "mcr": [("False Hu: the hand is worth less than 8 points", "詐和：這手牌不足 8 番",
             "错和：这手牌不足 8 番"),
            ("The caller may not win this hand; play goes on.",
             "宣告和牌者失去該盤的和牌權；繼續行牌。", "喊和者失去该盘的和牌权；继续行牌。"),
            ("10 points to each other player; no win this hand.",
             "付給其餘每家 10 分；失去該盤的和牌權。", "付给其余每家 10 分；失去该盘的和牌权。")],
}
ENTRY = {"zj": "false-win", "mcr": "mcr-false-hu-minimum"}


@pytest.fixture
def events(app, demo):
    """Both rulesets' events, each with a ruling and a penalty: code -> (demo, ids)."""
    mcr_demo, mcr_ids = stage_mcr_event(app)
    return {"zj": (demo, stage_zj_event(app, demo)), "mcr": (mcr_demo, mcr_ids)}


def test_every_listed_text_is_translated_in_both_scripts(app):
    """Every text the rulesets list for the judge's pages has a Traditional and a Simplified
    translation that is not the English."""
    from judgeaid.i18n import catalogue

    with app.app_context():
        for code, module in (("zj", zj_texts), ("mcr", mcr_texts)):
            for item in module.texts():
                text = item if isinstance(item, str) else item[0]
                for lang in (HANT, HANS):
                    said = catalogue(lang).pgettext(code, text)
                    assert said != text, (code, lang, text)


@pytest.mark.parametrize("code", ["zj", "mcr"])
def test_the_guide_and_a_guide_entry_in_chinese(app, events, code):
    demo, ids = events[code]
    client = login(app.test_client(), demo, "judge")
    tid = ids["tid"]
    english = text_of(client.get(f"/t/{tid}/judge/guide"))
    for en, _hant, _hans in GUIDE[code]:
        assert en in english
    for index, lang in ((1, HANT), (2, HANS)):
        page = text_of(client.get(f"/t/{tid}/judge/guide?lang={lang}"))
        for words in GUIDE[code]:
            assert words[index] in page, (lang, words[index])
            assert words[0] not in page, (lang, words[0])
        # a guide entry: the ruling form started from it, and the guide's JSON
        form = text_of(client.get(f"/t/{tid}/judge/rulings/new?guide={ENTRY[code]}"))
        assert GUIDE[code][0][index] in form, lang
        data = client.get(f"/api/judge/guide?ruleset={code}").get_json()
        entry = next(e for e in data["entries"] if e["id"] == ENTRY[code])
        assert entry["title"] == GUIDE[code][0][index], lang
        assert GUIDE[code][1][index] in entry["steps"], lang
    # English again once chosen back
    assert GUIDE[code][0][0] in text_of(client.get(f"/t/{tid}/judge/guide?lang=en"))


# ruleset -> a section as the ruling form lists it, (English, Traditional, Simplified)
SECTIONS = {
    "zj": ("Playing rules", "行牌規則", "行牌规则"),
    "mcr": ("Late Pung call", "遲碰", "迟碰"),
}
# a section the staged ruling cites, as its page shows it
CITED = {
    "zj": ("Etiquette at the table", "牌桌禮儀", "牌桌礼仪"),
}


@pytest.mark.parametrize("code", ["zj", "mcr"])
def test_the_ruling_form_and_a_ruling_cite_sections_in_chinese(app, events, code):
    demo, ids = events[code]
    client = login(app.test_client(), demo, "judge")
    tid = ids["tid"]
    assert SECTIONS[code][0] in text_of(client.get(f"/t/{tid}/judge/rulings/new"))
    for index, lang in ((1, HANT), (2, HANS)):
        form = text_of(client.get(f"/t/{tid}/judge/rulings/new?lang={lang}"))
        assert SECTIONS[code][index] in form, lang
        assert SECTIONS[code][0] not in form, lang
        if code in CITED:
            ruling = text_of(client.get(f"/t/{tid}/judge/rulings/{ids['ruling_id']}"))
            assert CITED[code][index] in ruling, lang
            # the guide answer it was started from, in the page's language
            assert GUIDE[code][0][index] in ruling, lang


# ruleset -> a rubric category (the ruling form's choice and the staged penalty's line on the
# penalties page) and an example of it, (English, Traditional, Simplified)
CATEGORY = {
    "zj": ("Minor irregularity", "輕微違規", "轻微违规"),
    "mcr": ("Late arrival", "遲到", "迟到"),
}
EXAMPLE = {
    "zj": ("Talking loudly or distracting the table", "大聲說話或干擾牌桌", "大声说话或干扰牌桌"),
    "mcr": ("Late by 10 minutes or less", "遲到 10 分鐘以內", "迟到 10 分钟以内"),
}
# a note the rubric's suggestion adds, (category, example, English, Traditional, Simplified)
NOTE = {
    "zj": ("serious", "cheating", "The head judge has the final say on a disqualification "
           "(§4.11).", "取消資格由總裁判最終決定（§4.11）。",
           "取消资格由总裁判最终决定（§4.11）。"),
    "mcr": ("violation", "rule_violation", "These points go to nobody else (MCR §3.11.2.2).",
            "這些分數不歸任何人（MCR §3.11.2.2）。", "这些分数不归任何人（MCR §3.11.2.2）。"),
}


@pytest.mark.parametrize("code", ["zj", "mcr"])
def test_the_rubric_on_the_ruling_form_and_penalties_page_in_chinese(app, events, code):
    demo, ids = events[code]
    client = login(app.test_client(), demo, "judge")
    tid = ids["tid"]
    rubric = get_ruleset(code).rubric
    assert CATEGORY[code][0] in text_of(client.get(f"/t/{tid}/judge/rulings/new"))
    assert CATEGORY[code][0] in text_of(client.get(f"/t/{tid}/judge/penalties"))
    card_id = int(demo["cards"][0]["api"].rsplit("/", 1)[1])
    player = next(iter(client.get(f"/api/cards/{card_id}").get_json()["rounds"][0]["winds"]))
    category, example, *note = NOTE[code]
    for index, lang in ((1, HANT), (2, HANS)):
        form = text_of(client.get(f"/t/{tid}/judge/rulings/new?lang={lang}"))
        assert CATEGORY[code][index] in form, lang
        assert CATEGORY[code][0] not in form, lang
        # the form's script draws the examples from the rubric JSON it is given
        assert json.dumps(EXAMPLE[code][index])[1:-1] in form, lang
        assert json.dumps(EXAMPLE[code][0])[1:-1] not in form, lang
        kinds = [rubric.kind_labels[k] for k in rubric.kind_labels]
        assert not any(f">{label}<" in form for label in kinds), lang
        penalties = text_of(client.get(f"/t/{tid}/judge/penalties?lang={lang}"))
        assert CATEGORY[code][index] in penalties, lang
        assert CATEGORY[code][0] not in penalties, lang
        suggestion = client.get(f"/api/t/{tid}/suggest?card={card_id}&player={player}"
                                f"&category={category}&infraction={example}").get_json()
        assert note[index] in suggestion["suggestion"]["notes"], (lang, suggestion)
    # English unchanged without a choice
    client.get(f"/t/{tid}/judge/guide?lang=en")
    suggestion = client.get(f"/api/t/{tid}/suggest?card={card_id}&player={player}"
                            f"&category={category}&infraction={example}").get_json()
    assert note[0] in suggestion["suggestion"]["notes"]
