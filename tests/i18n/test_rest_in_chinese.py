"""The leftovers of issue 29 in Chinese: format names and summaries, the leaderboards'
series and reasons, the refusals of names, the print pages' warnings, the import report,
the fouls record, CSV status words and the desk's bilingual printing (English unchanged)."""

from __future__ import annotations

import io
import re

import pytest

HANT, HANS = "zh-Hant", "zh-Hans"


def text(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.get_data(as_text=True)


@pytest.mark.parametrize(("lang", "said"), [
    (HANT, ["非認可休閒比賽", "休閒規則，所有設定均由主辦人決定。", "國標麻將 (MCR) 比賽",
            "循環賽6節"]),
    (HANS, ["非认可休闲比赛", "休闲规则，所有设置均由主办方决定。", "国标麻将 (MCR) 比赛",
            "循环赛6轮"]),
])
def test_the_new_tournament_form_names_and_sums_up_the_formats_in_chinese(client, demo, lang,
                                                                          said):
    page = text(client, f"/new?lang={lang}")
    for words in said:
        assert words in page
    assert "Unsanctioned casual event" not in page


def test_the_formats_stay_english_without_a_language(client, demo):
    page = text(client, "/new")
    assert "Unsanctioned casual event" in page
    assert "Casual rules with every setting open to the organizer." in page
    assert "MCR tournament" in page


def test_the_home_page_names_the_demo_format_in_chinese(client, demo, app):
    from judgeaid.services.overview import list_tournaments
    with app.test_request_context("/"):
        english = list_tournaments()[0]["format"]
    with app.test_request_context(f"/?lang={HANS}"):
        chinese = list_tournaments()[0]["format"]
    assert english.isascii() and english in text(client, "/")
    assert not chinese.isascii() and chinese in text(client, f"/?lang={HANS}")


@pytest.mark.parametrize(("lang", "series", "reason"), [
    (HANT, "國際比賽", "未經中庸麻將運動認可：§3.5.2.1 不准計入"),
    (HANS, "国际比赛", "未经中庸麻将运动认可：§3.5.2.1 不准计入"),
])
def test_the_leaderboard_series_and_reasons_are_in_chinese(app, lang, series, reason):
    from judgeaid.services import leaderboards
    with app.test_request_context(f"/?lang={lang}"):
        assert dict(leaderboards.series_choices())["international"] == series
        assert leaderboards.reason_text("unsanctioned") == reason
        assert leaderboards.series_name("nonesuch") == "nonesuch"
    with app.test_request_context("/"):
        assert dict(leaderboards.series_choices())["international"] == "International event"
        assert leaderboards.reason_text("outside") == "held outside the chosen dates"
        assert leaderboards.reason_text(None) == ""


# ---------------------------------------------------------------- names (issue 28's refusals)

CYRILLIC_BAO = "\u0412ao Silva"  # Cyrillic capital Ve, drawn as a Latin B


def register(client, name, team="", lang=None):
    query = f"?lang={lang}" if lang else ""
    return client.post(f"/t/1/organizer/players{query}", data={"name": name, "team": team},
                       follow_redirects=True).get_data(as_text=True)


def create(client):
    return client.post("/new", data={"name": "Spring Open", "format": "csom",
                                     "organizer_name": "Olga", "pin": "1234"})


@pytest.mark.parametrize(("lang", "look_alike", "invisible"), [
    (HANT, f"名字「{CYRILLIC_BAO}」看起來與本比賽已有的「Bao Silva」相同",
     "名字含有不可見字元（U+200B，zero width space）"),
    (HANS, f"名字“{CYRILLIC_BAO}”看起来与本比赛已有的“Bao Silva”相同",
     "名字含有不可见字符（U+200B，zero width space）"),
])
def test_a_refused_name_is_explained_in_chinese(app, client, lang, look_alike, invisible):
    from judgeaid import naming
    from judgeaid.services import plain_messages

    create(client)
    register(client, "Bao Silva")
    assert look_alike in register(client, CYRILLIC_BAO, lang=lang)
    # the forms refuse an invisible character at the edge; the services (a CSV import, the
    # API's records) say naming's sentence
    with app.test_request_context(f"/?lang={lang}"):
        assert plain_messages.say(naming.invisible_problem("Bao\u200bSilva")).startswith(invisible)


def test_a_refused_name_is_explained_in_english_without_a_language(client):
    create(client)
    register(client, "Bao Silva")
    assert f"The name “{CYRILLIC_BAO}” looks like “Bao Silva”, already in this event" in \
        register(client, CYRILLIC_BAO)
    register(client, "Ann Lee", "Tigers")
    page = register(client, "Bo Chan", "T\u0456gers")
    assert "The team “T\u0456gers” looks like “Tigers”" in page


def test_every_sentence_of_naming_and_reach_has_a_template():
    """A sentence no template matches would stay English: each the modules can make is listed."""
    from judgeaid import naming, reach
    from judgeaid.services import plain_messages
    from judgeaid.tournament.registration import name_problem

    said = []
    for what in ("name", "team", "family name", "given name", "person's name"):
        said += [naming.invisible_problem("a\u200bb", what),
                 naming.look_alike_problem("A", "B", what)]
    for what in ("name", "team", "family name", "given name"):
        said += [name_problem("a\x07", what, 80), name_problem("a\u202eb", what, 80),
                 name_problem("abc", what, 2)]
    for base in ("http://127.0.0.1:5000/", "ftp://x", "http://0.0.0.0:5000",
                 "http://judgebox:5000", "http://192.0.2.5:5000"):
        for is_set in (True, False):
            for notice in reach.phone_warnings(base, "http://192.0.2.5:5000/x",
                                               is_public_base_set=is_set, desk=True,
                                               lan_addresses=["192.0.2.5", "10.0.0.2"]):
                said += [notice.title, notice.text, *notice.steps]
    assert len(said) > 40
    for sentence in said:
        matches = [t for p, t in plain_messages._patterns() if p.match(sentence)]
        assert matches, sentence
        # the first template that matches is the one it was made from
        filled = re.sub(r"\{(\w+)\}", "", matches[0])
        assert all(word in sentence for word in filled.split() if word.isalpha()), sentence


# ---------------------------------------------------------------- the print pages' warnings

@pytest.mark.parametrize(("lang", "title", "step"), [
    (HANT, "手機無法開啟這些 QR 碼", "停止伺服器，再用上面的指令重新啟動"),
    (HANS, "手机无法打开这些 QR 码", "停止服务器，再用上面的命令重新启动"),
])
def test_the_desk_warns_about_qr_codes_in_chinese(organizer, demo, lang, title, step):
    page = text(organizer, f"/t/{demo['tournament_id']}/organizer?lang={lang}")
    assert title in page and step in page
    assert "未設定 PUBLIC_BASE_URL" in page or "未设置 PUBLIC_BASE_URL" in page
    assert "Phones cannot open these QR codes" not in page


def test_the_desk_warns_about_qr_codes_in_english_without_a_language(organizer, demo):
    page = text(organizer, f"/t/{demo['tournament_id']}/organizer")
    assert "Phones cannot open these QR codes" in page
    assert "PUBLIC_BASE_URL is not set, so QR codes carry the address" in page


# ---------------------------------------------------------------- the import report

IMPORT = ("name,team,member_id\n"
          "Ann Lee,Tigers,\n"
          "ann lee,,\n"
          "Existing Person,,\n"
          "Bo Chan,,bad id!\n"
          "too,many,cells,here\n")


def import_csv(client, lang=None):
    create(client)
    client.post("/t/1/organizer/players", data={"name": "Existing Person"})
    query = f"?lang={lang}" if lang else ""
    response = client.post(f"/t/1/organizer/players/import{query}", data={
        "file": (io.BytesIO(IMPORT.encode()), "players.csv")},
        content_type="multipart/form-data")
    assert response.status_code == 200
    return response.get_data(as_text=True)


@pytest.mark.parametrize(("lang", "reasons"), [
    (HANT, ["重複的名字 ann lee（第 2 行也有）。", "Existing Person 已經登記。",
            "會員編號只可包含字母 A-Z", "（讀到「bad id!」）", "應有 3 欄，實有 4 欄。"]),
    (HANS, ["重复的名字 ann lee（第 2 行也有）。", "Existing Person 已经登记。",
            "会员编号只能包含字母 A-Z", "（读到“bad id!”）", "应有 3 列，实有 4 列。"]),
])
def test_the_import_report_gives_each_reason_in_chinese(client, lang, reasons):
    page = import_csv(client, lang)
    for reason in reasons:
        assert reason in page, reason
    assert "is already registered" not in page and "Duplicate name" not in page
    assert re.search(r"\d[^<,]*，\d+ 行被(拒絕|拒绝)。", page)  # one sentence, Chinese comma


def test_the_import_report_stays_english_without_a_language(client):
    page = import_csv(client)
    for reason in ("Duplicate name ann lee (also on line 2).",
                   "Existing Person is already registered.",
                   "The member id may hold only letters A-Z", "(found &#39;bad id!&#39;)",
                   "Expected 3 columns, found 4."):
        assert reason in page, reason
    assert "1 player added, 4 rows rejected." in page


# ---------------------------------------------------------------- the record of fouls

@pytest.mark.parametrize(("lang", "said"), [
    (HANT, ["1/4/1/東", "30 分", "詐和："]), (HANS, ["1/4/1/东", "30 分", "错和："]),
])
def test_the_record_of_fouls_rows_are_in_chinese(app, client, demo, lang, said):
    from tests.judge.test_mcr_record_of_fouls import _fouls

    tid, offender, other = _fouls(app, client, demo)
    html = text(client, f"/t/{tid}/judge/fouls?session=1&lang={lang}")
    body = html[html.index("<tbody>"):html.index("</tbody>")]
    for words in said:
        assert words in body, words


def test_the_record_of_fouls_rows_stay_english(app, client, demo):
    from tests.judge.test_mcr_record_of_fouls import _fouls

    tid, offender, other = _fouls(app, client, demo)
    html = text(client, f"/t/{tid}/judge/fouls?session=1")
    assert "1/4/1/E" in html and "False Hu: Hu below 8 points" in html and "Warning" in html


# ---------------------------------------------------------------- the print queries' refusals

@pytest.mark.parametrize(("lang", "query", "message"), [
    (HANT, "", "請說明要列印哪一節：加上 ?session=N"),
    (HANS, "", "请说明要打印哪一轮：加上 ?session=N"),
    (HANT, "session=1&tables=1,x", "必須是以逗號分隔的桌號，或 &#39;none&#39;"),
    (HANS, "session=1&layout=x", "必须是以下之一："),
    (None, "", "Say which session to print: add ?session=N"),
    (None, "session=1&layout=x", "layout: must be one of: "),
])
def test_the_print_queries_refuse_in_the_pages_language(organizer, demo, lang, query, message):
    lang_query = f"&lang={lang}" if lang else ""
    response = organizer.get(f"/t/{demo['tournament_id']}/print/cards.pdf?{query}{lang_query}")
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


# ---------------------------------------------------------------- the app's manifest

@pytest.mark.parametrize(("lang", "name"), [
    (HANT, "judgeaid — 中庸 (Zung Jung) 與國標麻將 (MCR) 比賽助手"),
    (HANS, "judgeaid — 中庸 (Zung Jung) 与国标麻将 (MCR) 比赛助手"),
])
def test_the_manifest_is_in_the_pages_language(client, lang, name):
    page = text(client, f"/?lang={lang}")
    link = re.search(r'<link rel="manifest" href="([^"]+)"', page)[1]
    assert link == f"/manifest.webmanifest?lang={lang}"
    body = client.get(link).get_json(force=True)
    assert body["name"] == name and body["lang"] == lang
    assert not body["description"].isascii() and body["short_name"] == "judgeaid"


def test_the_manifest_stays_english_without_a_language(client):
    assert '<link rel="manifest" href="/manifest.webmanifest">' in text(client, "/")
    body = client.get("/manifest.webmanifest").get_json(force=True)
    assert body["name"] == "judgeaid — Zung Jung and MCR tournament assistant"
    assert body["description"].startswith("Scoring cards, hand pickers") and body["lang"] == "en"


# ---------------------------------------------------------------- bilingual printing (the desk)

def settings_of(app, tid: int) -> dict:
    from judgeaid.extensions import db
    from judgeaid.models import Tournament

    with app.app_context():
        return dict(db.session.get(Tournament, tid).settings)


def test_the_desk_turns_bilingual_printing_on_and_off(app, organizer, demo):
    tid = demo["tournament_id"]
    desk = f"/t/{tid}/organizer"
    page = text(organizer, desk)
    box = re.search(r'<input type="checkbox" name="print_bilingual"[^>]*>', page)[0]
    assert "checked" not in box
    assert "Print in the event's language with English beside it" in page
    referer = {"Referer": f"http://localhost{desk}"}
    answer = organizer.post(f"{desk}/settings", data={"printing": "1", "print_bilingual": "1"},
                            headers=referer)
    assert answer.status_code == 302
    assert settings_of(app, tid)["print_bilingual"] is True
    assert "checked" in re.search(r'<input type="checkbox" name="print_bilingual"[^>]*>',
                                  text(organizer, desk))[0]
    # what printing/language.py reads: a Chinese event's paper prints English beside it
    from judgeaid.printing.language import print_language

    organizer.post(f"{desk}/settings", data={"language": "zh-Hant"}, headers=referer)

    with app.app_context():
        from judgeaid.extensions import db
        from judgeaid.models import Tournament
        assert print_language(db.session.get(Tournament, tid)).bilingual is True
    # an unticked box sends nothing but the form's mark: off
    organizer.post(f"{desk}/settings", data={"printing": "1"}, headers=referer)
    assert settings_of(app, tid)["print_bilingual"] is False
    # other settings keep it
    organizer.post(f"{desk}/settings", data={"printing": "1", "print_bilingual": "on"},
                   headers=referer)
    organizer.post(f"{desk}/settings", data={"language": "zh-Hans"}, headers=referer)
    organizer.post(f"{desk}/settings", data={"sessions": "5"}, headers=referer)
    assert settings_of(app, tid)["print_bilingual"] is True
    assert settings_of(app, tid)["sessions"] == 5


def test_a_bad_bilingual_value_is_refused_in_the_pages_language(app, demo):
    from judgeaid.extensions import db
    from judgeaid.models import Tournament
    from judgeaid.services import accounts
    from judgeaid.services.errors import ServiceError

    tid = demo["tournament_id"]
    for lang, said in ((None, "Bilingual printing is on (1) or off (0)."),
                       (HANT, "雙語列印只可開啟 (1) 或關閉 (0)。"),
                       (HANS, "双语打印只能开启 (1) 或关闭 (0)。")):
        with app.test_request_context(f"/?lang={lang}" if lang else "/"):
            tournament = db.session.get(Tournament, tid)
            with pytest.raises(ServiceError) as refused:
                accounts.update_settings(tournament, {"print_bilingual": "maybe"}, "test")
            assert refused.value.message == said
            assert "print_bilingual" not in tournament.settings


@pytest.mark.parametrize(("lang", "label"), [
    (HANT, "以比賽的語言列印，並在旁附上英文"), (HANS, "以比赛的语言打印，并在旁附上英文"),
])
def test_the_bilingual_printing_box_is_labelled_in_chinese(organizer, demo, lang, label):
    assert label in text(organizer, f"/t/{demo['tournament_id']}/organizer?lang={lang}")


# ---------------------------------------------------------------- the ZJ leaderboards' checks

def test_every_leaderboard_check_has_a_template_and_is_said_in_chinese(app):
    from judgeaid.rules.zj import leaderboard as core
    from judgeaid.services import plain_messages

    said = [*core.series_problems("nope", "casual", None, None),
            *core.series_problems("rsom", "casual", 2.0, 3.0),
            *core.series_problems("csom", "competitive", None, None),
            *core.series_problems("other", "casual", 11.0, 12.0),
            *core.series_problems("other", "competitive", None, 2.0)]
    for what in ("event's", "from", "to"):
        for bad in ("", "1 March", "2026-02-30"):
            with pytest.raises(ValueError) as refused:
                core.parse_day(bad, what)
            said.append(str(refused.value))
    for args in (("nope", core.date(2026, 1, 1)),
                 (core.CUSTOM, core.date(2026, 1, 1), "2026-03-01", "2026-02-01")):
        with pytest.raises(ValueError) as refused:
            core.window_dates(*args)
        said.append(str(refused.value))
    assert len(said) >= 20
    for sentence in said:
        assert any(p.match(sentence) for p, _ in plain_messages._patterns()), sentence
    with app.test_request_context(f"/?lang={HANT}"):
        assert plain_messages.say("The from date is after the to date.") == \
            "開始日期在結束日期之後。"
        assert plain_messages.say("The to date 2026-02-30 does not exist.") == \
            "結束日期 2026-02-30 不存在。"
    with app.test_request_context(f"/?lang={HANS}"):
        assert plain_messages.say(said[-2]) == "请选择时段：今年、去年或自定日期。"
    with app.test_request_context("/"):
        assert plain_messages.say(said[-1]) == "The from date is after the to date."


@pytest.mark.parametrize(("lang", "said"), [
    (HANT, "開始日期在結束日期之後。"), (HANS, "开始日期在结束日期之后。"),
    (None, "The from date is after the to date."),
])
def test_the_leaderboard_page_refuses_dates_in_its_language(client, lang, said):
    query = "board=window&window=custom&from=2026-03-01&to=2026-02-01"
    response = client.get(f"/leaderboards?{query}" + (f"&lang={lang}" if lang else ""))
    assert response.status_code in (200, 400)
    assert said in response.get_data(as_text=True)
