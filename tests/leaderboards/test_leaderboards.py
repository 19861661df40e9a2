"""Leaderboards over several events on one server (§3.5.2.1), from real recorded cards: the
public page and its CSV, bad query strings, and the organizer's forms and CSV import."""

from __future__ import annotations

import csv
import io
from datetime import UTC, date, datetime

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, Player, PlaySession, Tournament
from judgeaid.services import cards, final_day, leaderboards, players
from judgeaid.services.errors import ServiceError
from judgeaid.services.standings_data import load_sheet
from tests.factories import (
    EXPECTED_2026,
    build_events,
    card_of,
    current_round,
    facts,
    make_event,
    mp,
    name_players,
    play,
    players_at,
    seat_by_hand,
    start_round_of_16,
    win,
)

YEAR = {"board": "window", "window": "custom", "from": "2026-01-01", "to": "2026-12-31"}


@pytest.fixture
def events(app):
    with app.app_context():
        return build_events()


def read_csv(response):
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    return list(csv.reader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff"))))


def test_the_time_windowed_board_adds_weighted_mp_of_sanctioned_events(client, events):
    rows = read_csv(client.get("/leaderboards.csv", query_string=YEAR))
    assert rows[0] == ["rank", "member_id", "name", "events", "match_points"]
    got = {row[2]: (row[1], int(row[3]), float(row[4])) for row in rows[1:]}
    assert set(got) == set(EXPECTED_2026)
    for name, total in EXPECTED_2026.items():
        assert got[name][2] == pytest.approx(total, abs=0.006), name
    # Ann is one player by member id across three names' spellings; the latest name shows
    assert got["Ann Lee"] == ("HK-1", 3, pytest.approx(EXPECTED_2026["Ann Lee"], abs=0.006))
    assert got["Bo Sato"][:2] == ("", 3)
    ordered = [float(row[4]) for row in rows[1:]]
    assert ordered == sorted(ordered, reverse=True)
    assert [row[0] for row in rows[1:4]] == ["1", "2", "3"]


def test_the_page_lists_the_board_and_says_which_events_count_and_why(client, events):
    page = client.get("/leaderboards", query_string=YEAR)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "2026-01-01 to 2026-12-31" in html
    counted = html.split('data-testid="counted"')[1].split("</ul>")[0]
    assert "Spring League" in counted and "Summer Cup" in counted and "Regional Open" in counted
    assert "2× (out after the preliminary round), 4× (final day)" in counted
    left = html.split('data-testid="left-out"')[1].split("</ul>")[0]
    assert "Friendly Night" in left and "not sanctioned by the Zung Jung Movement" in left
    assert "World Open" in left and "gives this series no weight" in left
    assert "member HK-1" in html and "§3.5.2.1" in html
    assert "our reading" in html.lower()
    # who gets the final-day weight, and what a final-day filler's seat is worth
    assert "the preliminary cut sent to the final day (§3.3.2.1)" in html
    assert "Our reading of §4.15: an eliminated player called to fill" in html


def test_last_year_and_this_year_windows(client, app, events):
    with app.app_context():
        db.session.get(Tournament, events["league"]).held_on = date(2025, 12, 31)
        db.session.commit()
    this_year = datetime.now(UTC).year
    rows = read_csv(client.get("/leaderboards.csv", query_string={
        "window": "custom", "from": "2025-01-01", "to": "2025-12-31"}))
    assert {row[2]: float(row[4]) for row in rows[1:]} == {
        "Ann Lee": pytest.approx(mp(300), abs=0.006), "Bo Sato": -10.0, "Cy Park": -10.0,
        "Dee Ito": -10.0}
    page = client.get("/leaderboards?window=last_year").get_data(as_text=True)
    assert f"{this_year - 1}-01-01 to {this_year - 1}-12-31" in page
    page = client.get("/leaderboards").get_data(as_text=True)
    assert f"{this_year}-01-01 to {this_year}-12-31" in page


def test_an_international_event_counts_once_its_organizer_sets_a_weight(client, app, events):
    with app.app_context():
        world = db.session.get(Tournament, events["world"])
        facts(world, "test", held_on="2026-07-07", weight="0.5")
        db.session.commit()
    rows = {row[2]: float(row[4]) for row in read_csv(
        client.get("/leaderboards.csv", query_string=YEAR))[1:]}
    assert rows["Cy Park"] == pytest.approx(EXPECTED_2026["Cy Park"] + 0.5 * mp(900),
                                            abs=0.006)
    assert rows["Dee Ito"] == pytest.approx(mp(-100) + 0.5 * mp(-300), abs=0.006)


def test_the_lifetime_board_needs_three_competitive_events(client, app):
    with app.app_context():
        raws = []
        for n, (format_code, winner, value) in enumerate(
                [("rsom", 1, 10), ("rsom", 2, 20), ("nwsom", 1, 40), ("csom", 1, 90)], start=1):
            event, organizer = make_event(format_code, players=4, sessions=1)
            event.name = f"Event {n}"
            name_players(event, ["Ann Lee", "Bo Sato", "Cy Park", "Dee Ito"], ["HK-1"])
            play(card_of(seat_by_hand(event, 1, [[1, 2, 3, 4]]), 1), organizer, win(winner, value))
            facts(event, organizer, held_on=f"2024-0{n}-01",
                  weight="3" if format_code == "nwsom" else "")
            raws.append((winner, value))
        db.session.commit()
    rows = read_csv(client.get("/leaderboards.csv?board=lifetime"))
    assert rows[0] == ["rank", "member_id", "name", "events", "mean_match_points"]
    got = {row[2]: (int(row[3]), float(row[4])) for row in rows[1:]}
    # three competitive events each (the CSoM is casual); the mean is not weighted
    ann = (mp(30) + mp(-20) + mp(120)) / 3
    bo = (mp(-10) + mp(60) + mp(-40)) / 3
    assert got["Ann Lee"] == (3, pytest.approx(ann, abs=0.006))
    assert got["Bo Sato"] == (3, pytest.approx(bo, abs=0.006))
    page = client.get("/leaderboards?board=lifetime").get_data(as_text=True)
    assert "Lifetime board" in page and "a casual event" in page


def test_two_events_without_enough_competitive_ones_leave_the_lifetime_board_empty(
        client, events):
    page = client.get("/leaderboards?board=lifetime").get_data(as_text=True)
    assert 'data-testid="board-empty"' in page
    assert "Fewer than 3 competitive events" in page


@pytest.mark.parametrize(("query", "message"), [
    ("window=custom&from=2026-13-01&to=2026-12-31", "The from date 2026-13-01 does not exist."),
    ("window=custom&from=31/12/2026&to=2026-12-31", "must be written YYYY-MM-DD"),
    ("window=custom&from=2026-12-31&to=2026-01-01", "The from date is after the to date."),
    ("window=custom&to=2026-01-01", "Give the from date"),
    ("window=decade", "Choose the window"),
    ("board=monthly", "Choose the time-windowed or the lifetime board."),
    ("window=custom&from=%00&to=2026-01-01", "from"),
])
def test_bad_query_strings_get_the_page_with_a_message(client, events, query, message):
    page = client.get(f"/leaderboards?{query}")
    assert page.status_code == 400
    assert message in page.get_data(as_text=True)
    download = client.get(f"/leaderboards.csv?{query}")
    assert download.status_code == 400 and download.mimetype == "text/html"
    assert message in download.get_data(as_text=True)


def test_home_and_each_event_link_to_the_leaderboards(client, events):
    assert 'href="/leaderboards"' in client.get("/").get_data(as_text=True)
    page = client.get(f"/t/{events['league']}").get_data(as_text=True)
    assert 'href="/leaderboards"' in page


def test_substitutes_and_players_who_never_played_are_left_out(client, app):
    with app.app_context():
        event, organizer = make_event("som_league", players=5, sessions=1)
        name_players(event, ["Ann Lee", "Bo Sato", "Cy Park", "Sub Stitute", "Never Came"])
        event.players[3].is_substitute = True
        play(card_of(seat_by_hand(event, 1, [[1, 2, 3, 4]]), 1), organizer, win(1, 30))
        event.players[1].status = "disqualified"
        facts(event, organizer, held_on="2026-04-04")
        db.session.commit()
    rows = {row[2]: float(row[4]) for row in read_csv(
        client.get("/leaderboards.csv", query_string=YEAR))[1:]}
    # a disqualified player keeps the MP they played for
    assert rows == {"Ann Lee": pytest.approx(mp(90), abs=0.006), "Bo Sato": -5.48,
                    "Cy Park": -5.48}


def test_held_on_defaults_to_the_first_sessions_day(app):
    with app.app_context():
        event, organizer = make_event("csom", players=4, sessions=1)
        assert leaderboards.event_of(event).held_on == event.created_at.date()
        session = seat_by_hand(event, 1, [[1, 2, 3, 4]])
        session.starts_at = datetime(2026, 5, 17, 9, 30)
        db.session.flush()
        assert leaderboards.event_of(event).held_on == date(2026, 5, 17)
        facts(event, organizer, held_on="2026-05-18")
        assert leaderboards.event_of(event).held_on == date(2026, 5, 18)
        assert session.stage == "preliminary"
        assert db.session.scalar(select(PlaySession.id).where(
            PlaySession.tournament_id == event.id)) == session.id



def test_a_qualifier_replaced_by_a_filler_reached_the_final_day_and_the_filler_did_not(app):
    # §3.5.2.1 weighs RSoM results 4× "for players who advance to the final day", and
    # §3.3.2.1 makes the preliminary cut decide who advances; the filler of §4.15 is an
    # eliminated player in an absent qualifier's seat, neutral (our reading)
    with app.app_context():
        tournament, organizer, by_rank = start_round_of_16()
        facts(tournament, organizer, held_on="2026-06-06")
        qualifier, filler = by_rank[16], by_rank[17]
        day1 = {line.number: line.match_points for line in load_sheet(tournament.id).standings}
        seat = final_day.call_filler(tournament, current_round(tournament).number, qualifier,
                                     filler, organizer)
        card = cards.card_for_table(seat.table)
        seated = next(n for n in players_at(card) if n != filler)
        play(card, organizer, win(filler, 100))  # the filler takes +300 there, the rest −100
        db.session.commit()
        _, results = leaderboards.event_results(tournament.id)
        got = {result.name: result for result in results}
        name = {p.number: p.name for p in tournament.players}
        assert got[name[qualifier]].reached_final_day is True
        assert got[name[filler]].reached_final_day is False
        assert sum(result.reached_final_day for result in results) == 16
        assert got[name[seated]].reached_final_day is True
        # the neutral seat's +300 counts for nobody: not for the filler, not for the qualifier
        assert got[name[filler]].match_points == pytest.approx(day1[filler])
        assert got[name[qualifier]].match_points == pytest.approx(day1[qualifier])
        # a finalist in their own seat gets that round's MP (§3.3.2.2)
        assert got[name[seated]].match_points == pytest.approx(day1[seated] + mp(-100))
        board = {line.name: line.match_points for line in leaderboards.compute(
            leaderboards.Choice(window="custom", start="2026-01-01", end="2026-12-31")).lines}
        assert board[name[qualifier]] == pytest.approx(4 * day1[qualifier])
        assert board[name[filler]] == pytest.approx(2 * day1[filler])

# ---------------------------------------------------------------- organizer forms

def organizer_client(app, client, format_code="csom"):
    with app.app_context():
        event, _ = make_event(format_code, players=4)
        db.session.commit()
        tid = event.id
    response = client.post("/api/login", json={"tournament_id": tid, "name": "Olga",
                                                "pin": "1234"})
    assert response.status_code == 200
    return tid


def test_the_organizer_sets_the_event_facts_on_the_desk(app, client):
    tid = organizer_client(app, client, "nwsom")
    desk = client.get(f"/t/{tid}/organizer").get_data(as_text=True)
    assert 'data-testid="facts-form"' in desk and "does not count" in desk
    assert f"empty: the first session's day, now {datetime.now(UTC).date().isoformat()}" in desk
    response = client.post(f"/t/{tid}/organizer/leaderboard", data={
        "is_sanctioned": "1", "series": "international", "held_on": "2026-08-08",
        "weight": "2", "final_weight": "3.5"})
    assert response.status_code == 302
    with app.app_context():
        event = db.session.get(Tournament, tid)
        assert (event.is_sanctioned, event.series, event.held_on, event.leaderboard_weight,
                event.leaderboard_final_weight) == (True, "", date(2026, 8, 8), 2.0, 3.5)
        audit = db.session.scalar(select(AuditEvent).where(
            AuditEvent.action == "tournament.leaderboard"))
        assert audit.after["weight"] == 2.0 and audit.before["is_sanctioned"] is False
    desk = client.get(f"/t/{tid}/organizer").get_data(as_text=True)
    assert "This event counts on the" in desk
    assert "2× (out after the preliminary round), 3.5× (final day), set by the organizer" in desk


@pytest.mark.parametrize(("form", "message"), [
    ({"weight": "heavy"}, "The weight must be a number"),
    ({"series": "other", "weight": "-1"}, "above 0"),
    ({"weight": "nan"}, "must be a number"),
    ({"series": "rsom"}, "is a competitive series"),
    ({"series": "csom", "weight": "3"}, "sets the weights"),
    ({"held_on": "2026-02-31"}, "does not exist"),
    ({"series": "grand"}, "Unknown series"),
])
def test_bad_event_facts_go_back_to_the_desk_with_a_message(app, client, form, message):
    tid = organizer_client(app, client)
    response = client.post(f"/t/{tid}/organizer/leaderboard",
                           data={"is_sanctioned": "1", **form},
                           headers={"Referer": f"http://localhost/t/{tid}/organizer"})
    assert response.status_code == 302
    desk = client.get(f"/t/{tid}/organizer").get_data(as_text=True)
    assert message in desk
    with app.app_context():
        assert db.session.get(Tournament, tid).is_sanctioned is False  # nothing half-saved


def test_an_unsanctioned_format_cannot_be_marked_sanctioned(app):
    with app.app_context():
        event, organizer = make_event("casual", players=4)
        with pytest.raises(ServiceError, match="cannot count as sanctioned"):
            facts(event, organizer)


def test_a_new_tournament_carries_its_leaderboard_facts(app, client):
    response = client.post("/new", data={
        "name": "Harbour CSoM", "format": "csom", "organizer_name": "Rita", "pin": "2468",
        "is_sanctioned": "1", "series": "", "held_on": "2026-10-10"})
    assert response.status_code == 302
    with app.app_context():
        event = db.session.scalar(select(Tournament).where(Tournament.name == "Harbour CSoM"))
        assert (event.is_sanctioned, event.held_on) == (True, date(2026, 10, 10))
        assert leaderboards.event_of(event).series == "csom"
    refused = client.post("/new", data={
        "name": "Bad Weight", "format": "csom", "organizer_name": "Rita", "pin": "2468",
        "is_sanctioned": "1", "weight": "2"})
    assert refused.status_code == 400
    html = refused.get_data(as_text=True)
    assert "§3.5.2.1 sets the weights" in html and 'value="Bad Weight"' in html
    with app.app_context():
        assert db.session.scalar(select(Tournament).where(Tournament.name == "Bad Weight")) \
            is None


def test_member_ids_on_the_player_forms(app, client):
    tid = organizer_client(app, client)
    back = {"Referer": f"http://localhost/t/{tid}/organizer"}
    response = client.post(f"/t/{tid}/organizer/players",
                           data={"name": "Kim Ode", "member_id": "HK-77"}, headers=back)
    assert response.status_code == 302
    assert client.post(f"/t/{tid}/organizer/players/member-id",
                       data={"number": 1, "member_id": "SG-1"}).status_code == 302
    # two people cannot share an id in one event, in any letter case
    client.post(f"/t/{tid}/organizer/players/member-id",
                data={"number": 2, "member_id": "hk-77"}, headers=back)
    desk = client.get(f"/t/{tid}/organizer").get_data(as_text=True)
    assert "Member id hk-77 already belongs to player 5 Kim Ode" in desk
    client.post(f"/t/{tid}/organizer/players",
                data={"name": "Lou Ode", "member_id": "HK 77"}, headers=back)
    desk = client.get(f"/t/{tid}/organizer").get_data(as_text=True)
    assert "The member id may hold only letters" in desk
    with app.app_context():
        held = dict(db.session.execute(select(Player.name, Player.member_id).where(
            Player.tournament_id == tid)).all())
        assert held == {"Player 001": "SG-1", "Player 002": None, "Player 003": None,
                        "Player 004": None, "Kim Ode": "HK-77"}  # Lou was not registered
    assert "member SG-1" in desk
    # clearing it
    client.post(f"/t/{tid}/organizer/players/member-id", data={"number": 1, "member_id": ""})
    with app.app_context():
        assert db.session.scalar(select(Player.member_id).where(
            Player.tournament_id == tid, Player.number == 1)) is None
    export = read_csv(client.get(f"/t/{tid}/exports/players.csv"))
    column = export[0].index("member_id")  # the EMA record's columns follow it (issue 30)
    assert [row[column] for row in export[1:]] == ["", "", "", "", "HK-77"]


def test_the_csv_import_reads_member_ids_and_reports_bad_ones(app, client):
    tid = organizer_client(app, client)
    with app.app_context():
        players.set_member_id(db.session.get(Tournament, tid), 1, "ZJ-1", "test")
        db.session.commit()
    data = (b"name,member id\nMia Lau,ZJ-2\nNed Kay,zj-1\nOla Fox,ZJ 3\nPia Roe,\n"
            b"Quin Ash,zj-2\n")
    page = client.post(f"/t/{tid}/organizer/players/import",
                       data={"file": (io.BytesIO(data), "players.csv")},
                       content_type="multipart/form-data")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Member id zj-1 already belongs to player 1 Player 001." in html
    assert "The member id may hold only letters" in html
    assert "Duplicate member id zj-2 (also on line 2)." in html
    with app.app_context():
        held = dict(db.session.execute(select(Player.name, Player.member_id).where(
            Player.tournament_id == tid, Player.number > 4)).all())
    assert held == {"Mia Lau": "ZJ-2", "Pia Roe": None}


# ---------------------------------------------------------------- JSON API

def test_the_api_gives_the_board_and_says_what_is_wrong_with_a_bad_window(client, events):
    body = client.get("/api/leaderboards", query_string=YEAR).get_json()
    assert (body["board"], body["from"], body["to"]) == ("window", "2026-01-01", "2026-12-31")
    got = {line["name"]: line for line in body["lines"]}
    assert got["Ann Lee"]["member_id"] == "HK-1" and got["Ann Lee"]["events"] == 3
    assert got["Ann Lee"]["match_points"] == pytest.approx(EXPECTED_2026["Ann Lee"])
    assert got["Bo Sato"]["member_id"] is None
    assert {e["name"] for e in body["left_out"]} == {"Friendly Night", "World Open"}
    bad = client.get("/api/leaderboards?window=custom&from=2026-02-30&to=2026-03-01")
    assert bad.status_code == 400
    assert bad.get_json()["code"] == "bad_board"
    assert "2026-02-30 does not exist" in bad.get_json()["message"]
    lifetime = client.get("/api/leaderboards?board=lifetime").get_json()
    assert lifetime["board"] == "lifetime" and lifetime["lines"] == []
    document = client.get("/api/openapi.json").get_json()
    assert "/api/leaderboards" in document["paths"]
