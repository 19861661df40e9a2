"""Security headers on every kind of response, and templates the strict policy can run."""

from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

import pytest

from tests.conftest import login

TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
STATIC = TEMPLATES.parent / "static"


def policy(response) -> dict[str, list[str]]:
    """Return the response's Content-Security-Policy as {directive: [sources]}."""
    header = response.headers["Content-Security-Policy"]
    return {name: sources for name, *sources in
            (part.split() for part in header.split(";") if part.strip())}


def assert_strict(response, ancestors: str = "'none'") -> None:
    csp = policy(response)
    scripts = csp["script-src"]
    assert scripts[0] == "'self'"
    # Besides our own files, only the import map's exact text and the page's first script's
    # (static/inline/hold.js), each by its hash.
    assert len(scripts) == 3
    assert all(re.fullmatch(r"'sha256-[A-Za-z0-9+/]{43}='", source) for source in scripts[1:])
    assert csp["default-src"] == ["'self'"]
    # Besides our own stylesheets, on a page the ones it carries inline, each by its hash; an
    # answer that is no page has no styles to allow.
    styles = csp["style-src"]
    assert styles[0] == "'self'"
    if response.mimetype == "text/html":
        assert len(styles) == 1 + len(list((STATIC / "css").glob("*.css")))
        assert all(re.fullmatch(r"'sha256-[A-Za-z0-9+/]{43}='", source) for source in styles[1:])
    else:
        assert styles == ["'self'"]
    assert csp["img-src"] == ["'self'", "data:"]
    for name in ("connect-src", "worker-src", "manifest-src", "base-uri", "form-action"):
        assert csp[name] == ["'self'"], name
    assert csp["object-src"] == ["'none'"]
    assert csp["frame-ancestors"] == [ancestors]
    assert response.headers["X-Frame-Options"] == ("DENY" if ancestors == "'none'"
                                                   else "SAMEORIGIN")
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "same-origin"


def test_a_page_allows_exactly_its_own_import_map(client):
    response = client.get("/")
    assert response.status_code == 200
    assert_strict(response)
    html = response.get_data(as_text=True)
    inline = re.findall(r"<script type=\"importmap\">(.*?)</script>", html, re.S)
    assert len(inline) == 1
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    assert policy(response)["script-src"][1] == f"'sha256-{digest}'"


def test_a_page_allows_exactly_its_first_script_which_comes_before_its_modules(client):
    """The script that holds a tap until the modules run comes first in the page, as sent, and
    the policy allows that exact text (issue 31)."""
    response = client.get("/")
    html = response.get_data(as_text=True)
    inline = re.findall(r"<script>(.*?)</script>", html, re.S)
    assert len(inline) == 1 and "judgeaidHeld" in inline[0]
    assert html.index("<script>") < html.index('<script type="importmap">') < html.index(
        '<script type="module"')
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    assert policy(response)["script-src"][2] == f"'sha256-{digest}'"
    # it is not a module: the import map names the modules alone
    assert "inline/hold.js" not in html[html.index('<script type="importmap">'):]


def test_a_page_carries_its_stylesheets_inline_each_allowed_by_its_hash(client, demo):
    """A page's stylesheets come in the page, each once (a round trip less before the first
    paint, issue 31), and the policy allows each by the hash of its exact text."""
    pages = {"/picker": ["css/base.css", "css/picker.css"],
             "/picker/mcr": ["css/base.css", "css/picker.css"],
             demo["cards"][0]["link"]: ["css/base.css", "css/card.css"],
             f"/t/{demo['tournament_id']}/standings": ["css/base.css", "css/standings.css"]}
    for path, sheets in pages.items():
        response = client.get(path)
        html = response.get_data(as_text=True)
        inline = re.findall(r'<style data-stylesheet="([^"]+)">(.*?)</style>', html, re.S)
        assert [name for name, _text in inline] == sheets, path
        assert 'rel="stylesheet"' not in html
        allowed = policy(response)["style-src"][1:]
        for _name, text in inline:
            digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
            assert f"'sha256-{digest}'" in allowed


def test_a_partial_with_its_own_stylesheet_adds_it_once(client, demo):
    """The time-outs page and the session clock it includes share clock.css: one copy."""
    login(client, demo, "judge")
    html = client.get(f"/t/{demo['tournament_id']}/timeouts").get_data(as_text=True)
    assert '<section class="session-clock' in html
    assert html.count('data-stylesheet="css/clock.css"') == 1


def test_only_the_picker_and_offline_page_may_be_framed_by_the_site(client, demo):
    for path in ("/picker", "/offline"):
        assert_strict(client.get(path), ancestors="'self'")
    for path in ("/", "/login", demo["cards"][0]["url"], f"/t/{demo['tournament_id']}/clock"):
        assert_strict(client.get(path))


def test_json_answers_and_errors_carry_the_headers(client, demo):
    assert_strict(client.get("/api/time"))
    assert_strict(client.get(f"/api/tournaments/{demo['tournament_id']}/standings",
                             headers={"Accept-Encoding": "gzip"}))
    missing = client.get("/api/cards/999999")
    assert missing.status_code == 404
    assert_strict(missing)
    assert_strict(client.get("/no-such-page"))
    refused = client.post("/api/login", json={"tournament_id": demo["tournament_id"],
                                              "name": "Nobody", "pin": "000000"})
    assert refused.status_code == 401
    assert_strict(refused)


def test_the_service_worker_manifest_and_static_files_carry_the_headers(client):
    worker = client.get("/sw.js")
    assert worker.status_code == 200 and worker.mimetype == "application/javascript"
    assert_strict(worker)
    assert "/picker" in worker.get_data(as_text=True)  # still precaches the shell pages
    assert_strict(client.get("/manifest.webmanifest"))
    assert_strict(client.get("/static/icons/icon-192.png"))


def test_scripts_and_stylesheets_carry_only_what_applies_to_them(app, client):
    """A script or stylesheet is never a document: a policy or a framing rule on it does
    nothing, and a phone on venue Wi-Fi would download them with each of a page's files. What
    does apply stays: nosniff, the referrer rule, and a year's cache for a versioned URL."""
    from judgeaid.assets import static_hashes

    with app.test_request_context():
        versions = static_hashes()
    for name in ("js/app.js", "css/base.css"):
        answer = client.get(f"/static/{name}?v={versions[name]}")
        assert answer.status_code == 200
        assert "Content-Security-Policy" not in answer.headers
        assert "X-Frame-Options" not in answer.headers
        assert answer.headers["X-Content-Type-Options"] == "nosniff"
        assert answer.headers["Referrer-Policy"] == "same-origin"
        # never revalidated: no "no-cache" beside the year (a second visit asks for none)
        cache = answer.headers["Cache-Control"]
        assert "immutable" in cache and "max-age=31536000" in cache and "no-cache" not in cache
        assert "Cookie" not in answer.headers.get("Vary", "")


def test_files_for_download_carry_the_headers(client, demo):
    login(client, demo, "organizer")
    tid = demo["tournament_id"]
    pdf = client.get(f"/t/{tid}/print/cards.pdf?session=1")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    assert pdf.data.startswith(b"%PDF")
    assert_strict(pdf)
    csv = client.get(f"/t/{tid}/standings.csv")
    assert csv.status_code == 200 and csv.mimetype == "text/csv"
    assert_strict(csv)
    backup = client.get(f"/t/{tid}/exports/tournament.json")
    assert backup.status_code == 200
    assert_strict(backup)


# Templates served to browsers (print/ is laid out by WeasyPrint, never sent as a page).
PAGES = sorted(p for p in TEMPLATES.rglob("*.html") if p.parent.name != "print")


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(TEMPLATES)))
def test_templates_hold_no_inline_code_or_style(path):
    text = path.read_text()
    for tag in re.findall(r"<script\b[^>]*>", text):
        assert "src=" in tag or re.search(r'type="(importmap|application/json)"', tag), tag
    assert not re.search(r"\son[a-z]+\s*=", text), "inline event handler"
    assert "javascript:" not in text.lower()
    assert not re.search(r"\sstyle\s*=", text), "inline style attribute"
    assert "<style" not in text


def test_a_page_drawn_after_another_in_the_same_request_has_its_own_stylesheets(app):
    """Stylesheets are counted per page rendered: a second page in one request (an error page
    after a failed one) is not left without them."""
    from flask import render_template

    with app.test_request_context("/"):
        first = render_template("error.html", code=404, title="Not found", message="Gone")
        again = render_template("error.html", code=404, title="Not found", message="Gone")
    for html in (first, again):
        assert html.count('<style data-stylesheet="css/base.css">') == 1
