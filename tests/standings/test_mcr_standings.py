"""MCR standings through the services and the client: table points, contest points, the lot,
teams, the API rows, CSV, the projector and the pages (MCR §3.9.2, §3.10.1, Appendix 7).

The rounds played here are self-drawn wins and penalty lines only: every other player pays
the same on a self-draw under either payoff, so who ties with whom, and so the table points,
do not depend on the payoff's numbers; contest points are read back from the cards.
"""

from __future__ import annotations

import csv
import io
import uuid

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Tournament
from judgeaid.services import leaderboards, results, standings_pages
from judgeaid.services.errors import Conflict, Unprocessable
from judgeaid.services.standings_data import load_sheet
from tests.factories import (
    MCR_SESSION_1 as SESSION_1,
)
from tests.factories import (
    MCR_SESSION_2 as SESSION_2,
)
from tests.factories import (
    as_organizer,
    card_of,
    card_totals,
    make_event,
    make_mcr,
    play,
    played_mcr_event,
    post_round,
    seat_by_hand,
    win,
)


@pytest.fixture
def event(app):
    with app.app_context():
        return played_mcr_event()


@pytest.fixture
def final_event(app):
    with app.app_context():
        return played_mcr_event(finalize=True, teams=True)


def table_points_of(number):
    return SESSION_1[number] + SESSION_2[number]


def test_the_sheet_ranks_by_table_points_then_contest_points(app, event):
    with app.app_context():
        sheet = load_sheet(event["id"])
    lines = {line.number: line for line in sheet.standings}
    for number, line in lines.items():
        assert line.match_points == pytest.approx(table_points_of(number))
        assert line.raw == event["contest"][number]
        assert line.session_match_points == (SESSION_1[number], SESSION_2[number])
    # 5: 7, 4: 5.5, 1: 5, 6: 4, 3: 2.5, then 7 and 8 level on 1.5, 2: 1
    assert [line.number for line in sheet.standings][:5] == [5, 4, 1, 6, 3]
    assert [(lines[n].rank, lines[n].tie_break) for n in (7, 8)] == [(6, "tied"), (6, "tied")]
    assert (lines[2].rank, lines[2].tie_break) == (8, None)


def test_the_penalty_line_counts_in_contest_points(app, event):
    with app.app_context():
        tournament = db.session.get(Tournament, event["id"])
        totals = card_totals(card_of(tournament.sessions[0], 1))
    # players 2, 3 and 4 paid the same for the self-draw; 2's penalty line put them last
    assert totals[2] == totals[3] - 1 == totals[4] - 1


def test_api_rows_carry_table_and_contest_points(client, event):
    answer = client.get(f"/api/tournaments/{event['id']}/standings").get_json()
    assert answer["points"] == "table_points"
    rows = {row["number"]: row for row in answer["standings"]}
    for number, row in rows.items():
        assert row["table_points"] == pytest.approx(table_points_of(number))
        assert row["contest_points"] == row["raw"] == event["contest"][number]
        assert row["match_points"] is None
        assert row["session_table_points"] == [SESSION_1[number], SESSION_2[number]]
    assert rows[7]["tie_break"] == rows[8]["tie_break"] == "tied"
    assert rows[7]["rank"] == rows[8]["rank"] == 6
    assert answer["provisional"] is True and answer["final_day"] is None


def test_zung_jung_rows_stay_as_they_were(app, client):
    with app.app_context():
        tournament, organizer = make_event(players=4)
        play(card_of(seat_by_hand(tournament, 1, [[1, 2, 3, 4]]), 1), organizer, win(1, 16))
        db.session.commit()
        tid = tournament.id
    answer = client.get(f"/api/tournaments/{tid}/standings").get_json()
    assert "points" not in answer and "teams" not in answer
    top = answer["standings"][0]
    assert top["match_points"] == pytest.approx(48 ** 0.5) and top["raw"] == 48
    assert "table_points" not in top and "contest_points" not in top


def test_the_organizer_records_the_lot_once_every_session_is_final(client, final_event):
    tid = final_event["id"]
    as_organizer(client, {"id": tid, "organizer": final_event["organizer"]})
    body = {"numbers": [8, 7], "op_id": str(uuid.uuid4())}
    answer = client.post(f"/api/tournaments/{tid}/lot", json=body)
    assert answer.status_code == 200, answer.get_json()
    rows = {row["number"]: row for row in answer.get_json()["standings"]}
    assert (rows[8]["rank"], rows[8]["tie_break"], rows[8]["draw"]) == (6, "draw", 1)
    assert (rows[7]["rank"], rows[7]["tie_break"], rows[7]["draw"]) == (7, "draw", 2)
    # the same op_id again changes nothing; a second lot for the same tie is refused
    assert client.post(f"/api/tournaments/{tid}/lot", json=body).status_code == 200
    again = client.post(f"/api/tournaments/{tid}/lot",
                        json={"numbers": [7, 8], "op_id": str(uuid.uuid4())})
    assert again.status_code == 409
    page = client.get(f"/t/{tid}/standings").get_data(as_text=True)
    assert "placed by draw" in page and 'data-testid="by-draw-8"' in page


@pytest.mark.parametrize(("numbers", "message"), [
    ([7, 2], "every player level"),
    ([7, 7], "each player once"),
    ([7, 99], "not in the standings"),
])
def test_a_lot_that_is_not_one_whole_tie_is_refused(client, final_event, numbers, message):
    tid = final_event["id"]
    as_organizer(client, {"id": tid, "organizer": final_event["organizer"]})
    answer = client.post(f"/api/tournaments/{tid}/lot",
                         json={"numbers": numbers, "op_id": str(uuid.uuid4())})
    assert answer.status_code == 422
    assert message in answer.get_json()["message"]
    rows = client.get(f"/api/tournaments/{tid}/standings").get_json()["standings"]
    assert {row["tie_break"] for row in rows if row["number"] in (7, 8)} == {"tied"}


def test_no_lot_before_the_sessions_are_final_nor_for_zung_jung(app, event):
    with app.app_context():
        tournament = db.session.get(Tournament, event["id"])
        organizer = tournament.users[0]
        with pytest.raises(Unprocessable, match="posted as final"):
            results.record_lot(tournament, [7, 8], organizer)
        zj, zj_organizer = make_event(players=4)
        with pytest.raises(Unprocessable, match="seed"):
            results.record_lot(zj, [1, 2], zj_organizer)


def test_a_lot_needs_the_organizer(client, final_event):
    answer = client.post(f"/api/tournaments/{final_event['id']}/lot",
                         json={"numbers": [7, 8], "op_id": str(uuid.uuid4())})
    assert answer.status_code in (401, 403)


def test_the_organizer_desk_offers_the_tie_and_records_it_by_form(app, client, final_event):
    tid = final_event["id"]
    as_organizer(client, {"id": tid, "organizer": final_event["organizer"]})
    # after 2 of the 6 planned sessions a tie may still come apart: no lot is asked yet
    desk = client.get(f"/t/{tid}/standings/manage").get_data(as_text=True)
    assert "Places 6–7" not in desk
    with app.app_context():
        # the last session posted: here, an event cut to the two sessions played
        tournament = db.session.get(Tournament, tid)
        tournament.settings = {**tournament.settings, "sessions": 2, "prize_places": 6}
        db.session.commit()
    desk = client.get(f"/t/{tid}/standings/manage").get_data(as_text=True)
    assert 'data-testid="lots"' in desk and "Places 6–7" in desk
    sent = client.post(f"/t/{tid}/standings/lot", data={"numbers": "7, 8",
                                                       "op_id": str(uuid.uuid4())})
    assert sent.status_code == 302
    rows = client.get(f"/api/tournaments/{tid}/standings").get_json()["standings"]
    assert [(r["number"], r["draw"]) for r in rows if r["number"] in (7, 8)] == [(7, 1), (8, 2)]
    bad = client.post(f"/t/{tid}/standings/lot", data={"numbers": "seven"})
    assert bad.status_code in (302, 400)


def test_teams_add_up_their_members(client, final_event):
    answer = client.get(f"/api/tournaments/{final_event['id']}/standings").get_json()
    contest = final_event["contest"]
    teams = {team["team"]: team for team in answer["teams"]}
    assert set(teams) == {"Red", "Blue", "Gold"}
    for name, members in (("Red", (1, 2)), ("Blue", (5, 6)), ("Gold", (7, 8))):
        assert teams[name]["members"] == list(members)
        assert teams[name]["table_points"] == pytest.approx(
            sum(table_points_of(n) for n in members))
        assert teams[name]["contest_points"] == sum(contest[n] for n in members)
    # Blue 11, Red 6, Gold 3 (MCR Appendix 7)
    assert [team["team"] for team in answer["teams"]] == ["Blue", "Red", "Gold"]
    page = client.get(f"/t/{final_event['id']}/standings").get_data(as_text=True)
    assert 'data-testid="teams"' in page and "MCR Appendix 7" in page
    rows = list(csv.reader(io.StringIO(client.get(
        f"/t/{final_event['id']}/standings/teams.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert rows[0] == ["rank", "team", "table_points", "contest_points", "tie_break", "members"]
    assert rows[1][:3] == ["1", "Blue", "11"] and rows[1][5] == "5 6"
    assert rows[2][:3] == ["2", "Red", "6"]


def test_the_standings_csv_has_table_and_contest_points(client, event):
    text = client.get(f"/t/{event['id']}/standings.csv").get_data(as_text=True).lstrip("\ufeff")
    rows = list(csv.DictReader(io.StringIO(text)))
    assert list(rows[0])[:8] == ["rank", "number", "name", "team", "table_points",
                                 "contest_points", "session_1_tp", "session_2_tp"]
    assert "match_points" not in rows[0]
    by_number = {int(row["number"]): row for row in rows}
    assert float(by_number[4]["table_points"]) == 5.5
    assert int(by_number[4]["contest_points"]) == event["contest"][4]
    assert (by_number[3]["session_1_tp"], by_number[3]["session_2_tp"]) == ("1.5", "1")
    assert by_number[7]["tie_break"] == "tied"


def test_the_results_csv_names_table_points(app, client, event):
    with app.app_context():
        tournament = db.session.get(Tournament, event["id"])
        organizer = tournament.users[0].name
    as_organizer(client, {"id": event["id"], "organizer": organizer})
    text = client.get(f"/t/{event['id']}/exports/results.csv").get_data(as_text=True)
    rows = list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))
    assert "table_points" in rows[0] and "match_points" not in rows[0]
    seat = next(r for r in rows if r["session"] == "1" and r["number"] == "6")
    assert float(seat["table_points"]) == 3


def test_the_public_page_and_the_projector_name_the_mcr_columns(client, event):
    page = client.get(f"/t/{event['id']}/standings").get_data(as_text=True)
    for words in ("Table points", "Contest points", "MCR §3.10.1", "MCR §3.9.2", "our reading"):
        assert words in page
    assert "Match points" not in page and "square root" not in page
    assert '<td class="num tp" data-testid="tp-3">2.5</td>' in page
    assert 'data-testid="tied-7"' in page
    projector = client.get(f"/t/{event['id']}/standings/projector").get_data(as_text=True)
    assert "table points · contest points" in projector
    assert 'data-testid="tp-5">7<' in projector
    assert f'data-testid="cp-5">{event["contest"][5]}<' in projector


def test_a_player_page_shows_table_points(app, client, event):
    with app.app_context():
        tournament = db.session.get(Tournament, event["id"])
        data = standings_pages.results_for_player(tournament.players[4].id)
    assert (data["points_short"], data["raw_words"]) == ("TP", "contest points")
    assert data["mp_text"] == "7"
    assert [s["mp_text"] for s in data["sessions"]] == ["3", "4"]


def test_the_demo_as_mcr_posts_rounds_into_table_points(app, judge, demo):
    tid = demo["tournament_id"]
    with app.app_context():
        make_mcr(db.session.get(Tournament, tid))
        db.session.commit()
    card = judge.get(demo["cards"][0]["api"]).get_json()
    winner = card["players"][0]["number"]
    answer = post_round(judge, card, round=1, result="win", winner=winner, value=12,
                        win="self")
    assert answer.status_code in (200, 201), answer.get_json()
    rows = {row["number"]: row for row in judge.get(
        f"/api/tournaments/{tid}/standings").get_json()["standings"]}
    others = [p["number"] for p in card["players"] if p["number"] != winner]
    assert rows[winner]["table_points"] == 4 and rows[winner]["rank"] == 1
    assert {rows[n]["table_points"] for n in others} == {1}
    assert rows[winner]["contest_points"] > 0 and rows[winner]["match_points"] is None


def test_a_lot_is_kept_with_the_event(app, final_event):
    with app.app_context():
        tournament = db.session.get(Tournament, final_event["id"])
        results.record_lot(tournament, [7, 8], tournament.users[0])
        db.session.commit()
        assert db.session.scalar(select(Tournament.settings).where(
            Tournament.id == final_event["id"]))["draw_order"] == [7, 8]
        with pytest.raises(Conflict):
            results.record_lot(tournament, [8, 7], tournament.users[0])


def test_the_desk_speaks_of_table_points_for_late_joiners(client, event):
    as_organizer(client, {"id": event["id"], "organizer": event["organizer"]})
    desk = client.get(f"/t/{event['id']}/standings/manage").get_data(as_text=True)
    assert "no table points and no contest points" in desk
    assert "session 2 (−15 MP)" not in desk and "costs 15 match points (§3.7)" not in desk


def test_an_mcr_event_adds_nothing_to_the_match_point_leaderboards(app, event):
    with app.app_context():
        tournament = db.session.get(Tournament, event["id"])
        tournament.is_sanctioned, tournament.leaderboard_weight = True, 1.0
        db.session.commit()
        board = leaderboards.compute(leaderboards.Choice(window="custom", start="2000-01-01",
                                                         end="2100-12-31"))
    # §3.5.2.1 boards add up ZJ match points: table points are another measure
    assert not {"Ann", "Bo", "Eli", "Dee"} & {line.name for line in board.lines}


def test_the_openapi_document_has_the_lot_and_the_mcr_row_fields(client):
    doc = client.get("/api/openapi.json").get_json()
    lot = doc["paths"]["/api/tournaments/{tournament_id}/lot"]["post"]
    assert {"200", "401", "403", "409", "422"} <= set(lot["responses"])
    text = str(doc["components"]["schemas"])
    assert "table_points" in text and "contest_points" in text
