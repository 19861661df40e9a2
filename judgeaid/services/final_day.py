"""The competitive final day (§3.3.2, §3.5.3): the cut, seeded tables, elimination, ranking.

Nothing about the bracket is stored apart from the sessions themselves: a final-day round
is a `PlaySession` with stage "final" and its bracket size, seated at the seed tables; a
round is closed when the organizer finalizes its session. Who advanced, the seeds and the
final ranking are recomputed from the cards and the Day-1 standings with the pure core
(`judgeaid.tournament.brackets`), so the pages can never disagree with the cards.
"""

from __future__ import annotations

from collections import defaultdict

from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import WINDS, PlaySession, Seat, Table, Tournament, User
from judgeaid.services.audit import record_event
from judgeaid.services.cards import create_cards
from judgeaid.services.errors import ServiceError
from judgeaid.services.seating import hash_seed
from judgeaid.services.standings import (
    FINAL,
    Sheet,
    bracket_name,
    draw_hex,
    finalize_session,
    load_sheet,
)
from judgeaid.tournament.brackets import (
    FINAL_DAY_ROUNDS,
    GRAND_FINAL_SIZE,
    RoundResult,
    cut,
    eliminate,
    final_ranking,
    reseed,
    seed_tables,
)
from judgeaid.tournament.rotation import draw_seats
from judgeaid.tournament.standings import display_match_points

TIE_WORDS = {None: "", "raw": "raw total", "draw": "seeded draw", "day1_mp": "Day-1 MP"}


def round_sizes(tournament: Tournament) -> tuple[int, ...]:
    """Return the final-day round sizes the event's settings ask for, or raise."""
    settings = tournament.settings
    sizes = tuple(settings.get("final_day") or ())
    if not sizes or settings.get("advance") is None:
        raise ServiceError("This event has no final day (casual format).")
    if sizes not in FINAL_DAY_ROUNDS.values() or sizes[0] != settings["advance"]:
        raise ServiceError(f"The final-day settings ({settings.get('advance')} advance, rounds "
                           f"{list(sizes)}) are not a §3.3.2 bracket: use 16 → 8 → 4 or "
                           "32 → 16 → 8 → 4.")
    return sizes


def _final_sessions(sheet: Sheet):
    return [s for s in sheet.sessions if s.stage == FINAL]


def _round_tables(sheet: Sheet, session_id: int) -> dict[int, list]:
    tables: dict[int, list] = defaultdict(list)
    for seat in sheet.totals:
        if seat.session_id == session_id:
            tables[seat.table].append(seat)
    return dict(sorted(tables.items()))


def _results(sheet: Sheet) -> tuple[list[RoundResult], dict[int, int] | None]:
    """Return the closed elimination rounds and the Grand Final scores once it is closed."""
    day1_mp = {s.number: s.match_points for s in sheet.standings}
    closed: list[RoundResult] = []
    grand_final = None
    for info in _final_sessions(sheet):
        if not info.is_final:
            break
        tables = _round_tables(sheet, info.id)
        raw = {seat.player_number: seat.total for seats in tables.values() for seat in seats}
        if info.bracket_size == GRAND_FINAL_SIZE:
            grand_final = raw
        else:
            closed.append(eliminate([[s.player_number for s in seats]
                                     for seats in tables.values()],
                                    raw, day1_mp, sheet.tournament.seed))
    return closed, grand_final


def next_step(sheet: Sheet) -> dict:
    """Return the organizer's next final-day action, whether it can be taken, and why not."""
    tournament = sheet.tournament
    try:
        sizes = round_sizes(tournament)
    except ServiceError as exc:
        return {"action": None, "label": "", "ready": False, "why": exc.message}
    planned = tournament.settings.get("sessions", 4)
    prelim = sheet.preliminary
    finals = _final_sessions(sheet)
    if not finals:
        label = f"Make the cut and seat the round of {sizes[0]}"
        if len(prelim) < planned or not all(s.is_final for s in prelim):
            return {"action": "cut", "label": label, "ready": False,
                    "why": f"Finalize all {planned} preliminary sessions first (§3.3.2.1)."}
        active = sum(1 for s in sheet.standings if not s.is_resigned)
        if active < sizes[0]:
            return {"action": "cut", "label": label, "ready": False,
                    "why": f"Only {active} players are still in the event; {sizes[0]} are "
                           "needed."}
        return {"action": "cut", "label": label, "ready": True, "why": ""}
    current = finals[-1]
    if current.bracket_size == GRAND_FINAL_SIZE:
        if current.is_final:
            return {"action": None, "label": "", "ready": False,
                    "why": "The Grand Final is over; the final ranking is published."}
        return {"action": "close", "label": "Close the Grand Final and publish the ranking",
                "ready": True, "why": ""}
    following = sizes[sizes.index(current.bracket_size) + 1]
    return {"action": "close", "ready": True, "why": "",
            "label": f"Close the {bracket_name(current.bracket_size).lower()} and seat the "
                     f"{bracket_name(following).lower()}"}


def advance(tournament: Tournament, actor: User) -> str:
    """Take the next final-day step: cut and seat, close a round and reseed, or rank."""
    sheet = load_sheet(tournament.id)
    step = next_step(sheet)
    if not step["ready"]:
        raise ServiceError(step["why"], status=409)
    sizes = round_sizes(tournament)
    try:
        if step["action"] == "cut":
            return _seat_first_round(sheet, sizes[0], actor)
        return _close_round(tournament, sheet, sizes, actor)
    except (KeyError, ValueError) as exc:
        raise ServiceError(f"The final day cannot go on as recorded: {exc}", status=409) from exc


def _close_round(tournament: Tournament, sheet: Sheet, sizes: tuple[int, ...],
                 actor: User) -> str:
    current = _final_sessions(sheet)[-1]
    if not current.is_final:
        finalize_session(tournament, current.number, actor)
        sheet = load_sheet(tournament.id)
    closed, grand_final = _results(sheet)
    if grand_final is not None:
        ranking = final_ranking(sheet.standings, closed, grand_final, tournament.seed)
        record_event("final_day.ranking", tournament_id=tournament.id, actor=actor,
                     subject=f"session:{current.number}",
                     after={"ranking": [p.number for p in ranking]})
        return "The Grand Final is closed and the final ranking is published (§3.5.1)."
    result = closed[-1]
    day1_rank = {s.number: s.rank for s in sheet.standings}
    tables = reseed(result.survivors, day1_rank)
    record_event("final_day.eliminate", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{current.number}",
                 after={"survivors": list(result.survivors),
                        "eliminated": list(result.eliminated)})
    session = _seat_round(sheet, sizes[sizes.index(result.size) + 1], tables, actor)
    return (f"{len(result.eliminated)} players are out; the "
            f"{bracket_name(session.bracket_size).lower()} is seated as session "
            f"{session.number}.")


def _seat_first_round(sheet: Sheet, size: int, actor: User) -> str:
    result = cut(sheet.standings, size)
    record_event("final_day.cut", tournament_id=sheet.tournament.id, actor=actor,
                 subject=f"advance:{size}",
                 after={"advancing": [s.number for s in result.advancing],
                        "decided_by": result.decided_by})
    # §3.5.3.1 each player's first seed is their Day-1 rank among those who advance
    tables = seed_tables([s.number for s in result.advancing])
    session = _seat_round(sheet, size, tables, actor)
    return (f"The top {size} advance; the {bracket_name(size).lower()} is seated as session "
            f"{session.number}.")


def _seat_round(sheet: Sheet, size: int, tables: list[list[int]], actor: User) -> PlaySession:
    tournament = sheet.tournament
    top = db.session.scalar(select(func.max(PlaySession.number)).where(
        PlaySession.tournament_id == tournament.id, PlaySession.status != "planned")) or 0
    number = top + 1
    session = db.session.scalar(select(PlaySession).where(
        PlaySession.tournament_id == tournament.id, PlaySession.number == number))
    if session is None:
        session = PlaySession(tournament_id=tournament.id, number=number)
        db.session.add(session)
    session.status, session.stage, session.bracket_size = "seated", FINAL, size
    db.session.flush()
    for table_number, group in enumerate(tables, start=1):
        table = Table(session_id=session.id, number=table_number)
        db.session.add(table)
        db.session.flush()
        # §1.2.2 starting seats by a recorded digital wind draw, as in the preliminary round
        winds = draw_seats(group, seed=hash_seed(tournament.seed, number, table_number))
        for wind, player_number in winds.items():
            db.session.add(Seat(table_id=table.id, player_id=sheet.players[player_number].id,
                                position=WINDS.index(wind)))
    db.session.flush()
    db.session.refresh(session)
    create_cards(session)
    record_event("final_day.seat", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{number}", after={"size": size, "tables": tables})
    return session


# ---------------------------------------------------------------- plain data for pages

def bracket_data(sheet: Sheet) -> dict | None:
    """Return the final day as plain data: cut, rounds with seeds and places, ranking."""
    try:
        sizes = round_sizes(sheet.tournament)
    except ServiceError:
        return None
    try:
        return _bracket(sheet, sizes)
    except (KeyError, ValueError) as exc:
        # e.g. a finalist withdrawn after the cut: say so rather than fail the public page
        return {"advance": sizes[0], "sizes": list(sizes), "rounds": [], "ranking": [],
                "cut": None, "is_provisional": True,
                "problem": f"The bracket cannot be shown as recorded: {exc}"}


def _bracket(sheet: Sheet, sizes: tuple[int, ...]) -> dict:
    by_number = {s.number: s for s in sheet.standings}
    day1_mp = {s.number: s.match_points for s in sheet.standings}
    names = {n: p.name for n, p in sheet.players.items()}
    seed = sheet.tournament.seed
    rounds = []
    closed, grand_final = _results(sheet)
    closed_by_size = {r.size: r for r in closed}
    for info in _final_sessions(sheet):
        tables = _round_tables(sheet, info.id)
        entrants = sorted((s.player_number for seats in tables.values() for s in seats),
                          key=lambda n: by_number[n].rank)
        seeds = {n: i for i, n in enumerate(entrants, start=1)}
        raw = {s.player_number: s.total for seats in tables.values() for s in seats}
        result = closed_by_size.get(info.bracket_size)
        if result is None and info.bracket_size != GRAND_FINAL_SIZE:
            # a live preview: who would advance on the cards as they stand
            result = eliminate([[s.player_number for s in seats] for seats in tables.values()],
                               raw, day1_mp, seed)
        places = [{"place": p.place, "number": p.number, "name": names[p.number],
                   "raw": p.raw, "day1_mp_text": display_match_points(p.day1_match_points),
                   "is_advancing": p.is_advancing, "tie_break": p.tie_break,
                   "tie_words": TIE_WORDS[p.tie_break], "draw": draw_hex(p.draw)}
                  for p in (result.places if result else ())]
        rounds.append({
            "size": info.bracket_size, "session": info.number,
            "name": bracket_name(info.bracket_size), "is_closed": info.is_final,
            "tables": [{"number": number, "card_id": seats[0].card_id,
                        "players": sorted(({"number": s.player_number,
                                            "name": names[s.player_number],
                                            "seed": seeds[s.player_number],
                                            "day1_rank": by_number[s.player_number].rank,
                                            "seat": s.seat, "raw": s.total}
                                           for s in seats), key=lambda p: p["seed"])}
                       for number, seats in tables.items()],
            "places": places,
        })
    ranking = []
    if grand_final is not None:
        for place in final_ranking(sheet.standings, closed, grand_final, seed):
            ranking.append({"rank": place.rank, "number": place.number,
                            "name": names[place.number],
                            "bracket": bracket_name(place.round_size) if place.round_size
                            else "Preliminary round",
                            "raw": place.raw, "tie_break": place.tie_break,
                            "tie_words": TIE_WORDS[place.tie_break],
                            "draw": draw_hex(place.draw)})
    return {"advance": sizes[0], "sizes": list(sizes), "rounds": rounds, "ranking": ranking,
            "cut": _cut_data(sheet, sizes[0], names),
            "is_provisional": any(not r["is_closed"] for r in rounds), "problem": None}


def _cut_data(sheet: Sheet, size: int, names: dict[int, str]) -> dict | None:
    """Return who the cut takes and, if a tie-break decided it, the players at the line."""
    try:
        result = cut(sheet.standings, size)
    except ValueError:
        return None
    last_in = result.advancing[-1]
    rest = [s for s in result.eliminated if not s.is_resigned]
    first_out = rest[0] if rest else None
    line = [s for s in (last_in, first_out) if s is not None]
    return {"size": size, "decided_by": result.decided_by,
            "decided_words": TIE_WORDS[result.decided_by],
            "line": [{"rank": s.rank, "number": s.number, "name": names[s.number],
                      "mp_text": display_match_points(s.match_points), "raw": s.raw,
                      "draw": draw_hex(s.draw)} for s in line]}


def final_day_view(tournament_id: int) -> dict:
    """Return the organizer's final-day page: the bracket and the next step."""
    sheet = load_sheet(tournament_id)
    tournament = sheet.tournament
    return {"t": {"id": tournament.id, "name": tournament.name},
            "bracket": bracket_data(sheet), "step": next_step(sheet),
            "is_provisional": sheet.is_provisional}
