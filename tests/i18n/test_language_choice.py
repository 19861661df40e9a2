"""Which language a page is in: ?lang=, then the cookie and the user's choice, then the
browser's Accept-Language, then the event's default, then English (issue 29)."""

from __future__ import annotations

import re

import pytest

from judgeaid.i18n import from_accept_language, tag_for


def lang_of(response) -> str:
    match = re.search(r'<html lang="([^"]+)"', response.get_data(as_text=True))
    assert match, "every page says its language"
    return match.group(1)


@pytest.mark.parametrize(("header", "tag"), [
    ("zh-TW", "zh-Hant"), ("zh-HK", "zh-Hant"), ("zh-MO", "zh-Hant"), ("zh-Hant", "zh-Hant"),
    ("zh-Hant-CN", "zh-Hant"), ("zh_hant_tw", "zh-Hant"),
    ("zh-CN", "zh-Hans"), ("zh-SG", "zh-Hans"), ("zh-Hans", "zh-Hans"), ("zh-Hans-HK", "zh-Hans"),
    ("zh", "zh-Hans"), ("en", "en"), ("en-GB", "en"), ("fr", None), ("", None),
])
def test_each_browser_language_tag_maps_as_the_issue_says(header, tag):
    assert from_accept_language(header) == tag


def test_a_lang_value_is_read_whatever_its_case_and_separator():
    assert tag_for("ZH_hant") == "zh-Hant"
    assert tag_for("zh-hans") == "zh-Hans"
    assert tag_for("de") is None
    assert tag_for("") is None


def test_english_is_the_default(client):
    assert lang_of(client.get("/")) == "en"


@pytest.mark.parametrize(("header", "tag"), [
    ("zh-TW,zh;q=0.9", "zh-Hant"), ("fr-FR,zh-HK;q=0.8", "zh-Hant"),
    ("zh-CN,en;q=0.5", "zh-Hans"), ("en-US,zh-CN;q=0.5", "en"), ("de,fr", "en"),
])
def test_the_browser_language_chooses_when_nothing_else_does(client, header, tag):
    assert lang_of(client.get("/", headers={"Accept-Language": header})) == tag


def test_lang_in_the_url_wins_and_is_remembered_in_a_cookie(client):
    response = client.get("/?lang=zh-Hant", headers={"Accept-Language": "zh-CN"})
    assert lang_of(response) == "zh-Hant"
    assert "lang=zh-Hant" in response.headers.get("Set-Cookie", "")
    # the next page, with no ?lang=, keeps the choice over the browser's language
    assert lang_of(client.get("/", headers={"Accept-Language": "zh-CN"})) == "zh-Hant"
    assert lang_of(client.get("/?lang=en", headers={"Accept-Language": "zh-CN"})) == "en"
    assert lang_of(client.get("/")) == "en"


def test_an_unknown_lang_value_is_ignored_not_an_error(client):
    response = client.get("/?lang=klingon", headers={"Accept-Language": "zh-HK"})
    assert response.status_code == 200
    assert lang_of(response) == "zh-Hant"


def test_the_events_default_language_serves_a_browser_that_names_none_of_ours(app, client,
                                                                                 demo):
    from judgeaid.extensions import db
    from judgeaid.models import Tournament

    with app.app_context():
        tournament = db.session.get(Tournament, demo["tournament_id"])
        tournament.settings = {**tournament.settings, "language": "zh-Hans"}
        db.session.commit()
    path = f"/t/{demo['tournament_id']}/standings"
    assert lang_of(client.get(path, headers={"Accept-Language": "de"})) == "zh-Hans"
    # the browser's own Chinese or English still comes first
    assert lang_of(client.get(path, headers={"Accept-Language": "en"})) == "en"


def test_a_signed_in_persons_choice_follows_them_to_another_phone(app, demo):
    from judgeaid.extensions import db
    from judgeaid.models import User

    def sign_in():
        client = app.test_client()
        who = demo["judge"]
        answer = client.post("/api/login", json={"tournament_id": demo["tournament_id"],
                                                 "name": who["name"], "pin": who["pin"]})
        assert answer.status_code == 200
        return client

    home = f"/t/{demo['tournament_id']}/judge"
    first = sign_in()
    assert lang_of(first.get(f"{home}?lang=zh-Hans")) == "zh-Hans"
    with app.app_context():
        user = db.session.scalar(db.select(User).filter_by(name=demo["judge"]["name"],
                                                           tournament_id=demo["tournament_id"]))
        assert user.locale == "zh-Hans"
    second = sign_in()  # a new phone: no cookie
    assert lang_of(second.get(home)) == "zh-Hans"


def test_pages_say_they_differ_by_language(client):
    response = client.get("/")
    assert "Accept-Language" in response.headers.get("Vary", "")
    assert "Cookie" in response.headers.get("Vary", "")


def test_the_switch_offers_each_language_on_this_same_page(client, demo):
    path = f"/t/{demo['tournament_id']}/standings"
    body = client.get(path).get_data(as_text=True)
    for tag in ("en", "zh-Hant", "zh-Hans"):
        assert f'href="{path}?lang={tag}"' in body
