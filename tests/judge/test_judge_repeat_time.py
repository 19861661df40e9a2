"""A second time penalty for one player and one round is confirmed before it is recorded (§1.9)."""

from __future__ import annotations

from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, Penalty
from tests.conftest import login
from tests.factories import count, op, seated
from tests.factories import demo_card_id as card_of


def time_penalty(client, tid, card_id, player, round_, points=10, **extra):
    return client.post(f"/api/t/{tid}/penalties", json={
        "card_id": card_id, "player": player, "category": "special",
        "infraction": "time_violation", "kind": "points", "points": points, "round": round_,
        "op_id": op(), **extra})


def penalty_total(client, card_id, player) -> int:
    card = client.get(f"/api/cards/{card_id}").get_json()
    return card["totals"][str(player)]["penalties"]


def test_a_second_time_penalty_for_the_round_is_refused_until_confirmed(app, client, demo):
    tid, card = demo["tournament_id"], card_of(demo)
    login(client, demo, "judge")
    player = seated(client, card)[0]
    first = time_penalty(client, tid, card, player, 3, points=10)
    assert first.status_code == 200, first.get_json()
    first_id = first.get_json()["penalty"]["id"]
    login(client, demo, "head_judge")
    events = count(app, AuditEvent)
    again = time_penalty(client, tid, card, player, 3, points=5)
    assert again.status_code == 409
    answer = again.get_json()
    assert "already has a time penalty for round 3" in answer["message"]
    assert "§1.9" in answer["message"]
    detail = answer["details"][0]
    assert detail["code"] == "repeat_time_penalty" and detail["player"] == player
    assert detail["first"]["id"] == first_id
    assert (detail["first"]["judge"], detail["first"]["points"]) == ("Jade Judge", 10)
    assert detail["first"]["created_at"] and detail["first"]["round"] == 3
    # Refused: nothing on the card, no penalty row, no audit entry.
    assert count(app, Penalty) == 1 and count(app, AuditEvent) == events
    assert penalty_total(client, card, player) == -10

    meant = time_penalty(client, tid, card, player, 3, points=5, confirm_repeat=True)
    assert meant.status_code == 200, meant.get_json()
    assert penalty_total(client, card, player) == -15
    with app.app_context():
        audit = db.session.scalar(select(AuditEvent).where(
            AuditEvent.action == "judging.penalty",
            AuditEvent.subject == f"penalty:{meant.get_json()['penalty']['id']}"))
        assert audit.after["repeat_of"] == first_id and audit.actor.endswith("Hugo Head")
        first_audit = db.session.scalar(select(AuditEvent).where(
            AuditEvent.subject == f"penalty:{first_id}"))
        assert "repeat_of" not in first_audit.after


def test_another_round_or_another_player_is_not_a_repeat(app, client, demo):
    tid, card = demo["tournament_id"], card_of(demo)
    login(client, demo, "judge")
    one, two, *_ = seated(client, card)
    assert time_penalty(client, tid, card, one, 3).status_code == 200
    assert time_penalty(client, tid, card, one, 4).status_code == 200
    assert time_penalty(client, tid, card, two, 3).status_code == 200
    # Not a time penalty: the rubric's own repeat rules apply, not this check.
    other = client.post(f"/api/t/{tid}/penalties", json={
        "card_id": card, "player": one, "category": "procedural",
        "infraction": "tiles_mishandled", "kind": "points", "points": 5, "round": 3,
        "op_id": op()})
    assert other.status_code == 200, other.get_json()
    assert count(app, Penalty) == 4


def test_a_ruling_with_two_time_penalties_for_one_round_names_the_second(app, client, demo):
    tid, card = demo["tournament_id"], card_of(demo)
    login(client, demo, "judge")
    player = seated(client, card)[1]
    spec = {"player": player, "category": "special", "infraction": "time_violation",
            "kind": "points", "points": 5}
    body = {"card_id": card, "round": 6, "what_happened": "Slow play twice",
            "penalties": [spec, {**spec, "points": 10}]}
    refused = client.post(f"/api/t/{tid}/rulings", json={**body, "op_id": op()})
    assert refused.status_code == 409
    detail = refused.get_json()["details"][0]
    assert detail["index"] == 1 and detail["first"]["points"] == 5
    assert count(app, Penalty) == 0
    meant = client.post(f"/api/t/{tid}/rulings", json={
        **body, "penalties": [spec, {**spec, "points": 10, "confirm_repeat": True}],
        "op_id": op()})
    assert meant.status_code == 200, meant.get_json()
    assert penalty_total(client, card, player) == -15
    # A later ruling for the same round is a repeat of the first of them.
    later = client.post(f"/api/t/{tid}/rulings", json={**body, "penalties": [spec],
                                                      "op_id": op()})
    assert later.status_code == 409
    assert later.get_json()["details"][0]["first"]["points"] == 5
