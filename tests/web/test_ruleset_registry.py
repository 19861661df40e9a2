"""A ruleset is one package plus one registration line: services follow a tournament's."""

from __future__ import annotations

import ast
import json
from dataclasses import replace
from pathlib import Path

import pytest

from judgeaid.extensions import db
from judgeaid.models import Player, PlaySession, Tournament
from judgeaid.printing.cards import card_form
from judgeaid.rules import RULESETS, TimeLimits
from judgeaid.rules.zj.rotation import cycle_seats
from judgeaid.services import (
    accounts,
    card_views,
    cards,
    clock,
    exports,
    judge_pages,
    organizing,
    overview,
    penalties,
    restore,
    seating,
    standings_data,
    timers,
)
from judgeaid.services.errors import Conflict, ServiceError
from tests.conftest import reset_schema
from tests.factories import card_of, make_event, penalize, players_at, seat_by_hand


def _fake_limits(format_code, settings, *, is_stalling_clock=False):
    return TimeLimits("casual", 3 if is_stalling_clock else 7, None, 2)


def _fake_session_ms(settings, *, stage, bracket_size):
    return 42_000


def _fake_guide_json():
    return {"version": "fake-1", "entries": []}


def _fake_search(query):
    return []


def _fake_table_points(totals):
    # MCR-like: points by place at the table, not by the player's own total
    order = sorted(totals, key=lambda player: -totals[player])
    return {player: float(4 - place) for place, player in enumerate(order)}


ZJ = RULESETS["zj"]


def _like(capability, **members):
    """Return a capability like `capability` (an instance) with some members its own."""
    return type(f"Fake{type(capability).__name__}", (type(capability),), {
        name: staticmethod(value) if callable(value) else value
        for name, value in members.items()})()


FAKE = replace(ZJ, code="fake", name="A made-up ruleset",
               timing=_like(ZJ.timing, limits=_fake_limits, session_ms=_fake_session_ms,
                            timeout_free_ms=99_000, resignation_over_points=10,
                            crosses_resignation=lambda before, added: before + added > 10),
               rubric=_like(ZJ.rubric, kind_labels={"warning": "Fake caution"}),
               guide=_like(ZJ.guide, guide_json=_fake_guide_json, search=_fake_search),
               session=_like(ZJ.session, rounds=8),
               ranking=_like(ZJ.ranking, table_points=_fake_table_points))
# A ruleset with formats of its own: one event format, seven sessions long.
OPEN = replace(ZJ.formats["casual"], code="fake_open", name="Fake open",
               settings={**ZJ.formats["casual"].settings, "sessions": 7})
OWN_FORMATS = replace(FAKE, code="own", formats={OPEN.code: OPEN},
                      default_settings=lambda code: dict(OPEN.settings),
                      validate_settings=lambda code, values: ({**OPEN.settings, **values}, []))


@pytest.fixture
def fake_tournament(app, demo, monkeypatch):
    """Register the fake ruleset (no service edited) and make the demo play by it."""
    monkeypatch.setitem(RULESETS, FAKE.code, FAKE)
    with app.app_context():
        tournament = db.session.get(Tournament, demo["tournament_id"])
        tournament.ruleset = FAKE.code
        db.session.commit()
    return demo["tournament_id"]


def test_a_new_tournament_plays_zung_jung(app, demo):
    with app.app_context():
        tournament = db.session.get(Tournament, demo["tournament_id"])
        assert tournament.ruleset == "zj"
        assert timers.limits_for(tournament) == TimeLimits("casual", 20, None, 20)


def test_services_ask_the_tournaments_ruleset(app, fake_tournament):
    with app.app_context():
        tournament = db.session.get(Tournament, fake_tournament)
        assert timers.limits_for(tournament) == TimeLimits("casual", 7, None, 2)
        assert timers.limits_for(tournament, is_stalling_clock=True).turn_s == 3
        session = db.session.scalars(db.select(PlaySession).filter_by(
            tournament_id=fake_tournament, number=1)).one()
        assert clock.duration_ms(session) == 42_000
        assert clock.session_view(session)["duration_ms"] == 42_000
        assert timers.timeouts_view(fake_tournament, 1)["free_ms"] == 99_000
        choices = timers.timer_choices(fake_tournament)
        assert choices["kind"] == "casual"
        assert all(1 <= t["next_round"] <= 8 for t in choices["tables"])


def test_judging_asks_the_tournaments_ruleset(app, fake_tournament):
    with app.app_context():
        player = db.session.scalars(db.select(Player).filter_by(
            tournament_id=fake_tournament, status="active")).first()
        # the fake's resignation line: 12 time points in a round are over its 10
        with pytest.raises(Conflict, match="more than 10"):
            penalties.ask_resignation(player, 1, 1, 5, 7, answer=None, explanation="")
        assert penalties.ask_resignation(player, 1, 1, 5, 5, answer=None,
                                         explanation="") is None
        rubric = penalties.rules_of(fake_tournament).rubric
        assert penalties.kind_phrase(rubric, "warning", 0) == "Fake caution"
        page = judge_pages.guide_page(fake_tournament, "anything")
        assert page["guide"]["version"] == "fake-1" and page["matches"] == []


def test_cards_and_standings_ask_the_tournaments_ruleset(app, fake_tournament):
    with app.app_context():
        tournament = db.session.get(Tournament, fake_tournament)
        session = db.session.scalars(db.select(PlaySession).filter_by(
            tournament_id=fake_tournament, number=1)).one()
        card = cards.card_for_table(session.tables[0])
        view = card_views.card_view(card)
        assert [line["round"] for line in view["rounds"]] == list(range(1, 9))
        seats = [standings_data.SeatTotal(session.id, 1, "preliminary", None, 1, card.id, wind,
                                          n, n, rounds, 0)
                 for n, (wind, rounds) in enumerate(zip("ESWN", (10, 40, -20, -30),
                                                        strict=True), start=1)]
        assert standings_data.seat_points(tournament, seats) == {(1, 2): 4.0, (1, 1): 3.0,
                                                                 (1, 3): 2.0, (1, 4): 1.0}


def test_the_standings_rank_by_the_rulesets_table_points(app, monkeypatch):
    monkeypatch.setitem(RULESETS, FAKE.code, FAKE)
    with app.app_context():
        tournament, organizer = make_event(players=8)
        session = seat_by_hand(tournament, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
        for table, lost in ((1, (0, 5, 10, 20)), (2, (30, 40, 50, 60))):
            card = card_of(session, table)
            for number, points in zip(players_at(card), lost, strict=True):
                if points:
                    penalize(card, organizer, number, points)
        db.session.flush()
        # Zung Jung: each player's match points from their own total
        assert [s.number for s in standings_data.load_sheet(tournament.id).standings] == list(
            range(1, 9))
        tournament.ruleset = FAKE.code
        standings = standings_data.load_sheet(tournament.id).standings
        # the fake's 4/3/2/1 by place at each table, the raw total between equal places
        assert [s.number for s in standings] == [1, 5, 2, 6, 3, 7, 4, 8]
        assert [s.match_points for s in standings] == [4.0, 4.0, 3.0, 3.0, 2.0, 2.0, 1.0, 1.0]


def test_formats_come_from_the_ruleset_chosen(app, monkeypatch):
    monkeypatch.setitem(RULESETS, OWN_FORMATS.code, OWN_FORMATS)
    with app.app_context():
        with pytest.raises(ServiceError, match="Unknown format 'fake_open'"):
            accounts.create_tournament("Open", OPEN.code, "Olga", "1234")
        with pytest.raises(ServiceError, match="Unknown format 'csom'"):
            accounts.create_tournament("Open", "csom", "Olga", "1234",
                                       ruleset=OWN_FORMATS.code)
        tournament, _ = accounts.create_tournament("Open", OPEN.code, "Olga", "1234",
                                                   ruleset=OWN_FORMATS.code)
        assert tournament.ruleset == OWN_FORMATS.code
        assert seating.session_count(tournament) == 7
        summary = overview.tournament_summary(tournament.id)
        assert (summary["format"], summary["kind"]) == ("Fake open", "casual")
        assert organizing.sessions_page(tournament.id)["t"]["format"] == "Fake open"


def _league_always(starting, rotation):
    # a ruleset with one seat rotation of its own, whatever the event's setting says
    return ZJ.session.session_seats(starting, "league")


LEAGUE_SEATS = replace(ZJ, code="leagueseat", name="A ruleset rotating its own way",
                       session=_like(ZJ.session, rotations=("league",),
                                     session_seats=_league_always))


def test_the_card_seats_players_by_the_rulesets_rotation(app, demo, monkeypatch):
    monkeypatch.setitem(RULESETS, LEAGUE_SEATS.code, LEAGUE_SEATS)
    with app.app_context():
        tournament = db.session.get(Tournament, demo["tournament_id"])
        assert tournament.settings.get("rotation", "standard") == "standard"
        session = db.session.scalars(db.select(PlaySession).filter_by(
            tournament_id=tournament.id, number=1)).one()
        card = cards.card_for_table(session.tables[0])
        starting = cards.starting_seats(card)
        standard = ZJ.session.session_seats(starting, "standard")
        league = ZJ.session.session_seats(starting, "league")
        assert standard != league
        assert cards.round_seats(card) == standard
        tournament.ruleset = LEAGUE_SEATS.code
        db.session.commit()
        assert cards.round_seats(card) == league
        printed = card_form("Event", "standard", "formal", LEAGUE_SEATS.code)["rounds"]
        assert [line["winds"] for line in printed] == [
            [seats.winds[n] for n in (1, 2, 3, 4)]
            for seats in ZJ.session.session_seats({"E": 1, "S": 2, "W": 3, "N": 4}, "league")]


def test_the_table_page_shows_each_cycles_seats_by_the_rulesets_rotation(app, demo,
                                                                           monkeypatch):
    monkeypatch.setitem(RULESETS, LEAGUE_SEATS.code, LEAGUE_SEATS)
    with app.app_context():
        tournament = db.session.get(Tournament, demo["tournament_id"])
        page = organizing.table_page(tournament.id, 1, 1)
        starting = {s["wind"]: s["number"] for s in page["table"]["seats"]}
        names = {s["number"]: s["name"] for s in page["table"]["seats"]}

        def names_by_cycle(rotation):
            return [[names[p] for p in cycle_seats(starting, c, rotation).values()]
                    for c in range(1, 5)]

        def shown(page):
            return [[seat["name"] for seat in cycle["seats"]] for cycle in page["cycles"]]

        assert names_by_cycle("standard") != names_by_cycle("league")
        assert shown(page) == names_by_cycle("standard")
        tournament.ruleset = LEAGUE_SEATS.code
        db.session.commit()
        assert shown(organizing.table_page(tournament.id, 1, 1)) == names_by_cycle("league")


@pytest.mark.committed  # restores into a fresh database (DDL)
def test_a_backup_names_the_ruleset_and_a_restore_keeps_it(app, demo):
    with app.app_context():
        backup = exports.export_tournament(demo["tournament_id"])
        assert backup["ruleset"] == "zj"
        assert backup["tables"]["tournament"][0]["ruleset"] == "zj"
        db.session.remove()  # PostgreSQL would wait forever for this session's own locks
        reset_schema()
        restored = restore.import_tournament(json.dumps(backup).encode(),
                                             organizer_pin="4321").tournament
        assert restored.ruleset == "zj"


def test_nothing_outside_the_rulesets_imports_zung_jung():
    root = Path(__file__).resolve().parents[2]
    # every module outside the rulesets: services, views, schemas, printing, the tournament
    # core; Zung Jung's formats live in judgeaid.rules.zj.formats with the rest of it
    files = [path for path in root.glob("judgeaid/**/*.py")
             if not path.is_relative_to(root / "judgeaid" / "rules")]
    importing = set()
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                names = [node.module or "", *(f"{node.module}.{a.name}" for a in node.names)]
            else:
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else []
            if any(n == "judgeaid.rules.zj" or n.startswith("judgeaid.rules.zj.")
                   for n in names):
                importing.add(path.relative_to(root).as_posix())
    assert not importing
