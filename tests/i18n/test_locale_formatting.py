"""Locale-aware formatting (issue 29): search folds case, accents and the two Chinese scripts
(陳 finds 陈 and back), alphabetical lists sort Chinese names by pinyin for a Chinese reader,
and dates and times are written by Babel in the venue's time zone."""

from __future__ import annotations

import re
from datetime import datetime

import pytest

from judgeaid import hanzi, venuetime
from judgeaid.extensions import db
from judgeaid.hanzi_table import PAIRS
from judgeaid.models import Player
from judgeaid.services import seating
from tests.factories import make_players, make_tournament


@pytest.mark.parametrize(("name", "typed"), [
    ("陈大文", "陳"), ("陳大文", "陈"), ("陳大文", "陈大"), ("劉德華", "刘德华"),
    ("Lucía Fernández", "LUCIA fern"), ("ZOË Okafor", "zoe"), ("張偉", "张伟"),
])
def test_search_folds_case_accents_and_script(name, typed):
    assert hanzi.matches(name, typed)


@pytest.mark.parametrize(("name", "typed"), [("陈大文", "陈小"), ("Lucía", "lucas"), ("李", "季")])
def test_search_still_tells_names_apart(name, typed):
    assert not hanzi.matches(name, typed)


def test_the_folding_table_is_the_same_for_the_browser():
    from pathlib import Path

    js = (Path(__file__).resolve().parents[2] / "static" / "js" / "hanzi.js").read_text()
    assert "".join(re.findall(r'"([^"]*)"', js.split("export const PAIRS =", 1)[1])) == "".join(
        PAIRS)
    assert hanzi.TRAD_TO_SIMP["陳"] == "陈" and hanzi.TRAD_TO_SIMP["么"] == "幺"


NAMES = ["Zoe Lee", "王小明", "Anna Berg", "陈大文", "Émile Roy", "李四", "張偉", "Carla Diaz"]


def test_a_chinese_reader_gets_chinese_names_in_pinyin_order():
    ordered = sorted(NAMES, key=lambda n: hanzi.sort_key(n, "zh-Hans"))
    # Anna, Carla, Chen, Emile, Li, Wang, Zhang, Zoe: a Chinese name by its pinyin
    assert ordered == ["Anna Berg", "Carla Diaz", "陈大文", "Émile Roy", "李四", "王小明", "張偉",
                       "Zoe Lee"]
    # the same order for a Traditional reader; Traditional and Simplified sort alike
    assert sorted(NAMES, key=lambda n: hanzi.sort_key(n, "zh-Hant")) == ordered
    # tones break a tie of letters: mā before má before mǎ before mà
    assert sorted(["马", "麻", "妈", "骂"], key=lambda n: hanzi.sort_key(n, "zh-Hans")) == [
        "妈", "麻", "马", "骂"]


def test_an_english_reader_keeps_the_alphabet_ignoring_case_and_accents():
    ordered = sorted(NAMES, key=lambda n: hanzi.sort_key(n, "en"))
    assert ordered[:4] == ["Anna Berg", "Carla Diaz", "Émile Roy", "Zoe Lee"]


@pytest.fixture
def board(app):
    """Eight players with Latin and Chinese names, session 1 seated."""
    with app.app_context():
        tournament, organizer = make_tournament(pin="1234")
        for player, name in zip(make_players(tournament, 8), NAMES, strict=True):
            db.session.get(Player, player.id).name = name
        seating.seat_session(tournament, 1, organizer)
        db.session.commit()
        return tournament.id


def board_names(client, tid, lang):
    page = client.get(f"/t/{tid}/sessions/1/board?lang={lang}").get_data(as_text=True)
    return re.findall(r'<td class="name">([^<]+)</td>', page)


def test_the_notice_board_sorts_by_pinyin_for_a_chinese_reader(client, board):
    assert board_names(client, board, "zh-Hans") == [
        "Anna Berg", "Carla Diaz", "陈大文", "Émile Roy", "李四", "王小明", "張偉", "Zoe Lee"]
    english = board_names(client, board, "en")
    assert english[:4] == ["Anna Berg", "Carla Diaz", "Émile Roy", "Zoe Lee"]


MOMENT = datetime(2026, 11, 24, 13, 30)  # UTC; 14:30 in Copenhagen, 21:30 in Hong Kong


@pytest.mark.parametrize(("locale", "zone", "style", "text"), [
    ("zh_Hans", "Asia/Shanghai", "day", "11月24日周二 21:30 CST"),
    ("zh_Hant", "Asia/Hong_Kong", "day", "11月24日週二 21:30 HKT"),
    ("zh_Hant", "Europe/Copenhagen", "time", "14:30 CET"),
    ("zh_Hans", "Europe/Copenhagen", "seconds", "14:30:00 CET"),
    ("zh_Hans", "Asia/Shanghai", "day_only", "2026-11-24"),  # numeric dates stay ISO
    ("en", "Europe/Copenhagen", "day", "Tue 24 Nov, 14:30 CET"),  # English as before
])
def test_dates_are_written_in_the_language_in_the_venues_zone(locale, zone, style, text):
    assert venuetime.venue_text(MOMENT, zone, style, locale=locale) == text


def test_a_page_writes_times_in_its_language(app):
    from judgeaid.services import venuetime as venue_service

    with app.test_request_context("/?lang=zh-Hans"):
        assert venue_service.text(MOMENT, "Asia/Shanghai", "day") == "11月24日周二 21:30 CST"
    with app.test_request_context("/"):
        assert venue_service.text(MOMENT, "Asia/Shanghai", "day") == "Tue 24 Nov, 21:30 CST"


def test_the_ruling_log_search_folds_the_scripts(app, client, demo):
    from tests.conftest import login

    tid = demo["tournament_id"]
    login(client, demo, "judge")
    card_id = int(demo["cards"][0]["api"].rsplit("/", 1)[1])
    body = {"card_id": card_id, "what_happened": "陳先生 showed a tile while drawing",
            "decision": "Play on", "op_id": "folded-search-ruling-0001"}
    assert client.post(f"/api/t/{tid}/rulings", json=body).status_code in (200, 201)
    for typed in ("陈先生", "陳先", "SHOWED"):
        found = client.get(f"/t/{tid}/judge/log?q={typed}").get_data(as_text=True)
        assert "陳先生 showed a tile" in found, typed
    missed = client.get(f"/t/{tid}/judge/log?q=王先生").get_data(as_text=True)
    assert "陳先生 showed a tile" not in missed


@pytest.mark.parametrize(("lang", "text"), [("zh-Hans", "12,345.5"), ("zh-Hant", "12,345.5"),
                                            ("en", "12,345.5")])
def test_numbers_are_written_by_babel_in_the_pages_language(app, lang, text):
    from flask import render_template_string

    with app.test_request_context(f"/?lang={lang}"):
        assert render_template_string("{{ 12345.5|number }} {{ none|number }}") == f"{text} —"
