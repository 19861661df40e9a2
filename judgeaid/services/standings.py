"""Standings (§3.3, §3.5, §3.7): card totals, match points, ranking, posting, score checks.

Card totals are read from the totals every card write stores (`CardTotal`, see
judgeaid.services.cards), so the standings of a whole event cost one query of four numbers
per card; `card_view(card)["totals"]` gives the same numbers card by card (a test holds
both to it).
"""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import NamedTuple

from sqlalchemy import and_, func, select

from judgeaid.extensions import db
from judgeaid.models import (
    WINDS,
    Card,
    CardTotal,
    Player,
    PlaySession,
    ScoreCheck,
    Seat,
    Table,
    Team,
    Tournament,
    User,
    utcnow,
)
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.audit import record_event
from judgeaid.services.cards import substitute_seats
from judgeaid.services.errors import Conflict, NotFound, ServiceError
from judgeaid.services.players import get_player_or_404
from judgeaid.tournament.formats import get_format
from judgeaid.tournament.standings import (
    LATE_ARRIVAL_DEDUCTION,
    MAX_LATE_SESSIONS,
    STANDINGS_STAGE,
    PlayerResult,
    Standing,
    display_match_points,
    match_points,
    rank,
)

PRELIMINARY = "preliminary"
FINAL = "final"
OUT_STATUSES = {"resigned": "resigned", "withdrawn": "withdrawn",
                "disqualified": "disqualified"}
MESSAGE_LIMIT = 1000
# Reasons for reopening a session or for a resignation (kept in the audit trail).
REASON_LIMIT = 1000


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


def seat_totals(tournament_id: int, player_id: int | None = None) -> list[SeatTotal]:
    """Return the card total of every seat in every seated session (or one player's seats)."""
    return [SeatTotal._make(seat) for seat in _seats(tournament_id, player_id)]


def _seats(tournament_id: int, player_id: int | None = None) -> list[tuple]:
    # SeatTotal's fields as plain tuples of numbers and text, which the garbage collector
    # stops tracking: a big event has thousands of seats.
    seated = db.session.execute(
        select(PlaySession.id, PlaySession.number, PlaySession.stage, PlaySession.bracket_size)
        .where(PlaySession.tournament_id == tournament_id, PlaySession.status != "planned"))
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
             .where(PlaySession.tournament_id == tournament_id, PlaySession.status != "planned")
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


def load_sheet(tournament_id: int) -> Sheet:
    """Load an event's sessions, players and card totals, and rank the preliminary round."""
    tournament = get_tournament_or_404(tournament_id)
    sessions = [SessionInfo(s.id, s.number, s.stage, s.bracket_size, s.finalized_at,
                            s.finalized_by)
                for s in db.session.scalars(
                    select(PlaySession).where(PlaySession.tournament_id == tournament_id,
                                              PlaySession.status != "planned")
                    .order_by(PlaySession.number))]
    players = {row.number: PlayerRow(*row) for row in db.session.execute(
        select(Player.id, Player.number, Player.name, Team.name, Player.status,
               Player.joined_session, Player.left_session, Player.is_substitute)
        .outerjoin(Team, Team.id == Player.team_id)
        .where(Player.tournament_id == tournament_id))}
    sheet = Sheet(tournament, sessions, _seats(tournament_id), players)
    sheet.results = _player_results(sheet)
    sheet.standings = rank(sheet.results, tournament.seed)
    return sheet


def _player_results(sheet: Sheet) -> list[PlayerResult]:
    counted = sheet.preliminary
    index = {s.number: i for i, s in enumerate(counted)}
    raw: dict[int, list[int | None]] = {n: [None] * len(counted) for n in sheet.players}
    # a seat is SeatTotal's fields: the session, the player, the total and neutrality matter
    for seat in sheet.seats:
        session, number, rounds, penalties, is_neutral = seat[1], *seat[8:12]
        if session in index and not is_neutral:
            raw[number][index[session]] = rounds + penalties
    entrants = final_day_entrants(sheet)
    results = []
    for number, player in sorted(sheet.players.items()):
        if player.is_substitute:
            continue  # §4.15 a neutral player fills a seat and is not ranked
        late = _late_sessions(sheet, player, raw[number], index)
        results.append(PlayerResult(number=number, name=player.name,
                                    session_raw=tuple(raw[number]), late_sessions=late,
                                    is_resigned=is_out_of_day1(player, entrants)))
    return results


def final_day_entrants(sheet: Sheet) -> set[int]:
    """Return who entered a final-day round: seated there, or absent with a filler (§4.15)."""
    # plain seat tuples (SeatTotal's fields): a big event has thousands of seats
    entrants = {seat[12] if seat[11] else seat[8] for seat in sheet.seats if seat[2] == FINAL}
    entrants.discard(None)
    return entrants


def is_out_of_day1(player: PlayerRow, final_entrants: set[int]) -> bool:
    """Return whether a player ranks below everyone still in the preliminary standings.

    §4.11 a player out of the event (resigned, withdrawn, disqualified) goes below those
    still in it. One who made the cut and left on the final day keeps their Day-1 place:
    the cut and the seeds were made from it, and the final ranking puts them last of the
    round they left in (§4.15, our reading).
    """
    return player.status in OUT_STATUSES and player.number not in final_entrants


def _late_sessions(sheet: Sheet, player: PlayerRow, raw: list[int | None],
                   index: dict[int, int]) -> int:
    """Return how many opening sessions the player missed as a pardoned late arrival (§3.7)."""
    if player.joined_session <= 1:
        return 0
    missed = [number for number in index if number < player.joined_session]
    if len(missed) > MAX_LATE_SESSIONS:
        sheet.problems.append(f"Player {player.number} {player.name} is marked as joining at "
                              f"session {player.joined_session}; §3.7 pardons at most two "
                              "missed sessions, so only two are deducted.")
        missed = missed[:MAX_LATE_SESSIONS]
    played = [n for n in missed if raw[index[n]] is not None]
    if played:
        sheet.problems.append(f"Player {player.number} {player.name} is marked late but has a "
                              f"card in session {played[0]}; that session counts and is not "
                              "deducted. Correct the late-arrival mark if it is wrong.")
        return 0
    return len(missed)


OUT_WORDS = {"resigned": "resigned: out of the event", "withdrawn": "withdrew (§4.13)",
             "disqualified": "disqualified (§4.11)"}


def absence_notes(sheet: Sheet) -> dict[int, dict[str, str]]:
    """Say in words, per player number, who is out of the event and who filled a seat.

    "out": the player's status and the session it applies from; for a final-day entrant
    whose seat a neutral filler took, that they rank last of that round (§4.15, our
    reading). "filler": the rounds a player played as a neutral filler.
    """
    labels = {s.number: session_label(s.number, s.stage, s.bracket_size) for s in sheet.sessions}
    absent_in: dict[int, int] = {}
    filled: dict[int, list[str]] = {}
    for seat in (SeatTotal._make(seat) for seat in sheet.seats if seat[11]):
        if seat.stands_in_for is not None:
            absent_in[seat.stands_in_for] = seat.session_number
            filled.setdefault(seat.player_number, []).append(
                f"{labels[seat.session_number]} for #{seat.stands_in_for}")
    notes: dict[int, dict[str, str]] = {}
    for number, player in sheet.players.items():
        note = {}
        if player.status in OUT_STATUSES:
            if number in absent_in:
                note["out"] = (f"absent from the {labels[absent_in[number]]}: out of the event "
                               "and last of that round (our reading of §4.15)")
            else:
                note["out"] = OUT_WORDS[player.status] + (
                    f" from session {player.left_session}" if player.left_session else "")
        if number in filled:
            note["filler"] = ("neutral filler in the " + ", ".join(filled[number])
                              + ": that score keeps the table zero-sum and does not change "
                              "this player's place (our reading of §4.15)")
        if note:
            notes[number] = note
    return notes


def draw_hex(value: int | None) -> str | None:
    """Return a draw value as 16 hex digits (JSON numbers cannot carry 64 bits exactly)."""
    return None if value is None else f"{value:016x}"


# ---------------------------------------------------------------- views of the standings

# Computed standings by (database, tournament), kept with the fingerprint they were made from.
_computed: dict[tuple[str, int], tuple[tuple, dict]] = {}
_COMPUTED_LIMIT = 16


def fingerprint(tournament_id: int) -> tuple:
    """Return a cheap summary of everything the standings are made from.

    Any change to a card (every card write bumps its version), its stored totals, a seat, a
    session, a player or the event's settings changes this value.
    """
    event = db.session.execute(
        select(Tournament.created_at, Tournament.seed, Tournament.name, Tournament.format,
               Tournament.settings).where(Tournament.id == tournament_id)).one_or_none()
    if event is None:
        raise NotFound(f"There is no tournament {tournament_id}.")
    in_event = Card.tournament_id == tournament_id
    return (
        tuple(event[:4]), json.dumps(event[4], sort_keys=True, default=str),
        tuple(db.session.execute(select(func.count(Card.id), func.sum(Card.version),
                                        func.max(Card.updated_at)).where(in_event)).one()),
        tuple(db.session.execute(
            select(func.count(), func.sum(CardTotal.penalties),
                   func.sum(CardTotal.rounds * CardTotal.player_number),
                   func.sum(CardTotal.penalties * CardTotal.player_number))
            .join(Card, Card.id == CardTotal.card_id).where(in_event)).one()),
        tuple(tuple(row) for row in db.session.execute(
            select(PlaySession.id, PlaySession.number, PlaySession.status, PlaySession.stage,
                   PlaySession.bracket_size, PlaySession.finalized_at)
            .where(PlaySession.tournament_id == tournament_id).order_by(PlaySession.id))),
        tuple(db.session.execute(
            select(func.count(Seat.id), func.max(Seat.id),
                   func.sum(Seat.id * (Seat.position + 1)),
                   func.sum(Seat.player_id * (Seat.position + 1)))
            .join(Table, Table.id == Seat.table_id)
            .join(PlaySession, PlaySession.id == Table.session_id)
            .where(PlaySession.tournament_id == tournament_id)).one()),
        hash(tuple(tuple(row) for row in db.session.execute(
            select(Player.id, Player.number, Player.name, Player.status, Player.joined_session,
                   Player.left_session, Player.is_substitute, Team.name)
            .outerjoin(Team, Team.id == Player.team_id)
            .where(Player.tournament_id == tournament_id).order_by(Player.id)))),
    )


def standings_view(tournament_id: int) -> dict:
    """Return the public standings as plain data for the pages and the API."""
    # Hundreds of phones reload the standings after each session; they are recomputed only
    # when something they are made from has changed. Callers must not modify the result.
    key = (str(db.engine.url), tournament_id)
    current = fingerprint(tournament_id)
    cached = _computed.get(key)
    if cached is not None and cached[0] == current:
        return cached[1]
    data = _standings_data(load_sheet(tournament_id))
    if len(_computed) >= _COMPUTED_LIMIT:
        _computed.pop(next(iter(_computed)))
    _computed[key] = (current, data)
    return data


def forget_computed() -> None:
    """Drop every computed standings (benchmarks measure the computation itself)."""
    _computed.clear()


def _standings_data(sheet: Sheet) -> dict:
    from judgeaid.services import final_day

    tournament = sheet.tournament
    fmt = get_format(tournament.format)
    players = sheet.players
    # Each session's MP as text, formatted once per value: 400 players × 8 sessions repeat
    # the same few hundred values.
    session_texts: dict[float | None, str] = {None: "—"}
    notes = absence_notes(sheet)
    rows = []
    for line in sheet.standings:
        player = players[line.number]
        texts = []
        for i, mp in enumerate(line.session_match_points, start=1):
            text = session_texts.get(mp)
            if text is None:
                text = session_texts[mp] = display_match_points(mp)
            texts.append(f"S{i} {text}")
        rows.append({
            "rank": line.rank, "number": line.number, "name": line.name,
            "team": player.team,
            "match_points": line.match_points, "mp_text": display_match_points(
                line.match_points),
            "raw": line.raw,
            "session_match_points": list(line.session_match_points),
            "sessions_text": " · ".join(texts),
            "deductions": line.deductions, "late_sessions": int(
                line.deductions // LATE_ARRIVAL_DEDUCTION),
            "status": player.status, "is_out": line.is_resigned,
            "out_text": notes.get(line.number, {}).get("out", ""),
            "filler_text": notes.get(line.number, {}).get("filler", ""),
            "tie_break": line.tie_break, "draw": draw_hex(line.draw),
        })
    bracket = final_day.bracket_data(sheet) if fmt.kind == "competitive" else None
    ranked = _final_rows(rows, bracket["ranking"]) if bracket and bracket["ranking"] else rows
    return {
        "tournament": {"id": tournament.id, "name": tournament.name, "format": fmt.name,
                       "kind": fmt.kind},
        "sessions": [{"number": s.number, "is_final": s.is_final,
                      "finalized_at": _iso(s.finalized_at)} for s in sheet.preliminary],
        "planned_sessions": tournament.settings.get("sessions", len(sheet.preliminary)),
        "is_provisional": sheet.is_provisional or bool(bracket and bracket["is_provisional"]),
        "phase": "final" if bracket and bracket["ranking"] else (
            "final_day" if bracket and bracket["rounds"] else "preliminary"),
        "preliminary": rows,
        "standings": ranked,
        "draw_groups": _draw_groups(rows),
        "final_day": bracket,
    }


def _final_rows(rows: list[dict], ranking: list[dict]) -> list[dict]:
    # §3.5.1 once the Grand Final is played, the bracket decides the final places
    by_number = {row["number"]: row for row in rows}
    return [{**by_number[place["number"]], "rank": place["rank"],
             "bracket": place["bracket"], "bracket_raw": place["raw"],
             "tie_break": place["tie_break"], "draw": place["draw"]}
            for place in ranking]


def _draw_groups(rows: list[dict]) -> list[dict]:
    """List the places a seeded draw decided, with every drawn value (lower wins)."""
    groups: list[dict] = []
    for row in rows:
        if row["tie_break"] != "draw":
            continue
        key = (row["is_out"], round(row["match_points"], 9), row["raw"])
        if groups and groups[-1]["key"] == key:
            groups[-1]["players"].append(row)
        else:
            groups.append({"key": key, "players": [row]})
    return [{"ranks": f"{g['players'][0]['rank']}–{g['players'][-1]['rank']}",
             "mp_text": g["players"][0]["mp_text"], "raw": g["players"][0]["raw"],
             "players": [{"rank": p["rank"], "number": p["number"], "name": p["name"],
                          "draw": p["draw"]} for p in g["players"]]}
            for g in groups]


def player_totals(tournament_id: int) -> list[dict]:
    """Return each ranked player's total MP and whether they reached the final day.

    For the leaderboards (§3.5.2.1): `match_points` is the preliminary (or casual) total
    after late-arrival deductions; `reached_final_day` is True for every entrant of a
    final-day round, a finalist replaced by a filler included (§4.15, our reading), and
    never for the neutral filler.
    """
    sheet = load_sheet(tournament_id)
    entrants = final_day_entrants(sheet)
    return [{"number": line.number, "name": line.name, "match_points": line.match_points,
             "rank": line.rank, "status": sheet.players[line.number].status,
             "reached_final_day": line.number in entrants}
            for line in sheet.standings]


def api_standings(tournament_id: int) -> dict:
    """Return the standings in the stable API shape (DESIGN §5), with extra fields."""
    data = standings_view(tournament_id)
    keep = ("rank", "number", "name", "match_points", "raw", "session_match_points",
            "deductions", "status", "tie_break", "draw", "bracket", "bracket_raw", "out_text",
            "filler_text")
    return {
        "tournament": data["tournament"],
        "provisional": data["is_provisional"],
        "phase": data["phase"],
        "sessions": data["sessions"],
        "standings": [{key: row[key] for key in keep if key in row}
                      for row in data["standings"]],
        "final_day": _api_bracket(data["final_day"]),
    }


def _api_bracket(bracket: dict | None) -> dict | None:
    if not bracket:
        return None
    return {"rounds": [{"size": r["size"], "session": r["session"], "name": r["name"],
                        "is_closed": r["is_closed"],
                        "tables": [[seat["number"] for seat in t["players"]]
                                   for t in r["tables"]],
                        "places": [{k: p[k] for k in ("place", "number", "raw", "is_advancing",
                                                      "is_absent", "tie_break", "draw")}
                                   for p in r["places"]],
                        "fillers": [{"number": f["number"], "absent": f["absent"]}
                                    for f in r["fillers"]]}
                       for r in bracket["rounds"]]}


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat() + "Z"


def projector_view(tournament_id: int, page: int, per_page: int = 16) -> dict:
    """Return one page of the standings for the hall's projector."""
    data = standings_view(tournament_id)
    rows = data["standings"]
    pages = max(1, -(-len(rows) // per_page))
    page = page if 1 <= page <= pages else 1
    return {**data, "rows": rows[(page - 1) * per_page: page * per_page], "page": page,
            "pages": pages, "next_page": page % pages + 1}


# ---------------------------------------------------------------- a player's own results

def results_for_player(player_id: int) -> dict:
    """Return one player's sessions, raw scores, match points and rank as plain data."""
    player = db.session.get(Player, player_id)
    if player is None:
        raise NotFound(f"There is no player {player_id}.")
    data = standings_view(player.tournament_id)
    line = next((row for row in data["standings"] if row["number"] == player.number), None)
    finalized = dict(db.session.execute(
        select(PlaySession.number, PlaySession.finalized_at.is_not(None))
        .where(PlaySession.tournament_id == player.tournament_id)).all())
    sessions = []
    for seat in seat_totals(player.tournament_id, player.id):
        is_counted = seat.stage == PRELIMINARY and not seat.is_neutral
        sessions.append({
            "is_neutral": seat.is_neutral, "stands_in_for": seat.stands_in_for,
            "number": seat.session_number, "stage": seat.stage,
            "label": session_label(seat.session_number, seat.stage, seat.bracket_size),
            "table": seat.table, "seat": seat.seat, "rounds": seat.rounds,
            "penalties": seat.penalties, "raw": seat.total,
            "mp_text": display_match_points(match_points(seat.total)) if is_counted else "",
            "is_final": bool(finalized.get(seat.session_number)),
        })
    # §4.15 a seat taken mid-session as a neutral substitute: shown, never ranked
    for seat in substitute_seats(player.id):
        label = session_label(seat["number"], seat["stage"], seat["bracket_size"])
        sessions.append({**seat, "label": f"{label} · neutral, from round {seat['from_round']}",
                         "mp_text": ""})
    checks = db.session.scalars(select(ScoreCheck).where(ScoreCheck.player_id == player.id)
                                .order_by(ScoreCheck.filed_at))
    return {
        "tournament_id": player.tournament_id,
        "player": {"number": player.number, "name": player.name, "status": player.status},
        "rank": line["rank"] if line else None,
        "field": len(data["standings"]),
        "mp_text": line["mp_text"] if line else None,
        "raw": line["raw"] if line else None,
        "deductions": line["deductions"] if line else 0.0,
        "late_sessions": line["late_sessions"] if line else 0,
        "out_text": line["out_text"] if line else "",
        "filler_text": line["filler_text"] if line else "",
        "late_decision": _late_decision_text(player),
        "bracket": line.get("bracket") if line else None,
        "is_provisional": data["is_provisional"],
        "sessions": sessions,
        "score_checks": [check_data(c) for c in checks],
        "check_sessions": [s["number"] for s in sessions],
        "token": player.token,
        "op_id": secrets.token_urlsafe(12),
    }


def session_label(number: int, stage: str, bracket_size: int | None) -> str:
    """Return how a session is named on pages: 'Session 3', 'Round of 16', 'Grand Final'."""
    if stage != FINAL:
        return f"Session {number}"
    return bracket_name(bracket_size or 0)


def bracket_name(size: int) -> str:
    """Return the name of a final-day round by its number of players (§3.3.2.2)."""
    if size == 4:
        return "Grand Final"
    if size == 8:
        return "Semifinal"
    return f"Round of {size}"


# ---------------------------------------------------------------- posting sessions

def get_session_or_404(tournament: Tournament, number: int) -> PlaySession:
    """Return a seated session of the event by number, or raise NotFound."""
    session = db.session.scalar(select(PlaySession).where(
        PlaySession.tournament_id == tournament.id, PlaySession.number == number,
        PlaySession.status != "planned"))
    if session is None:
        raise NotFound(f"Session {number} is not seated.")
    return session


def session_cards(session: PlaySession) -> list[dict]:
    """Return each table's card state for a session: complete, confirmed, not played."""
    from judgeaid.services.cards import card_view

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


def finalize_session(tournament: Tournament, number: int, actor: User) -> PlaySession:
    """Post a session's results as final (§3.5.1); every card must be complete."""
    session = get_session_or_404(tournament, number)
    if session.finalized_at is not None:
        raise Conflict(f"Session {number} is already final (by {session.finalized_by}).")
    cards = session_cards(session)
    if not cards:
        raise ServiceError(f"Session {number} has no scoring cards.")
    open_tables = [c["table"] for c in cards if not c["is_complete"]]
    if open_tables:
        raise ServiceError(f"Session {number} cannot be final yet: the card of table "
                           f"{_list(open_tables)} is missing rounds. Record them, or mark "
                           "the session time over on the card.")
    if session.stage == FINAL and session.bracket_size == 4:
        cut_short = [c["table"] for c in cards if c["not_played"]]
        if cut_short:
            raise ServiceError("The Grand Final has no time limit: all 16 rounds are played "
                               "(§3.4.2.2). Record the rounds marked not played.")
    session.finalized_at = utcnow()
    session.finalized_by = f"{actor.role}:{actor.name}"
    session.status = "finished"
    totals = {t.player_number: t.total for t in seat_totals(tournament.id)
              if t.session_id == session.id}
    record_event("session.finalize", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{number}",
                 after={"totals": {str(k): v for k, v in sorted(totals.items())},
                        "unconfirmed_tables": [c["table"] for c in cards if c["pending"]]})
    db.session.flush()
    return session


def unfinalize_session(tournament: Tournament, number: int, reason: str,
                       actor: User) -> PlaySession:
    """Make a final session provisional again, for a correction; a reason is required."""
    session = get_session_or_404(tournament, number)
    reason = " ".join((reason or "").split())
    if session.finalized_at is None:
        raise Conflict(f"Session {number} is not final.")
    if not reason:
        raise ServiceError("Say why the session's results are reopened.")
    later_final = db.session.scalar(select(func.count(PlaySession.id)).where(
        PlaySession.tournament_id == tournament.id, PlaySession.stage == FINAL,
        PlaySession.number > number, PlaySession.status != "planned"))
    if later_final:
        raise Conflict(f"The final day was seated from these results; session {number} can no "
                       "longer be reopened.")
    before = {"finalized_at": _iso(session.finalized_at), "by": session.finalized_by}
    session.finalized_at = None
    session.finalized_by = ""
    record_event("session.unfinalize", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{number}", before=before, after={"reason": reason})
    db.session.flush()
    return session


def _list(numbers: list[int]) -> str:
    text = ", ".join(str(n) for n in numbers[:-1])
    return f"{text} and {numbers[-1]}" if text else str(numbers[-1])


# ---------------------------------------------------------------- late arrivals, resignations

def mark_resigned(tournament: Tournament, number: int, from_session: int, reason: str,
                  actor: User) -> Player:
    """Put a player out of the event for resignation from a session on (§3.7, §4.15)."""
    player = get_player_or_404(tournament, number)
    reason = " ".join((reason or "").split())
    if not reason:
        raise ServiceError("Say what happened, e.g. 'absent from session 3, no reason given'.")
    if player.status != "active":
        raise Conflict(f"{player.name} is already {player.status}.")
    if from_session < 1:
        raise ServiceError("The session number must be 1 or more.")
    before = {"status": player.status, "left_session": player.left_session}
    player.status = "resigned"
    player.left_session = from_session
    record_event("player.resign", tournament_id=tournament.id, actor=actor,
                 subject=f"player:{number}", before=before,
                 after={"status": "resigned", "left_session": from_session, "reason": reason})
    db.session.flush()
    return player


def resign_absent(tournament: Tournament, session_number: int, number: int,
                  actor: User) -> Player:
    """Record a player absent from a session without an acceptable reason as resigned (§3.7).

    One step, for a player who has played at least one session: §3.7 puts them out for
    resignation and does not let the point penalty be chosen instead.
    """
    player = get_player_or_404(tournament, number)
    session = db.session.scalar(select(PlaySession).where(
        PlaySession.tournament_id == tournament.id, PlaySession.number == session_number))
    if session is None:
        raise NotFound(f"The event has no session {session_number} yet.")
    if player.is_substitute:
        raise ServiceError(f"{player.name} is a neutral substitute: release them instead, "
                           "there is nothing to resign.")
    if player.status != "active":
        raise Conflict(f"{player.name} is already {player.status}.")
    played = db.session.scalar(
        select(func.count(PlaySession.id)).join(Table, Table.session_id == PlaySession.id)
        .join(Seat, Seat.table_id == Table.id)
        .where(Seat.player_id == player.id, Seat.is_neutral.is_(False),
               PlaySession.number < session_number))
    if not played:
        raise ServiceError(f"{player.name} has not played a session before session "
                           f"{session_number}: the late-arrival pardon applies instead "
                           "(§3.7). Record them as a late arrival, or as resigned with a "
                           "reason on the results desk.")
    return mark_resigned(tournament, number, session_number,
                         f"absent from session {session_number} without an acceptable "
                         "reason (§3.7)", actor)


def _late_decision_text(player: Player) -> str:
    """Say the organizer's §3.7 choice for a late check-in, if one was needed."""
    if not player.late_decision:
        return ""
    session = player.late_decision_session
    if player.late_decision == "allowed":
        return f"Checked in after the cut-off for session {session}; allowed to play it (§3.7)."
    return f"Checked in after the cut-off for session {session}; refused for it (§3.7)."


# ---------------------------------------------------------------- score checks (§3.5.1)

def check_data(check: ScoreCheck) -> dict:
    """Return a score check as plain data."""
    player = db.session.get(Player, check.player_id)
    return {"id": check.id, "player": player.number, "name": player.name,
            "session": check.session_number, "message": check.message,
            "filed_at": _iso(check.filed_at), "status": check.status,
            "resolution": check.resolution, "resolved_at": _iso(check.resolved_at)}


def request_score_check(player: Player, session_number: int | None, message: str,
                        op_id: str | None = None) -> tuple[dict, int]:
    """File a player's request to check a recorded score (§3.5.1)."""
    if player.is_substitute:
        raise ServiceError("A neutral player's results are not ranked.", status=403)
    seated = set(db.session.scalars(
        select(PlaySession.number).join(Table, Table.session_id == PlaySession.id)
        .join(Seat, Seat.table_id == Table.id).where(Seat.player_id == player.id)))
    if session_number not in seated:
        raise ServiceError("Choose a session you played.")
    message = " ".join((message or "").split())
    if not message:
        raise ServiceError("Say what looks wrong, e.g. 'round 7 was my self-draw, not a "
                           "discard win'.")
    if len(message) > MESSAGE_LIMIT:
        raise ServiceError(f"Keep the message under {MESSAGE_LIMIT} characters.")
    check = ScoreCheck(tournament_id=player.tournament_id, player_id=player.id,
                       session_number=session_number, message=message, op_id=op_id)
    db.session.add(check)
    db.session.flush()
    record_event("score_check.file", tournament_id=player.tournament_id,
                 actor=f"player:{player.number} {player.name}", subject=f"score_check:{check.id}",
                 after={"session": session_number, "message": message})
    return {"score_check": check_data(check)}, 201


def score_checks(tournament: Tournament, player: Player | None = None) -> list[dict]:
    """List the event's score checks (or one player's), open ones first."""
    query = select(ScoreCheck).where(ScoreCheck.tournament_id == tournament.id)
    if player is not None:
        query = query.where(ScoreCheck.player_id == player.id)
    checks = db.session.scalars(query.order_by(ScoreCheck.status, ScoreCheck.filed_at))
    return [check_data(c) for c in checks]


def resolve_score_check(tournament: Tournament, check_id: int, resolution: str,
                        actor: User) -> ScoreCheck:
    """Close a score check with what the organizer found and did (§3.5.1)."""
    check = db.session.get(ScoreCheck, check_id)
    if check is None or check.tournament_id != tournament.id:
        raise NotFound(f"There is no score check {check_id}.")
    resolution = " ".join((resolution or "").split())
    if not resolution:
        raise ServiceError("Say what was checked and found, e.g. 'card correct as recorded'.")
    if check.status == "resolved":
        if check.resolution == resolution:
            return check
        raise Conflict("This score check is already resolved.")
    check.status, check.resolution = "resolved", resolution
    check.resolved_by, check.resolved_at = actor.id, utcnow()
    record_event("score_check.resolve", tournament_id=tournament.id, actor=actor,
                 subject=f"score_check:{check.id}", after={"resolution": resolution})
    db.session.flush()
    return check


# ---------------------------------------------------------------- the organizer's page

def manage_view(tournament_id: int) -> dict:
    """Return the organizer's results desk: sessions to post, checks, late arrivals."""
    from judgeaid.services import final_day
    from judgeaid.services.seating import late_check_in_times

    sheet = load_sheet(tournament_id)
    tournament = sheet.tournament
    sessions = []
    for info in sheet.sessions:
        session = db.session.get(PlaySession, info.id)
        cards = session_cards(session)
        sessions.append({
            "number": info.number, "label": session_label(info.number, info.stage,
                                                          info.bracket_size),
            "stage": info.stage, "is_final": info.is_final,
            "finalized_at": info.finalized_at, "finalized_by": info.finalized_by,
            "tables": len(cards), "complete": sum(c["is_complete"] for c in cards),
            "unconfirmed": [c["table"] for c in cards if c["is_complete"] and c["pending"]],
            "open_cards": [c for c in cards if not c["is_complete"]],
        })
    notes = absence_notes(sheet)
    roster = [{"number": p.number, "name": p.name, "status": p.status,
               "joined_session": p.joined_session, "left_session": p.left_session,
               "out_text": notes.get(p.number, {}).get("out", "")}
              for _, p in sorted(sheet.players.items())]
    fmt = get_format(tournament.format)
    return {
        "t": {"id": tournament.id, "name": tournament.name, "kind": fmt.kind,
              "seed": tournament.seed, "draw_stage": STANDINGS_STAGE,
              "planned_sessions": tournament.settings.get("sessions", 4)},
        "sessions": sessions,
        "checks": score_checks(tournament),
        "problems": sheet.problems,
        "late": [p for p in roster if p["joined_session"] > 1],
        "late_times": late_check_in_times(tournament),
        "out": [p for p in roster if p["status"] != "active"],
        "roster": roster,
        "reason_limit": REASON_LIMIT,
        "message_limit": MESSAGE_LIMIT,
        "has_final_day": fmt.kind == "competitive",
        "final_day_started": any(s.stage == FINAL for s in sheet.sessions),
        "next_final_step": final_day.next_step(sheet) if fmt.kind == "competitive" else None,
    }
