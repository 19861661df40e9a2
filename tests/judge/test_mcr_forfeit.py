"""MCR §3.11.2.1: a player more than 15 minutes late forfeits the session, and only it (issue 16).

Whether a judge gives the forfeit or the clock times the late arrival past 15 minutes, the
player's seat becomes neutral for that session (the absent path: it earns them nothing); the
card, the standings and the player's page say so, and the next session seats them as usual.
"""

from __future__ import annotations

from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import PlaySession, Seat, Table, Tournament
from judgeaid.services.seating import seat_session
from tests.conftest import login
from tests.factories import demo_card_id, install_server_clock, op, seated, token_of, use_ruleset

S = 1000
MINUTE = 60 * S


def mcr_event(app, client, demo):
    tid = demo["tournament_id"]
    use_ruleset(app, tid)
    login(client, demo, "judge")
    card = demo_card_id(demo)
    return tid, card, seated(client, card)


def forfeit(client, tid, card, player):
    return client.post(f"/api/t/{tid}/penalties", json={
        "card_id": card, "player": player, "category": "late", "infraction": "late_over_15",
        "kind": "session_forfeit", "op_id": op()})


def seat_of(app, tid, session_number, player):
    with app.app_context():
        return db.session.execute(
            select(Seat.is_neutral, Seat.stands_in_for).join(Table).join(PlaySession)
            .where(PlaySession.tournament_id == tid, PlaySession.number == session_number,
                   Seat.player.has(number=player))).one()


def test_a_forfeit_given_by_a_judge_takes_that_session_only(app, client, demo):
    tid, card, (late, *others) = mcr_event(app, client, demo)
    given = forfeit(client, tid, card, late)
    assert given.status_code == 200, given.get_json()
    assert tuple(seat_of(app, tid, 1, late)) == (True, late)
    assert tuple(seat_of(app, tid, 1, others[0])) == (False, None)
    body = client.get(f"/api/cards/{card}").get_json()
    assert body["forfeits"] == [late]
    html = client.get(f"/cards/{card}").get_data(as_text=True)
    assert f'data-testid="forfeit-{late}"' in html and "MCR §3.11.2.1" in html
    # the standings and the player's own page say it
    standings = client.get(f"/t/{tid}/standings").get_data(as_text=True)
    assert f'data-testid="forfeit-{late}"' in standings
    own = client.get(f"/p/{token_of(app, tid, late)}").get_data(as_text=True)
    assert 'data-testid="my-forfeit"' in own and "Session 1" in own
    # the player is still in the event, and the next session seats them in their own right
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        assert {p.number: p.status for p in tournament.players}[late] == "active"
        for session in tournament.sessions:
            if session.number == 1:
                session.status = "finished"
        seat_session(tournament, 2, "test")
        db.session.commit()
    assert tuple(seat_of(app, tid, 2, late)) == (False, None)


def test_a_forfeit_earns_nothing_for_that_session_in_the_standings(app, client, demo):
    tid, card, (late, other, *_) = mcr_event(app, client, demo)
    assert forfeit(client, tid, card, late).status_code == 200
    # whoever plays the seat wins a hand in it: the table stays zero-sum on the card, and the
    # forfeited player earns nothing from it
    recorded = client.post(f"/api/cards/{card}/rounds", json={
        "round": 1, "result": "win", "winner": late, "value": 8, "win": "discard",
        "discarder": other, "op_id": op()})
    assert recorded.status_code == 200, recorded.get_json()
    totals = client.get(f"/api/cards/{card}").get_json()["totals"]
    assert totals[str(late)]["total"] == 32 and sum(t["total"] for t in totals.values()) == 0
    rows = {r["number"]: r for r in
            client.get(f"/api/tournaments/{tid}/standings").get_json()["standings"]}
    assert rows[late]["raw"] == 0
    assert rows[other]["raw"] == -16


def test_giving_the_forfeit_twice_changes_nothing_more(app, client, demo):
    tid, card, (late, *_) = mcr_event(app, client, demo)
    assert forfeit(client, tid, card, late).status_code == 200
    version = client.get(f"/api/cards/{card}").get_json()["version"]
    again = forfeit(client, tid, card, late)
    assert again.status_code == 200, again.get_json()
    assert client.get(f"/api/cards/{card}").get_json()["forfeits"] == [late]
    assert client.get(f"/api/cards/{card}").get_json()["version"] == version


def test_the_clock_past_15_minutes_forfeits_the_session(app, client, demo, monkeypatch):
    install_server_clock(monkeypatch, frozen=True)
    tid, card, (late, slower, *_) = mcr_event(app, client, demo)
    url = f"/api/tournaments/{tid}/timeouts"
    fifteen = client.post(url, json={"player": slower, "op_id": op(), "kind": "late",
                                     "late_ms": 15 * MINUTE})
    assert fifteen.get_json()["timeout"]["points"] == 20
    sixteen = client.post(url, json={"player": late, "op_id": op(), "kind": "late",
                                     "late_ms": 16 * MINUTE})
    assert sixteen.status_code == 200, sixteen.get_json()
    assert sixteen.get_json()["timeout"]["points"] == 0
    assert client.get(f"/api/cards/{card}").get_json()["forfeits"] == [late]
    assert tuple(seat_of(app, tid, 1, slower)) == (False, None)


def test_a_zung_jung_late_arrival_is_left_to_the_judge(app, client, demo, monkeypatch):
    # ZJ §4.14: more than 5 minutes late MAY be ruled absent; nothing happens by itself
    install_server_clock(monkeypatch, frozen=True)
    login(client, demo, "judge")
    tid, card = demo["tournament_id"], demo_card_id(demo)
    late = seated(client, card)[0]
    answer = client.post(f"/api/tournaments/{tid}/timeouts", json={
        "player": late, "op_id": op(), "kind": "late", "late_ms": 20 * MINUTE})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["timeout"]["may_be_absent"]
    assert client.get(f"/api/cards/{card}").get_json()["forfeits"] == []
    assert tuple(seat_of(app, tid, 1, late)) == (False, None)


def test_an_overturned_forfeit_gives_the_seat_back(app, client, demo):
    # a forfeit ruled by mistake: the player appeals, the head judge overturns the ruling,
    # and the seat counts for the player again (MCR §3.11.2.1, §3.12)
    from tests.factories import end_session, rule

    tid, card, (late, *_) = mcr_event(app, client, demo)
    ruled = rule(client, tid, card_id=card, what_happened="Arrived 20 minutes late",
                 decision="Session forfeited", sections=["3.11.2.1"], penalties=[{
                     "player": late, "category": "late", "infraction": "late_over_15",
                     "kind": "session_forfeit", "reason": "late by 20 minutes"}])
    assert ruled.status_code == 200, ruled.get_json()
    ruling_id = ruled.get_json()["ruling"]["id"]
    assert tuple(seat_of(app, tid, 1, late)) == (True, late)
    end_session(app, tid)
    filed = client.post("/api/appeals", headers={"X-Player-Token": token_of(app, tid, late)},
                        json={"ruling_id": ruling_id, "text": "I was at table 3 on time",
                              "op_id": op()})
    assert filed.status_code == 200, filed.get_json()
    login(client, demo, "head_judge")
    decided = client.post(f"/api/t/{tid}/appeals/{filed.get_json()['appeal']['id']}/decision",
                          json={"decision": "overturned", "reason": "The clock was wrong",
                                "op_id": op()})
    assert decided.status_code == 200, decided.get_json()
    assert tuple(seat_of(app, tid, 1, late)) == (False, None)
    assert client.get(f"/api/cards/{card}").get_json()["forfeits"] == []
