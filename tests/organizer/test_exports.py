"""CSV exports: UTF-8 with a BOM, RFC 4180 quoting, formulas defused, who may download."""

from __future__ import annotations

import csv
import io

import pytest

from judgeaid.extensions import db
from judgeaid.services import exports
from tests.factories import card_of, make_event, make_judge, penalize, play, seat_by_hand, win

NAMES = ["Zoë Ünal", 'Anna "Ace" Li', "Comma, Person", "=SUM(A1:A2)", "Line\nBreak", "Bo",
         "Cy", "Dee"]


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, organizer = make_event(players=8)
        for player, name in zip(tournament.players, NAMES, strict=True):
            player.name = name
        make_judge(tournament, "Jin", pin="2468")
        session = seat_by_hand(tournament, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
        play(card_of(session, 1), organizer, win(1, 40))
        penalize(card_of(session, 1), organizer, 2, 5)
        play(card_of(session, 2), organizer, win(8, 2, "discard", 5))
        db.session.commit()
        return {"id": tournament.id, "organizer": organizer.name}


def parse(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf"), "UTF-8 byte-order mark first"
    text = data.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text, newline="")))


def test_players_csv_keeps_names_intact(app, event):
    with app.app_context():
        data = exports.players_csv(event["id"])
    rows = parse(data)
    assert rows[0] == ["number", "name", "team", "status", "joined_session", "left_session",
                       "neutral", "member_id", "family_name", "given_name", "ema", "country"]
    names = [row[1] for row in rows[1:]]
    assert names[0] == "Zoë Ünal" and names[1] == 'Anna "Ace" Li'
    assert names[2] == "Comma, Person" and names[4] == "Line\nBreak"
    assert names[3] == "'=SUM(A1:A2)"  # shown as text, never run as a formula
    raw = data.decode("utf-8-sig")
    assert '"Anna ""Ace"" Li"' in raw and '"Comma, Person"' in raw and '"Line\nBreak"' in raw
    records = raw.split("\r\n")
    assert records[-1] == "" and len(records) == 10  # header, 8 players, final CRLF
    assert "Zoë Ünal".encode() in data


def test_results_csv_has_one_line_per_seat(app, event):
    with app.app_context():
        rows = parse(exports.results_csv(event["id"]))
    header, *lines = rows
    assert header == ["session", "stage", "table", "seat", "number", "name", "rounds",
                      "penalties", "total", "match_points", "posted", "posted_at (UTC)"]
    by_number = {int(line[4]): line for line in lines}
    assert len(lines) == 8
    assert by_number[1][6:10] == ["120", "0", "120", "10.95"]
    assert by_number[2][6:10] == ["-40", "-5", "-45", "-6.71"]
    assert by_number[2][10] == "provisional"


def test_standings_csv_follows_the_standings(app, event):
    with app.app_context():
        rows = parse(exports.standings_csv(event["id"]))
    header, first, *_ = rows
    assert header[:6] == ["rank", "number", "name", "team", "match_points", "raw"]
    assert "session_1_mp" in header
    assert first[:6] == ["1", "1", "Zoë Ünal", "", "10.95", "120"]


def sign_in(client, event, name, pin):
    assert client.post("/api/login", json={"tournament_id": event["id"], "name": name,
                                           "pin": pin}).status_code == 200


@pytest.mark.parametrize("path", ["exports/players.csv", "exports/results.csv",
                                  "exports/tournament.json"])
def test_personal_exports_are_for_the_organizer(client, event, path):
    url = f"/t/{event['id']}/{path}"
    assert client.get(url).status_code == 302  # to the sign-in page
    sign_in(client, event, "Jin", "2468")
    assert client.get(url).status_code == 403
    client.post("/api/logout", json={})
    sign_in(client, event, event["organizer"], "1234")
    response = client.get(url)
    assert response.status_code == 200
    assert response.headers["Content-Disposition"].startswith("attachment;")
    assert response.headers["Cache-Control"] == "no-store"


def test_the_standings_csv_is_public(client, event):
    response = client.get(f"/t/{event['id']}/standings.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert parse(response.data)[1][2] == "Zoë Ünal"
