"""The Official Scoring Card (§1.5, §4.9, A.2.2): rounds, corrections, penalties, sign-off.

Nothing on a card is ever deleted or overwritten: a correction is a new revision of the
round with who, when and why; a struck-out penalty stays, marked void.

Each card's totals are also stored, one `CardTotal` row per player, so the standings of a
whole event read 4 numbers per card instead of adding up every round line again. Every verb
that writes a round line, a penalty line or a seat change (here, a judging service's credit
line, a restore) ends by calling `store_totals` for its card, in the same transaction.
"""

from __future__ import annotations

import zlib
from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import bindparam, select

from judgeaid import values, writes
from judgeaid.cards.schemas import (
    CardRoundBody,
    CardSeatChangeBody,
)
from judgeaid.edge import length_of
from judgeaid.extensions import db
from judgeaid.models import (
    WINDS,
    AuditEvent,
    Card,
    CardPenalty,
    CardRound,
    CardSeatChange,
    CardTotal,
    ClockEvent,
    Confirmation,
    Player,
    PlaySession,
    Seat,
    Table,
    Tournament,
    User,
    utcnow,
)
from judgeaid.rules import MalformedHand, Ruleset, Scoring, get_ruleset
from judgeaid.rules.ruleset import bracketed
from judgeaid.services.audit import record_event
from judgeaid.services.errors import Conflict, Forbidden, NotFound, ServiceError, Unprocessable
from judgeaid.services.players import is_token
from judgeaid.tournament.card import (
    BadDeal,
    BadRound,
    DealMark,
    SeatChange,
    card_schedule,
    card_totals,
    check_deals,
    deal_owed,
    empty_from,
    marked_seats,
    occupants,
    score_round,
)
from judgeaid.tournament.rotation import RoundSeats

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


_VIEW_TAG = (select(Card.version, Tournament.revision, Tournament.created_at)
             .join(Tournament, Tournament.id == Card.tournament_id)
             .where(Card.id == bindparam("card_id")))


def view_tag(card_id: int) -> str:
    """Return the version of everything the card's view shows, or raise NotFound.

    The card's own version (every card verb bumps it), its event's revision (names, settings,
    seats: judgeaid.revisions) and its event's creation, read in one query without loading
    the card: the ETag every phone polls with, and the key the view is built once for
    (judgeaid.viewcache).
    """
    # Core, on a statement built once: this runs for every poll of every phone in the hall.
    row = db.session.connection().execute(_VIEW_TAG, {"card_id": card_id}).one_or_none()
    if row is None:
        raise NotFound(f"There is no scoring card {card_id}.")
    # The event's moment of creation tells apart two databases (a practice event and the
    # real one) whose card 1 is at the same version, when both share one Redis.
    event = zlib.crc32(row.created_at.isoformat().encode())
    return f"card-{card_id}-v{row.version}-r{row.revision}-e{event:08x}"


def shell_tag(tag: str) -> str:
    """Return the tag of the reader's page shell, from the card's view tag (`view_tag`).

    The shell shows the event, the table and the players, never the rounds: it changes with
    the event's revision, not with the card's version, so a phone that has it keeps it while
    the rounds come as the shared card data.
    """
    name, card_id, _version, revision, event = tag.split("-")
    return f"{name}-{card_id}-{revision}-{event}-shell"


def rules_of(card: Card) -> Ruleset:
    """Return the ruleset the card's event plays by."""
    return get_ruleset(card.table.session.tournament.ruleset)


def starting_seats(card: Card) -> dict[str, int]:
    """Return the starting seat wind -> player number of the card's table."""
    return {WINDS[s.position]: s.player.number for s in card.table.seats}


def round_seats(card: Card, changes: list[SeatChange] | None = None) -> list[RoundSeats]:
    """Return the rotation's dealer and seat winds for rounds 1–16 (§3.4), substitutes seated.

    The §1.2.7 marks on recorded rounds are not applied here: see `marked_seats`.
    """
    rotation = card.table.session.tournament.settings.get("rotation", "standard")
    return card_schedule(starting_seats(card), rotation,
                         seat_changes(card) if changes is None else changes,
                         seats_for=rules_of(card).session.session_seats)


def _change_rows(card: Card) -> list[CardSeatChange]:
    return list(db.session.scalars(select(CardSeatChange).where(
        CardSeatChange.card_id == card.id).order_by(CardSeatChange.round_from,
                                                     CardSeatChange.position)))


def seat_changes(card: Card, rows: list[CardSeatChange] | None = None) -> list[SeatChange]:
    """Return the card's mid-session seat changes as the core reads them (§4.11, §4.15)."""
    return [SeatChange(row.round_from, WINDS[row.position], row.leaving.number,
                       row.entering.number if row.entering else None)
            for row in (_change_rows(card) if rows is None else rows)]


def _mark(row: CardRound | None) -> DealMark | None:
    if row is None or (row.dealer is None and row.compensation_for is None):
        return None
    return DealMark(row.dealer, row.compensation_for)


def _marks(revisions: dict[int, list[CardRound]]) -> dict[int, DealMark]:
    """Return the §1.2.7 mark of every round whose standing line carries one."""
    marks = {number: _mark(rows[-1]) for number, rows in revisions.items()}
    return {number: mark for number, mark in marks.items() if mark}


def people(card: Card, rows: list[CardSeatChange] | None = None) -> dict[int, str]:
    """Return the name of everyone who sat at the card's table: its four and substitutes."""
    names = {s.player.number: s.player.name for s in card.table.seats}
    for row in _change_rows(card) if rows is None else rows:
        if row.entering:
            names[row.entering.number] = row.entering.name
    return names


def final_occupants(card: Card, changes: list[SeatChange] | None = None) -> list[int]:
    """Return who holds each seat at the end of the card (a seat left empty: nobody)."""
    changes = seat_changes(card) if changes is None else changes
    held = occupants(starting_seats(card), changes, rules_of(card).session.rounds)
    empty = {c.leaving for c in changes if c.entering is None}
    return [held[n] for n in starting_seats(card).values() if n not in empty]


def _revisions(card: Card) -> dict[int, list[CardRound]]:
    rows = db.session.scalars(select(CardRound).where(CardRound.card_id == card.id)
                              .order_by(CardRound.round, CardRound.revision))
    grouped: dict[int, list[CardRound]] = {}
    for row in rows:
        grouped.setdefault(row.round, []).append(row)
    return grouped


def _round_json(row: CardRound, scoring: Scoring) -> dict:
    return {"result": row.result, "winner": row.winner, "value": row.value, "win": row.win,
            "wrong_dealer": row.dealer, "compensation_for": row.compensation_for,
            "discarder": row.discarder, "same_turn": row.same_turn or [],
            "patterns": row.patterns, "pattern_lines": _pattern_lines(row, scoring),
            "deltas": {int(k): v for k, v in row.deltas.items()},
            "responsible": row.responsible, "revision": row.revision, "reason": row.reason,
            "recorded_by": row.recorded_by, "recorded_at": values.iso_z(row.recorded_at)}


def _pattern_lines(row: CardRound, scoring: Scoring) -> list[dict]:
    # The recorded patterns as the card shows them: those a ticked pattern is always scored
    # with are marked as included (§2.4 3.2.1, 9.4.1); rounds recorded before stay as they were.
    return [{"id": line.id, "name": line.name, "count": line.count, "points": line.points,
             "implied_by": line.implied_by, "included": scoring.implied_label(line) or None}
            for line in scoring.recorded_lines(row.patterns, row.value)]


def _confirmations(card: Card) -> list[Confirmation]:
    return list(db.session.scalars(select(Confirmation).where(
        Confirmation.card_id == card.id, Confirmation.revoked_at.is_(None))
        .order_by(Confirmation.confirmed_at)))


def card_view(card: Card) -> dict:
    """Return the whole card as plain data (the API body and the pages' data)."""
    change_rows = _change_rows(card)
    changes = seat_changes(card, change_rows)
    seats = round_seats(card, changes)
    revisions = _revisions(card)
    marks = _marks(revisions)
    starting = starting_seats(card)
    names = people(card, change_rows)
    numbers = [starting[w] for w in WINDS]
    empty = empty_from(changes)
    rules = rules_of(card)
    rounds = []
    for number in range(1, rules.session.rounds + 1):
        scheduled = seats[number - 1]
        seat = marked_seats(scheduled, marks.get(number))
        line = {"round": number, "cycle": rules.session.cycle_of(number), "dealer": seat.dealer,
                "scheduled_dealer": scheduled.dealer, "winds": dict(seat.winds),
                "seated": occupants(starting, changes, number), "recorded": False,
                "wrong_dealer": None, "compensation_for": None, "history": []}
        history = revisions.get(number, [])
        if history:
            line.update(_round_json(history[-1], rules.scoring), recorded=True)
            line["history"] = [_round_json(r, rules.scoring) for r in reversed(history[:-1])]
        elif empty and number >= empty:
            # a player left (§4.11) and nobody took the seat: the table stops here (our reading)
            line.update(result="not_played", not_played_reason="seat_empty",
                        deltas=dict.fromkeys(seat.winds, 0))
        elif card.not_played_from and number >= card.not_played_from:
            line.update(result="not_played", not_played_reason="time_over",
                        deltas=dict.fromkeys(seat.winds, 0))
        rounds.append(line)
    penalties = list(db.session.scalars(select(CardPenalty).where(CardPenalty.card_id == card.id)
                                        .order_by(CardPenalty.recorded_at, CardPenalty.id)))
    live = [(p.player_number, p.points) for p in penalties if p.voided_at is None]
    totals = card_totals(numbers + [n for n in names if n not in numbers],
                         [r["deltas"] for r in rounds if "deltas" in r], live)
    confirmed = {c.player_number: c for c in _confirmations(card)}
    signers = final_occupants(card, changes)
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
                       "recorded_at": values.iso_z(p.recorded_at),
                       "is_void": p.voided_at is not None, "void_reason": p.void_reason}
                      for p in penalties],
        "totals": {n: {"rounds": t.rounds, "penalties": t.penalties, "total": t.total}
                   for n, t in totals.items()},
        "not_played_from": card.not_played_from,
        "is_complete": all(r["recorded"] or r.get("result") == "not_played" for r in rounds),
        "confirmations": [{"player": c.player_number, "via": c.via, "by": c.confirmed_by,
                           "confirmed_at": values.iso_z(c.confirmed_at)}
                          for c in confirmed.values()],
        "pending_confirmations": [n for n in signers if n not in confirmed],
        "signers": signers,
        "recorder": _recorder_number(card),
        "people": [{"number": n, "name": name, "is_substitute": n not in numbers}
                   for n, name in names.items()],
        "seat_changes": [_change_json(row) for row in change_rows],
        "deal_owed": {n: skipped for n, skipped in deal_owed(seats, marks).items()},
        "ruleset": session.tournament.ruleset,
        "words": card_words(rules),
        "table_points": _table_points(rules, numbers, totals, rounds),
        # MCR §3.11.2.1: who forfeited this session; their seat earns them nothing
        "forfeits": sorted(s.player.number for s in card.table.seats
                           if s.is_neutral and s.stands_in_for == s.player.number),
    }


def score_sheet(card: Card) -> dict:
    """Return the card as a score sheet (MCR Appendix 5): every hand's plus, minus and running
    total per starting seat, then penalties, totals and table points, for print."""
    view = card_view(card)
    numbers = [p["number"] for p in view["players"]]
    running = dict.fromkeys(numbers, 0)
    hands = []
    for line in view["rounds"]:
        cells = []
        for number in numbers:
            sitter = line["seated"].get(number, number)
            delta = line["deltas"].get(sitter, 0) if "deltas" in line else None
            if delta is not None:
                running[number] += delta
            cells.append({"plus": delta if delta and delta > 0 else None,
                          "minus": -delta if delta and delta < 0 else None,
                          "total": running[number] if delta is not None else None})
        hands.append({"hand": line["round"], "cells": cells,
                      "is_not_played": line.get("result") == "not_played"})
    return {"card": view, "hands": hands, "numbers": numbers}


def card_words(rules: Ruleset) -> dict:
    """Return how the card names a deal and the session's four parts, by its ruleset."""
    words = rules.words
    return {"round": words["card.hand_word"], "Round": words["card.hand_word_title"],
            "cycles": [words[f"card.cycle_{n}"] for n in range(1, 5)],
            "time_section": words["card.time_cite"],
            "table_points_note": words["card.table_points_note"] or None,
            "penalty_example": words["card.penalty_example"],
            # whether a paper line may be a play-time penalty (none where nothing times play)
            "time_penalties": rules.timing.has_play_timers,
            "deal_section": words["card.deal_cite"], "leave_section": words["card.leave_cite"],
            "substitute_section": words["card.substitute_cite"],
            "substitute_reading": words["card.substitute_reading"],
            "left_word": words["card.left_word"], "forfeit_note": words["card.forfeit_note"]}


def _table_points(rules: Ruleset, numbers: list[int], totals: dict, rounds: list[dict]
                  ) -> dict[int, float] | None:
    """Return the four players' table points once every hand is settled (MCR §3.9.2)."""
    if rules.can.standings_columns[0].field != "table_points":
        return None
    if not all(r["recorded"] or r.get("result") == "not_played" for r in rounds):
        return None
    return rules.ranking.table_points({n: totals[n].total for n in numbers})


def _change_json(row: CardSeatChange) -> dict:
    entering = row.entering
    return {"id": row.id, "seat": WINDS[row.position], "from_round": row.round_from,
            "leaving": {"number": row.leaving.number, "name": row.leaving.name},
            "entering": ({"number": entering.number, "name": entering.name,
                          "is_substitute": entering.is_substitute} if entering else None),
            "reason": row.reason, "note": row.note, "recorded_by": row.recorded_by,
            "recorded_at": values.iso_z(row.recorded_at)}


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
    is_judge = bool(user and user.tournament_id == card.tournament_id)
    can_change_seats = is_judge and user.role in ("organizer", "head_judge")
    return {"card": view,
            "short_names": short_names({p["number"]: p["name"] for p in view["people"]}),
            "is_judge": is_judge,
            "has_time_limit": settings.get("session_minutes") is not None,
            "has_play_timers": rules_of(card).timing.has_play_timers,
            "can_change_seats": can_change_seats,
            "substitutes": available_substitutes(card) if can_change_seats else [],
            "next_round": next((r["round"] for r in view["rounds"] if not r["recorded"]
                                and r.get("result") != "not_played"), None)}


def available_substitutes(card: Card) -> list[dict]:
    """Return who could take a seat at this card: registered substitutes first (§4.15),
    then active players with no seat in this session."""
    busy = set(db.session.scalars(
        select(Seat.player_id).join(Table, Table.id == Seat.table_id)
        .where(Table.session_id == card.session_id)))
    busy |= set(db.session.scalars(
        select(CardSeatChange.entering_player_id).join(Card, Card.id == CardSeatChange.card_id)
        .where(Card.session_id == card.session_id,
               CardSeatChange.entering_player_id.is_not(None))))
    free = db.session.scalars(select(Player).where(
        Player.tournament_id == card.tournament_id, Player.status == "active")
        .order_by(Player.is_substitute.desc(), Player.number))
    return [{"number": p.number, "name": p.name, "is_substitute": p.is_substitute}
            for p in free if p.id not in busy]


def card_reader(card: Card, user: User | None, token: str | None) -> dict:
    """Say who reads the card: a judge of its tournament, a player at its table, or nobody."""
    player = None
    if is_token(token):
        found = db.session.scalar(select(Player).where(Player.token == token))
        if (found and found.tournament_id == card.tournament_id
                and found.number in people(card)):  # a substitute reads it as theirs too
            player = found
    return {"is_judge": bool(user and user.tournament_id == card.tournament_id),
            "player": {"number": player.number, "name": player.name} if player else None,
            "is_recorder": bool(player and player.number == _recorder_number(card))}


def _recorder_number(card: Card) -> int | None:
    if card.recorder_player_id is None:
        return None
    return db.session.get(Player, card.recorder_player_id).number


# ---------------------------------------------------------------- stored totals

_TOTALS_CHUNK = 500  # cards per statement: well inside every database's parameter limit


def store_totals(card_ids: Iterable[int]) -> None:
    """Recompute and store the totals of these cards from their rounds and penalty lines."""
    session = db.session
    session.flush()  # lines added but not yet written are counted too
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
        for card_id, number in session.execute(
                select(CardSeatChange.card_id, Player.number)
                .join(Player, Player.id == CardSeatChange.entering_player_id)
                .where(CardSeatChange.card_id.in_(chunk))):
            numbers[card_id].append(number)  # §4.15 a substitute's rounds are theirs
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
        raise Forbidden(f"Only a judge may {what}.")
    if actor.user and actor.user.tournament_id != card.tournament_id:
        raise Forbidden("This card belongs to another tournament.")


def _check_not_final(card: Card) -> None:
    """Refuse to change a card whose session's results are posted as final: the organizer
    reopens them first, with a reason (results.unfinalize_session), so a posted score never
    moves without anyone saying why."""
    session = card.table.session
    if session.finalized_at is not None:
        raise Conflict(f"Session {session.number}'s results are posted as final, so this card "
                       "cannot change. The organizer can reopen them, with a reason, for a "
                       "correction.")


def _check_recorder(actor: Actor, card: Card) -> None:
    if actor.is_judge:
        _check_judge(actor, card, "record rounds")
    elif actor.player_number != _recorder_number(card):
        raise Forbidden("Only a judge, or the player the judge appointed, may record rounds "
                        "on this card.")


def _round_line(body: CardRoundBody, scoring: Scoring) -> dict:
    """Return the round's columns from a checked body; the ticked patterns set the value."""
    line: dict = {"result": body.result, "winner": None, "value": None, "win": None,
                  "discarder": None, "same_turn": None, "patterns": None,
                  "dealer": body.dealer, "compensation_for": body.compensation_for}
    if body.result == "draw":
        return line
    value, patterns = body.value, body.patterns
    if patterns is not None:
        try:
            hand = scoring.score_hand(dict(patterns))
        except MalformedHand as exc:
            raise ServiceError(str(exc)) from exc
        if hand.errors:
            # Each message names both patterns and cites its own section (§2.2, §1.5 ...).
            raise Unprocessable("The ticked patterns break a counting rule: "
                                + " ".join(e.message for e in hand.errors))
        if value is not None and value != hand.value:
            raise Unprocessable(f"The value {value} does not match the ticked patterns, which "
                                f"make {hand.value}.")
        value = hand.value
        patterns = {k: v for k, v in patterns.items() if v}
    line.update(winner=body.winner, value=value, win=body.win,
                discarder=body.discarder if body.win == "discard" else None,
                same_turn=list(body.same_turn) if body.same_turn else None, patterns=patterns)
    return line


def _same_line(row: CardRound, line: dict) -> bool:
    return all(getattr(row, key) == line[key] for key in
               ("result", "winner", "value", "win", "discarder", "same_turn", "patterns",
                "dealer", "compensation_for"))


def _latest(card: Card, number: int) -> CardRound | None:
    return db.session.scalar(select(CardRound).where(
        CardRound.card_id == card.id, CardRound.round == number)
        .order_by(CardRound.revision.desc()).limit(1))


def line_words(line: dict, names: dict[int, str], deal_section: str = "") -> str:
    """Return a round's line as a short sentence with the players' names; a wrong-East or
    compensation mark cites `deal_section` (the card's words, "" for none)."""
    def who(number: int | None) -> str:
        return names.get(number, f"player {number}")

    if line["result"] == "draw":
        words = "a draw"
    elif line["result"] != "win":
        return "not played"
    elif line["win"] == "self":
        words = f"{who(line['winner'])} won {line['value']}, self-drawn"
    else:
        words = (f"{who(line['winner'])} won {line['value']} on a discard from "
                 f"{who(line['discarder'])}")
        if line.get("same_turn") and len(line["same_turn"]) > 1:
            words += f" (same turn: {', then '.join(who(p) for p in line['same_turn'])})"
    # a stored line names the wrong East "wrong_dealer"; a line sent names it "dealer"
    wrong = line.get("wrong_dealer", line.get("dealer"))
    if wrong is not None:
        words += f", dealt by {who(wrong)} as the wrong East{bracketed(deal_section)}"
    if line.get("compensation_for") is not None:
        words += (f", {who(line['compensation_for'])}'s compensation round"
                  f"{bracketed(deal_section)}")
    return words


def _conflict(card: Card, number: int, current: CardRound, line: dict, actor: Actor, *,
              what: str) -> str:
    """Say in words who wrote the line that stands, what it says, and what was sent."""
    names = people(card)
    section = rules_of(card).words["card.deal_cite"]
    decide = ("Choose which one stands: keep theirs, or send yours as a correction with a "
              "reason." if actor.is_judge else "A judge decides which one stands.")
    theirs = line_words(_round_json(current, rules_of(card).scoring), names, section)
    return (f"{actor_display(current.recorded_by)} {what}: {theirs}. You entered: "
            f"{line_words(line, names, section)}. {decide}")


def _both_lines(card: Card, number: int, current: CardRound | None, line: dict,
                body: CardRoundBody) -> list[dict]:
    """Return the details of a refused write: the line that stands and the one sent."""
    sent = dict(line, reason=body.reason, base_revision=body.base_revision)
    return [{"round": number, "revision": current.revision if current else None,
             "current": _round_json(current, rules_of(card).scoring) if current else None,
             "sent": sent}]


def write_round(card: Card, body: CardRoundBody, actor: Actor, *, op_id: str | None = None
                 ) -> dict:
    """Record a round, or correct the revision `base_revision` names (a stale one is 409)."""
    _check_recorder(actor, card)
    _check_not_final(card)
    number = body.round
    scoring = rules_of(card).scoring
    # "round" in Zung Jung, "hand" in MCR
    word = rules_of(card).words["card.hand_word"]
    line = _round_line(body, scoring)
    reason = " ".join(body.reason.split())
    current = _latest(card, number)

    if current is None and card.not_played_from and number >= card.not_played_from:
        words = rules_of(card).words
        raise Conflict(f"{words['card.hand_word_title']} {number} was not played: the session "
                       f"time ran out ({words['card.time_cite']}).")
    changes = seat_changes(card)
    empty = empty_from(changes)
    if empty and number >= empty:
        left = min((c for c in changes if c.entering is None), key=lambda c: c.round_from)
        raise Conflict(f"{people(card)[left.leaving]} left the table from {word} "
                       f"{left.round_from} and nobody took the seat, so {word}s from "
                       f"{left.round_from} on cannot be recorded; the other three's scores "
                       "stand. The organizer can name a substitute"
                       f"{bracketed(rules_of(card).words['card.substitute_cite'])}.")
    if body.correction:
        _check_judge(actor, card, "correct a round")
        if current is None:
            raise Conflict(f"{word.capitalize()} {number} is not recorded yet, so there is "
                           "nothing to correct. Reload the card.",
                           details=_both_lines(card, number, current, line, body))
        if current.revision != body.base_revision:
            verb = "corrected" if current.revision > 1 else "recorded"
            raise Conflict(_conflict(
                card, number, current, line, actor,
                what=f"{verb} {word} {number} after you read it (revision {current.revision} "
                     f"now stands, not revision {body.base_revision}), as"),
                details=_both_lines(card, number, current, line, body))
        if not reason:
            raise ServiceError("A correction needs a reason.")
    elif current is not None:
        if _same_line(current, line):
            return _answer(card, number, current.revision, changed=False)
        raise Conflict(_conflict(card, number, current, line, actor,
                                 what=f"already recorded {word} {number} as"),
                       details=_both_lines(card, number, current, line, body))
    elif card.status == "locked":
        _check_judge(actor, card, "record a round on a confirmed card")

    seats = _checked_deal(card, number, current, line, actor)
    try:
        scheme = card.table.session.tournament.settings.get("payoff_scheme", "formal")
        result = score_round(seats, payoff=scoring.payoff, scheme=scheme,
                             **{k: v for k, v in line.items() if k not in _NOT_SCORED})
    except BadRound as exc:
        raise ServiceError(str(exc)) from exc
    revision = current.revision + 1 if current else 1
    row = CardRound(card_id=card.id, round=number, revision=revision, **line,
                    deltas={str(k): v for k, v in result.deltas.items()},
                    responsible=result.responsible, reason=reason, recorded_by=actor.label,
                    op_id=op_id)

    def clash() -> Conflict:
        # Another judge wrote this revision a moment ago: theirs stands, this one is refused.
        now = _latest(card, number)
        message = (_conflict(card, number, now, line, actor,
                             what=f"recorded {word} {number} a moment before you, as")
                   if now else f"{word.capitalize()} {number} was just recorded by someone "
                               "else. Reload the card.")
        return Conflict(message, details=_both_lines(card, number, now, line, body))

    writes.add_unique(row, clash)
    if current is not None:
        _revoke_confirmations(card)
    _touch(card)
    store_totals([card.id])
    record_event("card.correct" if current else "card.round", tournament_id=card.tournament_id,
                 actor=actor.user or actor.label, subject=f"card:{card.id}:round:{number}",
                 before=_round_json(current, scoring) if current else None,
                 after=_round_json(row, scoring))
    return _answer(card, number, revision, changed=True)


_NOT_SCORED = ("patterns", "dealer", "compensation_for")


def _checked_deal(card: Card, number: int, current: CardRound | None, line: dict,
                  actor: Actor) -> RoundSeats:
    """Return the round's seats as actually dealt, or refuse an impossible §1.2.7 mark."""
    schedule = round_seats(card)
    marks = _marks(_revisions(card))
    mark = DealMark(line["dealer"], line["compensation_for"])
    words = rules_of(card).words
    word = words["card.hand_word"]
    if mark.is_marked and not actor.is_judge:
        # the app leaves wrong-East marks to a judge: a dealing error is an irregularity
        raise Forbidden(f"Only a judge marks a {word} dealt by the wrong East or "
                        f"a compensation {word}"
                        f"{bracketed(words['card.deal_errors_cite'])}. Call a judge.")
    if mark.compensation_for is not None and current is not None and (
            current.compensation_for != mark.compensation_for):
        dealt_by = current.dealer or schedule[number - 1].dealer
        raise Conflict(f"{word.capitalize()} {number} was already played with "
                       f"{people(card)[dealt_by]} as East: a compensation {word} is agreed "
                       f"before it is dealt{bracketed(words['card.deal_reading'])}, so mark a "
                       f"{word} still to be played.")
    if mark.is_marked:
        marks[number] = mark
    else:
        marks.pop(number, None)
    try:
        check_deals(schedule, marks)
    except BadDeal as exc:
        raise Unprocessable(words.format("card.deal_refused",
                                         problem=_named(card, str(exc)))) from exc
    return marked_seats(schedule[number - 1], mark)


def _named(card: Card, message: str) -> str:
    """Put the players' names into a core message that speaks of "Player 7"."""
    for number, name in people(card).items():
        message = message.replace(f"Player {number} ", f"{name} (player {number}) ")
    return message


def _answer(card: Card, number: int, revision: int, *, changed: bool) -> dict:
    return {"card": card_view(card), "round": number, "revision": revision, "changed": changed}


def put_penalty(card: Card, player: int, points: int, reason: str, actor: Actor, *,
                round_: int | None = None, op_id: str | None = None) -> dict:
    """Put penalty points on the card's penalty line (off the offender's total, §4.11)."""
    _check_judge(actor, card, "give a penalty")
    _check_not_final(card)
    if player not in people(card):
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
    store_totals([card.id])
    record_event("card.penalty", tournament_id=card.tournament_id,
                 actor=actor.user or actor.label, subject=f"card:{card.id}:penalty:{penalty.id}",
                 after={"player": player, "points": points, "reason": reason})
    return {"card": card_view(card), "penalty": penalty.id}


def strike_penalty(card: Card, penalty_id: int, reason: str, actor: Actor, *,
                   by_appeal: bool = False) -> dict:
    """Strike out a penalty with a reason; it stays on the card, marked void.

    The head judge's decision on an appeal (`by_appeal`, §4.3) is final and may come after
    the session is posted; any other strike waits for the organizer to reopen the session.
    """
    _check_judge(actor, card, "strike out a penalty")
    if not by_appeal:
        _check_not_final(card)
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
    store_totals([card.id])
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
        raise Forbidden("Only a judge may record a signature on the paper card.")
    if actor.is_judge:
        _check_judge(actor, card, "confirm for a player")
        if player is None:
            raise ServiceError("Say which player the card is confirmed for.")
    else:
        player = actor.player_number
    if player not in final_occupants(card):
        raise Forbidden(f"Player {player} does not sit at this table at the end of the "
                        "card, so does not confirm it.")
    view = card_view(card)
    if not view["is_complete"]:
        missing = [r["round"] for r in view["rounds"]
                   if not r["recorded"] and r.get("result") != "not_played"]
        word = rules_of(card).words["card.hand_word"]
        raise Conflict(f"The card is not finished: {word} {missing[0]} and "
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
    if len(_confirmations(card)) == len(final_occupants(card)):
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
    _check_not_final(card)
    session = card.table.session
    rules = rules_of(card)
    if session.stage == "final" and session.bracket_size == rules.ranking.grand_final_size:
        raise Conflict("The Grand Final has no session time limit "
                       f"({rules.words['final_day.untimed_cite']}): all "
                       f"{rules.session.rounds} rounds are played.")
    if session.tournament.settings.get("session_minutes") is None:
        raise Conflict("This event has no session time limit, so every round is played.")
    recorded = max(_revisions(card), default=0)
    first = from_round or recorded + 1
    if first <= recorded:
        word = rules.words["card.hand_word"]
        raise Conflict(f"{word.capitalize()} {recorded} is already recorded; {word}s from "
                       f"{recorded + 1} on can be marked not played.")
    card.not_played_from = first if first <= rules.session.rounds else None
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


# ---------------------------------------------------------------- leaving mid-session

def record_seat_change(card: Card, body: CardSeatChangeBody, actor: Actor
                       ) -> tuple[dict, Player | None]:
    """Record that a player leaves the table from a round on, and who takes the seat.

    Return the card's answer and the player who left, or None when the change only names
    the substitute for a seat left empty earlier. The organizer or head judge records it.
    The leaving player's status is the caller's to change (judgeaid.services.leaving,
    resigned or disqualified from the next session on); the rounds before
    `from_round` stay theirs. A substitute named here plays the rest as a neutral player
    (§4.15, our reading for the middle of a session): their score keeps the table zero-sum
    and is never ranked. Without one, no round from `from_round` on can be recorded. A seat
    left empty can be given a substitute later by sending the same change with one.
    """
    _check_judge(actor, card, "record a player leaving the table")
    _check_not_final(card)
    if actor.user is None or actor.user.role not in ("organizer", "head_judge"):
        raise Forbidden("Only the organizer or the head judge records a player leaving "
                        "the table.")
    starting = starting_seats(card)
    seat = next((s for s in card.table.seats if s.player.number == body.player), None)
    if seat is None:
        raise Unprocessable(f"Player {body.player} did not start at this table; name one of "
                            f"{', '.join(str(n) for n in starting.values())}.")
    leaving = seat.player
    existing = next((row for row in _change_rows(card) if row.position == seat.position), None)
    if existing is not None:
        return _fill_empty_seat(card, existing, body, actor), None
    recorded = set(_revisions(card))
    later = sorted(n for n in recorded if n >= body.from_round)
    if later:
        raise Conflict(f"Round {later[0]} is already recorded with {leaving.name} at the "
                       f"table. A player leaves from a round not yet recorded (from round "
                       f"{max(recorded) + 1}), or a judge corrects the rounds first; no "
                       "recorded round is rewritten.")
    if card.not_played_from and body.from_round >= card.not_played_from:
        raise Conflict(f"Rounds from {card.not_played_from} are not played (session time "
                       "over), so nobody leaves the table there.")
    entering = _substitute(card, body.substitute) if body.substitute is not None else None
    note = " ".join(body.note.split())
    row = CardSeatChange(card_id=card.id, round_from=body.from_round, position=seat.position,
                         leaving_player_id=leaving.id,
                         entering_player_id=entering.id if entering else None,
                         reason=body.reason, note=note, recorded_by=actor.label,
                         op_id=body.op_id)
    db.session.add(row)
    db.session.flush()
    _revoke_confirmations(card)
    _touch(card)
    store_totals([card.id])
    record_event("card.seat_change", tournament_id=card.tournament_id, actor=actor.user,
                 subject=f"card:{card.id}:seat:{WINDS[seat.position]}",
                 after={"player": leaving.number, "from_round": body.from_round,
                        "reason": body.reason, "substitute": entering.number if entering
                        else None, "note": note})
    return {"card": card_view(card)}, leaving


def _fill_empty_seat(card: Card, row: CardSeatChange, body: CardSeatChangeBody,
                     actor: Actor) -> dict:
    """Name the substitute for a seat left empty; anything else about a change stands."""
    if row.entering_player_id is not None or body.substitute is None:
        raise Conflict(f"{row.leaving.name} already left this table from round "
                       f"{row.round_from}" + (f", and {row.entering.name} took the seat"
                                              if row.entering else "")
                       + ". A seat changes hands once on a card.")
    if body.from_round != row.round_from or body.reason != row.reason:
        raise Conflict(f"{row.leaving.name} left from round {row.round_from} "
                       f"({row.reason}); the substitute takes the seat from that round.")
    entering = _substitute(card, body.substitute)
    row.entering_player_id = entering.id
    db.session.flush()
    db.session.refresh(row)
    _revoke_confirmations(card)
    _touch(card)
    store_totals([card.id])
    record_event("card.seat_change.substitute", tournament_id=card.tournament_id,
                 actor=actor.user, subject=f"card:{card.id}:seat:{WINDS[row.position]}",
                 before={"substitute": None}, after={"substitute": entering.number})
    return {"card": card_view(card)}


def _substitute(card: Card, number: int) -> Player:
    """Return the player who may take a seat at this card, or refuse with the reason."""
    player = db.session.scalar(select(Player).where(
        Player.tournament_id == card.tournament_id, Player.number == number))
    if player is None:
        raise Unprocessable(f"There is no player {number} in this tournament.")
    if player.number in people(card):
        raise Unprocessable(f"{player.name} already sits at this table.")
    if player.status != "active":
        raise Unprocessable(f"{player.name} is {player.status} and cannot take a seat.")
    seated = db.session.scalar(
        select(Table.number).join(Seat, Seat.table_id == Table.id)
        .where(Table.session_id == card.session_id, Seat.player_id == player.id))
    if seated is not None:
        raise Conflict(f"{player.name} plays at table {seated} in this session.")
    elsewhere = db.session.scalar(
        select(Table.number).join(Card, Card.table_id == Table.id)
        .join(CardSeatChange, CardSeatChange.card_id == Card.id)
        .where(Card.session_id == card.session_id,
               CardSeatChange.entering_player_id == player.id))
    if elsewhere is not None:
        raise Conflict(f"{player.name} already took a seat at table {elsewhere} in this "
                       "session.")
    return player


def substitute_seats(player_id: int) -> list[dict]:
    """Return the seats a player took mid-session as a neutral substitute, with their totals."""
    rows = db.session.execute(
        select(PlaySession.number, PlaySession.stage, PlaySession.bracket_size,
               PlaySession.finalized_at, Table.number, CardSeatChange.position,
               CardSeatChange.round_from, CardTotal.rounds, CardTotal.penalties)
        .join(Card, Card.id == CardSeatChange.card_id)
        .join(Table, Table.id == Card.table_id)
        .join(PlaySession, PlaySession.id == Table.session_id)
        .join(Player, Player.id == CardSeatChange.entering_player_id)
        .outerjoin(CardTotal, (CardTotal.card_id == Card.id)
                   & (CardTotal.player_number == Player.number))
        .where(CardSeatChange.entering_player_id == player_id)
        .order_by(PlaySession.number))
    return [{"number": number, "stage": stage, "bracket_size": size, "is_final": bool(final),
             "table": table, "seat": WINDS[position], "from_round": from_round,
             "rounds": rounds or 0, "penalties": penalties or 0,
             "raw": (rounds or 0) + (penalties or 0)}
            for number, stage, size, final, table, position, from_round, rounds, penalties
            in rows]
