"""A player's personal schedule (issue 30): the page lists each seated session with table,
seat and venue start time; /p/<token>/schedule.ics has one event per seated session at the
right venue time, updated as sessions are seated."""

from __future__ import annotations

import zoneinfo
from datetime import datetime

import icalendar
import pytest

from judgeaid.extensions import db
from judgeaid.models import Tournament
from tests.factories import make_event, seat_by_hand

ZONE = "Europe/Madrid"


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, _organizer = make_event(players=8)
        tournament.time_zone = ZONE
        first = seat_by_hand(tournament, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
        second = seat_by_hand(tournament, 2, [[5, 1, 6, 2], [3, 7, 4, 8]])
        # 09:30 and 14:00 UTC on a winter day: 10:30 and 15:00 in Madrid (CET, UTC+1)
        first.starts_at = datetime(2026, 1, 17, 9, 30)
        second.starts_at = datetime(2026, 1, 17, 14, 0)
        db.session.commit()
        return {"id": tournament.id,
                "token": next(p.token for p in tournament.players if p.number == 1)}


def _events(client, token):
    response = client.get(f"/p/{token}/schedule.ics")
    assert response.status_code == 200 and response.mimetype == "text/calendar"
    calendar = icalendar.Calendar.from_ical(response.get_data())
    return calendar, list(calendar.walk("VEVENT"))


def test_one_event_per_seated_session_at_the_venue_time(app, client, event):
    calendar, events = _events(client, event["token"])
    assert len(events) == 2
    starts = [e.decoded("dtstart") for e in events]
    madrid = zoneinfo.ZoneInfo(ZONE)
    assert [s.astimezone(madrid).replace(tzinfo=None) for s in starts] == [
        datetime(2026, 1, 17, 10, 30), datetime(2026, 1, 17, 15, 0)]
    assert all(str(e["dtstart"].params["TZID"]) == ZONE for e in events)
    assert [tz["TZID"] for tz in calendar.walk("VTIMEZONE")] == [ZONE]
    # player 1: table 1 East in session 1, table 1 South in session 2
    assert "session 1, table 1, East seat" in str(events[0]["summary"])
    assert "session 2, table 1, South seat" in str(events[1]["summary"])
    assert len({str(e["uid"]) for e in events}) == 2


def test_the_file_follows_the_seating(app, client, event):
    with app.app_context():
        tournament = db.session.get(Tournament, event["id"])
        third = seat_by_hand(tournament, 3, [[1, 3, 5, 7], [2, 4, 6, 8]])
        third.starts_at = datetime(2026, 1, 18, 8, 0)
        db.session.commit()
    _calendar, events = _events(client, event["token"])
    assert len(events) == 3


def test_the_page_lists_table_seat_and_venue_time(app, client, event):
    page = client.get(f"/p/{event['token']}").get_data(as_text=True)
    assert 'data-testid="schedule-ics"' in page
    assert "Table 1" in page and "10:30" in page and "15:00" in page


def test_an_unknown_token_is_404(client):
    assert client.get("/p/not-a-token/schedule.ics").status_code == 404
