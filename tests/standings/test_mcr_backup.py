"""An MCR event in a backup: the restore brings back its ruleset, its recorded lot, the same
standings, team results and CSV exports (issue 16)."""

from __future__ import annotations

import json

import pytest

from judgeaid.extensions import db
from judgeaid.models import Tournament
from judgeaid.services import exports, restore, results, standings_pages
from tests.factories import fresh_database, played_mcr_event, without_ids

pytestmark = pytest.mark.committed  # restores into a fresh database (DDL)


def mcr_backup() -> tuple[int, dict]:
    """Play the MCR event, draw the lot for its tie, and return its id and backup."""
    event = played_mcr_event(finalize=True, teams=True)
    tournament = db.session.get(Tournament, event["id"])
    results.record_lot(tournament, [8, 7], tournament.users[0])
    db.session.commit()
    return event["id"], exports.export_tournament(event["id"])


def test_an_mcr_event_round_trips_with_its_lot(app):
    with app.app_context():
        tid, first = mcr_backup()
        standings = standings_pages.api_standings(tid)
        csv_files = (exports.standings_csv(tid), exports.teams_csv(tid),
                     exports.results_csv(tid))
        fresh_database()
        restored = restore.import_tournament(json.dumps(first).encode(),
                                             organizer_pin="4321").tournament
        db.session.commit()
        assert (restored.ruleset, restored.settings["draw_order"]) == ("mcr", [8, 7])
        again = standings_pages.api_standings(restored.id)
        second = exports.export_tournament(restored.id)
        assert (exports.standings_csv(restored.id), exports.teams_csv(restored.id),
                exports.results_csv(restored.id)) == csv_files
    assert first["ruleset"] == "mcr"
    assert again["standings"] == standings["standings"]
    assert again["teams"] == standings["teams"] and again["points"] == "table_points"
    assert [(r["number"], r["tie_break"], r["draw"]) for r in again["standings"]
            if r["number"] in (7, 8)] == [(8, "draw", 1), (7, "draw", 2)]
    second["tables"]["audit_event"].pop()  # the restore's own line
    assert without_ids(second) == without_ids(first)


@pytest.mark.parametrize("draw_order", [[7, 7], ["seven"], 8])
def test_a_backup_with_a_bad_lot_is_refused(app, draw_order):
    with app.app_context():
        _, backup = mcr_backup()
        backup["tables"]["tournament"][0]["settings"]["draw_order"] = draw_order
        fresh_database()
        with pytest.raises(exports.BadBackup, match="draw_order"):
            restore.import_tournament(json.dumps(backup).encode(), organizer_pin="4321")
