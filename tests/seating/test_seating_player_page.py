"""The player's own page (the slip's QR target) and the notice-board list by name."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Card, Player, Seat, Table
from judgeaid.services import seating, session_changes
from tests.factories import make_players, make_tournament


@pytest.fixture
def event(app):
    """Twelve players, session 1 seated; player 2 withdrew after it, 13 arrives late."""
    with app.app_context():
        tournament, organizer = make_tournament(pin="1234")
        make_players(tournament, 12, team_every=1)
        seating.set_start_time(tournament, 1, "2025-05-17T09:30", organizer)
        seating.seat_session(tournament, 1, organizer)
        session_changes.withdraw_player(tournament, 2, organizer)
        late = session_changes.register_player(tournament, "Lou Late", None, organizer)
        seating.seat_session(tournament, 2, organizer)
        db.session.commit()
        return {"id": tournament.id, "late": late.number}


def page_of(app, client, number: int) -> str:
    with app.app_context():
        token = db.session.scalar(select(Player).filter_by(number=number)).token
    response = client.get(f"/p/{token}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def seat_of(app, number: int, session: int) -> tuple[int, str, int]:
    with app.app_context():
        seat = db.session.scalar(select(Seat).join(Player).join(Table).where(
            Player.number == number, Table.session.has(number=session)))
        card = db.session.scalar(select(Card).filter_by(table_id=seat.table_id))
        return seat.table.number, seat.wind, card.id


def test_the_page_shows_each_seated_session_with_table_seat_time_and_card(app, client, event):
    page = page_of(app, client, 1)
    for session in (1, 2):
        table, wind, card_id = seat_of(app, 1, session)
        name = {"E": "East", "S": "South", "W": "West", "N": "North"}[wind]
        block = page.split(f'data-testid="player-session-{session}"')[1].split("</li>")[0]
        assert f"Session {session} · Table {table}" in block
        assert f"Starting seat: {name}" in block
        token = re.search(r"/cards/\d+#player=([\w-]+)", block).group(1)
        assert f'href="/cards/{card_id}#player={token}"' in block
    assert 'datetime="2025-05-17T09:30:00Z"' in page and "09:30 UTC" in page
    assert "Tables are not out yet" in page.split('data-testid="player-session-3"')[1]
    assert 'data-testid="player-status"' not in page


def test_the_page_says_when_a_player_withdrew_or_joins_late(app, client, event):
    page = page_of(app, client, 2)
    assert "You withdrew from the event (§4.13); from session 2 on you have no seat." in page
    assert "Session 1 · Table" in page
    assert "You are out of the event by then." in page.split('player-session-2')[1]
    page = page_of(app, client, event["late"])
    assert "You join the event at session 2 (§3.7)." in page
    assert "You joined after this session." in page.split('player-session-1')[1]
    assert "Session 2 · Table" in page


def test_the_page_fits_a_phone_and_keeps_places_for_results_and_appeals(app, client, event):
    page = page_of(app, client, 1)
    assert 'name="viewport"' in page and 'class="button"' in page
    assert "data-appeals" in page  # the judge console's partial is in its place
    template = app.jinja_env.loader.get_source(app.jinja_env, "players/page.html")[0]
    assert '{% include "players/_results.html" ignore missing %}' in template
    assert '{% include "players/_appeals.html" ignore missing %}' in template


def test_the_board_lists_every_player_by_name_with_table_and_seat(app, client, event):
    page = client.get(f"/t/{event['id']}/sessions/2/board").get_data(as_text=True)
    rows = re.findall(r"<tr><td class=\"name\">([^<]+)</td><td class=\"n\">(\d+)</td>"
                      r"<td class=\"n\">(\d+)</td><td>(\w+)</td></tr>", page)
    names = [r[0] for r in rows]
    assert len(rows) == 12 and names == sorted(names, key=str.casefold)
    assert "Player 002" not in names and "Lou Late" in names
    winds = {"East": "E", "South": "S", "West": "W", "North": "N"}
    for _name, number, table, seat in rows:
        assert seat_of(app, int(number), 2)[:2] == (int(table), winds[seat])
    assert "12 players at 3 tables" in page


def test_player_page_shows_results_and_appeals_sections(client, demo):
    page = client.get(demo["players"][0]["url"]).get_data(as_text=True)
    assert 'data-testid="my-results"' in page and "Your results" in page
