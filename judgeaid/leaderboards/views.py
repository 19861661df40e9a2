"""Leaderboards over this server's events (§3.5.2.1): the public page, its CSV, and the
organizer's forms for an event's facts and players' member ids."""

from __future__ import annotations

from flask import Blueprint, Response, flash, jsonify, redirect, render_template, url_for
from flask_babel import gettext as _

from judgeaid import edge, pageforms, writes
from judgeaid.access import require_organizer
from judgeaid.errors import error_response
from judgeaid.leaderboards.schemas import BoardOut, BoardQuery, EventFactsForm, MemberIdForm
from judgeaid.services import leaderboards, players
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.errors import ServiceError
from judgeaid.services.exports import to_csv
from judgeaid.wording import leaderboard_rules

bp = Blueprint("leaderboards", __name__)
api = Blueprint("leaderboards_api", __name__, url_prefix="/api")


def _choice(query: BoardQuery) -> leaderboards.Choice:
    return leaderboards.Choice(query.board, query.window, query.start, query.end)


def _page(query: BoardQuery, error: str | None = None, status: int = 200):
    data = leaderboards.page_view(_choice(query))
    data["error"] = data["error"] or error
    # the same choice as a CSV link ("from" is a Python keyword, hence the dict)
    data["csv_url"] = url_for(".board_csv", board=query.board, window=query.window,
                              **{"from": query.start, "to": query.end})
    return (render_template("leaderboards/index.html", **data, rules=leaderboard_rules()),
            400 if data["error"] else status)


@bp.get("/leaderboards")
@edge.pages.validate(query=BoardQuery)
def index(query: BoardQuery):
    """Show a leaderboard: a time window's weighted MP sum, or the lifetime mean."""
    return _page(query)


@bp.get("/leaderboards.csv")
@edge.pages.validate(query=BoardQuery)
def board_csv(query: BoardQuery):
    """Download a leaderboard as CSV: rank, member id, name, events counted, MP."""
    try:
        filename, rows = leaderboards.board_rows(_choice(query))
    except ServiceError as exc:
        return _page(query, exc.message)
    response = Response(to_csv(rows[0], rows[1:]), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@api.get("/leaderboards")
@edge.api.validate(query=BoardQuery, resp=edge.responses(BoardOut, errors=(400,)),
                   tags=["leaderboards"])
def api_board(query: BoardQuery):
    """A leaderboard (public): ?board=window&window=this_year|last_year|custom&from=&to=
    (a weighted MP sum), or ?board=lifetime (the mean MP over 3+ competitive events)."""
    try:
        return jsonify(leaderboards.api_board(_choice(query)))
    except ServiceError as exc:
        return error_response(400, exc.message, code="bad_board")


@bp.post("/t/<int:tournament_id>/organizer/leaderboard")
@pageforms.form(EventFactsForm)
def event_facts(tournament_id: int, form: EventFactsForm):
    """Save whether the event counts on the leaderboards, its series, day and weights."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    facts = leaderboards.Facts(**form.model_dump(exclude={"op_id"}))

    def apply():
        leaderboards.set_event_facts(tournament, facts, user)
        return {"ok": True}

    writes.once("event.facts", f"tournament:{tournament_id}", form, apply,
                tournament_id=tournament_id)
    flash(_("Leaderboard facts saved."))
    return redirect(url_for("organizer.dashboard", tournament_id=tournament_id)
                    + "#leaderboard")


@bp.post("/t/<int:tournament_id>/organizer/players/member-id")
@pageforms.form(MemberIdForm)
def member_id(tournament_id: int, form: MemberIdForm):
    """Give a player their member id, or clear it."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)

    def apply():
        player = players.set_member_id(tournament, form.number, form.member_id, user)
        return {"number": player.number, "name": player.name, "member_id": player.member_id}

    answer, _op = writes.once("player.member_id", f"player:{tournament_id}:{form.number}", form,
                            apply, tournament_id=tournament_id)
    if answer["member_id"]:
        flash(_("Player %(number)s %(name)s: member id %(member_id)s.", **answer))
    else:
        flash(_("Player %(number)s %(name)s: member id cleared.", **answer))
    return redirect(url_for("organizer.dashboard", tournament_id=tournament_id) + "#players")
