"""Every ruleset speaks for itself on every page of its event (issue 25).

For each registered ruleset, a demo event of that ruleset is crawled as its organizer, its
judge and one of its players (anonymous, with the player's own link): from each role's
landing page, every same-event link under `/t/<id>/`, `/cards/<id>` and `/p/<token>` is
followed (GET only, HTML only, a bounded number of pages), and the text each page shows
(tags, scripts and styles stripped) may carry none of the words that mark another ruleset.
A ruleset registered later (a test-only one included) joins the crawl by being registered.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin, urlsplit

import pytest

from tests.conftest import login
from tests.web.conftest import CODES

# The words that mark a ruleset's pages; another ruleset's event shows none of them.
MCR_CITE_LIST = re.compile(r"MCR §[\w.]+(?:\s*(?:,|and|or)\s*§[\w.]+)*")
MARKERS: dict[str, tuple[re.Pattern, ...]] = {
    "zj": (re.compile(r"Zung[ -]?Jung", re.I), re.compile(r"\bZJM?\b"),
           re.compile(r"match points?", re.I), re.compile(r"\bMP\b"),
           # a § outside an "MCR §..." list (those are removed first)
           re.compile(r"§"), re.compile(r"pattern picker", re.I)),
    "mcr": (re.compile(r"\bMCR\b"), re.compile(r"table points?", re.I),
            re.compile(r"\bfans?\b", re.I)),
    # the test-only ruleset (tests/toy_ruleset) cites "Toy rule 4.2"
    "toy": (re.compile(r"\bToy(land)?\b"),),
}
MAX_PAGES = 120
SKIP = re.compile(r"\.(pdf|csv|json|js|css|png|svg|webmanifest)$|/logout|/api/")


class _Page(HTMLParser):
    """What a page shows (its text, titles and labels) and where its links go."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.links: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self._skip += 1
        for name, value in attrs:
            if name in ("title", "aria-label", "placeholder", "alt") and value:
                self.parts.append(value)
            if tag == "a" and name == "href" and value:
                self.links.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def foreign_words(code: str, text: str) -> list[str]:
    """Return each word of another ruleset the text shows, with a little context."""
    found = []
    for other, patterns in MARKERS.items():
        if other == code:
            continue
        checked = MCR_CITE_LIST.sub("", text) if other == "zj" else text
        for pattern in patterns:
            found += [f"{pattern.pattern}: {checked[max(0, m.start() - 60):m.end() + 40]!r}"
                      for m in pattern.finditer(checked)]
    return found


def in_event(path: str, tid: int, token: str) -> bool:
    """Is the path one of the event's pages (its /t/<id>/, a card, the player's page)?"""
    return (path == f"/t/{tid}" or path.startswith(f"/t/{tid}/")
            or re.fullmatch(r"/cards/\d+(/\w+)?", path) is not None or path == f"/p/{token}")


def crawl(client, start: str, tid: int, token: str) -> dict[str, str]:
    """Return the text of every event page reached from `start`: url -> shown text."""
    seen, queue, shown = {start}, [start], {}
    while queue and len(shown) < MAX_PAGES:
        url = queue.pop(0)
        response = client.get(url)
        if response.status_code != 200 or response.mimetype != "text/html":
            continue
        page = _Page()
        page.feed(response.get_data(as_text=True))
        shown[url] = " ".join(" ".join(page.parts).split())
        for href in page.links:
            link = urldefrag(urljoin(url, href)).url
            parts = urlsplit(link)
            if parts.netloc not in ("", "localhost") or SKIP.search(parts.path):
                continue
            local = parts.path + (f"?{parts.query}" if parts.query else "")
            if local not in seen and in_event(parts.path, tid, token):
                seen.add(local)
                queue.append(local)
    return shown


@pytest.mark.parametrize("role", ["organizer", "judge", "player"])
@pytest.mark.parametrize("code", CODES)
def test_an_event_shows_only_its_own_rulesets_words(ruleset_events, code, role):
    app, made = ruleset_events
    demo = made[code]
    tid = demo["tournament_id"]
    token = demo["players"][0]["url"].rsplit("/", 1)[1]
    client = app.test_client()
    if role == "player":
        start = f"/p/{token}"
    else:
        login(client, demo, role)
        start = f"/t/{tid}/organizer" if role == "organizer" else f"/t/{tid}/judge"
    shown = crawl(client, start, tid, token)
    assert len(shown) >= (2 if role == "player" else 10), sorted(shown)
    problems = [f"{url}: {found}" for url, text in shown.items()
                for found in foreign_words(code, text)]
    assert not problems, (f"another ruleset's words on a {code} event ({len(problems)}):\n  "
                          + "\n  ".join(problems))
