"""The competitive final day (§3.3.2, §3.5.3): the cut, seeded tables, elimination, ranking.

Nothing about the bracket is stored apart from the sessions themselves: a final-day round
is a `PlaySession` with stage "final" and its bracket size, seated at the seed tables; a
round is closed when the organizer finalizes its session. Who advanced, the seeds and the
final ranking are recomputed from the cards and the Day-1 standings with the pure core
(the ruleset's `Ranking.final_day`), so the pages can never disagree with the cards.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext
from sqlalchemy import delete, func, select

from judgeaid import models
from judgeaid.extensions import db
from judgeaid.models import WINDS, AuditEvent, Card, PlaySession, Seat, Table, Tournament, User
from judgeaid.rules import get_ruleset
from judgeaid.rules.ruleset import FinalDay
from judgeaid.services.audit import record_event
from judgeaid.services.cards import card_for_table, create_cards
from judgeaid.services.errors import Conflict, ServiceError
from judgeaid.services.players import get_player_or_404
from judgeaid.services.results import finalize_session, mark_resigned
from judgeaid.services.seating import card_has_records, hash_seed, session_count, touch_card
from judgeaid.services.standings_data import (
    FINAL,
    OUT_STATUSES,
    SessionInfo,
    Sheet,
    bracket_name,
    draw_hex,
    load_sheet,
    physical_draws,
)
from judgeaid.services.ties import deciding_ties, physical_view
from judgeaid.tournament.rotation import draw_seats
from judgeaid.wording import page_words, ruleset_view

TIE_WORDS = {None: "", "raw": lazy_gettext("raw total"), "draw": lazy_gettext("seeded draw"),
             "day1_mp": lazy_gettext("Day-1 MP")}


def _tie_words(tie_break: str | None) -> str:
    """Return what broke a tie, in the page's language."""
    return str(TIE_WORDS[tie_break])


def round_sizes(tournament: Tournament) -> tuple[int, ...]:
    """Return the final-day round sizes the event's settings ask for, or raise."""
    settings = tournament.settings
    sizes = tuple(settings.get("final_day") or ())
    if not sizes or settings.get("advance") is None:
        raise ServiceError(_("This event has no final day (casual format)."))
    brackets = get_ruleset(tournament.ruleset).ranking.final_day_rounds
    if sizes not in brackets.values() or sizes[0] != settings["advance"]:
        choices = " or ".join(" → ".join(map(str, rounds)) for rounds in brackets.values())
        raise ServiceError(page_words(get_ruleset(tournament.ruleset)).format(
            "final_day.not_a_bracket", advance=settings.get("advance"), rounds=list(sizes),
            choices=choices))
    return sizes


def _final_sessions(sheet: Sheet):
    return [s for s in sheet.sessions if s.stage == FINAL]


def _round_tables(sheet: Sheet, session_id: int) -> dict[int, list]:
    tables: dict[int, list] = defaultdict(list)
    for seat in sheet.totals:
        if seat.session_id == session_id:
            tables[seat.table].append(seat)
    return dict(sorted(tables.items()))


def _stand_ins(tables: dict[int, list]) -> dict[int, int]:
    """Return {neutral filler: absent entrant} for a round's seats (§4.15, our reading)."""
    return {seat.player_number: seat.stands_in_for for seats in tables.values()
            for seat in seats if seat.is_neutral and seat.stands_in_for is not None}


def _out_of_round(sheet: Sheet, info: SessionInfo, tables: dict[int, list]) -> set[int]:
    """Return the seated entrants who left the event by this round (§4.11): last of it.

    Ranking them last of the round is our reading.
    """
    out = set()
    for seats in tables.values():
        for seat in seats:
            player = sheet.players[seat.player_number]
            if not seat.is_neutral and player.status in OUT_STATUSES and (
                    player.left_session is None or player.left_session <= info.number):
                out.add(seat.player_number)
    return out


def _final(sheet: Sheet) -> FinalDay:
    """Return the event's ruleset's final day (its cut, brackets and places)."""
    final = get_ruleset(sheet.tournament.ruleset).ranking.final_day
    if final is None:
        raise ServiceError(_("This event's rules have no final day."))
    return final


def _words(sheet: Sheet) -> dict[str, str]:
    """Return the words of the event's ruleset, in the page's language."""
    return ruleset_view(sheet.tournament.ruleset)["words"]


def _show(sheet: Sheet, points: float) -> str:
    """Return a standings total as the event's ruleset shows it."""
    return get_ruleset(sheet.tournament.ruleset).ranking.display_points(points)


def _grand_final_size(sheet: Sheet) -> int:
    """Return the size of the final day's last table under the event's ruleset."""
    return get_ruleset(sheet.tournament.ruleset).ranking.grand_final_size


def _results(sheet: Sheet) -> tuple[list[Any], dict | None]:
    """Return the closed elimination rounds, and the Grand Final once it is closed: its
    scores, fillers and entrants out of the event."""
    day1_mp = {s.number: s.match_points for s in sheet.standings}
    closed: list[Any] = []
    grand_final = None
    grand_final_size = _grand_final_size(sheet)
    for info in _final_sessions(sheet):
        if not info.is_final:
            break
        tables = _round_tables(sheet, info.id)
        raw = {seat.player_number: seat.total for seats in tables.values() for seat in seats}
        if info.bracket_size == grand_final_size:
            grand_final = {"raw": raw, "stand_ins": _stand_ins(tables),
                           "out": _out_of_round(sheet, info, tables)}
        else:
            closed.append(_final(sheet).eliminate(
                [[s.player_number for s in seats] for seats in tables.values()],
                raw, day1_mp, sheet.tournament.seed, _stand_ins(tables),
                _out_of_round(sheet, info, tables)))
    return closed, grand_final


def _ranking(sheet: Sheet, closed: list[Any], grand_final: dict):
    """Rank the finished event (§3.5.1) from the closed rounds and the Grand Final."""
    return _final(sheet).final_ranking(sheet.standings, closed, grand_final["raw"],
                                       sheet.tournament.seed, grand_final["stand_ins"],
                                       grand_final["out"])


def next_step(sheet: Sheet) -> dict:
    """Return the organizer's next final-day action, whether it can be taken, and why not."""
    tournament = sheet.tournament
    try:
        sizes = round_sizes(tournament)
    except ServiceError as exc:
        return {"action": None, "label": "", "ready": False, "why": exc.message}
    planned = session_count(tournament)
    prelim = sheet.preliminary
    finals = _final_sessions(sheet)
    if not finals:
        label = _("Make the cut and seat the round of %(size)s", size=sizes[0])
        if len(prelim) < planned or not all(s.is_final for s in prelim):
            return {"action": "cut", "label": label, "ready": False,
                    "why": _("Finalize all %(planned)s preliminary sessions first (%(cite)s).",
                             planned=planned, cite=_words(sheet)["final_day.cut_cite"])}
        active = sum(1 for s in sheet.standings if not s.is_resigned)
        if active < sizes[0]:
            return {"action": "cut", "label": label, "ready": False,
                    "why": _("Only %(active)s players are still in the event; %(size)s are "
                             "needed.", active=active, size=sizes[0])}
        return {"action": "cut", "label": label, "ready": True, "why": ""}
    current = finals[-1]
    if current.bracket_size == _grand_final_size(sheet):
        if current.is_final:
            return {"action": None, "label": "", "ready": False,
                    "why": _("The Grand Final is over; the final ranking is published.")}
        return {"action": "close", "label": _("Close the Grand Final and publish the ranking"),
                "ready": True, "why": ""}
    following = sizes[sizes.index(current.bracket_size) + 1]
    return {"action": "close", "ready": True, "why": "",
            "label": _("Close the %(current)s and seat the %(next)s",
                       current=bracket_name(current.bracket_size).lower(),
                       next=bracket_name(following).lower())}


def advance(tournament: Tournament, actor: User) -> str:
    """Take the next final-day step: cut and seat, close a round and reseed, or rank."""
    sheet = load_sheet(tournament.id)
    step = next_step(sheet)
    if not step["ready"]:
        raise Conflict(step["why"])
    sizes = round_sizes(tournament)
    try:
        if step["action"] == "cut":
            return _seat_first_round(sheet, sizes[0], actor)
        return _close_round(tournament, sheet, sizes, actor)
    except (KeyError, ValueError) as exc:
        raise Conflict(_("The final day cannot go on as recorded: %(problem)s",
                         problem=exc)) from exc


def _close_round(tournament: Tournament, sheet: Sheet, sizes: tuple[int, ...],
                 actor: User) -> str:
    current = _final_sessions(sheet)[-1]
    if not current.is_final:
        finalize_session(tournament, current.number, actor)
        sheet = load_sheet(tournament.id)
    closed, grand_final = _results(sheet)
    if grand_final is not None:
        ranking = _ranking(sheet, closed, grand_final)
        record_event("final_day.ranking", tournament_id=tournament.id, actor=actor,
                     subject=f"session:{current.number}",
                     after={"ranking": [p.number for p in ranking]})
        return _("The Grand Final is closed and the final ranking is published (%(cite)s).",
                 cite=_words(sheet)["final_day.ranking_cite"])
    result = closed[-1]
    day1_rank = {s.number: s.rank for s in sheet.standings}
    tables = _final(sheet).reseed(result.survivors, day1_rank)
    record_event("final_day.eliminate", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{current.number}",
                 after={"survivors": list(result.survivors),
                        "eliminated": list(result.eliminated), "absent": list(result.absent)})
    session = _seat_round(sheet, sizes[sizes.index(result.size) + 1], tables, actor)
    return _("%(out)s players are out; the %(round)s is seated as session %(n)s.",
             out=len(result.eliminated), round=bracket_name(session.bracket_size).lower(),
             n=session.number)


def _seat_first_round(sheet: Sheet, size: int, actor: User) -> str:
    result = _final(sheet).cut(sheet.standings, size)
    record_event("final_day.cut", tournament_id=sheet.tournament.id, actor=actor,
                 subject=f"advance:{size}",
                 after={"advancing": [s.number for s in result.advancing],
                        "decided_by": result.decided_by})
    # §3.5.3.1 each player's first seed is their Day-1 rank among those who advance
    tables = _final(sheet).seed_tables([s.number for s in result.advancing])
    session = _seat_round(sheet, size, tables, actor)
    return _("The top %(size)s advance; the %(round)s is seated as session %(n)s.", size=size,
             round=bracket_name(size).lower(), n=session.number)


def _seat_round(sheet: Sheet, size: int, tables: list[list[int]], actor: User) -> PlaySession:
    tournament = sheet.tournament
    top = db.session.scalar(select(func.max(PlaySession.number)).where(
        PlaySession.tournament_id == tournament.id, PlaySession.is_seated)) or 0
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
        # starting seats (§1.2.2) by a recorded digital draw, the app's stand-in for the wind
        # tiles, as in the preliminary round
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
                "problem": _("The bracket cannot be shown as recorded: %(problem)s",
                             problem=exc)}


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
        stand_ins = _stand_ins(tables)
        # a filler is seeded in the seat of the entrant they stand in for
        entrants = sorted((stand_ins.get(s.player_number, s.player_number)
                           for seats in tables.values() for s in seats),
                          key=lambda n: by_number[n].rank)
        seeds = {n: i for i, n in enumerate(entrants, start=1)}
        raw = {s.player_number: s.total for seats in tables.values() for s in seats}
        result = closed_by_size.get(info.bracket_size)
        if result is None and info.bracket_size != _grand_final_size(sheet):
            # a live preview: who would advance on the cards as they stand
            result = _final(sheet).eliminate(
                [[s.player_number for s in seats] for seats in tables.values()],
                raw, day1_mp, seed, stand_ins, _out_of_round(sheet, info, tables))
        places = [{"place": p.place, "number": p.number, "name": names[p.number],
                   "raw": p.raw, "day1_mp_text": _show(sheet, p.day1_match_points),
                   "is_advancing": p.is_advancing, "is_absent": p.is_absent,
                   "is_out": p.is_out,
                   "tie_break": p.tie_break,
                   "tie_words": _tie_words(p.tie_break), "draw": draw_hex(p.draw)}
                  for p in (result.places if result else ())]
        rounds.append({
            "size": info.bracket_size, "session": info.number,
            "name": bracket_name(info.bracket_size), "is_closed": info.is_final,
            "tables": [{"number": number, "card_id": seats[0].card_id,
                        "players": sorted((_seat_data(s, stand_ins, seeds, by_number, names)
                                           for s in seats), key=lambda p: p["seed"])}
                       for number, seats in tables.items()],
            "places": places,
            "fillers": [{"number": f, "name": names[f], "absent": a, "absent_name": names[a]}
                        for f, a in stand_ins.items()],
        })
    ranking = []
    if grand_final is not None:
        for place in _ranking(sheet, closed, grand_final):
            ranking.append({"rank": place.rank, "number": place.number,
                            "name": names[place.number],
                            "bracket": bracket_name(place.round_size) if place.round_size
                            else _("Preliminary round"),
                            "is_absent": place.is_absent, "is_out": place.is_out,
                            "raw": place.raw, "tie_break": place.tie_break,
                            "tie_words": _tie_words(place.tie_break),
                            "draw": draw_hex(place.draw)})
    return {"advance": sizes[0], "sizes": list(sizes), "rounds": rounds, "ranking": ranking,
            "cut": _cut_data(sheet, sizes[0], names),
            "is_provisional": any(not r["is_closed"] for r in rounds), "problem": None}


def _seat_data(seat, stand_ins: dict[int, int], seeds: dict[int, int], by_number: dict,
               names: dict[int, str]) -> dict:
    """Return one seat of a final-day table; a neutral filler carries the absent seed."""
    entrant = stand_ins.get(seat.player_number, seat.player_number)
    return {"number": seat.player_number, "name": names[seat.player_number],
            "seed": seeds[entrant], "day1_rank": by_number[entrant].rank,
            "seat": seat.seat, "raw": seat.total, "is_neutral": seat.is_neutral,
            "stands_in_for": stand_ins.get(seat.player_number),
            "absent_name": names[entrant] if seat.is_neutral else None}


def _cut_data(sheet: Sheet, size: int, names: dict[int, str]) -> dict | None:
    """Return who the cut takes and, if a tie-break decided it, the players at the line."""
    try:
        result = _final(sheet).cut(sheet.standings, size)
    except ValueError:
        return None
    last_in = result.advancing[-1]
    rest = [s for s in result.eliminated if not s.is_resigned]
    first_out = rest[0] if rest else None
    line = [s for s in (last_in, first_out) if s is not None]
    physical = _physical_at_cut(sheet, result)
    return {"size": size, "decided_by": result.decided_by,
            "decided_words": _("physical draw") if physical else _tie_words(result.decided_by),
            "sentence": _cut_sentence(sheet, result, names),
            "physical": physical,
            "line": [{"rank": s.rank, "number": s.number, "name": names[s.number],
                      "mp_text": _show(sheet, s.match_points), "raw": s.raw,
                      "draw": _("drawn %(n)s", n=s.draw) if physical else draw_hex(s.draw)}
                     for s in line]}


def _level_at_cut(result) -> list:
    """Return the players still in the event level with the last one in at the cut."""
    last_in = result.advancing[-1]
    return [s for s in (*result.advancing, *result.eliminated) if not s.is_resigned
            and s.match_points == last_in.match_points
            and (result.decided_by == "raw" or s.raw == last_in.raw)]


def _physical_at_cut(sheet: Sheet, result) -> dict | None:
    """Return the physical draw the organizer entered for the tie at the cut line, if that
    draw (not the seeded one) orders it: its players are exactly the players level."""
    if result.decided_by != "draw":
        return None
    level = {s.number for s in _level_at_cut(result)}
    draw = next((d for d in physical_draws(sheet.tournament) if set(d["numbers"]) == level),
                None)
    return physical_view(draw, sheet.tournament) if draw else None


def _cut_list(sheet: Sheet, step: dict) -> list[dict]:
    """Return who the cut would take through, in Day-1 order, for the organizer to confirm."""
    if step["action"] != "cut" or not step["ready"]:
        return []
    try:
        result = _final(sheet).cut(sheet.standings, round_sizes(sheet.tournament)[0])
    except (ServiceError, ValueError):
        return []
    return [{"rank": s.rank, "number": s.number, "name": sheet.players[s.number].name}
            for s in result.advancing]


def _cut_sentence(sheet: Sheet, result, names: dict[int, str]) -> str:
    """Say in words who was level at the cut line, on what, and the order that decided it."""
    if result.decided_by not in ("raw", "draw"):
        return ""
    level = _level_at_cut(result)
    who = [f"{names[s.number]} #{s.number}" for s in level]
    players = (_("%(list)s and %(last)s", list=", ".join(who[:-1]), last=who[-1])
               if len(who) > 1 else "".join(who))
    order = ", ".join(f"{rank}. {name}" for rank, name in
                      zip((s.rank for s in level), who, strict=True))
    words = _words(sheet)
    physical = _physical_at_cut(sheet, result)
    if physical:
        return words["final.cut_tie_physical"].format(players=players, order=order,
                                                      by=physical["by"], at=physical["at"])
    return words[f"final.cut_tie_{result.decided_by}"].format(
        players=players, order=order, seed=sheet.tournament.seed)


def final_day_view(tournament_id: int) -> dict:
    """Return the organizer's final-day page: the bracket and the next step."""
    sheet = load_sheet(tournament_id)
    tournament = sheet.tournament
    step = next_step(sheet)
    cut_tie = next((tie for tie in deciding_ties(sheet) if "cut" in tie["decides"]), None)
    return {"t": {"id": tournament.id, "name": tournament.name},
            "bracket": bracket_data(sheet), "step": step,
            # the tie at the cut line once the last session is posted: the seeded draw's
            # order, or the physical draw the organizer entered instead (with who entered it)
            "cut_tie": cut_tie if cut_tie and not get_ruleset(
                tournament.ruleset).ranking.draws_lots else None,
            "cut_list": _cut_list(sheet, step), "undo_cut": undoable_cut(sheet),
            "is_provisional": sheet.is_provisional,
            "empty_seat": empty_seat_view(sheet) if bracket_data(sheet) else None}


# ---------------------------------------------------------------- §4.15 an empty seat

NOT_PRESENT = "final_day.not_present"


def round_in_play(sheet: Sheet) -> SessionInfo | None:
    """Return the final-day round whose session is seated and not yet closed, if any."""
    finals = _final_sessions(sheet)
    return finals[-1] if finals and not finals[-1].is_final else None


def _not_present(tournament_id: int, session_number: int) -> set[int]:
    """Return who the organizer marked not present for a round's empty seats (§4.15)."""
    events = db.session.scalars(select(AuditEvent.after).where(
        AuditEvent.tournament_id == tournament_id, AuditEvent.action == NOT_PRESENT,
        AuditEvent.subject == f"session:{session_number}"))
    return {int(after["player"]) for after in events if after and "player" in after}


def filler_candidates(sheet: Sheet, info: SessionInfo) -> list[int]:
    """List who may fill an empty seat of a round, best preliminary rank first (§4.15).

    The eliminated players still in the event (not seated in the round), less those the
    organizer marked not present for it. Our reading: "highest-ranked" is the preliminary
    (Day-1) rank, the one the seeds are made from.
    """
    seated = {seat.player_number for seat in sheet.totals if seat.session_id == info.id}
    away = _not_present(sheet.tournament.id, info.number)
    return [line.number for line in sheet.standings
            if sheet.players[line.number].status == "active"
            and not sheet.players[line.number].is_substitute
            and line.number not in seated and line.number not in away]


def empty_seat_view(sheet: Sheet) -> dict | None:
    """Return the final-day page's empty-seat section: entrants, the proposal, fillers."""
    info = round_in_play(sheet)
    if info is None:
        return None
    names = {n: p.name for n, p in sheet.players.items()}
    day1_rank = {line.number: line.rank for line in sheet.standings}
    tables = _round_tables(sheet, info.id)
    candidates = filler_candidates(sheet, info)
    proposal = candidates[0] if candidates else None
    return {
        "session": info.number, "name": bracket_name(info.bracket_size or 0),
        "entrants": [{"number": s.player_number, "name": names[s.player_number],
                      "table": number, "seat": s.seat}
                     for number, seats in tables.items() for s in seats if not s.is_neutral],
        "proposal": None if proposal is None else {
            "number": proposal, "name": names[proposal], "day1_rank": day1_rank[proposal]},
        "next": [{"number": n, "name": names[n], "day1_rank": day1_rank[n]}
                 for n in candidates[1:4]],
        "not_present": [{"number": n, "name": names[n]}
                        for n in sorted(_not_present(sheet.tournament.id, info.number))],
        "fillers": [{"number": s.player_number, "name": names[s.player_number],
                     "absent": s.stands_in_for, "absent_name": names[s.stands_in_for],
                     "table": number}
                    for number, seats in tables.items() for s in seats
                    if s.is_neutral and s.stands_in_for is not None],
    }


def _open_round(sheet: Sheet, session_number: int) -> SessionInfo:
    info = round_in_play(sheet)
    if info is None or info.number != session_number:
        raise Conflict(_("Session %(n)s is not a final-day round in play; an empty seat can "
                         "be filled only in the round being played (%(reading)s).",
                         n=session_number, reading=_words(sheet)["final_day.filler_reading"]))
    return info


def mark_not_present(tournament: Tournament, session_number: int, number: int,
                     actor: User) -> int:
    """Record that the proposed filler is not present, so the next one is proposed (§4.15)."""
    sheet = load_sheet(tournament.id)
    info = _open_round(sheet, session_number)
    player = get_player_or_404(tournament, number)
    if player.number not in filler_candidates(sheet, info):
        raise ServiceError(_("%(name)s is not among the eliminated players who could fill a "
                             "seat in the %(round)s.", name=player.name,
                             round=bracket_name(info.bracket_size or 0)))
    record_event(NOT_PRESENT, tournament_id=tournament.id, actor=actor,
                 subject=f"session:{session_number}", after={"player": player.number})
    db.session.flush()
    return player.number


def call_filler(tournament: Tournament, session_number: int, absent_number: int,
                filler_number: int, actor: User) -> Seat:
    """Seat the highest-ranked eliminated player present in an absent entrant's seat (§4.15).

    Our reading of §4.15: the absent entrant is out of the event (resigned) and ranks last
    of the round; the filler plays the seat as a neutral player for this round only.
    """
    sheet = load_sheet(tournament.id)
    info = _open_round(sheet, session_number)
    name = bracket_name(info.bracket_size or 0)
    absent = get_player_or_404(tournament, absent_number)
    filler = get_player_or_404(tournament, filler_number)
    seat = db.session.scalar(select(Seat).join(Table, Table.id == Seat.table_id).where(
        Table.session_id == info.id, Seat.player_id == absent.id))
    if seat is None or seat.is_neutral:
        raise ServiceError(_("%(name)s has no seat of their own in the %(round)s.",
                             name=absent.name, round=name))
    card = card_for_table(seat.table)
    if card_has_records(card):
        raise Conflict(_("Table %(n)s already has play on its card: the seat was not empty at "
                         "the start, so it cannot be filled this way.", n=seat.table.number))
    candidates = filler_candidates(sheet, info)
    if not candidates:
        raise ServiceError(_("No eliminated player is left to call: everyone is seated, out of "
                             "the event or marked not present."))
    if filler.number != candidates[0]:
        best = sheet.players[candidates[0]]
        raise ServiceError(_("%(name)s (#%(number)s) is the highest-ranked eliminated player "
                             "present: call them, or mark them not present first (%(cite)s).",
                             name=best.name, number=best.number,
                             cite=_words(sheet)["final_day.filler_cite"]))
    mark_resigned(tournament, absent.number, session_number,
                  f"absent from the {name}; #{filler.number} {filler.name} fills the seat as "
                  f"a neutral player "
                  f"({get_ruleset(tournament.ruleset).words['final_day.filler_reading']})", actor)
    seat.player_id, seat.is_neutral, seat.stands_in_for = filler.id, True, absent.number
    touch_card(card, {absent.id, filler.id})
    db.session.flush()
    db.session.expire(seat)
    record_event("final_day.filler", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{session_number}",
                 after={"table": seat.table.number, "absent": absent.number,
                        "filler": filler.number, "passed_over": sorted(
                            _not_present(tournament.id, session_number))})
    return seat


# ---------------------------------------------------------------- taking the cut back

# Rows that are play at a table: once one exists for the first round, the cut stands.
_PLAY_BY_CARD = ("CardRound", "CardPenalty", "CardSeatChange", "Confirmation", "CallUp",
                 "Ruling", "PlayTimer")
_PLAY_BY_SESSION = ("ClockEvent", "TimeOut")


def _has_play(session_id: int) -> bool:
    card_ids = select(Card.id).where(Card.session_id == session_id)
    for name in _PLAY_BY_CARD:
        model = getattr(models, name)
        if db.session.scalar(select(func.count()).select_from(model)
                             .where(model.card_id.in_(card_ids))):
            return True
    return any(db.session.scalar(select(func.count()).select_from(getattr(models, name))
                                 .where(getattr(models, name).session_id == session_id))
               for name in _PLAY_BY_SESSION)


def undoable_cut(sheet: Sheet) -> dict | None:
    """Return the first final-day round while the cut can still be taken back: seated, not
    posted, no hand recorded and nothing else played at its tables; else None."""
    finals = _final_sessions(sheet)
    if len(finals) != 1 or finals[0].is_final or _has_play(finals[0].id):
        return None
    return {"session": finals[0].number, "size": finals[0].bracket_size,
            "name": bracket_name(finals[0].bracket_size)}


def undo_cut(tournament: Tournament, actor: User) -> str:
    """Take the cut back: the first round's tables, seats and cards go, the standings stay."""
    sheet = load_sheet(tournament.id)
    undo = undoable_cut(sheet)
    if undo is None:
        raise Conflict(_("The cut can no longer be taken back: the first final-day round has "
                         "play recorded (or there is no cut to take back)."))
    session = db.session.scalar(select(PlaySession).where(
        PlaySession.tournament_id == tournament.id, PlaySession.number == undo["session"]))
    card_ids = select(Card.id).where(Card.session_id == session.id)
    table_ids = select(Table.id).where(Table.session_id == session.id)
    # the cards' cached views go with them (a cache: a new card may get a freed id)
    for card_id in db.session.scalars(card_ids).all():
        db.session.execute(delete(models.BuiltView).where(
            models.BuiltView.name.like(f"card%:{card_id}")))
    db.session.execute(delete(models.CardTotal).where(models.CardTotal.card_id.in_(card_ids)))
    db.session.execute(delete(Card).where(Card.session_id == session.id))
    db.session.execute(delete(Seat).where(Seat.table_id.in_(table_ids)))
    db.session.execute(delete(Table).where(Table.session_id == session.id))
    db.session.delete(session)
    db.session.flush()
    db.session.expire_all()
    record_event("final_day.cut_undone", tournament_id=tournament.id, actor=actor,
                 subject=f"session:{undo['session']}", after={"size": undo["size"]})
    return _("The cut is taken back: the %(round)s (session %(n)s) is no longer seated. Make "
             "the cut again when the standings are right.", round=undo["name"].lower(),
             n=undo["session"])
