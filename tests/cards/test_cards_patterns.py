"""A round recorded from ticked patterns: excluded pairs refused, included patterns counted
and shown as included on the card (issue 14; §1.5, §2.4 3.2.1, §2.4 9.4.1)."""

import json
import uuid

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import BuiltView, CardRound
from judgeaid.services import exports, restore
from tests.conftest import reset_schema


def card_of(client, demo):
    return client.get(demo["cards"][0]["api"]).get_json()


def post_round(client, card, **body):
    body.setdefault("op_id", str(uuid.uuid4()))
    return client.post(f"/api/cards/{card['id']}/rounds", json=body)


def winner_of(card, round_no):
    return next(int(p) for p, w in card["rounds"][round_no - 1]["winds"].items() if w == "E")


@pytest.mark.parametrize(
    ("patterns", "names", "section"),
    [
        ({"9.4.1": 1, "1.2": 1, "2.2": 1}, ("2.2 Nine Gates", "9.4.1 Blessing of Heaven"),
         "§1.5"),
        ({"5.1.3": 1, "7.2.1": 1}, ("5.1.3 Three Identical", "7.2.1 Three Consecutive"),
         "§1.5"),
        ({"5.1.2": 1, "10.2": 1}, ("5.1.2 Pair of Two", "10.2 Seven Pairs"), "§1.5"),
        ({"8.1.3": 1, "10.1": 1}, ("8.1.3 All Terminals", "10.1 Thirteen Orphans"),
         "§2.4 8.1.3"),
        ({"10.2": 1, "1.2": 1}, ("10.2 Seven Pairs", "1.2 Concealed Hand"), "§2.4 10.0"),
    ],
)
def test_an_excluded_pair_is_refused_and_nothing_is_written(judge, demo, patterns, names,
                                                            section):
    card = card_of(judge, demo)
    response = post_round(judge, card, round=1, result="win", winner=winner_of(card, 1),
                          win="self", patterns=patterns)
    assert response.status_code == 422
    message = response.get_json()["message"]
    assert all(name in message for name in names) and section in message
    after = card_of(judge, demo)
    assert after["version"] == card["version"] and not after["rounds"][0]["recorded"]


def test_included_patterns_set_the_value_and_show_as_included(judge, demo):
    card = card_of(judge, demo)
    winner = winner_of(card, 1)
    # §2.4 3.2.1: Small Three Dragons is 60 with its two Value Honor sets; 40 is refused.
    low = post_round(judge, card, round=1, result="win", winner=winner, win="self", value=40,
                     patterns={"3.2.1": 1})
    assert low.status_code == 422 and "make 60" in low.get_json()["message"]
    saved = post_round(judge, card, round=1, result="win", winner=winner, win="self",
                       patterns={"3.2.1": 1})
    assert saved.status_code == 200
    line = saved.get_json()["card"]["rounds"][0]
    assert line["value"] == 60 and line["patterns"] == {"3.2.1": 1}  # stored as ticked
    assert line["deltas"][str(winner)] == 180
    assert line["pattern_lines"] == [
        {"id": "3.1", "name": "Value Honor", "count": 2, "points": 20, "implied_by": "3.2.1",
         "included": "included with 3.2.1 Small Three Dragons (§2.4 3.2.1)"},
        {"id": "3.2.1", "name": "Small Three Dragons", "count": 1, "points": 40,
         "implied_by": None, "included": None},
    ]
    # §2.4 9.4.1 on Seven Pairs: no Concealed Hand beside category 10 (§2.4 10.0): 185.
    winner = winner_of(card, 2)
    blessed = post_round(judge, card, round=2, result="win", winner=winner, win="self",
                         patterns={"9.4.1": 1, "10.2": 1})
    line = blessed.get_json()["card"]["rounds"][1]
    assert line["value"] == 185 and [p["id"] for p in line["pattern_lines"]] == ["9.4.1", "10.2"]


def test_a_round_recorded_before_included_patterns_still_reads_as_recorded(app, judge, demo):
    card = card_of(judge, demo)
    winner = winner_of(card, 1)
    assert post_round(judge, card, round=1, result="win", winner=winner, win="self",
                      value=40).status_code == 200
    with app.app_context():  # as the old rules stored it: 3.2.1 ticked for 40
        row = db.session.scalar(select(CardRound).where(CardRound.card_id == card["id"]))
        row.patterns = {"3.2.1": 1}
        # ... by an older release, whose views this one never reads (judgeaid.viewcache)
        db.session.execute(BuiltView.__table__.delete())
        db.session.commit()
    app.extensions["judgeaid.viewcache"].kept.clear()
    line = card_of(judge, demo)["rounds"][0]
    assert line["value"] == 40
    assert line["pattern_lines"] == [
        {"id": "3.2.1", "name": "Small Three Dragons", "count": 1, "points": 40,
         "implied_by": None, "included": None},
    ]


def old_backup(app, judge, demo, value, patterns):
    """Record round 1 as a typed value, back the tournament up, and give the round the
    patterns the old rules stored with it; return the backup with a fresh database."""
    card = card_of(judge, demo)
    assert post_round(judge, card, round=1, result="win", winner=winner_of(card, 1),
                      win="self", value=value).status_code == 200
    with app.app_context():
        backup = exports.export_tournament(demo["tournament_id"])
        (row,) = backup["tables"]["card_round"]
        row["patterns"] = patterns
        backup["checksum"] = exports.checksum(backup["tables"])
        db.session.remove()
        reset_schema()
    return json.dumps(backup)


@pytest.mark.committed
def test_a_backup_signed_before_included_patterns_restores_as_it_was(app, judge, demo):
    data = old_backup(app, judge, demo, 155, {"9.4.1": 1})  # Blessing of Heaven, then 155
    with app.app_context():
        restore.import_tournament(data, organizer_pin="4321")
        db.session.commit()
        row = db.session.scalar(select(CardRound))
        assert (row.value, row.patterns) == (155, {"9.4.1": 1})


@pytest.mark.committed
def test_a_backup_whose_patterns_never_made_its_value_is_refused(app, judge, demo):
    data = old_backup(app, judge, demo, 150, {"9.4.1": 1})
    with app.app_context():
        with pytest.raises(exports.BadBackup, match="do not make the value 150"):
            restore.import_tournament(data, organizer_pin="4321")
        db.session.rollback()
        assert db.session.scalar(select(CardRound)) is None
