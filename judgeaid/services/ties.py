"""Ties that decide something: at a prize place the organizer marked, or at the cut line.

Only these are worth a lot once the last session is posted (ZJ §3.3.1 "a tie at prize
earning ranks (determined by the tournament organizer)", §3.3.2.1 the tie at the cut line;
MCR §3.10.1 stops at contest points and a lot drawn in the hall is our reading). Elsewhere
level players share their place, and the seeded draw only orders the list.

A ruleset that draws lots asks the organizer for one (results.record_lot). A ruleset whose
ties go to the draw from the event's seed lets the organizer enter a physical draw instead
for such a tie: the order the players drew in the hall, kept in the event's settings with
who entered it and when (standings_data.PHYSICAL_DRAWS), audited, and undoable until the
cut it decides is made.
"""

from __future__ import annotations

from flask_babel import gettext as _

from judgeaid.extensions import db
from judgeaid.models import Tournament, User, utcnow
from judgeaid.rules import get_ruleset
from judgeaid.services.audit import record_event
from judgeaid.services.errors import Conflict, Unprocessable
from judgeaid.services.seating import session_count
from judgeaid.services.standings_data import (
    FINAL,
    PHYSICAL_DRAWS,
    PRIZE_PLACES,
    Sheet,
    draw_hex,
    load_sheet,
    physical_draws,
)
from judgeaid.tournament.standings import Standing, points_key
from judgeaid.values import iso_z
from judgeaid.venuetime import venue_text

# The most prize places an organizer may mark: more is a place for everyone.
MAX_PRIZE_PLACES = 64


def prize_places(tournament: Tournament) -> int | None:
    """Return how many places at the top the organizer marked as winning a prize, if any."""
    value = tournament.settings.get(PRIZE_PLACES)
    return int(value) if value else None


def set_prize_places(tournament: Tournament, places: int | None, actor: User) -> int | None:
    """Mark the top `places` places as prize places (None or 0: none), audited."""
    if places is not None and not 0 <= places <= MAX_PRIZE_PLACES:
        raise Unprocessable(_("Mark from 0 to %(most)s prize places.", most=MAX_PRIZE_PLACES))
    before = prize_places(tournament)
    after = places or None
    settings = {k: v for k, v in tournament.settings.items() if k != PRIZE_PLACES}
    tournament.settings = settings | ({PRIZE_PLACES: after} if after else {})
    record_event("standings.prize_places", tournament_id=tournament.id, actor=actor,
                 subject=f"tournament:{tournament.id}", before={"prize_places": before},
                 after={"prize_places": after})
    db.session.flush()
    return after


def cut_size(tournament: Tournament) -> int | None:
    """Return how many players the cut takes to the final day, for an event that has one
    (final_day.round_sizes says why not, where it has none)."""
    settings = tournament.settings
    sizes = tuple(settings.get("final_day") or ())
    ranking = get_ruleset(tournament.ruleset).ranking
    if not sizes or settings.get("advance") is None or ranking.final_day is None:
        return None
    return sizes[0] if sizes in ranking.final_day_rounds.values() else None


def is_settled_time(sheet: Sheet) -> bool:
    """Return True once the last preliminary session is posted: a tie can no longer come
    apart, so a lot (or a physical draw) may be asked for."""
    planned = session_count(sheet.tournament)
    return bool(sheet.preliminary) and not sheet.is_provisional and (
        len(sheet.preliminary) >= planned)


def level_groups(standings: list[Standing]) -> list[list[Standing]]:
    """Return the runs of players still in the event who are level on points and raw
    total: the ties only a draw (or lot) separates."""
    runs: list[list[Standing]] = []
    last = None
    for line in standings:
        key = (line.is_resigned, points_key(line.match_points), line.raw)
        if runs and key == last:
            runs[-1].append(line)
        else:
            runs.append([line])
        last = key
    return [run for run in runs if len(run) > 1 and not run[0].is_resigned]


def what_it_decides(first: int, last: int, prizes: int | None, cut: int | None) -> list[str]:
    """Say what a tie over places `first`..`last` decides: "prize", "cut", both or none."""
    decides = []
    if prizes and first <= prizes:
        decides.append("prize")
    if cut and first <= cut < last:
        decides.append("cut")
    return decides


def deciding_ties(sheet: Sheet) -> list[dict]:
    """Return the ties at a marked prize place or at the cut line, once the last session is
    posted: the players in the order that stands, what decided it and what it decides."""
    if not is_settled_time(sheet):
        return []
    tournament = sheet.tournament
    prizes, cut = prize_places(tournament), cut_size(tournament)
    drawn = {frozenset(d["numbers"]): d for d in physical_draws(tournament)}
    cut_made = any(s.stage == FINAL for s in sheet.sessions)
    ties = []
    for group in level_groups(sheet.standings):
        decides = what_it_decides(group[0].rank, group[-1].rank, prizes, cut)
        if not decides:
            continue
        numbers = [line.number for line in group]
        physical = drawn.get(frozenset(numbers))
        ties.append({
            "ranks": f"{group[0].rank}–{group[-1].rank}", "decides": decides,
            "numbers": " ".join(map(str, numbers)),
            "players": [{"rank": line.rank, "number": line.number,
                         "name": sheet.players[line.number].name,
                         "draw": None if physical else draw_hex(line.draw)} for line in group],
            "physical": physical_view(physical, tournament) if physical else None,
            # a draw that decided the cut stands once the cut is made (undo the cut first)
            "is_open": not ("cut" in decides and cut_made),
        })
    return ties


def physical_view(draw: dict, tournament: Tournament) -> dict:
    """Return a physical draw for a page: who entered it, when, on the venue's clock."""
    return {"numbers": list(draw["numbers"]), "by": draw["by"],
            "at": venue_text(draw["at"], tournament.time_zone, "day")}


def record_physical_draw(tournament: Tournament, numbers: list[int], actor: User) -> str:
    """Record the order the players of one deciding tie drew in the hall, replacing the
    seeded draw for them; kept with who entered it. Return what was recorded, in words."""
    rules = get_ruleset(tournament.ruleset)
    if rules.ranking.draws_lots:
        raise Unprocessable(_("This event's ties are settled by a lot drawn in the hall: "
                              "record the lot on the results desk."))
    tie = _open_tie(tournament, numbers)
    if len(set(numbers)) != len(numbers) or sorted(numbers) != sorted(
            p["number"] for p in tie["players"]):
        raise Unprocessable(_("List every player of the tie once, in the order drawn, "
                              "highest place first (%(numbers)s).", numbers=tie["numbers"]))
    if tie["physical"] and tie["physical"]["numbers"] == list(numbers):
        raise Conflict(_("This physical draw is already recorded."))
    kept = [d for d in physical_draws(tournament) if not set(d["numbers"]) & set(numbers)]
    draw = {"numbers": list(numbers), "by": actor.name, "at": iso_z(utcnow())}
    tournament.settings = {**tournament.settings, PHYSICAL_DRAWS: [*kept, draw]}
    record_event("standings.physical_draw", tournament_id=tournament.id, actor=actor,
                 subject=f"tournament:{tournament.id}",
                 before={"seeded": [p["number"] for p in tie["players"]]},
                 after={"drawn": list(numbers), "decides": tie["decides"]})
    db.session.flush()
    return _("The physical draw for places %(ranks)s is recorded, entered by %(name)s: "
             "%(order)s, in that order.", ranks=tie["ranks"], name=actor.name,
             order=", ".join(f"#{n}" for n in numbers))


def undo_physical_draw(tournament: Tournament, numbers: list[int], actor: User) -> str:
    """Take a physical draw back: the draw from the seed orders its players again."""
    draws = physical_draws(tournament)
    draw = next((d for d in draws if sorted(d["numbers"]) == sorted(numbers)), None)
    if draw is None:
        raise Conflict(_("There is no physical draw for these players to take back."))
    sheet = load_sheet(tournament.id)
    cut = cut_size(tournament)
    ranks = [line.rank for line in sheet.standings if line.number in set(numbers)]
    cut_made = any(s.stage == FINAL for s in sheet.sessions)
    if cut and ranks and min(ranks) <= cut < max(ranks) and cut_made:
        raise Conflict(_("The cut this draw decided is made: undo the cut first."))
    tournament.settings = {**tournament.settings,
                           PHYSICAL_DRAWS: [d for d in draws if d is not draw]}
    record_event("standings.physical_draw_undone", tournament_id=tournament.id, actor=actor,
                 subject=f"tournament:{tournament.id}", before={"drawn": draw},
                 after={"drawn": None})
    db.session.flush()
    return _("The physical draw is taken back: the draw from the seed orders %(order)s "
             "again.", order=", ".join(f"#{n}" for n in draw["numbers"]))


def _open_tie(tournament: Tournament, numbers: list[int]) -> dict:
    """Return the deciding tie the numbers name, or say why a draw cannot be entered."""
    sheet = load_sheet(tournament.id)
    if not is_settled_time(sheet):
        raise Unprocessable(_("Enter a physical draw once every session is posted as final: "
                              "until then a corrected card can change who is level."))
    named = set(numbers)
    tie = next((t for t in deciding_ties(sheet)
                if named & {p["number"] for p in t["players"]}), None)
    if tie is None:
        raise Unprocessable(_("These players are not level at a prize place or at the cut "
                              "line: no draw decides anything for them."))
    if not tie["is_open"]:
        raise Conflict(_("The cut this tie decides is made: undo the cut first."))
    return tie
