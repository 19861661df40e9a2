"""The scripts' messages a page carries (issue 29): in Chinese, each page carries its own
scripts' messages as JSON (so they work offline wherever the page does), and only those: a
Chinese picker stays within its first-load weight; every message reaches the pages that draw
it."""

from __future__ import annotations

import json
import re

from babel.messages.pofile import read_po

from judgeaid.i18n import TRANSLATIONS, _page_messages
from judgeaid.paths import ROOT


def script_messages(response) -> dict:
    found = re.search(r'<script type="application/json" id="js-messages">(.*?)</script>',
                      response.get_data(as_text=True), re.S)
    return json.loads(found.group(1)) if found else {}


def test_a_chinese_picker_carries_its_scripts_messages_and_no_others(client):
    english = script_messages(client.get("/picker?lang=en"))
    traditional = script_messages(client.get("/picker?lang=zh-Hant"))
    simplified = script_messages(client.get("/picker/mcr?lang=zh-Hans"))
    assert english == {}
    assert traditional["listed limit"] == "滿貫牌型"  # picker.js
    assert traditional["Send again"] == "重新傳送"  # outbox.js, through app.js
    assert simplified["East"] == "东"
    # the judge console's and the timer's words are not the picker's
    assert "Write ruling" not in traditional and "Timer stopped" not in simplified
    assert len(traditional) < 60


def test_the_offline_page_carries_what_offline_js_draws(client):
    messages = script_messages(client.get("/offline?lang=zh-Hans"))
    assert messages["Card {id}"] == "记分表 {id}"
    assert messages["The network cannot be reached right now."] == "目前无法连接到网络。"


def test_every_scripts_message_reaches_a_page_that_draws_it():
    with (TRANSLATIONS / "js.pot").open("rb") as stream:
        every = {f"{m.context}\x04{m.id}" if m.context else m.id for m in read_po(stream) if m.id}
    carried = set()
    for path in (ROOT / "templates").rglob("*.html"):
        page = _page_messages(path.relative_to(ROOT / "templates").as_posix())
        assert page is not None, path
        carried |= page
    assert every <= carried
