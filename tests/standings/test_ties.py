"""Ties that decide something (issue 27): at a prize place the organizer marked, or at the
cut line. A lot (MCR) or a physical draw (ZJ, instead of the seeded one) is asked for only
there, once the last session is posted; the physical draw is kept with who entered it,
said in words on the standings and the final-day page, and undoable until the cut."""

from __future__ import annotations

import uuid

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, PlaySession, Tournament
from judgeaid.services import accounts, final_day, seating, standings_pages, ties
from judgeaid.services.errors import Conflict, ServiceError
from judgeaid.services.standings_data import load_sheet
from tests.factories import (
    as_organizer,
    close_session,
    make_event,
    play_cut_tie,
    played_mcr_event,
)


@pytest.fixture
def cut_tie(app):
    with app.app_context():
        tournament, organizer = make_event("rsom", players=20, sessions=1)
        tied = play_cut_tie(tournament, organizer)
        db.session.commit()
        return {"id": tournament.id, "organizer": organizer.name, "tied": tied}


def _load(event):
    tournament = db.session.get(Tournament, event["id"])
    organizer = next(u for u in tournament.users if u.name == event["organizer"])
    return tournament, organizer


def _order(tournament, numbers):
    sheet = load_sheet(tournament.id)
    return [s.number for s in sheet.standings if s.number in set(numbers)]


def test_the_cut_page_says_who_was_tied_on_what_and_the_seeds_order(app, cut_tie):
    with app.app_context():
        tournament, _ = _load(cut_tie)
        seeded = _order(tournament, cut_tie["tied"])
        view = final_day.final_day_view(tournament.id)
        cut = view["bracket"]["cut"]
        assert cut["decided_by"] == "draw" and cut["physical"] is None
        sentence = cut["sentence"]
        names = {p.number: p.name for p in tournament.players}
        # who was tied, on what, and the order the seed gives, in words
        assert "level on match points and on the raw total" in sentence
        assert f"seed {tournament.seed}" in sentence
        for rank, number in enumerate(seeded, start=16):
            assert f"{rank}. {names[number]} #{number}" in sentence
        tie = view["cut_tie"]
        assert tie["decides"] == ["cut"] and tie["ranks"] == "16–19"
        assert [p["number"] for p in tie["players"]] == seeded
        assert all(p["draw"] for p in tie["players"]) and tie["is_open"]


def test_a_physical_draw_orders_the_tie_at_the_cut_with_who_entered_it(app, cut_tie):
    with app.app_context():
        tournament, organizer = _load(cut_tie)
        seeded = _order(tournament, cut_tie["tied"])
        drawn = list(reversed(seeded))
        message = ties.record_physical_draw(tournament, drawn, organizer)
        db.session.commit()
        assert organizer.name in message and "16–19" in message
        # the standings, the cut list and the sentence follow the hall's draw
        assert _order(tournament, drawn) == drawn
        view = final_day.final_day_view(tournament.id)
        assert [p["number"] for p in view["cut_list"]][-1] == drawn[0]
        cut = view["bracket"]["cut"]
        assert cut["physical"]["by"] == organizer.name
        assert f"physical draw entered by {organizer.name}" in cut["sentence"]
        assert "seed" not in cut["sentence"]
        assert [s["draw"] for s in cut["line"]] == ["drawn 1", "drawn 2"]
        # the public standings say it too
        data = standings_pages.standings_view(tournament.id)
        group = next(g for g in data["draw_groups"] if g["ranks"] == "16–19")
        assert group["physical"]["by"] == organizer.name
        assert [p["number"] for p in group["players"]] == drawn
        event = db.session.scalar(select(AuditEvent).where(
            AuditEvent.tournament_id == tournament.id,
            AuditEvent.action == "standings.physical_draw"))
        assert event.after["drawn"] == drawn and event.after["decides"] == ["cut"]
        stored = tournament.settings["physical_draws"]
        assert stored[0]["numbers"] == drawn and stored[0]["by"] == organizer.name
        # the same draw twice is refused; another order replaces it
        with pytest.raises(Conflict):
            ties.record_physical_draw(tournament, drawn, organizer)
        db.session.rollback()
        ties.record_physical_draw(tournament, seeded[1:] + seeded[:1], organizer)
        assert len(tournament.settings["physical_draws"]) == 1


def test_the_physical_draw_is_undone_like_the_cut(app, cut_tie):
    with app.app_context():
        tournament, organizer = _load(cut_tie)
        seeded = _order(tournament, cut_tie["tied"])
        drawn = list(reversed(seeded))
        ties.record_physical_draw(tournament, drawn, organizer)
        # the cut made on the hall's draw: the draw stands until the cut is undone
        final_day.advance(tournament, organizer)
        db.session.commit()
        advancing = {p.player.number for t in db.session.scalar(select(PlaySession).where(
            PlaySession.tournament_id == tournament.id, PlaySession.stage == "final")).tables
            for p in t.seats}
        assert drawn[0] in advancing and not set(drawn[1:]) & advancing
        with pytest.raises(Conflict, match="undo the cut first"):
            ties.undo_physical_draw(tournament, drawn, organizer)
        with pytest.raises(Conflict, match="undo the cut first"):
            ties.record_physical_draw(tournament, seeded, organizer)
        db.session.rollback()
        tournament, organizer = _load(cut_tie)
        final_day.undo_cut(tournament, organizer)
        message = ties.undo_physical_draw(tournament, drawn, organizer)
        db.session.commit()
        assert "seed orders" in message
        assert _order(tournament, seeded) == seeded
        assert final_day.final_day_view(tournament.id)["bracket"]["cut"]["physical"] is None


@pytest.mark.parametrize(("numbers", "message"), [
    ("first_two", "List every player of the tie once"),
    ("twice", "List every player of the tie once"),
    ("others", "not level at a prize place or at the cut line"),
])
def test_a_physical_draw_must_be_one_whole_deciding_tie(app, cut_tie, numbers, message):
    with app.app_context():
        tournament, organizer = _load(cut_tie)
        tied = cut_tie["tied"]
        listed = {"first_two": tied[:2], "twice": [*tied, tied[0]],
                  "others": [n for n in range(1, 21) if n not in tied][:2]}[numbers]
        with pytest.raises(ServiceError, match=message):
            ties.record_physical_draw(tournament, listed, organizer)


def test_no_physical_draw_before_the_last_session_is_posted(app):
    with app.app_context():
        tournament, organizer = make_event("rsom", players=20, sessions=2)
        tied = play_cut_tie(tournament, organizer)
        assert ties.deciding_ties(load_sheet(tournament.id)) == []
        with pytest.raises(ServiceError, match="once every session is posted"):
            ties.record_physical_draw(tournament, tied, organizer)


def test_prize_places_decide_which_ties_are_listed(app, cut_tie):
    with app.app_context():
        tournament, organizer = _load(cut_tie)
        sheet = load_sheet(tournament.id)
        # 50 leads; tables 1-4 leave four players level on 36 (places 2-5), on 20 and on 4
        assert [t["ranks"] for t in ties.deciding_ties(sheet)] == ["16–19"]
        ties.set_prize_places(tournament, 3, organizer)
        listed = {t["ranks"]: t["decides"] for t in ties.deciding_ties(load_sheet(
            tournament.id))}
        assert listed["16–19"] == ["cut"] and listed["2–5"] == ["prize"]
        assert len(listed) == 2
        ties.set_prize_places(tournament, 0, organizer)
        assert ties.prize_places(tournament) is None
        assert [t["ranks"] for t in ties.deciding_ties(load_sheet(tournament.id))] == [
            "16–19"]


def test_prize_places_marked_before_play_stay_through_a_settings_edit(app):
    with app.app_context():
        tournament, organizer = make_event("rsom", players=20, sessions=1)
        ties.set_prize_places(tournament, 8, organizer)
        accounts.update_settings(tournament, {"session_minutes": 100}, organizer)
        assert ties.prize_places(tournament) == 8
        assert tournament.settings["session_minutes"] == 100
        with pytest.raises(ServiceError, match="from 0 to 64"):
            ties.set_prize_places(tournament, 65, organizer)


def test_mcr_asks_for_a_lot_only_at_a_marked_prize_place(app, client):
    with app.app_context():
        event = played_mcr_event(finalize=True, teams=True)
        tournament = db.session.get(Tournament, event["id"])
        tournament.settings = {**tournament.settings, "sessions": 2}
        db.session.commit()
    tid = event["id"]
    as_organizer(client, {"id": tid, "organizer": event["organizer"]})
    desk = client.get(f"/t/{tid}/standings/manage").get_data(as_text=True)
    # players 7 and 8 share place 6 on both counts: no prize there, no lot asked
    assert "Places 6–7" not in desk and "No prize places are marked." in desk
    page = client.get(f"/t/{tid}/standings").get_data(as_text=True)
    assert "level on both: shares the place<" in page and "until the lot" not in page
    assert client.get(f"/api/tournaments/{tid}/standings").status_code == 200
    sent = client.post(f"/t/{tid}/standings/prize-places",
                       data={"places": "6", "op_id": str(uuid.uuid4())})
    assert sent.status_code == 302
    desk = client.get(f"/t/{tid}/standings/manage").get_data(as_text=True)
    assert "The top 6 places win a prize." in desk and "Places 6–7" in desk
    page = client.get(f"/t/{tid}/standings").get_data(as_text=True)
    assert "the lot is not drawn yet" in page
    assert "level on both: shares the place until the lot is drawn" in page
    client.post(f"/t/{tid}/standings/prize-places",
                data={"places": "5", "op_id": str(uuid.uuid4())})
    page = client.get(f"/t/{tid}/standings").get_data(as_text=True)
    assert "the lot is not drawn yet" not in page


def test_the_desk_and_the_final_day_page_take_a_physical_draw_by_form(app, client, cut_tie):
    tid = cut_tie["id"]
    as_organizer(client, {"id": tid, "organizer": cut_tie["organizer"]})
    page = client.get(f"/t/{tid}/final-day").get_data(as_text=True)
    assert 'data-testid="physical-draw-form"' in page and "§3.3.2.1" in page
    with app.app_context():
        tournament, _ = _load(cut_tie)
        drawn = list(reversed(_order(tournament, cut_tie["tied"])))
    sent = client.post(f"/t/{tid}/standings/physical-draw",
                       data={"numbers": " ".join(map(str, drawn)), "page": "final_day",
                             "op_id": str(uuid.uuid4())})
    assert sent.status_code == 302 and sent.headers["Location"].endswith("/final-day#cut")
    page = client.get(f"/t/{tid}/final-day").get_data(as_text=True)
    assert f"physical draw entered by {cut_tie['organizer']}" in page
    assert 'data-testid="undo-physical-draw"' in page
    desk = client.get(f"/t/{tid}/standings/manage").get_data(as_text=True)
    assert 'data-testid="physical-draw-by"' in desk
    public = client.get(f"/t/{tid}/standings").get_data(as_text=True)
    assert f"physical draw entered by {cut_tie['organizer']}" in public
    undone = client.post(f"/t/{tid}/standings/physical-draw/undo",
                         data={"numbers": " ".join(map(str, drawn)), "page": "desk",
                               "op_id": str(uuid.uuid4())})
    assert undone.status_code == 302 and undone.headers["Location"].endswith("#ties")
    assert "physical draw entered by" not in client.get(f"/t/{tid}/standings").get_data(
        as_text=True)


def test_no_place_before_a_session_is_posted_and_no_final_badge_before_the_final_day(
        app, client):
    # issue 27: no rank on any page before a session is posted; "Final" only once every
    # session is posted, the final day's too
    with app.app_context():
        tournament, organizer = make_event("rsom", players=20, sessions=1)
        seating.seat_session(tournament, 1, organizer)
        db.session.commit()
        tid = tournament.id
        token = tournament.players[0].token
    page = client.get(f"/t/{tid}/standings").get_data(as_text=True)
    # everyone level at 0 before play: no place, not even the places a draw would settle
    assert "nobody is ranked" in page and 'data-testid="draws"' not in page
    assert '<span class="rank">1</span>' not in page
    projector = client.get(f"/t/{tid}/standings/projector").get_data(as_text=True)
    assert '<span class="rank">1</span>' not in projector
    mine = client.get(f"/p/{token}").get_data(as_text=True)
    assert 'data-testid="my-rank"' not in mine and 'data-testid="my-unranked"' in mine
    with app.app_context():
        tournament, organizer = _load({"id": tid, "organizer": "Olga"})
        close_session(tournament, tournament.sessions[0], organizer)
        db.session.commit()
    page = client.get(f"/t/{tid}/standings").get_data(as_text=True)
    # the preliminary round is all posted, the final day to come: not "Final"
    assert 'data-testid="final"' not in page and "After the preliminary round" in page
    assert '<span class="rank">1</span>' in page
    api = client.get(f"/api/tournaments/{tid}/standings").get_json()
    assert api["posted_sessions"] == 1 and api["planned_sessions"] == 1
