"""MCR's judge's clock through the API (MCR §3.6.4, §3.5.7 item 6, §3.6.7): turns timed
against the text's limits, nothing charged by the clock, the fouls recorded through the judge
console's service at the rubric's suggestion (MCR §3.11.2.2, §3.11.6.5)."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Penalty
from tests.conftest import login
from tests.factories import demo_card_id, install_server_clock, op, seated, use_ruleset

S = 1000


@pytest.fixture
def server_clock(monkeypatch):
    return install_server_clock(monkeypatch, frozen=True)


@pytest.fixture
def mcr(app, client, demo):
    tid = demo["tournament_id"]
    use_ruleset(app, tid)
    login(client, demo, "judge")
    card = demo_card_id(demo)
    return tid, card, seated(client, card)


def start(client, tid, card, player, **extra):
    body = {"card": card, "round": 2, "player": player, "op_id": op(), **extra}
    return client.post(f"/api/tournaments/{tid}/timers", json=body)


def tap(client, timer_id, seq, at_ms):
    return client.post(f"/api/timers/{timer_id}/taps",
                       json={"seq": seq, "at_ms": at_ms, "op_id": op()})


def foul(client, timer_id, which, **extra):
    return client.post(f"/api/timers/{timer_id}/foul",
                       json={"foul": which, "op_id": op(), **extra})


def penalty_totals(client, card):
    return {int(n): t["penalties"]
            for n, t in client.get(f"/api/cards/{card}").get_json()["totals"].items()}


def test_a_slow_discard_is_shown_and_the_judge_records_the_foul(app, client, mcr, server_clock):
    tid, card, players = mcr
    t0 = server_clock.now_ms()
    started = start(client, tid, card, players[1])
    assert started.status_code == 200, started.get_json()
    timer = started.get_json()["timer"]
    assert timer["limits"] == {"kind": "limits", "turn_s": 10, "round_bank_s": None,
                               "free_s": 0, "deal_turn_s": 20}
    fouls = timer["fouls"]
    assert (fouls["limit"]["category"], fouls["limit"]["infraction"]) == (
        "violation", "rule_violation")
    assert fouls["late_call"]["suggestion"]["kind"] == "warning"
    tid_ = timer["id"]
    # nothing passed yet: no foul to record
    assert tap(client, tid_, 0, t0 + 2 * S).status_code == 200
    server_clock.advance(12 * S)
    assert tap(client, tid_, 1, t0 + 11 * S).status_code == 200
    early = foul(client, tid_, "limit")
    assert early.status_code == 409 and "No turn passed" in early.get_json()["message"]
    # 12.5 s for a 10 s discard: shown over, charged nothing by the clock
    server_clock.advance(20 * S)
    tap(client, tid_, 2, t0 + 15 * S)
    viewed = tap(client, tid_, 3, t0 + 27_500).get_json()["timer"]
    assert [t["is_over"] for t in viewed["result"]["turns"]] == [False, True]
    assert viewed["result"]["total_points"] == 0 and viewed["result"]["over_turns"] == 1
    # the old clock-priced conversion is refused: the judge records the foul
    assert client.post(f"/api/timers/{tid_}/penalty", json={"op_id": op()}).status_code == 409
    suggested = viewed["fouls"]["limit"]["suggestion"]
    recorded = foul(client, tid_, "limit")
    assert recorded.status_code == 200, recorded.get_json()
    body = recorded.get_json()
    assert body["timer"]["status"] == "converted"
    assert body["foul"]["kind"] == suggested["kind"] and body["foul"]["points"] == suggested[
        "points"] == 5
    with app.app_context():
        row = db.session.get(Penalty, body["foul"]["penalty"])
        assert (row.category, row.infraction, row.round) == ("violation", "rule_violation", 2)
        assert not row.is_departure and "12.5 s for a 10 s limit" in row.reason
    assert penalty_totals(client, card)[players[1]] == -5
    assert foul(client, tid_, "limit").status_code == 409


def test_the_dealers_start_runs_from_the_deal_for_20_s(client, mcr, server_clock):
    tid, card, players = mcr
    t0 = server_clock.now_ms()
    timer = start(client, tid, card, players[0], dealer_start=True).get_json()["timer"]
    assert timer["edges"] == [t0]
    server_clock.advance(18 * S)
    within = tap(client, timer["id"], 1, t0 + 18 * S).get_json()["timer"]
    assert within["result"]["turns"] == [{"counted_ms": 18 * S, "points": 0,
                                          "limit_ms": 20 * S, "is_over": False}]


def test_a_late_call_is_one_tap_and_climbs_the_hands_ladder(app, client, mcr, server_clock):
    tid, card, players = mcr
    timer = start(client, tid, card, players[2]).get_json()["timer"]
    answers = [foul(client, timer["id"], "late_call") for _ in range(3)]
    assert [a.status_code for a in answers] == [200, 200, 200]
    # MCR §3.11.6.5: warning, then 5, then 10 in the same hand
    assert [(a.get_json()["foul"]["kind"], a.get_json()["foul"]["points"])
            for a in answers] == [("warning", 0), ("points", 5), ("points", 10)]
    last = answers[-1].get_json()["timer"]
    assert last["status"] == "running"
    assert last["fouls"]["late_call"]["suggestion"]["points"] == 20
    assert penalty_totals(client, card)[players[2]] == -15
    with app.app_context():
        rows = db.session.scalars(select(Penalty).where(Penalty.infraction == "late_pung"))
        assert {(r.category, r.round, r.is_departure) for r in rows} == {
            ("hand_ladder", 2, False)}


def test_the_timers_page_says_what_mcrs_play_timers_are(client, mcr):
    tid, card, _ = mcr
    page = client.get(f"/t/{tid}/timers").get_data(as_text=True)
    assert 'data-testid="no-play-timers"' not in page
    assert "MCR §3.6.4" in page and "MCR §3.5.7 item 6" in page
    assert 'name="dealer_start"' in page and "no turn or play timers" not in page


def test_zung_jung_offers_no_fouls_on_its_timers(client, demo, server_clock):
    login(client, demo, "judge")
    card = demo_card_id(demo)
    player = seated(client, card)[0]
    timer = start(client, demo["tournament_id"], card, player).get_json()["timer"]
    assert timer["fouls"] is None
    assert foul(client, timer["id"], "late_call").status_code == 409


def test_an_mcr_timer_page_shows_no_zung_jung_words(client, mcr, server_clock):
    from tests.web.test_mcr_words import ZJ_WORDS, shown_text

    tid, card, players = mcr
    timer = start(client, tid, card, players[0]).get_json()["timer"]
    page = client.get(f"/t/{tid}/timers/{timer['id']}")
    assert page.status_code == 200
    text = shown_text(page)
    assert "MCR §3.6.4" in text and "20 s for the dealer's start" in text
    for pattern, why in ZJ_WORDS:
        assert not pattern.search(text), why
