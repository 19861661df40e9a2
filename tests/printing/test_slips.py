"""Printed seating slips: one per player with a QR code to their page, then the list by name."""

from datetime import datetime

import pytest

from judgeaid.printing.slips import PAPERS, SlipSheet
from tests.printing import char_boxes, page_images, page_sizes, page_texts, qr_codes, same_places

HOST = "http://localhost"


def slips_pdf(client, demo, query="session=1"):
    return client.get(f"/t/{demo['tournament_id']}/print/slips.pdf?{query}")


@pytest.mark.parametrize(("layout", "size"), [("a4", (8.27, 11.69)), ("letter", (8.5, 11.0))])
def test_ten_slips_a_sheet_then_the_list(judge, demo, layout, size):
    response = slips_pdf(judge, demo, f"session=1&layout={layout}")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"].startswith("inline; filename=")
    assert "no-store" in response.headers["Cache-Control"]
    # 32 players: three full sheets, one with two slips, and one page of the list.
    assert page_sizes(response.data) == [size] * 5


def test_every_qr_code_opens_the_players_own_page(judge, demo):
    pages = qr_codes(slips_pdf(judge, demo).data)
    assert [len(codes) for codes in pages] == [10, 10, 10, 2, 0]
    printed = [code for codes in pages for code in codes]
    assert sorted(printed) == sorted(HOST + p["url"] for p in demo["players"])


def test_a_slip_says_table_and_starting_seat(judge, demo):
    card = judge.get(demo["cards"][0]["api"]).get_json()
    player = card["players"][1]  # the South seat of table 1
    pages = char_boxes(slips_pdf(judge, demo).data)[:-1]
    for chars in pages:
        text = "".join(c for c, _ in chars)
        name = player["name"]
        if name in text and f"Player No. {player['number']}" in text:
            break
    else:
        raise AssertionError(f"no slip for {name}")
    left, _, top = chars[text.index(name)][1]

    def on_this_slip(word: str) -> bool:
        # Below the name, within the slip (2 in tall, 3.6 in wide).
        return any(text[i:i + len(word)] == word and 0 < chars[i][1][2] - top < 0.8
                   and -0.05 < chars[i][1][0] - left < 1.5 for i in range(len(text)))

    assert on_this_slip(f"Player No. {player['number']}")
    assert on_this_slip("1") and on_this_slip("South")
    assert text.count("Starting seat") == text.count("Player No. ")  # a form under each slip


def test_the_list_is_sorted_by_name(judge, demo):
    text = page_texts(slips_pdf(judge, demo).data)[-1]
    names = [f"{p['name']} ({p['number']})" for p in demo["players"]]
    found = [line.strip() for line in text.splitlines() if line.strip() in names]
    assert found == sorted(names, key=lambda n: (n.casefold()))
    assert "where to sit in session 1" in text


def test_the_start_time_in_venue_time(app, judge, demo):
    from judgeaid.extensions import db
    from judgeaid.models import PlaySession, Tournament

    with app.app_context():
        session = db.session.query(PlaySession).filter_by(
            tournament_id=demo["tournament_id"], number=1).one()
        session.starts_at = datetime(2025, 5, 17, 11, 30)
        db.session.commit()
    utc = page_texts(slips_pdf(judge, demo).data)
    assert "Starts Sat 17 May, 11:30 UTC" in utc[0]
    with app.app_context():
        db.session.get(Tournament, demo["tournament_id"]).time_zone = "Europe/Copenhagen"
        db.session.commit()
    # The venue's clock, in summer time, whatever the printing device's zone: an offset
    # sent by an older page (JavaScript's getTimezoneOffset() in New York: 240) is ignored.
    for query in ("session=1", "session=1&tz_offset=240"):
        pages = page_texts(slips_pdf(judge, demo, query).data)
        assert "Starts Sat 17 May, 13:30 CEST" in pages[0]
        assert "Session 1 starts Sat 17 May, 13:30 CEST" in " ".join(pages[-1].split())


def test_drawn_slips_look_like_slips_laid_out_whole(app, demo):
    """The fast path (forms and list laid out once, slips drawn over them) prints what
    laying out every sheet whole prints: the same characters in the same places."""
    from PIL import ImageChops, ImageStat

    from judgeaid.extensions import db
    from judgeaid.models import Tournament
    from judgeaid.printing.slips import render_slips

    with app.test_request_context("/"):
        tournament = db.session.get(Tournament, demo["tournament_id"])
        fast = render_slips(tournament, 1)
        plain = render_slips(tournament, 1, stamped=False)
    same_places(fast, plain)
    for a, b in zip(page_images(fast, dpi=100), page_images(plain, dpi=100), strict=True):
        difference = ImageChops.difference(a.convert("L"), b.convert("L"))
        assert ImageStat.Stat(difference).mean[0] < 1.0
    assert qr_codes(fast) == qr_codes(plain)


def test_a_thai_name_is_drawn_on_its_slip_like_any_other(app, judge, demo):
    from judgeaid.extensions import db
    from judgeaid.models import Player

    with app.app_context():
        player = db.session.scalar(db.select(Player).where(
            Player.tournament_id == demo["tournament_id"]).order_by(Player.number))
        player.name = "ศรีสมร วงศ์"
        number = player.number
        db.session.commit()
    pdf = slips_pdf(judge, demo).data
    text = "".join(page_texts(pdf))
    assert "ศรีสมร" in text and f"Player No. {number}" in text
    assert sum(len(codes) for codes in qr_codes(pdf)) == len(demo["players"])


def test_a_slip_prints_its_players_team_whole(app, client):
    # issue 27: team names were cut short; a slip prints its player's team whole, wrapped
    # under the table and seat, drawn as the slip laid out whole sets it
    from judgeaid.extensions import db
    from judgeaid.printing.slips import render_slips
    from judgeaid.services import accounts, players, seating

    teams = ["Asociación de Mahjong de Barcelona y Alrededores Unidos",
             "Club Mahjong Riichi Sociedad Anónima Deportiva", "Team A",
             "Wolfgang's Wonderful Windmill Winners"]
    with app.test_request_context("/"):
        tournament, organizer = accounts.create_tournament(
            "Campeonato MCR", "mcr", "Olga", "1357", seed=5, ruleset="mcr")
        for i, team in enumerate(teams):
            players.add_player(tournament, f"Player {i + 1}", team, organizer)
        seating.seat_session(tournament, 1, organizer)
        db.session.commit()
        fast = render_slips(tournament, 1)
        plain = render_slips(tournament, 1, stamped=False)
    same_places(fast, plain)
    # each slip's team lines, read back by where their characters sit on the sheet
    sheet = SlipSheet(*PAPERS["a4"])
    lines: dict[tuple[int, int], dict[float, list]] = {}
    for char, (left, right, top) in char_boxes(fast)[0]:
        column = int((left - sheet.left) // sheet.slip_width)
        row = int((top - sheet.top) // sheet.slip_height)
        inside = top - sheet.top - row * sheet.slip_height
        if 1.4 < inside < 1.68:
            # inside the slip's name column, clear of the QR code's caption
            assert right - sheet.left - column * sheet.slip_width < 2.5, (char, right)
            lines.setdefault((column, row), {}).setdefault(round(inside, 1), []).append(
                (left, char))
    printed = sorted(" ".join(" ".join("".join(c for _, c in sorted(line)) for _, line in
                                       sorted(slip.items())).split())
                     for slip in lines.values())
    assert printed == sorted(f"Team: {team}" for team in teams)
