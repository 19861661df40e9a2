"""The card read path at venue scale (issue 17): a card's view is built once per version of
everything it shows and shared; a poll with the current tag is one query and a 304."""

from __future__ import annotations

import gzip
import json
import re
import socket
import uuid

import pytest
from sqlalchemy import event, select

from judgeaid import viewcache
from judgeaid.extensions import db
from judgeaid.models import BuiltView, Tournament
from judgeaid.services import accounts, card_views
from tests.factories import by_wind, card_json, demo_card_id, organizer_of, post_round


def etag(client, url, **headers):
    return client.get(url, headers=headers).headers["ETag"]


def record_first_round(client, card):
    seats = by_wind(card)
    answer = post_round(client, card, round=1, result="win", win="discard", winner=seats["E"],
                        discarder=seats["S"], value=30)
    assert answer.status_code == 200, answer.get_json()


@pytest.fixture
def builds(monkeypatch):
    """Count the card views built (the real builder, counted)."""
    made = []
    real = card_views.card_view

    def counted(card):
        made.append(card.id)
        return real(card)

    monkeypatch.setattr(card_views, "card_view", counted)
    return made


def statements_during(app, call):
    seen = []

    def note(_conn, _cursor, statement, *_args):
        # the test's own transaction wraps each request in a savepoint: not the app's reads
        if not statement.startswith(("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO")):
            seen.append(statement)

    with app.app_context():
        engine = db.engine
    event.listen(engine, "before_cursor_execute", note)
    try:
        result = call()
    finally:
        event.remove(engine, "before_cursor_execute", note)
    return result, seen


def test_a_poll_with_the_current_tag_is_a_304_from_one_query(app, client, demo):
    url = demo["cards"][0]["api"]
    tag = etag(client, url)
    answer, statements = statements_during(
        app, lambda: client.get(url, headers={"If-None-Match": tag}))
    assert answer.status_code == 304 and answer.data == b""
    assert answer.headers["ETag"] == tag
    # the versions only: no card, round or player row is read for a 304
    assert len(statements) == 1
    assert "tournament.revision" in statements[0] and "card_round" not in statements[0]


def test_a_view_is_built_once_per_version_and_shared_by_every_worker(app, client, demo,
                                                                      builds, judge):
    url = demo["cards"][0]["api"]
    first = client.get(url)
    again = client.get(url)
    assert first.data == again.data and builds == [demo_card_id(demo)]
    # Another worker or instance (nothing kept in its process) takes it from the store.
    app.extensions["judgeaid.viewcache"].kept.clear()
    third = client.get(url)
    assert third.data == first.data and len(builds) == 1
    with app.app_context():
        stored = db.session.scalar(select(BuiltView).where(
            BuiltView.name == f"card:{demo_card_id(demo)}"))
        assert stored.tag.startswith(first.headers["ETag"].strip('"') + "@")
    # A write makes a new version, and its answer carries the card as it now stands: that
    # view is the one the phones read next, not built again for them.
    record_first_round(judge, card_json(judge, demo))
    fourth = client.get(url)
    assert fourth.get_json()["rounds"][0]["recorded"] is True
    assert fourth.headers["ETag"] != first.headers["ETag"] and len(builds) == 1
    # ... and it is the very view a build of that version gives, in every worker.
    app.extensions["judgeaid.viewcache"].kept.clear()
    assert client.get(url).data == fourth.data and len(builds) == 1
    with app.app_context():
        db.session.execute(BuiltView.__table__.delete())
        db.session.commit()
    app.extensions["judgeaid.viewcache"].kept.clear()
    rebuilt = client.get(url)
    assert rebuilt.data == fourth.data and rebuilt.headers["ETag"] == fourth.headers["ETag"]
    assert len(builds) == 2


def test_a_refused_write_keeps_no_view(app, client, demo, builds, judge):
    """A write that changes nothing leaves the shared view as it was: no version was made."""
    url = demo["cards"][0]["api"]
    card = card_json(judge, demo)
    record_first_round(judge, card)
    before = client.get(url)
    seats = by_wind(card)
    refused = post_round(judge, card, round=1, result="win", win="discard", winner=seats["S"],
                         discarder=seats["E"], value=40)
    assert refused.status_code == 409
    after = client.get(url, headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 304


def test_a_write_keeps_the_view_in_its_own_language_only(app, demo, judge):
    """A judge writing in Chinese leaves the Chinese view for Chinese readers; an English
    reader still gets English."""
    url = demo["cards"][0]["api"]
    card = card_json(judge, demo)
    seats = by_wind(card)
    answer = judge.post(f"{url}/rounds?lang=zh-Hant", json={
        "round": 1, "result": "win", "win": "discard", "winner": seats["E"],
        "discarder": seats["S"], "value": 30, "op_id": str(uuid.uuid4())})
    assert answer.status_code == 200, answer.get_json()
    reader = app.test_client()  # `judge` is `client`, which ?lang= gave a language cookie
    chinese = reader.get(url, headers={"Accept-Language": "zh-TW"})
    english = reader.get(url, headers={"Accept-Language": "en"})
    assert chinese.headers["ETag"].endswith('-zh-Hant"')
    assert chinese.get_json() == answer.get_json()["card"]
    assert english.get_json()["rounds"][0]["recorded"] is True
    assert english.get_json()["claimants_label"] != chinese.get_json()["claimants_label"]


def test_another_cards_write_leaves_this_cards_tag_alone(client, judge, demo):
    first, second = demo["cards"][0]["api"], demo["cards"][1]["api"]
    before = etag(client, first), etag(client, second)
    record_first_round(judge, card_json(judge, demo, table=2))
    assert etag(client, first) == before[0]
    assert etag(client, second) != before[1]


def test_a_change_outside_the_card_is_a_new_version_of_every_card(app, client, demo):
    """The venue's time zone shows on the card but is no card row: the event's revision moves."""
    urls = [card["api"] for card in demo["cards"][:2]]
    before = [client.get(url) for url in urls]
    assert all(b.get_json()["tournament"]["time_zone"] == "UTC" for b in before)
    with app.app_context():
        tournament = db.session.get(Tournament, demo["tournament_id"])
        accounts.set_time_zone(tournament, "Asia/Tokyo", organizer_of(tournament))
        db.session.commit()
    for url, old in zip(urls, before, strict=True):
        polled = client.get(url, headers={"If-None-Match": old.headers["ETag"]})
        assert polled.status_code == 200, "a phone holding the old tag must not get a 304"
        assert polled.get_json()["tournament"]["time_zone"] == "Asia/Tokyo"
        assert polled.get_json()["version"] == old.get_json()["version"]  # the card itself
        assert polled.headers["ETag"] != old.headers["ETag"]


def test_polls_and_card_writes_leave_the_events_revision_alone(app, client, judge, demo):
    def revision():
        with app.app_context():
            return db.session.scalar(select(Tournament.revision).where(
                Tournament.id == demo["tournament_id"]))

    before = revision()
    client.get(demo["cards"][0]["api"])
    client.get(demo["cards"][0]["url"])
    record_first_round(judge, card_json(judge, demo))
    assert revision() == before


def test_with_the_cache_off_every_read_builds_afresh(app, client, demo, builds, monkeypatch):
    monkeypatch.setitem(app.extensions, "judgeaid.viewcache", viewcache.Cache(None, "off"))
    url = demo["cards"][0]["api"]
    first, second = client.get(url), client.get(url)
    assert first.data == second.data and len(builds) == 2
    assert client.get(url, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304


def redis_answers(host="127.0.0.1", port=6379) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.mark.skipif(not redis_answers(), reason="no Redis answers on 127.0.0.1:6379")
def test_with_redis_url_the_views_are_shared_through_redis(app, client, demo, builds,
                                                            monkeypatch):
    import redis

    code = f"test-{uuid.uuid4().hex[:8]}"
    store = viewcache.RedisStore("redis://127.0.0.1:6379/15")
    monkeypatch.setitem(app.extensions, "judgeaid.viewcache", viewcache.Cache(store, code))
    url = demo["cards"][0]["api"]
    first = client.get(url)
    tag = first.headers["ETag"].strip('"')
    client_redis = redis.Redis.from_url("redis://127.0.0.1:6379/15")
    key = f"judgeaid:view:card:{demo_card_id(demo)}:{tag}@{code}"
    try:
        assert client_redis.get(key) == first.data
        assert 0 < client_redis.ttl(key) <= viewcache.REDIS_SECONDS
        app.extensions["judgeaid.viewcache"].kept.clear()  # another worker
        assert client.get(url).data == first.data and len(builds) == 1
        with app.app_context():  # nothing went to the database's store
            assert db.session.scalar(select(BuiltView.name)) is None
    finally:
        client_redis.delete(key)


def test_a_redis_that_does_not_answer_costs_a_build_not_an_error(app, client, demo, builds,
                                                                   monkeypatch):
    store = viewcache.RedisStore("redis://127.0.0.1:1/0")  # nothing listens on port 1
    monkeypatch.setitem(app.extensions, "judgeaid.viewcache", viewcache.Cache(store, "down"))
    answer = client.get(demo["cards"][0]["api"])
    assert answer.status_code == 200 and answer.get_json()["id"] == demo_card_id(demo)
    assert len(builds) == 1


def test_a_readers_page_is_a_shell_built_once_and_answers_304(client, demo, builds):
    url = demo["cards"][0]["url"]
    first = client.get(url)
    assert first.status_code == 200 and first.headers["ETag"].endswith('-shell"')
    assert first.headers["Cache-Control"] == "no-cache"
    # the rounds are drawn by the server, and the card's data is in the page for card.js, with
    # the card's own tag for the first poll, which is then a 304 (issue 31)
    assert 'data-testid="round-1"' in first.text
    page = json.loads(re.search(r'<script type="application/json" id="card-page">(.*?)</script>',
                                first.text, re.S).group(1))
    assert page["card"]["id"] == demo_card_id(demo) and page["card"]["rounds"]
    poll = client.get(demo["cards"][0]["api"], headers={"If-None-Match": f'"{page["etag"]}"'})
    assert poll.status_code == 304
    second = client.get(url)
    assert second.data == first.data and len(builds) == 1
    again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304


def test_a_readers_shell_follows_the_cards_versions_and_the_events(app, judge, demo, builds):
    """A round recorded is a new shell, built once (it carries the card's data); so is a new
    name."""
    client = app.test_client()  # a phone in the hall, signed in as nobody
    url = demo["cards"][0]["url"]
    first = client.get(url)
    record_first_round(judge, card_json(judge, demo))
    made = len(builds)
    recorded = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert recorded.status_code == 200 and recorded.headers["ETag"] != first.headers["ETag"]
    assert len(builds) == made + 1
    assert client.get(url).data == recorded.data and len(builds) == made + 1
    kept = client.get(url, headers={"If-None-Match": recorded.headers["ETag"]})
    assert kept.status_code == 304
    with app.app_context():
        tournament = db.session.get(Tournament, demo["tournament_id"])
        tournament.players[0].name = "Renamed Player"
        db.session.commit()
    renamed = client.get(url, headers={"If-None-Match": recorded.headers["ETag"]})
    assert renamed.status_code == 200 and renamed.headers["ETag"] != recorded.headers["ETag"]


def test_a_judges_page_is_their_own(judge, demo):
    answer = judge.get(demo["cards"][0]["url"])
    assert answer.status_code == 200 and "ETag" not in answer.headers
    assert "data-round-form" in answer.text and "Sign out" in answer.text


def test_a_reader_with_a_message_waiting_gets_a_page_of_their_own(client, demo):
    with client.session_transaction() as session:
        session["_flashes"] = [("info", "A message for this reader only.")]
    answer = client.get(demo["cards"][0]["url"])
    assert "A message for this reader only." in answer.text and "ETag" not in answer.headers
    assert "A message for this reader only." not in client.get(demo["cards"][0]["url"]).text


def test_the_shared_body_is_sent_gzipped_to_phones_that_take_it(client, demo):
    url = demo["cards"][0]["api"]
    plain = client.get(url)
    packed = client.get(url, headers={"Accept-Encoding": "gzip, deflate"})
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 3


def test_an_unknown_card_is_a_404_for_the_json_and_the_page(client):
    assert client.get("/api/cards/999999").status_code == 404
    assert client.get("/cards/999999").status_code == 404


@pytest.mark.skipif(not redis_answers(), reason="no Redis answers on 127.0.0.1:6379")
def test_two_databases_sharing_one_redis_never_share_a_card(tmp_path):
    """A practice event and the real one on one laptop, one Redis: card 1 of each is its own."""
    import redis

    from judgeaid.demo import create_demo
    from tests.databases import make_app, reset_schema

    code = f"test-{uuid.uuid4().hex[:8]}"
    answers = []
    for seed in (1, 2):
        app = make_app(f"sqlite:///{tmp_path}/event{seed}.sqlite")
        app.extensions["judgeaid.viewcache"] = viewcache.Cache(
            viewcache.RedisStore("redis://127.0.0.1:6379/15"), code)
        with app.app_context():
            reset_schema()
            with app.test_request_context():
                demo = create_demo(8, seed)
            db.session.commit()
        answers.append(app.test_client().get(demo["cards"][0]["api"]))
        with app.app_context():
            db.engine.dispose()
    first, second = answers
    try:
        assert first.get_json()["id"] == second.get_json()["id"]
        assert first.headers["ETag"] != second.headers["ETag"]
        assert first.get_json()["players"] != second.get_json()["players"]
    finally:
        store = redis.Redis.from_url("redis://127.0.0.1:6379/15")
        for key in store.scan_iter(f"judgeaid:view:*@{code}"):
            store.delete(key)
