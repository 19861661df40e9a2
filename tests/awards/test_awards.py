"""Awards read from built hands, both rulesets (issue 30): each award's holders, ties, the
hands recorded by value only, and the organizer's switch."""

from __future__ import annotations

import uuid

import pytest

from judgeaid.extensions import db
from judgeaid.tournament import awards as core
from tests.factories import (
    as_organizer,
    card_of,
    make_event,
    make_mcr_event,
    penalize,
    play,
    seat_by_hand,
    win,
)


def test_the_core_lists_ties_and_counts_unread_hands():
    hands = [core.Hand(1, 1, 1, 5, 40, True, {"a": 1}), core.Hand(1, 1, 2, 6, 40, False, None),
             core.Hand(2, 1, 1, 5, 10, True, {"b": 1})]
    found = {a.code: a for a in core.compute_awards(hands, [], [("a_award", ("a",))])}
    assert [(w.number, w.hand) for w in found["best_hand"].winners] == [(5, 1), (6, 2)]
    assert [(w.number, w.value) for w in found["most_wins"].winners] == [(5, 2)]
    assert [(w.number, w.value) for w in found["most_self_draws"].winners] == [(5, 2)]
    assert found["a_award"].unread == 1 and [w.number for w in found["a_award"].winners] == [5]
    assert found["best_session_score"].winners == ()


def _zj_event():
    tournament, organizer = make_event(players=8)
    first = seat_by_hand(tournament, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
    # table 1: player 1 wins twice by self-draw (one by its patterns), player 2 once on a discard
    play(card_of(first, 1), organizer, win(1, 40), win(2, 25, "discard", 3),
         {**win(1, 10), "patterns": {"3.1": 1}})
    play(card_of(first, 2), organizer, win(6, 80, "discard", 5))
    penalize(card_of(first, 2), organizer, 6, 10)
    second = seat_by_hand(tournament, 2, [[1, 5, 2, 6], [3, 7, 4, 8]])
    play(card_of(second, 2), organizer, win(7, 80), win(7, 20, "discard", 3))
    db.session.commit()
    return tournament.id


def test_zj_awards_match_the_built_hands(app, client):
    with app.app_context():
        tid = _zj_event()
    body = client.get(f"/api/tournaments/{tid}/awards").get_json()
    by_code = {}
    for row in body["awards"]:
        by_code.setdefault(row["code"], []).append(row)
    # the two 80-point hands are level: both listed, each with where it was won
    assert [(r["number"], r["value"], r["session"], r["table"], r["hand"])
            for r in by_code["best_hand"]] == [(6, 80, 1, 2, 1), (7, 80, 2, 2, 1)]
    assert [(r["number"], r["value"]) for r in by_code["most_wins"]] == [(1, 2), (7, 2)]
    assert [(r["number"], r["value"]) for r in by_code["most_self_draws"]] == [(1, 2)]
    assert all(r["session"] is None and r["table"] is None and r["hand"] is None
               for code in ("most_wins", "most_self_draws", "best_session_score")
               for r in by_code[code])
    best = by_code["best_session_score"]
    with app.app_context():
        from judgeaid.services.standings_data import seat_totals
        totals = [s for s in seat_totals(tid) if s.card_id is not None]
    top = max(s.total for s in totals)
    assert [(r["number"], r["value"]) for r in best] == [
        (s.player_number, top) for s in totals if s.total == top]
    assert {k["code"] for k in body["kinds"]} == {"best_hand", "most_wins", "most_self_draws",
                                                  "best_session_score"}
    assert all(k["how"] for k in body["kinds"])


def _mcr_event():
    tournament, organizer = make_mcr_event(players=8)
    first = seat_by_hand(tournament, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
    play(card_of(first, 1), organizer,
         {**win(1, 8), "patterns": {"43": 1}},  # Chicken Hand
         {**win(1, 8), "patterns": {"43": 1}},
         win(2, 8),  # by value only: no fan can be read
         {**win(3, 88, "discard", 2), "patterns": {"7": 1}})  # Thirteen Orphans
    play(card_of(first, 2), organizer, {**win(5, 8), "patterns": {"43": 1}})
    db.session.commit()
    return tournament.id


def test_mcr_awards_add_chicken_hands_and_88_point_fans(app, client):
    with app.app_context():
        tid = _mcr_event()
    body = client.get(f"/api/tournaments/{tid}/awards").get_json()
    kinds = {k["code"]: k for k in body["kinds"]}
    assert set(kinds) == {"best_hand", "most_wins", "most_self_draws", "best_session_score",
                          "most_chicken_hands", "most_88_fans"}
    holders = {code: [(h["number"], h["value"]) for h in k["holders"]]
               for code, k in kinds.items()}
    assert holders["most_chicken_hands"] == [(1, 2)]
    assert holders["most_88_fans"] == [(3, 1)]
    assert holders["best_hand"] == [(3, 88)]
    assert holders["most_wins"] == [(1, 2)]
    # the one hand recorded by value only is counted as unread by the fan awards only
    assert kinds["most_chicken_hands"]["unread"] == kinds["most_88_fans"]["unread"] == 1
    assert kinds["best_hand"]["unread"] == kinds["most_wins"]["unread"] == 0
    assert "1 hand recorded by its value only" in kinds["most_88_fans"]["unread_text"]
    assert "Chicken Hand" in kinds["most_chicken_hands"]["how"]
    page = client.get(f"/t/{tid}/awards").get_data(as_text=True)
    assert "Most Chicken Hands" in page and "could not be read" in page
    assert client.get(f"/t/{tid}/awards/projector").status_code == 200


def test_zj_names_no_pattern_award(app, client):
    with app.app_context():
        tid = _zj_event()
    body = client.get(f"/api/tournaments/{tid}/awards").get_json()
    assert not {"most_chicken_hands", "most_88_fans"} & {k["code"] for k in body["kinds"]}


def test_the_organizer_turns_the_awards_off_and_on(app, client):
    with app.app_context():
        tid = _zj_event()
    event = {"id": tid, "organizer": "Olga"}
    body = {"is_on": False, "op_id": str(uuid.uuid4())}
    assert client.post(f"/api/tournaments/{tid}/awards/switch", json=body).status_code == 401
    as_organizer(client, event)
    answer = client.post(f"/api/tournaments/{tid}/awards/switch", json=body)
    assert answer.status_code == 200 and answer.get_json()["awards"] == []
    # a replay of the same op_id changes nothing
    assert client.post(f"/api/tournaments/{tid}/awards/switch", json=body).status_code == 200
    assert client.get(f"/api/tournaments/{tid}/awards").get_json()["is_on"] is False
    assert "This event gives no awards." in client.get(f"/t/{tid}/awards").get_data(as_text=True)
    client.post(f"/api/tournaments/{tid}/awards/switch",
                json={"is_on": True, "op_id": str(uuid.uuid4())})
    assert client.get(f"/api/tournaments/{tid}/awards").get_json()["awards"]


@pytest.mark.parametrize("lang", ["zh-Hant", "zh-Hans"])
def test_the_page_reads_in_chinese(app, client, lang):
    with app.app_context():
        tid = _mcr_event()
    page = client.get(f"/t/{tid}/awards?lang={lang}").get_data(as_text=True)
    assert "Most wins" not in page and "Best hand" not in page
    assert "could not be read" not in page and "Chicken" not in page
    assert ("最多無番和" if lang == "zh-Hant" else "最多无番和") in page
    body = client.get(f"/api/tournaments/{tid}/awards?lang={lang}").get_json()
    assert all(k["how"] and "Counts" not in k["how"] for k in body["kinds"])
