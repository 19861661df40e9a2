"""The four players, present together, confirm the card before a judge in one step (issue 27):
each confirmation stands on its own, "confirmed before judge X" (ZJ §1.5, MCR §3.9.1.4), and
the per-player confirmation API is unchanged."""

import uuid

from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, Confirmation
from tests.conftest import login
from tests.factories import card_json as card_of
from tests.factories import use_ruleset


def op():
    return str(uuid.uuid4())


def over(judge, card):
    answer = judge.post(f"/api/cards/{card['id']}/time-over",
                        json={"from_round": 1, "op_id": op()})
    assert answer.status_code == 200, answer.get_json()


def test_all_four_confirm_before_the_judge_in_one_write(app, client, demo):
    judge = login(app.test_client(), demo, "judge")
    card = card_of(judge, demo)
    url = f"/api/cards/{card['id']}/confirm-all"
    early = judge.post(url, json={"op_id": op()})
    assert early.status_code == 409 and "not finished" in early.get_json()["message"]
    over(judge, card)
    answer = judge.post(url, json={"op_id": op()})
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()["card"]
    numbers = [p["number"] for p in card["players"]]
    assert body["status"] == "locked" and body["pending_confirmations"] == []
    assert sorted(c["player"] for c in body["confirmations"]) == sorted(numbers)
    assert {c["via"] for c in body["confirmations"]} == {"witnessed"}
    judge_name = demo["judge"]["name"]
    assert {c["before_judge"] for c in body["confirmations"]} == {judge_name}
    with app.app_context():
        rows = db.session.scalars(select(Confirmation).where(
            Confirmation.card_id == card["id"])).all()
        # one row per player, each "confirmed before judge X"
        assert sorted(r.player_number for r in rows) == sorted(numbers)
        assert {(r.via, r.confirmed_by) for r in rows} == {("witnessed", f"judge:{judge_name}")}
        event = db.session.scalar(select(AuditEvent).where(
            AuditEvent.action == "card.confirm.witnessed"))
        assert sorted(event.after["players"]) == sorted(numbers)
    # the public card says the same to everyone
    public = client.get(f"/api/cards/{card['id']}").get_json()
    assert {c["before_judge"] for c in public["confirmations"]} == {judge_name}


def test_some_confirmed_on_their_own_the_rest_before_the_judge(app, client, demo):
    judge = login(app.test_client(), demo, "judge")
    card = card_of(judge, demo)
    over(judge, card)
    numbers = [p["number"] for p in card["players"]]
    # the per-player API stands as it was: a judge confirms for one player
    one = judge.post(f"/api/cards/{card['id']}/confirm",
                     json={"player": numbers[0], "op_id": op()})
    assert one.status_code == 200 and one.get_json()["card"]["status"] == "open"
    # two more confirm before the judge; the fourth is not there yet
    two = judge.post(f"/api/cards/{card['id']}/confirm-all",
                     json={"players": numbers[:3], "op_id": op()})
    body = two.get_json()["card"]
    assert two.status_code == 200 and body["status"] == "open"
    assert body["pending_confirmations"] == [numbers[3]]
    via = {c["player"]: c["via"] for c in body["confirmations"]}
    assert via == {numbers[0]: "judge", numbers[1]: "witnessed", numbers[2]: "witnessed"}
    token = next(p["url"].rsplit("/", 1)[1] for p in demo["players"] if p["number"] == numbers[3])
    mine = client.post(f"/api/cards/{card['id']}/confirm", headers={"X-Player-Token": token},
                       json={"op_id": op()})
    assert mine.get_json()["card"]["status"] == "locked"


def test_only_a_judge_and_only_the_table(app, client, demo):
    judge = login(app.test_client(), demo, "judge")
    card = card_of(judge, demo)
    over(judge, card)
    numbers = [p["number"] for p in card["players"]]
    token = next(p["url"].rsplit("/", 1)[1] for p in demo["players"] if p["number"] == numbers[0])
    player = client.post(f"/api/cards/{card['id']}/confirm-all",
                         headers={"X-Player-Token": token}, json={"op_id": op()})
    assert player.status_code == 403
    stranger = next(p["number"] for p in demo["players"] if p["number"] not in numbers)
    wrong = judge.post(f"/api/cards/{card['id']}/confirm-all",
                       json={"players": [numbers[0], stranger], "op_id": op()})
    assert wrong.status_code == 403 and str(stranger) in wrong.get_json()["message"]
    assert card_of(judge, demo)["confirmations"] == []


def test_mcr_card_confirmed_before_the_judge(app, demo):
    use_ruleset(app, demo["tournament_id"])
    judge = login(app.test_client(), demo, "judge")
    card = card_of(judge, demo)
    over(judge, card)
    body = judge.post(f"/api/cards/{card['id']}/confirm-all",
                      json={"op_id": op()}).get_json()["card"]
    assert body["status"] == "locked"
    assert {c["via"] for c in body["confirmations"]} == {"witnessed"}


def test_the_printed_card_keeps_the_signature_lines_and_says_before_whom(app, demo):
    from judgeaid.printing.cards import card_data, sheet_data

    judge = login(app.test_client(), demo, "judge")
    card = card_of(judge, demo)
    over(judge, card)
    assert judge.post(f"/api/cards/{card['id']}/confirm-all",
                      json={"op_id": op()}).status_code == 200
    with app.app_context():
        from judgeaid.services.card_views import card_view
        from judgeaid.services.cards import get_card_or_404

        view = card_view(get_card_or_404(card["id"]))
    data = card_data(view, session=1)
    # each player's signature box is still there, their confirmation noted under it
    signers = "\n".join(data["signers"])
    assert all(str(p["number"]) in signers for p in view["players"])
    notes = "\n".join(data["notes"])
    assert notes.count(f"confirmed before {demo['judge']['name']}") == 4, notes
    sheet = sheet_data(view, session=1)
    assert [p["note"].startswith(f"confirmed before {demo['judge']['name']}")
            for p in sheet["players"]] == [True] * 4
