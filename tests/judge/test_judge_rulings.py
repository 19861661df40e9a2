"""Judge discretion (A.5.6, A.5.7, §4.11) and resignation over 80 time points (§1.9, §4.11)."""

from __future__ import annotations

from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, Penalty, Player, Ruling
from tests.conftest import login
from tests.factories import count, give, op, seated
from tests.factories import demo_card_id as card_of


def time_penalty(client, tid, card_id, player, points, round_=3, **extra):
    return give(client, tid, card_id, player, category="special", infraction="time_violation",
                points=points, round=round_, **extra)


def status_of(app, tid, number) -> tuple[str, int | None]:
    with app.app_context():
        row = db.session.execute(select(Player.status, Player.left_session).where(
            Player.tournament_id == tid, Player.number == number)).one()
    return row.status, row.left_session


# ---------------------------------------------------------------- discretion


def test_a_floor_judge_departs_above_and_below_with_a_reason(app, client, demo):
    tid, card = demo["tournament_id"], card_of(demo)
    login(client, demo, "judge")
    one, two, three, _ = seated(client, card)
    refused = give(client, tid, card, one, points=40)
    assert refused.status_code == 422
    assert refused.get_json()["details"][0]["code"] == "reason_required"
    assert "beyond the rubric's 5–10 points" in refused.get_json()["message"]
    above = give(client, tid, card, one, points=40, reason="threw tiles on purpose")
    assert above.status_code == 200, above.get_json()
    penalty = above.get_json()["penalty"]
    assert penalty["is_departure"] is True
    assert penalty["departure"] == "departs from the suggested 5 points: threw tiles on purpose"
    below = give(client, tid, card, two, kind="warning", points=0, reason="first event ever")
    assert below.status_code == 200
    assert below.get_json()["penalty"]["departure"] == (
        "departs from the suggested 5 points: first event ever")
    plain = give(client, tid, card, three)
    assert plain.status_code == 200 and plain.get_json()["penalty"]["is_departure"] is False
    # 40 points came off the card, as the judge decided
    totals = client.get(f"/api/cards/{card}").get_json()["totals"]
    assert totals[str(one)]["penalties"] == -40


def test_departures_are_marked_in_the_log_and_listed_for_the_head_judge(app, client, demo):
    tid, card = demo["tournament_id"], card_of(demo)
    login(client, demo, "judge")
    player = seated(client, card)[0]
    ruled = client.post(f"/api/t/{tid}/rulings", json={
        "card_id": card, "round": 2, "what_happened": "Tiles thrown", "op_id": op(),
        "penalties": [{"player": player, "category": "procedural",
                       "infraction": "tiles_mishandled", "kind": "points", "points": 20,
                       "reason": "deliberate"}]})
    assert ruled.status_code == 200, ruled.get_json()
    entry = ruled.get_json()["ruling"]
    assert entry["penalties"][0]["departure"] == "departs from the suggested 5 points: deliberate"
    log = client.get(f"/t/{tid}/judge/log").get_data(as_text=True)
    assert "departs from the suggested 5 points" in log
    page = client.get(f"/t/{tid}/judge/rulings/{entry['id']}").get_data(as_text=True)
    assert "departs from the suggested 5 points: deliberate (A.5.6, A.5.7)" in page
    paper = client.get(f"/t/{tid}/judge/log/print?session=1").get_data(as_text=True)
    assert "departs from the suggested 5 points: deliberate" in paper
    # a floor judge's home has no list; the head judge's has it, linking to the ruling
    assert "Departures from the rubric" not in client.get(f"/t/{tid}/judge").get_data(
        as_text=True)
    listed = client.get(f"/api/t/{tid}/departures").get_json()["departures"]
    assert [(d["player"], d["points"], d["ruling_id"]) for d in listed] == [
        (player, 20, entry["id"])]
    login(client, demo, "head_judge")
    home = client.get(f"/t/{tid}/judge").get_data(as_text=True)
    assert "Departures from the rubric" in home
    assert f'href="/t/{tid}/judge/rulings/{entry["id"]}"' in home


def test_only_the_head_judge_decides_an_appeal_finally(app, client, demo):
    decide = client.post(f"/api/t/{demo['tournament_id']}/appeals/1/decision",
                         json={"decision": "upheld", "reason": "x", "op_id": op()})
    assert decide.status_code in (401, 403)
    login(client, demo, "judge")
    refused = client.post(f"/api/t/{demo['tournament_id']}/appeals/1/decision",
                          json={"decision": "upheld", "reason": "x", "op_id": op()})
    assert refused.status_code == 403
    assert "Only the head judge decides appeals (§4.3)" in refused.get_json()["message"]


# ---------------------------------------------------------------- resignation


def test_crossing_80_asks_and_an_explanation_changes_nothing_else(app, client, demo):
    tid, card = demo["tournament_id"], card_of(demo)
    login(client, demo, "judge")
    player = seated(client, card)[0]
    assert time_penalty(client, tid, card, player, 45).status_code == 200
    events = count(app, AuditEvent)
    asked = time_penalty(client, tid, card, player, 40, confirm_repeat=True)
    assert asked.status_code == 409
    answer = asked.get_json()
    assert answer["code"] == "resignation_question"
    detail = answer["details"][0]
    assert (detail["points_before"], detail["points_after"], detail["round"]) == (45, 85, 3)
    assert detail["choices"] == ["explained", "resigned"]
    assert "§1.9" in answer["message"] and "out of it (§4.11)" in answer["message"]
    # nothing saved while the question is open
    assert count(app, Penalty) == 1 and count(app, AuditEvent) == events
    empty = time_penalty(client, tid, card, player, 40, confirm_repeat=True,
                         resignation="explained")
    assert empty.status_code == 422
    assert empty.get_json()["details"][0]["code"] == "explanation_missing"
    kept = time_penalty(client, tid, card, player, 40, confirm_repeat=True,
                        resignation="explained", explanation="felt faint, doctor called")
    assert kept.status_code == 200, kept.get_json()
    assert kept.get_json()["penalty"]["time_explanation"] == "felt faint, doctor called"
    assert status_of(app, tid, player) == ("active", None)
    totals = client.get(f"/api/cards/{card}").get_json()["totals"]
    assert totals[str(player)]["penalties"] == -85
    # already above 80: a later charge in the same round does not ask again
    more = time_penalty(client, tid, card, player, 5, confirm_repeat=True)
    assert more.status_code == 200
    record = client.get(f"/t/{tid}/judge/players/{player}").get_data(as_text=True)
    assert "explanation accepted (§1.9): felt faint, doctor called" in record


def test_no_explanation_resigns_the_player_from_the_tournament(app, client, demo):
    tid, card = demo["tournament_id"], card_of(demo)
    login(client, demo, "judge")
    player = seated(client, card)[1]
    assert time_penalty(client, tid, card, player, 85).status_code == 409
    done = time_penalty(client, tid, card, player, 85, resignation="resigned")
    assert done.status_code == 200, done.get_json()
    assert status_of(app, tid, player) == ("resigned", 2)
    with app.app_context():
        # JSON columns cannot be compared in SQL on PostgreSQL: pick the ruling in Python
        (ruling,) = [r for r in db.session.scalars(select(Ruling))
                     if r.sections == ["1.9", "4.11"]]
        assert ruling.players == [player] and ruling.round == 3
        assert "resigns from the tournament" in ruling.decision
        audit = db.session.scalar(select(AuditEvent).where(AuditEvent.action == "player.resign"))
        assert "§1.9, §4.11" in audit.after["reason"]
    standings = client.get(f"/api/tournaments/{tid}/standings").get_json()["standings"]
    assert standings[-1]["number"] == player and standings[-1]["status"] == "resigned"
    log = client.get(f"/api/t/{tid}/rulings").get_json()["entries"]
    assert any("resigns from the tournament" in e["decision"] for e in log)


def test_timeouts_and_lateness_do_not_count_towards_80(client, demo):
    # §1.9 counts time-limit violations in a round; §4.14 is per session (our reading)
    tid, card = demo["tournament_id"], card_of(demo)
    login(client, demo, "judge")
    player = seated(client, card)[2]
    late = give(client, tid, card, player, category="special", infraction="timeout_or_late",
                points=100, round=3)
    assert late.status_code == 200, late.get_json()
    assert time_penalty(client, tid, card, player, 80, confirm_repeat=True).status_code == 200


def test_a_ruling_with_two_time_penalties_asks_at_the_one_that_crosses(app, client, demo):
    tid, card = demo["tournament_id"], card_of(demo)
    login(client, demo, "judge")
    player = seated(client, card)[3]
    spec = {"player": player, "category": "special", "infraction": "time_violation",
            "kind": "points", "points": 50}
    body = {"card_id": card, "round": 5, "what_happened": "Very slow round"}
    second = {**spec, "confirm_repeat": True}
    asked = client.post(f"/api/t/{tid}/rulings", json={**body, "op_id": op(),
                                                       "penalties": [spec, second]})
    assert asked.status_code == 409 and asked.get_json()["details"][0]["index"] == 1
    assert count(app, Ruling) == 0
    answered = client.post(f"/api/t/{tid}/rulings", json={
        **body, "op_id": op(),
        "penalties": [spec, {**second, "resignation": "resigned"}]})
    assert answered.status_code == 200, answered.get_json()
    assert status_of(app, tid, player)[0] == "resigned"


def test_a_time_penalty_needs_its_round(client, demo):
    tid, card = demo["tournament_id"], card_of(demo)
    login(client, demo, "judge")
    answer = give(client, tid, card, seated(client, card)[0], category="special",
                  infraction="time_violation", points=10)
    assert answer.status_code == 422
    assert answer.get_json()["details"][0]["code"] == "round_required"


def test_the_resignation_kind_puts_the_player_out_of_the_tournament(app, client, demo):
    tid, card = demo["tournament_id"], card_of(demo)
    login(client, demo, "judge")
    player = seated(client, card)[0]
    answer = give(client, tid, card, player, category="special", infraction="time_violation",
                  kind="resignation", points=0, round=4, reason="left the table for good")
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["penalty"]["label"] == "Resigned from the tournament"
    assert status_of(app, tid, player) == ("resigned", 2)


# ---------------------------------------------------------------- citations


def test_the_clock_says_its_warnings_and_extra_time_are_not_rules(client, demo):
    # §3.4.1.2 and §3.4.2.2 set the session length only; warnings and extra time are ours
    login(client, demo, "organizer")
    page = client.get(f"/t/{demo['tournament_id']}/clock/control").get_data(as_text=True)
    assert "Warnings show at 15 and 5 minutes left: a convenience of this app, not a rule" in page
    assert "the rulebook does not provide for extra time" in page
    assert "§3.4.1.2, §3.4.2.2" in page


def test_the_appeals_page_says_the_head_judge_decides_finally(client, demo):
    login(client, demo, "judge")
    page = client.get(f"/t/{demo['tournament_id']}/judge/appeals").get_data(as_text=True)
    assert "Only the head judge decides appeals, and that decision is final (§4.3, §4.11)" in page
