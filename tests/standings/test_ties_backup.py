"""A physical draw and the prize places in a backup (issue 27): the restore brings them back
with who entered the draw, and the same standings; a malformed draw is refused."""

from __future__ import annotations

import json

import pytest

from judgeaid.extensions import db
from judgeaid.services import exports, restore, standings_pages, ties
from judgeaid.services.standings_data import load_sheet
from tests.factories import fresh_database, make_event, play_cut_tie

pytestmark = pytest.mark.committed  # restores into a fresh database (DDL)


def drawn_backup() -> tuple[int, list[int], dict]:
    """Play the cut tie, mark 3 prize places, enter a physical draw; return id, draw, backup."""
    tournament, organizer = make_event("rsom", players=20, sessions=1)
    tied = play_cut_tie(tournament, organizer)
    seeded = [s.number for s in load_sheet(tournament.id).standings if s.number in set(tied)]
    drawn = list(reversed(seeded))
    ties.set_prize_places(tournament, 3, organizer)
    ties.record_physical_draw(tournament, drawn, organizer)
    db.session.commit()
    return tournament.id, drawn, exports.export_tournament(tournament.id)


def test_a_physical_draw_and_the_prize_places_round_trip(app):
    with app.app_context():
        tid, drawn, first = drawn_backup()
        standings = standings_pages.api_standings(tid)
        fresh_database()
        restored = restore.import_tournament(json.dumps(first).encode(),
                                             organizer_pin="4321").tournament
        db.session.commit()
        assert restored.settings["prize_places"] == 3
        assert restored.settings["physical_draws"][0]["numbers"] == drawn
        assert restored.settings["physical_draws"][0]["by"] == "Olga"
        again = standings_pages.api_standings(restored.id)
    assert again["standings"] == standings["standings"]
    assert [r["number"] for r in again["standings"] if r["number"] in set(drawn)] == drawn


@pytest.mark.parametrize("draws", [
    [{"numbers": [1, 1], "by": "Olga", "at": "2026-11-29T10:00:00Z"}],
    [{"numbers": [1, 2], "by": "Olga"}],
    [{"numbers": [1, 2], "by": "Olga", "at": "yesterday"}],
    "1 2",
])
def test_a_backup_with_a_bad_physical_draw_is_refused(app, draws):
    with app.app_context():
        _, _, backup = drawn_backup()
        backup["tables"]["tournament"][0]["settings"]["physical_draws"] = draws
        fresh_database()
        with pytest.raises(exports.BadBackup, match="physical_draws"):
            restore.import_tournament(json.dumps(backup).encode(), organizer_pin="4321")
