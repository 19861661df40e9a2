"""The Official Scoring Card (§1.5, §4.9, A.2.2): the card itself, who writes on it, its seats.

Nothing on a card is ever deleted or overwritten: a correction is a new revision of the
round with who, when and why; a struck-out penalty stays, marked void.

This module holds what every part of the card's service shares: the actors who write and
how their labels read, finding and creating a table's card, its ruleset, and its seats,
rounds and confirmations as stored. Reading the card is judgeaid.services.card_views; its
write verbs are judgeaid.services.card_writes; a player leaving the table mid-session is
judgeaid.services.card_seats; the stored totals are judgeaid.services.card_totals.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm import joinedload

from judgeaid.edge import length_of
from judgeaid.extensions import db
from judgeaid.models import (
    WINDS,
    AuditEvent,
    Card,
    CardPenalty,
    CardRound,
    CardSeatChange,
    ClockEvent,
    Confirmation,
    Player,
    PlaySession,
    Seat,
    Table,
    User,
)
from judgeaid.rules import Ruleset, get_ruleset
from judgeaid.services.errors import NotFound
from judgeaid.tournament.card import DealMark, SeatChange, card_schedule, occupants
from judgeaid.tournament.rotation import RoundSeats

# Who wrote a line is stored in full wherever it fits: the narrowest column that keeps it.
LABEL_LIMIT = min(length_of(column) for column in (
    CardRound.recorded_by, CardPenalty.recorded_by, Confirmation.confirmed_by, ClockEvent.by,
    AuditEvent.actor))


def N_(text: str) -> str:
    """Mark a message for the catalogues; it is translated where it is said."""
    return text


def actor_label(kind: str, name: str) -> str:
    """Return "kind:name" within LABEL_LIMIT: a long name is cut short with an ellipsis."""
    label = f"{kind}:{name}"
    return label if len(label) <= LABEL_LIMIT else label[:LABEL_LIMIT - 1] + "\u2026"


# Labels written by the system itself rather than a person.
SYSTEM_ACTORS = {"clock": N_("the session clock"), "setup": N_("setup"),
                 "restore": N_("the restore"), "command line": N_("the command line"),
                 "anonymous": N_("someone not signed in")}
# The roles a label names, as people read them (issue 29: in the reader's language).
ROLE_NAMES = {"organizer": N_("organizer"), "head_judge": N_("head judge"), "judge": N_("judge"),
              "player": N_("player")}


def actor_display(label: str | None) -> str:
    """Return a stored "kind:name" label as people read it: "Rita Ramos (organizer)"."""
    if not label:
        return ""
    kind, sep, name = label.partition(":")
    if not sep:
        return _(SYSTEM_ACTORS[label]) if label in SYSTEM_ACTORS else label
    if kind == "player":
        number, _sep, player = name.partition(" ")
        return (_("%(name)s (player %(number)s)", name=player, number=number)
                if number.isdigit() and player else name)
    role = _(ROLE_NAMES[kind]) if kind in ROLE_NAMES else kind.replace("_", " ")
    return _("%(name)s (%(role)s)", name=name, role=role)


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
        raise NotFound(_("Table %(number)s has no scoring card.", number=table.number))
    return card


# What every use of a card reads (its rules, its seats and who sits in them): loaded with
# the card, in two statements, rather than one lazy load each (about ten on a card write).
_CARD_GRAPH = (joinedload(Card.table).joinedload(Table.session).joinedload(PlaySession.tournament),
               joinedload(Card.table).selectinload(Table.seats).joinedload(Seat.player))


def get_card_or_404(card_id: int) -> Card:
    """Return the card, its table, seats, players, session and event, or raise NotFound."""
    card = db.session.get(Card, card_id, options=_CARD_GRAPH)
    if card is None:
        raise NotFound(_("There is no scoring card %(card_id)s.", card_id=card_id))
    return card


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


def seat_change_rows(card: Card) -> list[CardSeatChange]:
    return list(db.session.scalars(select(CardSeatChange).where(
        CardSeatChange.card_id == card.id).order_by(CardSeatChange.round_from,
                                                     CardSeatChange.position)))


def seat_changes(card: Card, rows: list[CardSeatChange] | None = None) -> list[SeatChange]:
    """Return the card's mid-session seat changes as the core reads them (§4.11, §4.15)."""
    return [SeatChange(row.round_from, WINDS[row.position], row.leaving.number,
                       row.entering.number if row.entering else None)
            for row in (seat_change_rows(card) if rows is None else rows)]


def _mark(row: CardRound | None) -> DealMark | None:
    if row is None or (row.dealer is None and row.compensation_for is None):
        return None
    return DealMark(row.dealer, row.compensation_for)


def deal_marks(revisions: dict[int, list[CardRound]]) -> dict[int, DealMark]:
    """Return the §1.2.7 mark of every round whose standing line carries one."""
    marks = {number: _mark(rows[-1]) for number, rows in revisions.items()}
    return {number: mark for number, mark in marks.items() if mark}


def people(card: Card, rows: list[CardSeatChange] | None = None) -> dict[int, str]:
    """Return the name of everyone who sat at the card's table: its four and substitutes."""
    names = {s.player.number: s.player.name for s in card.table.seats}
    for row in seat_change_rows(card) if rows is None else rows:
        if row.entering:
            names[row.entering.number] = row.entering.name
    return names


def final_occupants(card: Card, changes: list[SeatChange] | None = None) -> list[int]:
    """Return who holds each seat at the end of the card (a seat left empty: nobody)."""
    changes = seat_changes(card) if changes is None else changes
    held = occupants(starting_seats(card), changes, rules_of(card).session.rounds)
    empty = {c.leaving for c in changes if c.entering is None}
    return [held[n] for n in starting_seats(card).values() if n not in empty]


def round_revisions(card: Card) -> dict[int, list[CardRound]]:
    rows = db.session.scalars(select(CardRound).where(CardRound.card_id == card.id)
                              .order_by(CardRound.round, CardRound.revision))
    grouped: dict[int, list[CardRound]] = {}
    for row in rows:
        grouped.setdefault(row.round, []).append(row)
    return grouped


def confirmations_of(card: Card) -> list[Confirmation]:
    return list(db.session.scalars(select(Confirmation).where(
        Confirmation.card_id == card.id, Confirmation.revoked_at.is_(None))
        .order_by(Confirmation.confirmed_at)))


def recorder_number(card: Card) -> int | None:
    if card.recorder_player_id is None:
        return None
    return db.session.get(Player, card.recorder_player_id).number


def next_hands(card_ids: list[int], rounds: int) -> dict[int, int | None]:
    """Return each card's first round or hand not yet recorded (None: every one is settled,
    or the session time ran out before it), in one query for a whole session's cards."""
    if not card_ids:
        return {}
    recorded: dict[int, set[int]] = {card_id: set() for card_id in card_ids}
    for card_id, number in db.session.execute(
            select(CardRound.card_id, CardRound.round).where(CardRound.card_id.in_(card_ids))
            .distinct()):
        recorded[card_id].add(number)
    closed = dict(db.session.execute(select(Card.id, Card.not_played_from)
                                     .where(Card.id.in_(card_ids))).all())
    found: dict[int, int | None] = {}
    for card_id, done in recorded.items():
        last = min(rounds, (closed.get(card_id) or rounds + 1) - 1)
        found[card_id] = next((n for n in range(1, last + 1) if n not in done), None)
    return found
