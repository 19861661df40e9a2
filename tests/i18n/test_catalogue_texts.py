"""The pickers' catalogue texts and the hands' messages in Chinese (issue 29): a Chinese page
embeds the catalogue with its descriptions, headings, principles and message templates said in
the reader's language and the Chinese names as the names; so does the API's catalogue for a
request in Chinese (English when none is asked for);
a scored hand's and a refused payoff's `message` come in the request's language."""

import json
import re

from judgeaid.rules import get_ruleset
from tests.i18n.english import Classifier, measure


def embedded(html: str, element_id: str) -> dict:
    found = re.search(rf'<script type="application/json" id="{element_id}"[^>]*>(.*?)</script>',
                      html, re.S)
    return json.loads(found.group(1))


def test_the_zj_picker_says_its_patterns_in_traditional_chinese(client):
    html = client.get("/picker?lang=zh-Hant").get_data(as_text=True)
    catalogue = embedded(html, "zj-catalogue")
    pattern = next(p for p in catalogue["patterns"] if p["id"] == "1.3")
    assert (pattern["name"], pattern["name_en"]) == ("斷么九", "All Simples")
    # the description is on the page, not again in the script's copy (issue 31)
    assert "description" not in pattern and "只有 2 至 8 的數牌：沒有一、九或字牌。" in html
    assert catalogue["categories"][0]["name"] == "簡單牌型"
    assert catalogue["rules"]["chicken"]["name"] == "雞糊"
    assert catalogue["rules"]["messages"]["implied_line"] == "隨 {trigger} 計入（{section}）"
    assert '<span class="pname" lang="zh-Hant">斷么九</span>' in html
    assert 'title="All Simples (No Terminals)"' in html
    page = measure(html, Classifier(set()), url="/picker", role="player", ruleset="zj",
                   locale="zh-Hant")
    assert page.english == [] and page.translated > 100


def test_the_mcr_picker_says_its_fans_and_principles_in_simplified_chinese(client):
    html = client.get("/picker/mcr?lang=zh-Hans").get_data(as_text=True)
    catalogue = embedded(html, "mcr-catalogue")
    fan = next(f for f in catalogue["fans"] if f["number"] == 22)
    assert (fan["name"], fan["name_en"]) == ("清一色", "Full Flush")
    # the description and the principles are on the page, not again in the script's copy
    assert "description" not in fan and "principles" not in catalogue
    assert catalogue["rules"]["sections"]["wait"] == "MCR 附录一 番种 77、78"
    assert "{owner}" in catalogue["messages"]["picker_blocked"]
    assert "不重复" in html and "所有牌都是同一花色。" in html


def test_the_api_catalogue_comes_in_the_requests_language(client):
    """A card's round form reads its catalogue from the API: in the card page's language it
    names the hand's patterns and says the counting rules as the page does; English (the
    ruleset's own catalogue) when no language is asked for."""
    for code in ("zj", "mcr"):
        english = get_ruleset(code).scoring.catalogue_json()
        assert client.get(f"/api/{code}/catalogue").get_json() == english
        assert client.get(f"/api/{code}/catalogue",
                          headers={"Accept-Language": "en-GB,zh;q=0.5"}).get_json() == english
    zj = client.get("/api/zj/catalogue", headers={"Accept-Language": "zh-TW"})
    assert {"Accept-Language", "Cookie"} <= set(zj.headers["Vary"].replace(" ", "").split(","))
    pattern = next(p for p in zj.get_json()["patterns"] if p["id"] == "1.3")
    assert (pattern["name"], pattern["name_en"]) == ("斷么九", "All Simples")
    assert pattern["description"] == "只有 2 至 8 的數牌：沒有一、九或字牌。"
    assert zj.get_json()["rules"]["messages"]["implied_line"] == "隨 {trigger} 計入（{section}）"
    mcr = client.get("/api/mcr/catalogue?lang=zh-Hans").get_json()
    fan = next(f for f in mcr["fans"] if f["number"] == 22)
    assert fan["name_en"] == get_ruleset("mcr").scoring.catalogue_json()["fans"][21]["name"]
    assert re.fullmatch("[\u4e00-\u9fff]+", fan["name"])
    # asking for a language is choosing it (the cookie), as on a page; one the app does not
    # have is English
    assert client.get("/api/zj/catalogue").get_json()["patterns"][0]["name"] == "平和"
    client.delete_cookie("lang")
    assert client.get("/api/zj/catalogue?lang=xx").get_json() == get_ruleset(
        "zj").scoring.catalogue_json()


def test_english_pages_stay_english(client):
    html = client.get("/picker?lang=en").get_data(as_text=True)
    # the script's copy is the API's, less what the page shows itself (descriptions)
    english = get_ruleset("zj").scoring.catalogue_json()
    script = embedded(html, "zj-catalogue")
    assert script["rules"] == english["rules"] and script["categories"] == english["categories"]
    assert [{k: v for k, v in p.items() if k not in ("description", "kwan_name")}
            for p in english["patterns"]] == script["patterns"]
    assert "Four sequences and a pair; no triplet or quad anywhere." in html


def test_a_scored_hands_messages_come_in_the_requests_language(client):
    body = client.post("/api/zj/score", json={"patterns": {"10.1": 1, "10.2": 1}},
                       headers={"Accept-Language": "zh-TW"}).get_json()
    messages = [e["message"] for e in body["errors"]]
    assert "十三么九" in messages[0] and "七對子" in messages[0] and "§1.1.5" in messages[0]
    assert not re.search("[A-Za-z]", messages[0].replace("§", ""))
    english = client.post("/api/zj/score", json={"patterns": {"10.1": 1, "10.2": 1}}).get_json()
    assert english["errors"][0]["message"].startswith("10.1 Thirteen Orphans and 10.2 Seven")
    refused = client.post("/api/mcr/payoff?lang=zh-Hans",
                          json={"value": 5, "win": "self", "winner": "E"})
    assert refused.get_json()["message"] == "番数必须是至少 8 的整数（MCR §3.9.1.1）。"


def test_a_cards_pattern_lines_and_numbered_deals_in_chinese(app):
    from types import SimpleNamespace

    from judgeaid.services.card_views import _pattern_lines
    from judgeaid.wording import page_words

    row = SimpleNamespace(patterns={"3.2.1": 1}, value=60)
    scoring = get_ruleset("zj").scoring
    with app.test_request_context("/?lang=zh-Hant"):
        lines = _pattern_lines(row, scoring, "zj")
        assert [line["name"] for line in lines] == ["番牌", "小三元"]
        assert lines[0]["included"] == "隨 3.2.1 小三元 計入（§2.4 3.2.1）"
        assert page_words(get_ruleset("mcr")).format("card.hand_numbered", n=3) == "第 3 盤"
    with app.test_request_context("/?lang=zh-Hans"):
        assert page_words(get_ruleset("zj")).format("card.hand_numbered_title", n=3) == "第 3 局"
    with app.test_request_context("/"):
        lines = _pattern_lines(row, scoring, "zj")
        assert lines[0]["name"] == "Value Honor"
        assert lines[0]["included"] == "included with 3.2.1 Small Three Dragons (§2.4 3.2.1)"
        assert page_words(get_ruleset("mcr")).format("card.hand_numbered", n=3) == "hand 3"
