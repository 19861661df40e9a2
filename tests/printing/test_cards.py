"""Printed Official Scoring Cards: sizes, QR codes to the live cards, blank and filled cards."""

import uuid

import pytest

from tests.printing import (
    cards_pdf,
    char_boxes,
    page_images,
    page_sizes,
    page_texts,
    qr_codes,
    same_places,
)

HOST = "http://localhost"


def record(client, demo, table, round_no, **body):
    card = client.get(demo["cards"][table - 1]["api"]).get_json()
    winds = {w: int(p) for p, w in card["rounds"][round_no - 1]["winds"].items()}
    body = {"round": round_no, "op_id": str(uuid.uuid4()),
            **{k: winds[v] if k in ("winner", "discarder") else v for k, v in body.items()}}
    response = client.post(f"/api/cards/{card['id']}/rounds", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()["card"]


def test_one_card_per_table_on_a_card_sized_page(judge, demo):
    response = cards_pdf(judge, demo)
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"].startswith("inline; filename=")
    assert page_sizes(response.data) == [(3.7, 8.5)] * len(demo["cards"])


def test_every_qr_code_opens_its_live_card(judge, demo):
    pages = qr_codes(cards_pdf(judge, demo).data)
    assert all(len(codes) == 1 for codes in pages)
    assert [codes[0] for codes in pages] == [HOST + card["link"] for card in demo["cards"]]


@pytest.mark.parametrize(("layout", "size"), [("letter", (8.5, 11.0)), ("a4", (8.27, 11.69))])
def test_sheets_hold_two_cards_with_cut_marks(judge, demo, layout, size):
    pdf = cards_pdf(judge, demo, f"session=1&layout={layout}").data
    assert page_sizes(pdf) == [size] * (len(demo["cards"]) // 2)
    codes = [code for page in qr_codes(pdf) for code in page]
    assert sorted(codes) == sorted(HOST + card["link"] for card in demo["cards"])
    # Cut marks: dark ticks in the top margin, above each cut line, and nothing else there.
    image = page_images(pdf, dpi=100)[0].convert("L")
    margin = image.crop((0, 0, image.width, int((size[1] - 8.5) / 2 * 100) - 2))
    # A 0.5 pt line between two pixels greys both: count any pixel clearly off white.
    ticks = {x for x in range(margin.width)
             if margin.crop((x, 0, x + 1, margin.height)).getextrema()[0] < 235}
    cuts = [(size[0] - 7.4) / 2 + i * 3.7 for i in range(3)]
    assert all(min(abs(x / 100 - cut) for cut in cuts) < 0.03 for x in ticks)
    assert all(min(abs(x / 100 - cut) for x in ticks) < 0.03 for cut in cuts)


def test_a_card_names_the_event_table_players_and_dealers(judge, demo):
    card = judge.get(demo["cards"][0]["api"]).get_json()
    text = page_texts(cards_pdf(judge, demo, "session=1&tables=1").data)[0]
    assert "judgeaid Demo Open" in text and "Session 1 · Table 1" in text
    for player in card["players"]:
        assert player["name"] in text
    names = {p["number"]: p["name"] for p in card["players"]}
    dealers = [line.split()[-1] for line in text.splitlines()
               if line.strip() and line.split()[-1].isdigit() and len(line.split()) == 2
               and line.split()[0].isalpha() and line.split()[0].isupper()]
    assert [int(d) for d in dealers[:16]] == [r["dealer"] for r in card["rounds"]]
    assert set(dealers) <= {str(n) for n in names}
    for label in ("Penalties", "Total", "Signatures", "Judge"):
        assert label in text


def test_a_reprint_shows_the_recorded_rounds_penalties_and_totals(judge, demo):
    record(judge, demo, 1, 1, result="win", winner="E", value=70, win="discard",
           discarder="S")
    record(judge, demo, 1, 2, result="draw")
    card = judge.get(demo["cards"][0]["api"]).get_json()
    offender = card["players"][2]["number"]
    judge.post(f"/api/cards/{card['id']}/penalties",
               json={"player": offender, "points": 10, "reason": "slow play",
                     "op_id": str(uuid.uuid4())})
    card = judge.get(demo["cards"][0]["api"]).get_json()
    text = page_texts(cards_pdf(judge, demo, "session=1&tables=1").data)[0]
    first = card["rounds"][0]["deltas"]
    values = [first[str(p["number"])] for p in card["players"]]
    assert " ".join(f"{v:+d}" for v in values) in " ".join(text.split())
    assert " ".join(["0"] * 4) in " ".join(text.split())  # the drawn round
    assert "-10" in text.split()
    totals = [card["totals"][str(p["number"])]["total"] for p in card["players"]]
    assert " ".join(f"{t:+d}" if t else "0" for t in totals) in " ".join(text.split())
    assert f"card version {card['version']}" in text

    blank = page_texts(cards_pdf(judge, demo, "session=1&tables=1&blank=1").data)[0]
    assert "-10" not in blank.split() and "+210" not in blank.split()
    assert card["players"][0]["name"] in blank


def test_names_and_scores_stay_inside_their_columns(app, judge, demo):
    """Preformatted columns line up with the form's lines (inches from the card's edge)."""
    from judgeaid.printing.cards import card_geometry, initials

    record(judge, demo, 1, 1, result="win", winner="N", value=320, win="discard",
           discarder="W")
    card = judge.get(demo["cards"][0]["api"]).get_json()
    chars = char_boxes(cards_pdf(judge, demo, "session=1&tables=1").data)[0]
    text = "".join(c for c, _ in chars)
    names = {p["number"]: p["name"] for p in card["players"]}
    dealer = card["rounds"][0]["dealer"]
    at = text.index(f"{initials(names[dealer])} {dealer}")  # round 1's line
    for (left, width), player in zip(card_geometry()["columns"][2:], card["players"],
                                     strict=True):
        label = text.index(f"No. {player['number']}")
        assert left < chars[label][1][0] < left + 0.08, (player, chars[label])
        value = f"{card['rounds'][0]['deltas'][str(player['number'])]:+d}"
        at = text.index(value, at)
        end = chars[at + len(value) - 1][1][1]
        assert left + width - 0.12 < end < left + width, (value, end, left + width)
        at += len(value)


def test_long_and_cjk_names_keep_every_column_in_place(app, client):
    from judgeaid.extensions import db
    from judgeaid.printing.cards import card_geometry
    from judgeaid.services import players, seating
    from tests.factories import make_tournament

    names = ["Maximiliano Hernández-Castellanos", "王小明", "Ó Súilleabháin Siobhán",
             "Wolfgang Amadeus Mozartwilliams"]
    with app.test_request_context():
        tournament, organizer = make_tournament(
            "Championnat de France de Mahjong Zung Jung, édition de printemps", pin="1357")
        for name in names:
            players.add_player(tournament, name, None, organizer)
        seating.seat_session(tournament, 1, organizer)
        db.session.commit()
        tid = tournament.id
    assert client.post("/api/login", json={"tournament_id": tid, "name": "Olga",
                                           "pin": "1357"}).status_code == 200
    pdf = client.get(f"/t/{tid}/print/cards.pdf?session=1").data
    chars = char_boxes(pdf)[0]
    text = "".join(c for c, _ in chars)
    assert "王小明" in text and "…" in text  # long names are cut, with an ellipsis
    for left, width in card_geometry()["columns"][2:]:
        heads = [i for i in range(len(text)) if text.startswith("No. ", i)
                 and left < chars[i][1][0] < left + width]
        assert len(heads) == 1, (left, text)


def test_chinese_japanese_and_korean_names_are_drawn_in_their_columns(app, client):
    """With a CJK font installed (`make test` installs Noto CJK), such names are drawn
    like any other, each glyph inside its column and on the rows' grid."""
    from judgeaid.extensions import db
    from judgeaid.printing.cards import card_geometry, render_cards
    from judgeaid.printing.fonts import CJK, font_file
    from judgeaid.services import players, seating
    from tests.factories import make_tournament

    if font_file(CJK) is None:
        pytest.skip("no CJK font here: `make test` installs fonts-noto-cjk")
    names = ["王小明", "山田 太郎", "김민준", "Ada Lovelace"]
    with app.test_request_context("/"):
        tournament, organizer = make_tournament("麻雀 Open", pin="1357")
        for name in names:
            players.add_player(tournament, name, None, organizer)
        seating.seat_session(tournament, 1, organizer)
        db.session.commit()
        pdf = render_cards(tournament, 1)
    chars = char_boxes(pdf)[0]
    text = "".join(c for c, _ in chars)
    for name in ["王小明", "山田", "太郎", "김민준", "麻雀 Open"]:
        assert name in text, name
    g = card_geometry()
    for number, name in enumerate(names, start=1):  # numbered in the order added
        at = text.index(f"No. {number}")
        column = next((left, width) for left, width in g["columns"][2:]
                      if left < chars[at][1][0] < left + width)
        first = name.split()[0]
        i = text.index(first, at)
        assert all(column[0] < chars[j][1][0] and chars[j][1][1] < sum(column) + 0.01
                   for j in range(i, i + len(first))), name
    # Dealer initials in CJK stay on the rows' grid: each glyph's top in the upper half of
    # a row, the same distance below it as every other.
    dealers = [chars[i][1][2] for i in range(len(text)) if text[i] in "王山김"
               and g["columns"][1][0] < chars[i][1][0] < g["columns"][2][0]]
    below = [min(top - row for row in g["row_tops"] if row <= top) for top in dealers]
    assert len(dealers) == 12
    assert all(0 < b < g["row_height"] / 2 and abs(b - below[0]) < 0.01 for b in below)
    assert qr_codes(pdf)[0][0].startswith("http://localhost/")


def test_chosen_tables_and_spare_cards(judge, demo):
    pdf = cards_pdf(judge, demo, "session=1&tables=2,4&spare=2").data
    assert page_sizes(pdf) == [(3.7, 8.5)] * 4
    assert [codes for codes in qr_codes(pdf)] == [
        [HOST + demo["cards"][1]["link"]], [HOST + demo["cards"][3]["link"]], [], []]
    spare = page_texts(cards_pdf(judge, demo, "session=1&tables=none&spare=1").data)
    assert len(spare) == 1 and "Spare card" in spare[0] and "Table ____" in spare[0]


def test_an_odd_count_fills_the_sheet_with_a_spare_card(judge, demo):
    pdf = cards_pdf(judge, demo, "session=1&tables=3&layout=a4").data
    assert page_sizes(pdf) == [(8.27, 11.69)]
    assert qr_codes(pdf) == [[HOST + demo["cards"][2]["link"]]]
    assert "Spare card" in page_texts(pdf)[0]


@pytest.mark.parametrize("layout", ["a4", "letter"])
@pytest.mark.parametrize(("spare", "sheets"), [(1, 1), (2, 1), (3, 2), (5, 3)])
def test_spare_cards_two_up_print_as_many_as_asked(judge, demo, layout, spare, sheets):
    # issue 27: one spare card asked for two-up printed two; N asked print N on ceil(N/2)
    # sheets, the last sheet's gap left bare
    pdf = cards_pdf(judge, demo, f"session=1&layout={layout}&tables=none&spare={spare}").data
    texts = page_texts(pdf)
    assert len(texts) == sheets
    assert sum(text.count("Spare card") for text in texts) == spare
    assert qr_codes(pdf) == [[]] * sheets
    if spare % 2:
        # the bare half has no form: one card's printed title on the last sheet
        assert texts[-1].count("Table ____") == 1
    # with the tables: the spares follow them, no more than asked
    pdf = cards_pdf(judge, demo, f"session=1&layout={layout}&spare={spare}").data
    texts = page_texts(pdf)
    assert len(texts) == -(-(len(demo["cards"]) + spare) // 2)
    assert sum(text.count("Spare card") for text in texts) == spare


def test_public_base_url_makes_the_qr_codes(app, judge, demo):
    app.config["PUBLIC_BASE_URL"] = "https://mahjong.example.org/"
    pdf = cards_pdf(judge, demo, "session=1&tables=1").data
    assert qr_codes(pdf) == [["https://mahjong.example.org" + demo["cards"][0]["link"]]]


@pytest.mark.parametrize("layout", ["card", "letter"])
def test_stamped_cards_look_like_cards_laid_out_whole(app, judge, demo, layout):
    """The fast path (form laid out once, data drawn over it) prints what the plain path
    prints: the same characters in the same places, and the same picture."""
    from PIL import ImageChops, ImageStat

    from judgeaid.extensions import db
    from judgeaid.models import Tournament
    from judgeaid.printing.cards import render_cards

    # Every block of a card's data: rounds, a penalty, totals, confirmations, the foot.
    for round_no in range(1, 17):
        record(judge, demo, 2, round_no, result="win", winner="S", value=40, win="self")
    card = judge.get(demo["cards"][1]["api"]).get_json()
    judge.post(f"/api/cards/{card['id']}/penalties",
               json={"player": card["players"][1]["number"], "points": 15,
                     "reason": "slow play", "op_id": str(uuid.uuid4())})
    for player in card["players"][:2]:
        response = judge.post(f"/api/cards/{card['id']}/confirm",
                              json={"player": player["number"], "op_id": str(uuid.uuid4())})
        assert response.status_code == 200, response.get_json()
    with app.test_request_context("/"):
        tournament = db.session.get(Tournament, demo["tournament_id"])
        # Table 2 filled, table 1 blank, and a spare card with no QR code.
        fast = render_cards(tournament, 1, tables=[1, 2], spare=1, layout=layout)
        plain = render_cards(tournament, 1, tables=[1, 2], spare=1, layout=layout,
                             stamped=False)
    texts = page_texts(fast)
    assert any("confirmed in judgeaid" in text and "-15" in text.split() for text in texts)
    assert any("Spare card" in text for text in texts)
    same_places(fast, plain)
    for a, b in zip(page_images(fast, dpi=100), page_images(plain, dpi=100), strict=True):
        difference = ImageChops.difference(a.convert("L"), b.convert("L"))
        # Anti-aliasing and kerning aside, the same picture: under one grey level on average.
        assert ImageStat.Stat(difference).mean[0] < 1.0
    assert qr_codes(fast) == qr_codes(plain)
