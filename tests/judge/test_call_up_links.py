"""A call-up needs a link (issue 28): the table's (the printed card's QR code), a seated
player's, or a judge's sign-in; new calls are limited per phone across tables. Reading a card
stays public, and no token shows in what a reader without one gets."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

from tests.conftest import login
from tests.factories import at_table, demo_card_id, op, seated, token_of


def call(client, card, headers=None, address="127.0.0.1"):
    return client.post(f"/api/cards/{card}/call-up", headers=headers or {},
                       json={"reason": "wrong claim", "op_id": op()},
                       environ_base={"REMOTE_ADDR": address})


def test_a_call_without_a_link_is_refused(app, client, demo):
    card = demo_card_id(demo)
    refused = call(client, card)
    assert refused.status_code == 401
    assert "table's link" in refused.get_json()["message"]
    wrong = call(client, card, {"X-Table-Token": "x" * 24})
    assert wrong.status_code == 403
    other_table = call(client, card, at_table(client, demo_card_id(demo, 1)))
    assert other_table.status_code == 403
    assert client.get(f"/api/cards/{card}/call-up").get_json()["call_up"] is None


def test_the_tables_link_a_seated_players_link_or_a_judge_may_call(app, client, demo):
    tid = demo["tournament_id"]
    first, second, third = (demo_card_id(demo, i) for i in range(3))
    assert call(client, first, at_table(client, first)).get_json()["is_new"]
    player = seated(client, second)[0]
    assert call(client, second, {"X-Player-Token": token_of(app, tid, player)}
                ).status_code == 200
    elsewhere = seated(client, first)[0]
    assert call(client, third, {"X-Player-Token": token_of(app, tid, elsewhere)}
                ).status_code == 403
    judge = login(app.test_client(), demo, "judge")
    assert call(judge, third).status_code == 200


def test_new_calls_are_limited_per_phone_across_tables(app, client, demo):
    allowed = app.config["CALL_UPS_PER_SOURCE"]
    cards = [demo_card_id(demo, i) for i in range(allowed + 2)]
    statuses = [call(client, card, at_table(client, card), "10.7.7.7").status_code
                for card in cards]
    assert statuses == [200] * allowed + [429] * 2
    # Another phone is not held back; a judge never is.
    last = cards[-1]
    assert call(app.test_client(), last, at_table(client, last), "10.7.7.8").status_code == 200
    judge = login(app.test_client(), demo, "judge")
    assert call(judge, cards[-2], address="10.7.7.7").status_code == 200


def test_reading_a_card_stays_public_and_shows_no_token(app, client, demo):
    tid, card = demo["tournament_id"], demo_card_id(demo)
    table = at_table(client, card)["X-Table-Token"]
    players = [token_of(app, tid, n) for n in seated(client, card)]
    for path in (f"/api/cards/{card}", f"/cards/{card}", f"/cards/{card}/plain",
                 f"/api/cards/{card}/call-up", f"/api/tournaments/{tid}/standings"):
        answer = client.get(path, headers={"Accept-Encoding": "identity"})
        assert answer.status_code == 200, path
        text = answer.get_data(as_text=True)
        assert table not in text and not any(token in text for token in players), path


def test_the_demo_prints_each_tables_link(app, client, demo):
    for card in demo["cards"]:
        link = urlsplit(card["link"])
        assert link.path == card["url"]
        card_id = int(card["api"].rsplit("/", 1)[1])
        assert parse_qs(link.query) == {"t": [at_table(client, card_id)["X-Table-Token"]]}
        assert len(parse_qs(link.query)["t"][0]) >= 22


def test_the_card_and_the_players_page_say_a_call_is_for_when_play_has_stopped(client, demo):
    page = client.get(demo["cards"][0]["link"]).get_data(as_text=True)
    assert "once play at your table has stopped" in page and "(§4.5)" in page
    player = client.get(demo["players"][0]["url"]).get_data(as_text=True)
    assert "once play at your table has stopped" in player
