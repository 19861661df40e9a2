"""A player without the right to win a hand cannot be recorded as its winner (MCR §3.11.3 and
the §3.11.6 fouls that take it; ZJ's dead hand, §1.8, §4.11), and several Hu on one discard
go to the nearest player after the discarder (MCR §3.7.2.4) (issue 26)."""

from __future__ import annotations

import pytest

from tests.conftest import login
from tests.factories import demo_card_id, op, seated, use_ruleset
from tests.rules.test_right_to_win import TAKES_THE_WIN

HAND = 3


@pytest.fixture
def mcr(app, client, demo):
    tid = demo["tournament_id"]
    use_ruleset(app, tid)
    login(client, demo, "judge")
    card = demo_card_id(demo)
    return tid, card, seated(client, card)


@pytest.fixture
def zj(client, demo):
    login(client, demo, "judge")
    card = demo_card_id(demo)
    return demo["tournament_id"], card, seated(client, card)


def foul(client, tid, card, player, category, infraction, kind, points=0, **fields):
    body = {"card_id": card, "player": player, "category": category, "infraction": infraction,
            "kind": kind, "op_id": op(), "round": HAND, **fields}
    if kind == "points":
        body["points"] = points
    answer = client.post(f"/api/t/{tid}/penalties", json=body)
    assert answer.status_code == 200, answer.get_json()
    return answer.get_json()


def won(client, card, number, winner, value=8, **fields):
    body = {"round": number, "result": "win", "winner": winner, "value": value,
            "win": "self", "op_id": op(), **fields}
    return client.post(f"/api/cards/{card}/rounds", json=body)


MCR_FOULS = sorted(TAKES_THE_WIN)
POINTS = {"below_minimum": 30, "erroneous_hu": 60, "hu_tile_not_taken": 30}


@pytest.mark.parametrize(("category", "infraction"), MCR_FOULS,
                         ids=[f"{c}-{i}" for c, i in MCR_FOULS])
def test_each_mcr_foul_that_takes_the_win_bars_that_hand_only(client, mcr, category,
                                                              infraction):
    tid, card, (offender, other, *_) = mcr
    kind = "points" if infraction in POINTS else "no_win"
    foul(client, tid, card, offender, category, infraction, kind, POINTS.get(infraction, 0))
    refused = won(client, card, HAND, offender)
    assert refused.status_code == 409, refused.get_json()
    message = refused.get_json()["message"]
    assert "MCR §3.11.3" in message and f"hand {HAND}" in message
    assert "(ruling" in message or "(penalty" in message
    view = client.get(f"/api/cards/{card}").get_json()
    assert offender in [x["player"] for x in view["no_win"][str(HAND)]]
    assert won(client, card, HAND, other).status_code == 200  # someone else may win it
    assert won(client, card, HAND + 1, offender).status_code == 200  # the next hand is open


def test_a_struck_out_false_hu_gives_the_win_back(client, mcr):
    tid, card, (offender, *_) = mcr
    given = foul(client, tid, card, offender, "false_hu", "below_minimum", "points", 30)
    assert won(client, card, HAND, offender).status_code == 409
    line = given["penalties"][0]["card_penalty_id"] if "penalties" in given else None
    view = client.get(f"/api/cards/{card}").get_json()
    line = line or next(p["id"] for p in view["penalties"] if p["player"] == offender
                        and p["points"] == 30)
    struck = client.post(f"/api/cards/{card}/penalties/{line}/void",
                         json={"reason": "given in error", "op_id": op()})
    assert struck.status_code == 200, struck.get_json()
    assert won(client, card, HAND, offender).status_code == 200


def test_a_foul_without_the_flag_leaves_the_win(client, mcr):
    tid, card, (offender, *_) = mcr
    foul(client, tid, card, offender, "violation", "rule_violation", "points", 5)
    foul(client, tid, card, offender, "hand_ladder", "wall_touched", "warning")
    assert won(client, card, HAND, offender).status_code == 200


def test_zj_dead_hand_bars_the_round(client, zj):
    tid, card, (offender, other, *_) = zj
    foul(client, tid, card, offender, "procedural", "tiles_mishandled", "dead_hand",
         reason="Long hand found after the first discard: dead hand (§1.8)")
    refused = won(client, card, HAND, offender, value=10)
    assert refused.status_code == 409
    assert "§1.8, §4.11" in refused.get_json()["message"]
    assert won(client, card, HAND, other, value=10).status_code == 200
    assert won(client, card, HAND + 1, offender, value=10).status_code == 200


def test_zj_points_alone_leave_the_win(client, zj):
    tid, card, (offender, *_) = zj
    foul(client, tid, card, offender, "procedural", "tiles_mishandled", "points", 5)
    assert won(client, card, HAND, offender, value=10).status_code == 200


# MCR §3.7.2.4: several Hu on one discard, the nearest after the discarder wins.

def seats_of(client, card, number):
    view = client.get(f"/api/cards/{card}").get_json()
    winds = view["rounds"][number - 1]["winds"]
    return {wind: int(player) for player, wind in winds.items()}


def test_several_hu_the_nearest_after_the_discarder_wins(client, mcr):
    tid, card, _ = mcr
    seat = seats_of(client, card, 1)
    body = {"round": 1, "result": "win", "value": 8, "win": "discard",
            "discarder": seat["S"], "claimants": [seat["E"], seat["N"]], "op_id": op()}
    answer = client.post(f"/api/cards/{card}/rounds", json=body)
    assert answer.status_code == 200, answer.get_json()
    view = client.get(f"/api/cards/{card}").get_json()
    assert view["rounds"][0]["winner"] == seat["N"]  # S discards: W, then N, then E


def test_several_hu_a_contradicting_winner_is_422(client, mcr):
    tid, card, _ = mcr
    seat = seats_of(client, card, 1)
    body = {"round": 1, "result": "win", "value": 8, "win": "discard", "winner": seat["E"],
            "discarder": seat["S"], "claimants": [seat["E"], seat["W"]], "op_id": op()}
    answer = client.post(f"/api/cards/{card}/rounds", json=body)
    assert answer.status_code == 422
    assert "MCR §3.7.2.4" in answer.get_json()["message"]
    body["winner"] = seat["W"]
    body["op_id"] = op()
    assert client.post(f"/api/cards/{card}/rounds", json=body).status_code == 200


def test_several_hu_skips_a_claimant_without_the_right_to_win(client, mcr):
    tid, card, _ = mcr
    seat = seats_of(client, card, HAND)
    foul(client, tid, card, seat["W"], "no_win", "wrong_tile_count", "no_win")
    body = {"round": HAND, "result": "win", "value": 8, "win": "discard",
            "discarder": seat["S"], "claimants": [seat["W"], seat["E"]], "op_id": op()}
    answer = client.post(f"/api/cards/{card}/rounds", json=body)
    assert answer.status_code == 200, answer.get_json()
    view = client.get(f"/api/cards/{card}").get_json()
    assert view["rounds"][HAND - 1]["winner"] == seat["E"]


@pytest.mark.parametrize("claimants", [["discarder"], []])
def test_claimants_must_be_others_at_the_table(client, mcr, claimants):
    tid, card, _ = mcr
    seat = seats_of(client, card, 1)
    given = [seat["S"] for _ in claimants]
    body = {"round": 1, "result": "win", "value": 8, "win": "discard", "winner": seat["E"],
            "discarder": seat["S"], "claimants": given or [999], "op_id": op()}
    assert client.post(f"/api/cards/{card}/rounds", json=body).status_code == 422


def test_a_fan_at_odds_with_the_win_type_is_refused_on_the_card(client, mcr):
    tid, card, (player, *_) = mcr
    body = {"round": 1, "result": "win", "winner": player, "win": "self",
            "patterns": {"62": 1, "22": 1}, "op_id": op()}
    answer = client.post(f"/api/cards/{card}/rounds", json=body)
    assert answer.status_code == 422 and "62 Concealed Hand" in answer.get_json()["message"]
    body.update(patterns={"56": 1, "22": 1}, op_id=op())
    assert client.post(f"/api/cards/{card}/rounds", json=body).status_code == 200
