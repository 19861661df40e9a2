"""Row builders for tests, through the same services the app uses."""

from __future__ import annotations

import copy
import itertools
import json
import math
import time
import uuid

from sqlalchemy import func, select

from judgeaid.api import views as api_views
from judgeaid.extensions import db
from judgeaid.models import (
    Appeal,
    CallUp,
    Card,
    CardRound,
    ClockEvent,
    Penalty,
    Player,
    PlaySession,
    PlayTimer,
    Ruling,
    ScoreCheck,
    Seat,
    Table,
    Team,
    TimeOut,
    User,
)
from judgeaid.rules.zj.payoff import payoff
from judgeaid.services import (
    accounts,
    card_views,
    cards,
    exports,
    final_day,
    leaderboards,
    leaving,
    players,
    results,
    seating,
)
from judgeaid.services import clock as clock_service
from judgeaid.services.card_inputs import CardSeatChangeBody
from judgeaid.services.cards import Actor
from judgeaid.services.standings_data import load_sheet
from tests.databases import reset_schema


def make_tournament(name: str = "Test Open", format_code: str = "csom", *, pin: str = "1234",
                    organizer: str = "Olga", seed: int = 5):
    """Create a tournament with an organizer; return (tournament, organizer)."""
    tournament, user = accounts.create_tournament(name, format_code, organizer, pin, seed=seed)
    db.session.flush()
    return tournament, user


def make_judge(tournament, name: str = "Jin", role: str = "judge", pin: str = "2468"):
    """Add a judge (or head judge) to a tournament."""
    return accounts.add_user(tournament, name, role, pin, actor="test")


def make_players(tournament, count: int, *, team_every: int = 0):
    """Register `count` players; every `team_every`-th group of 4 shares a team if set."""
    made = []
    for i in range(count):
        team = f"Team {i // 4}" if team_every and (i // 4) % team_every == 0 else None
        made.append(players.add_player(tournament, f"Player {i + 1:03d}", team, "test"))
    return made


# ---------------------------------------------------------------- card lines from plain dicts
# Tests write card lines as the API's bodies; these check them with the same schemas and
# apply them through writes.once and the card verbs, as the views do (so each commits, and a
# replayed op_id changes nothing).

def _body(schema, payload: dict):
    return schema.model_validate({k: v for k, v in payload.items() if k != "op_id"}
                                 | {"op_id": payload.get("op_id") or str(uuid.uuid4())})


def _once(kind: str, card, body, apply) -> tuple[dict, int]:
    from judgeaid import writes

    return writes.once(kind, f"card:{card.id}", body, apply, tournament_id=card.tournament_id)


def record_round(card, payload: dict, actor) -> tuple[dict, int]:
    """Record (or correct) a round from an API-shaped dict; a correction may omit its base."""
    from judgeaid.services import card_views, card_writes
    from judgeaid.services.card_inputs import CardRoundBody

    payload = dict(payload)
    if payload.get("correction") and payload.get("base_revision") is None:
        history = card_views.card_view(card)["rounds"][payload["round"] - 1]
        payload["base_revision"] = history.get("revision")
    body = _body(CardRoundBody, payload)
    return _once("card.round", card, body,
                 lambda: card_writes.write_round(card, body, actor, op_id=body.op_id))


def add_penalty(card, payload: dict, actor) -> tuple[dict, int]:
    """Put penalty points on a card from an API-shaped dict."""
    from judgeaid.cards.schemas import CardPenaltyBody
    from judgeaid.services import card_writes

    body = _body(CardPenaltyBody, payload)
    return _once("card.penalty", card, body, lambda: card_writes.put_penalty(
        card, body.player, body.points, body.reason, actor, round_=body.round, op_id=body.op_id))


def void_penalty(card, penalty_id: int, payload: dict, actor) -> tuple[dict, int]:
    """Strike out a card penalty from an API-shaped dict."""
    from judgeaid.cards.schemas import CardVoidBody
    from judgeaid.services import card_writes

    body = _body(CardVoidBody, payload)
    return _once("card.penalty.void", card, body,
                 lambda: card_writes.strike_penalty(card, penalty_id, body.reason, actor))


def confirm(card, payload: dict, actor) -> tuple[dict, int]:
    """Confirm a card's totals from an API-shaped dict."""
    from judgeaid.cards.schemas import CardConfirmBody
    from judgeaid.services import card_writes

    body = _body(CardConfirmBody, payload)
    return _once("card.confirm", card, body,
                 lambda: card_writes.confirm_totals(card, body.player, actor))


def mark_time_over(card, payload: dict, actor) -> tuple[dict, int]:
    """Mark the rest of a card not played, from an API-shaped dict."""
    from judgeaid.cards.schemas import CardTimeOverBody
    from judgeaid.services import card_writes

    body = _body(CardTimeOverBody, payload)
    return _once("card.time_over", card, body,
                 lambda: card_writes.close_rounds(card, actor, from_round=body.from_round))


# ---------------------------------------------------------------- a paper scoring card

def winds_of(card, number):
    """Return {seat wind: player number} for a round of the card."""
    return {w: int(p) for p, w in card["rounds"][number - 1]["winds"].items()}


# A session as the paper shows it, by that round's seat winds: (winner, win, discarder, value)
# or None for a draw. Values over 25 on a discard make the discarder pay the balance (§2.3).
SESSION = [("E", "discard", "S", 30), ("S", "self", None, 20), None, ("W", "discard", "N", 70),
           ("N", "discard", "E", 10), ("E", "self", None, 40), ("S", "discard", "W", 26),
           None, ("W", "self", None, 8), ("N", "discard", "S", 100), ("E", "discard", "W", 25),
           ("S", "self", None, 16), None, ("W", "discard", "E", 60), ("N", "self", None, 32),
           ("E", "discard", "N", 50)]


def paper_rounds(card, session=SESSION):
    """Return the paper card's rounds in player numbers, through each round's seat winds."""
    rounds = []
    for number, entry in enumerate(session, start=1):
        if entry is None:
            rounds.append({"round": number, "result": "draw"})
            continue
        winner, win, discarder, value = entry
        seats = winds_of(card, number)
        row = {"round": number, "result": "win", "winner": seats[winner], "win": win,
               "value": value}
        if discarder:
            row["discarder"] = seats[discarder]
        rounds.append(row)
    return rounds


def expected_deltas(card, session=SESSION):
    """Return each round's deltas by player number, worked out by the payoff core (§2.3)."""
    out = []
    for number, entry in enumerate(session, start=1):
        seats = winds_of(card, number)
        if entry is None:
            out.append(dict.fromkeys(seats.values(), 0))
            continue
        winner, win, discarder, value = entry
        paid = payoff(value, win, winner, discarder, None, "formal")
        out.append({seats[w]: d for w, d in paid.deltas.items()})
    return out


def organizer_of(tournament) -> User:
    """Return the tournament's first organizer."""
    return db.session.scalar(select(User).where(User.tournament_id == tournament.id,
                                                User.role == "organizer"))


def make_event(format_code="csom", players=8, seed=5, **settings):
    """Create a tournament with players (and edited settings); return (tournament, organizer)."""
    tournament, organizer = make_tournament(format_code=format_code, seed=seed)
    if settings:
        accounts.update_settings(tournament, settings, organizer)
    make_players(tournament, players)
    db.session.flush()
    return tournament, organizer


def seat_by_hand(tournament, number, tables, *, stage="preliminary", bracket_size=None):
    """Seat a session with the given tables of player numbers, E S W N in list order."""
    by_number = {p.number: p for p in tournament.players}
    session = PlaySession(tournament_id=tournament.id, number=number, status="seated",
                          stage=stage, bracket_size=bracket_size)
    db.session.add(session)
    db.session.flush()
    for table_number, group in enumerate(tables, start=1):
        table = Table(session_id=session.id, number=table_number)
        db.session.add(table)
        db.session.flush()
        for position, player_number in enumerate(group):
            db.session.add(Seat(table_id=table.id, player_id=by_number[player_number].id,
                                position=position))
    db.session.flush()
    db.session.refresh(session)
    cards.create_cards(session)
    return session


def card_of(session, table_number) -> Card:
    """Return the card of a session's table."""
    return db.session.scalar(select(Card).join(Table, Table.id == Card.table_id).where(
        Table.session_id == session.id, Table.number == table_number))


def players_at(card) -> list[int]:
    """Return the player numbers at a card's table, E S W N."""
    return [s.player.number for s in sorted(card.table.seats, key=lambda s: s.position)]


def win(winner, value, how="self", discarder=None):
    """Return a round line: a self-draw (or a discard win) by `winner` worth `value`."""
    line = {"result": "win", "winner": winner, "value": value, "win": how}
    if discarder is not None:
        line["discarder"] = discarder
    return line


DRAW = {"result": "draw"}


def play(card, user, *lines, start=None, **extra):
    """Record rounds on a card from `start` (default: the next round) as the given user."""
    recorded = db.session.scalar(select(func.max(CardRound.round))
                                 .where(CardRound.card_id == card.id)) or 0
    first = start or recorded + 1
    for offset, line in enumerate(lines):
        body, _ = record_round(card, {"round": first + offset, **line, **extra,
                                            "op_id": str(uuid.uuid4())}, Actor.for_user(user))
    return body


def penalize(card, user, player, points, reason="slow play"):
    """Put penalty points on a card's penalty line; return the penalty id."""
    body, _ = add_penalty(card, {"player": player, "points": points, "reason": reason,
                                       "op_id": str(uuid.uuid4())}, Actor.for_user(user))
    return body["penalty"]


def time_over(card, user):
    """Mark the rounds not yet recorded as not played (§3.4 session time over)."""
    mark_time_over(card, {"op_id": str(uuid.uuid4())}, Actor.for_user(user))


def finish_with_draws(card, user):
    """Record every round not yet recorded as a draw."""
    done = {line["round"] for line in card_views.card_view(card)["rounds"] if line["recorded"]}
    for number in range(1, 17):
        if number not in done:
            play(card, user, DRAW, start=number)


def close_session(tournament, session, user):
    """Time-over every unfinished card of a session and post it as final."""
    for table in session.tables:
        card = cards.card_for_table(table)
        if not card_views.card_view(card)["is_complete"]:
            time_over(card, user)
    results.finalize_session(tournament, session.number, user)


def build_event() -> int:
    """Make a tournament that touches every backed-up table; return its id."""
    tournament, organizer = make_event("rsom", players=9)
    tournament.players[0].name = "Zoë Ünal"
    team = Team(tournament_id=tournament.id, name="Kowloon Tigers")
    db.session.add(team)
    db.session.flush()
    tournament.players[0].team_id = tournament.players[5].team_id = team.id
    judge = make_judge(tournament, "Jin", role="head_judge", pin="2468")
    session = seat_by_hand(tournament, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
    card = card_of(session, 1)
    play(card, organizer, win(1, 40), win(2, 70, "discard", 3))
    play(card, organizer, win(4, 30), start=2, correction=True, reason="wrong winner")
    penalty_line = penalize(card, organizer, 2, 10)
    voided = penalize(card, organizer, 3, 5)
    void_penalty(card, voided, {"reason": "judge erred", "op_id": str(uuid.uuid4())},
                       Actor.for_user(organizer))
    time_over(card, organizer)
    confirm(card, {"player": 1, "op_id": str(uuid.uuid4())}, Actor.for_user(organizer))
    card.recorder_player_id = tournament.players[1].id
    # table 2: a wrong East in round 1 (§1.2.7); player 6 resigns from round 3 and player 9
    # takes the seat as a neutral substitute (§4.15), and wins round 3
    second_card = card_of(session, 2)
    play(second_card, organizer, {**win(5, 30), "dealer": 7}, win(6, 40))
    leaving.leave_table(second_card, CardSeatChangeBody(
        player=6, from_round=3, reason="resigned", substitute=9, note="unwell",
        op_id=str(uuid.uuid4())), Actor.for_user(organizer))
    play(second_card, organizer, win(9, 50))
    call = CallUp(tournament_id=tournament.id, card_id=card.id, reason="dispute",
                  status="resolved", taken_by=judge.id)
    db.session.add(call)
    db.session.flush()
    first = Ruling(tournament_id=tournament.id, call_up_id=call.id, card_id=card.id,
                   session_number=1, table_number=1, round=2, players=[2, 3],
                   what_happened="false win", sections=["1.7"], decision="10 points",
                   judge_id=judge.id)
    db.session.add(first)
    db.session.flush()
    second = Ruling(tournament_id=tournament.id, card_id=card.id, what_happened="false win",
                    decision="5 points", judge_id=judge.id, supersedes_id=first.id)
    db.session.add(second)
    db.session.flush()
    penalty = Penalty(tournament_id=tournament.id, player_id=tournament.players[1].id,
                      ruling_id=second.id, card_penalty_id=penalty_line, session_number=1,
                      category="procedural", infraction="false win", kind="points", points=10,
                      paid_to={"3": 10}, judge_id=judge.id)
    db.session.add(penalty)
    db.session.flush()
    db.session.add_all([
        Appeal(tournament_id=tournament.id, ruling_id=second.id,
               player_id=tournament.players[1].id, text="I disagree", status="decided",
               decision="upheld", decided_by=judge.id),
        ClockEvent(session_id=session.id, table_id=card.table_id, kind="extend",
                   amount_ms=60_000, reason="long ruling", at_ms=1_700_000_000_000, by="Olga"),
        PlayTimer(tournament_id=tournament.id, card_id=card.id, round=3, player_number=2,
                  judge_id=judge.id, dealt_at_ms=1_700_000_000_000,
                  turns=[[1_700_000_001_000, 1_700_000_020_000], [1_700_000_030_000, None]],
                  status="converted", penalty_id=penalty.id),
        TimeOut(tournament_id=tournament.id, session_id=session.id,
                player_id=tournament.players[2].id, kind="late",
                started_at_ms=1_700_000_000_000, ended_at_ms=1_700_000_400_000, points=10,
                penalty_id=penalty.id, judge_id=judge.id),
    ])
    player = tournament.players[4]
    results.request_score_check(player, 1, "round 1?", op_id=str(uuid.uuid4()))
    check = db.session.scalar(select(ScoreCheck))
    results.resolve_score_check(tournament, check.id, "card correct", organizer)
    db.session.commit()
    return tournament.id


def fresh_database() -> None:
    """Drop and recreate every table, ending this session's transaction first (PostgreSQL
    would otherwise wait forever for its own locks)."""
    db.session.remove()
    reset_schema()


_ops = itertools.count(1)


def op() -> str:
    """Return a new op_id."""
    return f"test-op-{next(_ops):06d}"


def demo_card_id(demo, index: int = 0) -> int:
    """Return the id of a card of the demo (the first table by default)."""
    return int(demo["cards"][index]["api"].rsplit("/", 1)[1])


def seated(client, card_id: int) -> list[int]:
    """Return the player numbers at a card's table."""
    return [p["number"] for p in client.get(f"/api/cards/{card_id}").get_json()["players"]]


def give(client, tid, card_id, player, **fields):
    """Give a player a penalty through the judge API."""
    body = {"card_id": card_id, "player": player, "category": "procedural",
            "infraction": "tiles_mishandled", "kind": "points", "points": 5, "op_id": op(),
            **fields}
    return client.post(f"/api/t/{tid}/penalties", json=body)


def rule(client, tid, **fields):
    """Write a ruling through the judge API."""
    body = {"what_happened": "Tiles shown while drawing", "decision": "Play on",
            "op_id": op(), **fields}
    return client.post(f"/api/t/{tid}/rulings", json=body)


def end_session(app, tid, number=1):
    """Mark a session of a tournament finished."""
    with app.app_context():
        session = db.session.scalar(select(PlaySession).where(
            PlaySession.tournament_id == tid, PlaySession.number == number))
        session.status = "finished"
        db.session.commit()


def token_of(app, tid, number):
    """Return a player's personal link token."""
    with app.app_context():
        return db.session.scalar(select(Player.token).where(Player.tournament_id == tid,
                                                            Player.number == number))


class ServerClock:
    """The server's clock for a test: real time plus a skew the test moves, or frozen."""

    def __init__(self, frozen: bool):
        self.base = time.time_ns() // 1_000_000
        self.frozen = frozen
        self.skew = 0

    def now_ms(self) -> int:
        real = self.base if self.frozen else time.time_ns() // 1_000_000
        return real + self.skew

    def time_ns(self) -> int:
        return self.now_ms() * 1_000_000

    def advance(self, ms: int) -> None:
        self.skew += ms


def install_server_clock(monkeypatch, *, frozen: bool) -> ServerClock:
    """Make the services and GET /api/time read a clock the test controls."""
    fake = ServerClock(frozen)
    monkeypatch.setattr(clock_service, "server_now_ms", fake.now_ms)
    monkeypatch.setattr(api_views, "time", fake)
    return fake


def card_ids(demo) -> list[int]:
    """Return the ids of the demo's cards, table by table."""
    return [int(c["api"].rsplit("/", 1)[1]) for c in demo["cards"]]


# ---------------------------------------------------------------- the standings event

PLAYED_NAMES = ["Zoë Ünal", "Ana", "Bo", "Cy", "Dee", "Eli", "Fay", "Gus"]


def played_event() -> dict:
    """Make two tables, session 1 played (one win each) and session 2 seated; return ids and
    tokens."""
    tournament, organizer = make_event(players=8)
    for player, name in zip(tournament.players, PLAYED_NAMES, strict=True):
        player.name = name
    make_judge(tournament, "Jin", pin="2468")
    first = seat_by_hand(tournament, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
    play(card_of(first, 1), organizer, win(1, 40))
    play(card_of(first, 2), organizer, win(6, 10))
    seat_by_hand(tournament, 2, [[1, 5, 2, 6], [3, 7, 4, 8]])
    other, _ = make_event(players=4)
    db.session.commit()
    return {"id": tournament.id, "organizer": organizer.name, "other": other.id,
            "tokens": {p.number: p.token for p in tournament.players},
            "other_token": other.players[0].token, "player_ids": {
                p.number: p.id for p in tournament.players}}


def sign_in(client, event, name, pin):
    """Sign a test client in to an event made here; return the client."""
    response = client.post("/api/login", json={"tournament_id": event["id"], "name": name,
                                                "pin": pin})
    assert response.status_code == 200
    return client


def as_organizer(client, event):
    """Sign a test client in as the event's organizer."""
    return sign_in(client, event, event["organizer"], "1234")


def play_preliminary(tournament, organizer):
    """Seat and play session 1 so that every player's total differs; post it as final."""
    session = seating.seat_session(tournament, 1, organizer)
    for t, table in enumerate(session.tables):
        card = cards.card_for_table(table)
        a, b, c, _ = players_at(card)
        play(card, organizer, win(a, 10 + t), win(b, 20 + 2 * t), win(c, 30 + 3 * t))
    close_session(tournament, session, organizer)
    sheet = load_sheet(tournament.id)
    assert len({s.raw for s in sheet.standings}) == len(sheet.standings)
    return {s.rank: s.number for s in sheet.standings}


def play_cut_tie(tournament, organizer):
    """Seat and play session 1 of a 20-player regional event so that four players tie at
    the cut line (places 16-19) on match points and raw total; post it as final.

    Each of tables 1-4 has three self-draws worth 16, 20 and 24: their East, South and West
    gain 4, 20 and 36 and their North loses 60; table 5's (20, 20, 30) leave 10, 10 and 50
    and -70. So 15 players are above the four at -60. Return the four tied numbers."""
    session = seating.seat_session(tournament, 1, organizer)
    tied = []
    for t, table in enumerate(session.tables):
        card = cards.card_for_table(table)
        a, b, c, d = players_at(card)
        values = (16, 20, 24) if t < 4 else (20, 20, 30)
        play(card, organizer, *(win(p, v) for p, v in zip((a, b, c), values, strict=True)))
        if t < 4:
            tied.append(d)
    close_session(tournament, session, organizer)
    sheet = load_sheet(tournament.id)
    assert sorted(s.number for s in sheet.standings if s.raw == -60) == sorted(tied)
    assert {s.rank for s in sheet.standings if s.raw == -60} == {16, 17, 18, 19}
    return tied


def start_round_of_16(players=20):
    """Make a regional event, play its preliminary session and seat the round of 16."""
    tournament, organizer = make_event("rsom", players=players, sessions=1)
    by_rank = play_preliminary(tournament, organizer)
    final_day.advance(tournament, organizer)
    return tournament, organizer, by_rank


def current_round(tournament):
    """Return the latest final-day session."""
    return db.session.scalar(select(PlaySession).where(
        PlaySession.tournament_id == tournament.id, PlaySession.stage == "final")
        .order_by(PlaySession.number.desc()).limit(1))


def add_substitute(app, demo, name="Sam Spare"):
    """Register a neutral substitute (§4.15) and return their number."""
    from judgeaid.models import Tournament
    from judgeaid.services.players import add_player

    with app.app_context():
        tournament = db.session.get(Tournament, demo["tournament_id"])
        player = add_player(tournament, name, None, "setup")
        player.is_substitute = True
        db.session.commit()
        return player.number


def build_events():
    """Five events on one server, each with a session played on real cards."""
    ids = {}
    # SoM League (1×), 2026: Ann wins 100 by self-draw: +300, the others −100
    league, organizer = make_event("som_league", players=4, sessions=1)
    league.name = "Spring League"
    name_players(league, ["Ann Lee", "Bo Sato", "Cy Park", "Dee Ito"], ["HK-1"])
    play(card_of(seat_by_hand(league, 1, [[1, 2, 3, 4]]), 1), organizer, win(1, 100))
    facts(league, organizer, held_on="2026-02-10")
    ids["league"] = league.id

    # CSoM (2×), 2026: Bo wins 25 by self-draw (+75, the others −25); Ann's id in lower case
    cup, organizer = make_event("csom", players=4, sessions=1)
    cup.name = "Summer Cup"
    name_players(cup, ["Ann Lee-Wong", "Bo Sato", "Cy Park", "Eve Ng"], ["hk-1"])
    play(card_of(seat_by_hand(cup, 1, [[1, 2, 3, 4]]), 1), organizer, win(2, 25))
    facts(cup, organizer, held_on="2026-06-01")
    ids["cup"] = cup.id

    # RSoM, 2026: a preliminary session, then Ann and Bo play the final day (4×); Cy 2×
    regional, organizer = make_event("rsom", players=8, sessions=1)
    regional.name = "Regional Open"
    name_players(regional, ["Ann Lee", "Bo Sato", "Fay Wu", "Gus Ho", "Cy Park", "Hal Li",
                            "Ida Ma", "Jo Yu"], ["HK-1"])
    first = seat_by_hand(regional, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
    play(card_of(first, 1), organizer, win(3, 10))   # Fay +30, Ann, Bo, Gus −10
    play(card_of(first, 2), organizer, win(5, 50))   # Cy +150, the others −50
    final = seat_by_hand(regional, 2, [[1, 2, 3, 4]], stage="final", bracket_size=4)
    play(card_of(final, 1), organizer, win(1, 16))   # Ann +48, Bo, Fay, Gus −16
    facts(regional, organizer, held_on="2026-09-20")
    ids["regional"] = regional.id

    # A CSoM the Zung Jung Movement did not sanction, and an NWSoM (international) with no
    # weight: not counted
    friendly, organizer = make_event("csom", players=4, sessions=1)
    friendly.name = "Friendly Night"
    name_players(friendly, ["Ann Lee", "Bo Sato", "Cy Park", "Dee Ito"], ["HK-1"])
    play(card_of(seat_by_hand(friendly, 1, [[1, 2, 3, 4]]), 1), organizer, win(4, 200))
    facts(friendly, organizer, sanctioned=False, held_on="2026-03-03")
    ids["friendly"] = friendly.id

    world, organizer = make_event("nwsom", players=4, sessions=1)
    world.name = "World Open"
    name_players(world, ["Ann Lee", "Bo Sato", "Cy Park", "Dee Ito"], ["HK-1"])
    play(card_of(seat_by_hand(world, 1, [[1, 2, 3, 4]]), 1), organizer, win(3, 300))
    facts(world, organizer, held_on="2026-07-07")
    ids["world"] = world.id
    db.session.commit()
    return ids


def mp(raw):
    """Return the match points of a raw score: its signed square root."""
    return math.copysign(math.sqrt(abs(raw)), raw) if raw else 0.0


def name_players(tournament, names, member_ids=()):
    """Name the tournament's players in order, linking the given member ids."""
    for player, name, member in zip(tournament.players, names,
                                    [*member_ids, *[None] * len(names)], strict=False):
        player.name = name
        player.member_id = member
    db.session.flush()


def facts(tournament, organizer, *, sanctioned=True, held_on="", series="", weight="",
          final_weight=""):
    """Set an event's facts for the leaderboards."""
    leaderboards.set_event_facts(tournament, leaderboards.Facts(
        sanctioned, series, held_on, weight, final_weight), organizer)


EXPECTED_2026 = {
    # member HK-1: league √300 ×1, cup −5 ×2, regional (−√10 + √48) ×4
    "Ann Lee": mp(300) + 2 * mp(-25) + 4 * (mp(-10) + mp(48)),
    # by name: league −10, cup √75 ×2, regional (−√10 − 4) ×4
    "Bo Sato": mp(-100) + 2 * mp(75) + 4 * (mp(-10) + mp(-16)),
    "Cy Park": mp(-100) + 2 * mp(-25) + 2 * mp(150),
    "Fay Wu": 4 * (mp(30) + mp(-16)),
    "Dee Ito": mp(-100),
    "Eve Ng": 2 * mp(-25),
    "Gus Ho": 4 * (mp(-10) + mp(-16)),
    "Hal Li": 2 * mp(-50), "Ida Ma": 2 * mp(-50), "Jo Yu": 2 * mp(-50),
}


def card_json(client, demo, table=1):
    """Return the demo card of a table (the first by default) as the API gives it."""
    return client.get(demo["cards"][table - 1]["api"]).get_json()


def by_wind(card, round_no=1):
    """Return {wind: player number} for a round of the card, as the rotation deals it."""
    winds = card["rounds"][round_no - 1]["winds"]
    return {w: int(p) for p, w in winds.items()}


def post_round(client, card, **body):
    """Record a round on a card through the API (a fresh op_id unless one is given)."""
    body.setdefault("op_id", str(uuid.uuid4()))
    return client.post(f"/api/cards/{card['id']}/rounds", json=body)


def count(app, model, *where) -> int:
    """Return how many rows of a model match (in the app's database)."""
    with app.app_context():
        return db.session.scalar(select(func.count(model.id)).where(*where))


# ---------------------------------------------------------------- MCR events (issue 16)

def mcr_format() -> str:
    """Return a format code of the MCR ruleset, one without a final day where there is one."""
    from judgeaid.rules import get_ruleset

    formats = get_ruleset("mcr").formats
    return next((code for code, fmt in formats.items() if fmt.kind != "competitive"),
                next(iter(formats)))


def make_mcr_event(players=8, seed=5):
    """Create an MCR tournament with players; return (tournament, organizer)."""
    tournament, organizer = accounts.create_tournament("MCR Open", mcr_format(), "Olga", "1234",
                                                       seed=seed, ruleset="mcr")
    make_players(tournament, players)
    db.session.flush()
    return tournament, organizer


def make_mcr(tournament):
    """Turn a tournament (the demo) into an MCR one: its ruleset, and a format MCR offers."""
    from judgeaid.rules import get_ruleset

    rules = get_ruleset("mcr")
    tournament.ruleset = "mcr"
    if tournament.format not in rules.formats:
        tournament.format = mcr_format()
        tournament.settings = rules.default_settings(tournament.format)
    db.session.flush()
    return tournament


def card_totals(card) -> dict[int, int]:
    """Return a card's totals by player number, penalty lines included, as the card shows them."""
    return {int(number): line["total"]
            for number, line in card_views.card_view(card)["totals"].items()}


def without_ids(backup: dict) -> dict:
    """Return the backup's tables with every id replaced by the row's place in its table."""
    tables = backup["tables"]
    place = {name: {row["id"]: i for i, row in enumerate(rows)}
             for name, rows in tables.items() if rows and "id" in rows[0]}
    result = {}
    for model, _ in exports.BACKUP_TABLES:
        name = model.__table__.name
        references = exports.foreign_keys(model)
        rows = copy.deepcopy(tables[name])
        for row in rows:
            if "id" in row:
                row["id"] = place[name][row["id"]]
            for column, target in references:
                if row[column] is not None:
                    row[column] = place[target][row[column]]
        result[name] = rows
    return result


# The table points the two sessions of `played_mcr_event` give, by player number.
MCR_SESSION_1 = {1: 4, 2: 0, 3: 1.5, 4: 1.5, 5: 3, 6: 3, 7: 0.5, 8: 0.5}
MCR_SESSION_2 = {1: 1, 5: 4, 2: 1, 6: 1, 3: 1, 7: 1, 4: 4, 8: 1}


def played_mcr_event(*, finalize: bool = False, teams: bool = False) -> dict:
    """Play two sessions of an MCR event of eight; return its id, organizer and contest points.

    Session 1: table 1, player 1 wins by self-draw and player 2 has a 1-point penalty line
    (4, 0, and 1.5 each for the tied 3 and 4); table 2, players 5 and 6 each win one
    self-draw of the same value (3 each, 0.5 each for 7 and 8). Session 2: players 5 and 4
    win a self-draw at their tables (4, the other three 1 each). Players 7 and 8 end level
    on table points and contest points.
    """
    tournament, organizer = make_mcr_event(players=8)
    for player, name in zip(tournament.players, ["Ann", "Bo", "Cy", "Dee", "Eli", "Fay",
                                                 "Gus", "Hal"], strict=True):
        player.name = name
    if teams:
        for name, numbers in (("Red", (1, 2)), ("Blue", (5, 6)), ("Gold", (7, 8))):
            team = Team(tournament_id=tournament.id, name=name)
            db.session.add(team)
            db.session.flush()
            for number in numbers:
                tournament.players[number - 1].team_id = team.id
    first = seat_by_hand(tournament, 1, [[1, 2, 3, 4], [5, 6, 7, 8]])
    play(card_of(first, 1), organizer, win(1, 10))
    penalize(card_of(first, 1), organizer, 2, 1)
    play(card_of(first, 2), organizer, win(5, 20), win(6, 20))
    second = seat_by_hand(tournament, 2, [[1, 5, 2, 6], [3, 7, 4, 8]])
    play(card_of(second, 1), organizer, win(5, 10))
    play(card_of(second, 2), organizer, win(4, 10))
    contest: dict[int, int] = {}
    for session in (first, second):
        for table in (1, 2):
            for number, total in card_totals(card_of(session, table)).items():
                contest[number] = contest.get(number, 0) + total
    if finalize:
        close_session(tournament, first, organizer)
        close_session(tournament, second, organizer)
    db.session.commit()
    return {"id": tournament.id, "organizer": organizer.name, "contest": contest}
def use_ruleset(app, tid: int, code: str = "mcr") -> None:
    """Switch an event (e.g. the demo) to another ruleset, as an MCR event is made today."""
    from judgeaid.models import Tournament

    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        if code == "mcr":
            make_mcr(tournament)
        else:
            tournament.ruleset = code
        db.session.commit()


# The organizer's PIN a restore from the web gives (a backup carries none).
NEW_PIN = "86420"


def upload_backup(client, data: bytes, **form):
    """Post a backup file to /new/restore as a browser does (built here: the test client
    would spool a big body to a temporary file it never closes)."""
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


def make_mcr_demo(app, players: int = 8, seed: int = 5) -> dict:
    """Create the MCR demo (`flask demo --ruleset mcr`) in the test's database; return its JSON."""
    from judgeaid.demo import create_demo

    with app.test_request_context():
        demo = create_demo(players, seed, ruleset="mcr")
        db.session.commit()
    return json.loads(json.dumps(demo))


# The URL arguments of an event's pages by endpoint, from a staged event `e` (its "tid",
# "card_id", "player", "ruling_id", "token"): the page walks (360 px, MCR words) share them.
EVENT_PAGES = {
    "auth.login": lambda e: {"tournament_id": e["tid"]},
    "players.page": lambda e: {"token": e["token"]},
    "cards.live": lambda e: {"card_id": e["card_id"]},
    "cards.plain": lambda e: {"card_id": e["card_id"]},
    "cards.paper": lambda e: {"card_id": e["card_id"]},
    "cards.sheet": lambda e: {"card_id": e["card_id"]},
    "main.tournament": lambda e: {"tournament_id": e["tid"]},
    "organizer.dashboard": lambda e: {"tournament_id": e["tid"]},
    "clock.hall": lambda e: {"tournament_id": e["tid"]},
    "clock.control": lambda e: {"tournament_id": e["tid"]},
    "clock.timer_list": lambda e: {"tournament_id": e["tid"], "table": 1},
    "clock.timeouts": lambda e: {"tournament_id": e["tid"]},
    "judge.home": lambda e: {"tournament_id": e["tid"]},
    "judge.new_ruling": lambda e: {"tournament_id": e["tid"], "card": e["card_id"],
                                   "player": e["player"], "penalty": 1},
    "judge.ruling": lambda e: {"tournament_id": e["tid"], "ruling_id": e["ruling_id"]},
    "judge.log": lambda e: {"tournament_id": e["tid"]},
    "judge.log_print": lambda e: {"tournament_id": e["tid"], "session": 1},
    "judge.fouls_print": lambda e: {"tournament_id": e["tid"], "session": 1},
    "judge.guide": lambda e: {"tournament_id": e["tid"]},
    "judge.player_lookup": lambda e: {"tournament_id": e["tid"], "number": e["player"]},
    "judge.player": lambda e: {"tournament_id": e["tid"], "number": e["player"]},
    "judge.appeals": lambda e: {"tournament_id": e["tid"]},
    "judge.penalties": lambda e: {"tournament_id": e["tid"]},
    "judge.settings": lambda e: {"tournament_id": e["tid"]},
    "seating.sessions": lambda e: {"tournament_id": e["tid"]},
    "seating.board": lambda e: {"tournament_id": e["tid"], "number": 1},
    "seating.preview": lambda e: {"tournament_id": e["tid"], "number": 2},
    "seating.tables": lambda e: {"tournament_id": e["tid"], "number": 1},
    "seating.table": lambda e: {"tournament_id": e["tid"], "number": 1, "table_number": 1},
    "standings.public": lambda e: {"tournament_id": e["tid"]},
    "standings.manage": lambda e: {"tournament_id": e["tid"]},
    "standings.projector": lambda e: {"tournament_id": e["tid"]},
    "standings.final_day_page": lambda e: {"tournament_id": e["tid"]},
    "printing.slips_page": lambda e: {"tournament_id": e["tid"], "session": 1},
    "printing.cards_page": lambda e: {"tournament_id": e["tid"], "session": 1},
    "standings.reveal": lambda e: {"tournament_id": e["tid"]},
    "awards.page": lambda e: {"tournament_id": e["tid"]},
    "awards.projector": lambda e: {"tournament_id": e["tid"]},
}


def table_link(app, card_id: int) -> dict[str, str]:
    """Return the headers of a call-up sent from the table's link (the printed card's QR
    code, `?t=<token>`) for this card (issue 28)."""
    from judgeaid.services.call_ups import table_token

    with app.app_context():
        return {"X-Table-Token": table_token(card_id)}


def at_table(client, card_id: int) -> dict[str, str]:
    """Return table_link's headers for a test client's app."""
    return table_link(client.application, card_id)
