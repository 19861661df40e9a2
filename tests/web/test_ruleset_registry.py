"""A ruleset is one package plus one registration line: services follow a tournament's."""

from __future__ import annotations

import ast
import json
from dataclasses import replace
from pathlib import Path

import pytest

from judgeaid.extensions import db
from judgeaid.models import Player, PlaySession, Tournament
from judgeaid.rules import RULESETS, TimeLimits
from judgeaid.services import (
    cards,
    clock,
    exports,
    judge_pages,
    penalties,
    restore,
    sheet,
    timers,
)
from judgeaid.services.errors import Conflict
from tests.conftest import reset_schema


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
FAKE = replace(ZJ, code="fake", name="A made-up ruleset",
               timing=replace(ZJ.timing, limits=_fake_limits, session_ms=_fake_session_ms,
                              timeout_free_ms=99_000, resignation_over_points=10,
                              crosses_resignation=lambda before, added: before + added > 10),
               rubric=replace(ZJ.rubric, kind_labels={"warning": "Fake caution"}),
               guide=replace(ZJ.guide, guide_json=_fake_guide_json, search=_fake_search),
               session=replace(ZJ.session, rounds=8),
               ranking=replace(ZJ.ranking, table_points=_fake_table_points))


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
        view = cards.card_view(card)
        assert [line["round"] for line in view["rounds"]] == list(range(1, 9))
        seats = [sheet.SeatTotal(session.id, 1, "preliminary", None, 1, card.id, wind, n, n,
                                 rounds, 0)
                 for n, (wind, rounds) in enumerate(zip("ESWN", (10, 40, -20, -30),
                                                        strict=True), start=1)]
        assert sheet.seat_points(tournament, seats) == {(1, 2): 4.0, (1, 1): 3.0,
                                                        (1, 3): 2.0, (1, 4): 1.0}


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




def test_services_and_views_reach_zung_jung_only_through_the_registry():
    root = Path(__file__).resolve().parents[2]
    files = [*root.glob("judgeaid/services/*.py"), *root.glob("judgeaid/*/views.py")]
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
