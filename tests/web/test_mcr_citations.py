"""An MCR event's refusals and notes cite the MCR text or nothing, never a ZJM section (issue 16).

Each case triggers one message the services send (a refused write through the API, or a
note a page or JSON shows) on the Zung Jung demo and on the MCR demo. On Zung Jung the
message keeps its ZJM citation word for word; on MCR every "§" in it is "MCR §", and where
the MCR text is silent the message says "our reading" or cites nothing.
"""

from __future__ import annotations

import re
import uuid

import pytest
from flask import url_for
from sqlalchemy import select

from judgeaid.demo import create_demo
from judgeaid.extensions import db
from judgeaid.models import Appeal, Player, Ruling, Tournament, User
from judgeaid.services import players, results, seat_swaps, seating, session_changes
from judgeaid.services.errors import ServiceError
from tests.conftest import login
from tests.factories import by_wind, token_of
from tests.web.test_mcr_words import shown_text

BARE = re.compile(r"(?<!MCR )§")


def op() -> str:
    return str(uuid.uuid4())


def bare_sections(text: str) -> list[str]:
    """Return each "§" in the text that is not "MCR §", with some context."""
    return [text[max(0, m.start() - 50):m.end() + 20] for m in BARE.finditer(text)]


@pytest.fixture(params=["zj", "mcr"])
def event(request, app):
    """A demo of eight players, session 1 seated, by ruleset; its JSON with the ruleset code."""
    with app.test_request_context():
        demo = create_demo(8, 5, ruleset=request.param)
        db.session.commit()
    demo = {**demo, "code": request.param}
    demo["card_api"] = demo["cards"][0]["api"]
    return demo


def client_as(app, event, role):
    return login(app.test_client(), event, role)


def card_of(client, event):
    return client.get(event["card_api"]).get_json()


def as_recorder(app, judge, card, event, number):
    """Appoint the player to record the card's rounds; return their token header."""
    appointed = judge.post(f"/api/cards/{card['id']}/recorder",
                           json={"player": number, "op_id": op()})
    assert appointed.status_code == 200, appointed.get_json()
    return {"X-Player-Token": token_of(app, event["tournament_id"], number)}


def post_round(client, card, headers=None, **body):
    body.setdefault("op_id", op())
    return client.post(f"/api/cards/{card['id']}/rounds", json=body, headers=headers or {})


def check(event, message: str, zj_cite: str) -> None:
    """On ZJ the message cites `zj_cite` as before; on MCR it has no ZJM section."""
    assert message, "the refusal said nothing"
    if event["code"] == "zj":
        assert zj_cite in message, message
    else:
        assert not bare_sections(message), f"a ZJM section on an MCR event: {message!r}"


def in_app(app, event, fn):
    """Run `fn(tournament, organizer)` in the app; return its result (a ServiceError's words)."""
    with app.app_context():
        tournament = db.session.get(Tournament, event["tournament_id"])
        organizer = db.session.scalar(select(User).where(
            User.tournament_id == tournament.id, User.role == "organizer"))
        try:
            answer = fn(tournament, organizer)
        except ServiceError as exc:
            db.session.rollback()
            return exc.message
        db.session.commit()
        return answer


# ---------------------------------------------------------------- the card: deals and seats

def test_only_a_judge_marks_a_wrong_deal(app, event):
    judge = client_as(app, event, "judge")
    card = card_of(judge, event)
    seats = by_wind(card)
    headers = as_recorder(app, judge, card, event, seats["E"])
    refused = post_round(app.test_client(), card, headers=headers, round=1,
                         result="draw", dealer=seats["S"])
    assert refused.status_code == 403, refused.get_json()
    check(event, refused.get_json()["message"], "(§1.2.7 dealing errors)")


def test_a_played_hand_cannot_become_a_compensation_hand(app, event):
    judge = client_as(app, event, "judge")
    card = card_of(judge, event)
    e, s = by_wind(card)["E"], by_wind(card)["S"]
    assert post_round(judge, card, round=1, result="draw", dealer=s).status_code == 200
    assert post_round(judge, card, round=2, result="draw").status_code == 200
    refused = post_round(judge, card, round=2, result="draw", compensation_for=e,
                         correction=True, base_revision=1, reason="forgot the mark")
    assert refused.status_code == 409, refused.get_json()
    message = refused.get_json()["message"]
    check(event, message, "(our reading of §1.2.7)")
    if event["code"] == "mcr":
        assert "Hand 2 was already played" in message and "our reading" in message


@pytest.mark.parametrize("marks", [{"compensation_for": "S"}, {"dealer": "E"}])
def test_an_impossible_deal_mark_is_refused(app, event, marks):
    judge = client_as(app, event, "judge")
    card = card_of(judge, event)
    seats = by_wind(card)
    refused = post_round(judge, card, round=1, result="draw",
                         **{k: seats[v] for k, v in marks.items()})
    assert refused.status_code == 422, refused.get_json()
    check(event, refused.get_json()["message"], "(§1.2.7)")


def test_a_conflicting_write_names_the_wrong_deal_in_the_rules_words(app, event):
    judge = client_as(app, event, "judge")
    card = card_of(judge, event)
    seats = by_wind(card)
    assert post_round(judge, card, round=1, result="draw", dealer=seats["S"]).status_code == 200
    headers = as_recorder(app, judge, card, event, seats["E"])
    refused = post_round(app.test_client(), card, headers=headers, round=1,
                         result="win", winner=seats["E"], value=8, win="self")
    assert refused.status_code == 409, refused.get_json()
    message = refused.get_json()["message"]
    assert "as the wrong East" in message
    check(event, message, "as the wrong East (§1.2.7)")


def test_an_empty_seat_stops_the_table(app, event):
    organizer = client_as(app, event, "organizer")
    card = card_of(organizer, event)
    for number in (1, 2):
        assert post_round(organizer, card, round=number, result="draw").status_code == 200
    left = organizer.post(f"/api/cards/{card['id']}/seat-changes", json={
        "player": by_wind(card)["W"], "from_round": 3, "reason": "resigned", "op_id": op()})
    assert left.status_code == 200, left.get_json()
    refused = post_round(organizer, card, round=3, result="draw")
    assert refused.status_code == 409, refused.get_json()
    check(event, refused.get_json()["message"], "name a substitute (§4.15)")
    # a paper card with a row for the hand the empty seat stopped
    paper = organizer.post(f"/api/cards/{card['id']}/paper", json={
        "rounds": [{"round": 3, "result": "draw"}], "op_id": op()})
    assert paper.status_code == 422, paper.get_json()
    words = " ".join(d["message"] for d in paper.get_json()["details"])
    assert "marked not played" in words
    check(event, words, "a player left (§4.11)")


def test_signatures_on_a_paper_card_need_every_hand(app, event):
    judge = client_as(app, event, "judge")
    card = card_of(judge, event)
    paper = judge.post(f"/api/cards/{card['id']}/paper", json={
        "rounds": [], "signed": [p["number"] for p in card["players"]], "op_id": op()})
    assert paper.status_code == 422, paper.get_json()
    words = " ".join(d["message"] for d in paper.get_json()["details"])
    assert "signatures cannot be recorded" in words
    check(event, words, "“session time over” (§3.4)")
    if event["code"] == "mcr":
        assert "(MCR §3.5.6)" in words


def test_starting_seats_are_fixed_once_a_hand_is_recorded(app, event):
    judge = client_as(app, event, "judge")
    card = card_of(judge, event)
    assert post_round(judge, card, round=1, result="draw").status_code == 200
    message = in_app(app, event, lambda t, user: seat_swaps.enter_seat_draw(t, 1, 1, {}, user))
    check(event, message, "can no longer change (§1.2.2)")
    if event["code"] == "mcr":
        assert "(MCR §3.4.7)" in message


# ---------------------------------------------------------------- appeals

def _appeal(app, event, status):
    with app.app_context():
        tid = event["tournament_id"]
        player = db.session.scalar(select(Player).where(Player.tournament_id == tid))
        ruling = Ruling(tournament_id=tid, session_number=1, table_number=1, round=1,
                        players=[player.number], what_happened="x", decision="y",
                        sections=[], judge_id=db.session.scalar(select(User.id).where(
                            User.tournament_id == tid, User.role == "judge")))
        db.session.add(ruling)
        db.session.flush()
        appeal = Appeal(tournament_id=tid, ruling_id=ruling.id, player_id=player.id,
                        text="I disagree.", status=status,
                        decision="upheld" if status == "decided" else None)
        db.session.add(appeal)
        db.session.commit()
        return appeal.id


def test_only_the_head_judge_decides_and_decides_once(app, event):
    tid = event["tournament_id"]
    filed = _appeal(app, event, "filed")
    refused = client_as(app, event, "judge").post(
        f"/api/t/{tid}/appeals/{filed}/decision",
        json={"decision": "upheld", "reason": "x", "op_id": op()})
    assert refused.status_code == 403, refused.get_json()
    check(event, refused.get_json()["message"], "decides appeals (§4.3)")
    decided = _appeal(app, event, "decided")
    again = client_as(app, event, "head_judge").post(
        f"/api/t/{tid}/appeals/{decided}/decision",
        json={"decision": "upheld", "reason": "x", "op_id": op()})
    assert again.status_code == 409, again.get_json()
    check(event, again.get_json()["message"], "decision is final (§4.3)")
    if event["code"] == "mcr":
        assert "MCR §3.13" in refused.get_json()["message"] + again.get_json()["message"]


# ---------------------------------------------------------------- players and results

def test_registration_and_results_refusals(app, event):
    def full_team(tournament, user):
        for name in ("T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9"):
            session_changes.register_player(tournament, name, "Red", user)

    check(event, in_app(app, event, full_team), "the §3.6 limit")
    report = in_app(app, event, lambda t, user: players.import_players(
        t, "name,team\n" + "".join(f"R{i},Blue\n" for i in range(9)), user))
    check(event, " ".join(p.reason for p in report.problems), "(§3.6 limit")

    def substitute_member_id(tournament, user):
        substitute = session_changes.add_substitutes(tournament, 1, user)[0]
        return players.set_member_id(tournament, substitute.number, "M-1", user)

    check(event, in_app(app, event, substitute_member_id), "neutral substitute (§4.15)")
    check(event, in_app(app, event, lambda t, user: results.resign_absent(t, 1, 1, user)),
          "pardon applies instead (§3.7)")


# ---------------------------------------------------------------- notes on pages and JSON

def test_the_notes_on_players_out_late_or_substitutes(app, event):
    tid = event["tournament_id"]

    def stage(tournament, user):
        session_changes.withdraw_player(tournament, 2, user)
        session_changes.withdraw_player(tournament, 3, user, disqualify=True)
        session_changes.add_substitutes(tournament, 1, user)
        late = session_changes.register_player(tournament, "Lena Late", None, user)
        return late.number

    late = in_app(app, event, stage)
    organizer = client_as(app, event, "organizer")
    pages = []
    with app.test_request_context():
        for endpoint in ("organizer.dashboard", "seating.sessions", "standings.public",
                         "standings.manage", "standings_api.api_standings"):
            pages.append(url_for(endpoint, tournament_id=tid))
        for number in (2, 3, late):
            pages.append(url_for("players.page", token=token_of(app, tid, number)))
    shown = []
    for url in pages:
        response = organizer.get(url)
        assert response.status_code == 200, url
        shown.append(shown_text(response))
    text = "\n".join(shown)
    assert "withdr" in text and "disqualified" in text
    if event["code"] == "zj":
        assert "withdrew (§4.13)" in text and "disqualified (§4.11)" in text
        assert f"You join the event at session {2} (§3.7)." in text
    else:
        assert not bare_sections(text), bare_sections(text)
        assert "MCR §3.11.5" in text


def test_a_swap_that_seats_team_mates_together_warns(app, event):
    def swap(tournament, user):
        from judgeaid.models import PlaySession, Seat, Table, Team

        tables = db.session.execute(
            select(Table.number, Player.number).join(Seat, Seat.table_id == Table.id)
            .join(Player, Player.id == Seat.player_id)
            .join(PlaySession, PlaySession.id == Table.session_id)
            .where(PlaySession.tournament_id == tournament.id, PlaySession.number == 1)
            .order_by(Table.number, Player.number)).all()
        first = [p for t, p in tables if t == 1]
        second = [p for t, p in tables if t == 2]
        team = Team(tournament_id=tournament.id, name="Red")
        db.session.add(team)
        db.session.flush()
        for player in tournament.players:
            if player.number in (first[0], second[1]):
                player.team_id = team.id
        db.session.flush()
        outcome = seat_swaps.swap_players(tournament, 1, first[0], second[0], user,
                                          is_confirmed=False)
        return " ".join(outcome.warnings)

    words = in_app(app, event, swap)
    assert "team-mates" in words
    check(event, words, "(§3.6).")
    if event["code"] == "mcr":
        assert "our reading of MCR §3.5.1" in words



def test_an_absent_player_put_out_of_the_event(app, event):
    from judgeaid.models import AuditEvent

    tid = event["tournament_id"]
    in_app(app, event, lambda t, user: seating.seat_session(t, 2, user).number)
    organizer = client_as(app, event, "organizer")
    with app.test_request_context():
        url = url_for("seating.absent", tournament_id=tid, number=2)
    answer = organizer.post(url, data={"player": 1, "confirm": "yes", "op_id": op()},
                            follow_redirects=True)
    assert answer.status_code == 200
    page = shown_text(answer)
    assert "is resigned from the tournament from session 2" in page
    with app.app_context():
        reason = db.session.scalar(select(AuditEvent.after).where(
            AuditEvent.tournament_id == tid, AuditEvent.action == "player.resign"))["reason"]
    flashed = page[page.index("is resigned from the tournament"):][:160]
    check(event, reason + " " + flashed, "reason (§3.7)")
    check(event, flashed, "session 2 (§3.7).")
