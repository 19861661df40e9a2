"""A player's page at venue scale (issue 17): every player opens it from their slip when a
session starts, so it is built once per version of what it shows and shared."""

from __future__ import annotations

import pytest

from judgeaid.extensions import db
from judgeaid.models import Player
from judgeaid.services import player_pages
from tests.factories import by_wind, card_json, give, post_round, rule, seated


@pytest.fixture
def builds(monkeypatch):
    """Count the player pages' data built (the real builder, counted)."""
    made = []
    real = player_pages.player_view

    def counted(token, **options):
        made.append(token)
        return real(token, **options)

    monkeypatch.setattr(player_pages, "player_view", counted)
    return made


def test_a_players_page_is_built_once_and_answers_304(app, demo, builds):
    phone, other = app.test_client(), app.test_client()
    url = demo["players"][0]["url"]
    first = phone.get(url)
    assert first.status_code == 200 and first.headers["ETag"].startswith('"player-')
    assert demo["players"][0]["name"] in first.text
    assert other.get(url).data == first.data and len(builds) == 1
    again = phone.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and len(builds) == 1


def test_a_round_a_name_a_penalty_or_a_ruling_makes_a_new_version(app, judge, demo):
    phone = app.test_client()
    url = demo["players"][0]["url"]
    tags = [phone.get(url).headers["ETag"]]
    card = card_json(judge, demo)
    seats = by_wind(card)
    assert post_round(judge, card, round=1, result="win", win="self", winner=seats["E"],
                      value=25).status_code == 200
    tags.append(phone.get(url).headers["ETag"])  # the results and places may have moved
    with app.app_context():
        db.session.scalar(db.select(Player).where(Player.token == url.rsplit("/", 1)[1])
                          ).name = "Renamed Player"
        db.session.commit()
    renamed = phone.get(url)
    assert "Renamed Player" in renamed.text
    tags.append(renamed.headers["ETag"])
    offender = seated(judge, card["id"])[0]
    ruled = give(judge, demo["tournament_id"], card["id"], offender, points=5)
    assert ruled.status_code == 200, ruled.get_json()
    tags.append(phone.get(url).headers["ETag"])
    ruling = rule(judge, demo["tournament_id"], card_id=card["id"], players=[offender])
    assert ruling.status_code == 200, ruling.get_json()
    tags.append(phone.get(url).headers["ETag"])
    assert len(set(tags)) == 5


def test_once_the_event_has_a_ruling_the_page_follows_the_clock(app, judge, demo,
                                                               monkeypatch):
    """Whether an appeal is still open depends on the time (§4.3): once there is a ruling,
    the version moves every APPEAL_WINDOW_STEP_S; before, the clock changes nothing."""
    token = demo["players"][0]["url"].rsplit("/", 1)[1]
    now = [1_800_000_000.0]
    monkeypatch.setattr(player_pages, "_seconds", lambda: now[0])

    def tag():
        with app.app_context():
            return player_pages.page_tag(token)[0]

    before = tag()
    now[0] += player_pages.APPEAL_WINDOW_STEP_S
    assert tag() == before
    card = card_json(judge, demo)
    ruling = rule(judge, demo["tournament_id"], card_id=card["id"],
                  players=[seated(judge, card["id"])[0]])
    assert ruling.status_code == 200, ruling.get_json()
    ruled = tag()
    assert ruled != before
    now[0] += player_pages.APPEAL_WINDOW_STEP_S
    assert tag() != ruled


def test_a_signed_in_judge_gets_a_page_of_their_own(judge, demo):
    answer = judge.get(demo["players"][0]["url"])
    assert answer.status_code == 200 and "ETag" not in answer.headers
    assert "Sign out" in answer.text


def test_a_link_that_is_not_a_players_is_a_404(client, demo):
    for bad in ("/p/not-a-token-at-all-xxxxxx", "/p/%00", "/p/" + "x" * 300):
        answer = client.get(bad)
        assert answer.status_code == 404 and "not valid" in answer.text
    assert client.get(demo["players"][0]["url"]).status_code == 200
