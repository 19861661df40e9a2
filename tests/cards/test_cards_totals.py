"""The stored card totals (`CardTotal`) equal `card_view(card)["totals"]` after every kind of
card write, after a restore, after the migration that added them, and when two judges write
to one card at once."""

from __future__ import annotations

import json
import threading
import urllib.request
import uuid
from http.cookiejar import CookieJar

import pytest
from flask_migrate import downgrade, stamp, upgrade
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import Card, CardPenalty, CardTotal, Tournament
from judgeaid.services import card_totals, card_views, cards, exports, penalties, restore, seating
from judgeaid.services.cards import Actor
from judgeaid.services.judge_inputs import PenaltyBody
from judgeaid.services.players import add_player
from judgeaid.services.standings_data import seat_totals
from tests import factories
from tests.conftest import LiveServer, is_postgres, login
from tests.factories import (
    DRAW,
    build_event,
    fresh_database,
    make_event,
    make_judge,
    penalize,
    play,
    players_at,
    time_over,
    win,
)

pytestmark = pytest.mark.committed  # a fresh database (DDL) and judges in threads


def stored_totals(card_id: int) -> dict[int, dict[str, int]]:
    """Return a card's stored totals in the shape of card_view's "totals"."""
    rows = db.session.execute(select(CardTotal.player_number, CardTotal.rounds,
                                     CardTotal.penalties).where(CardTotal.card_id == card_id))
    return {number: {"rounds": rounds, "penalties": penalties, "total": rounds + penalties}
            for number, rounds, penalties in rows}


def assert_stored_totals_match(card: Card) -> None:
    view = card_views.card_view(card)["totals"]
    assert stored_totals(card.id) == view


def test_stored_totals_follow_every_card_write(app):
    with app.app_context():
        tournament, organizer = make_event(players=8)
        session = seating.seat_session(tournament, 1, organizer)
        card, other = (cards.card_for_table(t) for t in session.tables)
        a, b, c, d = players_at(card)
        assert stored_totals(card.id) == {}  # nothing written yet: every total is zero

        play(card, organizer, win(a, 30), win(b, 70, "discard", c), DRAW)
        assert_stored_totals_match(card)
        before = stored_totals(card.id)
        assert before[a]["rounds"] > 0 > before[c]["rounds"]

        # a correction is a new revision: only the latest one counts
        play(card, organizer, win(d, 40), start=2, correction=True, reason="wrong winner")
        assert_stored_totals_match(card)
        assert stored_totals(card.id)[d]["rounds"] > before[d]["rounds"]

        voided = penalize(card, organizer, a, 20)
        penalize(card, organizer, b, 10)
        assert_stored_totals_match(card)
        factories.void_penalty(card, voided, {"reason": "judge erred", "op_id": str(uuid.uuid4())},
                           Actor.for_user(organizer))
        assert_stored_totals_match(card)
        assert stored_totals(card.id)[a]["penalties"] == 0
        assert stored_totals(card.id)[b]["penalties"] == -10

        # §4.11 points a judge rules paid to an opponent: a credit line past add_penalty
        judge = make_judge(tournament)
        penalties.issue_penalty(tournament, PenaltyBody(
            card_id=card.id, player=c, category="procedural",
            infraction="tiles_mishandled", kind="points", points=5,
            paid_to={str(d): 5}, op_id=str(uuid.uuid4())), judge)
        assert_stored_totals_match(card)
        assert stored_totals(card.id)[d]["penalties"] == 5

        time_over(card, organizer)
        assert_stored_totals_match(card)
        assert card_views.card_view(card)["rounds"][15]["result"] == "not_played"

        # a card with only a penalty, then a card timed over with nothing on it
        penalize(other, organizer, players_at(other)[0], 5)
        assert_stored_totals_match(other)
        db.session.commit()
        assert_stored_totals_match(card)


def assert_every_card_adds_up(app, tournament_id: int) -> None:
    with app.app_context():
        written = db.session.scalars(select(Card).where(Card.tournament_id == tournament_id))
        for card in written:
            if stored_totals(card.id):
                assert_stored_totals_match(card)
            else:  # nothing written on it yet: the standings read its seats as zero
                assert {t["total"] for t in card_views.card_view(card)["totals"].values()} == {0}


def test_every_other_writer_stores_its_cards_totals(app, client, demo):
    """A paper card, a seat change and its substitute, and time points each add up their
    card as they write: nothing does it behind their back."""
    tid = demo["tournament_id"]
    login(client, demo, "organizer")
    first, second, third = (client.get(c["api"]).get_json() for c in demo["cards"][:3])

    paper = client.post(f"/api/cards/{first['id']}/paper", json={
        "rounds": factories.paper_rounds(first)[:5], "op_id": str(uuid.uuid4()),
        "penalties": [{"player": first["players"][1]["number"], "points": 10,
                       "reason": "slow play (§4.11)"}]})
    assert paper.status_code == 200, paper.get_json()
    assert_every_card_adds_up(app, tid)

    # §4.15 a player leaves from round 2; the seat stays empty, then a substitute takes it
    with app.app_context():
        substitute = add_player(db.session.get(Tournament, tid), "Sam Spare", None, "setup")
        substitute.is_substitute = True
        db.session.commit()
        substitute = substitute.number
    winds = factories.winds_of(second, 1)
    answer = client.post(f"/api/cards/{second['id']}/rounds", json={
        "round": 1, "result": "win", "winner": winds["S"], "value": 40, "win": "self",
        "op_id": str(uuid.uuid4())})
    assert answer.status_code == 200, answer.get_json()
    change = {"player": winds["S"], "from_round": 2, "reason": "resigned"}
    for extra in ({}, {"substitute": substitute}):
        answer = client.post(f"/api/cards/{second['id']}/seat-changes",
                             json={**change, **extra, "op_id": str(uuid.uuid4())})
        assert answer.status_code == 200, answer.get_json()
        assert_every_card_adds_up(app, tid)
    answer = client.post(f"/api/cards/{second['id']}/rounds", json={
        "round": 2, "result": "win", "winner": substitute, "value": 30, "win": "self",
        "op_id": str(uuid.uuid4())})
    assert answer.status_code == 200, answer.get_json()
    assert_every_card_adds_up(app, tid)
    with app.app_context():
        assert stored_totals(second["id"])[substitute]["rounds"] == 90

    # §4.14 a late arrival's time points go on the card's penalty line
    late = client.post(f"/api/tournaments/{tid}/timeouts", json={
        "player": third["players"][0]["number"], "kind": "late", "late_ms": 90_000,
        "op_id": str(uuid.uuid4())})
    assert late.get_json()["timeout"]["points"] == 15
    assert_every_card_adds_up(app, tid)
    with app.app_context():
        assert stored_totals(third["id"])[third["players"][0]["number"]]["penalties"] == -15


def test_a_line_written_past_the_card_verbs_is_not_added_up_behind_their_back(app):
    """No flush listener adds up totals: only the verbs (and a restore) store them."""
    with app.app_context():
        tournament, organizer = make_event(players=4)
        session = seating.seat_session(tournament, 1, organizer)
        card = cards.card_for_table(session.tables[0])
        a = players_at(card)[0]
        db.session.add(CardPenalty(card_id=card.id, player_number=a, points=5,
                                   reason="written by hand", recorded_by="setup"))
        db.session.flush()
        assert stored_totals(card.id) == {}
        card_totals.store_totals([card.id])
        assert stored_totals(card.id)[a]["penalties"] == -5


def test_a_card_timed_over_before_any_round_stands_at_zero(app):
    with app.app_context():
        tournament, organizer = make_event(players=4)
        session = seating.seat_session(tournament, 1, organizer)
        card = cards.card_for_table(session.tables[0])
        time_over(card, organizer)
        view = card_views.card_view(card)
        assert {line["total"] for line in view["totals"].values()} == {0}
        # no round or penalty line was written, so nothing is stored and the standings
        # read the seats as zero
        assert stored_totals(card.id) == {}
        assert {t.total for t in seat_totals(tournament.id)} == {0}


def test_a_restore_adds_the_totals_up_again(app):
    with app.app_context():
        tid = build_event()
        before = {c.id: card_views.card_view(c)["totals"]
                  for c in db.session.scalars(select(Card).where(Card.tournament_id == tid))}
        data = exports.backup_bytes(tid)
        assert "card_total" not in json.loads(data)["tables"]
        fresh_database()
        new_id = restore.import_tournament(data, organizer_pin="4321").tournament.id
        db.session.commit()
        restored = list(db.session.scalars(select(Card).where(Card.tournament_id == new_id)
                                           .order_by(Card.id)))
        assert [card_views.card_view(c)["totals"] for c in restored] == list(before.values())
        for card in restored:
            assert_stored_totals_match(card)


def test_a_restore_whose_card_scores_a_player_not_at_its_table_writes_nothing(app):
    with app.app_context():
        backup = exports.export_tournament(build_event())
        backup["tables"]["card_penalty"][0]["player_number"] = 999
        backup["checksum"] = exports.checksum(backup["tables"])
        fresh_database()
        with pytest.raises(exports.BadBackup, match="player 999, who is not at the card's table"):
            restore.import_tournament(json.dumps(backup), organizer_pin="4321")
        db.session.rollback()
        assert db.session.scalar(select(func.count(Card.id))) == 0


def test_the_migration_adds_up_cards_written_before_it(app):
    with app.app_context():
        tid = build_event()
        written = list(db.session.scalars(select(Card).where(Card.tournament_id == tid)))
        expected = {c.id: stored_totals(c.id) for c in written}
        assert any(expected.values())
        db.session.remove()
        stamp()
        downgrade(revision="0003_judging_clocks_standings")
        upgrade()
        assert {card_id: stored_totals(card_id) for card_id in expected} == expected
        for card in db.session.scalars(select(Card).where(Card.tournament_id == tid)):
            if expected[card.id]:
                assert_stored_totals_match(card)


@pytest.mark.skipif(not is_postgres(), reason="the race is proven on PostgreSQL (CI runs it)")
def test_two_judges_writing_one_card_at_once_both_count(app, demo):
    with LiveServer(app) as server:
        card = demo["cards"][0]
        body = json.loads(urllib.request.urlopen(server.url + card["api"]).read())
        openers = []
        for role in ("judge", "head_judge"):
            opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
            opener.open(urllib.request.Request(
                server.url + "/api/login", method="POST",
                data=json.dumps({"tournament_id": demo["tournament_id"], **demo[role]}).encode(),
                headers={"Content-Type": "application/json"})).read()
            openers.append(opener)

        def record(opener, round_no, barrier, statuses):
            winds = {w: int(p) for p, w in body["rounds"][round_no - 1]["winds"].items()}
            line = {"round": round_no, "result": "win", "winner": winds["E"],
                    "value": 10 * round_no, "win": "self", "op_id": str(uuid.uuid4())}
            request = urllib.request.Request(
                f"{server.url}/api/cards/{body['id']}/rounds", method="POST",
                data=json.dumps(line).encode(), headers={"Content-Type": "application/json"})
            barrier.wait()
            statuses.append(opener.open(request).status)

        # different rounds at the same moment: both are recorded, and both are in the totals
        for first in range(1, 11, 2):
            barrier, statuses = threading.Barrier(2), []
            threads = [threading.Thread(target=record, args=(o, first + i, barrier, statuses))
                       for i, o in enumerate(openers)]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join(10)
            assert statuses == [200, 200]
        final = json.loads(urllib.request.urlopen(server.url + card["api"]).read())
    assert sum(line["recorded"] for line in final["rounds"]) == 10
    with app.app_context():
        assert stored_totals(body["id"]) == {int(n): t for n, t in final["totals"].items()}
