"""Changes to a seated session's seats: a hand swap, and the players' own wind draw.

A seated session is the record of who played whom (judgeaid.services.seating): its seats
change only while its cards are blank, by a swap the judge confirms past any warning
(§3.6, §4.15), or by entering the wind tiles the players drew at the table (§1.2.2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from flask_babel import gettext as _

from judgeaid.extensions import db
from judgeaid.models import WINDS, Player, PlaySession, Seat, Table, Tournament, User
from judgeaid.rules import get_ruleset
from judgeaid.rules.ruleset import bracketed
from judgeaid.services.audit import record_event
from judgeaid.services.cards import card_for_table
from judgeaid.services.errors import Conflict, ServiceError
from judgeaid.services.players import get_player_or_404, status_word
from judgeaid.services.seating import (
    card_has_records,
    card_has_rounds,
    get_seated_session_or_404,
    get_table_or_404,
    played_tables,
    recorded_plan,
    session_tables,
    team_names,
    touch_card,
    wind_names,
)
from judgeaid.services.session_changes import check_late
from judgeaid.tournament.seating import Plan, check_swap
from judgeaid.wording import page_words, ruleset_view


@dataclass(frozen=True)
class SwapOutcome:
    """What a hand swap found: the warnings, and whether the seats were exchanged."""

    warnings: list[str]
    is_done: bool


def swap_players(tournament: Tournament, number: int, a: int | None, b: int | None,
                 actor: User, *, is_confirmed: bool) -> SwapOutcome:
    """Exchange two players' seats in a seated session while its cards are still blank.

    When the second player has no seat in the session (a substitute, say), they take the
    first player's seat instead, which §4.15 allows for a player who is out of the event.
    Repeats and team clashes (§3.6) are warnings: the swap waits for a confirmation.
    """
    session = get_seated_session_or_404(tournament, number)
    first, second = get_player_or_404(tournament, a), get_player_or_404(tournament, b)
    seats = {seat.player_id: seat for table in session.tables for seat in table.seats}
    seat_a, seat_b = seats.get(first.id), seats.get(second.id)
    if first.id == second.id:
        raise ServiceError(_("Choose two different players."))
    if seat_a is None:
        raise ServiceError(_("%(name)s has no seat in session %(n)s.", name=first.name,
                             n=number))
    for seat in (seat_a, seat_b):
        if seat is not None and card_has_records(card_for_table(seat.table)):
            raise Conflict(_("Table %(n)s already has a round or a penalty on its card; its "
                             "players stay where they are.", n=seat.table.number))
    if seat_b is None:
        warnings = _replace_check(tournament, session, seat_a, second)
    else:
        if seat_a.table_id == seat_b.table_id:
            raise ServiceError(_("%(a)s and %(b)s already share table %(n)s; swapping them "
                                 "changes nothing.", a=first.name, b=second.name,
                                 n=seat_a.table.number))
        plan = _seated_plan(tournament)
        warnings = check_swap(plan, number - 1, first.number, second.number,
                              team_names(tournament),
                              page_words(get_ruleset(tournament.ruleset))["seating.team_apart_cite"])
    if warnings and not is_confirmed:
        return SwapOutcome(warnings, False)
    before = session_tables(session)
    touched = [seat_a.table] + ([seat_b.table] if seat_b else [])
    if seat_b is None:
        seat_a.player_id = second.id
        second.joined_session = min(second.joined_session, number)
    else:
        seat_a.player_id, seat_b.player_id = second.id, first.id
    for table in touched:
        touch_card(card_for_table(table), {first.id, second.id})
    db.session.flush()
    for seat in (seat_a, seat_b):
        if seat is not None:
            db.session.expire(seat)
    record_event("session.swap", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{number}",
                 before={"tables": before, "players": [first.number, second.number]},
                 after={"tables": session_tables(session), "warnings": warnings})
    return SwapOutcome(warnings, True)


def _seated_plan(tournament: Tournament) -> Plan:
    """Return the seated sessions as a measured plan."""
    return recorded_plan(played_tables(tournament), team_names(tournament))


def _replace_check(tournament: Tournament, session: PlaySession, seat: Seat,
                   newcomer: Player) -> list[str]:
    """Refuse or warn about a player without a seat taking `seat` in a seated session."""
    leaving = seat.player
    if leaving.status == "active" and not leaving.is_substitute:
        raise ServiceError(_("%(name)s is still in the event: withdraw them first, or swap two "
                             "seated players.", name=leaving.name))
    if newcomer.status != "active":
        raise ServiceError(_("%(name)s is %(status)s and cannot take a seat.",
                             name=newcomer.name, status=status_word(newcomer.status)))
    if newcomer.joined_session > session.number and not newcomer.is_substitute:
        check_late(get_ruleset(tournament.ruleset), session.number, session.number)
    plan = _seated_plan(tournament)
    teams = team_names(tournament)
    warnings = []
    for other in (s.player.number for s in seat.table.seats if s.player_id != leaving.id):
        met = [i + 1 for i, tables in enumerate(plan.sessions)
               if any(newcomer.number in t and other in t for t in tables)]
        if met:
            warnings.append(_("Players %(a)s and %(b)s would meet again at table %(n)s; they "
                              "met in session %(sessions)s.", a=newcomer.number, b=other,
                              n=seat.table.number, sessions=", ".join(map(str, met))))
        team = teams.get(other)
        if team and team == teams.get(newcomer.number):
            # §3.6 team-mates apart
            words = page_words(get_ruleset(newcomer.tournament.ruleset))
            section = words["seating.team_apart_cite"]
            warnings.append(_("Players %(a)s and %(b)s are both in team %(team)s and would "
                              "share table %(n)s%(cite)s.", a=newcomer.number, b=other,
                              team=team, n=seat.table.number, cite=bracketed(section)))
    return warnings


def enter_seat_draw(tournament: Tournament, number: int, table_number: int,
                    draw: Mapping[str, object], actor: User) -> Table:
    """Record the players' own wind-tile draw (§1.2.2) as a table's starting seats."""
    table = get_table_or_404(tournament, number, table_number)
    card = card_for_table(table)
    if card_has_rounds(card):
        words = page_words(get_ruleset(tournament.ruleset))
        raise Conflict(_("A %(hand)s is already recorded at table %(n)s, so its starting seats "
                         "can no longer change%(cite)s.",
                         hand=ruleset_view(tournament.ruleset)["words"]["card.hand_word"],
                         n=table.number, cite=bracketed(words["card.seat_draw_cite"])))
    seats = {seat.player.number: seat for seat in table.seats}
    chosen = {}
    for wind in WINDS:
        value = draw.get(wind)
        try:
            chosen[wind] = int(value)  # type: ignore[arg-type]
        except (TypeError, ValueError):
            raise ServiceError(_("Choose who drew %(wind)s.", wind=wind_names()[wind])) from None
        if chosen[wind] not in seats:
            raise ServiceError(_("Player %(number)s is not at table %(n)s.", number=chosen[wind],
                                 n=table.number))
    if len(set(chosen.values())) != len(WINDS):
        raise ServiceError(_("Each player draws exactly one wind: choose four different "
                             "players."))
    before = {WINDS[s.position]: n for n, s in seats.items()}
    # Park every seat on a free position first: (table, position) is unique at every step.
    for seat in seats.values():
        seat.position += len(WINDS)
    db.session.flush()
    for wind, player_number in chosen.items():
        seats[player_number].position = WINDS.index(wind)
    table.seats_source = "judge"
    touch_card(card, set())
    db.session.flush()
    db.session.expire(table)
    record_event("table.seat_draw", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{number}:table:{table.number}",
                 before={"seats": _ordered(before)}, after={"seats": _ordered(chosen)})
    return table


def _ordered(seats: Mapping[str, int]) -> dict[str, int]:
    """Return seats in E, S, W, N order."""
    return {wind: seats[wind] for wind in WINDS}
