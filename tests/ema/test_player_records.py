"""Player records (issue 30): family and given names, EMA number and nationality through the
CSV import, the desk, the players export and backups; bad input refuses the whole file."""

from __future__ import annotations

import copy
import csv
import io
import json

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Player, Tournament
from judgeaid.services import accounts, exports, players, restore
from judgeaid.tournament import people
from tests.factories import fresh_database, sign_in


@pytest.fixture
def event(app):
    with app.app_context():
        tournament, _ = accounts.create_tournament("Records Open", "csom", "Olga", "1234",
                                                   seed=5)
        db.session.commit()
        return {"id": tournament.id}


@pytest.fixture
def desk(app, event):
    return sign_in(app.test_client(), event, "Olga", "1234")


def upload(desk, event, text):
    response = desk.post(f"/t/{event['id']}/organizer/players/import", data={
        "file": (io.BytesIO(text.encode()), "players.csv")}, content_type="multipart/form-data")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def records(app):
    with app.app_context():
        return {p.number: (p.name, p.family_name, p.given_name, p.ema_number, p.country)
                for p in db.session.scalars(select(Player).order_by(Player.number))}


GOOD = "id,name\n1,Ann Berg\n2,Bo Chen\n"


@pytest.mark.parametrize(("text", "lines", "reason"), [
    # an unknown country, on line 3 only
    ("name,country\nAnn,DE\nBo,Atlantis\nCy,NL\n", [3], "“Atlantis” is not a country"),
    # a malformed EMA number, on lines 2 and 4
    ("ema,name\n04x10001,Ann\n04010002,Bo\nabc,Cy\n", [2, 4], "is not an EMA number"),
    # an unknown column
    ("name,nickname\nAnn,A\n", [1], "Unknown column(s): nickname"),
    # a repeated column, in another spelling
    ("name,ema,ema_number\nAnn,04010001,04010001\n", [1], "Repeated column(s): ema"),
    # an empty required cell (the name), on line 3
    ("id,name,country\n1,Ann,DE\n2,,FR\n3,Cy,NL\n", [3], "The name is missing."),
])
def test_bad_input_refuses_the_whole_file_with_its_lines(app, event, desk, text, lines, reason):
    page = upload(desk, event, text)
    assert 'data-testid="import-refused"' in page and "Nothing was imported" in page
    assert reason in page
    for line in lines:
        assert f"<tr><td>{line}</td>" in page
    assert records(app) == {}


def test_a_near_country_name_is_suggested():
    check = people.country("Russia")
    assert check.value is None and "Russian Federation (RU)" in check.text(check.problem)
    assert people.country("russian federation").value == "RU"
    assert people.country("GBR").value == "GB" and people.country("gb").value == "GB"


def test_columns_in_any_order_with_names_codes_and_a_warning(app, event, desk):
    page = upload(desk, event, "Given Name,country,EMA,family_name,name\n"
                               "Ann,Netherlands,04010001,Berg,Ann Berg\n"
                               "Bo,fra,0401 0002,Chen,Bo Chen\n"
                               ",,123456789,,Cy\n")
    assert "3 players added, 0 rows rejected" in page
    assert "The EMA number 123456789 has 9 digits" in page
    assert records(app) == {1: ("Ann Berg", "Berg", "Ann", "04010001", "NL"),
                            2: ("Bo Chen", "Chen", "Bo", "04010002", "FR"),
                            3: ("Cy", None, None, "123456789", None)}
    data = desk.get(f"/t/{event['id']}/exports/players.csv").data
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert rows[0][-4:] == ["family_name", "given_name", "ema", "country"]
    assert rows[1][-4:] == ["Berg", "Ann", "04010001", "NL"]
    assert rows[3][-4:] == ["", "", "123456789", ""]


def test_family_and_given_names_pass_the_name_checks(app, event, desk):
    upload(desk, event, "name,family_name,given_name\nAnn Lee,Lee,Ann\n")
    # a Cyrillic е makes "Lее" look like "Lee": refused, the whole file
    page = upload(desk, event, "name,family_name\nBo Lee,L\u0435\u0435\n")
    assert "Nothing was imported" in page and "looks like “Lee”" in page
    # the same family name, written the same, is fine; full-width letters are folded (NFKC)
    page = upload(desk, event, "name,family_name,given_name\nBo Lee,Lee,\uff22o\n")
    assert "1 player added" in page
    assert records(app)[2] == ("Bo Lee", "Lee", "Bo", None, None)
    page = upload(desk, event, "name,given_name\nCy,C\u200by\n")
    assert "invisible character (U+200B" in page and 3 not in records(app)


def test_the_desk_edits_a_record(app, event, desk):
    upload(desk, event, GOOD)
    answer = desk.post(f"/t/{event['id']}/organizer/players/record", data={
        "number": "2", "family_name": "Chen", "given_name": "Bo", "ema_number": "04010002",
        "country": "Germany"}, follow_redirects=True).get_data(as_text=True)
    assert "Player 2 Bo Chen: record saved." in answer
    assert records(app)[2] == ("Bo Chen", "Chen", "Bo", "04010002", "DE")
    assert 'data-testid="record"' in answer and "EMA 04010002" in answer
    refused = desk.post(f"/t/{event['id']}/organizer/players/record", data={
        "number": "2", "family_name": "Chen", "country": "Narnia"},
        headers={"Referer": f"http://localhost/t/{event['id']}/organizer"},
        follow_redirects=True).get_data(as_text=True)
    assert "“Narnia” is not a country of ISO 3166-1" in refused
    assert records(app)[2] == ("Bo Chen", "Chen", "Bo", "04010002", "DE")
    warned = desk.post(f"/t/{event['id']}/organizer/players/record", data={
        "number": "1", "ema_number": "4010001"}, follow_redirects=True).get_data(as_text=True)
    assert "The EMA number 4010001 has 7 digits" in warned
    assert records(app)[1] == ("Ann Berg", None, None, "4010001", None)
    # every field empty clears the record
    desk.post(f"/t/{event['id']}/organizer/players/record", data={"number": "2"})
    assert records(app)[2] == ("Bo Chen", None, None, None, None)


@pytest.mark.committed  # restores into a fresh database (DDL)
def test_backups_carry_records_and_older_files_without_them_restore(app, event):
    with app.app_context():
        tournament = db.session.get(Tournament, event["id"])
        report = players.import_players(tournament, "name,family_name,given_name,ema,country\n"
                                        "Zoë Ünal,Ünal,Zoë,04010001,TR\nBo Chen,Chen,Bo,,\n",
                                        "test")
        assert len(report.added) == 2
        tournament.ema_qualifying = True
        db.session.commit()
        backup = exports.export_tournament(event["id"])
        assert backup["tables"]["player"][0]["ema_number"] == "04010001"
        older = copy.deepcopy(backup)
        for table, columns in exports.ADDED_LATER.items():
            older["schema"][table] = [c for c in older["schema"][table] if c not in columns]
            for row in older["tables"][table]:
                for column in columns:
                    row.pop(column)
        digest = exports._digest(older["tables"], exports.signing_key())
        older["checksum"], older["signature"] = digest.checksum(), digest.signature()

        fresh_database()
        restored = restore.import_tournament(json.dumps(backup).encode(),
                                             organizer_pin="4321").tournament
        db.session.commit()
        by_name = {p.name: p for p in restored.players}
        assert (by_name["Zoë Ünal"].family_name, by_name["Zoë Ünal"].ema_number,
                by_name["Zoë Ünal"].country) == ("Ünal", "04010001", "TR")
        assert restored.ema_qualifying is True

        fresh_database()
        restored = restore.import_tournament(json.dumps(older).encode(),
                                             organizer_pin="4321").tournament
        db.session.commit()
        by_name = {p.name: p for p in restored.players}
        assert by_name["Zoë Ünal"].ema_number is None and by_name["Bo Chen"].country is None
        assert restored.ema_qualifying is False
        assert {u.locale for u in restored.users} == {""}
