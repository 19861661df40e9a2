"""The leftovers of issue 29 in Chinese: format names and summaries, the leaderboards'
series and reasons, the refusals of names, the print pages' warnings, the import report,
the fouls record, CSV status words and the desk's bilingual printing (English unchanged)."""

from __future__ import annotations

import pytest

from tests.conftest import login

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
