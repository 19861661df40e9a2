"""The card, judge, picker and player pages and the API's errors in Chinese (issue 29): each
page in both Chinese locales says its key words in that script, an API error's `message` is
in the request's language while its `code` stays English, and a view shared between readers
(the player page, the card's shell) never gives one language's body to another."""

from __future__ import annotations

import re
import uuid

import pytest

from tests.conftest import login
from tests.factories import by_wind, card_json, post_round

HANT, HANS = "zh-Hant", "zh-Hans"


def lang_of(body: str) -> str:
    match = re.search(r'<html lang="([^"]+)"', body)
    assert match, "every page says its language"
    return match.group(1)


def page(client, path: str, lang: str) -> str:
    answer = client.get(f"{path}{'&' if '?' in path else '?'}lang={lang}")
    assert answer.status_code == 200, path
    body = answer.get_data(as_text=True)
    assert lang_of(body) == lang
    # the scripts' messages ride as JSON keyed by their English text: not words the page shows
    return re.sub(r'<script type="application/json" id="js-messages">.*?</script>', "", body,
                  flags=re.S)


# Per page: words it shows in Traditional, in Simplified, and English it no longer shows.
JUDGE_PAGES = {
    "/t/{tid}/judge": (["呼叫", "線上計分表", "新裁決", "違規處理指南", "罰分總覽"],
                       ["呼叫", "在线记分表", "新裁决", "违规处理指南", "罚分总览"],
                       ["Call-ups", "Live cards", "New ruling", "Penalty overview"]),
    "/t/{tid}/judge/log": (["裁決記錄", "篩選", "也顯示已更改記錄的舊版本"],
                           ["裁决记录", "筛选", "也显示已更改记录的旧版本"],
                           ["Ruling log", "Show earlier versions"]),
    "/t/{tid}/judge/appeals": (["申訴", "沒有等待中的申訴。"], ["申诉", "没有等待中的申诉。"],
                               ["No appeal is waiting."]),
    "/t/{tid}/judge/penalties": (["罰分總覽", "尚無罰分。"], ["罚分总览", "尚无罚分。"],
                                 ["Penalty overview", "No penalties yet."]),
    "/t/{tid}/judge/rulings/new": (["新裁決", "涉及的選手", "儲存裁決", "加入罰分"],
                                   ["新裁决", "涉及的选手", "保存裁决", "加入罚分"],
                                   ["Players involved", "Save ruling", "Add a penalty"]),
    "/cards/{card}": (["第1節", "第1桌", "罰分欄", "確認", "加入罰分", "輸入紙本計分表"],
                      ["第1轮", "第1桌", "罚分栏", "确认", "加入罚分", "输入纸质记分表"],
                      ["Penalty line", "Confirmations", "Add a penalty", "Appoint a recorder"]),
    "/cards/{card}/paper": (["紙本計分表", "儲存紙本計分表", "簽名"],
                            ["纸质记分表", "保存纸质记分表", "签名"],
                            ["Save the paper card", "Signatures"]),
    "/cards/{card}/sheet": (["記分單", "總分", "簽名"], ["记分单", "总分", "签名"],
                            ["Total points", "Signature"]),
}


@pytest.mark.parametrize("path", sorted(JUDGE_PAGES))
@pytest.mark.parametrize("lang", [HANT, HANS])
def test_each_judge_and_card_page_speaks_each_chinese(judge, demo, path, lang):
    hant, hans, english = JUDGE_PAGES[path]
    card = demo["cards"][0]["url"].rsplit("/", 1)[1]
    url = path.format(tid=demo["tournament_id"], card=card)
    body = page(judge, url, lang)
    for words in (hant if lang == HANT else hans):
        assert words in body, (url, words)
    for words in english:
        assert words not in body, (url, words)


@pytest.mark.parametrize(("lang", "zj", "mcr"), [
    (HANT, ["中庸 (Zung Jung) 牌型計分器", "全部清除", "結算方式"],
     ["國標麻將 (MCR) 番種計分器", "尋找番種", "誰和牌"]),
    (HANS, ["中庸 (Zung Jung) 牌型计分器", "全部清除", "结算方式"],
     ["国标麻将 (MCR) 算番器", "寻找番种", "谁和牌"]),
])
def test_both_pickers_speak_each_chinese(client, lang, zj, mcr):
    for path, words in (("/picker", zj), ("/picker/mcr", mcr)):
        body = page(client, path, lang)
        for word in words:
            assert word in body, (path, word)
        assert "Clear all" not in body and "> Self-draw<" not in body


@pytest.mark.parametrize(("lang", "words"), [
    (HANT, ["你的桌次", "計分表", "其他與你有關", "你的成績"]),
    (HANS, ["你的桌次", "记分表", "其他与你有关", "你的成绩"]),
])
def test_the_player_page_speaks_each_chinese(client, demo, lang, words):
    body = page(client, demo["players"][0]["url"], lang)
    for word in words:
        assert word in body
    assert "Your tables" not in body and "Scoring card" not in body


def test_a_shared_view_is_kept_per_language(client, demo):
    """The player page and the card's shell are built once and shared: each language is its
    own build and its own version, and English readers still get English."""
    for path, english, chinese in ((demo["players"][0]["url"], "Your tables", "你的桌次"),
                                   (demo["cards"][0]["url"],
                                    "This page updates itself while it is open.",
                                    "此頁開啟時會自動更新。")):
        first = client.get(path)
        assert english in first.text
        hant = client.get(path, headers={"Accept-Language": "zh-TW"})
        # (the scripts' messages in the page are keyed by their English words)
        shown = re.sub(r"<script[^>]*>.*?</script>", "", hant.text, flags=re.S)
        assert chinese in shown and english not in shown
        assert hant.headers["ETag"] != first.headers["ETag"]
        # an English phone that holds its version is not told its copy is the Chinese one's
        assert client.get(path, headers={"If-None-Match": hant.headers["ETag"]}).status_code == 200
        again = client.get(path)
        assert english in again.text and chinese not in again.text
        assert again.headers["ETag"] == first.headers["ETag"]
        polled = client.get(path, headers={"Accept-Language": "zh-TW",
                                           "If-None-Match": hant.headers["ETag"]})
        assert polled.status_code == 304


# ---------------------------------------------------------------- the API's errors

def test_a_404_says_so_in_the_requests_chinese(client):
    for header, message in (("zh-TW", "沒有計分表 99999。"), ("zh-CN", "没有记分表 99999。"),
                            (None, "There is no scoring card 99999.")):
        headers = {"Accept-Language": header} if header else {}
        answer = client.get("/api/cards/99999", headers=headers)
        assert answer.status_code == 404
        assert answer.get_json()["message"] == message


def test_a_refused_write_keeps_its_english_code_and_says_why_in_chinese(client, demo):
    card = demo["cards"][0]["url"].rsplit("/", 1)[1]
    body = {"player": 1, "points": 10, "reason": "slow play", "op_id": str(uuid.uuid4())}
    for header, words in (("zh-Hant", "請以裁判身分登入"), ("zh-Hans", "请以裁判身份登录"),
                          (None, "Sign in as a judge")):
        headers = {"Accept-Language": header} if header else {}
        answer = client.post(f"/api/cards/{card}/penalties", json=body, headers=headers)
        assert answer.status_code == 401
        assert answer.get_json()["code"] == "signin"
        assert answer.get_json()["message"].startswith(words)


def test_a_400_names_each_field_in_chinese(judge, demo):
    card = demo["cards"][0]["url"].rsplit("/", 1)[1]
    answer = judge.post(f"/api/cards/{card}/rounds", json={"round": 0},
                        headers={"Accept-Language": "zh-Hant"})
    assert answer.status_code == 400
    got = answer.get_json()
    assert got["message"].startswith("請檢查請求：round: 須至少為 1；")
    assert {"field": "result", "message": "缺少此欄"} in got["details"]
    english = judge.post(f"/api/cards/{card}/rounds", json={"round": 0}).get_json()
    assert english["message"].startswith("Check the request: round: must be at least 1; ")


def test_a_409_and_a_422_in_both_chinese_locales(judge, demo):
    card = card_json(judge, demo)
    seats = by_wind(card)
    assert post_round(judge, card, round=1, result="win", winner=seats["E"], value=30,
                      win="self").status_code == 200
    for lang, conflict, mismatch in (
            ("zh-Hant", "請選擇以哪一個為準", "與勾選的牌型不符"),
            ("zh-Hans", "请选择以哪一个为准", "与勾选的牌型不符")):
        judge.set_cookie("lang", lang)
        clash = post_round(judge, card, round=1, result="win", winner=seats["S"], value=30,
                           win="self")
        assert clash.status_code == 409 and conflict in clash.get_json()["message"]
        wrong = post_round(judge, card, round=2, result="win", winner=seats["W"], win="self",
                           value=100, patterns={"4.1": 1})
        assert wrong.status_code == 422 and mismatch in wrong.get_json()["message"]
    judge.delete_cookie("lang")
    clash = post_round(judge, card, round=1, result="win", winner=seats["S"], value=30,
                       win="self")
    assert "correction" in clash.get_json()["message"]


def test_a_judge_page_refused_to_a_player_link_is_explained_in_chinese(client, demo):
    login(client, demo, "judge")
    answer = client.get(f"/t/{demo['tournament_id']}/judge/settings?lang=zh-Hans")
    assert answer.status_code == 403
    assert "只有本比赛的主办方可以使用此功能。" in answer.text
    assert "返回裁判控制台" in answer.text


# ---------------------------------------------------------------- the catalogues

OURS = ("templates/cards/", "templates/judge/", "templates/picker/", "templates/players/",
        "judgeaid/cards/", "judgeaid/judge/", "judgeaid/picker/", "judgeaid/players/",
        "judgeaid/api/", "judgeaid/errors.py", "judgeaid/edge.py", "judgeaid/access.py",
        "judgeaid/services/card_", "judgeaid/services/core_messages.py",
        "judgeaid/services/paper_cards.py", "judgeaid/services/player_pages.py",
        "judgeaid/services/appeals.py", "judgeaid/services/rulings.py",
        "judgeaid/services/penalties.py")


@pytest.mark.parametrize("locale", ["zh_Hant", "zh_Hans"])
def test_every_message_of_these_pages_is_translated(locale):
    from babel.messages.pofile import read_po

    from judgeaid.i18n import TRANSLATIONS

    with (TRANSLATIONS / locale / "LC_MESSAGES" / "messages.po").open("rb") as stream:
        catalog = read_po(stream, locale=locale)
    ours = [m for m in catalog if m.id and any(path.startswith(OURS)
                                               for path, _line in m.locations)]
    assert len(ours) > 500
    missing = [m.id for m in ours
               if not (all(m.string) if isinstance(m.string, tuple) else m.string)]
    assert missing == []
    assert [(m.id, errors) for m, errors in catalog.check() if m in ours] == []
