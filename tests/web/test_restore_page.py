"""Restoring a tournament from its backup file on the web (/new), not only from the CLI."""

from __future__ import annotations

import json
import re

from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import Card, Tournament, User
from judgeaid.services import exports, standings
from tests.web.test_exports_backup import fresh_database

NEW_PIN = "86420"


def _backup(app, demo) -> tuple[bytes, dict]:
    with app.app_context():
        data = exports.backup_bytes(demo["tournament_id"])
        before = standings.api_standings(demo["tournament_id"])
    return data, before


def _fresh(app) -> None:
    with app.app_context():
        fresh_database()


def _upload(client, data: bytes, **form):
    """Post the file as a browser does (built here: the test client would spool a big body
    to a temporary file it never closes)."""
    form.setdefault("organizer_pin", NEW_PIN)
    boundary = "judgeaid-test-boundary"
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
             f"{value}\r\n".encode() for name, value in form.items()]
    parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="backup"; '
                 f'filename="backup.json"\r\nContent-Type: application/json\r\n\r\n'.encode()
                 + data + b"\r\n")
    parts.append(f"--{boundary}--\r\n".encode())
    return client.post("/new/restore", data=b"".join(parts),
                       content_type=f"multipart/form-data; boundary={boundary}")


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
    response = _upload(client, data)
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
    response = _upload(client, big, csrf_token=token)
    assert response.status_code == 302, response.get_data(as_text=True)[:500]
    assert _count(app) == 1
    refused = _upload(client, data)  # no CSRF token: refused, nothing written
    assert refused.status_code == 400 and _count(app) == 1


def test_restoring_next_to_the_original_is_refused_with_nothing_written(app, client, demo):
    data, _ = _backup(app, demo)
    response = _upload(client, data)
    page = response.get_data(as_text=True)
    assert response.status_code == 409 and "fresh database" in page
    assert 'role="alert"' in page and _count(app) == 1


def test_no_file_or_a_bad_file_gets_a_clear_message(app, client, demo):
    data, _ = _backup(app, demo)
    _fresh(app)
    empty = client.post("/new/restore", content_type="multipart/form-data", data={})
    assert empty.status_code == 400 and "Choose the backup file" in empty.get_data(as_text=True)
    broken = _upload(client, data[: len(data) // 2])
    assert broken.status_code == 422 and "JSON" in broken.get_data(as_text=True)
    tampered = json.loads(data)
    tampered["tables"]["player"][0]["name"] = "Someone Else"
    changed = _upload(client, json.dumps(tampered).encode())
    assert changed.status_code == 422 and "changed" in changed.get_data(as_text=True)
    no_pin = _upload(client, data, organizer_pin="")
    assert no_pin.status_code == 400 and "new PIN" in no_pin.get_data(as_text=True)
    assert _count(app) == 0
