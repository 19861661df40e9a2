"""The record of fouls of one session (MCR Appendix 6): every penalty given in the session,
one row each, laid out for paper and PDF.

A row names the player's team, name and number; where the foul happened (session, hand,
table, seat); its nature; the penalty; and remarks (points paid to others, a reason for a
choice other than the rules' own, a penalty struck out). The referee signs below.
"""

from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Penalty, Player, PlaySession, Seat, Table, Team, Tournament, utcnow
from judgeaid.rules import get_ruleset
from judgeaid.services.errors import NotFound
from judgeaid.services.penalties import penalty_rows
from judgeaid.values import iso_z
from judgeaid.wording import rule_text

SEAT_WINDS = ("E", "S", "W", "N")  # Seat.position indexes these


def record_of_fouls(tournament_id: int, session_number: int) -> dict:
    """Return the session's fouls as rows of MCR Appendix 6's record, oldest first."""
    tournament = db.session.get(Tournament, tournament_id)
    session = db.session.scalar(select(PlaySession).where(
        PlaySession.tournament_id == tournament_id, PlaySession.number == session_number))
    if session is None:
        raise NotFound(_("There is no session %(session_number)s.",
                         session_number=session_number))
    rules = get_ruleset(tournament.ruleset)
    seats = {number: (table, SEAT_WINDS[position] if 0 <= position < 4 else "")
             for number, table, position in db.session.execute(
                 select(Player.number, Table.number, Seat.position)
                 .join(Seat, Seat.player_id == Player.id).join(Table, Seat.table_id == Table.id)
                 .where(Table.session_id == session.id))}
    teams = dict(db.session.execute(
        select(Player.number, Team.name).join(Team, Player.team_id == Team.id)
        .where(Player.tournament_id == tournament_id)).all())
    penalties = penalty_rows((Penalty.tournament_id == tournament_id)
                             & (Penalty.session_number == session_number), tournament_id)
    # the seat in one letter, in the page's language (东 for E)
    winds = {"E": _("E"), "S": _("S"), "W": _("W"), "N": _("N")}
    rows = []
    for p in penalties:
        table, seat = seats.get(p["player"], (None, ""))
        rows.append({
            "team": teams.get(p["player"], ""), "name": p["player_name"],
            "number": p["player"], "session": session_number, "hand": p["round"],
            "table": table, "seat": seat,
            "where": "/".join(str(v) if v not in (None, "") else "—"
                              for v in (session_number, p["round"], table,
                                        winds.get(seat, seat))),
            "nature": _("%(category)s: %(infraction)s",
                        category=rule_text(tournament.ruleset, p["category_title"]),
                        infraction=rule_text(tournament.ruleset, p["infraction_label"])),
            "cite": _cite(rules, p["category"], p["infraction"]),
            # points are said by the service already; a kind ("Warning") is the rubric's
            "penalty": p["label"] if p["kind"] == "points"
            else rule_text(tournament.ruleset, p["label"]),
            "remarks": _remarks(p), "is_void": p["is_void"],
            "judge": p["judge"], "ruling_id": p["ruling_id"],
        })
    tables = sorted({r["table"] for r in rows if r["table"] is not None})
    return {"tournament": {"id": tournament.id, "name": tournament.name},
            "ruleset": rules.name, "session": session_number,
            "tables": tables, "rows": rows, "printed_at": iso_z(utcnow()),
            "referees": sorted({r["judge"] for r in rows})}


def _cite(rules, category: str, infraction: str) -> str:
    try:
        example = rules.rubric.find_infraction(category, infraction)
    except ValueError:
        return ""
    if example is None:
        return ""
    return rules.cite(example.section)


def _remarks(p: dict) -> str:
    notes = []
    if p["paid_to"]:
        notes.append(_("paid to %(whom)s", whom=", ".join(
            f"#{n} {pts}" for n, pts in p["paid_to"].items())))
    if p["is_departure"]:
        notes.append(p["departure"])
    elif p["reason"]:
        notes.append(p["reason"])
    if p["ruling_id"]:
        notes.append(_("ruling #%(n)s", n=p['ruling_id']))
    if p["is_void"]:
        notes.append(_("struck out"))
    return _("; ").join(notes)
