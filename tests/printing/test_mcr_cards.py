"""The printed MCR score sheet (MCR Appendix 5): its words, the hands' deltas, the table
points beside the signatures, and a QR code that opens the live card."""

import uuid

import pytest

from tests.conftest import login
from tests.factories import make_mcr_demo
from tests.printing import char_boxes, page_sizes, page_texts, qr_codes, same_places
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
    assert [codes for codes in qr_codes(pdf)] == [[HOST + card["link"]] for card in mcr["cards"]]
    text = page_texts(pdf)[0]
    words = " ".join(text.split())
    assert "MCR SCORE SHEET (APPENDIX 5)" in text.upper()
    assert "MCR · 8 + value (MCR §3.9.1.3)" in text and "Zung Jung" not in text
    # MCR Appendix 5: the players' block, then the hands with +, - and Total per player
    for label in ("Team", "Player #", "Position", "Table pts", "Total pts", "Signature",
                  "Hand", "Remarks", "Total", "Penalties", "MCR §3.11", "Referee",
                  "Chief referee", "Date", "Time from"):
        assert label in words, label
    assert "East South West North" in words
    assert words.count("+ − Total") == 4
    card = client.get(mcr["cards"][0]["api"]).get_json()
    for player in card["players"]:
        assert str(player["number"]) in text.split()


def sheet_rows(pdf: bytes, tops: list[float], height: float) -> list[list[str]]:
    """Return, for each row starting at `tops`, the text in each of the twelve +/-/Total
    columns of the sheet (a card-sized page, so inches on the page are the sheet's)."""
    from judgeaid.printing.cards import sheet_geometry

    g = sheet_geometry()
    edges = [x for subs in g["subs"] for x in subs] + [g["remarks"]]
    chars = char_boxes(pdf)[0]
    rows = []
    for top in tops:
        cells = [""] * 12
        for char, (left, _, char_top) in chars:
            if top < char_top < top + height and edges[0] <= left < edges[-1]:
                column = max(i for i in range(12) if edges[i] <= left)
                cells[column] += char
        rows.append([cell.strip() for cell in cells])
    return rows


def expected_rows(card: dict) -> list[list[str]]:
    running = {p["number"]: 0 for p in card["players"]}
    rows = []
    for line in card["rounds"]:
        row = []
        for player in card["players"]:
            if line.get("result") == "not_played":
                row += ["-", "-", "-"]
                continue
            if not line["recorded"]:
                row += ["", "", ""]
                continue
            delta = line["deltas"][str(player["number"])]
            running[player["number"]] += delta
            row += [str(delta) if delta > 0 else "", str(-delta) if delta < 0 else "",
                    str(running[player["number"]])]
        rows.append(row)
    return rows


def test_a_recorded_sheet_shows_each_hands_plus_minus_and_running_total(client, mcr):
    from judgeaid.printing.cards import sheet_geometry

    login(client, mcr, "judge")
    card = client.get(mcr["cards"][0]["api"]).get_json()
    card = record(client, card, 1, result="win", winner="E", value=8, win="discard",
                  discarder="S")
    card = record(client, card, 2, result="draw")
    card = record(client, card, 3, result="win", winner="W", value=24, win="self")
    pdf = cards_pdf(client, mcr, "session=1&tables=1").data
    g = sheet_geometry()
    rows = sheet_rows(pdf, g["row_tops"], g["row_height"])
    assert len(rows) == 16
    assert rows == expected_rows(card)
    # MCR §3.9.1.3: a discard win of 8 is +32 for the winner, -16 from the discarder and -8
    # from the others; a self-drawn 24 is 32 from each of the three others
    assert sorted(int(rows[0][i] or 0) - int(rows[0][i + 1] or 0) for i in (0, 3, 6, 9)) == [
        -16, -8, -8, 32]
    assert sorted(rows[2][0::3]) == ["", "", "", "96"]
    assert sorted(rows[2][1::3]) == ["", "32", "32", "32"]
    assert all(cell == "" for row in rows[3:] for cell in row)
    # The Total row: the sums of the + and - columns and each player's total of the hands
    totals = sheet_rows(pdf, [g["total_top"]], g["foot_height"])[0]
    for i, player in enumerate(card["players"]):
        deltas = [r["deltas"][str(player["number"])] for r in card["rounds"] if r["recorded"]]
        assert totals[3 * i:3 * i + 3] == [str(sum(d for d in deltas if d > 0)),
                                           str(-sum(d for d in deltas if d < 0)),
                                           str(card["totals"][str(player["number"])]["total"])]
    text = page_texts(pdf)[0]
    assert "8 · disc." in text and "draw" in text and "24 · self" in text
    assert f"card version {card['version']}" in text
    assert qr_codes(pdf) == [[HOST + mcr["cards"][0]["link"]]]

    blank = cards_pdf(client, mcr, "session=1&tables=1&blank=1").data
    assert all(cell == "" for row in sheet_rows(blank, g["row_tops"], g["row_height"])
               for cell in row)
    assert card["players"][0]["name"].split()[0] in page_texts(blank)[0]


def test_a_finished_sheet_shows_the_hands_totals_and_table_points(client, mcr):
    from judgeaid.printing.cards import sheet_geometry

    login(client, mcr, "judge")
    card = client.get(mcr["cards"][0]["api"]).get_json()
    card = record(client, card, 1, result="win", winner="E", value=8, win="discard",
                  discarder="S")
    over = client.post(f"/api/cards/{card['id']}/time-over", json={"op_id": str(uuid.uuid4())})
    assert over.status_code == 200
    card = over.get_json()["card"]
    pdf = cards_pdf(client, mcr, "session=1&tables=1").data
    g = sheet_geometry()
    rows = sheet_rows(pdf, g["row_tops"], g["row_height"])
    assert rows == expected_rows(card)
    assert all(row == ["-"] * 12 for row in rows[1:])  # MCR §3.5.6: not played
    assert page_texts(pdf)[0].count("time up") == 15
    values = [card["rounds"][0]["deltas"][str(p["number"])] for p in card["players"]]
    assert sorted(values) == [-16, -8, -8, 32]
    points = card["table_points"]
    assert sorted(points.values()) == [0, 1.5, 1.5, 4]
    # MCR §3.9.2: each player's table points and total points in the players' block
    block = sheet_rows(pdf, [g["block_rows"][4], g["block_rows"][5]], g["block_heights"][4])
    expected_points = [f"{points[str(p['number'])]:g}" for p in card["players"]]
    assert [" ".join(block[0][3 * i:3 * i + 3]).strip() for i in range(4)] == expected_points
    assert [" ".join(block[1][3 * i:3 * i + 3]).strip() for i in range(4)] == [
        f"{v:+d}" if v else "0" for v in values]
    assert qr_codes(pdf) == [[HOST + mcr["cards"][0]["link"]]]


def test_spare_mcr_sheets_and_two_on_a4(client, mcr):
    login(client, mcr, "judge")
    pdf = cards_pdf(client, mcr, "session=1&layout=a4&spare=1").data
    assert page_sizes(pdf) == [(8.27, 11.69)] * 2
    codes = [code for page in qr_codes(pdf) for code in page]
    assert sorted(codes) == sorted(HOST + card["link"] for card in mcr["cards"])
    assert "Spare sheet" in page_texts(pdf)[1]
    # one spare asked for, one printed: the second sheet's other half is bare (issue 27)
    assert page_texts(pdf)[1].count("Hand") == 1


def test_stamped_mcr_sheets_look_like_sheets_laid_out_whole(app, client, mcr):
    from judgeaid.models import Tournament
    from judgeaid.printing.cards import render_cards

    login(client, mcr, "judge")
    with app.test_request_context():
        tournament = app.extensions["sqlalchemy"].session.get(Tournament, mcr["tournament_id"])
        fast = render_cards(tournament, 1, tables=[1])
        plain = render_cards(tournament, 1, tables=[1], stamped=False)
    same_places(fast, plain)


def test_the_print_page_of_an_mcr_event_offers_score_sheets(client, mcr):
    login(client, mcr, "judge")
    page = client.get(f"/t/{mcr['tournament_id']}/print/cards?session=1")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "MCR Appendix 5" in text and "Official Scoring Card" not in text


def test_long_and_cjk_names_and_teams_stay_in_their_columns(app, client):
    from judgeaid.extensions import db
    from judgeaid.printing.cards import render_cards, sheet_geometry
    from judgeaid.services import accounts, players, seating

    names = ["Maximiliano Hernández-Castellanos", "王小明", "Ó Súilleabháin Siobhán",
             "Wolfgang Amadeus Mozartwilliams"]
    with app.test_request_context("/"):
        tournament, organizer = accounts.create_tournament(
            "Campeonato MCR", "mcr", "Olga", "1357", seed=5, ruleset="mcr")
        for name in names:
            players.add_player(tournament, name, "Club de Mahjong de Barcelona", organizer)
        seating.seat_session(tournament, 1, organizer)
        db.session.commit()
        pdf = render_cards(tournament, 1)
    chars = char_boxes(pdf)[0]
    text = "".join(c for c, _ in chars)
    assert "…" in text and "Club" in text
    g = sheet_geometry()
    block_top, block_bottom = g["block_rows"][0], g["block_rows"][3]
    inside = [(c, box) for c, box in chars if block_top < box[2] < block_bottom
              and box[0] >= g["players"][0] and not c.isspace()]
    assert inside
    for char, (left, right, _) in inside:
        column = max(x for x in g["players"] if x <= left)
        assert right <= column + g["player"] + 0.005, (char, left, right)


def test_team_names_print_whole_on_the_score_sheet(app, client):
    # issue 27: team names were cut short; each now prints whole, wrapped and set smaller
    # as it needs, inside its player's column and the Team row
    from judgeaid.extensions import db
    from judgeaid.printing.cards import render_cards, sheet_geometry
    from judgeaid.services import accounts, players, seating

    teams = ["Asociación de Mahjong de Barcelona", "Club Mahjong Riichi Sociedad Anónima",
             "Team A", "Wolfgang's Wonderful Windmill Winners"]
    with app.test_request_context("/"):
        tournament, organizer = accounts.create_tournament(
            "Campeonato MCR", "mcr", "Olga", "1357", seed=5, ruleset="mcr")
        for i, team in enumerate(teams):
            players.add_player(tournament, f"Player {i + 1}", team, organizer)
        seating.seat_session(tournament, 1, organizer)
        db.session.commit()
        for stamped in (True, False):
            pdf = render_cards(tournament, 1, stamped=stamped)
            g = sheet_geometry()
            top, bottom = g["block_rows"][0], g["block_rows"][1]
            chars = [(c, box) for c, box in char_boxes(pdf)[0]
                     if top < box[2] < bottom and box[0] >= g["players"][0]]
            printed = []
            for x in g["players"]:
                column = [(c, box) for c, box in chars if x <= box[0] < x + g["player"]]
                assert all(box[1] <= x + g["player"] + 0.005 for _, box in column)
                printed.append("".join(c for c, _ in column if not c.isspace()))
            assert "…" not in "".join(printed)
            assert sorted(printed) == sorted(t.replace(" ", "") for t in teams)
