"""A card's view is built once and shared by every phone in the hall, and it carries words in
its reader's language (the ruleset's words for scripts, a page's text and scripts' messages):
an English and a Chinese reader of the same card each get their own, built once each, and a
browser holding one language's page is never told it is current in another (issue 29)."""

from __future__ import annotations

import json
import re

from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import BuiltView
from judgeaid.rules import get_ruleset
from judgeaid.wording import translated_words
from tests.factories import demo_card_id

ENGLISH = {"Accept-Language": "en-GB"}
TRADITIONAL = {"Accept-Language": "zh-TW"}
SIMPLIFIED = {"Accept-Language": "zh-CN"}


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.get_data(as_text=True)).group(1)


def script_messages(response) -> dict:
    found = re.search(r'<script type="application/json" id="js-messages">(.*?)</script>',
                      response.get_data(as_text=True), re.S)
    return json.loads(found.group(1)) if found else {}


def built_names(app, card_id: int) -> set[str]:
    with app.app_context():
        names = db.session.scalars(select(BuiltView.name)).all()
    return {name for name in names if re.match(rf"card(-shell)?:{card_id}\b", name)}


def test_each_reader_gets_the_cards_data_in_their_own_language(app, client, demo):
    card_id = demo_card_id(demo)
    url = f"/api/cards/{card_id}"
    english = client.get(url, headers=ENGLISH)
    chinese = client.get(url, headers=TRADITIONAL)
    again = client.get(url, headers=ENGLISH)
    assert english.status_code == chinese.status_code == again.status_code == 200
    code = english.get_json()["rules"]["code"]
    words = english.get_json()["rules"]["words"]
    assert words == {key: get_ruleset(code).words[key] for key in words}
    # the Chinese reader's words are the catalogue's, never the English build's
    assert chinese.get_json()["rules"]["words"] == translated_words(code, words, "zh-Hant")
    assert again.data == english.data
    # one build per language, kept apart in the shared store
    assert {f"card:{card_id}:en", f"card:{card_id}:zh-Hant"} <= built_names(app, card_id)


def test_each_reader_gets_the_cards_page_in_their_own_language(app, client, demo):
    card_id = demo_card_id(demo)
    url = f"/cards/{card_id}"
    english = client.get(url, headers=ENGLISH)
    traditional = client.get(url, headers=TRADITIONAL)
    simplified = client.get(url, headers=SIMPLIFIED)
    assert [html_lang(r) for r in (english, traditional, simplified)] == [
        "en", "zh-Hant", "zh-Hans"]
    # the scripts' messages ride in each Chinese page (none in English)
    assert script_messages(english) == {}
    assert script_messages(traditional)["Needs attention"] == "需要處理"
    assert script_messages(simplified)["Needs attention"] == "需要处理"
    assert len({english.headers["ETag"], traditional.headers["ETag"],
                simplified.headers["ETag"]}) == 3
    assert {f"card-shell:{card_id}:en", f"card-shell:{card_id}:zh-Hant",
            f"card-shell:{card_id}:zh-Hans"} <= built_names(app, card_id)
    # a browser revalidating its English copy in Chinese gets the Chinese page, not a 304
    asked = client.get(url, headers={**TRADITIONAL, "If-None-Match": english.headers["ETag"]})
    assert asked.status_code == 200 and html_lang(asked) == "zh-Hant"
    # and each language's own copy is still current
    for headers, page in ((ENGLISH, english), (TRADITIONAL, traditional)):
        same = client.get(url, headers={**headers, "If-None-Match": page.headers["ETag"]})
        assert same.status_code == 304
    # the English page again: the same build
    assert client.get(url, headers=ENGLISH).data == english.data
