"""The Official Scoring Card (§1.5, §4.9, A.2.2): rounds, corrections, penalties, sign-off.

Nothing on a card is ever deleted or overwritten: a correction is a new revision of the
round with who, when and why; a struck-out penalty stays, marked void.

Each card's totals are also stored, one `CardTotal` row per player, so the standings of a
whole event read 4 numbers per card instead of adding up every round line again. Every
flush that adds or changes a round line or a penalty line (here, or a judging service's
credit line) recomputes its card's rows in the same transaction (`store_totals`); rows
written in bulk, past the ORM (a restore), call `store_totals` themselves.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import chain

from sqlalchemy import event, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from judgeaid.cards.schemas import (
    CardRoundBody,
)
from judgeaid.edge import length_of
from judgeaid.extensions import db
from judgeaid.models import (
    WINDS,
    AuditEvent,
    Card,
    CardPenalty,
    CardRound,
    CardTotal,
    ClockEvent,
    Confirmation,
    Player,
    PlaySession,
    Seat,
    Table,
    User,
    utcnow,
)
from judgeaid.rules.zj.hand import MalformedHand, implied_label, recorded_lines, score_hand
from judgeaid.services.audit import record_event
from judgeaid.services.errors import Conflict, NotFound, ServiceError
from judgeaid.services.players import is_token
from judgeaid.tournament.card import ROUNDS, BadRound, card_totals, score_round
from judgeaid.tournament.rotation import RoundSeats, session_seats

# Who wrote a line is stored in full wherever it fits: the narrowest column that keeps it.
LABEL_LIMIT = min(length_of(column) for column in (
    CardRound.recorded_by, CardPenalty.recorded_by, Confirmation.confirmed_by, ClockEvent.by,
    AuditEvent.actor))


def actor_label(kind: str, name: str) -> str:
    """Return "kind:name" within LABEL_LIMIT: a long name is cut short with an ellipsis."""
    label = f"{kind}:{name}"
    return label if len(label) <= LABEL_LIMIT else label[:LABEL_LIMIT - 1] + "\u2026"


# Labels written by the system itself rather than a person.
SYSTEM_ACTORS = {"clock": "the session clock", "setup": "setup", "restore": "the restore",
                 "command line": "the command line", "anonymous": "someone not signed in"}


def actor_display(label: str | None) -> str:
    """Return a stored "kind:name" label as people read it: "Rita Ramos (organizer)"."""
    if not label:
        return ""
    kind, sep, name = label.partition(":")
    if not sep:
        return SYSTEM_ACTORS.get(label, label)
    if kind == "player":
        number, _, player = name.partition(" ")
        return f"{player} (player {number})" if number.isdigit() and player else name
    return f"{name} ({kind.replace('_', ' ')})"


@dataclass(frozen=True)
class Actor:
    """Who writes to a card: a judge (or organizer) or the player the judge appointed."""

    label: str
    is_judge: bool
    user: User | None = None
    player_number: int | None = None

    @classmethod
    def for_user(cls, user: User) -> Actor:
        """Return the actor for a signed-in judge, head judge or organizer."""
        return cls(actor_label(user.role, user.name), True, user=user)

    @classmethod
    def for_player(cls, player: Player) -> Actor:
        """Return the actor for a player using their own page's link."""
        return cls(actor_label("player", f"{player.number} {player.name}"), False,
                   player_number=player.number)


# ---------------------------------------------------------------- reading

def create_cards(session: PlaySession) -> list[Card]:
    """Create the card of every table of a freshly seated session."""
    cards = [Card(tournament_id=session.tournament_id, session_id=session.id, table_id=t.id)
             for t in session.tables]
    db.session.add_all(cards)
    db.session.flush()
    return cards


def card_for_table(table: Table) -> Card:
    """Return the card of a table, or raise NotFound."""
    card = db.session.scalar(select(Card).where(Card.table_id == table.id))
    if card is None:
        raise NotFound(f"Table {table.number} has no scoring card.")
    return card


def get_card_or_404(card_id: int) -> Card:
    """Return the card or raise NotFound."""
    card = db.session.get(Card, card_id)
    if card is None:
        raise NotFound(f"There is no scoring card {card_id}.")
    return card


def starting_seats(card: Card) -> dict[str, int]:
    """Return the starting seat wind -> player number of the card's table."""
    return {WINDS[s.position]: s.player.number for s in card.table.seats}


def round_seats(card: Card) -> list[RoundSeats]:
    """Return the dealer and every player's seat wind for rounds 1–16 (§3.4)."""
    rotation = card.table.session.tournament.settings.get("rotation", "standard")
    return session_seats(starting_seats(card), rotation)


def _revisions(card: Card) -> dict[int, list[CardRound]]:
    rows = db.session.scalars(select(CardRound).where(CardRound.card_id == card.id)
                              .order_by(CardRound.round, CardRound.revision))
    grouped: dict[int, list[CardRound]] = {}
    for row in rows:
        grouped.setdefault(row.round, []).append(row)
    return grouped


def _round_json(row: CardRound) -> dict:
    return {"result": row.result, "winner": row.winner, "value": row.value, "win": row.win,
            "discarder": row.discarder, "same_turn": row.same_turn or [],
            "patterns": row.patterns, "pattern_lines": _pattern_lines(row),
            "deltas": {int(k): v for k, v in row.deltas.items()},
            "responsible": row.responsible, "revision": row.revision, "reason": row.reason,
            "recorded_by": row.recorded_by, "recorded_at": row.recorded_at.isoformat() + "Z"}


def _pattern_lines(row: CardRound) -> list[dict]:
    # The recorded patterns as the card shows them: those a ticked pattern is always scored
    # with are marked as included (§2.4 3.2.1, 9.4.1); rounds recorded before stay as they were.
    return [{"id": line.id, "name": line.name, "count": line.count, "points": line.points,
             "implied_by": line.implied_by, "included": implied_label(line) or None}
            for line in recorded_lines(row.patterns, row.value)]


def _confirmations(card: Card) -> list[Confirmation]:
    return list(db.session.scalars(select(Confirmation).where(
        Confirmation.card_id == card.id, Confirmation.revoked_at.is_(None))
        .order_by(Confirmation.confirmed_at)))


def card_view(card: Card) -> dict:
    """Return the whole card as plain data (the API body and the pages' data)."""
    seats = round_seats(card)
    revisions = _revisions(card)
    starting = starting_seats(card)
    names = {s.player.number: s.player.name for s in card.table.seats}
    numbers = [starting[w] for w in WINDS]
    rounds = []
    for number in range(1, ROUNDS + 1):
        seat = seats[number - 1]
        line = {"round": number, "cycle": (number - 1) // 4 + 1, "dealer": seat.dealer,
                "winds": dict(seat.winds), "recorded": False, "history": []}
        history = revisions.get(number, [])
        if history:
            line.update(_round_json(history[-1]), recorded=True)
            line["history"] = [_round_json(r) for r in reversed(history[:-1])]
        elif card.not_played_from and number >= card.not_played_from:
            line.update(result="not_played", deltas=dict.fromkeys(numbers, 0))
        rounds.append(line)
    penalties = list(db.session.scalars(select(CardPenalty).where(CardPenalty.card_id == card.id)
                                        .order_by(CardPenalty.recorded_at, CardPenalty.id)))
    live = [(p.player_number, p.points) for p in penalties if p.voided_at is None]
    totals = card_totals(numbers, [r["deltas"] for r in rounds if "deltas" in r], live)
    confirmed = {c.player_number: c for c in _confirmations(card)}
    session = card.table.session
    settings = session.tournament.settings
    return {
        "id": card.id,
        "tournament": {"id": session.tournament_id, "name": session.tournament.name,
                       "time_zone": session.tournament.time_zone},
        "session": session.number, "table": card.table.number, "status": card.status,
        "version": card.version, "scheme": settings.get("payoff_scheme", "formal"),
        "rotation": settings.get("rotation", "standard"),
        "players": [{"number": n, "name": names[n], "seat": w} for w, n in zip(
            WINDS, numbers, strict=True)],
        "rounds": rounds,
        "penalties": [{"id": p.id, "player": p.player_number, "points": p.points,
                       "round": p.round, "reason": p.reason, "recorded_by": p.recorded_by,
                       "recorded_at": p.recorded_at.isoformat() + "Z",
                       "is_void": p.voided_at is not None, "void_reason": p.void_reason}
                      for p in penalties],
        "totals": {n: {"rounds": t.rounds, "penalties": t.penalties, "total": t.total}
                   for n, t in totals.items()},
        "not_played_from": card.not_played_from,
        "is_complete": all(r["recorded"] or r.get("result") == "not_played" for r in rounds),
        "confirmations": [{"player": c.player_number, "via": c.via, "by": c.confirmed_by,
                           "confirmed_at": c.confirmed_at.isoformat() + "Z"}
                          for c in confirmed.values()],
        "pending_confirmations": [n for n in numbers if n not in confirmed],
        "recorder": _recorder_number(card),
    }


def short_names(names: dict[int, str]) -> dict[int, str]:
    """Return a short name per player for narrow columns: first name and initial if unique."""
    def short(name: str) -> str:
        parts = name.split()
        return f"{parts[0]} {parts[-1][0]}." if len(parts) > 1 else name

    shorts = {number: short(name) for number, name in names.items()}
    if len(set(shorts.values())) < len(shorts):
        return dict(names)
    return shorts


def live_page(card: Card, user: User | None) -> dict:
    """Return the live card page's data: the card and what this reader may do on it."""
    view = card_view(card)
    settings = card.table.session.tournament.settings
    return {"card": view,
            "short_names": short_names({p["number"]: p["name"] for p in view["players"]}),
            "is_judge": bool(user and user.tournament_id == card.tournament_id),
            "has_time_limit": settings.get("session_minutes") is not None}


def card_reader(card: Card, user: User | None, token: str | None) -> dict:
    """Say who reads the card: a judge of its tournament, a player at its table, or nobody."""
    player = None
    if is_token(token):
        found = db.session.scalar(select(Player).where(Player.token == token))
        if (found and found.tournament_id == card.tournament_id
                and found.number in starting_seats(card).values()):
            player = found
    return {"is_judge": bool(user and user.tournament_id == card.tournament_id),
            "player": {"number": player.number, "name": player.name} if player else None,
            "is_recorder": bool(player and player.number == _recorder_number(card))}


def _recorder_number(card: Card) -> int | None:
    if card.recorder_player_id is None:
        return None
    return db.session.get(Player, card.recorder_player_id).number


# ---------------------------------------------------------------- stored totals

_TOTALS_DUE = "judgeaid.card_totals_due"
_TOTALS_CHUNK = 500  # cards per statement: well inside every database's parameter limit


def store_totals(card_ids: Iterable[int]) -> None:
    """Recompute and store the totals of these cards from their rounds and penalty lines."""
    _store_totals(db.session(), card_ids)


def _store_totals(session: Session, card_ids: Iterable[int]) -> None:
    ids = sorted(set(card_ids))
    for start in range(0, len(ids), _TOTALS_CHUNK):
        chunk = ids[start:start + _TOTALS_CHUNK]
        # Two judges writing to one card add up one after the other (a PostgreSQL row lock,
        # taken before the rounds are read; SQLite writes one transaction at a time), so the
        # later one sees both writes. NO KEY UPDATE, as the version bump takes: the key-share
        # locks that each new round line's foreign key holds on the card do not block it, so
        # two writers cannot deadlock.
        numbers: dict[int, list[int]] = {card_id: [] for card_id in chunk}
        for card_id, number in session.execute(
                select(Card.id, Player.number).join(Seat, Seat.table_id == Card.table_id)
                .join(Player, Player.id == Seat.player_id)
                .where(Card.id.in_(chunk)).order_by(Card.id, Seat.position)
                .with_for_update(of=Card, key_share=True)):
            numbers[card_id].append(number)
        latest: dict[int, dict[int, dict[str, int]]] = {card_id: {} for card_id in chunk}
        for card_id, number, deltas in session.execute(
                select(CardRound.card_id, CardRound.round, CardRound.deltas)
                .where(CardRound.card_id.in_(chunk))
                .order_by(CardRound.card_id, CardRound.round, CardRound.revision)):
            latest[card_id][number] = deltas  # the highest revision is the one that counts
        live: dict[int, list[tuple[int, int]]] = {card_id: [] for card_id in chunk}
        for card_id, number, points in session.execute(
                select(CardPenalty.card_id, CardPenalty.player_number, CardPenalty.points)
                .where(CardPenalty.card_id.in_(chunk), CardPenalty.voided_at.is_(None))):
            live[card_id].append((number, points))
        # Rounds marked not played add nothing (§3.4), so they are left out here.
        rows = [{"card_id": card_id, "player_number": number, "rounds": line.rounds,
                 "penalties": line.penalties}
                for card_id in chunk
                for number, line in card_totals(
                    numbers[card_id],
                    [{int(k): v for k, v in deltas.items()} for deltas in latest[card_id].values()],
                    live[card_id]).items()]
        table = CardTotal.__table__
        session.execute(table.delete().where(table.c.card_id.in_(chunk)))
        if rows:
            session.execute(table.insert(), rows)


@event.listens_for(Session, "after_flush")
def _note_changed_cards(session: Session, flush_context) -> None:
    # The session still lists what this flush wrote, with the new rows' ids filled in.
    due = session.info.setdefault(_TOTALS_DUE, set())
    for row in chain(session.new, session.dirty, session.deleted):
        if isinstance(row, CardRound | CardPenalty):
            due.add(row.card_id)


@event.listens_for(Session, "after_flush_postexec")
def _store_changed_totals(session: Session, flush_context) -> None:
    due = session.info.pop(_TOTALS_DUE, None)
    if due:
        _store_totals(session, due)


# ---------------------------------------------------------------- writing
#
# The verbs take checked values (judgeaid.cards.schemas) and flush; the view's
# `writes.once` keeps them to one application per op_id and commits.

def _touch(card: Card) -> None:
    # An SQL increment, so two writers at once never lose a version.
    card.version = Card.version + 1
    card.updated_at = utcnow()
    db.session.flush()
    db.session.refresh(card)


def _revoke_confirmations(card: Card) -> int:
    revoked = 0
    for confirmation in _confirmations(card):
        confirmation.revoked_at = utcnow()
        revoked += 1
    card.status = "open"
    return revoked


def _check_judge(actor: Actor, card: Card, what: str) -> None:
    if not actor.is_judge:
        raise ServiceError(f"Only a judge may {what}.", status=403)
    if actor.user and actor.user.tournament_id != card.tournament_id:
        raise ServiceError("This card belongs to another tournament.", status=403)


def _check_recorder(actor: Actor, card: Card) -> None:
    if actor.is_judge:
        _check_judge(actor, card, "record rounds")
    elif actor.player_number != _recorder_number(card):
        raise ServiceError("Only a judge, or the player the judge appointed, may record rounds "
                           "on this card.", status=403)


def _round_line(body: CardRoundBody) -> dict:
    """Return the round's columns from a checked body; the ticked patterns set the value."""
    line: dict = {"result": body.result, "winner": None, "value": None, "win": None,
                  "discarder": None, "same_turn": None, "patterns": None}
    if body.result == "draw":
        return line
    value, patterns = body.value, body.patterns
    if patterns is not None:
        try:
            hand = score_hand(dict(patterns))
        except MalformedHand as exc:
            raise ServiceError(str(exc)) from exc
        if hand.errors:
            # Each message names both patterns and cites its own section (§2.2, §1.5 ...).
            raise ServiceError("The ticked patterns break a counting rule: "
                               + " ".join(e.message for e in hand.errors), status=422)
        if value is not None and value != hand.value:
            raise ServiceError(f"The value {value} does not match the ticked patterns, which "
                               f"make {hand.value}.", status=422)
        value = hand.value
        patterns = {k: v for k, v in patterns.items() if v}
    line.update(winner=body.winner, value=value, win=body.win,
                discarder=body.discarder if body.win == "discard" else None,
                same_turn=list(body.same_turn) if body.same_turn else None, patterns=patterns)
    return line


def _same_line(row: CardRound, line: dict) -> bool:
    return all(getattr(row, key) == line[key] for key in
               ("result", "winner", "value", "win", "discarder", "same_turn", "patterns"))


def _latest(card: Card, number: int) -> CardRound | None:
    return db.session.scalar(select(CardRound).where(
        CardRound.card_id == card.id, CardRound.round == number)
        .order_by(CardRound.revision.desc()).limit(1))


def line_words(line: dict, names: dict[int, str]) -> str:
    """Return a round's line as a short sentence with the players' names."""
    def who(number: int | None) -> str:
        return names.get(number, f"player {number}")

    if line["result"] == "draw":
        return "a draw"
    if line["result"] != "win":
        return "not played"
    if line["win"] == "self":
        return f"{who(line['winner'])} won {line['value']}, self-drawn"
    words = f"{who(line['winner'])} won {line['value']} on a discard from {who(line['discarder'])}"
    if line.get("same_turn") and len(line["same_turn"]) > 1:
        words += f" (same turn: {', then '.join(who(p) for p in line['same_turn'])})"
    return words


def _conflict(card: Card, number: int, current: CardRound, line: dict, actor: Actor, *,
              what: str) -> str:
    """Say in words who wrote the line that stands, what it says, and what was sent."""
    names = {s.player.number: s.player.name for s in card.table.seats}
    decide = ("Choose which one stands: keep theirs, or send yours as a correction with a "
              "reason." if actor.is_judge else "A judge decides which one stands.")
    theirs = line_words(_round_json(current), names)
    return (f"{actor_display(current.recorded_by)} {what}: {theirs}. You entered: "
            f"{line_words(line, names)}. {decide}")


def _both_lines(number: int, current: CardRound | None, line: dict, body: CardRoundBody
                ) -> list[dict]:
    """Return the details of a refused write: the line that stands and the one sent."""
    sent = dict(line, reason=body.reason, base_revision=body.base_revision)
    return [{"round": number, "revision": current.revision if current else None,
             "current": _round_json(current) if current else None, "sent": sent}]


def write_round(card: Card, body: CardRoundBody, actor: Actor, *, op_id: str | None = None
                 ) -> dict:
    """Record a round, or correct the revision `base_revision` names (a stale one is 409)."""
    _check_recorder(actor, card)
    number = body.round
    line = _round_line(body)
    reason = " ".join(body.reason.split())
    current = _latest(card, number)

    if current is None and card.not_played_from and number >= card.not_played_from:
        raise Conflict(f"Round {number} was not played: the session time ran out (§3.4).")
    if body.correction:
        _check_judge(actor, card, "correct a round")
        if current is None:
            raise Conflict(f"Round {number} is not recorded yet, so there is nothing to "
                           "correct. Reload the card.",
                           details=_both_lines(number, current, line, body))
        if current.revision != body.base_revision:
            verb = "corrected" if current.revision > 1 else "recorded"
            raise Conflict(_conflict(
                card, number, current, line, actor,
                what=f"{verb} round {number} after you read it (revision {current.revision} "
                     f"now stands, not revision {body.base_revision}), as"),
                details=_both_lines(number, current, line, body))
        if not reason:
            raise ServiceError("A correction needs a reason.")
    elif current is not None:
        if _same_line(current, line):
            return _answer(card, number, current.revision, changed=False)
        raise Conflict(_conflict(card, number, current, line, actor,
                                 what=f"already recorded round {number} as"),
                       details=_both_lines(number, current, line, body))
    elif card.status == "locked":
        _check_judge(actor, card, "record a round on a confirmed card")

    try:
        seats = round_seats(card)[number - 1]
        scheme = card.table.session.tournament.settings.get("payoff_scheme", "formal")
        result = score_round(seats, scheme=scheme,
                             **{k: v for k, v in line.items() if k != "patterns"})
    except BadRound as exc:
        raise ServiceError(str(exc)) from exc
    revision = current.revision + 1 if current else 1
    row = CardRound(card_id=card.id, round=number, revision=revision, **line,
                    deltas={str(k): v for k, v in result.deltas.items()},
                    responsible=result.responsible, reason=reason, recorded_by=actor.label,
                    op_id=op_id)
    try:
        with db.session.begin_nested():
            db.session.add(row)
            db.session.flush()
    except IntegrityError:
        # Another judge wrote this revision a moment ago: theirs stands, this one is refused.
        db.session.expire_all()
        now = _latest(card, number)
        message = (_conflict(card, number, now, line, actor,
                             what=f"recorded round {number} a moment before you, as")
                   if now else f"Round {number} was just recorded by someone else. Reload "
                               "the card.")
        raise Conflict(message, details=_both_lines(number, now, line, body)) from None
    if current is not None:
        _revoke_confirmations(card)
    _touch(card)
    record_event("card.correct" if current else "card.round", tournament_id=card.tournament_id,
                 actor=actor.user or actor.label, subject=f"card:{card.id}:round:{number}",
                 before=_round_json(current) if current else None, after=_round_json(row))
    return _answer(card, number, revision, changed=True)


def _answer(card: Card, number: int, revision: int, *, changed: bool) -> dict:
    return {"card": card_view(card), "round": number, "revision": revision, "changed": changed}


def put_penalty(card: Card, player: int, points: int, reason: str, actor: Actor, *,
                round_: int | None = None, op_id: str | None = None) -> dict:
    """Put penalty points on the card's penalty line (off the offender's total, §4.11)."""
    _check_judge(actor, card, "give a penalty")
    if player not in starting_seats(card).values():
        raise ServiceError(f"Player {player} is not at this table.")
    reason = " ".join(reason.split())
    if not reason:
        raise ServiceError("A penalty needs a reason.")
    penalty = CardPenalty(card_id=card.id, player_number=player, points=points, round=round_,
                          reason=reason, recorded_by=actor.label, op_id=op_id)
    db.session.add(penalty)
    db.session.flush()
    _revoke_confirmations(card)
    _touch(card)
    record_event("card.penalty", tournament_id=card.tournament_id,
                 actor=actor.user or actor.label, subject=f"card:{card.id}:penalty:{penalty.id}",
                 after={"player": player, "points": points, "reason": reason})
    return {"card": card_view(card), "penalty": penalty.id}


def strike_penalty(card: Card, penalty_id: int, reason: str, actor: Actor) -> dict:
    """Strike out a penalty with a reason; it stays on the card, marked void."""
    _check_judge(actor, card, "strike out a penalty")
    penalty = db.session.get(CardPenalty, penalty_id)
    if penalty is None or penalty.card_id != card.id:
        raise NotFound(f"There is no penalty {penalty_id} on this card.")
    if penalty.voided_at is not None:
        raise Conflict("This penalty is already struck out.")
    reason = " ".join(reason.split())
    if not reason:
        raise ServiceError("Striking out a penalty needs a reason.")
    penalty.voided_at, penalty.void_reason = utcnow(), reason
    _revoke_confirmations(card)
    _touch(card)
    record_event("card.penalty.void", tournament_id=card.tournament_id,
                 actor=actor.user or actor.label, subject=f"card:{card.id}:penalty:{penalty.id}",
                 before={"points": penalty.points}, after={"void_reason": reason})
    return {"card": card_view(card)}


def confirm_totals(card: Card, player: int | None, actor: Actor, *, on_paper: bool = False
                   ) -> dict:
    """Record a player's confirmation of the totals; all four lock the card (§4.9).

    `on_paper`: a judge records the player's signature on the paper card (via "paper").
    """
    if on_paper and not actor.is_judge:
        raise ServiceError("Only a judge may record a signature on the paper card.", status=403)
    if actor.is_judge:
        _check_judge(actor, card, "confirm for a player")
        if player is None:
            raise ServiceError("Say which player the card is confirmed for.")
    else:
        player = actor.player_number
    if player not in starting_seats(card).values():
        raise ServiceError(f"Player {player} is not at this table.", status=403)
    view = card_view(card)
    if not view["is_complete"]:
        missing = [r["round"] for r in view["rounds"]
                   if not r["recorded"] and r.get("result") != "not_played"]
        raise Conflict(f"The card is not finished: round {missing[0]} and "
                       f"{len(missing) - 1} more are not recorded. Record them, or mark the "
                       "session time over.")
    if player not in view["pending_confirmations"]:
        return {"card": view}
    db.session.add(Confirmation(card_id=card.id, player_number=player,
                                card_version=card.version,
                                via="paper" if on_paper else (
                                    "judge" if actor.is_judge else "player"),
                                confirmed_by=actor.label))
    db.session.flush()
    if len(_confirmations(card)) == 4:
        card.status = "locked"
    _touch(card)
    record_event("card.confirm.paper" if on_paper else "card.confirm",
                 tournament_id=card.tournament_id,
                 actor=actor.user or actor.label, subject=f"card:{card.id}",
                 after={"player": player, "totals": view["totals"][player]})
    return {"card": card_view(card)}


def close_rounds(card: Card, actor: Actor, *, from_round: int | None = None) -> dict:
    """Mark every round not yet recorded as not played: the session time ran out (§3.4)."""
    _check_judge(actor, card, "end play on a card")
    session = card.table.session
    if session.stage == "final" and session.bracket_size == 4:
        raise Conflict("The Grand Final has no session time limit (§3.4.2.2): all 16 rounds "
                       "are played.")
    if session.tournament.settings.get("session_minutes") is None:
        raise Conflict("This event has no session time limit, so every round is played.")
    recorded = max(_revisions(card), default=0)
    first = from_round or recorded + 1
    if first <= recorded:
        raise Conflict(f"Round {recorded} is already recorded; rounds from {recorded + 1} on "
                       "can be marked not played.")
    card.not_played_from = first if first <= ROUNDS else None
    _touch(card)
    record_event("card.time_over", tournament_id=card.tournament_id,
                 actor=actor.user or actor.label, subject=f"card:{card.id}",
                 after={"not_played_from": card.not_played_from})
    return {"card": card_view(card)}


def appoint_recorder(card: Card, number: int | None, actor: Actor) -> dict:
    """Let one player at the table record rounds (or nobody, with player null)."""
    _check_judge(actor, card, "appoint a recorder")
    if number is None:
        card.recorder_player_id = None
    else:
        seat = next((s for s in card.table.seats if s.player.number == number), None)
        if seat is None:
            raise ServiceError(f"Player {number} is not at this table.")
        card.recorder_player_id = seat.player_id
    _touch(card)
    record_event("card.recorder", tournament_id=card.tournament_id, actor=actor.user,
                 subject=f"card:{card.id}", after={"player": number})
    return {"card": card_view(card)}
