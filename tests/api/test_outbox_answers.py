"""What the JSON API tells a phone's outbox when a write is refused: `code: "signin"` when a
sign-in could fix it (the outbox keeps the write until then), none when the write itself is
refused (the outbox shows it to a person)."""

import uuid

from tests.conftest import login


def round_write(client, card_id, headers=None):
    return client.post(f"/api/cards/{card_id}/rounds", headers=headers or {},
                       json={"round": 1, "result": "draw", "op_id": str(uuid.uuid4())})


def card_id(demo):
    return int(demo["cards"][0]["api"].rsplit("/", 1)[1])


def test_signed_out_write_says_a_sign_in_would_help(client, demo):
    response = round_write(client, card_id(demo))
    assert response.status_code == 401
    assert response.get_json()["code"] == "signin"


def test_a_sign_in_that_may_not_do_this_says_so(client, demo):
    login(client, demo, "judge")
    response = client.post(f"/api/tournaments/{demo['tournament_id']}/clock",
                           json={"action": "start", "op_id": str(uuid.uuid4())})
    assert response.status_code == 403
    assert response.get_json()["code"] == "signin"


def test_a_refused_write_needs_a_person_not_a_sign_in(client, demo):
    token = demo["players"][0]["url"].rsplit("/", 1)[1]
    response = round_write(client, card_id(demo), {"X-Player-Token": token})
    assert response.status_code == 403
    assert "code" not in response.get_json()
