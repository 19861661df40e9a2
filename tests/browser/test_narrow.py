"""Every page at 360 px: no role, in no theme, on no page, scrolls sideways (issue 13).

The pages are the app's own GET routes (app.url_map), not a list kept by hand: a new HTML
route whose path parameters this test cannot fill fails the test by name, so no page is ever
skipped silently. To cover a new page, add its endpoint to PARAMS (how to fill its path) or,
if it is not an HTML page, to NOT_PAGES.
"""

from __future__ import annotations

import itertools

import pytest
from sqlalchemy import select, update

from judgeaid.extensions import db
from judgeaid.models import Player, PlaySession, Ruling
from tests.conftest import login
from tests.factories import EVENT_PAGES

pytestmark = pytest.mark.browser

WIDTH = 360
LONG_NAME = "Maximilianwolfgangalexanderhohenzollernbergmeister" * 2  # no spaces, 100 chars
CJK_NAME = "歐陽娜娜 (歐陽娜娜) 長名字測試長名字測試長名字測試"
ROLES = ("anonymous", "player", "judge", "head_judge", "organizer")
THEMES = ("light", "dark")

# Endpoints that never answer with an HTML page (files, JSON, the service worker).
NOT_PAGES = {
    "static", "main.favicon", "openapi_docs", "main.manifest", "main.service_worker",
    "printing.cards_pdf", "printing.slips_pdf", "judge.fouls_pdf",
    "standings.export_csv", "standings.export_json", "standings.export_backup_file",
    "standings.standings_csv",
    "leaderboards.board_csv", "standings.teams_csv", "players.schedule_ics", "ema.ema_csv",
    # an MCR event's page (the crawl's demo is Zung Jung, where it is 404): measured at
    # 360 px in tests/browser/test_ema_page.py
    "ema.ema_page",
}

# How to fill each HTML page's path (and, where the page needs it, its query):
# endpoint -> a function of the staged event (stage_event's keys: tid, card_id, token,
# player, ruling_id, timer_id) returning url_for's arguments. A new page is one line, e.g.
#   "printing.slips_page": lambda e: {"tournament_id": e["tid"], "session": 1},
PARAMS = {
    **EVENT_PAGES,
    "main.home": lambda e: {},
    "main.offline": lambda e: {},
    "organizer.create": lambda e: {},
    "organizer.owner_login": lambda e: {},
    "picker.picker": lambda e: {},
    "picker.picker_mcr": lambda e: {},
    "clock.timer_page": lambda e: {"tournament_id": e["tid"], "timer_id": e["timer_id"]},
    "leaderboards.index": lambda e: {},
}

_ops = itertools.count(1)


def op() -> str:
    return f"narrow-{next(_ops):05d}"


def html_pages(app) -> list[tuple[str, str]]:
    """Return (endpoint, rule) for every GET route that answers with a page."""
    pages, unknown = [], []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods or rule.rule.startswith("/api/"):
            continue
        if rule.endpoint in NOT_PAGES:
            continue
        if rule.endpoint not in PARAMS:
            unknown.append(f"{rule.endpoint} {rule.rule}")
            continue
        pages.append((rule.endpoint, rule.rule))
    assert not unknown, ("New GET routes this test cannot fill; add them to PARAMS (an HTML "
                         "page) or NOT_PAGES (a file or JSON):\n  " + "\n  ".join(unknown))
    return sorted(pages, key=lambda page: page[1])


def test_every_get_route_is_known(app):
    """Fail by name when a route appears that the crawl cannot fill (or a filled one goes)."""
    html_pages(app)
    gone = set(PARAMS) - {rule.endpoint for rule in app.url_map.iter_rules()}
    assert not gone, f"PARAMS names endpoints that no longer exist: {sorted(gone)}"


def stage_event(app, demo) -> dict:
    """Give the demo real content: long names, a recorded round, a ruling, a timer, an appeal."""
    tid = demo["tournament_id"]
    card_id = int(demo["cards"][0]["api"].rsplit("/", 1)[1])
    client = login(app.test_client(), demo, "judge")
    card = client.get(f"/api/cards/{card_id}").get_json()
    numbers = [p["number"] for p in card["players"]]
    with app.app_context():
        for number, name in zip(numbers, (LONG_NAME, CJK_NAME), strict=False):
            db.session.execute(update(Player).where(Player.tournament_id == tid,
                                                    Player.number == number).values(name=name))
        db.session.commit()
        token = db.session.scalar(select(Player.token).where(
            Player.tournament_id == tid, Player.number == numbers[0]))
    winds = {w: int(p) for p, w in card["rounds"][0]["winds"].items()}
    recorded = client.post(f"/api/cards/{card_id}/rounds", json={
        "round": 1, "result": "win", "winner": winds["E"], "value": 15, "win": "discard",
        "discarder": winds["S"], "patterns": {"1.2": 1, "3.1": 1}, "op_id": op()})
    assert recorded.status_code == 200, recorded.get_json()
    ruled = client.post(f"/api/t/{tid}/rulings", json={
        "card_id": card_id, "round": 2, "players": [numbers[0]],
        "what_happened": "Tiles shown while drawing: " + LONG_NAME,
        "decision": "Play on. " + CJK_NAME, "sections": ["1.7"],
        "penalties": [{"player": numbers[0], "category": "procedural",
                       "infraction": "tiles_mishandled", "kind": "points", "points": 5}],
        "op_id": op()})
    assert ruled.status_code == 200, ruled.get_json()
    ruling_id = ruled.get_json()["ruling"]["id"]
    timer = client.post(f"/api/tournaments/{tid}/timers", json={
        "card": card_id, "round": 3, "player": numbers[0], "op_id": op()})
    assert timer.status_code == 200, timer.get_json()
    # The hall clock running, with extra time for one table, shows its largest digits.
    organizer = login(app.test_client(), demo, "organizer")
    for body in ({"action": "start"}, {"action": "extend", "table": 1, "seconds": 300,
                                        "reason": "Judge call: " + LONG_NAME}):
        acted = organizer.post(f"/api/tournaments/{tid}/clock", json={**body, "op_id": op()})
        assert acted.status_code == 200, acted.get_json()
    # §4.3 an appeal waits for the session's end; the session is then played on for the crawl.
    _set_status(app, tid, "finished")
    appeal = client.post("/api/appeals", headers={"X-Player-Token": token}, json={
        "ruling_id": ruling_id, "text": "I disagree: " + LONG_NAME, "op_id": op()})
    assert appeal.status_code == 200, appeal.get_json()
    _set_status(app, tid, "playing")
    with app.app_context():
        assert db.session.get(Ruling, ruling_id) is not None
    # "player" is the one with the long name
    return {"tid": tid, "card_id": card_id, "token": token, "player": numbers[0],
            "ruling_id": ruling_id, "timer_id": timer.get_json()["timer"]["id"]}


def _set_status(app, tid: int, status: str) -> None:
    with app.app_context():
        db.session.execute(update(PlaySession).where(PlaySession.tournament_id == tid,
                                                     PlaySession.number == 1)
                           .values(status=status))
        db.session.commit()


def sign_in(context, site, demo, role: str) -> None:
    if role in ("anonymous", "player"):
        return
    who = demo[role]
    answer = context.request.post(site.url + "/api/login", data={
        "tournament_id": demo["tournament_id"], "name": who["name"], "pin": who["pin"]})
    assert answer.ok, answer.text()


MEASURE = """() => {
  const root = document.documentElement;
  const header = document.querySelector('.topbar');
  const name = (node) => [node.tagName.toLowerCase(), ...node.classList].join('.');
  const right = (node) => Math.round(node.getBoundingClientRect().right);
  const wide = [...document.querySelectorAll('main *, body > footer *')]
    .filter((node) => right(node) > root.clientWidth)
    .filter((node) => !node.closest('[hidden], dialog:not([open]), template'))
    .slice(0, 3).map((node) => `${name(node)} right=${right(node)}`);
  return {width: root.scrollWidth, header: header ? header.scrollWidth : 0, wide};
}"""


def test_no_page_scrolls_sideways_at_360_px(app, demo, live_server, browser):
    event = stage_event(app, demo)
    pages = html_pages(app)
    with app.test_request_context():
        from flask import url_for

        urls = [(endpoint, url_for(endpoint, **PARAMS[endpoint](event)))
                for endpoint, _ in pages]
    # The error page too, with the longest message a visitor may meet.
    urls.append(("error", f"/cards/{event['card_id']}{LONG_NAME}"))
    seen: dict[str, set[str]] = {}
    overflow: list[str] = []
    for role in ROLES:
        context = browser.new_context(viewport={"width": WIDTH, "height": 740})
        try:
            sign_in(context, live_server, demo, role)
            page = context.new_page()
            if role == "player":
                # The player arrives by their slip's link, then goes where it leads.
                page.goto(f"{live_server.url}/p/{event['token']}")
            for endpoint, url in urls:
                answer = page.goto(live_server.url + url, wait_until="load")
                status = answer.status if answer else 0
                landed = page.url.removeprefix(live_server.url)
                to_sign_in = landed.startswith("/login") and not url.startswith("/login")
                if to_sign_in or status >= 400:
                    # Not this role's page: the sign-in page or the refusal is measured.
                    shown = f"{status} {landed.split('?')[0]}"
                else:
                    shown = "200"
                    seen.setdefault(endpoint, set()).add(role)
                # Each theme on the same page, as static/js/app.js sets it from the saved
                # choice (the projector has no toggle): one load measures both.
                for theme in THEMES:
                    page.evaluate("theme => { document.documentElement.dataset.theme = theme }",
                                  theme)
                    measured = page.evaluate(MEASURE)
                    if measured["width"] > WIDTH:
                        overflow.append(
                            f"{url} as {role}, {theme}: {measured['width']} px ({shown}); "
                            f"header {measured['header']} px; wide: {measured['wide']}")
        finally:
            context.close()
    # Every page was seen by at least one role, so none was measured only as a refusal.
    unseen = [endpoint for endpoint, _ in pages if endpoint not in seen]
    assert not unseen, f"pages no role could open: {unseen}"
    assert seen["organizer.dashboard"] == {"organizer"}
    assert "player" in seen["players.page"] and "anonymous" in seen["standings.public"]
    assert not overflow, "Pages wider than 360 px:\n" + "\n".join(overflow)
