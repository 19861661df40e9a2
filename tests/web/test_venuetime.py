"""The venue's time zone through the web: chosen at creation, edited on the desk, start times
typed as venue time and stored as UTC, and every page, PDF and export showing venue time."""

from __future__ import annotations

import csv
import io
import json
from datetime import datetime

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, PlaySession, Ruling, Tournament
from tests.conftest import login

FORM = {"Referer": "http://localhost/t/1/sessions"}
DESK = {"Referer": "http://localhost/t/1/organizer"}


def create(client, **fields):
    return client.post("/new", data={"name": "Tokyo Open", "format": "csom",
                                     "organizer_name": "Olga", "pin": "1234", **fields})


def zone_of(app, tournament_id: int = 1) -> str:
    with app.app_context():
        return db.session.get(Tournament, tournament_id).time_zone


def session_start(app, number: int, tournament_id: int = 1) -> datetime | None:
    with app.app_context():
        return db.session.scalar(select(PlaySession.starts_at).where(
            PlaySession.tournament_id == tournament_id, PlaySession.number == number))


# ---------------------------------------------------------------- choosing the zone

def test_the_creation_form_offers_every_zone_and_the_servers_default(client):
    html = client.get("/new").get_data(as_text=True)
    assert 'name="time_zone" value="UTC"' in html  # TestConfig: the server's zone is UTC
    assert '<option value="Europe/Copenhagen">' in html and '<option value="Asia/Tokyo">' in html
    assert 'list="time-zone-list"' in html


def test_a_tournament_is_created_in_its_venues_zone(app, client):
    response = create(client, time_zone="Asia/Tokyo")
    assert response.status_code == 302
    assert zone_of(app) == "Asia/Tokyo"
    with app.app_context():
        event = db.session.scalar(select(AuditEvent).where(AuditEvent.action
                                                            == "tournament.create"))
        assert event.after["time_zone"] == "Asia/Tokyo"


def test_a_blank_zone_is_the_servers_default(app, client):
    app.config["DEFAULT_TIME_ZONE"] = "Europe/Copenhagen"
    assert create(client, time_zone="").status_code == 302
    assert zone_of(app) == "Europe/Copenhagen"


@pytest.mark.parametrize("zone", ["Europe/Atlantis", "GMT+2", "../../etc/passwd"])
def test_an_unknown_zone_keeps_the_creation_form(app, client, zone):
    response = create(client, time_zone=zone)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert "is not a" in html and "Europe/Copenhagen" in html
    assert 'value="Tokyo Open"' in html  # what was typed stays in the form
    with app.app_context():
        assert db.session.scalar(select(Tournament.id)) is None


def test_the_desk_changes_the_zone_even_after_play_started(app, client):
    create(client, time_zone="Asia/Tokyo")
    with app.app_context():
        db.session.add(PlaySession(tournament_id=1, number=1, status="playing",
                                   starts_at=datetime(2026, 11, 24, 5, 30)))
        db.session.commit()
    desk = client.get("/t/1/organizer").get_data(as_text=True)
    assert 'id="time-zone-form"' in desk and 'value="Asia/Tokyo"' in desk
    response = client.post("/t/1/organizer/settings", data={"time_zone": "Europe/Copenhagen"},
                           headers=DESK, follow_redirects=True)
    assert response.status_code == 200 and "Settings saved." in response.get_data(as_text=True)
    assert zone_of(app) == "Europe/Copenhagen"
    # No stored time moved: the same instant, shown on the new clock.
    assert session_start(app, 1) == datetime(2026, 11, 24, 5, 30)
    with app.app_context():
        change = db.session.scalar(select(AuditEvent).where(AuditEvent.action
                                                             == "tournament.time_zone"))
        assert (change.before, change.after) == ({"time_zone": "Asia/Tokyo"},
                                                 {"time_zone": "Europe/Copenhagen"})
    # The other settings stay fixed once play started.
    fixed = client.post("/t/1/organizer/settings", data={"sessions": "5"}, headers=DESK,
                        follow_redirects=True)
    assert "Settings are fixed once play has started." in fixed.get_data(as_text=True)


def test_an_unknown_zone_on_the_desk_is_refused_and_changes_nothing(app, client):
    create(client, time_zone="Asia/Tokyo")
    response = client.post("/t/1/organizer/settings", data={"time_zone": "Asia/Atlantis"},
                           headers=DESK, follow_redirects=True)
    html = response.get_data(as_text=True)
    assert "“Asia/Atlantis” is not a time zone this server knows" in html
    assert zone_of(app) == "Asia/Tokyo"


# ---------------------------------------------------------------- entering start times

def test_a_start_time_is_typed_as_venue_time_and_stored_as_utc(app, client):
    create(client, time_zone="Asia/Tokyo")
    page = client.get("/t/1/sessions").get_data(as_text=True)
    assert "(venue time, Asia/Tokyo)" in page and 'name="tz_offset"' not in page
    client.post("/t/1/sessions/1/start", data={"starts_at": "2026-11-24T14:30"})
    assert session_start(app, 1) == datetime(2026, 11, 24, 5, 30)
    page = client.get("/t/1/sessions").get_data(as_text=True)
    assert 'datetime="2026-11-24T05:30:00Z"' in page and "Tue 24 Nov, 14:30 JST" in page
    assert 'value="2026-11-24T14:30"' in page  # the field shows the venue's wall clock
    public = client.get("/t/1").get_data(as_text=True)
    assert "venue time, Asia/Tokyo" in public


def test_a_time_the_clocks_skip_is_refused_and_the_old_start_kept(app, client):
    create(client, time_zone="Europe/Copenhagen")
    client.post("/t/1/sessions/1/start", data={"starts_at": "2026-03-29T10:00"})
    assert session_start(app, 1) == datetime(2026, 3, 29, 8, 0)  # CEST, after the change
    response = client.post("/t/1/sessions/1/start", data={"starts_at": "2026-03-29T02:30"},
                           headers=FORM, follow_redirects=True)
    html = response.get_data(as_text=True)
    assert "does not exist in Europe/Copenhagen" in html and "daylight saving" in html
    assert session_start(app, 1) == datetime(2026, 3, 29, 8, 0)


def test_a_time_the_clocks_show_twice_is_the_first_and_the_page_says_so(app, client):
    create(client, time_zone="Europe/Copenhagen")
    response = client.post("/t/1/sessions/1/start", data={"starts_at": "2026-10-25T02:30"},
                           headers=FORM, follow_redirects=True)
    html = response.get_data(as_text=True)
    assert "happens twice in Europe/Copenhagen" in html and "Saved as the first one" in html
    assert session_start(app, 1) == datetime(2026, 10, 25, 0, 30)
    assert "Sun 25 Oct, 02:30 CEST" in html
    # The sessions page keeps saying which 02:30 it is, next to the start.
    later = client.get("/t/1/sessions").get_data(as_text=True)
    assert "show 02:30 twice; this is the first one (02:30 CEST)" in later


# ---------------------------------------------------------------- what people read

@pytest.fixture
def tokyo(app, demo):
    """The demo in Tokyo: session 1 starts 14:30 JST (05:30 UTC)."""
    with app.app_context():
        db.session.get(Tournament, demo["tournament_id"]).time_zone = "Asia/Tokyo"
        session = db.session.scalar(select(PlaySession).where(PlaySession.number == 1))
        session.starts_at = datetime(2026, 11, 24, 5, 30)
        db.session.commit()
    return demo


def test_player_public_and_seating_pages_show_venue_time(client, tokyo):
    tid = tokyo["tournament_id"]
    player = client.get(tokyo["players"][0]["url"]).get_data(as_text=True)
    assert "Tue 24 Nov, 14:30 JST" in player and 'data-time-zone="Asia/Tokyo"' in player
    public = client.get(f"/t/{tid}").get_data(as_text=True)
    assert "Tue 24 Nov, 14:30 JST" in public
    board = client.get(f"/t/{tid}/sessions/1/board").get_data(as_text=True)
    assert "Tue 24 Nov, 14:30 JST" in board
    card = client.get(tokyo["cards"][0]["url"]).get_data(as_text=True)
    assert 'data-time-zone="Asia/Tokyo"' in card
    assert client.get(tokyo["cards"][0]["api"]).get_json()["tournament"]["time_zone"] \
        == "Asia/Tokyo"


def test_the_ruling_log_shows_venue_time_on_screen_and_paper(app, client, tokyo):
    tid = tokyo["tournament_id"]
    login(client, tokyo, "judge")
    card_id = int(tokyo["cards"][0]["api"].rsplit("/", 1)[1])
    body = {"card_id": card_id, "what_happened": "Tiles shown while drawing",
            "decision": "Play on", "op_id": "venue-time-ruling-0001"}
    assert client.post(f"/api/t/{tid}/rulings", json=body).status_code in (200, 201)
    with app.app_context():
        ruling = db.session.scalar(select(Ruling))
        ruling.created_at = ruling.resolved_at = datetime(2026, 11, 24, 6, 5)
        db.session.commit()
        ruling_id = ruling.id
    log = client.get(f"/t/{tid}/judge/log").get_data(as_text=True)
    assert '<time datetime="2026-11-24T06:05:00Z">15:05 JST</time>' in log
    entry = client.get(f"/t/{tid}/judge/rulings/{ruling_id}").get_data(as_text=True)
    assert "15:05 JST" in entry
    printed = client.get(f"/t/{tid}/judge/log/print?session=1").get_data(as_text=True)
    assert "times are venue time (Asia/Tokyo)" in printed and "15:05 JST" in printed
    assert "UTC" not in printed.split("<main", 1)[1].split("</main>")[0]


def test_the_results_csv_names_the_zone_and_shows_venue_time(app, client, tokyo):
    tid = tokyo["tournament_id"]
    with app.app_context():
        db.session.get(Tournament, tid).time_zone = "Europe/Copenhagen"
        session = db.session.scalar(select(PlaySession).where(PlaySession.number == 1))
        session.finalized_at, session.finalized_by = datetime(2026, 7, 1, 16, 45), "Olga"
        db.session.commit()
    login(client, tokyo, "organizer")
    data = client.get(f"/t/{tid}/exports/results.csv").data.decode("utf-8-sig")
    header, first, *_ = list(csv.reader(io.StringIO(data, newline="")))
    assert header[-2:] == ["posted", "posted_at (Europe/Copenhagen)"]
    assert first[-2:] == ["final", "2026-07-01 18:45"]  # 16:45 UTC is 18:45 CEST
    backup = json.loads(client.get(f"/t/{tid}/exports/tournament.json").data)
    assert backup["time_zone"] == "Europe/Copenhagen"
    assert backup["tables"]["tournament"][0]["time_zone"] == "Europe/Copenhagen"
    assert backup["tables"]["play_session"][0]["finalized_at"] == "2026-07-01T16:45:00"


def test_the_demo_command_takes_a_zone(app, runner):
    result = runner.invoke(args=["demo", "--players", "8", "--time-zone", "Asia/Tokyo"])
    assert result.exit_code == 0, result.output
    tid = json.loads(result.output)["tournament_id"]
    assert zone_of(app, tid) == "Asia/Tokyo"
    bad = runner.invoke(args=["demo", "--players", "8", "--time-zone", "Mars/Base"])
    assert bad.exit_code != 0 and "“Mars/Base” is not a time zone" in bad.output
