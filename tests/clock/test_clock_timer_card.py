"""?card=ID on the play timers page chooses that card's table, in that card's session."""

from __future__ import annotations

from tests.conftest import login


def test_the_timers_page_chooses_the_cards_table(client, demo):
    judge = login(client, demo, "judge")
    card = demo["cards"][3]
    card_id = int(card["api"].rsplit("/", 1)[1])
    page = judge.get(f"/t/{demo['tournament_id']}/timers?card={card_id}")
    assert page.status_code == 200
    assert f'data-table="{card["table"]}"' in page.get_data(as_text=True).split(
        "data-timer-start", 1)[1].split(">", 1)[0]


def test_a_card_of_another_tournament_is_not_found(client, demo):
    judge = login(client, demo, "judge")
    assert judge.get(f"/t/{demo['tournament_id']}/timers?card=999999").status_code == 404


def test_a_reader_is_not_let_in(client, demo):
    card_id = int(demo["cards"][0]["api"].rsplit("/", 1)[1])
    answer = client.get(f"/t/{demo['tournament_id']}/timers?card={card_id}")
    assert answer.status_code in (302, 401, 403)
