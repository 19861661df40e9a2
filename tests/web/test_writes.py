"""Every kind of write goes through writes.once: a replay and a racing twin write once.

A racing twin is the same request sent again while the first copy is still in flight: its
op_id is not stored yet when it looks, so it applies, and then finds the op_id (or the row)
taken when it writes. Here the twin is made by hiding the stored op_id from its first look.
"""

from __future__ import annotations

import io
import re
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import ClockEvent, PlaySession, Seat, Tournament, User
from judgeaid.services import card_writes, exports, operations
from judgeaid.services import clock as clock_service
from tests.conftest import LiveServer, is_postgres, login
from tests.factories import (
    current_round,
    end_session,
    fresh_database,
    make_event,
    paper_rounds,
    play_preliminary,
    sign_in,
    start_round_of_16,
    token_of,
    upload_backup,
)

MIN = 60_000


def _card(client, demo):
    card = client.get(demo["cards"][0]["api"]).get_json()
    return card["id"], [p["number"] for p in card["players"]]


def _round(client, demo):
    card, _ = _card(client, demo)
    return f"/api/cards/{card}/rounds", {"round": 1, "result": "draw"}


def _card_penalty(client, demo):
    card, players = _card(client, demo)
    return f"/api/cards/{card}/penalties", {"player": players[0], "points": 5,
                                            "reason": "Tiles shown"}


def _recorder(client, demo):
    card, players = _card(client, demo)
    return f"/api/cards/{card}/recorder", {"player": players[1]}


def _time_over(client, demo):
    card, _ = _card(client, demo)
    return f"/api/cards/{card}/time-over", {"from_round": 9}


def _clock(client, demo):
    return f"/api/tournaments/{demo['tournament_id']}/clock", {"action": "start"}


def _timer(client, demo):
    card, players = _card(client, demo)
    return (f"/api/tournaments/{demo['tournament_id']}/timers",
            {"card": card, "round": 1, "player": players[0]})


def _late(client, demo):
    _, players = _card(client, demo)
    return (f"/api/tournaments/{demo['tournament_id']}/timeouts",
            {"player": players[0], "kind": "late", "late_ms": 60_000, "session": 1})


def _call_up(client, demo):
    card, _ = _card(client, demo)
    return f"/api/cards/{card}/call-up", {"reason": "Wrong claim"}


def _penalty(client, demo):
    card, players = _card(client, demo)
    return (f"/api/t/{demo['tournament_id']}/penalties",
            {"card_id": card, "player": players[0], "category": "procedural",
             "infraction": "tiles_mishandled", "kind": "points", "points": 5})


def _ruling(client, demo):
    card, players = _card(client, demo)
    return (f"/api/t/{demo['tournament_id']}/rulings",
            {"card_id": card, "what_happened": "Tiles shown", "decision": "Play on",
             "penalties": [{"player": players[0], "category": "procedural",
                            "infraction": "tiles_mishandled", "kind": "points", "points": 5}]})


def _tap(client, demo):
    url, body = _timer(client, demo)
    timer = client.post(url, json={**body, "op_id": "setup-timer"}).get_json()["timer"]
    return f"/api/timers/{timer['id']}/taps", {"seq": 0}


def _finish(client, demo):
    url, body = _timer(client, demo)
    timer = client.post(url, json={**body, "op_id": "setup-timer"}).get_json()["timer"]
    return f"/api/timers/{timer['id']}/finish", {}


def _timeout_end(client, demo):
    _, players = _card(client, demo)
    row = client.post(f"/api/tournaments/{demo['tournament_id']}/timeouts",
                      json={"player": players[0], "session": 1, "op_id": "setup-timeout"})
    return f"/api/timeouts/{row.get_json()['timeout']['id']}/end", {}


def _void(client, demo):
    url, body = _card_penalty(client, demo)
    card = client.post(url, json={**body, "op_id": "setup-penalty"}).get_json()["card"]
    return f"{url}/{card['penalties'][0]['id']}/void", {"reason": "Given to the wrong player"}


def _confirm(client, demo):
    card, players = _card(client, demo)
    client.post(f"/api/cards/{card}/time-over", json={"from_round": 1, "op_id": "setup-over"})
    return f"/api/cards/{card}/confirm", {"player": players[0]}


def _confirm_all(client, demo):
    card, _ = _card(client, demo)
    client.post(f"/api/cards/{card}/time-over", json={"from_round": 1, "op_id": "setup-over"})
    return f"/api/cards/{card}/confirm-all", {}


def _take(client, demo):
    url, body = _call_up(client, demo)
    call = client.post(url, json={**body, "op_id": "setup-callup"}).get_json()["call_up"]
    return f"/api/t/{demo['tournament_id']}/call-ups/{call['id']}/take", {}


def _score_check(client, demo):
    token = demo["players"][0]["url"].rstrip("/").rsplit("/", 1)[1]
    return (f"/api/tournaments/{demo['tournament_id']}/score-checks",
            {"session": 1, "message": "Round 3 looks wrong"}, {"X-Player-Token": token})


def _undo(client, demo):
    url, _ = _tap(client, demo)
    client.post(url, json={"seq": 0, "op_id": "setup-tap"})
    return url.replace("/taps", "/undo"), {"seq": 1}


def _timer_penalty(client, demo):
    card, players = _card(client, demo)
    # Dealt 100 s ago and the first turn still running: well over the turn's limit.
    dealt = clock_service.server_now_ms() - 100_000
    timer = client.post(f"/api/tournaments/{demo['tournament_id']}/timers", json={
        "card": card, "round": 1, "player": players[0], "at_ms": dealt,
        "op_id": "setup-timer"}).get_json()["timer"]
    client.post(f"/api/timers/{timer['id']}/taps",
                json={"seq": 0, "at_ms": dealt, "op_id": "setup-tap"})
    return f"/api/timers/{timer['id']}/penalty", {}


def _seat_change(client, demo):
    card, players = _card(client, demo)
    return (f"/api/cards/{card}/seat-changes",
            {"player": players[1], "from_round": 3, "reason": "resigned"})


def _paper(client, demo):
    card = client.get(demo["cards"][0]["api"]).get_json()
    players = [p["number"] for p in card["players"]]
    return f"/api/cards/{card['id']}/paper", {"rounds": paper_rounds(card), "signed": players}


def _ruled(client, demo):
    """A ruling with a penalty in session 1, which is then over: its appeal may be filed."""
    card, players = _card(client, demo)
    ruling = client.post(f"/api/t/{demo['tournament_id']}/rulings", json={
        "card_id": card, "what_happened": "Tiles shown", "decision": "Five points",
        "penalties": [{"player": players[0], "category": "procedural",
                       "infraction": "tiles_mishandled", "kind": "points", "points": 5}],
        "op_id": "setup-ruling"}).get_json()["ruling"]
    end_session(client.application, demo["tournament_id"])
    return ruling["id"], {"X-Player-Token": token_of(client.application,
                                                     demo["tournament_id"], players[0])}


def _appeal(client, demo):
    ruling, headers = _ruled(client, demo)
    return "/api/appeals", {"ruling_id": ruling, "text": "I did not show them"}, headers


def _decide(client, demo):
    ruling, headers = _ruled(client, demo)
    appeal = client.post("/api/appeals", headers=headers, json={
        "ruling_id": ruling, "text": "Not me", "op_id": "setup-appeal"}).get_json()["appeal"]
    return (f"/api/t/{demo['tournament_id']}/appeals/{appeal['id']}/decision",
            {"decision": "overturned", "reason": "The table agrees it was someone else"})


def _resolve(client, demo):
    url, body, headers = _score_check(client, demo)
    check = client.post(url, json={**body, "op_id": "setup-check"},
                        headers=headers).get_json()["score_check"]
    return f"{url}/{check['id']}/resolve", {"resolution": "The card is right"}


def _all_cards_over(client, demo):
    for table in range(len(demo["cards"])):
        card = client.get(demo["cards"][table]["api"]).get_json()["id"]
        client.post(f"/api/cards/{card}/time-over",
                    json={"from_round": 1, "op_id": f"setup-over-{table}"})


def _finalize(client, demo):
    _all_cards_over(client, demo)
    return f"/api/tournaments/{demo['tournament_id']}/sessions/1/finalize", {}


def _unfinalize(client, demo):
    url, _ = _finalize(client, demo)
    client.post(url, json={"op_id": "setup-final"})
    return url.replace("/finalize", "/unfinalize"), {"reason": "A score check"}


def _late_api(client, demo):
    tid = demo["tournament_id"]
    client.post(f"/t/{tid}/organizer/players", data={"name": "Lou Late"})
    number = len(demo["players"]) + 1
    return f"/api/tournaments/{tid}/players/{number}/late", {"joins": 2}


def _absent(client, demo):
    tid = demo["tournament_id"]
    _all_cards_over(client, demo)
    client.post(f"/t/{tid}/sessions/2/seat")
    return f"/api/tournaments/{tid}/sessions/2/absent", {"player": 1}


def _filler(client, demo):
    with client.application.app_context():
        tournament, organizer, by_rank = start_round_of_16()
        db.session.commit()
        event = {"id": tournament.id, "organizer": organizer.name}
        number = current_round(tournament).number
    sign_in(client, event, event["organizer"], "1234")
    return (f"/api/tournaments/{event['id']}/final-day/sessions/{number}/filler",
            {"absent": by_rank[4], "filler": by_rank[17]})


WRITES = {
    "timer.undo": ("judge", _undo),
    "timer.penalty": ("judge", _timer_penalty),
    "card.seat_change": ("organizer", _seat_change),
    "card.paper": ("judge", _paper),
    "judge.appeal": ("judge", _appeal),
    "judge.decide": ("head_judge", _decide),
    "score_check.resolve": ("organizer", _resolve),
    "session.finalize": ("organizer", _finalize),
    "session.unfinalize": ("organizer", _unfinalize),
    "player.late": ("organizer", _late_api),
    "player.absent": ("organizer", _absent),
    "final_day.filler": ("organizer", _filler),
    "score_check.file": ("organizer", _score_check),
    "card.confirm": ("judge", _confirm),
    "card.confirm_all": ("judge", _confirm_all),
    "card.penalty.void": ("judge", _void),
    "timer.tap": ("judge", _tap),
    "timer.finish": ("judge", _finish),
    "timeout.end": ("judge", _timeout_end),
    "judge.take": ("judge", _take),
    "card.round": ("judge", _round),
    "card.penalty": ("judge", _card_penalty),
    "card.recorder": ("judge", _recorder),
    "card.time_over": ("judge", _time_over),
    "clock.act": ("organizer", _clock),
    "timer.start": ("judge", _timer),
    "timeout.start": ("judge", _late),
    "judge.callup": ("judge", _call_up),
    "judge.penalty": ("judge", _penalty),
    "judge.ruling": ("judge", _ruling),
}


def _rows(app) -> dict[str, int]:
    with app.app_context():
        return {table.name: db.session.scalar(select(func.count()).select_from(table))
                for table in db.metadata.sorted_tables}


def _twin_in_flight(monkeypatch) -> None:
    """Make the next request's first look for its op_id find nothing, as a racing twin's."""
    looked = []
    real = operations.replay

    def replay(*args, **kwargs):
        looked.append(True)
        return None if len(looked) == 1 else real(*args, **kwargs)

    monkeypatch.setattr(operations, "replay", replay)


@pytest.mark.parametrize("kind", sorted(WRITES))
def test_a_replay_and_a_racing_twin_answer_the_same_and_write_once(app, client, demo,
                                                                   monkeypatch, kind):
    role, build = WRITES[kind]
    login(client, demo, role)
    url, body, *headers = build(client, demo)
    body["op_id"] = f"once-{kind}"
    headers = headers[0] if headers else {}
    first = client.post(url, json=body, headers=headers)
    assert first.status_code in (200, 201), first.get_json()
    rows = _rows(app)
    again = client.post(url, json=body, headers=headers)
    assert (again.status_code, again.get_json()) == (first.status_code, first.get_json())
    assert _rows(app) == rows
    _twin_in_flight(monkeypatch)
    twin = client.post(url, json=body, headers=headers)
    assert (twin.status_code, twin.get_json()) == (first.status_code, first.get_json())
    assert _rows(app) == rows


def test_a_form_with_an_op_id_adds_substitutes_once_even_racing(app, client, demo,
                                                               monkeypatch):
    login(client, demo, "organizer")
    url, form = f"/t/{demo['tournament_id']}/substitutes", {"count": 2, "op_id": "subs-0001"}
    assert client.post(url, data=form).status_code == 302
    rows = _rows(app)
    assert client.post(url, data=form).status_code == 302
    _twin_in_flight(monkeypatch)
    assert client.post(url, data=form).status_code == 302
    assert _rows(app) == rows


NEW_TOURNAMENT = {"name": "Spring Open", "format": "csom", "organizer_name": "Olga",
                  "pin": "1234"}


def _new_tournament_form(client) -> dict[str, str]:
    """Return the new-tournament form filled in, with the op_id its page carries."""
    page = client.get("/new").get_data(as_text=True)
    return {**NEW_TOURNAMENT, "op_id": re.search(r'name="op_id" value="([^"]+)"', page)[1]}


def test_a_new_tournament_form_sent_twice_creates_one_even_racing(app, client, monkeypatch):
    form = _new_tournament_form(client)
    first = client.post("/new", data=form)
    assert first.status_code == 302
    desk = first.headers["Location"]
    rows = _rows(app)
    # The second tap lands on the same desk, signed in as its organizer.
    tapped = app.test_client()
    again = tapped.post("/new", data=form)
    assert (again.status_code, again.headers["Location"]) == (302, desk)
    page = tapped.get(desk)
    assert page.status_code == 200 and "already created by this form" in page.get_data(
        as_text=True)
    _twin_in_flight(monkeypatch)
    racing = app.test_client()
    twin = racing.post("/new", data=form)
    assert (twin.status_code, twin.headers["Location"]) == (302, desk)
    assert racing.get(desk).status_code == 200
    assert _rows(app) == rows


def test_a_new_tournament_form_sent_again_with_another_pin_signs_nobody_in(app, client):
    form = _new_tournament_form(client)
    desk = client.post("/new", data=form).headers["Location"]
    rows = _rows(app)
    other = app.test_client()
    refused = other.post("/new", data={**form, "pin": "9876"})
    assert refused.status_code == 409
    page = refused.get_data(as_text=True)
    assert "already created a tournament, with another PIN" in page
    # The page offers a new op_id, so the form sent from it makes a new tournament.
    assert form["op_id"] not in page
    assert other.get(desk).status_code == 302  # to the sign-in page
    assert _rows(app) == rows


def test_a_judge_form_sent_again_with_another_pin_is_refused(app, client, demo):
    login(client, demo, "organizer")
    url = f"/t/{demo['tournament_id']}/organizer/judges"
    form = {"name": "Nia Park", "role": "judge", "pin": "2580", "op_id": "judge-nia-1"}
    assert client.post(url, data=form).status_code == 302
    rows = _rows(app)
    again = client.post(url, data={**form, "pin": "1357"}, follow_redirects=True)
    assert "already added Nia Park with another PIN" in again.get_data(as_text=True)
    assert _rows(app) == rows
    assert client.post("/api/logout", json={}).status_code == 200
    assert client.post("/api/login", json={"tournament_id": demo["tournament_id"],
                                           "name": "Nia Park", "pin": "2580"}).status_code == 200


class _Stay(urllib.request.HTTPRedirectHandler):
    """Answer a redirect as it is, so the test reads where it leads."""

    def redirect_request(self, *args, **kwargs):
        return None


@pytest.mark.committed
@pytest.mark.skipif(not is_postgres(), reason="two threads racing need PostgreSQL's locks")
def test_two_taps_on_create_racing_for_real_make_one_tournament(app):
    form = urllib.parse.urlencode({**NEW_TOURNAMENT, "name": "Race Open",
                                   "op_id": "create-race-0001"}).encode()
    barrier, answers = threading.Barrier(2), []

    def tap(url):
        request = urllib.request.Request(url + "/new", data=form, method="POST")
        barrier.wait()
        try:
            urllib.request.build_opener(_Stay).open(request)
        except urllib.error.HTTPError as answer:
            answers.append((answer.code, answer.headers.get("Location")))

    with LiveServer(app) as server:
        taps = [threading.Thread(target=tap, args=(server.url,)) for _ in range(2)]
        for thread in taps:
            thread.start()
        for thread in taps:
            thread.join(20)
    assert len(answers) == 2 and answers[0] == answers[1] and answers[0][0] == 302, answers
    with app.app_context():
        assert db.session.scalar(select(func.count()).select_from(Tournament).where(
            Tournament.name == "Race Open")) == 1


def test_two_new_tournament_pages_create_two_tournaments(app, client):
    before = _rows(app)["tournament"]
    for _ in range(2):
        assert client.post("/new", data=_new_tournament_form(client)).status_code == 302
    assert _rows(app)["tournament"] == before + 2


def _register(client, demo):
    tid = demo["tournament_id"]
    return f"/t/{tid}/organizer", f"/t/{tid}/organizer/players", {"name": "Lou Late"}


def _import(client, demo):
    tid = demo["tournament_id"]
    return (f"/t/{tid}/organizer", f"/t/{tid}/organizer/players/import",
            {"file": b"name,team\nLou Late,\nMia Moss,\n"})


def _swap(client, demo):
    tid = demo["tournament_id"]
    a, b = (client.get(c["api"]).get_json()["players"][0]["number"] for c in demo["cards"][:2])
    return (f"/t/{tid}/sessions/1/tables", f"/t/{tid}/sessions/1/swap",
            {"a": a, "b": b, "confirm": "yes"})


def _advance(client, demo):
    with client.application.app_context():
        tournament, organizer = make_event("rsom", players=20, sessions=1)
        play_preliminary(tournament, organizer)
        db.session.commit()
        event = {"id": tournament.id, "organizer": organizer.name}
    sign_in(client, event, event["organizer"], "1234")
    return f"/t/{event['id']}/final-day", f"/t/{event['id']}/final-day/advance", {}


def _judge_added(client, demo):
    tid = demo["tournament_id"]
    return (f"/t/{tid}/organizer", f"/t/{tid}/organizer/judges",
            {"name": "Nia Park", "role": "judge", "pin": "2580"})


def _new_pin(client, demo):
    tid = demo["tournament_id"]
    with client.application.app_context():
        judge = db.session.scalar(select(User.id).where(User.tournament_id == tid,
                                                        User.name == demo["judge"]["name"]))
    return f"/t/{tid}/organizer", f"/t/{tid}/organizer/judges/{judge}/pin", {"pin": "97531"}


def _seat(client, demo):
    tid = demo["tournament_id"]
    return f"/t/{tid}/sessions", f"/t/{tid}/sessions/2/seat", {}


def _player_change(change):
    def build(client, demo):
        tid = demo["tournament_id"]
        if change == "reinstate":
            client.post(f"/t/{tid}/players/withdraw", data={"player": 1, "op_id": "setup-out"})
        return f"/t/{tid}/sessions", f"/t/{tid}/players/{change}", {"player": 1}
    return build


def _late_arrival(client, demo):
    tid = demo["tournament_id"]
    url, _ = _late_api(client, demo)
    number = int(url.split("/")[-2])
    return f"/t/{tid}/sessions", f"/t/{tid}/players/late", {"player": number, "joins": 2}


def _late_desk(client, demo):
    tid = demo["tournament_id"]
    url, _ = _late_api(client, demo)
    number = int(url.split("/")[-2])
    return (f"/t/{tid}/standings/manage", f"/t/{tid}/standings/late",
            {"number": number, "joined_session": 2})


def _absent_form(client, demo):
    tid = demo["tournament_id"]
    _absent(client, demo)
    return (f"/t/{tid}/sessions/2/tables", f"/t/{tid}/sessions/2/absent",
            {"player": 1, "confirm": "yes"})


def _resign(client, demo):
    tid = demo["tournament_id"]
    return (f"/t/{tid}/standings/manage", f"/t/{tid}/standings/resign",
            {"number": 1, "from_session": 2, "reason": "Absent, no reason given"})


def _finalize_form(client, demo):
    tid = demo["tournament_id"]
    _all_cards_over(client, demo)
    return f"/t/{tid}/standings/manage", f"/t/{tid}/standings/sessions/1/finalize", {}


def _unfinalize_form(client, demo):
    page, url, _ = _finalize_form(client, demo)
    client.post(url, data={"op_id": "setup-final"})
    return page, url.replace("/finalize", "/unfinalize"), {"reason": "A score check"}


def _resolve_form(client, demo):
    tid = demo["tournament_id"]
    url, _ = _resolve(client, demo)
    check = url.split("/")[-2]
    return (f"/t/{tid}/standings/manage", f"/t/{tid}/standings/checks/{check}/resolve",
            {"resolution": "The card is right"})


def _not_present(client, demo):
    url, body = _filler(client, demo)
    page = url.replace("/api/tournaments/", "/t/").split("/sessions/")[0]
    return page, url.replace("/api/tournaments/", "/t/").replace("/filler", "/not-present"), {
        "player": body["filler"]}


def _desk_form(path, form, page="organizer"):
    def build(client, demo):
        tid = demo["tournament_id"]
        return f"/t/{tid}/{page}", f"/t/{tid}/{path}", dict(form)
    return build


def _seat_draw(client, demo):
    tid = demo["tournament_id"]
    players = [p["number"] for p in client.get(demo["cards"][0]["api"]).get_json()["players"]]
    page = f"/t/{tid}/sessions/1/tables/1"
    return page, f"{page}/draw", dict(zip("ESWN", reversed(players), strict=True))


# Page forms: a second copy must not write again (a second player, a swap back, a step on)
# nor be refused for what its first copy did.
FORMS = {
    "player.register": _register,
    "players.import": _import,
    "user.add": _judge_added,
    "user.pin": _new_pin,
    "seating.swap": _swap,
    "session.seat": _seat,
    "player.withdraw": _player_change("withdraw"),
    "player.disqualify": _player_change("disqualify"),
    "player.reinstate": _player_change("reinstate"),
    "player.late.sessions": _late_arrival,
    "player.late.desk": _late_desk,
    "player.absent": _absent_form,
    "player.resign": _resign,
    "session.finalize": _finalize_form,
    "session.unfinalize": _unfinalize_form,
    "score_check.resolve": _resolve_form,
    "final_day.advance": _advance,
    "final_day.not_present": _not_present,
    "tournament.settings": _desk_form("organizer/settings", {"session_minutes": "75"}),
    "tournament.time_zone": _desk_form("organizer/settings", {"time_zone": "Asia/Tokyo"}),
    "sign_in_lock.clear": _desk_form("organizer/sign-in-locks", {"account": "Nobody"}),
    "event.facts": _desk_form("organizer/leaderboard", {"held_on": "2026-05-01"}),
    "player.member_id": _desk_form("organizer/players/member-id",
                                   {"number": 1, "member_id": "HK-77"}),
    "judging.repeat_policy": _desk_form("judge/settings", {"scope": "any",
                                                           "window": "tournament"},
                                        page="judge/settings"),
    "session.start_time": _desk_form("sessions/2/start", {"starts_at": "2030-05-01T10:00"},
                                     page="sessions"),
    "table.seat_draw": _seat_draw,
}


def _state(app) -> tuple:
    """Every table's row count, and who sits in which seat (a swap changes no count)."""
    with app.app_context():
        seats = db.session.execute(select(Seat.id, Seat.player_id).order_by(Seat.id)).all()
    return _rows(app), [tuple(row) for row in seats]


@pytest.mark.parametrize("kind", sorted(FORMS))
def test_a_page_form_sent_again_or_racing_writes_once(app, client, demo, monkeypatch, kind):
    login(client, demo, "organizer")
    page, url, form = FORMS[kind](client, demo)
    assert 'name="op_id"' in client.get(page).get_data(as_text=True)
    form["op_id"] = f"form-{kind}"

    def send():
        # A file goes up as a new upload each time.
        answer = client.post(url, data={k: (io.BytesIO(v), "players.csv") if isinstance(
            v, bytes) else v for k, v in form.items()})
        # The page's CSRF token carries the second it was made in, and the page the server's
        # clock as it was written (servertime.js's first sample).
        page = re.sub(r'name="csrf_token" value="[^"]*"|<meta name="judgeaid-now" content="\d+">',
                      "", answer.get_data(as_text=True))
        return answer.status_code, answer.headers.get("Location"), page

    before = _state(app)
    first = send()
    assert first[0] in (200, 302)
    after = _state(app)
    assert after != before
    assert send() == first
    assert _state(app) == after
    _twin_in_flight(monkeypatch)
    assert send() == first
    assert _state(app) == after


@pytest.mark.committed  # restores into a fresh database (DDL)
def test_a_backup_sent_twice_restores_once_even_racing(app, client, demo, monkeypatch):
    with app.app_context():
        data = exports.backup_bytes(demo["tournament_id"])
        fresh_database()
    first = upload_backup(client, data, op_id="restore-0001")
    assert first.status_code == 302
    rows = _rows(app)
    again = upload_backup(client, data, op_id="restore-0001")
    assert (again.status_code, again.headers["Location"]) == (302, first.headers["Location"])
    page = client.get(again.headers["Location"]).get_data(as_text=True)
    assert "already restored from this form" in page
    assert _rows(app) == rows
    _twin_in_flight(monkeypatch)
    twin = upload_backup(client, data, op_id="restore-0001")
    assert (twin.status_code, twin.headers["Location"]) == (302, first.headers["Location"])
    assert _rows(app) == rows


TEMPLATES = Path(__file__).resolve().parents[2] / "templates"
# Signing in and out writes no event data: these forms stay outside writes.once.
SIGN_IN_FORMS = {("auth/login.html", ""), ("base.html", "auth.logout"),
                 ("organizer/new.html", "organizer.owner_logout"),
                 ("organizer/owner.html", "organizer.owner_login")}


def test_every_page_form_that_writes_carries_an_op_id():
    without = set()
    for path in sorted(TEMPLATES.rglob("*.html")):
        text = path.read_text(encoding="utf-8")
        for form in re.finditer(r"<form\b([^>]*)>(.*?)</form>", text, re.S):
            tag, body = form.groups()
            if 'method="post"' in tag and 'name="op_id"' not in body:
                action = re.search(r"url_for\('([^']+)'", tag)
                without.add((path.relative_to(TEMPLATES).as_posix(),
                             action[1] if action else ""))
    assert without == SIGN_IN_FORMS


def test_a_form_without_an_op_id_is_applied_as_sent(app, client, demo):
    login(client, demo, "organizer")
    url = f"/t/{demo['tournament_id']}/substitutes"
    before = _rows(app)["player"]
    client.post(url, data={"count": 1})
    client.post(url, data={"count": 1})
    assert _rows(app)["player"] == before + 2


def test_a_clock_sweep_that_lost_the_race_closes_nothing_twice(app, client, demo,
                                                               monkeypatch):
    now = clock_service.server_now_ms()
    with app.app_context():
        db.session.add(ClockEvent(session_id=1, kind="start", at_ms=now - 100 * MIN, by="test"))
        db.session.get(PlaySession, 1).status = "playing"
        db.session.commit()
    url = f"/api/tournaments/{demo['tournament_id']}/clock/time-over"
    closed = client.post(url, json={}).get_json()["closed_cards"]
    assert closed
    rows = _rows(app)
    # A twin that read the clock before the first sweep was stored tries the same sweep.
    monkeypatch.setattr(clock_service, "_swept", lambda session: set())
    again = client.post(url, json={})
    assert again.status_code == 200 and again.get_json()["closed_cards"] == []
    assert _rows(app) == rows


def test_a_different_round_that_lost_the_race_is_refused_naming_the_winner(app, client, demo,
                                                                            monkeypatch):
    login(client, demo, "judge")
    url, body = _round(client, demo)
    assert client.post(url, json={**body, "op_id": "round-first"}).status_code == 200
    rows = _rows(app)
    dealer = client.get(demo["cards"][0]["api"]).get_json()["rounds"][0]["dealer"]
    # The second judge's request looked before the first line was stored.
    looked, real = [], card_writes.round_revisions

    def revisions(card):
        looked.append(True)
        return {} if len(looked) == 1 else real(card)

    monkeypatch.setattr(card_writes, "round_revisions", revisions)
    late = client.post(url, json={"round": 1, "result": "win", "winner": dealer, "value": 30,
                                  "win": "self", "op_id": "round-second"})
    assert late.status_code == 409
    assert "a moment before you" in late.get_json()["message"]
    assert _rows(app) == rows
