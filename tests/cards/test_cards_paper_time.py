"""Time-limit lines of a signed paper card count toward the 80 time points of a round (§1.9)."""

from __future__ import annotations

import uuid

from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import CardPenalty, Penalty, Player, Ruling
from tests.conftest import login
from tests.factories import paper_rounds


def op() -> str:
    return str(uuid.uuid4())


def card_of(client, demo, table=1):
    return client.get(demo["cards"][table - 1]["api"]).get_json()


def post_paper(client, card, **body):
    body.setdefault("op_id", op())
    body.setdefault("rounds", paper_rounds(card))
    return client.post(f"/api/cards/{card['id']}/paper", json=body)


def time_line(player, points, round_=4, **extra):
    return {"player": player, "points": points, "round": round_, "is_time": True,
            "reason": "over the turn limit again and again (§1.9)", **extra}


def count(app, model) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def status_of(app, tid, number):
    with app.app_context():
        player = db.session.scalar(select(Player).where(Player.tournament_id == tid,
                                                        Player.number == number))
        return player.status, player.left_session


def test_two_time_lines_over_80_ask_the_question_and_save_nothing(app, client, demo):
    judge = login(client, demo, "judge")
    card = card_of(judge, demo)
    player = card["players"][0]["number"]
    asked = post_paper(judge, card, penalties=[time_line(player, 50), time_line(player, 35)])
    assert asked.status_code == 409, asked.get_json()
    answer = asked.get_json()
    assert answer["code"] == "resignation_question"
    (question,) = answer["details"]
    assert question["row"] == "penalty 2" and question["index"] == 2
    assert (question["points_before"], question["points_after"], question["round"]) == (
        50, 85, 4)
    assert question["choices"] == ["explained", "resigned"]
    assert "§1.9" in answer["message"]
    # nothing of the card went in while the question is open
    assert count(app, Penalty) == 0 and count(app, CardPenalty) == 0
    assert all(not r["recorded"] for r in card_of(judge, demo)["rounds"])


def test_an_accepted_explanation_is_kept_and_the_player_plays_on(app, client, demo):
    judge = login(client, demo, "judge")
    card = card_of(judge, demo)
    player = card["players"][1]["number"]
    lines = [time_line(player, 50), time_line(player, 35, resignation="explained")]
    missing = post_paper(judge, card, penalties=lines)
    assert missing.status_code == 422
    detail = missing.get_json()["details"][0]
    assert detail["code"] == "explanation_missing" and detail["row"] == "penalty 2"
    lines[1]["explanation"] = "a cramp; the judge saw it"
    saved = post_paper(judge, card, penalties=lines)
    assert saved.status_code == 200, saved.get_json()
    assert status_of(app, demo["tournament_id"], player) == ("active", None)
    with app.app_context():
        penalties = db.session.scalars(select(Penalty).order_by(Penalty.id)).all()
        assert [(p.category, p.infraction, p.points, p.round) for p in penalties] == [
            ("special", "time_violation", 50, 4), ("special", "time_violation", 35, 4)]
        assert penalties[1].time_explanation == "a cramp; the judge saw it"
        assert all(p.card_penalty_id is not None for p in penalties)
    totals = saved.get_json()["card"]["totals"]
    assert totals[str(player)]["penalties"] == -85


def test_no_explanation_resigns_the_player_with_a_ruling(app, client, demo):
    judge = login(client, demo, "judge")
    card = card_of(judge, demo)
    tid = demo["tournament_id"]
    player = card["players"][2]["number"]
    saved = post_paper(judge, card, penalties=[time_line(player, 90, resignation="resigned")])
    assert saved.status_code == 200, saved.get_json()
    assert status_of(app, tid, player) == ("resigned", 2)
    with app.app_context():
        (ruling,) = [r for r in db.session.scalars(select(Ruling))
                     if r.sections == ["1.9", "4.11"]]
        assert ruling.players == [player] and ruling.round == 4
        assert "resigns from the tournament" in ruling.decision


def test_earlier_time_penalties_of_the_round_count_too(client, demo):
    judge = login(client, demo, "judge")
    card = card_of(judge, demo)
    tid = demo["tournament_id"]
    player = card["players"][3]["number"]
    given = judge.post(f"/api/t/{tid}/penalties", json={
        "card_id": card["id"], "player": player, "category": "special",
        "infraction": "time_violation", "kind": "points", "points": 60, "round": 4,
        "op_id": op()})
    assert given.status_code == 200, given.get_json()
    asked = post_paper(judge, card, penalties=[time_line(player, 25)])
    assert asked.status_code == 409
    assert asked.get_json()["details"][0]["points_before"] == 60
    # another round starts from zero
    other = post_paper(judge, card, penalties=[time_line(player, 25, round_=5)])
    assert other.status_code == 200, other.get_json()


def test_lines_not_marked_as_time_do_not_count(client, demo):
    judge = login(client, demo, "judge")
    card = card_of(judge, demo)
    player = card["players"][0]["number"]
    lines = [{"player": player, "points": 90, "round": 4, "reason": "slow play (§4.11)"}]
    assert post_paper(judge, card, penalties=lines).status_code == 200


def test_a_time_line_needs_its_round(client, demo):
    judge = login(client, demo, "judge")
    card = card_of(judge, demo)
    line = time_line(card["players"][0]["number"], 10)
    del line["round"]
    refused = post_paper(judge, card, penalties=[line])
    assert refused.status_code == 422
    detail = refused.get_json()["details"][0]
    assert (detail["row"], detail["field"], detail["code"]) == ("penalty 1", "round",
                                                                "round_required")
