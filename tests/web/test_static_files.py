"""Scripts and stylesheets as a phone receives them (issue 31): without comments and spacing,
each tagged with its version, and what a page needs only later kept off its first load."""

from __future__ import annotations

import re
from pathlib import Path

from judgeaid.assets import static_hashes

STATIC = Path(__file__).resolve().parents[2] / "static"
AFTER_LOAD = re.compile(r'<meta name="judgeaid-after-load" content="([^"]*)">')
PRELOADED = re.compile(r'<link rel="modulepreload" href="/static/js/([\w-]+\.js)\?v=\w+">')


def versioned(app, name: str) -> str:
    with app.test_request_context():
        return f"/static/{name}?v={static_hashes()[name]}"


def test_a_script_goes_out_without_its_comments_and_indents(app, client):
    # judgeaid.jsmin: the tokens as written, nested template literals whole
    source = (STATIC / "js" / "card_round.js").read_text(encoding="utf-8")
    answer = client.get(versioned(app, "js/card_round.js"))
    assert answer.status_code == 200 and answer.mimetype == "text/javascript"
    sent = answer.get_data(as_text=True)
    assert "// " in source and "\n  " in source
    assert "\n  " not in sent and len(sent) < 0.8 * len(source)
    assert "export function" in sent


def test_a_stylesheet_goes_out_without_its_comments(app, client):
    source = (STATIC / "css" / "judge.css").read_text(encoding="utf-8")
    sent = client.get(versioned(app, "css/judge.css")).get_data(as_text=True)
    assert "/*" in source and "/*" not in sent and ".judge-page" in sent
    assert len(sent) < len(source)


def test_a_file_asked_again_with_its_tag_is_not_sent_again(app, client):
    first = client.get(versioned(app, "js/dom.js"))
    again = client.get(versioned(app, "js/dom.js"),
                       headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.get_data() == b""


def test_a_file_that_is_not_there_is_404_and_nothing_outside_static_is_served(client):
    assert client.get("/static/js/nothing.js").status_code == 404
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/static/%2e%2e/app.py").status_code == 404


def test_the_picker_stylesheet_inline_is_the_minified_one_and_allowed_by_its_hash(client):
    page = client.get("/picker")
    style = re.search(r'<style data-stylesheet="css/picker.css">(.*?)</style>',
                      page.get_data(as_text=True), re.S).group(1)
    assert "/*" not in style
    import base64
    import hashlib

    digest = base64.b64encode(hashlib.sha256(style.encode()).digest()).decode()
    assert f"'sha256-{digest}'" in page.headers["Content-Security-Policy"]


def test_a_readers_card_loads_the_call_up_only_after_the_page(client, demo):
    html = client.get(demo["cards"][0]["link"]).get_data(as_text=True)
    preloaded = set(PRELOADED.findall(html))
    later = AFTER_LOAD.search(html).group(1).split()
    assert 'data-after-load="callup.js"' in html
    # the call-up and what it imports come after the load event, all named at once
    assert "callup.js" in later and "outbox.js" in later
    assert "judge_common.js" not in later  # a player's phone needs none of the judge console
    assert not preloaded & set(later)
    # neither the judge console, its stylesheet, the round form nor the server clock first
    for name in ("judge.js", "judge_desk.js", "judge_ruling.js", "servertime.js", "card_round.js",
                 "card_fouls.js", "card_conflicts.js", "zj.js"):
        assert name not in preloaded, name
    assert "judge.css" not in html


def test_a_players_page_loads_the_appeals_and_the_name_table_later(client, demo):
    html = client.get(demo["players"][0]["url"]).get_data(as_text=True)
    preloaded = set(PRELOADED.findall(html))
    assert "hanzi.js" not in preloaded and "outbox.js" not in preloaded
    assert "judge.js" not in preloaded and "judge.css" not in html
    later = AFTER_LOAD.search(html).group(1).split()
    assert "appeals.js" in later
