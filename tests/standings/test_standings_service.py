"""Standings from real cards: SQL totals against card_view, MP, late arrivals, resignations,
posting sessions, and draws shown again. The helpers here seat sessions and play cards."""

from __future__ import annotations

import math
import uuid

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import WINDS, AuditEvent, Tournament
from judgeaid.services import accounts, card_views, cards, results, seating, session_changes
from judgeaid.services.cards import Actor
from judgeaid.services.errors import Conflict, ServiceError
from judgeaid.services.standings_data import seat_totals
from judgeaid.tournament.standings import draw_value
from tests import factories
from tests.factories import (
    DRAW,
    card_of,
    close_session,
    make_event,
    organizer_of,
    penalize,
    play,
    players_at,
    seat_by_hand,
    time_over,
    win,
)

# ---------------------------------------------------------------- helpers (shared)


def mp(raw):
    return math.copysign(math.sqrt(abs(raw)), raw) if raw else 0.0


# ---------------------------------------------------------------- tests


def test_sql_totals_agree_with_every_card_view(app):
    with app.app_context():
        tournament, organizer = make_event(players=12)
        session = seating.seat_session(tournament, 1, organizer)
        one, two, three = (cards.card_for_table(t) for t in session.tables)
        a, b, c, d = players_at(one)
        play(one, organizer, win(a, 30), win(b, 70, "discard", c), DRAW, win(d, 10, "discard", a))
        # a correction is a new revision: only the latest one counts
        play(one, organizer, win(c, 40), start=2, correction=True, reason="wrong winner")
        kept = penalize(one, organizer, b, 10)
        voided = penalize(one, organizer, a, 20)
        factories.void_penalty(one, voided, {"reason": "judge erred", "op_id": str(uuid.uuid4())},
                           Actor.for_user(organizer))
        e, f, _, _ = players_at(two)
        play(two, organizer, win(e, 160, "discard", f), win(f, 20))
        time_over(two, organizer)
        penalize(three, organizer, players_at(three)[3], 5)
        db.session.flush()

        totals = {(t.card_id, t.player_number): t for t in seat_totals(tournament.id)}
        for card in (one, two, three):
            view = card_views.card_view(card)
            for number, line in view["totals"].items():
                mine = totals[(card.id, number)]
                assert (mine.rounds, mine.penalties, mine.total) == (
                    line["rounds"], line["penalties"], line["total"])
        assert kept and totals[(one.id, b)].penalties == -10


def test_match_points_come_from_card_totals_with_penalties(app, client):
    with app.app_context():
        tournament, organizer = make_event(players=4)
        session = seat_by_hand(tournament, 1, [[1, 2, 3, 4]])
        card = card_of(session, 1)
        play(card, organizer, win(1, 100), win(2, 20, "discard", 1))
        penalize(card, organizer, 3, 5)
        db.session.commit()
        tid = tournament.id
    body = client.get(f"/api/tournaments/{tid}/standings").get_json()
    rows = {row["number"]: row for row in body["standings"]}
    # 1: +300 -20; 2: -100 +60; 3: -100 -20 -5; 4: -100 -20
    assert {n: rows[n]["raw"] for n in rows} == {1: 280, 2: -40, 3: -125, 4: -120}
    for row in rows.values():
        assert row["match_points"] == pytest.approx(mp(row["raw"]))
        assert row["session_match_points"] == [pytest.approx(mp(row["raw"]))]
    assert [row["number"] for row in body["standings"]] == [1, 2, 4, 3]
    assert [row["rank"] for row in body["standings"]] == [1, 2, 3, 4]
    assert body["provisional"] is True and body["phase"] == "preliminary"
    assert set(body["standings"][0]) >= {"rank", "number", "name", "match_points", "raw"}
    assert isinstance(body["standings"][0]["match_points"], float)


def test_totals_add_up_over_sessions(app, client):
    with app.app_context():
        tournament, organizer = make_event(players=4)
        first = seat_by_hand(tournament, 1, [[1, 2, 3, 4]])
        play(card_of(first, 1), organizer, win(1, 100))
        second = seat_by_hand(tournament, 2, [[4, 3, 2, 1]])
        play(card_of(second, 1), organizer, win(2, 300))
        db.session.commit()
        tid = tournament.id
    rows = {r["number"]: r for r in client.get(f"/api/tournaments/{tid}/standings")
            .get_json()["standings"]}
    assert rows[1]["raw"] == 300 - 300
    assert rows[1]["match_points"] == pytest.approx(mp(300) + mp(-300))
    assert rows[2]["raw"] == -100 + 900
    assert rows[2]["match_points"] == pytest.approx(mp(-100) + mp(900))
    assert rows[2]["rank"] == 1


def test_late_arrival_loses_15_mp_per_missed_session(app, client):
    with app.app_context():
        tournament, organizer = make_event(players=6)
        session_changes.mark_late_arrival(tournament, 5, 2, organizer)
        session_changes.mark_late_arrival(tournament, 6, 3, organizer)
        first = seat_by_hand(tournament, 1, [[1, 2, 3, 4]])
        play(card_of(first, 1), organizer, win(1, 40))
        second = seat_by_hand(tournament, 2, [[1, 2, 3, 5]])
        play(card_of(second, 1), organizer, win(5, 100))
        third = seat_by_hand(tournament, 3, [[6, 2, 3, 5]])
        play(card_of(third, 1), organizer, win(6, 100))
        db.session.commit()
        tid = tournament.id
        with pytest.raises(Conflict):
            session_changes.mark_late_arrival(tournament, 1, 2, organizer)  # played session 1
        with pytest.raises(ServiceError, match="session 2 or 3"):
            session_changes.mark_late_arrival(tournament, 4, 4, organizer)
    rows = {r["number"]: r for r in client.get(f"/api/tournaments/{tid}/standings")
            .get_json()["standings"]}
    assert rows[5]["deductions"] == 15.0
    assert rows[5]["match_points"] == pytest.approx(mp(300) + mp(-100) - 15)
    assert rows[6]["deductions"] == 30.0
    assert rows[6]["match_points"] == pytest.approx(mp(300) - 30)
    assert rows[6]["session_match_points"][:2] == [None, None]
    assert rows[1]["deductions"] == 0.0
    page = client.get(f"/t/{tid}/standings").get_data(as_text=True)
    assert "late −30 MP (§3.7)" in page


def test_a_resigned_player_goes_below_everyone_still_playing(app, client):
    with app.app_context():
        tournament, organizer = make_event(players=4)
        session = seat_by_hand(tournament, 1, [[1, 2, 3, 4]])
        play(card_of(session, 1), organizer, win(1, 200))
        with pytest.raises(ServiceError, match="what happened"):
            results.mark_resigned(tournament, 1, 2, "", organizer)
        results.mark_resigned(tournament, 1, 2, "absent from session 2, no reason", organizer)
        db.session.commit()
        tid = tournament.id
        event = db.session.scalar(select(AuditEvent).where(AuditEvent.action == "player.resign"))
        assert event.after["left_session"] == 2
    body = client.get(f"/api/tournaments/{tid}/standings").get_json()
    assert [r["number"] for r in body["standings"]][-1] == 1
    assert body["standings"][-1]["status"] == "resigned"
    assert body["standings"][-1]["raw"] == 600


def test_finalize_makes_the_standings_final_and_reopening_needs_a_reason(app, client):
    with app.app_context():
        tournament, organizer = make_event(players=4)
        session = seat_by_hand(tournament, 1, [[1, 2, 3, 4]])
        card = card_of(session, 1)
        play(card, organizer, win(1, 30))
        with pytest.raises(ServiceError, match="table 1 is missing rounds"):
            results.finalize_session(tournament, 1, organizer)
        time_over(card, organizer)
        results.finalize_session(tournament, 1, organizer)
        db.session.commit()
        tid = tournament.id
        assert session.finalized_by == f"organizer:{organizer.name}"
        with pytest.raises(Conflict):
            results.finalize_session(tournament, 1, organizer)
        with pytest.raises(ServiceError, match="why"):
            results.unfinalize_session(tournament, 1, "  ", organizer)
    body = client.get(f"/api/tournaments/{tid}/standings").get_json()
    assert body["provisional"] is False
    assert body["sessions"] == [{"number": 1, "is_final": True,
                                 "finalized_at": body["sessions"][0]["finalized_at"]}]
    with app.app_context():
        tournament = accounts.get_tournament_or_404(tid)
        results.unfinalize_session(tournament, 1, "score check from player 2",
                                     organizer_of(tournament))
        db.session.commit()
        actions = list(db.session.scalars(select(AuditEvent.action).where(
            AuditEvent.action.like("session.%")).order_by(AuditEvent.id)))
        assert actions == ["session.finalize", "session.unfinalize"]
    assert client.get(f"/api/tournaments/{tid}/standings").get_json()["provisional"] is True


def test_the_grand_final_cannot_be_posted_with_rounds_not_played(app):
    with app.app_context():
        tournament, organizer = make_event("rsom", players=4)
        session = seat_by_hand(tournament, 5, [[1, 2, 3, 4]], stage="final", bracket_size=4)
        card = card_of(session, 1)
        play(card, organizer, win(1, 30))
        # Time over is refused on a Grand Final card, so set the state a bad import could.
        with pytest.raises(ServiceError, match="no session time limit"):
            time_over(card, organizer)
        card.not_played_from = 2
        db.session.flush()
        with pytest.raises(ServiceError, match="all 16 rounds"):
            results.finalize_session(tournament, 5, organizer)


def test_a_tie_settled_by_the_draw_shows_every_draw_value(app, client):
    with app.app_context():
        tournament, organizer = make_event(players=4, seed=99)
        session = seat_by_hand(tournament, 1, [[1, 2, 3, 4]])
        play(card_of(session, 1), organizer, DRAW)
        db.session.commit()
        tid = tournament.id
    body = client.get(f"/api/tournaments/{tid}/standings").get_json()
    values = {n: f"{draw_value(99, n):016x}" for n in (1, 2, 3, 4)}
    assert [r["number"] for r in body["standings"]] == sorted(values, key=values.get)
    assert all(r["tie_break"] == "draw" and r["draw"] == values[r["number"]]
               for r in body["standings"])
    page = client.get(f"/t/{tid}/standings").get_data(as_text=True)
    # no place is shown before a session is posted (issue 27), not even a draw's
    assert "Places settled by the draw" not in page
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        close_session(tournament, tournament.sessions[0], tournament.users[0])
        db.session.commit()
    page = client.get(f"/t/{tid}/standings").get_data(as_text=True)
    assert "Places settled by the draw" in page
    assert all(value in page for value in values.values())


def test_raw_total_breaks_equal_match_points(app, client):
    with app.app_context():
        tournament, organizer = make_event(players=8)
        # player 1 scores +2 and +8 (√2 + √8 = √18 MP, raw 10); player 5 +18 and 0 (√18, raw 18)
        first = seat_by_hand(tournament, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
        play(card_of(first, 1), organizer, win(1, 1))
        penalize(card_of(first, 1), organizer, 1, 1)
        play(card_of(first, 2), organizer, win(5, 6))
        second = seat_by_hand(tournament, 2, [[1, 2, 3, 4], [5, 6, 7, 8]])
        play(card_of(second, 1), organizer, win(1, 3))
        penalize(card_of(second, 1), organizer, 1, 1)
        play(card_of(second, 2), organizer, DRAW)
        db.session.commit()
        tid = tournament.id
    rows = {r["number"]: r for r in client.get(f"/api/tournaments/{tid}/standings")
            .get_json()["standings"]}
    assert (rows[1]["raw"], rows[5]["raw"]) == (10, 18)
    assert rows[1]["match_points"] == pytest.approx(rows[5]["match_points"])
    assert (rows[5]["rank"], rows[1]["rank"]) == (1, 2)
    assert rows[5]["tie_break"] == rows[1]["tie_break"] == "raw"
    assert rows[5]["draw"] is None


def test_neutral_players_are_not_ranked(app, client):
    with app.app_context():
        tournament, organizer = make_event(players=4)
        tournament.players[3].is_substitute = True
        seat_by_hand(tournament, 1, [[1, 2, 3, 4]])
        db.session.commit()
        tid = tournament.id
    numbers = [r["number"] for r in client.get(f"/api/tournaments/{tid}/standings")
               .get_json()["standings"]]
    assert numbers and 4 not in numbers


def test_seats_helper_uses_the_card_wind_order(app):
    with app.app_context():
        tournament, _ = make_event(players=4)
        session = seat_by_hand(tournament, 1, [[3, 1, 4, 2]])
        view = card_views.card_view(card_of(session, 1))
        assert [(p["seat"], p["number"]) for p in view["players"]] == list(zip(
            WINDS, [3, 1, 4, 2], strict=True))
