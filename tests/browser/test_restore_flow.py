"""In Chromium: after a lost laptop, the organizer restores the tournament from its backup
file on a fresh server and signs back in."""

from __future__ import annotations

import pytest

from judgeaid.extensions import db
from judgeaid.services import exports
from tests.conftest import reset_schema

pytestmark = pytest.mark.browser


def test_the_organizer_restores_a_backup_and_signs_back_in(app, demo, live_server, page):
    with app.app_context():
        backup = exports.backup_bytes(demo["tournament_id"])
        db.session.remove()
        reset_schema()  # a fresh database, as on the new laptop
    page.goto(f"{live_server.url}/new")
    page.set_input_files("input[name=backup]", files=[{
        "name": "judgeaid-demo-open.json", "mimeType": "application/json", "buffer": backup}])
    page.fill("input[name=organizer_pin]", "86420")  # a backup carries no PINs
    page.click("form[action$='/new/restore'] button[type=submit]")
    page.wait_for_url("**/login?tournament_id=*")
    text = page.locator("main").inner_text()
    assert "is restored" in text and "Verified: this server made the backup." in text
    page.fill("input[name=name]", demo["organizer"]["name"])
    page.fill("input[name=pin]", "86420")
    page.click("form button[type=submit]")
    page.wait_for_url("**/organizer")
    assert "judgeaid Demo Open" in page.locator("main").inner_text()


def test_a_wrong_file_is_explained_on_the_page(live_server, page):
    page.goto(f"{live_server.url}/new")
    page.set_input_files("input[name=backup]", files=[{
        "name": "scores.csv", "mimeType": "text/csv", "buffer": b"name,score\nAda,10\n"}])
    page.fill("input[name=organizer_pin]", "86420")
    page.click("form[action$='/new/restore'] button[type=submit]")
    alert = page.locator("[role=alert]")
    assert "JSON" in alert.inner_text()
    assert page.locator("input[name=name]").is_visible()  # the create form is still there
