"""The judge console on an MCR event: MCR §3.11's fouls, suggestions, points paid to the
other players on the card, departures, late arrival and the 30-minute appeals (issue 16)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Penalty, Player, PlaySession, utcnow
from judgeaid.services import appeals
from tests.conftest import login
from tests.factories import (
    demo_card_id,
    end_session,
    install_server_clock,
    op,
    rule,
    seated,
    token_of,
    use_ruleset,
)

S = 1000


@pytest.fixture
def mcr(app, client, demo):
    """The demo as an MCR event, a judge signed in: (tournament id, card id, players)."""
    tid = demo["tournament_id"]
    use_ruleset(app, tid)
    login(client, demo, "judge")
    card = demo_card_id(demo)
    return tid, card, seated(client, card)


def foul(client, tid, card, player, category, infraction, **fields):
    body = {"card_id": card, "player": player, "category": category,
            "infraction": infraction, "op_id": op(), **fields}
    body.setdefault("kind", "points")
    return client.post(f"/api/t/{tid}/penalties", json=body)


def suggestion(client, tid, card, player, category, infraction, **extra):
    query = {"card": card, "player": player, "category": category,
             "infraction": infraction, **extra}
    answer = client.get(f"/api/t/{tid}/suggest", query_string=query)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()["suggestion"]


def totals(client, card):
    return {int(n): t["penalties"]
            for n, t in client.get(f"/api/cards/{card}").get_json()["totals"].items()}


def test_the_console_offers_mcrs_fouls_not_zjs(client, mcr):
    tid, card, players = mcr
    page = client.get(f"/t/{tid}/judge/rulings/new?card={card}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "False Hu (MCR §3.11.6.6)" in html and "Repeated in one hand" in html
    assert "Procedural violation" not in html
    # a ZJ category is no foul of an MCR event
    refused = client.get(f"/api/t/{tid}/suggest", query_string={
        "card": card, "player": players[0], "category": "procedural",
        "infraction": "tiles_mishandled"})
    assert refused.status_code in (400, 422)


def test_false_hu_pays_ten_to_each_other_player(client, mcr):
    tid, card, (offender, *others) = mcr
    s = suggestion(client, tid, card, offender, "false_hu", "below_minimum")
    assert (s["kind"], s["points"]) == ("points", 30)
    assert s["payees"] == {"each": 10, "offended": False}
    assert "10 to each other player" in s["explanation"]
    given = foul(client, tid, card, offender, "false_hu", "below_minimum", points=30)
    assert given.status_code == 200, given.get_json()
    penalty = given.get_json()["penalty"]
    assert penalty["paid_to"] == {str(n): 10 for n in others}
    assert not penalty["is_departure"]
    assert totals(client, card) == {offender: -30, **{n: 10 for n in others}}
    # erroneous Hu: 20 to each, named explicitly
    named = foul(client, tid, card, offender, "false_hu", "erroneous_hu", points=60,
                 paid_to={str(n): 20 for n in others})
    assert named.status_code == 200, named.get_json()
    assert totals(client, card) == {offender: -90, **{n: 30 for n in others}}
    assert sum(totals(client, card).values()) == 0


def test_a_spoiled_hand_pays_thirty_to_each_and_uneven_shares_are_refused(client, mcr):
    tid, card, (offender, a, b, c) = mcr
    uneven = foul(client, tid, card, offender, "tiles", "hand_spoiled", points=90,
                  paid_to={str(a): 50, str(b): 40})
    assert uneven.status_code == 422
    assert uneven.get_json()["details"][0]["code"] == "paid_to_each"
    assert totals(client, card)[offender] == 0   # nothing saved
    given = foul(client, tid, card, offender, "tiles", "hand_spoiled", points=90)
    assert given.status_code == 200
    assert totals(client, card) == {offender: -90, a: 30, b: 30, c: 30}


def test_knocked_over_tiles_pay_the_offended_player(client, mcr):
    tid, card, (offender, victim, *_) = mcr
    s = suggestion(client, tid, card, offender, "tiles", "tiles_knocked")
    assert s["payees"]["offended"] and s["allowed_range"] == [5, 60]
    unnamed = foul(client, tid, card, offender, "tiles", "tiles_knocked", points=40)
    assert unnamed.status_code == 422
    assert "knocked over" in unnamed.get_json()["message"]
    # any amount from 5 to 60 is the referee's call under MCR §3.11.6.7: no reason needed
    given = foul(client, tid, card, offender, "tiles", "tiles_knocked", points=40,
                 paid_to={str(victim): 40})
    assert given.status_code == 200, given.get_json()
    assert not given.get_json()["penalty"]["is_departure"]
    assert totals(client, card)[victim] == 40 and totals(client, card)[offender] == -40
    # beyond 60 is refused, a reason or not: the text's range is 5-60 (MCR §3.11.6.7)
    over = foul(client, tid, card, offender, "tiles", "tiles_knocked", points=70,
                paid_to={str(victim): 70}, reason="tiles everywhere")
    assert over.status_code == 422
    assert over.get_json()["details"][0]["code"] == "outside_range"
    assert totals(client, card)[victim] == 40


def test_rule_violations_go_to_nobody(client, mcr):
    tid, card, (offender, other, *_) = mcr
    paid = foul(client, tid, card, offender, "violation", "rule_violation", points=10,
                paid_to={str(other): 10})
    assert paid.status_code == 422 and paid.get_json()["details"][0]["code"] == "not_paid"
    odd = foul(client, tid, card, offender, "violation", "rule_violation", points=15,
               reason="x")
    assert odd.status_code == 422
    assert "5, 10, 20, 30, 40, 50 or 60" in odd.get_json()["message"]
    given = foul(client, tid, card, offender, "violation", "rule_violation", points=20)
    assert given.status_code == 200
    assert totals(client, card) == {offender: -20, **{n: 0 for n in mcr[2][1:]}}


def test_the_ladder_counts_per_hand(client, mcr):
    tid, card, (offender, *_) = mcr
    steps = []
    for _ in range(4):
        s = suggestion(client, tid, card, offender, "hand_ladder", "empty_call", round=5)
        steps.append((s["kind"], s["points"]))
        kind = s["kind"]
        answer = foul(client, tid, card, offender, "hand_ladder", "empty_call", kind=kind,
                      points=s["points"] or None, round=5)
        assert answer.status_code == 200, answer.get_json()
    assert steps == [("warning", 0), ("points", 5), ("points", 10), ("points", 20)]
    fifth = suggestion(client, tid, card, offender, "hand_ladder", "empty_call", round=5)
    assert fifth["points"] == 40 and "our reading" in " ".join(fifth["notes"])
    # the next hand starts again with a warning
    assert suggestion(client, tid, card, offender, "hand_ladder", "empty_call",
                      round=6)["kind"] == "warning"
    assert totals(client, card)[offender] == -35


def test_a_ladder_foul_needs_its_hand(client, mcr):
    # MCR §3.11.6.3-5 count per hand: without the hand every foul would look like the first
    tid, card, (offender, *_) = mcr
    for _ in range(2):
        bare = foul(client, tid, card, offender, "hand_ladder", "wall_touched", kind="warning")
        assert bare.status_code == 422
        detail = bare.get_json()["details"][0]
        assert detail["code"] == "round_required" and "MCR §3.11.6.4" in detail["message"]
    assert client.get(f"/api/cards/{card}").get_json()["penalties"] == []
    # other fouls need no hand (a late arrival has none)
    late = foul(client, tid, card, offender, "late", "late_10", points=10)
    assert late.status_code == 200, late.get_json()


def test_a_departure_needs_a_reason_and_is_marked(client, mcr):
    tid, card, (offender, *_) = mcr
    bare = foul(client, tid, card, offender, "hand_ladder", "late_pung", points=10, round=2)
    assert bare.status_code == 422
    assert bare.get_json()["details"][0]["code"] == "reason_required"
    given = foul(client, tid, card, offender, "hand_ladder", "late_pung", points=10,
                 round=2, reason="Third slow call, after a warning from the table")
    assert given.status_code == 200
    penalty = given.get_json()["penalty"]
    assert penalty["is_departure"] and penalty["suggested"] == "Warning"
    assert penalty["departure"].startswith("differs from MCR's warning")
    listed = client.get(f"/api/t/{tid}/departures").get_json()["departures"]
    assert [p["id"] for p in listed] == [penalty["id"]]


def test_loss_of_the_right_to_win_and_disqualification(app, client, mcr):
    tid, card, (offender, other, *_) = mcr
    no_win = foul(client, tid, card, offender, "no_win", "wrong_tile_count", kind="no_win")
    assert no_win.status_code == 200
    assert no_win.get_json()["penalty"]["label"] == "Loss of the right to win this hand"
    out = foul(client, tid, card, other, "serious", "cheating", kind="disqualification")
    assert out.status_code == 200
    with app.app_context():
        status = db.session.scalar(select(Player.status).where(
            Player.tournament_id == tid, Player.number == other))
    assert status == "disqualified"
    assert totals(client, card)[offender] == 0


def test_a_late_arrival_timed_by_the_clock_costs_contest_points(app, client, mcr,
                                                               monkeypatch):
    install_server_clock(monkeypatch, frozen=True)
    tid, card, (late, slower, *_) = mcr
    url = f"/api/tournaments/{tid}/timeouts"
    eight = client.post(url, json={"player": late, "op_id": op(), "kind": "late",
                                   "late_ms": 8 * 60 * S})
    assert eight.status_code == 200, eight.get_json()
    assert eight.get_json()["timeout"]["points"] == 10
    twelve = client.post(url, json={"player": slower, "op_id": op(), "kind": "late",
                                    "late_ms": 12 * 60 * S})
    assert twelve.get_json()["timeout"]["points"] == 20
    assert not twelve.get_json()["timeout"]["may_be_absent"]
    assert totals(client, card)[late] == -10 and totals(client, card)[slower] == -20
    lines = [p["reason"] for p in client.get(f"/api/cards/{card}").get_json()["penalties"]]
    assert any("MCR §3.11.2.1" in line for line in lines)
    with app.app_context():
        rows = db.session.scalars(select(Penalty).where(Penalty.tournament_id == tid)).all()
        assert {(p.category, p.infraction, p.points) for p in rows} == {
            ("late", "late_clock", 10), ("late", "late_clock", 20)}


def test_the_guide_is_mcrs(client, mcr):
    tid, *_ = mcr
    page = client.get(f"/t/{tid}/judge/guide?q=late+pung").get_data(as_text=True)
    assert "Pung called after the 3 seconds" in page and "MCR §3.11.6.5" in page
    assert "ZJM sections" not in page


# ---------------------------------------------------------------- appeals (MCR §3.12.2)

def _ruled(client, tid, card, player):
    entry = rule(client, tid, card_id=card, players=[player], sections=["3.11.6.5"],
                 penalties=[{"player": player, "category": "hand_ladder",
                             "infraction": "late_pung", "kind": "warning", "round": 1}])
    assert entry.status_code == 200, entry.get_json()
    return entry.get_json()["ruling"]


def _finalize(app, tid, minutes_ago):
    with app.app_context():
        session = db.session.scalar(select(PlaySession).where(
            PlaySession.tournament_id == tid, PlaySession.number == 1))
        session.status = "finished"
        session.finalized_at = utcnow() - timedelta(minutes=minutes_ago)
        db.session.commit()


def _window(app, tid, number):
    with app.app_context():
        me = db.session.scalar(select(Player).where(Player.tournament_id == tid,
                                                    Player.number == number))
        return appeals.appeal_window(me, 1)


def test_appeals_close_thirty_minutes_after_the_session(app, client, mcr):
    tid, card, (player, *_) = mcr
    entry = _ruled(client, tid, card, player)
    token = token_of(app, tid, player)
    body = {"ruling_id": entry["id"], "text": "It was within 3 seconds", "op_id": op()}
    early = client.post("/api/appeals", json=body, headers={"X-Player-Token": token})
    assert early.status_code == 409 and "MCR §3.12.2" in early.get_json()["message"]
    _finalize(app, tid, minutes_ago=31)
    late = client.post("/api/appeals", json={**body, "op_id": op()},
                       headers={"X-Player-Token": token})
    assert late.status_code == 409
    assert late.get_json()["message"].startswith("Too late: appeals about session 1 closed 30")
    _finalize(app, tid, minutes_ago=29)
    is_open, message = _window(app, tid, player)
    assert is_open and "30 minutes after session 1 ended (MCR §3.12.2)" in message
    filed = client.post("/api/appeals", json={**body, "op_id": op()},
                        headers={"X-Player-Token": token})
    assert filed.status_code == 200, filed.get_json()


def test_mcr_appeals_do_not_wait_for_the_next_session(app, client, mcr):
    # ZJ closes appeals when the next session begins (§4.3); MCR counts 30 minutes only
    tid, card, (player, *_) = mcr
    _ruled(client, tid, card, player)
    _finalize(app, tid, minutes_ago=5)
    with app.app_context():
        db.session.add(PlaySession(tournament_id=tid, number=2, status="playing"))
        db.session.commit()
    assert _window(app, tid, player)[0]


def test_zj_events_keep_their_window(app, client, demo):
    tid = demo["tournament_id"]
    login(client, demo, "judge")
    card = demo_card_id(demo)
    player = seated(client, card)[0]
    rule(client, tid, card_id=card, players=[player])
    end_session(app, tid)
    is_open, message = _window(app, tid, player)
    assert is_open and "§4.3" in message and "MCR" not in message


def test_a_late_arrivals_points_reach_the_standings_page(app, client, mcr, monkeypatch):
    # MCR has no ZJ §3.7 missed-session deduction (0): the standings still show, and the
    # contest points lost to lateness are on the player's card
    install_server_clock(monkeypatch, frozen=True)
    tid, card, (late, *_) = mcr
    client.post(f"/api/tournaments/{tid}/timeouts",
                json={"player": late, "op_id": op(), "kind": "late", "late_ms": 5 * 60 * S})
    assert totals(client, card)[late] == -10
    assert client.get(f"/t/{tid}/standings").status_code == 200
    assert client.get(f"/api/tournaments/{tid}/standings").status_code == 200


def test_a_ruling_cites_mcr_sections_only(client, mcr):
    tid, card, (player, *_) = mcr
    zj_section = rule(client, tid, card_id=card, players=[player], sections=["1.8"])
    assert zj_section.status_code == 400
    assert "Unknown MCR section: 1.8" in zj_section.get_json()["message"]
    cited = rule(client, tid, card_id=card, players=[player], sections=["3.11.6.6"])
    assert cited.status_code == 200
    assert cited.get_json()["ruling"]["sections"] == [
        {"id": "3.11.6.6", "title": "False Hu", "citation": "MCR §3.11.6.6 False Hu"}]
    page = client.get(f"/t/{tid}/judge/rulings/{cited.get_json()['ruling']['id']}")
    assert "MCR §3.11.6.6 False Hu" in page.get_data(as_text=True)
