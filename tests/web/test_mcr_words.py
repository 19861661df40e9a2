"""An MCR event says only MCR things: no Zung Jung words on any page or JSON it shows (issue 16).

The crawl walks the app's own GET routes (app.url_map) for the MCR demo as every role, and
fails on words only Zung Jung uses: match points, a bare ZJ section ("§3.7" rather than
"MCR §3.7"), turn timers, the 80-point resignation, the name Zung Jung, and "round" where
MCR's card says "hand". A new route this test cannot fill fails it by name.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from tests.conftest import login
from tests.factories import EVENT_PAGES, make_mcr_demo

ROLES = ("anonymous", "player", "judge", "head_judge", "organizer")

# GET routes that show no event's words (files, the service worker, pages of no event) or
# that name Zung Jung on purpose (the ruleset chooser, the ZJ picker and its catalogue).
NOT_EVENT = {
    "static", "openapi_docs", "main.manifest", "main.service_worker", "main.offline",
    "main.favicon",
    "main.home", "organizer.create", "organizer.owner_login", "leaderboards.index",
    "picker.picker", "picker.picker_mcr", "printing.cards_pdf", "printing.slips_pdf",
    "judge.fouls_pdf", "standings.export_csv", "standings.export_json",
    "standings.export_backup_file",
    "standings.standings_csv", "leaderboards.board_csv", "standings.teams_csv",
    "players.schedule_ics", "ema.ema_csv",
    "api.server_time", "api.me", "api.openapi_document", "api.zj_catalogue",
    "api.mcr_catalogue", "leaderboards_api.api_board",
    # a play timer: the crawl makes none; an MCR timer page's words are checked in
    # tests/clock/test_mcr_judge_clock.py
    "clock.timer_page", "clock_api.get_timer",
}

# How to fill each route of the event: endpoint -> path and query from the staged event.
PARAMS = {
    **EVENT_PAGES,
    # the JSON the event's pages read
    "cards_api.get_card": lambda e: {"card_id": e["card_id"]},
    "cards_api.reader": lambda e: {"card_id": e["card_id"]},
    "judge_api.guide_data": lambda e: {"ruleset": "mcr"},
    "judge_api.call_status": lambda e: {"card_id": e["card_id"]},
    "judge_api.queue": lambda e: {"tournament_id": e["tid"]},
    "judge_api.suggest": lambda e: {"tournament_id": e["tid"], "player": e["player"],
                                    "category": "late", "infraction": "late_minor"},
    "judge_api.departure_list": lambda e: {"tournament_id": e["tid"]},
    "judge_api.penalty_overview": lambda e: {"tournament_id": e["tid"]},
    "judge_api.rulings": lambda e: {"tournament_id": e["tid"]},
    "judge_api.ruling_data": lambda e: {"tournament_id": e["tid"], "ruling_id": e["ruling_id"]},
    "judge_api.player_record": lambda e: {"tournament_id": e["tid"], "number": e["player"]},
    "judge_api.appeal_list": lambda e: {"tournament_id": e["tid"]},
    "clock_api.get_clock": lambda e: {"tournament_id": e["tid"]},
    "clock_api.list_timeouts": lambda e: {"tournament_id": e["tid"]},
    "standings_api.api_standings": lambda e: {"tournament_id": e["tid"]},
    "standings_api.list_score_checks": lambda e: {"tournament_id": e["tid"]},
    "awards_api.api_awards": lambda e: {"tournament_id": e["tid"]},
    # the EMA results page (issue 30): an MCR event's own
    "ema.ema_page": lambda e: {"tournament_id": e["tid"]},
}

# Words only Zung Jung uses, each with why it is wrong on an MCR event.
ZJ_WORDS = (
    (re.compile(r"match[ _-]?points?", re.I), "ZJ match points (MCR ranks by table points)"),
    (re.compile(r"(?<!MCR )(?<!MCR&nbsp;)§\s?\d"), "a bare § citation is a ZJM section"),
    (re.compile(r"turn timer", re.I), "MCR has no turn timer (MCR §3.5.6)"),
    (re.compile(r"\b80[ -]points?\b|resign", re.I), "MCR has no resignation by time"),
    (re.compile(r"zung[ -]?jung", re.I), "the event is MCR"),
)
MCR_CITE_LIST = re.compile(r"MCR §[\w.]+(?:(?:,| and| or)\s*§[\w.]+)*")
# On card-ish pages a deal is a "hand" in MCR; a "wind round" is MCR's own word.
ROUND_WORD = re.compile(r"(?<!wind )\brounds?\b", re.I)
CARDISH = {"cards.live", "cards.paper", "cards.sheet", "printing.cards_page",
           # the ruling form, the log, appeals and a player's record name the hand
           "judge.new_ruling", "judge.ruling", "judge.log", "judge.appeals",
           "judge.player"}

# Places that may name Zung Jung on an MCR event, with why: endpoint -> allowed phrases.
# (None today: the ruleset chooser, the ZJ picker and the leaderboards are not the event's.)
ALLOWED: dict[str, tuple[str, ...]] = {}


class _Text(HTMLParser):
    """Collect what a page shows: its text and the words of its titles and labels."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in ("title", "aria-label", "placeholder", "alt") and value:
                self.parts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip:
            self.parts.append(data)


def shown_text(response) -> str:
    """Return what a response shows a reader: a page's text, or a JSON body's strings."""
    if response.is_json:
        return "\n".join(_strings(response.get_json()))
    parser = _Text()
    parser.feed(response.get_data(as_text=True))
    return " ".join(" ".join(parser.parts).split())


def _strings(value) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    return []


def zj_words(endpoint: str, text: str) -> list[str]:
    """Return each ZJ-only word the text shows, with a little context and why."""
    for phrase in ALLOWED.get(endpoint, ()):
        text = text.replace(phrase, "")
    # a list started by "MCR §" cites MCR all along ("MCR §3.11.1, §3.11.2.2")
    text = MCR_CITE_LIST.sub("MCR §", text)
    checks = list(ZJ_WORDS)
    if endpoint in CARDISH:
        checks.append((ROUND_WORD, "MCR's card counts hands"))
    found = []
    for pattern, why in checks:
        for match in pattern.finditer(text):
            found.append(f"{text[max(0, match.start() - 40):match.end() + 40]!r} ({why})")
    return found


def event_routes(app) -> list[str]:
    """Return every GET endpoint an event shows; fail by name on one this test cannot fill."""
    endpoints, unknown = set(), []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.endpoint in NOT_EVENT:
            continue
        if rule.endpoint not in PARAMS:
            unknown.append(f"{rule.endpoint} {rule.rule}")
        endpoints.add(rule.endpoint)
    assert not unknown, ("GET routes this test cannot fill: add them to PARAMS (the event "
                         "shows them) or NOT_EVENT:\n  " + "\n  ".join(unknown))
    return sorted(endpoints)


def stage_mcr_event(app) -> tuple[dict, dict]:
    """Make the MCR demo with a recorded hand and a ruling with a foul; return it and its ids."""
    demo = make_mcr_demo(app)
    tid = demo["tournament_id"]
    card_id = int(demo["cards"][0]["api"].rsplit("/", 1)[1])
    client = login(app.test_client(), demo, "judge")
    card = client.get(f"/api/cards/{card_id}").get_json()
    winds = {w: int(p) for p, w in card["rounds"][0]["winds"].items()}
    recorded = client.post(f"/api/cards/{card_id}/rounds", json={
        "round": 1, "result": "win", "winner": winds["E"], "value": 8, "win": "discard",
        "discarder": winds["S"], "op_id": "mcr-words-hand-1"})
    assert recorded.status_code == 200, recorded.get_json()
    ruled = client.post(f"/api/t/{tid}/rulings", json={
        "card_id": card_id, "round": 2, "players": [winds["W"]],
        "what_happened": "Arrived eight minutes after the start.", "decision": "Late foul.",
        "sections": [], "penalties": [{"player": winds["W"], "category": "late",
                                       "infraction": "late_minor", "kind": "points",
                                       "points": 10}],
        "op_id": "mcr-words-ruling-1"})
    assert ruled.status_code == 200, ruled.get_json()
    token = demo["players"][0]["url"].rsplit("/", 1)[1]
    return demo, {"tid": tid, "card_id": card_id, "player": winds["W"], "token": token,
                  "ruling_id": ruled.get_json()["ruling"]["id"]}


def test_every_get_route_is_known(app):
    """Fail by name when a route appears that the crawl cannot fill (or a filled one goes)."""
    event_routes(app)
    gone = set(PARAMS) - {rule.endpoint for rule in app.url_map.iter_rules()}
    assert not gone, f"PARAMS names endpoints that no longer exist: {sorted(gone)}"


@pytest.mark.parametrize("role", ROLES)
def test_an_mcr_event_shows_no_zung_jung_words(app, role):
    demo, event = stage_mcr_event(app)
    client = app.test_client()
    if role not in ("anonymous", "player"):
        login(client, demo, role)
    from flask import url_for

    problems, shown = [], 0
    for endpoint in event_routes(app):
        with app.test_request_context():
            url = url_for(endpoint, **PARAMS[endpoint](event))
        response = client.get(url)
        if response.status_code != 200:
            continue  # not this role's page
        shown += 1
        problems += [f"{endpoint} {url}: {found}"
                     for found in zj_words(endpoint, shown_text(response))]
    assert shown >= 8, f"only {shown} pages answered {role}"
    assert not problems, "Zung Jung words on the MCR event:\n  " + "\n  ".join(problems)


def test_the_same_crawl_finds_zung_jung_words_on_a_zung_jung_event(app, demo):
    """The check sees what it looks for: the Zung Jung demo shows its own words."""
    from flask import url_for

    client = login(app.test_client(), demo, "organizer")
    tid = demo["tournament_id"]
    card_id = int(demo["cards"][0]["api"].rsplit("/", 1)[1])
    found = []
    for endpoint, args in (("seating.sessions", {"tournament_id": tid}),
                           ("cards.live", {"card_id": card_id}),
                           ("standings.public", {"tournament_id": tid})):
        with app.test_request_context():
            url = url_for(endpoint, **args)
        found += zj_words(endpoint, shown_text(client.get(url)))
    assert any("match points" in f for f in found)
    assert any("§3.7" in f for f in found)
    assert any("MCR's card counts hands" in f for f in found)
