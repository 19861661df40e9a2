"""What the organizer's desk and the seating pages show, as plain data."""

from __future__ import annotations

from datetime import datetime
from itertools import combinations

from flask_babel import gettext as _
from flask_babel import lazy_gettext
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from judgeaid import hanzi, venuetime
from judgeaid.extensions import db
from judgeaid.i18n import LOCALES, NATIVE_NAMES, page_lang
from judgeaid.models import (
    WINDS,
    Card,
    CardPenalty,
    CardRound,
    Player,
    PlaySession,
    Seat,
    Table,
    Tournament,
    User,
)
from judgeaid.rules import RULESETS, get_ruleset
from judgeaid.rules.ruleset import bracketed
from judgeaid.services import autobackup, seating, session_changes, throttle
from judgeaid.services.accounts import ROLE_NAMES, get_tournament_or_404
from judgeaid.services.card_views import card_words
from judgeaid.services.cards import card_for_table
from judgeaid.services.errors import Conflict
from judgeaid.services.overview import ruleset_label, tournament_summary
from judgeaid.services.seating import wind_names
from judgeaid.tournament.seating import plan_report
from judgeaid.wording import page_words, rule_text, ruleset_view


# The text each ruleset's formats come from, and the format the new-tournament form starts
# on; a ruleset not listed starts on its first format.
def ruleset_choices() -> list[dict]:
    """Return the rulesets a new tournament may play, each with its formats."""
    choices = []
    for code, rules in RULESETS.items():
        choices.append({"code": code, "label": ruleset_label(code),
                        "legend": page_words(rules)["organizer.format_legend"],
                        "default_format": rules.default_format,
                        "formats": [{"code": f.code, "name": rule_text(code, f.name),
                                     "summary": rule_text(code, f.summary)}
                                    for f in rules.formats.values()]})
    return choices


def desk(tournament_id: int, limits: throttle.Limits | None = None) -> dict:
    """Return the organizer dashboard's data, with the sign-in locks now in force."""
    summary = tournament_summary(tournament_id)
    users = db.session.scalars(select(User).where(User.tournament_id == tournament_id)
                               .order_by(User.role, User.name))
    roster = db.session.scalars(select(Player).where(Player.tournament_id == tournament_id)
                                .order_by(Player.number))
    return {
        "t": summary,
        "is_started": any(s["status"] in ("playing", "finished") for s in summary["sessions"]),
        "staff": [{"id": u.id, "name": u.name, "role": str(ROLE_NAMES[u.role]),
                   "needs_pin": not u.pin_hash} for u in users],
        "locks": throttle.locked_accounts(tournament_id, limits or throttle.Limits()),
        "last_backup": autobackup.last_backup_view(tournament_id, summary["time_zone"]),
        "roster": [{"number": p.number, "name": p.name, "team": p.team.name if p.team else "",
                    "status": p.status, "token": p.token, "member_id": p.member_id,
                    "family_name": p.family_name or "", "given_name": p.given_name or "",
                    "ema_number": p.ema_number or "", "country": p.country or ""}
                   for p in roster],
        # the event's default language: each in its own words (the switch shows the same)
        "event_languages": [(tag, NATIVE_NAMES[tag]) for tag in LOCALES],
    }


# ---------------------------------------------------------------- sessions and seating pages

STATUS_TEXT = {"planned": lazy_gettext("not seated"), "seated": lazy_gettext("seated, not started"),
               "playing": lazy_gettext("in play"), "finished": lazy_gettext("finished")}


def sessions_page(tournament_id: int) -> dict:
    """Return the Sessions page's data: settings, each session's state, the changes so far."""
    tournament = get_tournament_or_404(tournament_id)
    rows = {s.number: s for s in seating.seated_sessions(tournament)}
    rows.update({s.number: s for s in tournament.sessions
                 if s.stage == seating.PRELIMINARY and not s.is_seated})
    upcoming = seating.next_session(tournament)
    sessions = []
    for number in range(1, seating.session_count(tournament) + 1):
        row = rows.get(number)
        status = row.status if row else "planned"
        sessions.append({
            "number": number, "status": status,
            "status_text": str(STATUS_TEXT.get(status, status)),
            "starts_at": _venue_text(row.starts_at, tournament) if row else None,
            "starts_at_input": venuetime.input_value(row.starts_at, tournament.time_zone)
            if row else "",
            "starts_note": venuetime.repeated_hour_note(row.starts_at, tournament.time_zone)
            if row else None,
            "tables": len(row.tables) if row and row.is_seated else 0,
            "is_seated": bool(row and row.is_seated), "is_next": number == upcoming,
        })
    roster = tournament.players
    settings = tournament.settings
    fmt = get_ruleset(tournament.ruleset).formats[tournament.format]
    return {
        "t": {"id": tournament.id, "name": tournament.name,
              "format": rule_text(tournament.ruleset, fmt.name),
              "ruleset": ruleset_label(tournament.ruleset),
              "time_zone": tournament.time_zone},
        "settings": {key: settings.get(key) for key in (
            "sessions", "session_minutes", "rotation", "payoff_scheme", "turn_seconds",
            "free_seconds", "round_bank_seconds")},
        "is_started": any(s["status"] in ("playing", "finished") for s in sessions),
        "words": {**card_words(get_ruleset(tournament.ruleset)),
                  "seats_note": page_words(get_ruleset(tournament.ruleset))["card.seats_note"],
                  "payoff_note": page_words(get_ruleset(tournament.ruleset))["card.payoff_note"]},
        "sessions": sessions,
        "next": _next_state(tournament, upcoming),
        "changes": [_change_row(p, ruleset_view(tournament.ruleset)["words"]) for p in roster
                    if p.status != "active" or p.is_substitute or p.joined_session > 1],
        "players": [{"number": p.number, "name": p.name} for p in roster
                    if p.status == "active"],
        "late_sessions": [s for s in session_changes.late_check_in_times(tournament)
                          if upcoming and s["number"] >= upcoming],
    }


def _next_state(tournament: Tournament, upcoming: int | None) -> dict | None:
    """Describe who plays the next session to seat and whether they fill the tables."""
    if upcoming is None:
        return None
    count = len(seating.session_roster(tournament, upcoming))
    return {"number": upcoming, "players": count,
            "problem": seating.count_problem(tournament, upcoming, count),
            "substitutes_needed": seating.substitutes_needed(tournament, upcoming)}


def _change_row(player: Player, words: dict[str, str]) -> dict:
    """Describe in words how a player's participation differs from playing every session,
    citing the event's own rules (`words`: the ruleset's, in the page's language)."""
    if player.status != "active":
        what = words.get(f"out.{player.status}", player.status)
        note = _("%(what)s; out from session %(n)s", what=what, n=player.left_session) \
            if player.left_session else what
    elif player.is_substitute:
        note = _("neutral substitute%(cite)s from session %(n)s",
                 cite=bracketed(words["standings.substitute_cite"]), n=player.joined_session)
    else:
        note = _("late arrival%(cite)s: joins at session %(n)s",
                 cite=bracketed(words["standings.late_cite"]), n=player.joined_session)
    return {"number": player.number, "name": player.name, "note": note}


def _venue_text(moment: datetime | None, tournament: Tournament) -> dict | None:
    """Return a stored UTC moment for a page: ISO with Z and the venue's wall-clock text."""
    return venuetime.venue_moment(moment, tournament.time_zone)


def preview_page(tournament_id: int, number: int) -> dict:
    """Return the plan for the next session and its quality, before it is published."""
    tournament = get_tournament_or_404(tournament_id)
    upcoming = seating.next_session(tournament)
    if number != upcoming:
        raise Conflict(_("Session %(n)s is already seated.", n=number) if upcoming is None or
                       number < upcoming else _("Seat session %(n)s first.", n=upcoming))
    base = {"t": {"id": tournament.id, "name": tournament.name}, "number": number,
            "next": _next_state(tournament, number)}
    if base["next"]["problem"]:
        return base
    plan = seating.plan_tournament(tournament)
    teams = seating.team_names(tournament)
    names = {p.number: p.name for p in tournament.players}
    report = plan_report(plan, teams)
    index = number - 1
    met: dict[int, set[int]] = {}
    for tables in plan.sessions[:index]:
        for table in tables:
            for p in table:
                met.setdefault(p, set()).update(q for q in table if q != p)
    tables = []
    opponents = []
    for t, table in enumerate(plan.sessions[index], start=1):
        seated = []
        for p in table:
            mates = [q for q in table if q != p]
            again = [q for q in mates if q in met.get(p, ())]
            clash = [q for q in mates if teams.get(p) and teams.get(q) == teams.get(p)]
            seated.append({"number": p, "name": names[p], "team": teams.get(p) or "",
                           "is_repeat": bool(again), "is_clash": bool(clash)})
            opponents.append({"number": p, "name": names[p], "table": t,
                              "before": sorted(met.get(p, ())), "now": mates,
                              "again": again})
        tables.append({"number": t, "players": seated})
    repeats_now = [{"players": [a, b], "names": [names[a], names[b]], "sessions": s}
                   for a, b, s in _pairs_again(plan, index)]
    return {
        **base,
        "plan": {
            "sessions": len(plan.sessions), "repeats": report["repeats"],
            "lower_bound": report["lower_bound"], "is_optimal": report["is_optimal"],
            "team_clashes": report["team_clashes"], "note": report["note"],
        },
        "session": {
            "tables": tables, "repeats": repeats_now,
            "clashes": [{"table": c["table"], "names": [names[p] for p in c["players"]],
                         "team": c["team"]}
                        for c in report["team_clash_list"] if c["session"] == number],
        },
        "opponents": sorted(opponents, key=lambda row: row["number"]),
        "moved": _moved(seating.stored_plan(tournament), number, plan.sessions[index]),
    }


def _pairs_again(plan, index: int) -> list[tuple[int, int, list[int]]]:
    """Return the pairs at a table of session index+1 who met before, with those sessions."""
    found = []
    for table in plan.sessions[index]:
        for a, b in combinations(sorted(table), 2):
            earlier = [i + 1 for i, tables in enumerate(plan.sessions[:index])
                       if any(a in t and b in t for t in tables)]
            if earlier:
                found.append((a, b, earlier))
    return found


def _moved(stored: dict | None, number: int, tables) -> dict | None:
    """Count who changed table since the plan recorded at the last seating, if there is one."""
    if not stored or stored.get("from") != number or not stored.get("sessions"):
        return None
    old = [set(t) for t in stored["sessions"][0]]
    before = {p for t in old for p in t}
    moved = 0
    for table in tables:
        # The table is the old one it shares most players with; the others came from elsewhere.
        best = max((len(set(table) & t) for t in old), default=0)
        moved += sum(1 for p in table if p in before) - best
    now = {p for t in tables for p in t}
    return {"moved": moved, "added": len(now - before), "removed": len(before - now)}


def tables_page(tournament_id: int, number: int) -> dict:
    """Return a seated session's tables: players in their starting seats, cards, states."""
    tournament = get_tournament_or_404(tournament_id)
    session = seating.get_seated_session_or_404(tournament, number)
    cards = {c.table_id: c for c in db.session.scalars(
        select(Card).where(Card.session_id == session.id))}
    busy = set(db.session.scalars(select(CardRound.card_id).where(
        CardRound.card_id.in_([c.id for c in cards.values()])).distinct()))
    busy |= set(db.session.scalars(select(CardPenalty.card_id).where(
        CardPenalty.card_id.in_([c.id for c in cards.values()])).distinct()))
    tables = []
    for table in _loaded_tables(session):
        card = cards.get(table.id)
        tables.append({
            "number": table.number, "seats": _seats(table),
            "source": table.seats_source, "card_id": card.id if card else None,
            "has_records": bool(card and card.id in busy),
        })
    return {"t": {"id": tournament.id, "name": tournament.name}, "number": number,
            "status_text": str(STATUS_TEXT.get(session.status, session.status)),
            "starts_at": _venue_text(session.starts_at, tournament), "tables": tables,
            "players": [{"number": s["number"], "name": s["name"]}
                        for t in tables for s in t["seats"]],
            # §3.7 who may be recorded absent without an acceptable reason: still in, and
            # played an earlier session (the late-arrival pardon covers the others)
            "may_be_absent": [{"number": s["number"], "name": s["name"]}
                              for t in tables for s in t["seats"]
                              if s["number"] in _played_before(tournament, number)]}


def _played_before(tournament: Tournament, number: int) -> set[int]:
    """Return the active, non-substitute players who sat in a session before `number`."""
    return set(db.session.scalars(
        select(Player.number).join(Seat, Seat.player_id == Player.id)
        .join(Table, Table.id == Seat.table_id)
        .join(PlaySession, PlaySession.id == Table.session_id)
        .where(Player.tournament_id == tournament.id, Player.status == "active",
               Player.is_substitute.is_(False), Seat.is_neutral.is_(False),
               PlaySession.number < number)))


def _loaded_tables(session) -> list[Table]:
    """Return a session's tables with their seats and players, in two queries."""
    return list(db.session.scalars(
        select(Table).where(Table.session_id == session.id).order_by(Table.number)
        .options(selectinload(Table.seats).joinedload(Seat.player))))


def _seats(table) -> list[dict]:
    """Return a table's players in their starting seats, East first."""
    return [{"wind": WINDS[s.position], "wind_name": wind_names()[WINDS[s.position]],
             "number": s.player.number, "name": s.player.name,
             "is_substitute": s.player.is_substitute, "status": s.player.status}
            for s in sorted(table.seats, key=lambda s: s.position)]


def table_page(tournament_id: int, number: int, table_number: int) -> dict:
    """Return one table for a judge: starting seats, seats per cycle, the wind-draw form."""
    tournament = get_tournament_or_404(tournament_id)
    table = seating.get_table_or_404(tournament, number, table_number)
    card = card_for_table(table)
    seats = _seats(table)
    starting = {s["wind"]: s["number"] for s in seats}
    rotation = tournament.settings.get("rotation", "standard")
    names = {s["number"]: s["name"] for s in seats}
    rules = get_ruleset(tournament.ruleset)
    # the seats of each cycle (wind round), from the ruleset's schedule
    by_cycle: dict[int, dict[str, int]] = {}
    for round_seats in rules.session.session_seats(starting, rotation):
        by_cycle.setdefault(round_seats.cycle, round_seats.seats)
    winds = wind_names()
    cycles = [{"cycle": c, "seats": [{"wind_name": winds[w], "name": names[p]}
                                     for w, p in cycle.items()]}
              for c, cycle in sorted(by_cycle.items())]
    return {"t": {"id": tournament.id, "name": tournament.name}, "number": number,
            "table": {"number": table.number, "source": table.seats_source, "seats": seats,
                      "card_id": card.id, "has_rounds": seating.card_has_rounds(card)},
            "rotation": rotation, "cycles": cycles, "winds": list(WINDS),
            "words": {**card_words(rules), "seats_note": page_words(rules)["card.seats_note"]},
            "wind_names": winds}


def board_page(tournament_id: int, number: int) -> dict:
    """Return a seated session's table list for the notice board, sorted by player name."""
    tournament = get_tournament_or_404(tournament_id)
    winds = wind_names()
    session = seating.get_seated_session_or_404(tournament, number)
    rows = [{"name": s.player.name, "number": s.player.number, "table": table.number,
             "seat": winds[WINDS[s.position]]}
            for table in _loaded_tables(session) for s in table.seats]
    lang = page_lang()
    rows.sort(key=lambda row: (hanzi.sort_key(row["name"], lang), row["number"]))
    return {"t": {"id": tournament.id, "name": tournament.name}, "number": number,
            "starts_at": _venue_text(session.starts_at, tournament), "rows": rows,
            "tables": len(session.tables)}
