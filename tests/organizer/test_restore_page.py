"""Restoring a tournament from its backup file on the web (/new), not only from the CLI."""

from __future__ import annotations

import copy
import hashlib
import html
import json
import re

import pytest
from sqlalchemy import func, select
from werkzeug.security import generate_password_hash

from judgeaid.extensions import db
from judgeaid.models import Card, CardPenalty, Tournament, User
from judgeaid.services import exports, standings_pages
from tests.factories import NEW_PIN, build_event, fresh_database, upload_backup

pytestmark = pytest.mark.committed  # restores into a fresh database (DDL)


def _backup(app, demo) -> tuple[bytes, dict]:
    with app.app_context():
        data = exports.backup_bytes(demo["tournament_id"])
        before = standings_pages.api_standings(demo["tournament_id"])
    return data, before


def _fresh(app) -> None:
    with app.app_context():
        fresh_database()


def demo_staff(app, tournament_id: int) -> list[str]:
    with app.app_context():
        return list(db.session.scalars(select(User.name).where(
            User.tournament_id == tournament_id)))


def _count(app, model=Tournament) -> int:
    with app.app_context():
        return db.session.scalar(select(func.count()).select_from(model))


def test_a_backup_restores_and_its_organizer_signs_in(app, client, demo):
    data, before = _backup(app, demo)
    _fresh(app)
    response = upload_backup(client, data)
    assert response.status_code == 302
    new_id = int(re.search(r"tournament_id=(\d+)", response.headers["Location"]).group(1))
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "is restored" in page and f'value="{new_id}" selected' in page
    assert "Verified: this server made the backup." in page
    assert client.get(f"/api/tournaments/{new_id}/standings").get_json()["standings"] == (
        before["standings"])
    old_pin = client.post("/api/login", json={
        "tournament_id": new_id, "name": demo["organizer"]["name"],
        "pin": demo["organizer"]["pin"]})
    assert old_pin.status_code == 401  # no PIN hash travels in a backup
    signed_in = client.post("/api/login", json={
        "tournament_id": new_id, "name": demo["organizer"]["name"], "pin": NEW_PIN})
    assert signed_in.status_code == 200
    judge = client.post("/api/login", json={
        "tournament_id": new_id, "name": demo["judge"]["name"], "pin": demo["judge"]["pin"]})
    assert judge.status_code == 401
    desk = client.get(f"/t/{new_id}/organizer").get_data(as_text=True)
    assert desk.count('data-testid="needs-pin"') == len(demo_staff(app, new_id)) - 1
    assert _count(app, Card) == len(demo["cards"])


def test_a_big_backup_is_taken_past_the_usual_upload_limit_with_csrf_on(app, client, demo):
    data, _ = _backup(app, demo)
    _fresh(app)
    app.config["WTF_CSRF_ENABLED"] = True
    # Whitespace keeps the JSON valid and makes the file bigger than MAX_CONTENT_LENGTH.
    big = data + b" " * (app.config["MAX_CONTENT_LENGTH"] + 1)
    token = re.search(r'name="csrf_token" value="([^"]+)"',
                      client.get("/new").get_data(as_text=True)).group(1)
    response = upload_backup(client, big, csrf_token=token)
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    assert _count(app) == 1
    refused = upload_backup(client, data)  # no CSRF token: refused, nothing written
    assert refused.status_code == 400 and _count(app) == 1


def test_restoring_next_to_the_original_is_refused_with_nothing_written(app, client, demo):
    data, _ = _backup(app, demo)
    response = upload_backup(client, data)
    page = response.get_data(as_text=True)
    assert response.status_code == 409 and "fresh database" in page
    assert 'role="alert"' in page and _count(app) == 1


def test_no_file_or_a_bad_file_gets_a_clear_message(app, client, demo):
    data, _ = _backup(app, demo)
    _fresh(app)
    empty = client.post("/new/restore", content_type="multipart/form-data", data={})
    assert empty.status_code == 400 and "Choose the backup file" in empty.get_data(as_text=True)
    broken = upload_backup(client, data[: len(data) // 2])
    assert broken.status_code == 422 and "JSON" in broken.get_data(as_text=True)
    tampered = json.loads(data)
    tampered["tables"]["player"][0]["name"] = "Someone Else"
    changed = upload_backup(client, json.dumps(tampered).encode())
    assert changed.status_code == 422 and "changed" in changed.get_data(as_text=True)
    no_pin = upload_backup(client, data, organizer_pin="")
    assert no_pin.status_code == 400 and "new PIN" in no_pin.get_data(as_text=True)
    assert _count(app) == 0


# ---------------------------------------------------------------- forged and hostile files

@pytest.fixture
def genuine(app) -> dict:
    """A backup of an event with every kind of row, in a database emptied afterwards."""
    with app.app_context():
        backup = exports.export_tournament(build_event())
        fresh_database()
    return backup


def forge(backup: dict, change) -> bytes:
    """Change the tables and work the plain checksum out again, as anyone can."""
    backup = copy.deepcopy(backup)
    change(backup["tables"])
    backup["checksum"] = exports.checksum(backup["tables"])
    return json.dumps(backup).encode()


def _first_win(tables: dict) -> dict:
    return next(r for r in tables["card_round"] if r["result"] == "win")


def _set(table: str, column: str, value, row: int = 0):
    def change(tables):
        tables[table][row][column] = value
    return change


def _deltas_plus_1000(tables):
    line = _first_win(tables)
    line["deltas"][str(line["winner"])] += 1000


def _deltas_swapped(tables):
    line = _first_win(tables)
    keys = list(line["deltas"])
    deltas = line["deltas"]
    deltas[keys[0]], deltas[keys[1]] = deltas[keys[1]], deltas[keys[0]]


def _deltas_as_text(tables):
    line = _first_win(tables)
    line["deltas"] = {k: str(v) for k, v in line["deltas"].items()}


def _deltas_with_letters(tables):
    line = _first_win(tables)
    line["deltas"] = {f"x{k}": v for k, v in line["deltas"].items()}


def _deep_json(tables):
    value: list = []
    for _ in range(100):
        value = [value]
    tables["audit_event"][0]["after"] = {"deep": value}


def _penalty_for_another_table(tables):
    tables["card_penalty"][0]["player_number"] = 5  # player 5 sits at table 2


def _winner_from_another_table(tables):
    _first_win(tables)["winner"] = 6


ATTACKS = [
    ("bogus format", _set("tournament", "format", "bogus"),
     "Table tournament, row 1 (id", "'format' is 'bogus'"),
    ("bogus payoff scheme", lambda t: t["tournament"][0]["settings"].update(
        payoff_scheme="bogus"), "Table tournament, row 1", "payoff scheme"),
    ("bogus player status", _set("player", "status", "bogus"), "Table player, row 1", "status"),
    ("bogus role", _set("user", "role", "admin"), "Table user, row 1", "'role' is 'admin'"),
    ("bogus result", lambda t: _first_win(t).update(result="bogus"), "Table card_round",
     "'result' is 'bogus'"),
    ("deltas summing to +1000", _deltas_plus_1000, "Table card_round", "add up to 1000"),
    ("deltas that do not follow from the win", _deltas_swapped, "Table card_round",
     "do not follow from the round's win"),
    ("round 99", lambda t: _first_win(t).update(round=99), "Table card_round",
     "'round' must be between 1 and 16"),
    ("deltas as strings", _deltas_as_text, "Table card_round", "must be a whole number"),
    ("deltas keyed by letters", _deltas_with_letters, "Table card_round",
     "is not a player number"),
    ("NUL in a name", _set("player", "name", "Ada\x00Lovelace"), "Table player, row 1",
     "NUL character"),
    ("lone surrogate in a name", _set("player", "name", "Ada\ud800"), "lone surrogate (\\ud800)",
     "at byte"),
    ("bidi override in a team", _set("team", "name", "\u202eTigers"), "Table team, row 1",
     "text-direction control character (U+202E)"),
    ("escape character in a reason", _set("card_penalty", "reason", "late\x1b[2J"),
     "Table card_penalty, row 1", "control character (U+001B)"),
    ("line break in a name", _set("player", "name", "Ada\nLovelace"), "Table player, row 1",
     "line break"),
    ("name over the column size", _set("player", "name", "A" * 121), "Table player, row 1",
     "longer than 120 characters"),
    ("huge id", _set("player", "id", 2**40), "Table player, row 1",
     "'id' must be between 1 and 2147483647"),
    ("huge version", _set("card", "version", 2**40), "Table card, row 1",
     "'version' must be between 1 and 2147483647"),
    ("id as text", _set("seat", "table_id", "1"), "Table seat, row 1",
     "'table_id' must be a whole number"),
    ("penalty for a player not at the table", _penalty_for_another_table,
     "Table card_penalty, row 1", "player 5, who is not at the card's table"),
    ("winner not at the table", _winner_from_another_table, "Table card_round",
     "player 6, who is not at the card's table"),
    ("time with an offset", _set("player", "created_at", "2026-01-01T10:00:00+05:00"),
     "Table player, row 1", "UTC"),
    ("JSON nested 100 deep", _deep_json, "Table audit_event, row 1", "nested more than 32"),
    ("a row of 60,000 parts", lambda t: t["audit_event"][0].update(after={"x": [0] * 60_000}),
     "Table audit_event, row 1", "more than 50000 parts"),
]


@pytest.mark.parametrize(("change", "where", "what"), [a[1:] for a in ATTACKS],
                         ids=[a[0] for a in ATTACKS])
def test_a_forged_row_is_refused_by_name_and_nothing_is_written(app, client, genuine, change,
                                                                where, what):
    response = upload_backup(client, forge(genuine, change))
    page = response.get_data(as_text=True)
    message = re.search(r'data-testid="restore-error">([^<]*)<', page).group(1)
    assert response.status_code == 422, message
    assert where in html.unescape(message) and what in html.unescape(message)
    assert _count(app) == 0
    assert client.get("/").status_code == 200 and client.get("/login").status_code == 200


def test_an_edited_file_without_a_new_checksum_is_refused(app, client, genuine):
    edited = copy.deepcopy(genuine)
    edited["tables"]["player"][0]["name"] = "Someone Else"
    response = upload_backup(client, json.dumps(edited).encode())
    assert response.status_code == 422 and "checksum" in response.get_data(as_text=True)
    assert _count(app) == 0


def _restored_page(client, response) -> str:
    assert response.status_code == 302, response.get_data(as_text=True)[:800]
    return client.get(response.headers["Location"]).get_data(as_text=True)


def test_a_file_with_a_forged_signature_restores_only_as_not_verified(app, client, genuine):
    def rename(tables):
        tables["player"][0]["name"] = "Someone Else"
    forged = json.loads(forge(genuine, rename))
    forged["signature"] = "hmac-sha256:" + "0" * 64
    page = _restored_page(client, upload_backup(client, json.dumps(forged).encode()))
    assert "Not verified: the backup was made by another server or edited." in page
    assert _count(app) == 1


def test_a_backup_from_another_server_restores_as_not_verified(app, client):
    with app.app_context():
        tid = build_event()
        app.config["SECRET_KEY"] = "another server's key"
        data = exports.backup_bytes(tid)
        app.config["SECRET_KEY"] = "test-secret"
        fresh_database()
    page = _restored_page(client, upload_backup(client, data))
    assert "Not verified" in page and "Verified: this server" not in page


def test_an_upload_over_16_mb_gets_413_and_a_clear_message(app, client, genuine):
    data = json.dumps(genuine).encode()
    big = data + b" " * (16 * 1024 * 1024 + 1 - len(data))
    response = upload_backup(client, big)
    assert response.status_code == 413
    assert "larger than 16 MB" in response.get_data(as_text=True)
    assert _count(app) == 0


def test_an_old_backup_with_pin_hashes_restores_without_them(app, client, genuine):
    old = copy.deepcopy(genuine)
    for user in old["tables"]["user"]:
        user["pin_hash"] = generate_password_hash("1111")
    old.update(version=1, schema=exports.schema(1))
    del old["signature"]
    text = json.dumps(old["tables"], sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    old["checksum"] = "sha256:" + hashlib.sha256(text.encode()).hexdigest()
    response = upload_backup(client, json.dumps(old).encode())
    page = _restored_page(client, response)
    assert "Not verified" in page
    new_id = int(re.search(r"tournament_id=(\d+)", response.headers["Location"]).group(1))
    for name in demo_staff(app, new_id):
        old_pin = client.post("/api/login", json={"tournament_id": new_id, "name": name,
                                                  "pin": "1111"})
        assert old_pin.status_code == 401
    assert client.post("/api/login", json={"tournament_id": new_id, "name": "Olga",
                                           "pin": NEW_PIN}).status_code == 200


def test_the_organizer_who_gets_the_pin_can_be_chosen_by_name(app, client, genuine):
    unknown = upload_backup(client, json.dumps(genuine).encode(), organizer_name="Nobody")
    assert unknown.status_code == 400 and "no organizer named" in unknown.get_data(as_text=True)
    assert _count(app) == 0
    response = upload_backup(client, json.dumps(genuine).encode(), organizer_name="olga")
    _restored_page(client, response)
    assert _count(app) == 1


# ---------------------------------------------------------------- who may restore

REMOTE = {"REMOTE_ADDR": "10.0.0.5"}


def test_another_machine_needs_the_owner_to_create_or_restore(app, client, genuine, runner):
    hall = app.test_client()
    hall.environ_base.update(REMOTE)
    page = hall.get("/new")
    assert page.status_code == 403 and "flask --app app owner" in page.get_data(as_text=True)
    created = hall.post("/new", data={"name": "Hall Open", "format": "csom",
                                      "organizer_name": "Eve", "pin": "1234"})
    assert created.status_code == 403
    restored = upload_backup(hall, json.dumps(genuine).encode())
    assert restored.status_code == 403 and "server's owner" in restored.get_data(as_text=True)
    assert _count(app) == 0

    out = runner.invoke(args=["owner", "--name", "Ann", "--password", "correct horse"])
    assert out.exit_code == 0, out.output
    wrong = hall.post("/owner/login", data={"password": "wrong horse!"})
    assert wrong.status_code == 401 and "Wrong owner password" in wrong.get_data(as_text=True)
    assert hall.post("/owner/login", data={"password": "correct horse"}).status_code == 302
    _restored_page(hall, upload_backup(hall, json.dumps(genuine).encode()))
    assert _count(app) == 1
    made = hall.post("/new", data={"name": "Hall Open", "format": "csom",
                                   "organizer_name": "Eve", "pin": "1234"})
    assert made.status_code == 302 and _count(app) == 2
    assert hall.get("/new").status_code == 200  # still the owner after signing in as Eve

    # a new password ends the owner's sign-in everywhere
    assert runner.invoke(args=["owner", "--name", "Ann", "--password",
                               "battery staple"]).exit_code == 0
    assert hall.get("/new").status_code == 403


def test_the_server_itself_needs_no_owner(app, client):
    for address in ("127.0.0.1", "::1", "::ffff:127.0.0.1"):
        local = app.test_client()
        local.environ_base["REMOTE_ADDR"] = address
        assert local.get("/new").status_code == 200, address


def test_line_breaks_and_tabs_in_a_reason_are_kept(app, client, genuine):
    def reason(tables):
        tables["card_penalty"][0]["reason"] = "Late return\n\tsecond warning"
    _restored_page(client, upload_backup(client, forge(genuine, reason)))
    with app.app_context():
        reasons = set(db.session.scalars(select(CardPenalty.reason)))
    assert "Late return\n\tsecond warning" in reasons


def test_flask_where_says_how_to_open_new_tournaments_from_elsewhere(runner):
    said = runner.invoke(args=["where"]).output
    assert "/owner/login" in said and "flask --app app owner --name" in said
    runner.invoke(args=["owner", "--name", "Ann", "--password", "correct horse"])
    assert "server's owner (Ann)" in runner.invoke(args=["where"]).output


def test_a_request_through_a_local_proxy_is_not_the_servers_own_machine(app):
    proxied = app.test_client()
    page = proxied.get("/new", headers={"X-Forwarded-For": "10.0.0.5"})
    assert page.status_code == 403
    assert proxied.get("/new").status_code == 200


def test_another_machine_cannot_send_a_big_file_without_the_owner(app, genuine):
    hall = app.test_client()
    hall.environ_base.update(REMOTE)
    big = json.dumps(genuine).encode() + b" " * (app.config["MAX_CONTENT_LENGTH"] + 1)
    response = upload_backup(hall, big)
    assert response.status_code == 403
    assert "server's owner" in response.get_data(as_text=True)
    assert _count(app) == 0


def test_wrong_owner_passwords_are_slowed_down_and_a_new_password_clears_them(app, runner):
    runner.invoke(args=["owner", "--name", "Ann", "--password", "correct horse"])
    hall = app.test_client()
    hall.environ_base.update(REMOTE)
    for _ in range(10):
        assert hall.post("/owner/login", data={"password": "guess guess"}).status_code == 401
    refused = hall.post("/owner/login", data={"password": "correct horse"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
    assert "Too many wrong owner passwords" in refused.get_data(as_text=True)
    assert app.test_client().get("/new").status_code == 200  # the server itself still may
    runner.invoke(args=["owner", "--name", "Ann", "--password", "battery staple"])
    assert hall.post("/owner/login", data={"password": "battery staple"}).status_code == 302
    assert hall.get("/new").status_code == 200


def test_the_owner_password_must_be_long(runner):
    short = runner.invoke(args=["owner", "--name", "Ann", "--password", "123456"])
    assert short.exit_code == 1 and "10 to 200 characters" in short.output
