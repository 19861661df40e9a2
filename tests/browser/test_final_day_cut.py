"""The final-day cut on a 360 px phone: the organizer confirms the list of who goes through,
and can take the cut back until the first hand of the next round is recorded."""

from __future__ import annotations

import pytest

from judgeaid.extensions import db
from judgeaid.models import PlaySession, Tournament
from judgeaid.services import cards, final_day
from judgeaid.services.errors import Conflict
from tests.factories import (
    current_round,
    make_event,
    play,
    play_cut_tie,
    play_preliminary,
    players_at,
    win,
)

pytestmark = pytest.mark.browser


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, organizer = make_event("rsom", players=20, sessions=1)
        play_preliminary(tournament, organizer)
        db.session.commit()
        return {"id": tournament.id, "organizer": organizer.name}


def sign_in(page, server, event):
    page.goto(f"{server.url}/login")
    page.select_option("select[name=tournament_id]", str(event["id"]))
    page.fill("input[name=name]", event["organizer"])
    page.fill("input[name=pin]", "1234")
    page.click("button[type=submit]")
    page.wait_for_url(lambda url: "/login" not in url)


def rounds(app, tid):
    with app.app_context():
        return db.session.query(PlaySession).filter_by(tournament_id=tid, stage="final").count()


def test_the_cut_is_confirmed_and_can_be_taken_back(live_server, browser, app, event):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        sign_in(page, live_server, event)
        page.goto(f"{live_server.url}/t/{event['id']}/final-day")
        listed = page.get_by_test_id("cut-list").locator("li")
        assert listed.count() == 16
        # one tap is not enough: the list must be confirmed first
        page.get_by_test_id("advance").click()
        assert rounds(app, event["id"]) == 0
        page.get_by_test_id("cut-confirm").check()
        page.get_by_test_id("advance").click()
        page.wait_for_load_state()
        assert "The top 16 advance" in page.locator("main").inner_text()
        assert rounds(app, event["id"]) == 1
        # taken back, with a confirmation too
        page.get_by_test_id("undo-cut-confirm").check()
        page.get_by_test_id("undo-cut-button").click()
        page.wait_for_load_state()
        assert "The cut is taken back" in page.locator("main").inner_text()
        assert rounds(app, event["id"]) == 0
        assert page.get_by_test_id("cut-list").locator("li").count() == 16
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        # made again, then a hand recorded: no undo any more
        page.get_by_test_id("cut-confirm").check()
        page.get_by_test_id("advance").click()
        page.wait_for_load_state()
        with app.app_context():
            tournament = db.session.get(Tournament, event["id"])
            organizer = next(u for u in tournament.users if u.name == event["organizer"])
            card = cards.card_for_table(current_round(tournament).tables[0])
            play(card, organizer, win(players_at(card)[0], 10))
            db.session.commit()
            with pytest.raises(Conflict):
                final_day.undo_cut(tournament, organizer)
            db.session.rollback()
        page.reload()
        assert page.get_by_test_id("undo-cut").count() == 0
    finally:
        context.close()


@pytest.fixture
def tied_event(app):
    with app.app_context():
        tournament, organizer = make_event("rsom", players=20, sessions=1)
        tied = play_cut_tie(tournament, organizer)
        db.session.commit()
        return {"id": tournament.id, "organizer": organizer.name, "tied": tied}


def test_a_physical_draw_at_the_cut_is_entered_said_in_words_and_undone(
        live_server, browser, app, tied_event):
    # issue 27: the organizer may enter a physical draw instead, recorded with who entered it
    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        sign_in(page, live_server, tied_event)
        page.goto(f"{live_server.url}/t/{tied_event['id']}/final-day")
        sentence = page.get_by_test_id("cut-tie").inner_text()
        assert "level on match points and on the raw total" in sentence and "seed" in sentence
        box = page.get_by_test_id("physical-draw-numbers")
        seeded = box.input_value().split()
        assert sorted(map(int, seeded)) == sorted(tied_event["tied"])
        drawn = list(reversed(seeded))
        box.fill(" ".join(drawn))
        page.get_by_test_id("physical-draw-button").click()
        page.wait_for_url(lambda url: url.endswith("#cut"))
        main = page.locator("main").inner_text()
        assert f"physical draw entered by {tied_event['organizer']}" in main
        assert "The physical draw for places 16–19 is recorded" in main
        # the cut list follows the hall's draw: its first drawn goes through, the rest not
        listed = page.get_by_test_id("cut-list").locator("li").all_inner_texts()
        assert listed[-1].endswith(f"#{drawn[0]}")
        assert not any(text.endswith(f"#{n}") for text in listed for n in drawn[1:])
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
        page.get_by_test_id("undo-physical-draw-button").click()
        page.wait_for_url(lambda url: url.endswith("#cut"))
        assert "seed orders" in page.locator("main").inner_text()
        assert page.get_by_test_id("physical-draw-numbers").input_value().split() == seeded
        # a wrong list is refused where it was typed, with the reason
        page.get_by_test_id("physical-draw-numbers").fill(" ".join(seeded[:2]))
        page.get_by_test_id("physical-draw-button").click()
        page.wait_for_load_state()
        assert "List every player of the tie once" in page.locator("main").inner_text()
    finally:
        context.close()


def test_prize_places_are_marked_on_the_results_desk(live_server, browser, app, tied_event):
    context = browser.new_context(viewport={"width": 360, "height": 740})
    try:
        page = context.new_page()
        sign_in(page, live_server, tied_event)
        page.goto(f"{live_server.url}/t/{tied_event['id']}/standings/manage")
        assert page.get_by_test_id("prize-state").inner_text() == "No prize places are marked."
        assert page.get_by_test_id("tie-16–19").count() == 1
        assert page.get_by_test_id("tie-2–5").count() == 0
        page.get_by_test_id("prize-places").fill("3")
        page.get_by_test_id("prize-save").click()
        page.wait_for_url(lambda url: url.endswith("#ties"))
        assert page.get_by_test_id("prize-state").inner_text() == (
            "The top 3 places win a prize.")
        assert "a prize place" in page.get_by_test_id("tie-2–5").inner_text()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    finally:
        context.close()
