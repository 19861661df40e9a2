"""EMA results (issue 30): an MCR event imported from CSV with EMA numbers and countries,
played and posted, gives an EMA file whose rows match the standings and the base-rank
formula, "-" for players without a number, and a reconciliation that sums."""

from __future__ import annotations

import csv
import io
import uuid
from typing import NamedTuple

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Player, Tournament
from judgeaid.services import accounts, ema, penalties, standings_pages
from judgeaid.services.judge_inputs import PenaltyBody
from judgeaid.tournament import mers
from tests.factories import (
    card_of,
    close_session,
    make_judge,
    mcr_format,
    penalize,
    play,
    seat_by_hand,
    sign_in,
    win,
)

# Columns in an order of their own; player 7 has no EMA number, player 8 only a display name.
PLAYERS_CSV = (
    "country,ema,id,name,family_name,given_name,team\n"
    "Germany,04010001,1,Ann Berg,Berg,Ann,\n"
    "FR,02010002,2,Bo Chen,Chen,Bo,\n"
    "nl,03010003,3,Cy Dahl,Dahl,Cy,\n"
    "DEU,04010004,4,Dee Ek,Ek,Dee,\n"
    "Denmark,1010005,5,Eli Fox,Fox,Eli,\n"
    "Spain,06010006,6,Fay Gil,Gil,Fay,\n"
    "Italy,,7,Gus Hale,Hale,Gus,\n"
    ",,8,Hal,,,\n"
)


class Record(NamedTuple):
    family_name: str | None
    given_name: str | None
    ema_number: str | None
    country: str | None


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, _ = accounts.create_tournament("EMA Open", mcr_format(), "Olga", "1234",
                                                   seed=5, ruleset="mcr")
        make_judge(tournament, "Jin", pin="2468")
        db.session.commit()
        return {"id": tournament.id, "organizer": "Olga"}


def organizer(app, event):
    return sign_in(app.test_client(), event, "Olga", "1234")


def import_csv(client, event, text):
    return client.post(f"/t/{event['id']}/organizer/players/import", data={
        "file": (io.BytesIO(text.encode()), "players.csv")}, content_type="multipart/form-data")


def play_and_post(tid):
    """Two sessions; a False Hu whose 30 points go 10 to each other player, and a penalty
    whose points go to no one."""
    tournament = db.session.get(Tournament, tid)
    boss = next(u for u in tournament.users if u.role == "organizer")
    judge = next(u for u in tournament.users if u.name == "Jin")
    first = seat_by_hand(tournament, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
    play(card_of(first, 1), boss, win(1, 10), win(2, 8, "discard", 3))
    penalize(card_of(first, 1), boss, 2, 5)  # to no one
    play(card_of(first, 2), boss, win(5, 20), win(6, 20))
    penalties.issue_penalty(tournament, PenaltyBody(
        card_id=card_of(first, 2).id, player=7, category="false_hu",
        infraction="below_minimum", kind="points", points=30, round=3,
        op_id=str(uuid.uuid4())), judge)
    second = seat_by_hand(tournament, 2, [[1, 5, 2, 6], [3, 7, 4, 8]])
    play(card_of(second, 1), boss, win(5, 10))
    play(card_of(second, 2), boss, win(4, 10))
    close_session(tournament, first, boss)
    close_session(tournament, second, boss)
    db.session.commit()


def read_csv(data: bytes) -> list[list[str]]:
    assert data.startswith(b"\xef\xbb\xbf")
    return list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))


def test_the_ema_file_matches_the_standings_and_the_formula(app, event):
    desk = organizer(app, event)
    page = import_csv(desk, event, PLAYERS_CSV).get_data(as_text=True)
    assert "8 players added, 0 rows rejected" in page
    assert "The EMA number 1010005 has 7 digits" in page  # kept, warned, never padded
    with app.app_context():
        stored = {p.number: Record(p.family_name, p.given_name, p.ema_number, p.country)
                  for p in db.session.scalars(select(Player))}
        assert stored[1] == ("Berg", "Ann", "04010001", "DE")
        assert stored[4].country == "DE" and stored[3].country == "NL"
        assert stored[5].ema_number == "1010005" and stored[7].ema_number is None
        play_and_post(event["id"])
        standings = standings_pages.standings_view(event["id"])["standings"]

    judge = sign_in(app.test_client(), event, "Jin", "2468")
    for client in (desk, judge):
        response = client.get(f"/t/{event['id']}/exports/ema.csv")
        assert response.status_code == 200
        assert response.mimetype == "text/csv"
        rows = read_csv(response.data)
        assert rows[0] == ["Position", "EMA number", "Last name", "First name", "Nationality",
                           "Table points", "Score", "Base rank"]
    body = rows[1:]
    assert len(body) == len(standings) == 8
    n = len(body)
    for row, line in zip(body, standings, strict=True):
        position = int(row[0])
        assert position == line["rank"]
        assert float(row[5]) == pytest.approx(line["table_points"])
        assert int(row[6]) == line["contest_points"]
        assert int(row[7]) == (1000 * (n - position)) // (n - 1)
        player = stored[line["number"]]
        assert row[1] == (player.ema_number or "-")
        assert row[4] == (player.country or "")
        if player.family_name:
            assert (row[2], row[3]) == (player.family_name, player.given_name)
        else:
            assert (row[2], row[3]) == ("Hal", "")  # only a display name: the page says so
    assert [r[1] for r in body if r[2] == "Hale"] == ["-"]
    assert int(body[0][7]) == 1000 and int(body[-1][7]) == 0 or body[-1][0] == body[-2][0]

    with app.app_context():
        rows = ema.ema_rows(event["id"])
        check = ema.reconciliation(event["id"], rows)
    assert check["adds_up"]
    first, second = check["sessions"]
    assert first["hands"] == 0 and second["hands"] == 0  # MCR hands pay each other
    assert (first["charged"], first["paid"], first["unpaid"]) == (35, 30, 5)
    assert first["cards_total"] == first["expected"] == -5
    false_hu = next(p for p in first["penalties"] if p["player"] == 7)
    assert sorted(p["player"] for p in false_hu["paid_to"]) == [5, 6, 8]
    assert false_hu["unpaid"] == 0
    no_one = next(p for p in first["penalties"] if p["player"] == 2)
    assert no_one["paid_to"] == [] and no_one["unpaid"] == 5
    assert check["scores"] == sum(int(r[6]) for r in body) == check["cards_total"] == -5


def test_the_page_shows_the_rows_the_weight_and_the_check(app, event):
    desk = organizer(app, event)
    import_csv(desk, event, PLAYERS_CSV)
    with app.app_context():
        play_and_post(event["id"])
    page = desk.get(f"/t/{event['id']}/exports/ema").get_data(as_text=True)
    assert 'data-look="names"' in page and page.count('data-look="names"') == 1
    assert "1 row has only a display name" in page
    assert "2 players have no EMA number" in page
    # 8 ranked players, 1 day at most, 6 countries (DE FR NL DK ES IT): 1 + 0 + 0.5 + 0
    assert "MERS weight: 1.5" in page
    assert "6 countries: +0.5" in page
    desk.post(f"/t/{event['id']}/exports/ema/qualifying", data={"qualifying": "true"})
    page = desk.get(f"/t/{event['id']}/exports/ema").get_data(as_text=True)
    assert "MERS weight: 2.5" in page and "Entry needed qualifying: +1" in page
    assert 'data-testid="check-session-1"' in page and "adds up" in page
    judge = sign_in(app.test_client(), event, "Jin", "2468")
    assert judge.get(f"/t/{event['id']}/exports/ema").status_code == 200
    assert judge.post(f"/t/{event['id']}/exports/ema/qualifying",
                      data={}).status_code == 403
    assert app.test_client().get(f"/t/{event['id']}/exports/ema.csv").status_code in (302, 401)


def test_a_zj_event_has_no_ema_results(app):
    with app.app_context():
        tournament, _ = accounts.create_tournament("ZJ Open", "csom", "Olga", "1234", seed=5)
        db.session.commit()
        event = {"id": tournament.id}
    desk = sign_in(app.test_client(), event, "Olga", "1234")
    assert desk.get(f"/t/{event['id']}/exports/ema.csv").status_code == 404


@pytest.mark.parametrize(("position", "ranked", "expected"), [
    (75, 100, 252), (1, 100, 1000), (100, 100, 0), (1, 2, 1000), (2, 2, 0), (3, 8, 714)])
def test_base_rank_is_the_emas_formula(position, ranked, expected):
    assert mers.base_rank(position, ranked) == expected


def test_tied_players_share_a_position():
    assert mers.positions([(0, 7.0, 30), (0, 5.0, 2), (0, 5.0, 2), (0, 1.0, -4)]) == [1, 2, 2, 4]


@pytest.mark.parametrize(("days", "ranked", "subs", "countries", "qualifying", "total", "other"), [
    (1, 40, 0, 5, False, 1.0, None),
    (1, 40, 1, 5, False, 1.5, None),       # 41 players with one substitute
    (2, 78, 5, 6, False, 3.5, None),       # 78 + 3 substitutes = 81 players: +1
    (3, 20, 0, 9, True, 4.5, None),
    (2, 20, 0, 10, False, 3.0, 2.5),       # the EMA's two pages differ at exactly 10
    (5, 20, 0, 11, False, 4.0, None),      # more than 3 days counts as 3
])
def test_the_mers_weight(days, ranked, subs, countries, qualifying, total, other):
    weight = mers.weight(days, ranked, subs, countries, qualifying)
    assert weight.total == total and weight.other == other


def test_substitutes_are_never_ranked_but_count_for_the_weight(app):
    from tests.factories import played_mcr_event

    with app.app_context():
        event = played_mcr_event(finalize=True)
        tournament = db.session.get(Tournament, event["id"])
        for number in (9, 10, 11, 12):
            db.session.add(Player(tournament_id=tournament.id, number=number,
                                  name=f"Sub {number}", token=f"sub-token-{number}",
                                  is_substitute=True, country="BE"))
        db.session.commit()
        rows = ema.ema_rows(event["id"])
        weight = ema.weight_view(event["id"], rows)
    assert len(rows) == 8 and all(r["number"] <= 8 for r in rows)
    assert [r["base_rank"] for r in rows][0] == 1000
    assert (weight["ranked"], weight["substitutes"], weight["substitutes_counted"],
            weight["players"]) == (8, 4, 3, 11)
    assert weight["country_codes"] == ["BE"]


def test_fewer_than_two_ranked_players_give_no_file(app, event):
    desk = organizer(app, event)
    import_csv(desk, event, "name\nAnn\n")
    page = desk.get(f"/t/{event['id']}/exports/ema").get_data(as_text=True)
    assert 'data-testid="ema-problem"' in page and "at least 2 ranked players" in page
    assert desk.get(f"/t/{event['id']}/exports/ema.csv").status_code == 400
