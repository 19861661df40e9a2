"""Each role finds what it needs within three taps of where it lands.

A tap is following one same-origin link, or sending one form whose method is GET. The crawl
starts where a real sign-in lands (judge, organizer) or at the slip link (player), goes
breadth-first to depth 3 with the test client, and keeps the shortest path to every page.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import parse_qs, urlencode, urljoin, urlsplit

import pytest

from judgeaid.extensions import db
from judgeaid.models import PlaySession

TAPS = 3
ORIGIN = "http://localhost"


class Taps(HTMLParser):
    """Collect what a person can tap on a page: links, and GET forms with their defaults."""

    def __init__(self, here: str):
        super().__init__(convert_charrefs=True)
        self.here = here
        self.found: list[tuple[str, str]] = []
        self.link: dict | None = None
        self.form: dict | None = None
        self.select: str | None = None
        self.is_hall = False
        self.in_header = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if self.link is not None:
            self.link["buffer"] = self.link.get("buffer", "") + " "  # words of nested tags
        if tag == "body" and "hall-display" in (a.get("class") or ""):
            self.is_hall = True  # the hall display hides the header: nothing to tap there
        elif tag == "header":
            self.in_header = True
        elif tag == "a" and a.get("href") and not (self.in_header and self.is_hall):
            self.link = {"href": a["href"], "text": a.get("aria-label") or ""}
        elif tag == "form" and (a.get("method") or "").lower() == "get":
            self.form = {"action": a.get("action") or self.here, "fields": [], "label": ""}
        elif self.form is not None and tag == "input" and a.get("name"):
            if a.get("type") in ("checkbox", "radio") and "checked" not in a:
                return
            if a.get("type") not in ("submit", "button"):
                self.form["fields"].append((a["name"], a.get("value") or ""))
        elif self.form is not None and tag == "select" and a.get("name"):
            self.select = a["name"]
        elif self.form is not None and tag == "option" and self.select:
            self.form["fields"].append((self.select, a.get("value") or ""))
            self.select = None  # the first option is what an untouched select sends
        elif self.form is not None and tag == "button":
            self.form["label"] = a.get("aria-label") or "form"

    def handle_data(self, data):
        if self.link is not None and not self.link["text"]:
            self.link["buffer"] = self.link.get("buffer", "") + data

    def handle_endtag(self, tag):
        if tag == "header":
            self.in_header = False
        elif tag == "a" and self.link is not None:
            text = self.link["text"] or " ".join(self.link.get("buffer", "").split())
            self.found.append((self.link["href"], text))
            self.link = None
        elif tag == "select":
            self.select = None
        elif tag == "form" and self.form is not None:
            query = urlencode(self.form["fields"])
            self.found.append((self.form["action"].split("?")[0] + "?" + query,
                               f"{self.form['label']} (GET form)"))
            self.form = None


def _key(url: str) -> str | None:
    """Return the path and query of a same-origin URL (no fragment), else None."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or f"{parts.scheme}://{parts.netloc}" != ORIGIN:
        return None
    return parts.path + (f"?{parts.query}" if parts.query else "")


@dataclass
class Reached:
    depth: int
    parent: str | None
    label: str


def crawl(client, start: str) -> dict[str, Reached]:
    """Return every page within TAPS taps of `start`, each with its shortest path back."""
    reached = {start: Reached(0, None, "landing")}
    queue = deque([start])
    while queue:
        url = queue.popleft()
        if reached[url].depth >= TAPS:
            continue
        response = client.get(url)
        if response.status_code != 200 or response.mimetype != "text/html":
            continue
        parser = Taps(url)
        parser.feed(response.get_data(as_text=True))
        for href, text in parser.found:
            key = _key(urljoin(ORIGIN + url, href))
            if key is not None and key not in reached:
                reached[key] = Reached(reached[url].depth + 1, url, text)
                queue.append(key)
    return reached


def tap_path(reached: dict[str, Reached], url: str) -> str:
    """Return the taps from the landing page to `url`, as a person would follow them."""
    steps = []
    while reached[url].parent is not None:
        steps.append(f"“{reached[url].label}” → {url}")
        url = reached[url].parent
    return " | ".join([f"{url}", *reversed(steps)])


def find(reached: dict[str, Reached], path: str | tuple[str, ...], **query) -> str | None:
    """Return the nearest reached URL with this path (or one of these) and query values."""
    paths = (path,) if isinstance(path, str) else path
    for url in reached:  # breadth-first order: the first match is the nearest
        parts = urlsplit(url)
        values = parse_qs(parts.query)
        if parts.path in paths and all(values.get(k) == [str(v)] for k, v in query.items()):
            return url
    return None


def check(client, reached: dict[str, Reached], wanted: dict[str, str | None], role: str):
    """Assert every wanted page was reached and opens; print the shortest tap paths."""
    lines, missing = [], []
    for what, url in wanted.items():
        if url is None:
            missing.append(what)
            continue
        lines.append(f"{role} · {what} · {reached[url].depth} taps · {tap_path(reached, url)}")
    print("\n".join(lines))
    assert not missing, f"{role} cannot reach {missing} within {TAPS} taps; found:\n" + \
        "\n".join(lines)
    for what, url in wanted.items():
        status = client.get(url).status_code
        assert status == 200, f"{role} · {what}: {url} answers {status}"


def sign_in_landing(client, demo, role: str) -> str:
    """Sign in through the page form, as a person does; return where it lands."""
    who = demo[role]
    response = client.post("/login", data={"tournament_id": demo["tournament_id"],
                                           "name": who["name"], "pin": who["pin"]})
    assert response.status_code == 302
    return _key(urljoin(ORIGIN + "/login", response.headers["Location"]))


def card_path(card: dict) -> str:
    return urlsplit(card["url"]).path


@pytest.mark.parametrize("role", ["judge", "head_judge"])
def test_a_judge_finds_every_table_timers_clock_guide_log_standings_and_picker(
        client, demo, role):
    tid = demo["tournament_id"]
    start = sign_in_landing(client, demo, role)
    assert start == f"/t/{tid}/judge"
    reached = crawl(client, start)
    wanted = {f"table {c['table']} live card": find(reached, card_path(c))
              for c in demo["cards"]}
    wanted |= {
        "play timers": find(reached, f"/t/{tid}/timers"),
        "session clock (hall display)": find(reached, f"/t/{tid}/clock"),
        "irregularity guide": find(reached, f"/t/{tid}/judge/guide"),
        "ruling log": find(reached, f"/t/{tid}/judge/log"),
        "standings": find(reached, f"/t/{tid}/standings"),
        "pattern picker": find(reached, "/picker"),
    }
    if role == "head_judge":  # the head judge may run the clock controls too
        wanted["clock control"] = find(reached, f"/t/{tid}/clock/control")
    check(client, reached, wanted, role)


def test_an_organizer_finds_sessions_prints_clock_results_and_exports(app, client, demo):
    tid = demo["tournament_id"]
    with app.app_context():
        seated = db.session.scalars(db.select(PlaySession.number).where(
            PlaySession.tournament_id == tid, PlaySession.status != "planned")).all()
    assert seated, "the demo seats session 1"
    start = sign_in_landing(client, demo, "organizer")
    assert start == f"/t/{tid}/organizer"
    reached = crawl(client, start)
    wanted = {
        "desk": find(reached, f"/t/{tid}/organizer"),
        "sessions": find(reached, f"/t/{tid}/sessions"),
        "clock control": find(reached, f"/t/{tid}/clock/control"),
        "standings management": find(reached, f"/t/{tid}/standings/manage"),
        "export: players CSV": find(reached, f"/t/{tid}/exports/players.csv"),
        "export: results CSV": find(reached, f"/t/{tid}/exports/results.csv"),
        "export: whole tournament JSON": find(reached, f"/t/{tid}/exports/tournament.json"),
    }
    # Either the PDF itself or the print page that links it (the print pages sit between).
    for n in seated:
        for kind in ("slips", "cards"):
            wanted[f"session {n} {kind} PDF"] = find(
                reached, (f"/t/{tid}/print/{kind}.pdf", f"/t/{tid}/print/{kind}"), session=n)
    check(client, reached, wanted, "organizer")


def test_a_player_finds_their_card_the_picker_and_the_standings(client, demo):
    tid = demo["tournament_id"]
    player = demo["players"][0]
    start = urlsplit(player["url"]).path
    reached = crawl(client, start)
    own = client.get(start).get_data(as_text=True)
    cards = [card_path(c) for c in demo["cards"] if f'href="{card_path(c)}#' in own]
    assert len(cards) == 1, "the player sits at one table in session 1"
    wanted = {
        "their live card": find(reached, cards[0]),
        "pattern picker": find(reached, "/picker"),
        "standings": find(reached, f"/t/{tid}/standings"),
    }
    check(client, reached, wanted, "player")
