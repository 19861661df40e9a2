"""A card whose session is posted as final does not change until the organizer reopens the
session with a reason: a posted score never moves without anyone saying why."""

from __future__ import annotations

import uuid

import pytest

from judgeaid.extensions import db
from judgeaid.models import Card, utcnow
from judgeaid.services import card_views, card_writes, results
from judgeaid.services.cards import Actor
from judgeaid.services.errors import Conflict
from tests.factories import (
    DRAW,
    card_of,
    demo_card_id,
    make_event,
    penalize,
    play,
    seat_by_hand,
    time_over,
    win,
)


def posted_event():
    tournament, organizer = make_event(players=4)
    session = seat_by_hand(tournament, 1, [[1, 2, 3, 4]])
    card = card_of(session, 1)
    play(card, organizer, win(1, 30))
    penalty = penalize(card, organizer, 2, 5)
    time_over(card, organizer)
    results.finalize_session(tournament, 1, organizer)
    db.session.commit()  # posted, as the results desk leaves it
    return tournament, organizer, card, penalty


def test_no_round_penalty_strike_or_time_over_on_a_posted_card(app):
    with app.app_context():
        tournament, organizer, card, penalty = posted_event()
        actor, version = Actor.for_user(organizer), card.version
        totals = card_views.card_view(card)["totals"]
        with pytest.raises(Conflict, match="posted as final"):
            play(card, organizer, win(1, 60), start=1, correction=True, reason="wrong value")
        with pytest.raises(Conflict, match="posted as final"):
            penalize(card, organizer, 3, 10)
        with pytest.raises(Conflict, match="posted as final"):
            card_writes.strike_penalty(card, penalty, "given in error", actor)
        with pytest.raises(Conflict, match="reopen"):
            card_writes.close_rounds(card, actor)
        assert card.version == version
        assert card_views.card_view(card)["totals"] == totals


def test_after_reopening_with_a_reason_the_card_is_corrected(app):
    with app.app_context():
        tournament, organizer, card, _ = posted_event()
        results.unfinalize_session(tournament, 1, "score check from player 2", organizer)
        play(card, organizer, DRAW, start=1, correction=True, reason="it was a draw")
        line = card_views.card_view(card)["rounds"][0]
        assert line["result"] == "draw" and line["revision"] == 2


def test_the_card_api_says_why_with_a_409(app, judge, demo):
    with app.app_context():
        card = db.session.get(Card, demo_card_id(demo))
        card.table.session.finalized_at = utcnow()  # posted, as finalize_session leaves it
        db.session.commit()
        card_id = card.id
    answer = judge.post(f"/api/cards/{card_id}/penalties",
                        json={"player": 1, "points": 5, "reason": "slow play",
                              "op_id": str(uuid.uuid4())})
    assert answer.status_code == 409
    assert "posted as final" in answer.get_json()["message"]
    assert judge.get(f"/api/cards/{card_id}").get_json()["penalties"] == []
