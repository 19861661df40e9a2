"""Reading a scoring card: its whole view, its score sheet, its live page and its reader.

The view is plain data (the API body and the pages' data); `view_tag` is the version of
everything it shows, the ETag every phone polls with (judgeaid.viewcache).
"""

from __future__ import annotations

import zlib

from flask_babel import gettext as _
from sqlalchemy import bindparam, select
from sqlalchemy.engine import Connection

from judgeaid import values
from judgeaid.extensions import db
from judgeaid.models import (
    WINDS,
    Card,
    CardPenalty,
    CardRound,
    CardSeatChange,
    Player,
    Seat,
    Table,
    Tournament,
    User,
)
from judgeaid.rules import Ruleset, Scoring
from judgeaid.services import right_to_win
from judgeaid.services.cards import (
    confirmations_of,
    deal_marks,
    final_occupants,
    people,
    recorder_number,
    round_revisions,
    round_seats,
    rules_of,
    seat_change_rows,
    seat_changes,
    starting_seats,
)
from judgeaid.services.catalogue_words import line_name
from judgeaid.services.core_messages import say_rule
from judgeaid.services.errors import NotFound
from judgeaid.services.players import is_token
from judgeaid.tournament.card import card_totals, deal_owed, empty_from, marked_seats, occupants
from judgeaid.wording import page_words, script_view

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
    row = _versions(card_id)
    if row is None:
        raise NotFound(_("There is no scoring card %(card_id)s.", card_id=card_id))
    return _tag(card_id, row.version, row.revision, row.created_at)


def _versions(card_id: int):
    """Read the card's versions: Core, on a statement built once, and outside a transaction
    (autocommit): this is every poll of every phone in the hall, and a transaction's BEGIN and
    the ROLLBACK that ends it would add two round trips to the database to its one. A session
    already bound to a connection (a caller running us inside its transaction) reads there."""
    bind = db.session.get_bind()
    if isinstance(bind, Connection):
        return bind.execute(_VIEW_TAG, {"card_id": card_id}).one_or_none()
    with bind.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        return connection.execute(_VIEW_TAG, {"card_id": card_id}).one_or_none()


def card_tag(card: Card) -> str:
    """Return `view_tag` of a card loaded in this transaction, from what is loaded (no
    query): for a write that has just bumped the card's version."""
    event = card.table.session.tournament
    return _tag(card.id, card.version, event.revision, event.created_at)


def _tag(card_id: int, version: int, revision: int, created_at) -> str:
    # The event's moment of creation tells apart two databases (a practice event and the
    # real one) whose card 1 is at the same version, when both share one Redis.
    event = zlib.crc32(created_at.isoformat().encode())
    return f"card-{card_id}-v{version}-r{revision}-e{event:08x}"


def shell_tag(tag: str) -> str:
    """Return the tag of the reader's page shell, from the card's view tag (`view_tag`).

    The shell shows the event, the table and the players, and carries the card's data for
    card.js to draw at once (no fetch after the script: a round trip on venue Wi-Fi, issue
    31): it changes with the card's version as its data does, and its first poll is a 304.
    """
    return f"{tag}-shell"


def round_json(row: CardRound, scoring: Scoring, code: str = "") -> dict:
    """Return a recorded round as the card's data; with its ruleset's `code`, its pattern lines
    are named as the page's reader names them."""
    return {"result": row.result, "winner": row.winner, "value": row.value, "win": row.win,
            "wrong_dealer": row.dealer, "compensation_for": row.compensation_for,
            "discarder": row.discarder, "same_turn": row.same_turn or [],
            "patterns": row.patterns, "pattern_lines": _pattern_lines(row, scoring, code),
            "deltas": {int(k): v for k, v in row.deltas.items()},
            "responsible": row.responsible, "revision": row.revision, "reason": row.reason,
            "recorded_by": row.recorded_by, "recorded_at": values.iso_z(row.recorded_at)}


def _pattern_lines(row: CardRound, scoring: Scoring, code: str) -> list[dict]:
    # The recorded patterns as the card shows them: those a ticked pattern is always scored
    # with are marked as included (§2.4 3.2.1, 9.4.1); rounds recorded before stay as they were.
    # Names and labels as the page's reader says them (the Chinese name for a Chinese reader).
    return [{"id": line.id, "name": line_name(code, line.name) if code else line.name,
             "count": line.count, "points": line.points, "implied_by": line.implied_by,
             "included": (say_rule(code, scoring.implied_label(line)) if code
                          else scoring.implied_label(line)) or None}
            for line in scoring.recorded_lines(row.patterns, row.value)]


SEAT_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


def _moves(rules, seats: list, number: int, names: dict[int, str]) -> list[str]:
    """Say where each player moves at a wind-round (cycle) change: "Hand 5: Ann moves to the
    South seat" (MCR Appendix 4; §3.4 for ZJ), in the ruleset's words; none otherwise."""
    if number == 1 or rules.session.cycle_of(number) == rules.session.cycle_of(number - 1):
        return []
    before = {player: seat for seat, player in seats[number - 2].seats.items()}
    return [page_words(rules).format("card.seat_move", round=number, name=names.get(player,
                               f"#{player}"), seat=_(SEAT_NAMES[seat]))
            for seat, player in sorted(seats[number - 1].seats.items(),
                                       key=lambda item: "ESWN".index(item[0]))
            if before.get(player) != seat]


def card_view(card: Card) -> dict:
    """Return the whole card as plain data (the API body and the pages' data)."""
    change_rows = seat_change_rows(card)
    changes = seat_changes(card, change_rows)
    seats = round_seats(card, changes)
    revisions = round_revisions(card)
    marks = deal_marks(revisions)
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
                "moves": _moves(rules, seats, number, names),
                "wrong_dealer": None, "compensation_for": None, "history": []}
        history = revisions.get(number, [])
        if history:
            line.update(round_json(history[-1], rules.scoring, rules.code), recorded=True)
            line["history"] = [round_json(r, rules.scoring, rules.code)
                               for r in reversed(history[:-1])]
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
    confirmed = {c.player_number: c for c in confirmations_of(card)}
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
        # MCR §3.11.3, ZJ §1.8: who may not win which round or hand, and the ruling that says so
        "no_win": {str(number): [{"player": player, "ruling": words,
                                  "note": page_words(rules).format("card.no_win_note",
                                                                   ruling=words)}
                                 for player, words in barred.items()]
                   for number, barred in sorted(right_to_win.barred(card, names).items())},
        # MCR §3.7.2.4: the round form asks who else called Hu on the discard
        "several_hu": rules.session.hu_order is not None,
        "claimants_label": page_words(rules)["card.claimants_label"],
        "not_played_from": card.not_played_from,
        "is_complete": all(r["recorded"] or r.get("result") == "not_played" for r in rounds),
        # via "witnessed": the players confirmed together before the judge named
        "confirmations": [{"player": c.player_number, "via": c.via, "by": c.confirmed_by,
                           "confirmed_at": values.iso_z(c.confirmed_at),
                           "before_judge": c.confirmed_by.partition(":")[2]
                           if c.via == "witnessed" else None}
                          for c in confirmed.values()],
        "pending_confirmations": [n for n in signers if n not in confirmed],
        "signers": signers,
        "recorder": recorder_number(card),
        "people": [{"number": n, "name": name, "is_substitute": n not in numbers}
                   for n, name in names.items()],
        "seat_changes": [_change_json(row) for row in change_rows],
        "deal_owed": {n: skipped for n, skipped in deal_owed(seats, marks).items()},
        "ruleset": session.tournament.ruleset,
        "words": card_words(rules),
        # the ruleset's words and capabilities for the card's scripts (static/js/rulesets.js)
        "rules": script_view(rules.code, ("card.hand_word", "js.card.", "js.payoff.",
                                             "js.paper.")),
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
    words = page_words(rules)
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
            "has_play_timers": rules_of(card).timing.times_play,
            "can_change_seats": can_change_seats,
            "substitutes": available_substitutes(card) if can_change_seats else [],
            "next_round": next((r["round"] for r in view["rounds"] if not r["recorded"]
                                and r.get("result") != "not_played"), None),
            "hand_fouls": hand_fouls(card) if is_judge else []}


def hand_fouls(card: Card) -> list[dict]:
    """Return the fouls the card's hand form offers a judge (the ruleset's), each with the
    rubric lines it may be and their words; the form prices them by the rubric's suggestion
    (judgeaid.services.penalties) and records them as a ruling, as "New ruling" does."""
    rules = rules_of(card)
    rubric = rules.rubric

    def line(category: str, infraction: str) -> dict:
        example = rubric.find_infraction(category, infraction)
        section = getattr(example, "section", None)
        return {"id": infraction, "label": example.label,
                "section": section if section and rules.guide.is_section(section) else None}

    return [{"id": foul.id, "category": foul.category,
             "infractions": [line(foul.category, i) for i in foul.infractions]}
            for foul in rubric.hand_fouls]


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
            "is_recorder": bool(player and player.number == recorder_number(card))}
