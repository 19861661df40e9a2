"""Judge console pages and the two partials: they render, they are for judges only."""

from __future__ import annotations

import re

import pytest
from flask import render_template_string
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Player
from judgeaid.services.appeals import appeals_for_player
from judgeaid.wording import ruleset_view
from tests.conftest import login
from tests.factories import at_table, demo_card_id, give, op, rule, seated

PAGES = ["/judge", "/judge/rulings/new", "/judge/rulings/new?guide=false-win",
         "/judge/rulings/new?penalty=1", "/judge/log", "/judge/log?session=1&table=1",
         "/judge/log/print?session=1", "/judge/guide", "/judge/guide?q=dead+hand",
         "/judge/appeals", "/judge/penalties"]


@pytest.fixture
def ruled(client, demo):
    """A signed-in judge, one call-up from table 2 and one ruling with a penalty at table 1."""
    tid, card = demo["tournament_id"], demo_card_id(demo)
    client.post(f"/api/cards/{demo_card_id(demo, 1)}/call-up",
                headers=at_table(client, demo_card_id(demo, 1)),
                json={"reason": "wall", "op_id": op()})
    login(client, demo, "judge")
    player = seated(client, card)[0]
    entry = rule(client, tid, card_id=card, sections=["1.7"], penalties=[
        {"player": player, "category": "procedural", "infraction": "tiles_mishandled",
         "kind": "points", "points": 5}]).get_json()["ruling"]
    return tid, card, player, entry


@pytest.mark.parametrize("path", PAGES)
def test_judge_pages_render(client, ruled, path):
    tid = ruled[0]
    response = client.get(f"/t/{tid}{path}")
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    assert "judge.css" in response.get_data(as_text=True)


@pytest.mark.parametrize("path", PAGES)
def test_judge_pages_need_a_judge(client, demo, path):
    response = client.get(f"/t/{demo['tournament_id']}{path}")
    assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_home_shows_the_queue_and_every_action(client, ruled):
    tid = ruled[0]
    html = client.get(f"/t/{tid}/judge").get_data(as_text=True)
    assert "Table 2" in html and "“wall”" in html and "Take it" in html
    for link in (f"/t/{tid}/judge/rulings/new", f"/t/{tid}/judge/guide", f"/t/{tid}/judge/log",
                 f"/t/{tid}/judge/appeals", f"/t/{tid}/judge/penalties", "penalty=1"):
        assert link in html


def test_the_form_starts_from_a_call_up_a_guide_answer_or_an_entry(client, ruled):
    tid, _, player, entry = ruled
    call_id = client.get(f"/api/t/{tid}/call-ups").get_json()["items"][0]["id"]
    from_call = client.get(f"/t/{tid}/judge/rulings/new?callup={call_id}").get_data(as_text=True)
    assert "Table 2 called at" in from_call and "wall" in from_call
    from_guide = client.get(f"/t/{tid}/judge/rulings/new?guide=false-win").get_data(as_text=True)
    assert 'value="1.4.6" checked' in from_guide
    assert '"category": "special"' in from_guide
    change = client.get(f"/t/{tid}/judge/rulings/new?supersedes={entry['id']}")
    assert f"Change ruling #{entry['id']}" in change.get_data(as_text=True)
    found = client.get(f"/t/{tid}/judge/rulings/new?player={player}&penalty=1")
    assert '"open_penalty": true' in found.get_data(as_text=True)
    assert client.get(f"/t/{tid}/judge/rulings/new?guide=nope").status_code == 404


def test_entry_page_player_record_and_print(client, ruled):
    tid, _, player, entry = ruled
    html = client.get(f"/t/{tid}/judge/rulings/{entry['id']}").get_data(as_text=True)
    assert "§1.7" in html and "5 points" in html and "Change this ruling" in html
    record = client.get(f"/t/{tid}/judge/players?number={player}")
    assert record.headers["Location"].endswith(f"/t/{tid}/judge/players/{player}")
    html = client.get(record.headers["Location"]).get_data(as_text=True)
    assert f"ruling #{entry['id']}" in html
    printed = client.get(f"/t/{tid}/judge/log/print?session=1").get_data(as_text=True)
    # its print rules are judge.css's (carried inline), none written into the page itself
    own = re.sub(r'<style data-stylesheet="[^"]+">.*?</style>', "", printed, flags=re.S)
    assert 'data-stylesheet="css/judge.css"' in printed
    assert "ruling log, session 1" in printed and "@media print" not in own
    assert client.get(f"/t/{tid}/judge/log/print").status_code == 400


def test_guide_search_puts_the_best_answer_first(client, ruled):
    tid = ruled[0]
    html = client.get(f"/t/{tid}/judge/guide?q=false+win").get_data(as_text=True)
    first = html.index('data-guide-entry="')
    assert html[first:].startswith('data-guide-entry="false-win"')
    assert "Start a ruling from this answer" in html


def test_settings_page_is_for_the_organizer(client, demo):
    tid = demo["tournament_id"]
    login(client, demo, "judge")
    assert client.get(f"/t/{tid}/judge/settings").status_code == 403
    login(client, demo, "organizer")
    html = client.get(f"/t/{tid}/judge/settings").get_data(as_text=True)
    assert 'value="category" checked' in html and 'value="tournament" checked' in html


def test_head_judge_sees_the_decision_form(app, client, demo, ruled):
    tid, card, player, entry = ruled
    from tests.factories import end_session, token_of

    end_session(app, tid)
    client.post("/api/appeals", headers={"X-Player-Token": token_of(app, tid, player)},
                json={"ruling_id": entry["id"], "text": "Unfair", "op_id": op()})
    assert "data-decide-form" not in client.get(f"/t/{tid}/judge/appeals").get_data(as_text=True)
    login(client, demo, "head_judge")
    html = client.get(f"/t/{tid}/judge/appeals").get_data(as_text=True)
    assert "data-decide-form" in html and "Unfair" in html and "data-strike" in html


def test_partials_render_with_plain_data(app, client, demo, ruled):
    tid, card, player, _ = ruled
    give(client, tid, card, player, points=10)
    with app.test_request_context():
        row = db.session.scalar(select(Player).where(Player.tournament_id == tid,
                                                     Player.number == player))
        appeals = appeals_for_player(row.id)
        html = render_template_string('{% include "players/_appeals.html" %}', appeals=appeals,
                                      rules=ruleset_view("zj"))
        callup = render_template_string('{% include "cards/_callup.html" %}',
                                        card={"id": card, "table": 1})
    assert appeals["rulings"] and not appeals["can_appeal_any"]
    assert "Appeals open once session 1 is over" in html
    assert f'data-api="/api/cards/{card}/call-up"' in callup and "Call a judge" in callup
