"""A whole signed paper card entered after an outage: all or nothing, conflicts shown first."""

import uuid

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, CardPenalty, CardRound, Confirmation
from tests.conftest import login
from tests.factories import expected_deltas, paper_rounds, winds_of


def op():
    return str(uuid.uuid4())


def card_of(client, demo, table=1):
    return client.get(demo["cards"][table - 1]["api"]).get_json()


def post_paper(client, card, **body):
    body.setdefault("op_id", op())
    return client.post(f"/api/cards/{card['id']}/paper", json=body)


def players_of(card):
    return [p["number"] for p in card["players"]]


def test_a_whole_paper_card_with_a_penalty_and_four_signatures(judge, demo):
    card = card_of(judge, demo)
    players = players_of(card)
    offender = players[2]
    answer = post_paper(judge, card, rounds=paper_rounds(card),
                        penalties=[{"player": offender, "points": 10, "round": 7,
                                    "reason": "slow play (§4.11)"}],
                        signed=players)
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["summary"]["added"] == list(range(1, 17))
    assert body["summary"]["signed_on_paper"] == players

    after = card_of(judge, demo)
    sums = dict.fromkeys(players, 0)
    for number, deltas in enumerate(expected_deltas(card), start=1):
        line = after["rounds"][number - 1]
        assert {int(k): v for k, v in line["deltas"].items()} == deltas, f"round {number}"
        assert line["revision"] == 1
        for player, delta in deltas.items():
            sums[player] += delta
    for player in players:
        penalty = 10 if player == offender else 0
        assert after["totals"][str(player)] == {"rounds": sums[player], "penalties": -penalty,
                                                "total": sums[player] - penalty}
    assert [(p["player"], p["points"], p["round"]) for p in after["penalties"]] == [
        (offender, 10, 7)]
    # The signatures on paper lock the card, and say they came from paper.
    assert after["status"] == "locked"
    assert sorted(c["via"] for c in after["confirmations"]) == ["paper"] * 4


def test_signatures_on_paper_are_told_apart_from_a_players_tap(app, judge, demo):
    card = card_of(judge, demo)
    players = players_of(card)
    assert post_paper(judge, card, rounds=paper_rounds(card)).status_code == 200
    # One player confirms on their own phone; the judge enters the other three from paper.
    token = next(p["url"] for p in demo["players"] if p["number"] == players[0]).rsplit("/", 1)[1]
    mine = app.test_client().post(f"/api/cards/{card['id']}/confirm", json={"op_id": op()},
                                  headers={"X-Player-Token": token})
    assert mine.status_code == 200, mine.get_json()
    answer = post_paper(judge, card, rounds=paper_rounds(card), signed=players[1:])
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json()["summary"]["already_recorded"] == list(range(1, 17))
    via = {c["player"]: c["via"] for c in answer.get_json()["card"]["confirmations"]}
    assert via == {players[0]: "player", players[1]: "paper", players[2]: "paper",
                   players[3]: "paper"}
    with app.app_context():
        rows = db.session.scalars(select(Confirmation).where(
            Confirmation.card_id == card["id"])).all()
        assert sorted(r.via for r in rows) == ["paper", "paper", "paper", "player"]
        assert all(r.confirmed_by.startswith("judge:") for r in rows if r.via == "paper")
        actions = db.session.scalars(select(AuditEvent.action).where(
            AuditEvent.subject == f"card:{card['id']}")).all()
    assert actions.count("card.confirm.paper") == 3 and actions.count("card.confirm") == 1
    assert actions.count("card.paper") == 2


def test_one_bad_row_saves_nothing_and_names_the_row(app, judge, demo):
    card = card_of(judge, demo)
    rounds = paper_rounds(card)
    rounds[4] = {"round": 5, "result": "win", "win": "discard",
                 "discarder": winds_of(card, 5)["S"], "value": 30}  # no winner
    rounds[8] = dict(rounds[8], winner=9999)  # not at this table
    before = card["version"]
    answer = post_paper(judge, card, rounds=rounds, signed=players_of(card),
                        penalties=[{"player": players_of(card)[0], "points": 5,
                                    "reason": "  "}])
    assert answer.status_code == 422
    body = answer.get_json()
    assert "Nothing on the card changed" in body["message"]
    by_row = {d["row"]: d for d in body["details"]}
    assert by_row["round 5"]["field"] == "winner" and "winner" in by_row["round 5"]["message"]
    assert "9999" in by_row["round 9"]["message"] and "not at this table" in \
        by_row["round 9"]["message"]
    assert by_row["penalty 1"]["field"] == "reason"
    after = card_of(judge, demo)
    assert after["version"] == before
    assert not any(r["recorded"] for r in after["rounds"])
    assert after["penalties"] == [] and after["confirmations"] == []
    with app.app_context():
        assert db.session.scalars(select(CardRound)).all() == []
        assert db.session.scalars(select(CardPenalty)).all() == []


def test_signatures_need_every_round(judge, demo):
    card = card_of(judge, demo)
    answer = post_paper(judge, card, rounds=paper_rounds(card)[:12], signed=players_of(card))
    assert answer.status_code == 422
    detail = answer.get_json()["details"][0]
    assert detail["row"] == "signatures" and "Round 13 and 3 more" in detail["message"]
    assert not any(r["recorded"] for r in card_of(judge, demo)["rounds"])


def test_rounds_recorded_the_same_way_are_left_alone(judge, demo):
    card = card_of(judge, demo)
    rounds = paper_rounds(card)
    for row in rounds[:3]:
        live = judge.post(f"/api/cards/{card['id']}/rounds", json={**row, "op_id": op()})
        assert live.status_code == 200
    recorded = card_of(judge, demo)["rounds"][:3]
    answer = post_paper(judge, card, rounds=rounds)
    assert answer.status_code == 200, answer.get_json()
    summary = answer.get_json()["summary"]
    assert summary["already_recorded"] == [1, 2, 3] and summary["added"] == list(range(4, 17))
    after = card_of(judge, demo)["rounds"]
    for number in (1, 2, 3):
        assert after[number - 1]["revision"] == 1
        assert after[number - 1]["recorded_at"] == recorded[number - 1]["recorded_at"]
        assert after[number - 1]["history"] == []


def test_a_round_recorded_differently_is_a_conflict_until_the_judge_chooses(app, judge, demo):
    card = card_of(judge, demo)
    rounds = paper_rounds(card)
    live2 = dict(rounds[1], value=rounds[1]["value"] + 4)  # the phone said 24, the paper 20
    live4 = dict(rounds[3], value=rounds[3]["value"] - 10)
    for row in (live2, live4):
        assert judge.post(f"/api/cards/{card['id']}/rounds",
                          json={**row, "op_id": op()}).status_code == 200
    before = card_of(judge, demo)

    # First try: nothing applied, both conflicts shown with both versions and who recorded.
    answer = post_paper(judge, card, rounds=rounds)
    assert answer.status_code == 409
    conflicts = [d for d in answer.get_json()["details"] if d["kind"] == "conflict"]
    assert [c["round"] for c in conflicts] == [2, 4]
    assert conflicts[0]["recorded"]["value"] == live2["value"]
    assert conflicts[0]["paper"]["value"] == rounds[1]["value"]
    assert conflicts[0]["recorded"]["recorded_by"] == f"judge:{demo['judge']['name']}"
    assert demo["judge"]["name"] in conflicts[0]["message"]
    assert card_of(judge, demo)["version"] == before["version"]

    # A stale choice (made on revision 1, but round 2 was corrected since) is refused too.
    fix = judge.post(f"/api/cards/{card['id']}/rounds", json={
        **live2, "value": 22, "correction": True, "base_revision": 1, "reason": "typo",
        "op_id": op()})
    assert fix.status_code == 200
    stale = post_paper(judge, card, rounds=rounds, choices=[
        {"round": 2, "choice": "paper", "base_revision": 1},
        {"round": 4, "choice": "keep", "base_revision": 1}])
    assert stale.status_code == 409
    assert [d["round"] for d in stale.get_json()["details"]] == [2]
    assert "changed again" in stale.get_json()["details"][0]["message"]

    # Choosing: the paper for round 2 (a correction on revision 2), keep round 4.
    answer = post_paper(judge, card, rounds=rounds, choices=[
        {"round": 2, "choice": "paper", "base_revision": 2},
        {"round": 4, "choice": "keep", "base_revision": 1}])
    assert answer.status_code == 200, answer.get_json()
    summary = answer.get_json()["summary"]
    assert summary["corrected"] == [2] and summary["kept"] == [4]
    after = card_of(judge, demo)["rounds"]
    assert after[1]["value"] == rounds[1]["value"] and after[1]["revision"] == 3
    assert [h["value"] for h in after[1]["history"]] == [22, live2["value"]]
    assert "paper card" in after[1]["reason"]
    assert after[3]["value"] == live4["value"] and after[3]["revision"] == 1
    with app.app_context():
        corrections = db.session.scalars(select(AuditEvent).where(
            AuditEvent.action == "card.correct",
            AuditEvent.subject == f"card:{card['id']}:round:2")).all()
        assert [c.after["value"] for c in corrections] == [22, rounds[1]["value"]]


def test_replaying_the_same_submission_applies_it_once(app, judge, demo):
    card = card_of(judge, demo)
    players = players_of(card)
    body = {"rounds": paper_rounds(card), "op_id": op(),
            "penalties": [{"player": players[1], "points": 5, "reason": "late (§4.14)"}]}
    first = judge.post(f"/api/cards/{card['id']}/paper", json=body)
    again = judge.post(f"/api/cards/{card['id']}/paper", json=body)
    assert first.status_code == again.status_code == 200
    assert again.get_json() == first.get_json()
    after = card_of(judge, demo)
    assert len(after["penalties"]) == 1
    assert after["totals"][str(players[1])]["penalties"] == -5
    with app.app_context():
        assert len(db.session.scalars(select(CardRound)).all()) == 16


def test_only_a_judge_enters_a_paper_card(app, client, demo):
    card = card_of(client, demo)
    anonymous = post_paper(client, card, rounds=paper_rounds(card))
    assert anonymous.status_code == 401
    token = demo["players"][0]["url"].rsplit("/", 1)[1]
    player = app.test_client().post(f"/api/cards/{card['id']}/paper",
                                    json={"rounds": [], "op_id": op()},
                                    headers={"X-Player-Token": token})
    assert player.status_code == 403
    assert client.get(f"/cards/{card['id']}/paper").status_code in (302, 401)


@pytest.mark.parametrize(("change", "field"), [
    ({"rounds": [{"round": 17, "result": "draw"}]}, "rounds.0.round"),
    ({"rounds": [{"round": 1, "result": "win", "value": "70"}]}, "rounds.0.value"),
    ({"rounds": [{"round": 1, "result": "lost"}]}, "rounds.0.result"),
    ({"penalties": [{"player": 1, "points": 0, "reason": "x"}]}, "penalties.0.points"),
    ({"signed": [1, 2, 3, 4, 5]}, "signed"),
    ({"choices": [{"round": 1, "choice": "both", "base_revision": 1}]}, "choices.0.choice"),
])
def test_malformed_input_is_a_clear_400_naming_the_field(judge, demo, change, field):
    card = card_of(judge, demo)
    answer = post_paper(judge, card, **{"rounds": [], **change})
    assert answer.status_code == 400
    assert field in [d["field"] for d in answer.get_json()["details"]]
    assert field in answer.get_json()["message"]


def test_the_paper_page_is_for_judges(client, demo):
    card = card_of(client, demo)
    login(client, demo, "judge")
    page = client.get(f"/cards/{card['id']}/paper")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "data-paper-form" in html and 'id="paper-page"' in html
