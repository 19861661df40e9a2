"""How much of what a Chinese reader sees is still English (issue 29): the measure the crawl
test asserts and scripts/english_share.py prints.

The pages are the ones tests/web/test_ruleset_words_crawl.py crawls (its rules: from each
role's landing page, every same-event link, GET and HTML only, at most MAX_PAGES; the
language switch's `?lang=` links left out), fetched with a Chinese browser
(`Accept-Language`). A page's text pieces are its visible text nodes (scripts, styles,
templates and commands to type, `<code>`, left out). A piece counts as English if, once the
names of the event, its players, teams and staff, numbers, section citations (§2.3,
MCR §3.9.1.3, A.2.2), URLs and codes, and the words kept as they are (MCR, ZJ, PIN, QR, CSV,
EMA, the app's name, "Zung Jung" beside 中庸, "English" in the language switch) are taken
out, it still has a Latin letter; a piece left with only Chinese counts as translated; a
piece left with neither (a name, a number) is not counted. The share is English pieces over
counted pieces.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from urllib.parse import urldefrag, urljoin, urlsplit

from tests.web.test_ruleset_words_crawl import MAX_PAGES, SKIP, in_event

BROWSERS = {"zh-Hant": "zh-TW,zh;q=0.9", "zh-Hans": "zh-CN,zh;q=0.9"}
ROLES = ("player", "judge", "organizer")
# Kept as they are in every language (docs/glossary.md): acronyms, file formats, the app's
# and the ruleset's names, each language's own name in the switch, the venue clock's zone.
# The language switch's icon, the same in every language (a picture of two scripts, not a word).
ICONS = {"A/文"}
KEPT = {"MCR", "ZJ", "ZJM", "PIN", "PINs", "QR", "CSV", "EMA", "MERS", "PDF", "JSON", "judgeaid",
        "Zung", "Jung", "English", "UTC", "GMT"}
CITATION = re.compile(r"(?:MCR\s*)?§\s?(?:A\.)?\d+(?:\.\d+)*[a-z]?|\bA\.\d+(?:\.\d+)*")
URL = re.compile(r"(?:https?://|/)[^\s<>\"]+")
# recovery codes and tokens; paper sizes (A4)
CODE = re.compile(r"\b[A-Z0-9]{4}(?:-[A-Z0-9]{4})+\b|\b[AB]\d\b")
NUMBER = re.compile(r"[+\-−]?\d[\d.,:/×x%]*")
LATIN = re.compile(r"[A-Za-zÀ-ÖØ-öø-ɏ]+")
LANG_LINK = re.compile(r"(^|&)lang=")
CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


# Not read as text to translate: scripts, styles, templates, and commands to type (code).
HIDDEN = ("script", "style", "template", "code", "kbd", "samp")


class _Text(HTMLParser):
    """A page's `<html lang>`, its visible text nodes and its links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang = ""
        self.nodes: list[str] = []
        self.links: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag == "html":
            self.lang = dict(attrs).get("lang") or ""
        if tag in HIDDEN:
            self._skip += 1
        if tag == "a":
            href = dict(attrs).get("href")
            if href:
                self.links.append(href)

    def handle_endtag(self, tag):
        if tag in HIDDEN and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and data.strip():
            self.nodes.append(" ".join(data.split()))


def read_page(html: str) -> _Text:
    page = _Text()
    page.feed(html)
    return page


@dataclass
class Measure:
    """One page in one language: its `<html lang>` and its English and translated pieces."""

    url: str
    role: str
    ruleset: str
    locale: str
    lang: str
    english: list[str] = field(default_factory=list)
    translated: int = 0

    @property
    def counted(self) -> int:
        return len(self.english) + self.translated

    @property
    def share(self) -> float:
        return len(self.english) / self.counted if self.counted else 0.0


class Classifier:
    """Sorts text pieces into English, translated and not counted, given the event's names."""

    def __init__(self, names: set[str]):
        names = {n.strip() for n in names if n and n.strip()}
        words = {w for n in names for w in LATIN.findall(n)}
        self._names = sorted(names, key=len, reverse=True)
        self._kept = KEPT | words

    def leftover(self, piece: str) -> str:
        """Return what of a piece is left to read once names, numbers and kept words go."""
        for name in self._names:
            if name in piece:
                piece = piece.replace(name, " ")
        for pattern in (URL, CODE, CITATION, NUMBER):
            piece = pattern.sub(" ", piece)
        return " ".join(word for word in LATIN.sub(lambda m: m[0] if m[0] not in self._kept
                                                    else " ", piece).split())

    def sort(self, piece: str) -> str | None:
        """Return "english", "translated" or None (nothing to read: a name, a number)."""
        if piece in ICONS:
            return None
        left = self.leftover(piece)
        if LATIN.search(left):
            return "english"
        if CJK.search(left):
            return "translated"
        return None


def measure(html: str, classifier: Classifier, **where) -> Measure:
    """Return a page's measure."""
    page = read_page(html)
    found = Measure(lang=page.lang, **where)
    for piece in page.nodes:
        kind = classifier.sort(piece)
        if kind == "english":
            found.english.append(piece)
        elif kind == "translated":
            found.translated += 1
    return found


def event_names(tournament_id: int) -> set[str]:
    """Return the names a page of the event may show that are nobody's to translate."""
    from judgeaid.extensions import db
    from judgeaid.models import Player, Team, Tournament, User

    names = {db.session.get(Tournament, tournament_id).name}
    for model in (Player, Team, User):
        names.update(db.session.scalars(db.select(model.name).filter_by(
            tournament_id=tournament_id)).all())
    from judgeaid.printing.cards import initials
    from judgeaid.services.card_views import short_names

    # the card's narrow columns name a player by first name and initial ("Dara P.")
    shorts = set(short_names(dict(enumerate(names))).values())
    return names | shorts | {initials(n) for n in names if " " in n}


def sign_in(client, demo: dict, role: str) -> None:
    who = demo[role]
    response = client.post("/api/login", json={"tournament_id": demo["tournament_id"],
                                                "name": who["name"], "pin": who["pin"]})
    assert response.status_code == 200, response.get_json()


def crawl(client, start: str, tid: int, token: str, browser: str) -> dict[str, str]:
    """Return the HTML of every event page reached from start (the words crawl's rules)."""
    seen, queue, pages = {start}, [start], {}
    while queue and len(pages) < MAX_PAGES:
        url = queue.pop(0)
        response = client.get(url, headers={"Accept-Language": browser})
        if response.status_code != 200 or response.mimetype != "text/html":
            continue
        html = response.get_data(as_text=True)
        pages[url] = html
        for href in read_page(html).links:
            link = urldefrag(urljoin(url, href)).url
            parts = urlsplit(link)
            if parts.netloc not in ("", "localhost") or SKIP.search(parts.path):
                continue
            local = parts.path + (f"?{parts.query}" if parts.query else "")
            # the language switch's links are this page in another language, and their
            # cookie would outlast the browser's language: the crawl keeps to the browser's
            if LANG_LINK.search(parts.query):
                continue
            if local not in seen and in_event(parts.path, tid, token):
                seen.add(local)
                queue.append(local)
    return pages


def measure_event(app, demo: dict, ruleset: str) -> list[Measure]:
    """Crawl one demo event as each role in the first Chinese locale, fetch the same pages in
    the other, and return every page's measure."""
    tid = demo["tournament_id"]
    token = demo["players"][0]["url"].rsplit("/", 1)[1]
    with app.app_context():
        classifier = Classifier(event_names(tid))
    found = []
    first, *others = BROWSERS
    for role in ROLES:
        client = app.test_client()
        if role == "player":
            start = f"/p/{token}"
        else:
            sign_in(client, demo, role)
            start = f"/t/{tid}/{role}"
        pages = crawl(client, start, tid, token, BROWSERS[first])
        for url, html in pages.items():
            found.append(measure(html, classifier, url=url, role=role, ruleset=ruleset,
                                 locale=first))
        for locale in others:
            for url in pages:
                response = client.get(url, headers={"Accept-Language": BROWSERS[locale]})
                found.append(measure(response.get_data(as_text=True), classifier, url=url,
                                     role=role, ruleset=ruleset, locale=locale))
    return found


def total_share(measures: list[Measure]) -> float:
    english = sum(len(m.english) for m in measures)
    counted = sum(m.counted for m in measures)
    return english / counted if counted else 0.0


def worst(measures: list[Measure], count: int = 15) -> list[Measure]:
    """Return the pages with the most English pieces first."""
    return sorted(measures, key=lambda m: (len(m.english), m.share), reverse=True)[:count]


def describe(m: Measure, samples: int = 4) -> str:
    shown = "; ".join(repr(p[:60]) for p in m.english[:samples])
    return (f"{m.share:6.1%} {len(m.english):4d}/{m.counted:<4d} {m.locale:7} {m.ruleset:3} "
            f"{m.role:9} {m.url}  {shown}")
