"""The organizer's, seating, standings, clock, leaderboard, sign-in, home and error pages in
Traditional and Simplified Chinese, English unchanged without a choice, and the event's
default language set on the desk (issue 29)."""

from __future__ import annotations

import io
import re

import pytest

from judgeaid.extensions import db
from judgeaid.models import Tournament
from judgeaid.services import exports
from judgeaid.services.backup_check import BadBackup, check_backup
from judgeaid.services.exports import BackupClash
from tests.conftest import login
from tests.factories import make_event, organizer_of

HANT, HANS = "zh-Hant", "zh-Hans"

# page -> what it must say, (Traditional, Simplified); `{tid}` is the demo's id
DEMO_PAGES = {
    "/": [("中庸 (Zung Jung) 與國標麻將 (MCR) 比賽助手",
           "中庸 (Zung Jung) 与国标麻将 (MCR) 比赛助手"),
          ("裁判或主辦人登入", "裁判或主办方登录"), ("32 名選手", "32 名选手")],
    "/t/{tid}": [("每節時間", "每轮时间"), ("場館時間，UTC", "场馆时间，UTC"), ("第1節", "第1轮")],
    "/t/{tid}/organizer": [("主辦台", "主办台"), ("節次與座位", "轮次与座位"),
                           ("比賽的預設語言", "比赛的默认语言"), ("儲存時區", "保存时区"),
                           ("裁判與工作人員", "裁判与工作人员"), ("搜尋選手", "搜索选手"),
                           ("參賽中", "参赛中")],
    "/t/{tid}/sessions": [("節次與座位", "轮次与座位"), ("每一節的打法", "每一轮的打法"),
                          ("節與節之間的變更", "轮与轮之间的变更"), ("記錄遲到", "记录迟到")],
    "/t/{tid}/sessions/1/tables": [("第1節：桌位", "第1轮：桌位"), ("列印座位單", "打印座位单"),
                                   ("交換兩位選手", "交换两位选手")],
    "/t/{tid}/sessions/1/board": [("第1節：座位在哪裡", "第1轮：座位在哪里"),
                                  ("32 名選手，8 桌", "32 名选手，8 桌")],
    "/t/{tid}/sessions/1/tables/1": [("第1桌", "第1桌"), ("選手抽風位", "选手抽风位"),
                                     ("東位", "东位")],
    "/t/{tid}/sessions/2/preview": [("第2節的安排", "第2轮的安排"), ("至今的對手", "至今的对手"),
                                    ("安排第2節座位", "安排第2轮座位")],
    "/t/{tid}/standings": [("排名", "排名"), ("尚未公佈任何一節，因此還沒有排名。",
                                              "尚未公布任何一轮，因此还没有排名。"),
                           ("搜尋選手", "搜索选手"), ("投影畫面", "投影画面")],
    "/t/{tid}/standings/manage": [("成績台", "成绩台"), ("公佈各節成績", "公布各轮成绩"),
                                  ("將第1節公佈為最終結果", "将第1轮公布为最终结果"),
                                  ("匯出與備份", "导出与备份")],
    "/t/{tid}/standings/projector": [("排名", "排名")],
    "/t/{tid}/clock/control": [("節次時鐘", "轮次时钟"), ("延長時間", "延长时间"),
                               ("結束本節", "结束本轮")],
    "/t/{tid}/clock": [("全螢幕", "全屏"), ("場館時鐘", "场馆时钟")],
    "/t/{tid}/timeouts": [("暫停與遲到", "暂停与迟到"), ("目前離桌", "目前离桌")],
    "/t/{tid}/timers": [("為選手計時", "为选手计时"), ("第1節：哪一桌？", "第1轮：哪一桌？")],
    "/leaderboards": [("排行榜", "排行榜"), ("排行榜的計算方法", "排行榜的计算方法"),
                      ("今年", "今年")],
    "/login": [("被鎖定了？用復原碼登入", "被锁定了？用恢复码登录"), ("復原碼", "恢复码")],
    "/new": [("建立比賽", "创建比赛"), ("從備份還原比賽", "从备份还原比赛"),
             ("場館時區", "场馆时区")],
}
# the same pages in English, with no language asked for: unchanged
ENGLISH = {
    "/t/{tid}/organizer": ["Organizer desk", "Sessions and seating", "Save time zone",
                           "The event's default language"],
    "/t/{tid}/sessions": ["How every session is played", "Changes between sessions"],
    "/t/{tid}/standings/manage": ["Post sessions", "Post session 1 as final"],
    "/t/{tid}/clock/control": ["Session clock", "End session"],
    "/leaderboards": ["How these boards are made"],
}


def page_text(response) -> str:
    """Return the page's HTML with its entities read (`&#39;` is an apostrophe)."""
    import html

    return html.unescape(response.get_data(as_text=True))


def lang_of(text: str) -> str:
    return re.search(r'<html lang="([^"]+)"', text).group(1)


@pytest.mark.parametrize("lang", [HANT, HANS])
def test_each_page_speaks_the_chosen_chinese(client, demo, lang):
    login(client, demo, "organizer")
    for path, expected in DEMO_PAGES.items():
        response = client.get(path.format(tid=demo["tournament_id"]) + f"?lang={lang}")
        assert response.status_code == 200, path
        text = page_text(response)
        assert lang_of(text) == lang, path
        for hant, hans in expected:
            assert (hant if lang == HANT else hans) in text, (path, lang)


def test_the_projector_says_its_own_language(client, demo):
    """The projector page has no base template: its own <html lang> follows the choice."""
    path = f"/t/{demo['tournament_id']}/standings/projector"
    assert lang_of(page_text(client.get(f"{path}?lang={HANS}"))) == HANS
    assert lang_of(page_text(client.get(f"{path}?lang=en"))) == "en"


def test_english_is_unchanged_without_a_choice(client, demo):
    login(client, demo, "organizer")
    for path, expected in ENGLISH.items():
        text = page_text(client.get(path.format(tid=demo["tournament_id"])))
        assert lang_of(text) == "en"
        for words in expected:
            assert words in text, path
        assert "節" not in text and "轮" not in text, path


@pytest.mark.parametrize("lang", [HANT, HANS])
def test_the_final_day_page_and_the_error_page_in_chinese(app, client, lang):
    with app.app_context():
        tournament, _ = make_event("rsom", players=16, sessions=1)
        db.session.commit()
        tid, name = tournament.id, organizer_of(tournament).name
    client.post("/api/login", json={"tournament_id": tid, "name": name, "pin": "1234"})
    text = page_text(client.get(f"/t/{tid}/final-day?lang={lang}"))
    expected = {HANT: ["決賽日", "劃定晉級線並安排16強賽座位", "請先將全部 1 節預賽公佈為最終結果"],
                HANS: ["决赛日", "划定晋级线并安排16强赛座位", "请先将全部 1 轮预赛公布为最终结果"]}
    for words in expected[lang]:
        assert words in text
    missing = client.get(f"/t/{tid}/sessions/9/tables?lang={lang}")
    assert missing.status_code == 404
    text = page_text(missing)
    assert ("找不到" if lang == HANT else "找不到") in text
    assert ("第9節尚未安排座位。" if lang == HANT else "第9轮尚未安排座位。") in text
    assert ("返回首頁" if lang == HANT else "返回首页") in text


def test_a_flash_and_a_refusal_come_in_the_pages_language(client, demo):
    login(client, demo, "organizer")
    tid = demo["tournament_id"]
    desk = f"http://localhost/t/{tid}/organizer"
    client.get(f"/t/{tid}/organizer?lang={HANT}")  # the choice is remembered from here on
    saved = client.post(f"/t/{tid}/organizer/settings", data={"time_zone": "Asia/Hong_Kong"},
                        headers={"Referer": desk}, follow_redirects=True)
    assert "設定已儲存。" in page_text(saved)
    refused = client.post(f"/t/{tid}/players/withdraw", data={"player": "999"},
                          headers={"Referer": desk}, follow_redirects=True)
    assert "這個比賽沒有選手 999。" in page_text(refused)


# ---------------------------------------------------------------- the event's language

def settings_of(app, tid: int) -> dict:
    with app.app_context():
        return dict(db.session.get(Tournament, tid).settings)


def test_the_organizer_sets_the_events_language_on_the_desk(app, client, demo):
    login(client, demo, "organizer")
    tid = demo["tournament_id"]
    desk = f"http://localhost/t/{tid}/organizer"
    page = page_text(client.get(f"/t/{tid}/organizer"))
    assert 'data-testid="event-language"' in page
    for option in ('value="en"', 'value="zh-Hant"', 'value="zh-Hans"', "繁體中文", "简体中文"):
        assert option in page
    response = client.post(f"/t/{tid}/organizer/settings", data={"language": "zh-hant"},
                           headers={"Referer": desk})
    assert response.status_code == 302
    assert settings_of(app, tid)["language"] == "zh-Hant"  # stored as the tag, whatever its case
    # a browser that names none of ours now gets the event's language; its own Chinese or
    # English still comes first
    fresh = app.test_client()
    assert lang_of(page_text(fresh.get(f"/t/{tid}/standings",
                                       headers={"Accept-Language": "de"}))) == HANT
    assert lang_of(page_text(fresh.get(f"/t/{tid}/standings",
                                       headers={"Accept-Language": "en"}))) == "en"
    # the desk shows the choice
    assert re.search(r'<option value="zh-Hant" lang="zh-Hant"\s+selected',
                     page_text(client.get(f"/t/{tid}/organizer")))


def test_an_unknown_language_is_refused_and_nothing_changes(app, client, demo):
    login(client, demo, "organizer")
    tid = demo["tournament_id"]
    before = settings_of(app, tid)
    response = client.post(f"/t/{tid}/organizer/settings", data={"language": "klingon"},
                           headers={"Referer": f"http://localhost/t/{tid}/organizer"},
                           follow_redirects=True)
    assert "Choose the event's language" in page_text(response)
    assert "zh-Hant" in page_text(response)
    assert settings_of(app, tid) == before
    api = client.post(f"/t/{tid}/organizer/settings", data={"language": ""},
                      headers={"Referer": f"http://localhost/t/{tid}/organizer"})
    assert api.status_code == 302  # refused back to the form
    assert "language" not in settings_of(app, tid)


def test_the_language_stays_when_other_settings_change_and_travels_in_a_backup(app, client):
    with app.app_context():
        tournament, organizer = make_event("csom", players=8)
        from judgeaid.services import accounts

        accounts.update_settings(tournament, {"language": "zh-Hans"}, organizer)
        accounts.update_settings(tournament, {"session_minutes": 75}, organizer)
        assert tournament.settings["language"] == "zh-Hans"
        assert tournament.settings["session_minutes"] == 75
        db.session.commit()
        data = exports.backup_bytes(tournament.id)
        key = exports.signing_key()
        # every check of the content takes it: only its players, still here, clash
        with pytest.raises(BackupClash):
            check_backup(io.BytesIO(data), key)
        forged = data.replace(b'"language": "zh-Hans"', b'"language": "xx"').replace(
            b'"language":"zh-Hans"', b'"language":"xx"')
        assert forged != data
        with pytest.raises(BadBackup, match="language"):
            check_backup(io.BytesIO(forged), key)
