"""§4.15 on the final day: the highest-ranked eliminated player present fills an absent
finalist's seat as a neutral player (our reading), through the database, forms and API."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, Player, Seat
from judgeaid.services import cards, final_day, results
from judgeaid.services.errors import Conflict, ServiceError
from judgeaid.services.standings_data import load_sheet
from tests import factories
from tests.factories import (
    current_round,
    finish_with_draws,
    organizer_of,
    play,
    players_at,
    start_round_of_16,
    win,
)

FORM = {"Referer": "http://localhost/t/1/final-day"}


def seat_of(session, number):
    return db.session.scalar(select(Seat).join(Seat.table).join(Seat.player).where(
        Player.number == number, Seat.table.has(session_id=session.id)))


def test_the_app_proposes_the_best_eliminated_player_and_the_absent_finalist_ranks_last(app):
    with app.app_context():
        tournament, organizer, by_rank = start_round_of_16()
        round16 = current_round(tournament)
        sheet = load_sheet(tournament.id)
        assert final_day.filler_candidates(sheet, final_day.round_in_play(sheet)) == [
            by_rank[17], by_rank[18], by_rank[19], by_rank[20]]
        absent = by_rank[2]
        # the 17th is not here: the organizer marks them and the 18th is proposed
        with pytest.raises(ServiceError, match="highest-ranked eliminated player present"):
            final_day.call_filler(tournament, round16.number, absent, by_rank[18], organizer)
        final_day.mark_not_present(tournament, round16.number, by_rank[17], organizer)
        seat = final_day.call_filler(tournament, round16.number, absent, by_rank[18], organizer)
        assert seat.is_neutral and seat.stands_in_for == absent
        assert seat.player.number == by_rank[18]
        gone = db.session.scalar(select(Player).filter_by(tournament_id=tournament.id,
                                                          number=absent))
        assert (gone.status, gone.left_session) == ("resigned", round16.number)
        event = db.session.scalar(select(AuditEvent).filter_by(action="final_day.filler"))
        assert event.after == {"table": seat.table.number, "absent": absent,
                               "filler": by_rank[18], "passed_over": [by_rank[17]]}

        # the filler wins everything at the table: it counts for nobody's place
        for table in round16.tables:
            card = cards.card_for_table(table)
            first, *_ = players_at(card)
            winner = by_rank[18] if table.id == seat.table_id else first
            play(card, organizer, win(winner, 100 if winner == by_rank[18] else 10))
            factories.mark_time_over(card, {"op_id": str(uuid.uuid4())},
                                     cards.Actor.for_user(organizer))
        final_day.advance(tournament, organizer)
        db.session.commit()
        sheet = load_sheet(tournament.id)
        # the absent finalist keeps their Day-1 place: the cut and the seeds came from it
        assert {s.number: s.rank for s in sheet.standings}[absent] == 2
        bracket = final_day.bracket_data(sheet)
        places = bracket["rounds"][0]["places"]
        assert places[-1]["number"] == absent and places[-1]["is_absent"]
        assert by_rank[18] not in [p["number"] for p in places]
        semifinal = current_round(tournament)
        seated = {s.player.number for t in semifinal.tables for s in t.seats}
        assert by_rank[18] not in seated and absent not in seated and len(seated) == 8


def test_filling_a_seat_needs_the_round_in_play_and_a_blank_card(app):
    with app.app_context():
        tournament, organizer, by_rank = start_round_of_16()
        round16 = current_round(tournament)
        with pytest.raises(Conflict, match="not a final-day round in play"):
            final_day.call_filler(tournament, 1, by_rank[1], by_rank[17], organizer)
        with pytest.raises(ServiceError, match="has no seat of their own"):
            final_day.call_filler(tournament, round16.number, by_rank[19], by_rank[17],
                                  organizer)
        card = cards.card_for_table(seat_of(round16, by_rank[1]).table)
        play(card, organizer, win(players_at(card)[0], 10))
        with pytest.raises(Conflict, match="already has play on its card"):
            final_day.call_filler(tournament, round16.number, by_rank[1], by_rank[17],
                                  organizer)
        with pytest.raises(ServiceError, match="not among the eliminated players"):
            final_day.mark_not_present(tournament, round16.number, by_rank[1], organizer)
        assert {p.status for p in tournament.players} == {"active"}


def test_an_absent_grand_finalist_is_fourth_and_the_filler_keeps_their_place(app, client):
    with app.app_context():
        tournament, organizer, by_rank = start_round_of_16()
        for _ in range(2):  # round of 16, then the semifinal: draws, Day-1 MP decides
            for table in current_round(tournament).tables:
                factories.mark_time_over(cards.card_for_table(table),
                                         {"op_id": str(uuid.uuid4())},
                                         cards.Actor.for_user(organizer))
            final_day.advance(tournament, organizer)
        grand_final = current_round(tournament)
        finalists = sorted((s.player.number for s in grand_final.tables[0].seats),
                           key=lambda n: [k for k, v in by_rank.items() if v == n][0])
        assert finalists == [by_rank[r] for r in (1, 2, 3, 4)]
        sheet = load_sheet(tournament.id)
        proposal = final_day.filler_candidates(sheet, final_day.round_in_play(sheet))[0]
        assert proposal == by_rank[5]  # best preliminary rank among the eliminated
        before = final_day.bracket_data(sheet)
        final_day.call_filler(tournament, grand_final.number, by_rank[1], proposal, organizer)
        card = cards.card_for_table(grand_final.tables[0])
        play(card, organizer, win(proposal, 300))
        finish_with_draws(card, organizer)
        final_day.advance(tournament, organizer)
        db.session.commit()
        tid = tournament.id
        assert before["rounds"][1]["places"][4]["number"] == by_rank[5]
    body = client.get(f"/api/tournaments/{tid}/standings").get_json()
    order = [row["number"] for row in body["standings"]]
    assert order[3] == by_rank[1]
    assert body["standings"][3]["status"] == "resigned"
    assert "last of that round (our reading of §4.15)" in body["standings"][3]["out_text"]
    # the filler was 5th (best out in the semifinal) and stays 5th
    assert order[4] == by_rank[5]
    assert "neutral filler in the Grand Final" in body["standings"][4]["filler_text"]
    assert body["final_day"]["rounds"][-1]["fillers"] == [{"number": by_rank[5],
                                                           "absent": by_rank[1]}]
    page = client.get(f"/t/{tid}/standings").get_data(as_text=True)
    assert "absent from the Grand Final: out of the event and last of that round" in page
    csv = client.get(f"/t/{tid}/standings.csv").get_data(as_text=True)
    assert "neutral filler in the Grand Final for #" in csv
    assert csv.splitlines()[0].endswith(",note")


def organizer_client(client, tournament):
    client.post("/api/login", json={"tournament_id": tournament.id,
                                    "name": organizer_of(tournament).name, "pin": "1234"})
    return client


def test_the_final_day_page_calls_a_filler_with_one_confirmation(app, client):
    with app.app_context():
        tournament, organizer, by_rank = start_round_of_16()
        db.session.commit()
        tid, number = tournament.id, current_round(tournament).number
        organizer_client(client, tournament)
    page = client.get(f"/t/{tid}/final-day").get_data(as_text=True)
    assert "our reading of §4.15" in page.lower() or "Our reading of §4.15" in page
    assert f"#{by_rank[17]}</strong> (preliminary rank 17)" in page
    back = {"Referer": f"http://localhost/t/{tid}/final-day"}
    url = f"/t/{tid}/final-day/sessions/{number}/filler"
    unconfirmed = client.post(url, data={"absent": by_rank[3], "filler": by_rank[17]},
                              headers=back, follow_redirects=True)
    assert "Tick the box to confirm" in unconfirmed.get_data(as_text=True)
    bad = client.post(url, data={"absent": "x", "filler": by_rank[17], "confirm": "yes"},
                      headers=back, follow_redirects=True)
    assert "Check the request: absent" in bad.get_data(as_text=True)
    skipped = client.post(f"/t/{tid}/final-day/sessions/{number}/not-present",
                          data={"player": by_rank[17]}, headers=back, follow_redirects=True)
    assert f"#{by_rank[18]}</strong> (preliminary rank 18)" in skipped.get_data(as_text=True)
    op_id = str(uuid.uuid4())
    done = client.post(url, data={"absent": by_rank[3], "filler": by_rank[18],
                                  "confirm": "yes", "op_id": op_id},
                       headers=back, follow_redirects=True)
    text = done.get_data(as_text=True)
    assert f"Player {by_rank[18]} fills the seat of player {by_rank[3]}" in text
    assert "neutral filler for" in text
    again = client.post(url, data={"absent": by_rank[3], "filler": by_rank[18],
                                   "confirm": "yes", "op_id": op_id},
                        headers=back, follow_redirects=True)
    assert again.status_code == 200
    with app.app_context():
        assert db.session.scalar(select(Player.status).filter_by(
            tournament_id=tid, number=by_rank[3])) == "resigned"
        assert len(list(db.session.scalars(select(AuditEvent).filter_by(
            action="final_day.filler")))) == 1


def test_the_filler_api(app, client):
    with app.app_context():
        tournament, organizer, by_rank = start_round_of_16()
        db.session.commit()
        tid, number = tournament.id, current_round(tournament).number
    url = f"/api/tournaments/{tid}/final-day/sessions/{number}/filler"
    body = {"absent": by_rank[4], "filler": by_rank[17], "op_id": str(uuid.uuid4())}
    assert client.post(url, json=body).status_code == 401
    with app.app_context():
        organizer_client(client, db.session.get(type(tournament), tid))
    assert client.post(url, json={**body, "absent": "four"}).status_code == 400
    wrong = client.post(url, json={**body, "filler": by_rank[18],
                                   "op_id": str(uuid.uuid4())})
    assert wrong.status_code == 400
    assert "highest-ranked eliminated player present" in wrong.get_json()["message"]
    done = client.post(url, json=body)
    assert done.status_code == 200, done.get_json()
    answer = done.get_json()
    assert (answer["absent"], answer["filler"]) == (by_rank[4], by_rank[17])
    assert answer["empty_seat"]["proposal"]["number"] == by_rank[18]
    assert client.post(url, json=body).get_json() == answer  # a replay changes nothing
    closed = client.post(f"/api/tournaments/{tid}/final-day/sessions/1/filler",
                         json={**body, "op_id": str(uuid.uuid4())})
    assert closed.status_code == 409
    spec = client.get("/api/openapi.json").get_json()
    assert "/api/tournaments/{tournament_id}/final-day/sessions/{number}/filler" in spec["paths"]


def test_a_finalist_resigned_during_a_round_keeps_the_cut_and_ranks_last_of_it(app, client):
    with app.app_context():
        tournament, organizer, by_rank = start_round_of_16()
        round16 = current_round(tournament)
        for table in round16.tables:
            card = cards.card_for_table(table)
            if by_rank[1] in players_at(card):
                play(card, organizer, win(by_rank[1], 200))
            factories.mark_time_over(card, {"op_id": str(uuid.uuid4())},
                                     cards.Actor.for_user(organizer))
        # e.g. more than 80 time-penalty points in a round and no reasonable explanation
        results.mark_resigned(tournament, by_rank[1], round16.number,
                                "§1.9 over 80 time-penalty points in a round", organizer)
        final_day.advance(tournament, organizer)
        db.session.commit()
        sheet = load_sheet(tournament.id)
        assert {s.number: s.rank for s in sheet.standings}[by_rank[1]] == 1
        places = final_day.bracket_data(sheet)["rounds"][0]["places"]
        assert places[-1]["number"] == by_rank[1] and places[-1]["is_out"]
        assert places[-1]["raw"] == 600
        semifinal = {s.player.number for t in current_round(tournament).tables for s in t.seats}
        assert by_rank[1] not in semifinal and len(semifinal) == 8
        tid = tournament.id
    page = client.get(f"/t/{tid}/standings").get_data(as_text=True)
    assert ("out of the event during the round (§4.11): below everyone still in it "
            "(our reading)") in page

