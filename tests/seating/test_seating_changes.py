"""Seating through the pages: sessions in order, changes between sessions, swaps, wind draws.

The scenario follows an event with teams from registration to session 4: a withdrawal, a
disqualification, a late arrival and substitutes between sessions; every property the
issue lists is checked on the rows the app wrote.
"""

from __future__ import annotations

import io
import uuid
from itertools import combinations

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import (
    AuditEvent,
    Card,
    CardPenalty,
    CardRound,
    Player,
    PlaySession,
    Seat,
    Table,
    Tournament,
)
from judgeaid.services import card_views, cards, seating
from judgeaid.services.cards import Actor
from tests import factories
from tests.factories import make_judge, make_players, make_tournament

FORM = {"Referer": "http://localhost/t/1/sessions"}


def sign_in(client, name: str, pin: str, tournament_id: int = 1):
    response = client.post("/api/login", json={"tournament_id": tournament_id, "name": name,
                                               "pin": pin})
    assert response.status_code == 200, response.get_json()
    return client


@pytest.fixture
def event(app):
    """A CSoM event of 40 players, every second group of four a team of four (§3.6)."""
    with app.app_context():
        tournament, _ = make_tournament(seed=11)
        make_players(tournament, 40, team_every=2)
        make_judge(tournament)
        db.session.commit()
        return tournament.id


@pytest.fixture
def event_organizer(app, client, event):
    return sign_in(client, "Olga", "1234")


@pytest.fixture
def event_judge(app, event):
    return sign_in(app.test_client(), "Jin", "2468")


def tables_of(number: int) -> list[set[int]]:
    """Return the tables of a seated session as sets of player numbers."""
    session = db.session.scalar(select(PlaySession).filter_by(number=number))
    return [{s.player.number for s in t.seats} for t in session.tables]


def snapshot(number: int) -> dict:
    """Return everything recorded for a seated session: tables, seats, cards and their lines."""
    session = db.session.scalar(select(PlaySession).filter_by(number=number))
    out = {}
    for table in session.tables:
        card = db.session.scalar(select(Card).filter_by(table_id=table.id))
        out[table.number] = {
            "seats": sorted((s.position, s.player.number) for s in table.seats),
            "source": table.seats_source, "card": card.id, "version": card.version,
            "rounds": [(r.round, r.revision, r.deltas) for r in db.session.scalars(
                select(CardRound).filter_by(card_id=card.id).order_by(CardRound.id))],
            "penalties": [(p.player_number, p.points) for p in db.session.scalars(
                select(CardPenalty).filter_by(card_id=card.id))],
        }
    return out


def record_draw(app, session_number: int, table_number: int) -> None:
    """Record round 1 of a table's card as a draw, as a judge would."""
    with app.app_context():
        table = db.session.scalar(select(Table).join(PlaySession).where(
            PlaySession.number == session_number, Table.number == table_number))
        event_judge = next(u for u in db.session.scalar(select(Tournament)).users
                     if u.role == "judge")
        factories.record_round(cards.card_for_table(table),
                           {"round": 1, "result": "draw", "op_id": uuid.uuid4().hex},
                           Actor.for_user(event_judge))
        db.session.commit()


def meetings(sessions: list[list[set[int]]]) -> dict[tuple[int, int], int]:
    counts: dict[tuple[int, int], int] = {}
    for tables in sessions:
        for table in tables:
            for pair in combinations(sorted(table), 2):
                counts[pair] = counts.get(pair, 0) + 1
    return counts


def team_of() -> dict[int, str | None]:
    return {p.number: (p.team.name if p.team else None) for p in db.session.scalars(select(Player))}


def test_an_event_with_changes_between_sessions_keeps_every_property(app, event_organizer):
    client = event_organizer
    assert client.post("/t/1/sessions/1/seat").status_code == 302
    with app.app_context():
        session_one = tables_of(1)
        planned_two = seating.stored_plan(db.session.get(Tournament, 1))["sessions"][0]
    record_draw(app, 1, 1)
    with app.app_context():
        first = snapshot(1)
        assert first[1]["rounds"]

    # Before session 2: a withdrawal (§4.13), a disqualification (§4.11), a late arrival (§3.7).
    assert client.post("/t/1/players/withdraw", data={"player": 3}, headers=FORM) \
        .status_code == 302
    assert client.post("/t/1/players/disqualify", data={"player": 22}, headers=FORM) \
        .status_code == 302
    response = client.post("/t/1/organizer/players", data={"name": "Late Larry", "team": ""},
                           follow_redirects=True)
    assert "Player 41 Late Larry registered." in response.get_data(as_text=True)

    # 39 players: session 2 is refused with the fix, and the page offers the substitutes.
    response = client.post("/t/1/sessions/2/seat", headers=FORM, follow_redirects=True)
    page = response.get_data(as_text=True)
    assert "Session 2 has 39 players, so one table would have only 3. Add 1 neutral " \
           "substitute (§4.15) to fill it." in page
    assert 'data-testid="add-substitutes"' in page and "Add 1 substitute<" in page
    response = client.post("/t/1/substitutes", data={"count": 1}, follow_redirects=True)
    assert "Substitute 1 (#42)" in response.get_data(as_text=True)

    preview = client.get("/t/1/sessions/2/preview").get_data(as_text=True)
    assert 'data-testid="session-repeats">0<' in preview
    assert 'data-testid="session-clashes">0<' in preview
    assert client.post("/t/1/sessions/2/seat").status_code == 302

    with app.app_context():
        # Session 1, its seats and its card lines are exactly as they were.
        assert snapshot(1) == first
        assert tables_of(1) == session_one
        teams = team_of()
        two = tables_of(2)
        seated = sorted(p for t in two for p in t)
        roster = [p.number for p in db.session.scalars(
            select(Player).where(Player.status == "active").order_by(Player.number))]
        assert seated == roster and len(seated) == 40
        assert 3 not in seated and 22 not in seated and {41, 42} <= set(seated)
        assert all(len(t) == 4 for t in two)
        assert max(meetings([session_one, two]).values()) == 1
        assert not [t for t in two for a, b in combinations(t, 2)
                    if teams[a] and teams[a] == teams[b]]
        # Only what had to change moved: the newcomers took the two emptied seats.
        old = [set(t) for t in planned_two]
        moved = sum(len(t - {3, 22}) - max(len(t & o) for o in old) for t in two if t - {41, 42})
        assert moved <= 4
        player = db.session.scalar(select(Player).filter_by(number=41))
        assert player.joined_session == 2
        sub = db.session.scalar(select(Player).filter_by(number=42))
        assert sub.is_substitute and sub.name == "Substitute 1" and sub.joined_session == 2
        assert db.session.scalar(select(Player).filter_by(number=3)).left_session == 2

    for number in (3, 4):
        assert client.post(f"/t/1/sessions/{number}/seat").status_code == 302
    with app.app_context():
        sessions = [tables_of(n) for n in range(1, 5)]
        assert max(meetings(sessions).values()) == 1
        assert snapshot(1) == first


def test_sessions_are_seated_in_order_and_once(app, event_organizer):
    response = event_organizer.post("/t/1/sessions/2/seat", headers=FORM, follow_redirects=True)
    assert "Seat session 1 first: sessions are seated in order." in response.get_data(as_text=True)
    event_organizer.post("/t/1/sessions/1/seat")
    response = event_organizer.post("/t/1/sessions/1/seat", headers=FORM, follow_redirects=True)
    assert "Session 1 is already seated." in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.query(PlaySession).count() == 1
        assert db.session.query(Card).count() == 10


def test_the_sessions_page_shows_the_format_and_each_session(event_organizer):
    page = event_organizer.get("/t/1/sessions").get_data(as_text=True)
    for text in ("90 minutes", "change after every cycle of 4 rounds", "formal scheme",
                 "20 s, 20 s free at the start of a round (§1.9)", "Preview plan for session 1",
                 'data-testid="session-4"', "Seated after session 3."):
        assert text in page, text
    event_organizer.post("/t/1/sessions/1/seat")
    page = event_organizer.get("/t/1/sessions").get_data(as_text=True)
    assert "seated, not started · 10 tables" in page and "Seat session 2" in page


def test_the_preview_shows_the_plan_and_its_quality_and_writes_nothing(app, event_organizer):
    page = event_organizer.get("/t/1/sessions/1/preview").get_data(as_text=True)
    assert 'data-testid="plan-repeats">0<' in page and 'data-testid="no-repeats"' in page
    assert page.count('class="table-card"') == 10
    assert 'data-testid="opponents"' in page
    with app.app_context():
        assert db.session.query(PlaySession).count() == 0
    response = event_organizer.get("/t/1/sessions/2/preview")
    assert response.status_code == 409 and b"Seat session 1 first." in response.data


def test_the_preview_says_when_zero_repeats_is_impossible(app, client):
    with app.app_context():
        tournament, _ = make_tournament(seed=3)
        make_players(tournament, 16)
        tournament.settings = {**tournament.settings, "sessions": 6}
        db.session.commit()
    sign_in(client, "Olga", "1234")
    page = client.get("/t/1/sessions/1/preview").get_data(as_text=True)
    assert 'data-testid="bound-note"' in page
    assert "16 players can meet new opponents for at most 5 sessions; 6 sessions force at " \
           "least 24 repeated pairings." in page
    assert 'data-testid="lower-bound">24<' in page and "the fewest possible" in page


def test_a_count_that_is_not_a_multiple_of_four_offers_substitutes(app, event_organizer):
    event_organizer.post("/t/1/players/withdraw", data={"player": 1}, headers=FORM)
    page = event_organizer.get("/t/1/sessions").get_data(as_text=True)
    assert "Session 1 has 39 players" in page and "Add 1 substitute<" in page
    page = event_organizer.get("/t/1/sessions/1/preview").get_data(as_text=True)
    assert 'data-testid="count-problem"' in page and 'data-testid="seat"' not in page
    event_organizer.post("/t/1/substitutes", data={"count": 2})
    page = event_organizer.get("/t/1/sessions").get_data(as_text=True)
    assert "Session 1 has 41 players" in page
    assert "Add 3 neutral substitutes (§4.15) to fill it, or release 1 substitute no longer " \
           "needed." in page
    event_organizer.post("/t/1/players/withdraw", data={"player": 42}, headers=FORM)
    assert event_organizer.post("/t/1/sessions/1/seat").status_code == 302
    with app.app_context():
        seated = {p for t in tables_of(1) for p in t}
        assert 41 in seated and 42 not in seated and 1 not in seated


def test_a_late_arrival_joins_a_later_session_and_only_before_the_third(app, event_organizer):
    response = event_organizer.post("/t/1/players/late", data={"player": 5, "joins": 2},
                              headers=FORM, follow_redirects=True)
    assert "Player 005 joins at session 2 (§3.7)." in response.get_data(as_text=True)
    event_organizer.post("/t/1/substitutes", data={"count": 1})
    event_organizer.post("/t/1/sessions/1/seat")
    with app.app_context():
        assert 5 not in {p for t in tables_of(1) for p in t}
    # Player 5 now arrives: 41 players for session 2, so a substitute is released.
    event_organizer.post("/t/1/players/withdraw", data={"player": 41}, headers=FORM)
    event_organizer.post("/t/1/sessions/2/seat")
    with app.app_context():
        assert 5 in {p for t in tables_of(2) for p in t}
    response = event_organizer.post("/t/1/players/late", data={"player": 6, "joins": 3},
                              headers=FORM, follow_redirects=True)
    assert "Player 006 is already seated in session 1, so they are not a late arrival." \
        in response.get_data(as_text=True)
    event_organizer.post("/t/1/sessions/3/seat")
    response = event_organizer.post("/t/1/organizer/players", data={"name": "Too Late"},
                              headers={"Referer": "http://localhost/t/1/organizer"},
                              follow_redirects=True)
    page = response.get_data(as_text=True)
    assert "Late arrivals must check in before session 3 starts (§3.7)" in page
    with app.app_context():
        assert db.session.scalar(select(Player).filter_by(name="Too Late")) is None


def test_players_imported_after_session_1_join_at_session_2(app, event_organizer):
    event_organizer.post("/t/1/sessions/1/seat")
    csv = "name,team\nAda Late,\nBo Late,\nCy Late,\nDi Late,\n"
    response = event_organizer.post("/t/1/organizer/players/import", data={
        "file": (io.BytesIO(csv.encode()), "late.csv")}, content_type="multipart/form-data")
    assert response.status_code == 200
    event_organizer.post("/t/1/sessions/2/seat")
    with app.app_context():
        late = db.session.scalars(select(Player).where(Player.name.like("% Late"))).all()
        assert {p.joined_session for p in late} == {2} and len(late) == 4
        assert {p.number for p in late} <= {p for t in tables_of(2) for p in t}


def test_changing_the_number_of_sessions_replans_the_rest(app, event_organizer):
    event_organizer.post("/t/1/sessions/1/seat")
    event_organizer.post("/t/1/organizer/settings", data={"sessions": "5"})
    page = event_organizer.get("/t/1/sessions/2/preview").get_data(as_text=True)
    assert "repeated pairings over all 5 sessions" in page
    for number in (2, 3, 4, 5):
        assert event_organizer.post(f"/t/1/sessions/{number}/seat").status_code == 302
    with app.app_context():
        assert max(meetings([tables_of(n) for n in range(1, 6)]).values()) == 1


def test_a_start_time_is_kept_in_utc_and_shown_on_the_player_page(app, event_organizer):
    event_organizer.post("/t/1/organizer/settings", data={"time_zone": "Europe/Copenhagen"})
    # The form's time is the venue's; an offset from an older page is ignored.
    event_organizer.post("/t/1/sessions/1/start", data={"starts_at": "2025-05-17T13:30",
                                                  "tz_offset": "240"})
    event_organizer.post("/t/1/sessions/1/seat")
    with app.app_context():
        session = db.session.scalar(select(PlaySession).filter_by(number=1))
        assert session.starts_at.isoformat() == "2025-05-17T11:30:00"
        token = db.session.scalar(select(Player).filter_by(number=1)).token
    page = event_organizer.get(f"/p/{token}").get_data(as_text=True)
    assert 'datetime="2025-05-17T11:30:00Z"' in page and "Sat 17 May, 13:30 CEST" in page
    response = event_organizer.post("/t/1/sessions/2/start", data={"starts_at": "soon"},
                              headers=FORM, follow_redirects=True)
    assert "Give the start time as a date and a time" in response.get_data(as_text=True)


# ---------------------------------------------------------------- swaps by hand

def _seated_pair(app, *, clash: bool):
    """Return two players at different session-1 tables; with clash, b's team-mate is at a's."""
    with app.app_context():
        teams = team_of()
        tables = tables_of(1)
        for ta, tb in combinations(range(len(tables)), 2):
            for a in sorted(tables[ta]):
                for b in sorted(tables[tb]):
                    mates = tables[ta] - {a}
                    is_clash = any(teams[b] and teams[m] == teams[b] for m in mates)
                    if is_clash == clash:
                        return a, b, ta + 1, tb + 1
    raise AssertionError("no such pair")


def test_a_swap_that_makes_a_team_clash_waits_for_a_confirmation(app, event_organizer):
    event_organizer.post("/t/1/sessions/1/seat")
    a, b, ta, tb = _seated_pair(app, clash=True)
    with app.app_context():
        before = snapshot(1)
    response = event_organizer.post("/t/1/sessions/1/swap", data={"a": a, "b": b})
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and 'data-testid="swap-warnings"' in page
    assert "(§3.6)" in page and 'name="confirm"' in page
    with app.app_context():
        assert snapshot(1) == before
    response = event_organizer.post("/t/1/sessions/1/swap", data={"a": a, "b": b, "confirm": "yes"})
    assert response.status_code == 302
    with app.app_context():
        after = snapshot(1)
        assert b in tables_of(1)[ta - 1] and a in tables_of(1)[tb - 1]
        assert after[ta]["version"] == before[ta]["version"] + 1
        assert after[tb]["version"] == before[tb]["version"] + 1
        event = db.session.scalar(select(AuditEvent).filter_by(action="session.swap"))
        assert event.after["warnings"] and event.before["players"] == [a, b]


def test_a_harmless_swap_needs_no_confirmation_and_the_cards_follow(app, event_organizer):
    event_organizer.post("/t/1/sessions/1/seat")
    a, b, ta, tb = _seated_pair(app, clash=False)
    assert event_organizer.post("/t/1/sessions/1/swap", data={"a": a, "b": b}).status_code == 302
    with app.app_context():
        table = db.session.scalar(select(Table).join(PlaySession).where(
            PlaySession.number == 1, Table.number == ta))
        view = card_views.card_view(cards.card_for_table(table))
        assert b in [p["number"] for p in view["players"]]
        assert a not in [p["number"] for p in view["players"]]


def test_a_swap_that_repeats_an_earlier_pairing_is_warned(app, event_organizer):
    event_organizer.post("/t/1/sessions/1/seat")
    event_organizer.post("/t/1/sessions/2/seat")
    with app.app_context():
        one, two, teams = tables_of(1), tables_of(2), team_of()
        a, b = next(
            (a, b) for table in two for other in two if other is not table
            for b in sorted(other) for a in sorted(table)
            if (table - {a}) & (next(t for t in one if b in t) - {b})
            and not any(teams[b] and teams[m] == teams[b] for m in table - {a}))
    page = event_organizer.post("/t/1/sessions/2/swap",
                                data={"a": a, "b": b}).get_data(as_text=True)
    assert "would meet again" in page and "they also meet in session 1" in page


def test_swaps_are_refused_once_a_round_is_on_either_card(app, event_organizer):
    event_organizer.post("/t/1/sessions/1/seat")
    a, b, ta, tb = _seated_pair(app, clash=False)
    record_draw(app, 1, tb)
    with app.app_context():
        before = snapshot(1)
    response = event_organizer.post("/t/1/sessions/1/swap", data={"a": a, "b": b, "confirm": "yes"},
                              headers=FORM, follow_redirects=True)
    assert f"Table {tb} already has a round or a penalty on its card; its players stay " \
           "where they are." in response.get_data(as_text=True)
    with app.app_context():
        assert snapshot(1) == before


def test_a_substitute_takes_the_seat_of_a_player_who_withdrew_after_seating(app, event_organizer):
    event_organizer.post("/t/1/sessions/1/seat")
    event_organizer.post("/t/1/players/withdraw", data={"player": 7}, headers=FORM)
    event_organizer.post("/t/1/substitutes", data={"count": 1})
    response = event_organizer.post("/t/1/sessions/1/swap", data={"a": 8, "b": 41}, headers=FORM,
                              follow_redirects=True)
    assert "Player 008 is still in the event" in response.get_data(as_text=True)
    response = event_organizer.post("/t/1/sessions/1/swap",
                                    data={"a": 7, "b": 41, "confirm": "yes"})
    assert response.status_code == 302
    with app.app_context():
        seated = {p for t in tables_of(1) for p in t}
        assert 41 in seated and 7 not in seated
        assert db.session.scalar(select(Player).filter_by(number=41)).joined_session == 1


# ---------------------------------------------------------------- the judge's wind draw

def test_a_judge_enters_the_players_wind_draw_before_the_first_round(app, event_organizer,
                                                                    event_judge):
    event_organizer.post("/t/1/sessions/1/seat")
    with app.app_context():
        table = db.session.scalar(select(Table).filter_by(number=2))
        order = [s.player.number for s in table.seats]  # E, S, W, N by the digital draw
        version = cards.card_for_table(table).version
    page = event_judge.get("/t/1/sessions/1/tables/2").get_data(as_text=True)
    assert 'data-testid="draw-form"' in page and "recorded digital draw" in page
    drawn = dict(zip("ESWN", order[::-1], strict=True))
    response = event_judge.post("/t/1/sessions/1/tables/2/draw", data=drawn)
    assert response.status_code == 302
    with app.app_context():
        table = db.session.scalar(select(Table).filter_by(number=2))
        assert table.seats_source == "judge"
        assert [s.player.number for s in table.seats] == order[::-1]
        card = cards.card_for_table(table)
        assert card.version == version + 1
        assert cards.starting_seats(card) == drawn
        event = db.session.scalar(select(AuditEvent).filter_by(action="table.seat_draw"))
        assert event.actor == "judge:Jin" and event.after["seats"] == drawn
    page = event_judge.get("/t/1/sessions/1/tables/2").get_data(as_text=True)
    assert "the players’ own wind draw, entered by a judge" in page


def test_a_wind_draw_must_give_each_player_one_wind(app, event_organizer, event_judge):
    event_organizer.post("/t/1/sessions/1/seat")
    with app.app_context():
        first = db.session.scalar(select(Table).filter_by(number=1)).seats[0].player.number
    response = event_judge.post("/t/1/sessions/1/tables/1/draw",
                          data={"E": first, "S": first, "W": first, "N": first},
                          headers=FORM, follow_redirects=True)
    assert "choose four different players" in response.get_data(as_text=True)


def test_the_wind_draw_is_refused_after_a_round_is_recorded(app, event_organizer, event_judge):
    event_organizer.post("/t/1/sessions/1/seat")
    record_draw(app, 1, 1)
    with app.app_context():
        before = snapshot(1)[1]
        order = before["seats"]
    page = event_judge.get("/t/1/sessions/1/tables/1").get_data(as_text=True)
    assert 'data-testid="draw-closed"' in page and 'data-testid="draw-form"' not in page
    drawn = dict(zip("ESWN", [n for _, n in order][::-1], strict=True))
    response = event_judge.post("/t/1/sessions/1/tables/1/draw", data=drawn)
    assert response.status_code == 409
    assert "A round is already recorded at table 1" in response.get_data(as_text=True)
    with app.app_context():
        assert snapshot(1)[1] == before
        assert db.session.scalar(select(Seat).limit(1)) is not None


# ---------------------------------------------------------------- undoing a mistaken change

def test_a_mistaken_withdrawal_is_undone_before_it_takes_effect(app, event_organizer, event_judge):
    event_organizer.post("/t/1/sessions/1/seat")
    event_organizer.post("/t/1/players/disqualify", data={"player": 9}, headers=FORM)
    assert event_judge.post("/t/1/players/reinstate", data={"player": 9},
                      headers=FORM).status_code == 403
    response = event_organizer.post("/t/1/players/reinstate", data={"player": 9}, headers=FORM,
                              follow_redirects=True)
    assert "is back in the event" in response.get_data(as_text=True)
    with app.app_context():
        player = db.session.scalar(select(Player).filter_by(number=9))
        assert (player.status, player.left_session) == ("active", None)
        event = db.session.scalars(select(AuditEvent).filter_by(
            action="player.reinstate")).one()
        assert event.before["status"] == "disqualified" and event.after["status"] == "active"
    event_organizer.post("/t/1/sessions/2/seat")
    with app.app_context():
        assert 9 in {p for t in tables_of(2) for p in t}
    again = event_organizer.post("/t/1/players/reinstate", data={"player": 9}, headers=FORM,
                           follow_redirects=True)
    assert "nothing to undo" in again.get_data(as_text=True)


def test_a_player_who_missed_a_seated_session_cannot_come_back(app, event_organizer):
    event_organizer.post("/t/1/sessions/1/seat")
    event_organizer.post("/t/1/players/withdraw", data={"player": 7}, headers=FORM)
    event_organizer.post("/t/1/substitutes", data={"count": 1})  # 39 players: one fills the table
    assert event_organizer.post("/t/1/sessions/2/seat").status_code == 302
    response = event_organizer.post("/t/1/players/reinstate", data={"player": 7}, headers=FORM,
                              follow_redirects=True)
    assert "Session 2 is seated without" in response.get_data(as_text=True)
    with app.app_context():
        assert db.session.scalar(select(Player).filter_by(number=7)).status == "withdrawn"
    unknown = event_organizer.post("/t/1/players/reinstate", data={"player": 999}, headers=FORM,
                             follow_redirects=True)
    assert "no player 999" in unknown.get_data(as_text=True)


def test_a_resignation_is_undone_while_the_player_still_has_their_seat(app, event_organizer):
    from judgeaid.models import User
    from judgeaid.services import results

    event_organizer.post("/t/1/sessions/1/seat")
    with app.app_context():
        tournament = db.session.get(Tournament, 1)
        olga = db.session.scalar(select(User).filter_by(name="Olga"))
        results.mark_resigned(tournament, 12, 1, "not at the table after 5 minutes", olga)
        db.session.commit()
    response = event_organizer.post("/t/1/players/reinstate", data={"player": 12}, headers=FORM,
                              follow_redirects=True)
    assert "is back in the event" in response.get_data(as_text=True)
    with app.app_context():
        player = db.session.scalar(select(Player).filter_by(number=12))
        assert (player.status, player.left_session) == ("active", None)
        assert 12 in {p for t in tables_of(1) for p in t}


def test_the_substitutes_form_sent_twice_adds_them_once(app, event_organizer):
    import re

    event_organizer.post("/t/1/players/withdraw", data={"player": 1}, headers=FORM)
    page = event_organizer.get("/t/1/sessions").get_data(as_text=True)
    form = re.search(r'<form method="post" action="/t/1/substitutes".*?</form>', page, re.S)
    fields = dict(re.findall(r'name="(op_id|count)" value="([^"]+)"', form.group(0)))
    assert fields["count"] == "1" and len(fields["op_id"]) >= 8
    first = event_organizer.post("/t/1/substitutes", data=fields, follow_redirects=True)
    assert "Added Substitute 1 (#41)." in first.get_data(as_text=True)
    again = event_organizer.post("/t/1/substitutes", data=fields, follow_redirects=True)
    assert "Already added: Substitute 1 (#41). Nothing more was added." in again.get_data(
        as_text=True)
    other = event_organizer.post("/t/1/substitutes", data={**fields, "count": 2},
                           follow_redirects=True)
    assert "already used for a different write" in other.get_data(as_text=True)
    with app.app_context():
        assert [p.number for p in db.session.scalars(
            select(Player).filter_by(is_substitute=True))] == [41]
    page = event_organizer.get("/t/1/sessions").get_data(as_text=True)
    assert "40 players will play session 1." in page and fields["op_id"] not in page
