"""Row builders for tests, through the same services the app uses."""

from __future__ import annotations

import uuid

from judgeaid.extensions import db
from judgeaid.rules.zj.payoff import payoff
from judgeaid.services import accounts, players


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
    from judgeaid.cards.schemas import CardRoundBody
    from judgeaid.services import cards

    payload = dict(payload)
    if payload.get("correction") and payload.get("base_revision") is None:
        history = cards.card_view(card)["rounds"][payload["round"] - 1]
        payload["base_revision"] = history.get("revision")
    body = _body(CardRoundBody, payload)
    return _once("card.round", card, body,
                 lambda: cards.write_round(card, body, actor, op_id=body.op_id))


def add_penalty(card, payload: dict, actor) -> tuple[dict, int]:
    """Put penalty points on a card from an API-shaped dict."""
    from judgeaid.cards.schemas import CardPenaltyBody
    from judgeaid.services import cards

    body = _body(CardPenaltyBody, payload)
    return _once("card.penalty", card, body, lambda: cards.put_penalty(
        card, body.player, body.points, body.reason, actor, round_=body.round, op_id=body.op_id))


def void_penalty(card, penalty_id: int, payload: dict, actor) -> tuple[dict, int]:
    """Strike out a card penalty from an API-shaped dict."""
    from judgeaid.cards.schemas import CardVoidBody
    from judgeaid.services import cards

    body = _body(CardVoidBody, payload)
    return _once("card.penalty.void", card, body,
                 lambda: cards.strike_penalty(card, penalty_id, body.reason, actor))


def confirm(card, payload: dict, actor) -> tuple[dict, int]:
    """Confirm a card's totals from an API-shaped dict."""
    from judgeaid.cards.schemas import CardConfirmBody
    from judgeaid.services import cards

    body = _body(CardConfirmBody, payload)
    return _once("card.confirm", card, body, lambda: cards.confirm_totals(card, body.player, actor))


def mark_time_over(card, payload: dict, actor) -> tuple[dict, int]:
    """Mark the rest of a card not played, from an API-shaped dict."""
    from judgeaid.cards.schemas import CardTimeOverBody
    from judgeaid.services import cards

    body = _body(CardTimeOverBody, payload)
    return _once("card.time_over", card, body,
                 lambda: cards.close_rounds(card, actor, from_round=body.from_round))


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
