"""The EMA results of an event (issue 30): the file the EMA takes for its ranking (MERS),
the page that shows it first, the event's MERS weight and a reconciliation of the points.

Only for a ruleset that says it reports to the EMA (`rules.can.ema_results`). The rows come
from the standings as they stand (standings_pages.standings_view): substitutes are never
ranked there, so never here. Players level on table points and score share a position (a
lot drawn for the prize-giving does not part them here) and so a base rank
(judgeaid.tournament.mers). See docs/ema.md.
"""

from __future__ import annotations

from collections import defaultdict

from flask_babel import gettext
from sqlalchemy import func, select

from judgeaid import venuetime
from judgeaid.extensions import db
from judgeaid.models import (
    Card,
    CardPenalty,
    CardTotal,
    Penalty,
    Player,
    PlaySession,
    Table,
    Tournament,
    User,
)
from judgeaid.rules import get_ruleset
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.audit import record_event
from judgeaid.services.errors import NotFound, ServiceError
from judgeaid.services.exports import to_csv
from judgeaid.services.standings_pages import standings_view
from judgeaid.tournament import mers, people

HEADER = ("Position", "EMA number", "Last name", "First name", "Nationality", "Table points",
          "Score", "Base rank")
NO_NUMBER = "-"


def _reporting_event(tournament_id: int) -> Tournament:
    tournament = get_tournament_or_404(tournament_id)
    if not get_ruleset(tournament.ruleset).can.ema_results:
        raise NotFound(gettext("This event's rules are not reported to the EMA, so it has no "
                               "EMA results."))
    return tournament


def _points(value: float | None) -> float | int:
    # table points as a number: whole ones without ".0" (4, 1.5, 2.33)
    value = value or 0.0
    return int(value) if float(value).is_integer() else round(value, 2)


def ema_rows(tournament_id: int) -> list[dict]:
    """Return the EMA file's rows in final order, each with what the page says of it."""
    _reporting_event(tournament_id)
    data = standings_view(tournament_id)
    lines = data["standings"]
    if len(lines) < 2:
        raise ServiceError(gettext("The EMA results need at least 2 ranked players."))
    records = {p.number: p for p in db.session.scalars(
        select(Player).where(Player.tournament_id == tournament_id))}
    keys = [(line["is_out"], round(line["table_points"] or 0.0, 6), line["contest_points"])
            for line in lines]
    rows = []
    for line, position in zip(lines, mers.positions(keys), strict=True):
        player = records[line["number"]]
        has_names = bool(player.family_name or player.given_name)
        rows.append({
            "position": position, "number": line["number"], "name": line["name"],
            "ema": player.ema_number or NO_NUMBER,
            # where only a display name exists it stands as the last name, and the page
            # asks for a look at the row
            "last": player.family_name or ("" if has_names else line["name"]),
            "first": player.given_name or "",
            "country": player.country or "",
            "table_points": _points(line["table_points"]),
            "score": line["contest_points"],
            "base_rank": mers.base_rank(position, len(lines)),
            "needs_names": not has_names, "needs_ema": not player.ema_number,
            "needs_country": not player.country,
        })
    return rows


def ema_csv(tournament_id: int) -> bytes:
    """Return the EMA results file: UTF-8 CSV, the EMA's header, one row per ranked player."""
    rows = ema_rows(tournament_id)
    return to_csv(HEADER, ([r["position"], _Literal(r["ema"]), r["last"], r["first"],
                            r["country"], r["table_points"], r["score"], r["base_rank"]]
                           for r in rows))


class _Literal(str):
    """A cell written as it is: "-" (no EMA number) and digits are never formulas."""

    def startswith(self, *args, **kwargs) -> bool:  # noqa: D102 - to_csv's formula test
        return False


# ---------------------------------------------------------------- the MERS weight

def _days(tournament: Tournament) -> tuple[int, bool]:
    """Return the venue dates the counted sessions started on (or were posted on) and
    whether any date was known at all."""
    moments = db.session.execute(
        select(PlaySession.starts_at, PlaySession.finalized_at)
        .where(PlaySession.tournament_id == tournament.id, PlaySession.is_seated)).all()
    dates = {venuetime.to_venue(start or posted, tournament.time_zone).date()
             for start, posted in moments if start or posted}
    return max(len(dates), 1), bool(dates)


def weight_view(tournament_id: int, rows: list[dict]) -> dict:
    """Return the event's MERS weight with each part, and what it was counted from."""
    tournament = _reporting_event(tournament_id)
    ranked = {r["number"] for r in rows}
    substitutes = db.session.execute(
        select(Player.number, Player.country).where(Player.tournament_id == tournament_id,
                                                    Player.is_substitute)
        .order_by(Player.number)).all()
    counted_subs = substitutes[:mers.SUBSTITUTES_COUNTED]
    countries = {r["country"] for r in rows if r["country"]} | {
        c for _, c in counted_subs if c}
    days, known = _days(tournament)
    w = mers.weight(days, len(ranked), len(substitutes), len(countries),
                    tournament.ema_qualifying)
    return {"rule_version": gettext(mers.RULE_VERSION), "days": w.days, "days_known": known,
            "players": w.players, "ranked": len(ranked), "substitutes": len(substitutes),
            "substitutes_counted": len(counted_subs), "countries": w.countries,
            "country_codes": sorted(countries),
            "without_country": sum(1 for r in rows if not r["country"]),
            "qualifying": w.qualifying, "duration_part": _points(w.duration_part),
            "players_part": _points(w.players_part),
            "countries_part": _points(w.countries_part),
            "qualifying_part": _points(w.qualifying_part), "total": _points(w.total),
            "other": None if w.other is None else _points(w.other)}


def set_qualifying(tournament_id: int, qualifying: bool, actor: User) -> bool:
    """Say whether entry to the event needed qualifying (the MERS weight's +1)."""
    tournament = _reporting_event(tournament_id)
    before = tournament.ema_qualifying
    tournament.ema_qualifying = qualifying
    db.session.flush()
    record_event("ema.qualifying", tournament_id=tournament_id, actor=actor,
                 subject=f"tournament:{tournament_id}", before={"qualifying": before},
                 after={"qualifying": qualifying})
    return qualifying


# ---------------------------------------------------------------- the reconciliation

def reconciliation(tournament_id: int, rows: list[dict]) -> dict:
    """Return, per session, what the cards' hands sum to, each penalty and whether its points
    were paid to the other players, and the check that the scores add up to what they should:
    hands − penalties not paid to anyone = every seat's total."""
    _reporting_event(tournament_id)
    cards = db.session.execute(
        select(Card.id, PlaySession.number, Table.number)
        .join(Table, Table.id == Card.table_id)
        .join(PlaySession, PlaySession.id == Table.session_id)
        .where(PlaySession.tournament_id == tournament_id, PlaySession.is_seated)).all()
    where = {card_id: (session, table) for card_id, session, table in cards}
    sums = dict(db.session.execute(
        select(CardTotal.card_id, func.sum(CardTotal.rounds)).where(
            CardTotal.card_id.in_(where or [-1])).group_by(CardTotal.card_id)).all())
    totals = dict(db.session.execute(
        select(CardTotal.card_id, func.sum(CardTotal.rounds + CardTotal.penalties)).where(
            CardTotal.card_id.in_(where or [-1])).group_by(CardTotal.card_id)).all())
    lines = db.session.execute(
        select(CardPenalty.id, CardPenalty.card_id, CardPenalty.player_number,
               CardPenalty.points, CardPenalty.reason, Penalty.paid_to)
        .outerjoin(Penalty, Penalty.card_penalty_id == CardPenalty.id)
        .where(CardPenalty.card_id.in_(where or [-1]), CardPenalty.voided_at.is_(None))
        .order_by(CardPenalty.id)).all()
    sessions: dict[int, dict] = defaultdict(lambda: {
        "hands": 0, "charged": 0, "paid": 0, "unpaid": 0, "cards_total": 0, "penalties": []})
    for card_id, (session, _) in where.items():
        sessions[session]["hands"] += int(sums.get(card_id) or 0)
        sessions[session]["cards_total"] += int(totals.get(card_id) or 0)
    for _, card_id, number, points, reason, paid_to in lines:
        session, table = where[card_id]
        entry = sessions[session]
        if points < 0:
            entry["paid"] += -points  # a credit: points another player paid to this one
            continue
        paid = sum((paid_to or {}).values())
        entry["charged"] += points
        entry["penalties"].append({
            "table": table, "player": number, "points": points, "reason": reason,
            "paid_to": [{"player": int(n), "points": p} for n, p in (paid_to or {}).items()],
            "unpaid": points - paid})
    out = []
    for number in sorted(sessions):
        entry = sessions[number]
        entry["unpaid"] = entry["charged"] - entry["paid"]
        entry["expected"] = entry["hands"] - entry["unpaid"]
        entry["adds_up"] = entry["expected"] == entry["cards_total"]
        out.append({"session": number, **entry})
    cards_total = sum(s["cards_total"] for s in out)
    scores = sum(r["score"] for r in rows)
    return {"sessions": out, "hands": sum(s["hands"] for s in out),
            "charged": sum(s["charged"] for s in out), "paid": sum(s["paid"] for s in out),
            "unpaid": sum(s["unpaid"] for s in out), "cards_total": cards_total,
            "scores": scores, "others": cards_total - scores,
            "adds_up": all(s["adds_up"] for s in out)}


def ema_page(tournament_id: int) -> dict:
    """Return what the EMA results page shows: the rows, the weight, the reconciliation."""
    tournament = _reporting_event(tournament_id)
    try:
        rows = ema_rows(tournament_id)
    except ServiceError as error:
        return {"tournament": tournament, "rows": [], "problem": error.message,
                "weight": None, "check": None, "provisional": False}
    data = standings_view(tournament_id)
    for row in rows:
        row["country_name"] = people.country_name(row["country"])
    return {"tournament": tournament, "rows": rows, "problem": None,
            "needs_look": [r for r in rows if r["needs_names"]],
            "without_ema": sum(1 for r in rows if r["needs_ema"]),
            "weight": weight_view(tournament_id, rows),
            "check": reconciliation(tournament_id, rows),
            "provisional": bool(data.get("is_provisional"))}
