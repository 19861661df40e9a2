"""What the standings are computed from (§3.3, §3.5, §3.7): the event's sheet of sessions,
players and card totals, loaded once.

Card totals are read from the totals every card write stores (`CardTotal`, see
judgeaid.services.card_totals), so the standings of a whole event cost one query of four
numbers per card; `card_view(card)["totals"]` gives the same numbers card by card (a test holds
both to it). The standings computed from a sheet are kept per data version (`computed_standings`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from threading import Lock
from typing import NamedTuple

from flask_babel import gettext as _
from sqlalchemy import and_, func, select

from judgeaid.extensions import db
from judgeaid.i18n import page_lang
from judgeaid.models import (
    WINDS,
    Card,
    CardTotal,
    Player,
    PlaySession,
    Seat,
    Table,
    Team,
    Tournament,
)
from judgeaid.rules import get_ruleset
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.card_views import card_view
from judgeaid.services.errors import NotFound
from judgeaid.tournament.standings import PlayerResult, Standing
from judgeaid.wording import page_words

PRELIMINARY = "preliminary"
FINAL = "final"
# the event's setting that keeps the organizer's drawn lots (see recorded_lots)
DRAW_ORDER = "draw_order"
# the event's setting that keeps the draws made by hand in place of the seeded draw, each
# with who entered it (a ruleset whose ties go to a seeded draw; see recorded_lots)
PHYSICAL_DRAWS = "physical_draws"
# the event's setting: how many places at the top win a prize, as the organizer marked them
# (None: none marked); a tie there is worth a lot, or a physical draw
PRIZE_PLACES = "prize_places"
OUT_STATUSES = {"resigned": "resigned", "withdrawn": "withdrawn",
                "disqualified": "disqualified"}


# ---------------------------------------------------------------- card totals

class SeatTotal(NamedTuple):
    """One player's result at one table in one session: rounds, penalty line, total."""

    session_id: int
    session_number: int
    stage: str
    bracket_size: int | None
    table: int
    card_id: int | None
    seat: str
    player_id: int
    player_number: int
    rounds: int
    penalties: int
    # §4.15 (our reading) a neutral filler's seat: its total counts for nobody's place
    is_neutral: bool = False
    # the absent player whose seat the neutral filler took, by number
    stands_in_for: int | None = None

    @property
    def total(self) -> int:
        """Return the card total: rounds less penalties (§4.11)."""
        return self.rounds + self.penalties


def seat_points(tournament: Tournament, seats: Iterable[SeatTotal]
                ) -> dict[tuple[int, int], float]:
    """Return each seat's standings points by (session number, player number), table by table."""
    return _points_by_seat(tournament, ((seat.session_number, seat.table, seat.player_number,
                                         seat.total) for seat in seats))


def _points_by_seat(tournament: Tournament, seats: Iterable[tuple[int, int, int, int]]
                    ) -> dict[tuple[int, int], float]:
    # seats as (session number, table, player number, card total); the ruleset scores a
    # whole table at once, a neutral filler's seat included (it holds a place there)
    table_points = get_ruleset(tournament.ruleset).ranking.table_points
    tables: dict[tuple[int, int], dict[int, int]] = {}
    for session, table, player, total in seats:
        tables.setdefault((session, table), {})[player] = total
    return {(session, player): points for (session, _), totals in tables.items()
            for player, points in table_points(totals).items()}


def seat_totals(tournament_id: int, player_id: int | None = None) -> list[SeatTotal]:
    """Return the card total of every seat in every seated session (or one player's seats)."""
    return [SeatTotal._make(seat) for seat in _seats(tournament_id, player_id)]


def _seats(tournament_id: int, player_id: int | None = None) -> list[tuple]:
    # SeatTotal's fields as plain tuples of numbers and text, which the garbage collector
    # stops tracking: a big event has thousands of seats.
    seated = db.session.execute(
        select(PlaySession.id, PlaySession.number, PlaySession.stage, PlaySession.bracket_size)
        .where(PlaySession.tournament_id == tournament_id, PlaySession.is_seated))
    sessions = {session_id: (number, stage, size) for session_id, number, stage, size in seated}
    query = (select(Table.session_id, Table.number, Card.id, Seat.position, Player.id,
                    Player.number, CardTotal.rounds, CardTotal.penalties, Seat.is_neutral,
                    Seat.stands_in_for)
             .join(PlaySession, PlaySession.id == Table.session_id)
             .join(Seat, Seat.table_id == Table.id)
             .join(Player, Player.id == Seat.player_id)
             .outerjoin(Card, Card.table_id == Table.id)
             .outerjoin(CardTotal, and_(CardTotal.card_id == Card.id,
                                        CardTotal.player_number == Player.number))
             .where(PlaySession.tournament_id == tournament_id, PlaySession.is_seated)
             .order_by(PlaySession.number, Table.number, Seat.position))
    if player_id is not None:
        query = query.where(Seat.player_id == player_id)
    # Core rows (the query above has flushed the session), a few hundred at a time: at 400
    # players × 8 sessions, ORM rows or row-by-row fetching take a fifth longer, and all rows
    # at once keep thousands of objects alive for the garbage collector to sweep.
    seats = []
    for rows in db.session.connection().execute(query).partitions(500):
        for (session_id, table, card_id, position, player, number, rounds, penalties,
             is_neutral, stands_in_for) in rows:
            session_number, stage, bracket_size = sessions[session_id]
            # a seat whose card has nothing on it yet has no stored total: it stands at zero
            seats.append((session_id, session_number, stage, bracket_size, table, card_id,
                          WINDS[position], player, number, rounds or 0, penalties or 0,
                          bool(is_neutral), stands_in_for))
    return seats


# ---------------------------------------------------------------- the standings sheet

@dataclass(frozen=True)
class SessionInfo:
    """A counted session: its number, stage and whether the organizer has posted it."""

    id: int
    number: int
    stage: str
    bracket_size: int | None
    finalized_at: datetime | None
    finalized_by: str

    @property
    def is_final(self) -> bool:
        """Return True once the organizer has finalized the session's results."""
        return self.finalized_at is not None


class PlayerRow(NamedTuple):
    """What the standings need of a registered player."""

    id: int
    number: int
    name: str
    team: str | None
    status: str
    joined_session: int
    left_session: int | None
    is_substitute: bool


@dataclass
class Sheet:
    """Everything the standings of an event are computed from, loaded once."""

    tournament: Tournament
    sessions: list[SessionInfo]
    seats: list[tuple]  # SeatTotal's fields, as plain tuples (see `totals`)
    players: dict[int, PlayerRow]
    results: list[PlayerResult] = field(default_factory=list)
    standings: list[Standing] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @cached_property
    def totals(self) -> list[SeatTotal]:
        """Return the card total of every seat in every seated session."""
        return [SeatTotal._make(seat) for seat in self.seats]

    @property
    def preliminary(self) -> list[SessionInfo]:
        """Return the sessions that count for match points, by number."""
        return [s for s in self.sessions if s.stage == PRELIMINARY]

    @property
    def is_provisional(self) -> bool:
        """Return True while a counted session is not finalized."""
        return any(not s.is_final for s in self.preliminary)


def load_sheet(tournament_id: int, *, before: int | None = None) -> Sheet:
    """Load an event's sessions, players and card totals, and rank the preliminary round;
    with `before`, only the sessions numbered below it (the standings the public sees while
    the last sessions are hidden until the prize-giving)."""
    tournament = get_tournament_or_404(tournament_id)
    sessions = [SessionInfo(s.id, s.number, s.stage, s.bracket_size, s.finalized_at,
                            s.finalized_by)
                for s in db.session.scalars(
                    select(PlaySession).where(PlaySession.tournament_id == tournament_id,
                                              PlaySession.is_seated)
                    .order_by(PlaySession.number))
                if before is None or s.number < before]
    players = {row.number: PlayerRow(*row) for row in db.session.execute(
        select(Player.id, Player.number, Player.name, Team.name, Player.status,
               Player.joined_session, Player.left_session, Player.is_substitute)
        .outerjoin(Team, Team.id == Player.team_id)
        .where(Player.tournament_id == tournament_id))}
    seats = _seats(tournament_id)
    if before is not None:
        seats = [seat for seat in seats if seat[1] < before]  # seat[1]: its session's number
    sheet = Sheet(tournament, sessions, seats, players)
    sheet.results = _player_results(sheet)
    sheet.standings = get_ruleset(tournament.ruleset).ranking.rank(sheet.results,
                                                                   tournament.seed)
    return sheet


def _player_results(sheet: Sheet) -> list[PlayerResult]:
    counted = sheet.preliminary
    index = {s.number: i for i, s in enumerate(counted)}
    raw: dict[int, list[int | None]] = {n: [None] * len(counted) for n in sheet.players}
    earned: dict[int, list[float | None]] = {n: [None] * len(counted) for n in sheet.players}
    # a seat is SeatTotal's fields: the session, table, player, total and neutrality matter
    seats = [seat for seat in sheet.seats if seat[1] in index]
    points = _points_by_seat(sheet.tournament, ((seat[1], seat[4], seat[8], seat[9] + seat[10])
                                                for seat in seats))
    for seat in seats:
        session, number, rounds, penalties, is_neutral = seat[1], *seat[8:12]
        if not is_neutral:
            raw[number][index[session]] = rounds + penalties
            earned[number][index[session]] = points[session, number]
    entrants = final_day_entrants(sheet)
    lots = recorded_lots(sheet.tournament)
    results = []
    for number, player in sorted(sheet.players.items()):
        if player.is_substitute:
            continue  # a neutral player fills a seat (§4.15); not ranking them is our reading
        late = _late_sessions(sheet, player, raw[number], index)
        results.append(PlayerResult(number=number, name=player.name,
                                    session_raw=tuple(raw[number]), late_sessions=late,
                                    is_resigned=is_out_of_day1(player, entrants),
                                    session_points=tuple(earned[number]),
                                    lot=lots.get(number)))
    return results


def recorded_lots(tournament: Tournament) -> dict[int, int]:
    """Return each player's place in the lots the organizer drew by hand.

    For a ruleset that draws lots, they live in the event's settings as one list of player
    numbers (`draw_order`): of players level on everything else, the one listed first ranks
    higher (MCR §3.10.1 leaves the last tie open; drawing a lot is our reading). For a
    ruleset whose ties go to the seeded draw, the organizer may enter a physical draw
    instead for one tie (`physical_draws`, each with who entered it): its players rank in
    the order drawn, as long as they are still exactly the players level (the ranking uses
    a lot only where every player of a tie has one).
    """
    if not get_ruleset(tournament.ruleset).ranking.draws_lots:
        return {number: place for draw in physical_draws(tournament)
                for place, number in enumerate(draw["numbers"], start=1)}
    order = tournament.settings.get(DRAW_ORDER) or []
    return {number: place for place, number in enumerate(order, start=1)}


def physical_draws(tournament: Tournament) -> list[dict]:
    """Return the physical draws the organizer entered: numbers in the order drawn, who
    entered them (`by`) and when (`at`, ISO UTC)."""
    return list(tournament.settings.get(PHYSICAL_DRAWS) or [])


def final_day_entrants(sheet: Sheet) -> set[int]:
    """Return who entered a final-day round: seated there, or absent with a filler (§4.15).

    These are the players who advanced to the final day by the cut (§3.3.2.1): the one
    answer the standings (Day-1 places) and the leaderboards (§3.5.2.1 final-day weight)
    use. A neutral filler's seat stands for the absent entrant, never for the filler, an
    eliminated player (§4.15; that the filler plays neutral is our reading).
    """
    # plain seat tuples (SeatTotal's fields): a big event has thousands of seats
    entrants = {seat[12] if seat[11] else seat[8] for seat in sheet.seats if seat[2] == FINAL}
    entrants.discard(None)
    return entrants


def is_out_of_day1(player: PlayerRow, final_entrants: set[int]) -> bool:
    """Return whether a player ranks below everyone still in the preliminary standings.

    Our reading of §4.11: a player out of the event (resigned, withdrawn, disqualified)
    goes below those still in it. One who made the cut and left on the final day keeps
    their Day-1 place: the cut and the seeds were made from it, and the final ranking puts
    them last of the round they left in (§4.15, our reading).
    """
    return player.status in OUT_STATUSES and player.number not in final_entrants


def _late_sessions(sheet: Sheet, player: PlayerRow, raw: list[int | None],
                   index: dict[int, int]) -> int:
    """Return how many opening sessions the player missed as a pardoned late arrival (§3.7)."""
    if player.joined_session <= 1:
        return 0
    missed = [number for number in index if number < player.joined_session]
    rules = get_ruleset(sheet.tournament.ruleset)
    # a late arrival joins at `last_late_session` at the latest, so misses one fewer
    most = rules.ranking.last_late_session - 1
    if len(missed) > most:
        sheet.problems.append(page_words(rules).format(
            "standings.missed_capped", player=f"{player.number} {player.name}",
            joins=player.joined_session))
        missed = missed[:most]
    played = [n for n in missed if raw[index[n]] is not None]
    if played:
        sheet.problems.append(_("Player %(number)s %(name)s is marked late but has a card in "
                                "session %(n)s; that session counts and is not deducted. "
                                "Correct the late-arrival mark if it is wrong.",
                                number=player.number, name=player.name, n=played[0]))
        return 0
    return len(missed)


def draw_hex(value: int | None) -> str | None:
    """Return a draw value as 16 hex digits (JSON numbers cannot carry 64 bits exactly)."""
    return None if value is None else f"{value:016x}"


def session_label(number: int, stage: str, bracket_size: int | None, *,
                  english: bool = False) -> str:
    """Return how a session is named on pages: 'Session 3', 'Round of 16', 'Grand Final' (in
    the page's language; `english`: as files for machines name it)."""
    if stage != FINAL:
        return f"Session {number}" if english else _("Session %(n)s", n=number)
    return bracket_name(bracket_size or 0, english=english)


def bracket_name(size: int, *, english: bool = False) -> str:
    """Return the name of a final-day round by its number of players (§3.3.2.2), in the page's
    language (`english`: as files for machines name it)."""
    if size == 4:
        return "Grand Final" if english else _("Grand Final")
    if size == 8:
        return "Semifinal" if english else _("Semifinal")
    return f"Round of {size}" if english else _("Round of %(size)s", size=size)


# ---------------------------------------------------------------- sessions and their cards

def get_session_or_404(tournament: Tournament, number: int) -> PlaySession:
    """Return a seated session of the event by number, or raise NotFound."""
    session = db.session.scalar(select(PlaySession).where(
        PlaySession.tournament_id == tournament.id, PlaySession.number == number,
        PlaySession.is_seated))
    if session is None:
        raise NotFound(_("Session %(n)s is not seated.", n=number))
    return session


def session_cards(session: PlaySession) -> list[dict]:
    """Return each table's card state for a session: complete, confirmed, not played."""
    cards = db.session.scalars(select(Card).where(Card.session_id == session.id)
                               .join(Table, Table.id == Card.table_id).order_by(Table.number))
    states = []
    for card in cards:
        view = card_view(card)
        states.append({"id": card.id, "table": view["table"], "status": view["status"],
                       "is_complete": view["is_complete"],
                       "recorded": sum(1 for r in view["rounds"] if r["recorded"]),
                       "not_played": sum(1 for r in view["rounds"]
                                         if r.get("result") == "not_played"),
                       "pending": view["pending_confirmations"]})
    return states


# ---------------------------------------------------------------- what is computed from it

# Computed data by (database, tournament, part), kept with the data version it was made from.
_computed: dict[tuple[str, int, str], tuple[tuple, dict]] = {}
_computed_lock = Lock()
_COMPUTED_LIMIT = 16


def data_version(tournament_id: int) -> tuple:
    """Return the version of everything the standings are made from: two cheap queries.

    The event's revision moves with any change to the event's settings, its players and
    teams, sessions, tables and seats (judgeaid.revisions); every card write bumps its card's
    version and stores its totals in the same transaction, so the count and sum of the cards'
    versions move with any change to a card. Hundreds of phones ask for this after a session.
    """
    event = db.session.execute(
        select(Tournament.revision, Tournament.created_at).where(Tournament.id == tournament_id)
    ).one_or_none()
    if event is None:
        raise NotFound(_("There is no tournament %(id)s.", id=tournament_id))
    in_cards = db.session.execute(select(func.count(Card.id), func.sum(Card.version))
                                  .where(Card.tournament_id == tournament_id)).one()
    return tuple(event), tuple(in_cards)


def computed_standings(tournament_id: int, build: Callable[[], dict], *,
                       part: str = "standings", version: tuple | None = None) -> dict:
    """Return the event's standings (or another `part` made from the same data) as `build()`
    makes them, again only on a new data version (`version`, read when not given: a caller
    reading several parts in one request reads it once)."""
    # Hundreds of phones reload the standings after each session, and every player's page
    # shows their place; they are recomputed only when something they are made from has
    # changed. Callers must not modify the result.
    # their words are in the page's language: each language is computed and kept apart
    key = (str(db.engine.url), tournament_id, part, page_lang())
    current = version if version is not None else data_version(tournament_id)
    kept = _computed.get(key)
    if kept is not None and kept[0] == current:
        return kept[1]
    data = build()
    # A worker's threads share the dict: two evicting the same oldest entry at once would
    # fail one request (KeyError, or a dict changed while iterated).
    with _computed_lock:
        if len(_computed) >= _COMPUTED_LIMIT and key not in _computed:
            _computed.pop(next(iter(_computed)))
        _computed[key] = (current, data)
    return data


def forget_computed() -> None:
    """Drop everything computed (benchmarks measure the computation itself)."""
    _computed.clear()
