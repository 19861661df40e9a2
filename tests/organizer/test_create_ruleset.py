"""Choosing the ruleset when a tournament is created: the form, the formats it offers, bad
values, and the ruleset shown on the organizer's and the public pages (issue 16)."""

import json

import pytest

from judgeaid.extensions import db
from judgeaid.models import Tournament


def create(client, **fields):
    data = {"name": "Spring Open", "organizer_name": "Olga", "pin": "1234", **fields}
    return client.post("/new", data=data)


def test_the_form_asks_for_the_ruleset_and_offers_each_ones_formats(client):
    page = client.get("/new").get_data(as_text=True)
    assert 'name="ruleset" value="zj"' in page and 'name="ruleset" value="mcr"' in page
    assert "Zung Jung (ZJM v2.1)" in page and "MCR tournament" in page
    assert 'data-formats-for="mcr"' in page and 'data-formats-for="zj"' in page
    assert "js/newevent.js" in page


def test_an_mcr_tournament_is_created_with_mcr_settings(app, client):
    response = create(client, ruleset="mcr", format="mcr")
    assert response.status_code == 302
    with app.app_context():
        t = db.session.query(Tournament).one()
        assert (t.ruleset, t.format) == ("mcr", "mcr")
        assert t.settings["session_minutes"] == 150 and t.settings["sessions"] == 6
        assert t.settings["turn_seconds"] is None
    desk = client.get(response.headers["Location"]).get_data(as_text=True)
    assert '<span data-testid="ruleset">MCR</span>' in desk
    assert 'data-testid="clock-note"' in desk and 'name="turn_seconds"' not in desk
    assert "MCR sets play limits but no clock price" in desk and "Zung Jung" not in desk
    public = client.get("/t/1").get_data(as_text=True)
    assert '<span data-testid="ruleset">MCR</span>' in public and "MCR Appendix 4" in public
    assert "MCR · MCR tournament" in client.get("/").get_data(as_text=True)


def test_without_a_ruleset_the_tournament_plays_zung_jung(app, client):
    assert create(client, format="csom").status_code == 302
    with app.app_context():
        assert db.session.query(Tournament).one().ruleset == "zj"
    assert '<span data-testid="ruleset">Zung Jung (ZJM v2.1)</span>' in client.get(
        "/t/1").get_data(as_text=True)


@pytest.mark.parametrize(("fields", "words"), [
    ({"ruleset": "riichi", "format": "csom"}, "Unknown ruleset &#39;riichi&#39;"),
    ({"ruleset": "mcr", "format": "csom"}, "Unknown format &#39;csom&#39; for MCR"),
    ({"ruleset": "zj", "format": "mcr"}, "Unknown format &#39;mcr&#39; for Zung Jung"),
    ({"ruleset": "", "format": "mcr"}, "Unknown ruleset"),
])
def test_a_bad_ruleset_or_format_creates_nothing_and_says_why(app, client, fields, words):
    response = create(client, **fields)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert words in page
    # the form keeps what was typed
    assert 'value="Spring Open"' in page
    with app.app_context():
        assert db.session.query(Tournament).count() == 0


def test_mcr_settings_are_checked_on_the_desk(app, client):
    create(client, ruleset="mcr", format="mcr")
    referer = {"Referer": "http://localhost/t/1/organizer"}
    refused = client.post("/t/1/organizer/settings", data={"session_minutes": "180"},
                          headers=referer, follow_redirects=True)
    assert "at most 150 minutes" in refused.get_data(as_text=True)
    saved = client.post("/t/1/organizer/settings", data={"session_minutes": "120",
                                                         "sessions": "7"}, headers=referer)
    assert saved.status_code == 302
    with app.app_context():
        settings = db.session.get(Tournament, 1).settings
        assert (settings["session_minutes"], settings["sessions"]) == (120, 7)


def test_the_demo_command_makes_an_mcr_demo_with_the_same_json(app, runner, client):
    result = runner.invoke(args=["demo", "--ruleset", "mcr", "--players", "8", "--seed", "2"])
    assert result.exit_code == 0, result.output
    demo = json.loads(result.output)
    assert set(demo) == {"tournament_id", "organizer", "head_judge", "judge", "cards",
                         "players"}
    assert len(demo["players"]) == 8 and [c["table"] for c in demo["cards"]] == [1, 2]
    card = client.get(demo["cards"][0]["api"]).get_json()
    assert card["ruleset"] == "mcr" and card["words"]["round"] == "hand"
    assert client.get(demo["cards"][0]["url"]).status_code == 200
    for player in demo["players"]:
        assert client.get(player["url"]).status_code == 200
    with app.app_context():
        assert db.session.get(Tournament, demo["tournament_id"]).ruleset == "mcr"
    assert client.post("/api/login", json={"tournament_id": demo["tournament_id"],
                                           **demo["judge"]}).status_code == 200


def test_the_demo_command_defaults_to_zung_jung_and_refuses_other_rulesets(app, runner):
    demo = json.loads(runner.invoke(args=["demo", "--players", "4"]).output)
    with app.app_context():
        assert db.session.get(Tournament, demo["tournament_id"]).ruleset == "zj"
    bad = runner.invoke(args=["demo", "--ruleset", "riichi"])
    assert bad.exit_code != 0 and "riichi" in bad.output
