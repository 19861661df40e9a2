"""The judge console's pages as plain data: home, ruling form, printed log, guide, a player's
record and the penalty overview. They stand above the aggregates they show; links are added
by the web layer (judgeaid/judge/links.py).
"""

from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.models import Appeal, Card, Penalty, Player, Ruling, Tournament, User, utcnow
from judgeaid.rules import get_ruleset
from judgeaid.services import rule_texts
from judgeaid.services.call_ups import (
    call_queue,
    call_view,
    current_session,
    get_call,
    get_card,
    table_choices,
)
from judgeaid.services.cards import next_hands
from judgeaid.services.errors import NotFound
from judgeaid.services.judge_common import check_tournament
from judgeaid.services.judge_inputs import LogQuery, RulingFormQuery
from judgeaid.services.penalties import departures, penalty_rows, player_history
from judgeaid.services.rulings import ruling_detail, search_log
from judgeaid.values import iso_z
from judgeaid.wording import rule_text, script_view


def log_for_print(tournament_id: int, session: int) -> dict:
    """Return the current log entries of one session in time order, for paper."""
    tournament = db.session.get(Tournament, tournament_id)
    found = search_log(tournament_id, LogQuery(session=session))["entries"]
    found.sort(key=lambda e: (e["resolved_at"] or e["created_at"], e["id"]))
    return {"tournament": {"id": tournament_id, "name": tournament.name}, "session": session,
            "entries": found, "printed_at": iso_z(utcnow())}


def ruling_form(tournament_id: int, args: RulingFormQuery, user: User) -> dict:
    """Return what the ruling form starts from: a call-up, a table, a guide answer or an entry."""
    rules = get_ruleset(db.session.get(Tournament, tournament_id).ruleset)
    call = old = None
    prefill: dict = {"card_id": None, "round": None, "players": None, "sections": [],
                     "guide_entry": None, "what_happened": "", "decision": "",
                     "category": None, "infraction": None, "player": None,
                     "open_penalty": args.penalty}
    if args.callup is not None:
        call = get_call(tournament_id, args.callup)
        prefill["card_id"] = call.card_id
        prefill["what_happened"] = call.reason
    if args.supersedes is not None:
        old = db.session.get(Ruling, args.supersedes)
        check_tournament(old, tournament_id, _("ruling to change"))
        prefill.update(card_id=old.card_id, round=old.round, players=old.players,
                       sections=list(old.sections), guide_entry=old.guide_entry,
                       what_happened=old.what_happened, decision=old.decision)
    if args.card is not None:
        prefill["card_id"] = get_card(tournament_id, args.card).id
    if args.player is not None:
        prefill["player"] = args.player
    if args.guide:
        try:
            entry = rules.guide.entry(args.guide)
        except ValueError as exc:
            raise NotFound(_("There is no such guide answer.")) from exc
        prefill.update(guide_entry=entry.id, sections=list(entry.sections),
                       what_happened=prefill["what_happened"] or rule_text(rules.code,
                                                                           entry.title),
                       category=entry.rubric_category, infraction=entry.rubric_infraction)
    if args.category in rules.rubric.categories:
        prefill["category"] = args.category
    tables = table_choices(tournament_id)
    card_ids = {t["card_id"] for t in tables}
    if prefill["card_id"] is not None and prefill["card_id"] not in card_ids:
        card = db.session.get(Card, prefill["card_id"])
        tables = table_choices(tournament_id, card.table.session.number) + tables
    if prefill["player"] and prefill["card_id"] is None:
        # Found by player: their table in the current session.
        prefill["card_id"] = next((t["card_id"] for t in tables if any(
            p["number"] == prefill["player"] for p in t["players"])), None)
    return {
        "tournament_id": tournament_id, "call_up": call_view(call) if call else None,
        "supersedes": ruling_detail(tournament_id, old.id)["entry"] if old else None,
        "prefill": prefill, "tables": tables,
        "sections": rule_texts.sections_json(rules.code, rules.guide.sections_json()),
        "rubric": rule_texts.rubric_json(rules.code, rules.rubric.rubric_json()),
        "is_head_judge": user.is_head_judge,
        # the ruleset's words and capabilities for the form's script (static/js/rulesets.js)
        "rules": script_view(rules.code, "js.judge."),
        "guide": ({"id": prefill["guide_entry"],
                   "title": rule_text(rules.code, rules.guide.entry(prefill["guide_entry"]).title)}
                  if prefill["guide_entry"] else None),
    }



def player_record(tournament_id: int, number: int) -> dict:
    """Return one player's penalties, rulings and appeals of the tournament."""
    player = db.session.scalar(select(Player).where(Player.tournament_id == tournament_id,
                                                    Player.number == number))
    if player is None:
        raise NotFound(_("There is no player %(number)s.", number=number))
    penalties = player_history(player)
    rulings = search_log(tournament_id, LogQuery(player=number))["entries"]
    appeals = [a for e in rulings for a in e["appeals"] if a["player"] == number]
    per_session: dict[int | None, int] = {}
    for p in penalties:
        if not p["is_void"]:
            per_session[p["session"]] = per_session.get(p["session"], 0) + p["points"]
    return {"player": {"number": player.number, "name": player.name, "status": player.status},
            "penalties": penalties[::-1], "rulings": rulings, "appeals": appeals,
            "points_by_session": sorted(per_session.items(), key=lambda kv: kv[0] or 0),
            "total_points": sum(per_session.values())}


def penalty_overview(tournament_id: int) -> dict:
    """Return every player's penalty points per session, with totals, for the organizer."""
    rows = penalty_rows(Penalty.tournament_id == tournament_id, tournament_id)
    sessions_ = sorted({r["session"] for r in rows if r["session"] is not None})
    players: dict[int, dict] = {}
    per_session = dict.fromkeys(sessions_, 0)
    counts = dict.fromkeys(sessions_, 0)
    by_category: dict[str, int] = {}
    for r in rows:
        entry = players.setdefault(r["player"], {
            "number": r["player"], "name": r["player_name"], "points": dict.fromkeys(sessions_, 0),
            "total": 0, "count": 0, "warnings": 0, "other": [], "void": 0})
        if r["is_void"]:
            entry["void"] += 1
            continue
        entry["count"] += 1
        by_category[r["category_title"]] = by_category.get(r["category_title"], 0) + 1
        if r["session"] is not None:
            counts[r["session"]] += 1
        if r["kind"] == "points":
            entry["points"][r["session"]] = entry["points"].get(r["session"], 0) + r["points"]
            entry["total"] += r["points"]
            if r["session"] is not None:
                per_session[r["session"]] += r["points"]
        elif r["kind"] == "warning":
            entry["warnings"] += 1
        else:
            entry["other"].append(r["label"])
    ordered = sorted(players.values(), key=lambda p: (-p["total"], -p["count"], p["number"]))
    return {"sessions": sessions_, "players": ordered, "session_points": per_session,
            "session_counts": counts, "total_points": sum(per_session.values()),
            "total_count": sum(p["count"] for p in ordered),
            "by_category": sorted(by_category.items(), key=lambda kv: -kv[1])}



def judge_home(tournament_id: int, user: User) -> dict:
    """Return the judge home page's data: the queue, tables and recent entries."""
    tournament = db.session.get(Tournament, tournament_id)
    session = current_session(tournament_id)
    recent = search_log(tournament_id)["entries"][:5]
    open_appeals = db.session.scalar(select(func.count(Appeal.id)).where(
        Appeal.tournament_id == tournament_id, Appeal.status == "filed")) or 0
    rules = get_ruleset(tournament.ruleset)
    tables = table_choices(tournament_id)
    # one tap from here opens each table's next hand on its card, ready to fill
    upcoming = next_hands([t["card_id"] for t in tables], rules.session.rounds)
    for table in tables:
        table["next_hand"] = upcoming.get(table["card_id"])
    return {"tournament": {"id": tournament.id, "name": tournament.name,
                           "ruleset": rules.name, "ruleset_code": tournament.ruleset,
                           "has_play_timers": rules.timing.times_play},
            "user": {"name": user.name, "role": user.role, "id": user.id,
                     "is_head_judge": user.is_head_judge},
            "session": session.number if session else None,
            "queue": call_queue(tournament_id), "recent": recent,
            "open_appeals": open_appeals, "tables": tables,
            "departures": departures(tournament_id)
            if user.role in ("head_judge", "organizer") else None}


def guide_page(tournament_id: int, query: str) -> dict:
    """Return the irregularity guide, with the answers matching the query first."""
    rules = get_ruleset(db.session.get(Tournament, tournament_id).ruleset)
    found = rules.guide.search(query or "")
    return {"tournament_id": tournament_id, "query": query or "",
            "matches": [e.id for e in found],
            "guide": rule_texts.guide_json(rules.code, rules.guide.guide_json())}
