"""The printed MCR score sheet (MCR Appendix 5): its words, the hands' deltas, the table
points beside the signatures, and a QR code that opens the live card."""

import uuid

import pytest

from tests.conftest import login
from tests.factories import make_mcr_demo
from tests.printing import page_sizes, page_texts, qr_codes, same_places
from tests.printing.__init__ import cards_pdf

HOST = "http://localhost"


@pytest.fixture
def mcr(app):
    return make_mcr_demo(app)


def record(client, card, hand, **body):
    winds = {w: int(p) for p, w in card["rounds"][hand - 1]["winds"].items()}
    body = {"round": hand, "op_id": str(uuid.uuid4()),
            **{k: winds[v] if k in ("winner", "discarder") else v for k, v in body.items()}}
    response = client.post(f"/api/cards/{card['id']}/rounds", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["card"]


def test_the_printed_mcr_sheet_decodes_to_its_live_card(client, mcr):
    login(client, mcr, "judge")
    pdf = cards_pdf(client, mcr).data
    assert page_sizes(pdf) == [(3.7, 8.5)] * 2
    assert [codes for codes in qr_codes(pdf)] == [[HOST + card["url"]] for card in mcr["cards"]]
    text = page_texts(pdf)[0]
    assert "MCR SCORE SHEET" in text.upper() and "MCR · 8 + value (MCR §3.9.1.3)" in text
    assert "Zung Jung" not in text and "Penalties MCR §3.11" in " ".join(text.split())


def test_a_finished_sheet_shows_the_hands_totals_and_table_points(client, mcr):
    login(client, mcr, "judge")
    card = client.get(mcr["cards"][0]["api"]).get_json()
    card = record(client, card, 1, result="win", winner="E", value=8, win="discard",
                  discarder="S")
    over = client.post(f"/api/cards/{card['id']}/time-over", json={"op_id": str(uuid.uuid4())})
    assert over.status_code == 200
    card = over.get_json()["card"]
    pdf = cards_pdf(client, mcr, "session=1&tables=1").data
    text = " ".join(page_texts(pdf)[0].split())
    values = [card["rounds"][0]["deltas"][str(p["number"])] for p in card["players"]]
    # MCR §3.9.1.3: East +32, South (the discarder) -16, West and North -8
    assert sorted(values) == [-16, -8, -8, 32]
    assert " ".join(f"{v:+d}" for v in values) in text
    points = card["table_points"]
    assert sorted(points.values()) == [0, 1.5, 1.5, 4]
    assert "table points 4" in text and "table points 1.5" in text
    assert qr_codes(pdf) == [[HOST + mcr["cards"][0]["url"]]]


def test_stamped_mcr_sheets_look_like_sheets_laid_out_whole(app, client, mcr):
    from judgeaid.models import Tournament
    from judgeaid.printing.cards import render_cards

    login(client, mcr, "judge")
    with app.test_request_context():
        tournament = app.extensions["sqlalchemy"].session.get(Tournament, mcr["tournament_id"])
        fast = render_cards(tournament, 1, tables=[1])
        plain = render_cards(tournament, 1, tables=[1], stamped=False)
    same_places(fast, plain)
