"""The standings as pages show them (§3.5): the public table, the projector, a player's own
results, the organizer's results desk, the API's stable shape."""

from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Player, PlaySession, ScoreCheck
from judgeaid.rules import get_ruleset
from judgeaid.rules.ruleset import bracketed
from judgeaid.services import closing, final_day, ties
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.card_seats import substitute_seats
from judgeaid.services.errors import NotFound
from judgeaid.services.results import MESSAGE_LIMIT, REASON_LIMIT, check_data, score_checks
from judgeaid.services.seating import session_count
from judgeaid.services.session_changes import late_check_in_times
from judgeaid.services.standings_data import (
    FINAL,
    OUT_STATUSES,
    PRELIMINARY,
    SeatTotal,
    Sheet,
    computed_standings,
    data_version,
    draw_hex,
    load_sheet,
    physical_draws,
    seat_points,
    seat_totals,
    session_cards,
    session_label,
)
from judgeaid.tournament.standings import STANDINGS_STAGE
from judgeaid.values import iso_z
from judgeaid.wording import page_words, rule_text, ruleset_view

# the standings column of a ruleset that counts table points by place, then contest points
TABLE_POINTS = "table_points"
# each way out of the event in the words of the event's ruleset, citing its own rule
OUT_KEYS = {"resigned": "out.resigned", "withdrawn": "out.withdrawn",
            "disqualified": "out.disqualified"}


def absence_notes(sheet: Sheet) -> dict[int, dict[str, str]]:
    """Say in words, per player number, who is out of the event and who filled a seat.

    "out": the player's status and the session it applies from; for a final-day entrant
    whose seat a neutral filler took, that they rank last of that round (§4.15, our
    reading). "filler": the rounds a player played as a neutral filler.
    """
    labels = {s.number: session_label(s.number, s.stage, s.bracket_size) for s in sheet.sessions}
    words = ruleset_view(sheet.tournament.ruleset)["words"]
    absent_in: dict[int, int] = {}
    filled: dict[int, list[str]] = {}
    forfeited: dict[int, list[str]] = {}
    for seat in (SeatTotal._make(seat) for seat in sheet.seats if seat[11]):
        if seat.stands_in_for == seat.player_number:
            # a seat standing for its own player: the session forfeited (MCR §3.11.2.1)
            forfeited.setdefault(seat.player_number, []).append(labels[seat.session_number])
        elif seat.stands_in_for is not None:
            absent_in[seat.stands_in_for] = seat.session_number
            filled.setdefault(seat.player_number, []).append(
                _("%(session)s for #%(number)s", session=labels[seat.session_number],
                  number=seat.stands_in_for))
    notes: dict[int, dict[str, str]] = {}
    for number, player in sheet.players.items():
        note = {}
        if player.status in OUT_STATUSES:
            if number in absent_in:
                note["out"] = _("absent from the %(round)s: out of the event and last of that "
                                "round (%(reading)s)", round=labels[absent_in[number]],
                                reading=words["final_day.filler_reading"])
            else:
                what = words[OUT_KEYS[player.status]]
                note["out"] = _("%(what)s from session %(n)s", what=what,
                                n=player.left_session) if player.left_session else what
        if number in filled:
            note["filler"] = _("neutral filler in the %(rounds)s: that score keeps the table "
                               "zero-sum and does not change this player's place (%(reading)s)",
                               rounds=", ".join(filled[number]),
                               reading=words["final_day.filler_reading"])
        if number in forfeited:
            note["forfeit"] = _("%(sessions)s: %(note)s", sessions=", ".join(forfeited[number]),
                                note=words["card.forfeit_note"])
        if note:
            notes[number] = note
    return notes


# ---------------------------------------------------------------- the public standings

def standings_view(tournament_id: int, version: tuple | None = None, *,
                   before: int | None = None) -> dict:
    """Return the standings as plain data for the pages and the API (with `before`: only the
    sessions numbered below it; see services.closing for who reads which)."""
    if before is None:
        return computed_standings(tournament_id,
                                  lambda: _standings_data(load_sheet(tournament_id)),
                                  version=version)
    return computed_standings(
        tournament_id, lambda: _standings_data(load_sheet(tournament_id, before=before)),
        part=f"standings before {before}", version=version)


def _standings_data(sheet: Sheet) -> dict:
    tournament = sheet.tournament
    rules = get_ruleset(tournament.ruleset)
    fmt = rules.formats[tournament.format]
    ranking = rules.ranking
    show = ranking.display_points
    by_place = rules.can.standings_columns[0].field == TABLE_POINTS
    players = sheet.players
    # Each session's points as text, formatted once per value: 400 players × 8 sessions
    # repeat the same few hundred values.
    session_texts: dict[float | None, str] = {None: "—"}
    notes = absence_notes(sheet)
    deduction = ranking.late_arrival_deduction
    rows = []
    for line in sheet.standings:
        player = players[line.number]
        texts = []
        for i, mp in enumerate(line.session_match_points, start=1):
            text = session_texts.get(mp)
            if text is None:
                text = session_texts[mp] = show(mp)
            texts.append(f"S{i} {text}")
        row = {
            "rank": line.rank, "number": line.number, "name": line.name,
            "team": player.team,
            "match_points": line.match_points, "mp_text": show(line.match_points),
            "raw": line.raw,
            "session_match_points": list(line.session_match_points),
            "sessions_text": " · ".join(texts),
            "deductions": line.deductions, "late_sessions": int(
                line.deductions // deduction) if deduction else 0,
            "status": player.status, "is_out": line.is_resigned,
            "out_text": notes.get(line.number, {}).get("out", ""),
            "filler_text": notes.get(line.number, {}).get("filler", ""),
            "forfeit_text": notes.get(line.number, {}).get("forfeit", ""),
            "tie_break": line.tie_break, "draw": draw_hex(line.draw),
        }
        if by_place:
            # MCR §3.10.1: table points, then contest points (the raw total); no match points
            row.update(match_points=None, table_points=line.match_points,
                       contest_points=line.raw, session_match_points=None,
                       session_table_points=list(line.session_match_points), draw=line.draw)
        rows.append(row)
    has_final_day = fmt.kind == "competitive" and bool(ranking.final_day_rounds)
    bracket = final_day.bracket_data(sheet) if has_final_day else None
    ranked = _final_rows(rows, bracket["ranking"]) if bracket and bracket["ranking"] else rows
    planned = max(int(tournament.settings.get("sessions") or 0), len(sheet.preliminary))
    posted = sum(1 for s in sheet.preliminary if s.is_final)
    is_provisional = sheet.is_provisional or bool(bracket and bracket["is_provisional"])
    # a lot is asked for only at a prize place the organizer marked, or at the cut line
    prizes, cut = ties.prize_places(tournament), ties.cut_size(tournament)
    lots = lot_groups(rows, asks=posted >= planned, prizes=prizes, cut=cut) \
        if ranking.draws_lots else []
    return {
        "tournament": {"id": tournament.id, "name": tournament.name,
                       "format": rule_text(tournament.ruleset, fmt.name),
                       "kind": fmt.kind},
        "points": rules.can.standings_columns[0].field,
        "sessions": [{"number": s.number, "is_final": s.is_final,
                      "finalized_at": iso_z(s.finalized_at)} for s in sheet.preliminary],
        "planned_sessions": planned,
        # what is posted: "after 1 of 6 sessions"; "Final" only once every session is posted
        "posted_sessions": posted,
        # the seed the tie-breaking draw comes from, public before play decides anything
        "draw_seed_text": page_words(rules).format("standings.draw_seed", seed=tournament.seed),
        # an event with a final day is complete once its final ranking is published
        "is_complete": posted >= planned and not is_provisional and not (
            bracket and not bracket["ranking"]),
        "awaits_final_day": bool(bracket and not bracket["ranking"] and posted >= planned),
        "is_provisional": is_provisional,
        "phase": "final" if bracket and bracket["ranking"] else (
            "final_day" if bracket and bracket["rounds"] else "preliminary"),
        "preliminary": rows,
        "standings": ranked,
        # no place is shown before a session is posted: nor the places a draw settles
        "draw_groups": [] if ranking.draws_lots or not posted else _draw_groups(rows, sheet),
        "lot_groups": lots,
        # who waits for a lot: a tie elsewhere decides nothing, and no lot is drawn for it
        "lot_asked": sorted(p["number"] for g in lots if not g["is_drawn"] for p in g["players"]),
        "prize_places": prizes,
        "teams": _teams(rows, ranking.rank_teams if ranking.ranks_teams else None, show),
        "final_day": bracket,
    }


def lot_groups(rows: list[dict], *, asks: bool = True, prizes: int | None = None,
               cut: int | None = None) -> list[dict]:
    """List the players level on table points and contest points: drawn, or waiting for a lot.

    A lot is asked for (`asks`) only once the last session is posted, and only for a tie at
    a prize place the organizer marked (`prizes`: the top places that win one) or at the
    cut line (`cut`): before that a tie may still come apart, and elsewhere it decides
    nothing; the players share their place meanwhile."""
    groups = _level_runs([row for row in rows if row["tie_break"] in ("draw", "tied")],
                         lambda row: (row["is_out"], round(row["table_points"], 9),
                                      row["contest_points"]))
    groups = [g for g in groups if g[0]["tie_break"] == "draw" or (
        asks and not g[0]["is_out"]
        and ties.what_it_decides(g[0]["rank"], g[-1]["rank"], prizes, cut))]
    return [{"ranks": _places(g[0]["rank"], len(g)),
             "points_text": g[0]["mp_text"],
             "contest_points": g[0]["contest_points"],
             "is_drawn": g[0]["tie_break"] == "draw",
             "numbers": " ".join(str(p["number"]) for p in g),
             "players": [{"rank": p["rank"], "number": p["number"], "name": p["name"],
                          "draw": p["draw"]} for p in g]}
            for g in groups]


def _level_runs(rows: list[dict], key) -> list[list[dict]]:
    """Split rows into runs of neighbours with the same key (players level on points)."""
    runs: list[tuple[object, list[dict]]] = []
    for row in rows:
        value = key(row)
        if runs and runs[-1][0] == value:
            runs[-1][1].append(row)
        else:
            runs.append((value, [row]))
    return [run for _, run in runs]


def _places(first: int, count: int) -> str:
    return f"{first}–{first + count - 1}"


def _teams(rows: list[dict], rank_teams, show) -> list[dict]:
    """Rank the teams from their members' lines (MCR Appendix 7), or none for the ruleset."""
    if rank_teams is None or not any(row["team"] for row in rows):
        return []
    names = {row["number"]: row["name"] for row in rows}
    teams = rank_teams((row["team"], row["number"], row.get("table_points", row["match_points"]),
                        row["raw"]) for row in rows if row["team"])
    return [{"rank": t.rank, "team": t.team, "table_points": t.table_points,
             "points_text": show(t.table_points), "contest_points": t.contest_points,
             "tie_break": t.tie_break,
             "members": [{"number": n, "name": names[n]} for n in t.members]}
            for t in teams]


def _final_rows(rows: list[dict], ranking: list[dict]) -> list[dict]:
    # §3.5.1 once the Grand Final is played, the bracket decides the final places
    by_number = {row["number"]: row for row in rows}
    return [{**by_number[place["number"]], "rank": place["rank"],
             "bracket": place["bracket"], "bracket_raw": place["raw"],
             "tie_break": place["tie_break"], "draw": place["draw"]}
            for place in ranking]


def _draw_groups(rows: list[dict], sheet: Sheet) -> list[dict]:
    """List the places a seeded draw decided, with every drawn value (lower wins), or the
    physical draw the organizer entered instead, with who entered it."""
    groups = _level_runs([row for row in rows if row["tie_break"] == "draw"],
                         lambda row: (row["is_out"], round(row["match_points"], 9), row["raw"]))
    drawn = {frozenset(d["numbers"]): d for d in physical_draws(sheet.tournament)}
    answer = []
    for g in groups:
        physical = drawn.get(frozenset(p["number"] for p in g))
        answer.append({
            "ranks": f"{g[0]['rank']}–{g[-1]['rank']}",
            "mp_text": g[0]["mp_text"], "raw": g[0]["raw"],
            "physical": ties.physical_view(physical, sheet.tournament) if physical else None,
            "players": [{"rank": p["rank"], "number": p["number"], "name": p["name"],
                         "draw": _("drawn %(n)s", n=i) if physical else p["draw"]}
                        for i, p in enumerate(g, start=1)]})
    return answer


def shown_standings(tournament_id: int, version: tuple | None = None, *,
                    sees_all: bool = False) -> dict:
    """Return the standings a reader is shown: all of them for judges and the organizer
    (`sees_all`), else up to the session before the one the organizer hides from (issue 30).
    Adds `hidden_from_session` (None: nothing hidden), `is_hidden` and `hidden_text`."""
    hidden = closing.hidden_from(get_tournament_or_404(tournament_id))
    is_hidden = hidden is not None and not sees_all
    data = standings_view(tournament_id, version, before=hidden if is_hidden else None)
    return {**data, "hidden_from_session": hidden, "is_hidden": is_hidden,
            "hidden_text": closing.hidden_text(hidden) if hidden is not None else ""}


def api_standings(tournament_id: int, *, sees_all: bool = False) -> dict:
    """Return the standings in the stable API shape (DESIGN §5), with extra fields."""
    data = shown_standings(tournament_id, sees_all=sees_all)
    keep = ("rank", "number", "name", "match_points", "raw", "session_match_points",
            "deductions", "status", "tie_break", "draw", "bracket", "bracket_raw", "out_text",
            "filler_text")
    answer = {
        "tournament": data["tournament"],
        "provisional": data["is_provisional"],
        "phase": data["phase"],
        "sessions": data["sessions"],
        "posted_sessions": data["posted_sessions"],
        "planned_sessions": data["planned_sessions"],
        "standings": [{key: row[key] for key in keep if key in row}
                      for row in data["standings"]],
        "final_day": _api_bracket(data["final_day"]),
        # the closing stage: the first session hidden from the public (None: none)
        "hidden_from_session": data["hidden_from_session"],
        "is_hidden": data["is_hidden"],
    }
    if data["points"] == TABLE_POINTS:
        # MCR §3.10.1: each row adds its table points and contest points (raw = contest
        # points, match points null); the teams as MCR Appendix 7 ranks them
        for row, line in zip(answer["standings"], data["standings"], strict=True):
            row.update(table_points=line["table_points"], contest_points=line["contest_points"],
                       session_table_points=line["session_table_points"], team=line["team"])
        answer["points"] = TABLE_POINTS
        answer["teams"] = [{key: team[key] for key in ("rank", "team", "table_points",
                                                       "contest_points", "tie_break")}
                           | {"members": [m["number"] for m in team["members"]]}
                           for team in data["teams"]]
    return answer


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


def projector_view(tournament_id: int, page: int, per_page: int = 16, *,
                   sees_all: bool = False) -> dict:
    """Return one page of the standings for the hall's projector."""
    data = shown_standings(tournament_id, sees_all=sees_all)
    rows = data["standings"]
    pages = max(1, -(-len(rows) // per_page))
    page = page if 1 <= page <= pages else 1
    return {**data, "rows": rows[(page - 1) * per_page: page * per_page], "page": page,
            "pages": pages, "next_page": page % pages + 1}


# ---------------------------------------------------------------- a player's own results

def results_for_player(player_id: int, *, sees_all: bool = False) -> dict:
    """Return one player's sessions, raw scores, match points and rank as plain data (up to
    the hidden sessions, unless the reader `sees_all`)."""
    player = db.session.get(Player, player_id)
    if player is None:
        raise NotFound(_("There is no player %(id)s.", id=player_id))
    # Every player's page shows this at a session's start: the event's parts are read from
    # what is kept for the data version, read once here.
    version = data_version(player.tournament_id)
    data = shown_standings(player.tournament_id, version, sees_all=sees_all)
    hidden = data["hidden_from_session"] if data["is_hidden"] else None
    line = next((row for row in data["standings"] if row["number"] == player.number), None)
    finalized = dict(db.session.execute(
        select(PlaySession.number, PlaySession.finalized_at.is_not(None))
        .where(PlaySession.tournament_id == player.tournament_id)).all())
    # a seat's points may depend on the whole table (MCR's places): every seat is read
    points = computed_standings(player.tournament_id, lambda: seat_points(
        player.tournament, seat_totals(player.tournament_id)), part="seat points",
        version=version)
    seats = computed_standings(player.tournament_id, lambda: _seats_by_player(
        player.tournament_id), part="seats by player", version=version)
    rules = get_ruleset(player.tournament.ruleset)
    ranking, words = rules.ranking, rules.words
    sessions = []
    for seat in seats.get(player.id, ()):
        if hidden is not None and seat.session_number >= hidden:
            # the closing stage: a hidden session's table and seat only, no score
            sessions.append({"is_neutral": seat.is_neutral, "stands_in_for": seat.stands_in_for,
                             "number": seat.session_number, "stage": seat.stage,
                             "label": session_label(seat.session_number, seat.stage,
                                                    seat.bracket_size),
                             "table": seat.table, "seat": seat.seat, "rounds": 0,
                             "penalties": 0, "raw": "—", "mp_text": "", "is_hidden": True,
                             "is_final": bool(finalized.get(seat.session_number))})
            continue
        is_counted = seat.stage == PRELIMINARY and not seat.is_neutral
        sessions.append({
            "is_neutral": seat.is_neutral, "stands_in_for": seat.stands_in_for,
            "number": seat.session_number, "stage": seat.stage,
            "label": session_label(seat.session_number, seat.stage, seat.bracket_size),
            "table": seat.table, "seat": seat.seat, "rounds": seat.rounds,
            "penalties": seat.penalties, "raw": seat.total,
            "mp_text": (ranking.display_points(points[seat.session_number, player.number])
                        if is_counted else ""),
            "is_final": bool(finalized.get(seat.session_number)),
        })
    # a seat taken mid-session as a neutral substitute (our reading of §4.15): shown, never ranked
    for seat in substitute_seats(player.id):
        label = session_label(seat["number"], seat["stage"], seat["bracket_size"])
        if hidden is not None and seat["number"] >= hidden:
            # the closing stage: no score of a hidden session
            seat = {**seat, "rounds": 0, "penalties": 0, "raw": "—", "is_hidden": True}
        sessions.append({**seat, "label": _("%(session)s · neutral, from round %(round)s",
                                            session=label, round=seat["from_round"]),
                         "mp_text": ""})
    checks = db.session.scalars(select(ScoreCheck).where(ScoreCheck.player_id == player.id)
                                .order_by(ScoreCheck.filed_at))
    return {
        "tournament_id": player.tournament_id,
        "player": {"number": player.number, "name": player.name, "status": player.status},
        # the standings' own words for their points and the column breaking ties
        "points_short": words["standings.points_short"],
        "raw_words": words["standings.raw_words"],
        # no rank before a session is posted: it would rank nothing yet
        "rank": line["rank"] if line and data["posted_sessions"] else None,
        "field": len(data["standings"]),
        "posted_sessions": data["posted_sessions"],
        "planned_sessions": data["planned_sessions"],
        "is_complete": data["is_complete"],
        "awaits_final_day": data["awaits_final_day"],
        "mp_text": line["mp_text"] if line else None,
        "raw": line["raw"] if line else None,
        "deductions": line["deductions"] if line else 0.0,
        "late_sessions": line["late_sessions"] if line else 0,
        "out_text": line["out_text"] if line else "",
        "filler_text": line["filler_text"] if line else "",
        "forfeit_text": line["forfeit_text"] if line else "",
        "late_decision": _late_decision_text(player),
        "bracket": line.get("bracket") if line else None,
        "is_provisional": data["is_provisional"],
        "sessions": sessions,
        "hidden_text": data["hidden_text"] if data["is_hidden"] else "",
        "score_checks": [check_data(c) for c in checks],
        "check_sessions": [s["number"] for s in sessions],
        "token": player.token,
    }


def _seats_by_player(tournament_id: int) -> dict[int, list]:
    """Return every seat's totals of the event by player id, in seat_totals' order."""
    by_player: dict[int, list] = {}
    for seat in seat_totals(tournament_id):
        by_player.setdefault(seat.player_id, []).append(seat)
    return by_player


def _late_decision_text(player: Player) -> str:
    """Say the organizer's §3.7 choice for a late check-in, if one was needed."""
    if not player.late_decision:
        return ""
    session = player.late_decision_session
    late = bracketed(page_words(get_ruleset(player.tournament.ruleset))["standings.late_cite"])
    if player.late_decision == "allowed":
        return _("Checked in after the cut-off for session %(n)s; allowed to play it%(cite)s.",
                 n=session, cite=late)
    return _("Checked in after the cut-off for session %(n)s; refused for it%(cite)s.",
             n=session, cite=late)


# ---------------------------------------------------------------- the organizer's page

def manage_view(tournament_id: int) -> dict:
    """Return the organizer's results desk: sessions to post, checks, late arrivals."""
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
    rules = get_ruleset(tournament.ruleset)
    fmt = rules.formats[tournament.format]
    ranking = rules.ranking
    has_final_day = fmt.kind == "competitive" and bool(ranking.final_day_rounds)
    return {
        "t": {"id": tournament.id, "name": tournament.name, "kind": fmt.kind,
              "seed": tournament.seed, "draw_stage": STANDINGS_STAGE,
              "planned_sessions": session_count(tournament)},
        "sessions": sessions,
        "checks": score_checks(tournament),
        "problems": sheet.problems,
        "late": [p for p in roster if p["joined_session"] > 1],
        "late_times": late_check_in_times(tournament),
        "out": [p for p in roster if p["status"] != "active"],
        "roster": roster,
        "reason_limit": REASON_LIMIT,
        "message_limit": MESSAGE_LIMIT,
        "has_final_day": has_final_day,
        "final_day_started": any(s.stage == FINAL for s in sheet.sessions),
        "next_final_step": final_day.next_step(sheet) if has_final_day else None,
        "points": rules.can.standings_columns[0].field,
        # MCR §3.10.1 (our reading): the organizer draws lots for players still level
        "draws_lots": ranking.draws_lots,
        "lot_groups": _asked_lots(tournament_id) if ranking.draws_lots else [],
        # the top places that win a prize, as the organizer marked them, and the ties there
        # or at the cut line once the last session is posted (a physical draw may settle them)
        "prize_places": ties.prize_places(tournament),
        "max_prize_places": ties.MAX_PRIZE_PLACES,
        "deciding_ties": [] if ranking.draws_lots else ties.deciding_ties(sheet),
    }


def _asked_lots(tournament_id: int) -> list[dict]:
    view = standings_view(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    return lot_groups(view["preliminary"],
                      asks=view["posted_sessions"] >= view["planned_sessions"],
                      prizes=ties.prize_places(tournament), cut=ties.cut_size(tournament))
