"""Who may do what on the seating pages: the organizer seats and changes, judges draw seats."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Player, PlaySession, Table
from judgeaid.services import seating
from tests.factories import make_judge, make_players, make_tournament

ORGANIZER_ONLY = [
    ("get", "/t/{id}/sessions", None),
    ("get", "/t/{id}/sessions/2/preview", None),
    ("post", "/t/{id}/sessions/2/seat", {}),
    ("post", "/t/{id}/sessions/2/start", {"starts_at": "2025-05-17T09:00"}),
    ("post", "/t/{id}/substitutes", {"count": "1"}),
    ("post", "/t/{id}/players/withdraw", {"player": "1"}),
    ("post", "/t/{id}/players/disqualify", {"player": "1"}),
    ("post", "/t/{id}/players/late", {"player": "1", "joins": "2"}),
    ("post", "/t/{id}/sessions/1/swap", {"a": "1", "b": "2", "confirm": "yes"}),
]
JUDGE_PAGES = [
    ("get", "/t/{id}/sessions/1/tables", None),
    ("get", "/t/{id}/sessions/1/tables/1", None),
    ("post", "/t/{id}/sessions/1/tables/1/draw", {"E": "1", "S": "2", "W": "3", "N": "4"}),
]


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, organizer = make_tournament(pin="1234")
        make_players(tournament, 8)
        make_judge(tournament, "Jin", "judge", "2468")
        make_judge(tournament, "Hana", "head_judge", "8642")
        seating.seat_session(tournament, 1, organizer)
        other, _ = make_tournament("Other Open", organizer="Otto", pin="5555")
        db.session.commit()
        token = db.session.scalar(select(Player).filter_by(number=1)).token
        return {"id": tournament.id, "other": other.id, "token": token}


def call(client, method, path, form, event):
    url = path.format(id=event["id"])
    return client.get(url) if method == "get" else client.post(url, data=form)


def unchanged(app) -> tuple:
    with app.app_context():
        return (db.session.query(PlaySession).count(), db.session.query(Player).count(),
                tuple(p.status for p in db.session.scalars(select(Player)
                                                           .order_by(Player.id))),
                tuple(t.seats_source for t in db.session.scalars(select(Table))))


def sign_in(client, tournament_id, name, pin):
    response = client.post("/api/login", json={"tournament_id": tournament_id, "name": name,
                                               "pin": pin})
    assert response.status_code == 200
    return client


@pytest.mark.parametrize(("method", "path", "form"), ORGANIZER_ONLY + JUDGE_PAGES)
def test_anonymous_visitors_and_player_links_must_sign_in(app, client, event, method,
                                                                  path, form):
    before = unchanged(app)
    assert client.get(f"/p/{event['token']}").status_code == 200
    response = call(client, method, path, form, event)
    if method == "get":
        assert response.status_code == 302 and "/login" in response.headers["Location"]
    else:  # a refused form post says why instead of losing the form to a redirect
        assert response.status_code == 401
    assert unchanged(app) == before


@pytest.mark.parametrize(("method", "path", "form"), ORGANIZER_ONLY)
def test_judges_cannot_seat_or_change_players(app, client, event, method, path, form):
    sign_in(client, event["id"], "Jin", "2468")
    before = unchanged(app)
    assert call(client, method, path, form, event).status_code == 403
    assert unchanged(app) == before


@pytest.mark.parametrize("who", [("Jin", "2468"), ("Olga", "1234")])
@pytest.mark.parametrize(("method", "path", "form"), JUDGE_PAGES)
def test_judges_and_the_organizer_see_tables_and_enter_wind_draws(app, client, event, who,
                                                                  method, path, form):
    sign_in(client, event["id"], *who)
    with app.app_context():
        table = db.session.scalar(select(Table).filter_by(number=1))
        form = form and dict(zip("ESWN", (str(s.player.number) for s in table.seats[::-1]),
                                 strict=True))
    response = call(client, method, path, form, event)
    assert response.status_code == (200 if method == "get" else 302)


def test_a_head_judge_draws_seats_but_does_not_seat_sessions(app, client, event):
    sign_in(client, event["id"], "Hana", "8642")
    assert client.post(f"/t/{event['id']}/sessions/2/seat").status_code == 403
    assert client.get(f"/t/{event['id']}/sessions/1/tables/1").status_code == 200


@pytest.mark.parametrize(("method", "path", "form"), [ORGANIZER_ONLY[0], ORGANIZER_ONLY[2],
                                                      ORGANIZER_ONLY[5], JUDGE_PAGES[2]])
def test_the_organizer_of_another_tournament_is_refused(app, client, event, method, path,
                                                        form):
    sign_in(client, event["other"], "Otto", "5555")
    before = unchanged(app)
    assert call(client, method, path, form, event).status_code == 403
    assert unchanged(app) == before


def test_the_notice_board_list_is_public_once_a_session_is_seated(app, client, event):
    assert client.get(f"/t/{event['id']}/sessions/1/board").status_code == 200
    assert client.get(f"/t/{event['id']}/sessions/2/board").status_code == 404


def test_seating_forms_need_a_csrf_token(app, event):
    app.config["WTF_CSRF_ENABLED"] = True
    client = app.test_client()
    sign_in(client, event["id"], "Olga", "1234")
    response = client.post(f"/t/{event['id']}/sessions/1/seat", data={})
    assert response.status_code == 400 and b"This form has expired" in response.data
