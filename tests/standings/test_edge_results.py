"""The edge of standings, seating, the organizer's desk and printing: every attack that gave
a 500 is answered 4xx with a message naming the field, and nothing is written."""

from __future__ import annotations

import io
import json
import uuid

import pytest
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, Operation, Player, PlaySession, ScoreCheck, Tournament
from tests.factories import as_organizer, make_judge, make_players, make_tournament, played_event


@pytest.fixture
def event(app):
    """Two tables, session 1 played, session 2 seated (as on the standings pages' tests)."""
    with app.app_context():
        return played_event()


BIG_IDS = [2**31, 10**20]
NOT_NUMBERS = ["²", "٣", "1e3", "1.5", "-1", "0x10"]
BAD_TEXT = [("\x00", "U+0000"), ("\ud800", "U+D800"), ("\x07", "U+0007"), ("\x1b[2J", "U+001B")]
DESK = {"Referer": "http://localhost/t/1/organizer"}


def post_json(client, url, body, **headers):
    """Post a JSON body as bytes, so lone surrogates travel as \\ud800 escapes."""
    return client.post(url, data=json.dumps(body), content_type="application/json",
                       headers=headers)


def count(model) -> int:
    return db.session.scalar(select(func.count()).select_from(model))


# ---------------------------------------------------------------- standings API

@pytest.mark.parametrize("big", BIG_IDS)
def test_ids_beyond_the_database_range_in_paths_are_not_found(client, event, big):
    token = {"X-Player-Token": event["tokens"][1]}
    tid = event["id"]
    for method, url in [
        ("get", f"/api/tournaments/{big}/standings"),
        ("get", f"/api/tournaments/{big}/score-checks"),
        ("get", f"/t/{big}/standings"),
        ("get", f"/t/{big}/standings/projector"),
        ("get", f"/t/{big}/standings.csv"),
        ("post", f"/api/tournaments/{tid}/score-checks/{big}/resolve"),
        ("post", f"/api/tournaments/{tid}/sessions/{big}/finalize"),
        ("post", f"/t/{tid}/standings/checks/{big}/resolve"),
        ("get", f"/t/{big}/sessions/1/tables"),
        ("get", f"/t/{tid}/sessions/{big}/tables"),
        ("get", f"/t/{tid}/sessions/1/tables/{big}"),
        ("get", f"/t/{tid}/sessions/{big}/board"),
        ("get", f"/t/{big}/print/cards.pdf?session=1"),
    ]:
        response = getattr(client, method)(url, json={"op_id": str(uuid.uuid4())},
                                           headers=token) if method == "post" \
            else client.get(url)
        assert response.status_code == 404, url


@pytest.mark.parametrize("session", [*BIG_IDS, *NOT_NUMBERS, True, None, [1], 0])
def test_a_score_check_for_a_session_that_is_no_whole_number_is_refused(app, client, event,
                                                                         session):
    with app.app_context():
        operations = count(Operation)
    response = post_json(client, f"/api/tournaments/{event['id']}/score-checks",
                         {"session": session, "message": "round 3", "op_id": "check-0001"},
                         **{"X-Player-Token": event["tokens"][1]})
    assert response.status_code == 400
    assert response.get_json()["message"].startswith("Check the request: session: ")
    with app.app_context():
        assert count(ScoreCheck) == 0 and count(Operation) == operations


@pytest.mark.parametrize(("bad", "code"), BAD_TEXT)
def test_a_score_check_message_with_a_control_character_is_refused(app, client, event, bad,
                                                                    code):
    response = post_json(client, f"/api/tournaments/{event['id']}/score-checks",
                         {"session": 1, "message": f"round 3{bad}", "op_id": "check-0001"},
                         **{"X-Player-Token": event["tokens"][1]})
    assert response.status_code == 400
    message = response.get_json()["message"]
    assert message.startswith("Check the request: message: contains a ")
    assert f"({code})" in message
    with app.app_context():
        assert count(ScoreCheck) == 0


def test_a_score_check_message_keeps_its_line_breaks_and_stops_at_its_limit(app, client,
                                                                            event):
    url = f"/api/tournaments/{event['id']}/score-checks"
    token = {"X-Player-Token": event["tokens"][1]}
    long = post_json(client, url, {"session": 1, "message": "x" * 1001, "op_id": "check-0001"},
                     **token)
    assert long.status_code == 400
    assert "message: is longer than 1000 characters" in long.get_json()["message"]
    extra = post_json(client, url, {"session": 1, "message": "x", "op_id": "check-0001",
                                    "admin": True}, **token)
    assert extra.status_code == 400
    assert "admin: is not a field of this request" in extra.get_json()["message"]
    ok = post_json(client, url, {"session": 1, "message": "round 3\n\tround 4",
                                 "op_id": "check-0001"}, **token)
    assert ok.status_code == 201


def test_a_bad_player_token_header_is_not_a_500(client, event):
    for token in ["x" * 65, "a\u202eb", "with space"]:
        response = client.get(f"/api/tournaments/{event['id']}/score-checks",
                              headers={"X-Player-Token": token.encode("utf-8").decode(
                                  "latin-1")})
        assert response.status_code == 401


def test_an_op_id_reused_on_another_endpoint_is_a_conflict(app, client, event):
    url = f"/api/tournaments/{event['id']}/score-checks"
    filed = post_json(client, url, {"session": 1, "message": "round 3", "op_id": "shared-0001"},
                      **{"X-Player-Token": event["tokens"][1]})
    assert filed.status_code == 201
    check_id = filed.get_json()["score_check"]["id"]
    # The same op_id from another player: another target.
    other = post_json(client, url, {"session": 1, "message": "round 3", "op_id": "shared-0001"},
                      **{"X-Player-Token": event["tokens"][2]})
    assert other.status_code == 409 and "already used" in other.get_json()["message"]
    as_organizer(client, event)
    resolve = post_json(client, f"{url}/{check_id}/resolve",
                        {"resolution": "fine", "op_id": "shared-0001"})
    assert resolve.status_code == 409
    assert "another write (score_check.file" in resolve.get_json()["message"]
    with app.app_context():
        check = db.session.get(ScoreCheck, check_id)
        assert check.status == "open" and count(ScoreCheck) == 1


def test_a_resolution_or_reason_with_nul_is_refused_and_nothing_changes(app, client, event):
    url = f"/api/tournaments/{event['id']}/score-checks"
    check_id = post_json(client, url, {"session": 1, "message": "round 3", "op_id": "c-000001"},
                         **{"X-Player-Token": event["tokens"][1]}).get_json()["score_check"]["id"]
    as_organizer(client, event)
    for bad, _ in BAD_TEXT:
        response = post_json(client, f"{url}/{check_id}/resolve",
                             {"resolution": f"ok{bad}", "op_id": str(uuid.uuid4())})
        assert response.status_code == 400 and "resolution:" in response.get_json()["message"]
        reopen = post_json(client, f"/api/tournaments/{event['id']}/sessions/1/unfinalize",
                           {"reason": f"why{bad}", "op_id": str(uuid.uuid4())})
        assert reopen.status_code == 400 and "reason:" in reopen.get_json()["message"]
    with app.app_context():
        assert db.session.get(ScoreCheck, check_id).status == "open"


def test_a_player_with_a_name_as_long_as_its_column_files_a_score_check(app, client, event):
    with app.app_context():
        player = db.session.get(Player, event["player_ids"][3])
        player.name = "N" * 120
        db.session.commit()
    response = post_json(client, f"/api/tournaments/{event['id']}/score-checks",
                         {"session": 1, "message": "round 3", "op_id": "check-long-1"},
                         **{"X-Player-Token": event["tokens"][3]})
    assert response.status_code == 201
    with app.app_context():
        actor = db.session.scalar(select(AuditEvent.actor).where(
            AuditEvent.action == "score_check.file"))
        assert actor.startswith("player:3 NNN") and len(actor) == 120


# ---------------------------------------------------------------- standings pages

def test_desk_forms_refuse_numbers_that_are_not_ascii_digits(app, client, event):
    as_organizer(client, event)
    back = {"Referer": f"http://localhost/t/{event['id']}/standings/manage"}
    for number in [*NOT_NUMBERS, str(2**31), str(10**20), ""]:
        late = client.post(f"/t/{event['id']}/standings/late",
                           data={"number": number, "joined_session": "2"}, headers=back,
                           follow_redirects=True)
        assert late.status_code == 200
        assert "Check the request: number: " in late.get_data(as_text=True)
        resign = client.post(f"/t/{event['id']}/standings/resign",
                             data={"number": "2", "from_session": number, "reason": "absent"},
                             headers=back, follow_redirects=True)
        assert "Check the request: from_session: " in resign.get_data(as_text=True)
    nul = client.post(f"/t/{event['id']}/standings/resign",
                      data={"number": "2", "from_session": "2", "reason": "absent\x00"},
                      headers=back, follow_redirects=True)
    assert "reason: contains a NUL character (U+0000)" in nul.get_data(
        as_text=True)
    with app.app_context():
        assert {p.status for p in db.session.scalars(select(Player))} == {"active"}
        assert {p.joined_session for p in db.session.scalars(select(Player))} == {1}


@pytest.mark.parametrize("page", ["²", "0", str(2**31), "x"])
def test_the_projector_page_number_is_checked(client, event, page):
    response = client.get(f"/t/{event['id']}/standings/projector?page={page}")
    assert response.status_code == 400
    assert b"page: must be" in response.data


def test_the_score_check_form_without_javascript_refuses_nul(app, client, event):
    response = client.post(f"/t/{event['id']}/standings/score-check",
                           data={"token": event["tokens"][1], "session": "1",
                                 "message": "round\x00 3", "op_id": "form-000001"})
    assert response.status_code == 400
    assert b"message: contains a NUL character (U+0000)" in response.data
    bad_token = client.post(f"/t/{event['id']}/standings/score-check",
                            data={"token": "x\x00", "session": "1", "message": "round 3",
                                  "op_id": "form-000001"})
    assert bad_token.status_code == 400
    with app.app_context():
        assert count(ScoreCheck) == 0


# ---------------------------------------------------------------- seating and the desk

@pytest.fixture
def desk(app, client):
    with app.app_context():
        tournament, _ = make_tournament(seed=11)
        make_players(tournament, 16, team_every=2)
        make_judge(tournament)
        db.session.commit()
    response = client.post("/api/login", json={"tournament_id": 1, "name": "Olga",
                                               "pin": "1234"})
    assert response.status_code == 200
    return client


def players() -> list[tuple]:
    return list(db.session.execute(select(Player.number, Player.name, Player.status,
                                          Player.joined_session).order_by(Player.number)))


@pytest.mark.parametrize("number", ["²", "٣", str(2**31), "1e3", "true", ""])
def test_seating_changes_refuse_a_player_number_that_is_not_one(app, desk, number):
    with app.app_context():
        before = players()
    for path in ["withdraw", "disqualify", "reinstate", "late"]:
        response = desk.post(f"/t/1/players/{path}", data={"player": number},
                             headers={"Referer": "http://localhost/t/1/sessions"},
                             follow_redirects=True)
        assert response.status_code == 200
        assert "Check the request: player: " in response.get_data(as_text=True)
    with app.app_context():
        assert players() == before


@pytest.mark.parametrize("value", ["²", "٣", str(2**31), "1e3"])
def test_session_and_table_paths_and_fields_refuse_odd_digits(app, desk, value):
    assert desk.get(f"/t/1/sessions/{value}/tables").status_code == 404
    assert desk.get(f"/t/1/sessions/1/tables/{value}").status_code == 404
    assert desk.post(f"/t/1/sessions/{value}/seat").status_code == 404
    substitutes = desk.post("/t/1/substitutes", data={"count": value})
    assert substitutes.status_code == 400 and b"count: must be" in substitutes.data
    start = desk.post("/t/1/sessions/1/start", data={"starts_at": "2025-05-17T09:30",
                                                     "tz_offset": value})
    assert start.status_code == 400 and b"tz_offset: must be" in start.data
    desk.post("/t/1/sessions/1/seat")
    swap = desk.post("/t/1/sessions/1/swap", data={"a": value, "b": "2"})
    assert swap.status_code == 400 and b"a: must be" in swap.data
    draw = desk.post("/t/1/sessions/1/tables/1/draw", data={"E": value, "S": "2", "W": "3",
                                                           "N": "4"})
    assert draw.status_code == 400 and b"E: must be" in draw.data
    with app.app_context():
        assert count(Player) == 16
        session = db.session.scalar(select(PlaySession))
        assert session.starts_at is None


def test_a_form_posted_empty_or_as_json_is_told_what_is_missing(app, desk):
    empty = desk.post("/t/1/players/withdraw")
    assert empty.status_code == 400 and b"player: is missing" in empty.data
    as_json = desk.post("/t/1/organizer/players", json={"name": "Ann"})
    assert as_json.status_code == 400 and b"name: is missing" in as_json.data
    with app.app_context():
        assert count(Player) == 16


@pytest.mark.parametrize(("form", "message"), [
    ({"name": "A" * 121}, "name: is longer than 120 characters"),
    ({"name": "A" * 200}, "name: is longer than 120 characters"),
    ({"name": "Ann", "team": "T" * 200}, "team: is longer than 120 characters"),
    ({"name": "Ann\x00"}, "name: contains a NUL character (U+0000)"),
    ({"name": "Ann\x1b"}, "name: contains a control character (U+001B)"),
    ({"name": "Ali\u202egnp.exe"}, "name: contains a text-direction control character (U+202E)"),
    ({"name": "Ann", "team": "Red\u2066"},
     "team: contains a text-direction control character (U+2066)"),
])
def test_a_player_name_or_team_that_does_not_fit_is_refused(app, desk, form, message):
    # (A lone surrogate cannot reach a form field: werkzeug decodes bad UTF-8 as U+FFFD.)
    body = "&".join(f"{k}={v}" for k, v in form.items()).encode("utf-8", "surrogatepass")
    response = desk.post("/t/1/organizer/players", data=body, headers=DESK,
                         content_type="application/x-www-form-urlencoded",
                         follow_redirects=True)
    assert response.status_code == 200
    assert message in response.get_data(as_text=True)
    with app.app_context():
        assert count(Player) == 16


def test_a_name_as_long_as_its_column_is_registered(app, desk):
    response = desk.post("/t/1/organizer/players", data={"name": "A" * 120, "team": "T" * 120},
                         headers=DESK)
    assert response.status_code == 302
    with app.app_context():
        assert db.session.scalar(select(Player).where(Player.number == 17)).name == "A" * 120


def test_settings_and_pins_take_ascii_digits_only(app, desk):
    with app.app_context():
        before = dict(db.session.get(Tournament, 1).settings)
    response = desk.post("/t/1/organizer/settings", data={"turn_seconds": "٣٠"}, headers=DESK,
                         follow_redirects=True)
    assert "turn_seconds: must be a whole number written with the digits 0-9" in \
        response.get_data(as_text=True)
    judge = desk.post("/t/1/organizer/judges", data={"name": "Hana", "pin": "٣٣٣٣"},
                      headers=DESK, follow_redirects=True)
    assert "pin: must be 4 to 12 digits (0-9)" in judge.get_data(as_text=True)
    long = desk.post("/t/1/organizer/judges", data={"name": "H" * 81, "pin": "1234"},
                     headers=DESK, follow_redirects=True)
    assert "name: is longer than 80 characters" in long.get_data(as_text=True)
    with app.app_context():
        assert db.session.get(Tournament, 1).settings == before
        assert len(db.session.get(Tournament, 1).users) == 2


def test_the_csv_import_refuses_each_bad_row_and_keeps_the_good_ones(app, desk):
    rows = [
        "id,name,team",
        "101,Good One,",
        "102," + "N" * 121 + ",",
        "103,Ann," + "T" * 200,
        "104,Nul\x00Name,",
        "105,Ali\u202egnp.exe,",
        "106,Bell\x07,",
        "²,Digit,",
        f"{10**20},Huge,",
        "107,Good Two,Red",
        "108,Team Bidi,Red\u2067",
    ]
    data = "\n".join(rows).encode()
    response = desk.post("/t/1/organizer/players/import",
                         data={"file": (io.BytesIO(data), "players.csv")},
                         content_type="multipart/form-data")
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert "2 players added, 8 rows rejected." in text
    for reason in ["The name is longer than 120 characters.",
                   "The team is longer than 120 characters.",
                   "The name contains the control character U+0000.",
                   "The name contains a right-to-left or left-to-right override character.",
                   "The name contains the control character U+0007.",
                   "The id &#39;²&#39; is not a positive whole number.",
                   "The id &#39;10000000000…&#39; is not a positive whole number.",
                   "The team contains a right-to-left or left-to-right override character."]:
        assert reason in text, reason
    # A rejected value is shown cut short, and never with its control characters.
    assert "N" * 41 not in text and "\x00" not in text and "\u202e" not in text
    assert "102," + "N" * 35 + "…" in text
    with app.app_context():
        names = [p[1] for p in players()]
        assert names[-2:] == ["Good One", "Good Two"] and len(names) == 18


@pytest.mark.parametrize(("query", "message"), [
    ("session=²", "Say which session to print"),
    ("session=٣", "Say which session to print"),
    (f"session={2**31}", "Say which session to print"),
    (f"session={10**20}", "Say which session to print"),
    ("session=1&tables=1,²", "tables: must be table numbers"),
    (f"session=1&tables={2**31}", "tables: must be table numbers"),
    ("session=1&spare=²", "spare: must be a whole number"),
    ("session=1&layout=%00", "layout: must be one of"),
])
def test_print_queries_refuse_odd_digits(desk, query, message):
    for pdf in ["cards.pdf", "slips.pdf"] if "tables" not in query and "spare" not in query \
            and "layout" not in query else ["cards.pdf"]:
        response = desk.get(f"/t/1/print/{pdf}?{query}")
        assert response.status_code == 400, pdf
        assert message in response.get_data(as_text=True)


def test_the_api_document_lists_the_standings_routes(client):
    paths = client.get("/api/openapi.json").get_json()["paths"]
    for path, method in [
        ("/api/tournaments/{tournament_id}/standings", "get"),
        ("/api/tournaments/{tournament_id}/score-checks", "get"),
        ("/api/tournaments/{tournament_id}/score-checks", "post"),
        ("/api/tournaments/{tournament_id}/score-checks/{check_id}/resolve", "post"),
        ("/api/tournaments/{tournament_id}/sessions/{number}/finalize", "post"),
        ("/api/tournaments/{tournament_id}/sessions/{number}/unfinalize", "post"),
    ]:
        assert method in paths[path], path
    body = paths["/api/tournaments/{tournament_id}/score-checks"]["post"]["requestBody"]
    assert body["content"]["application/json"]["schema"]["$ref"].endswith("ScoreCheckBody")


def test_a_csv_field_too_large_to_read_is_reported_not_a_500(app, desk):
    data = ("name\nGood One\n" + "x" * 200_000 + "\nLater\n").encode()
    response = desk.post("/t/1/organizer/players/import",
                         data={"file": (io.BytesIO(data), "players.csv")},
                         content_type="multipart/form-data")
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert "1 player added, 1 row rejected." in text
    assert "This row cannot be read (field larger than field limit" in text
    with app.app_context():
        assert [p[1] for p in players()][-1] == "Good One" and count(Player) == 17
