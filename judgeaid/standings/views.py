"""Standings pages (public list, projector, organizer desk, final day), exports and the API."""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)

from judgeaid.access import require_organizer
from judgeaid.api.openapi import add_paths, op, path_int
from judgeaid.api.views import json_body, json_writes_only
from judgeaid.extensions import db
from judgeaid.models import Player
from judgeaid.services import exports, final_day, standings
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.errors import NotFound
from judgeaid.services.players import get_player_by_token_or_404
from judgeaid.standings.cli import register_commands

bp = Blueprint("standings", __name__, cli_group="standings")
api = Blueprint("standings_api", __name__, url_prefix="/api/tournaments")
api.before_request(json_writes_only)
register_commands(bp)


def _form_int(name: str) -> int:
    value = request.form.get(name, "")
    if not value.strip().isdigit():
        abort(400, description=f"'{name}' must be a whole number.")
    return int(value)


def _download(data: bytes, filename: str, mimetype: str) -> Response:
    response = Response(data, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


# ---------------------------------------------------------------- public pages

@bp.get("/t/<int:tournament_id>/standings")
def public(tournament_id: int):
    """Show the standings to anyone: rank, match points, raw total, tie-breaks."""
    return render_template("standings/public.html", **standings.standings_view(tournament_id))


@bp.get("/t/<int:tournament_id>/standings/projector")
def projector(tournament_id: int):
    """Show the standings in large type for the hall, a page at a time, refreshing itself."""
    page = request.args.get("page", 1, type=int)
    return render_template("standings/projector.html",
                           **standings.projector_view(tournament_id, page))


@bp.get("/t/<int:tournament_id>/standings.csv")
def standings_csv(tournament_id: int):
    """Download the standings as CSV (public, like the page)."""
    return _download(exports.standings_csv(tournament_id), f"standings-{tournament_id}.csv",
                     "text/csv")


@bp.post("/t/<int:tournament_id>/standings/score-check")
def file_score_check_form(tournament_id: int):
    """File a score check from the player's page without JavaScript (token in the form)."""
    player = get_player_by_token_or_404(request.form.get("token", ""))
    if player.tournament_id != tournament_id:
        abort(403, description="This player link is for another tournament.")
    standings.request_score_check(player, {**request.form.to_dict(),
                                           "op_id": request.form.get("op_id", "")})
    db.session.commit()
    flash("Your score check is filed; the organizer will look at it.")
    return redirect(url_for("players.page", token=player.token))


# ---------------------------------------------------------------- organizer pages

@bp.get("/t/<int:tournament_id>/standings/manage")
def manage(tournament_id: int):
    """Show the organizer's results desk: post sessions, score checks, late arrivals."""
    require_organizer(tournament_id)
    return render_template("standings/manage.html", **standings.manage_view(tournament_id))


def _back(tournament_id: int, anchor: str = ""):
    return redirect(url_for(".manage", tournament_id=tournament_id) + anchor)


@bp.post("/t/<int:tournament_id>/standings/sessions/<int:number>/finalize")
def finalize(tournament_id: int, number: int):
    """Post a session's results as final."""
    user = require_organizer(tournament_id)
    standings.finalize_session(get_tournament_or_404(tournament_id), number, user)
    db.session.commit()
    flash(f"Session {number} is posted as final.")
    return _back(tournament_id, "#sessions")


@bp.post("/t/<int:tournament_id>/standings/sessions/<int:number>/unfinalize")
def unfinalize(tournament_id: int, number: int):
    """Reopen a posted session for a correction, with a reason."""
    user = require_organizer(tournament_id)
    standings.unfinalize_session(get_tournament_or_404(tournament_id), number,
                                 request.form.get("reason", ""), user)
    db.session.commit()
    flash(f"Session {number} is provisional again.")
    return _back(tournament_id, "#sessions")


@bp.post("/t/<int:tournament_id>/standings/late")
def late(tournament_id: int):
    """Mark a late arrival (§3.7)."""
    user = require_organizer(tournament_id)
    player = standings.mark_late_arrival(get_tournament_or_404(tournament_id),
                                         _form_int("number"), _form_int("joined_session"), user)
    db.session.commit()
    flash(f"{player.name} joins at session {player.joined_session}.")
    return _back(tournament_id, "#players")


@bp.post("/t/<int:tournament_id>/standings/resign")
def resign(tournament_id: int):
    """Put a player out of the event for resignation (§3.7)."""
    user = require_organizer(tournament_id)
    player = standings.mark_resigned(get_tournament_or_404(tournament_id), _form_int("number"),
                                     _form_int("from_session"), request.form.get("reason", ""),
                                     user)
    db.session.commit()
    flash(f"{player.name} is out of the event (resigned).")
    return _back(tournament_id, "#players")


@bp.post("/t/<int:tournament_id>/standings/checks/<int:check_id>/resolve")
def resolve(tournament_id: int, check_id: int):
    """Close a score check with what was found."""
    user = require_organizer(tournament_id)
    standings.resolve_score_check(get_tournament_or_404(tournament_id), check_id,
                                  request.form.get("resolution", ""), user)
    db.session.commit()
    flash("Score check resolved.")
    return _back(tournament_id, "#checks")


@bp.get("/t/<int:tournament_id>/final-day")
def final_day_page(tournament_id: int):
    """Show the final-day bracket and the organizer's next step."""
    require_organizer(tournament_id)
    return render_template("standings/final_day.html", **final_day.final_day_view(tournament_id))


@bp.post("/t/<int:tournament_id>/final-day/advance")
def final_day_advance(tournament_id: int):
    """Take the next final-day step: the cut, a round's close and reseed, the ranking."""
    user = require_organizer(tournament_id)
    message = final_day.advance(get_tournament_or_404(tournament_id), user)
    db.session.commit()
    flash(message)
    return redirect(url_for(".final_day_page", tournament_id=tournament_id))


@bp.get("/t/<int:tournament_id>/exports/<any(players, results):kind>.csv")
def export_csv(tournament_id: int, kind: str):
    """Download the players or every session's results as CSV (organizer)."""
    require_organizer(tournament_id)
    make = exports.players_csv if kind == "players" else exports.results_csv
    return _download(make(tournament_id), f"{kind}-{tournament_id}.csv", "text/csv")


@bp.get("/t/<int:tournament_id>/exports/tournament.json")
def export_json(tournament_id: int):
    """Download the whole tournament as one JSON backup file (organizer)."""
    require_organizer(tournament_id)
    return _download(exports.backup_bytes(tournament_id), f"tournament-{tournament_id}.json",
                     "application/json")


# ---------------------------------------------------------------- JSON API

def _player_from_token(tournament_id: int) -> Player | None:
    token = request.headers.get("X-Player-Token")
    if not token:
        return None
    try:
        player = get_player_by_token_or_404(token)
    except NotFound:
        abort(401, description="This player link is not valid.")
    if player.tournament_id != tournament_id:
        abort(403, description="This player link is for another tournament.")
    return player


@api.get("/<int:tournament_id>/standings")
def api_standings(tournament_id: int):
    """Return the standings (public)."""
    response = jsonify(standings.api_standings(tournament_id))
    response.headers["Cache-Control"] = "no-cache"
    return response


@api.get("/<int:tournament_id>/score-checks")
def list_score_checks(tournament_id: int):
    """List score checks: a player sees their own, the organizer sees all."""
    tournament = get_tournament_or_404(tournament_id)
    player = _player_from_token(tournament_id)
    if player is None:
        require_organizer(tournament_id)
    return jsonify(score_checks=standings.score_checks(tournament, player))


@api.post("/<int:tournament_id>/score-checks")
def file_score_check(tournament_id: int):
    """File a score check for the player whose X-Player-Token is sent."""
    get_tournament_or_404(tournament_id)
    player = _player_from_token(tournament_id)
    if player is None:
        status = 403 if g.get("user") else 401
        abort(status, description="Score checks are filed by the player, from their own page.")
    body, status = standings.request_score_check(player, json_body())
    db.session.commit()
    return jsonify(body), status


@api.post("/<int:tournament_id>/score-checks/<int:check_id>/resolve")
def resolve_score_check(tournament_id: int, check_id: int):
    """Close a score check with the organizer's finding."""
    user = require_organizer(tournament_id)
    check = standings.resolve_score_check(get_tournament_or_404(tournament_id), check_id,
                                          str(json_body().get("resolution") or ""), user)
    db.session.commit()
    return jsonify(score_check=standings.check_data(check))


@api.post("/<int:tournament_id>/sessions/<int:number>/finalize")
def api_finalize(tournament_id: int, number: int):
    """Post a session's results as final (organizer)."""
    user = require_organizer(tournament_id)
    standings.finalize_session(get_tournament_or_404(tournament_id), number, user)
    db.session.commit()
    return jsonify(standings.api_standings(tournament_id))


@api.post("/<int:tournament_id>/sessions/<int:number>/unfinalize")
def api_unfinalize(tournament_id: int, number: int):
    """Make a posted session provisional again, with a reason (organizer)."""
    user = require_organizer(tournament_id)
    standings.unfinalize_session(get_tournament_or_404(tournament_id), number,
                                 str(json_body().get("reason") or ""), user)
    db.session.commit()
    return jsonify(standings.api_standings(tournament_id))


T = [path_int("tournament_id")]
NUMBER = {"type": "number"}
STANDING = {"type": "object", "required": ["rank", "number", "name", "match_points", "raw"],
            "properties": {
                "rank": {"type": "integer"}, "number": {"type": "integer"},
                "name": {"type": "string"}, "match_points": NUMBER, "raw": {"type": "integer"},
                "session_match_points": {"type": "array", "items": {"type": ["number", "null"]}},
                "deductions": {**NUMBER, "description": "§3.7 late-arrival MP taken off"},
                "status": {"type": "string"},
                "tie_break": {"type": ["string", "null"], "enum": ["raw", "draw", "day1_mp", None]},
                "draw": {"type": ["string", "null"],
                         "description": "the seeded draw value (16 hex digits, lower wins)"},
                "bracket": {"type": "string"}, "bracket_raw": {"type": "integer"}}}
STANDINGS = {"type": "object", "required": ["standings"], "properties": {
    "standings": {"type": "array", "items": STANDING},
    "provisional": {"type": "boolean"},
    "phase": {"type": "string", "enum": ["preliminary", "final_day", "final"]},
    "sessions": {"type": "array", "items": {"type": "object"}},
    "final_day": {"type": ["object", "null"]}, "tournament": {"type": "object"}}}
CHECK = {"type": "object", "properties": {
    "id": {"type": "integer"}, "player": {"type": "integer"}, "session": {"type": "integer"},
    "message": {"type": "string"}, "status": {"type": "string", "enum": ["open", "resolved"]},
    "resolution": {"type": "string"}}}
OP_ID = {"type": "string", "description": "client-made unique id; a replay changes nothing"}

add_paths({
    "/api/tournaments/{tournament_id}/standings": {"get": op(
        "The standings (public): rank, match points, raw total, per-session MP, tie-breaks; "
        "after the Grand Final the final ranking by bracket (§3.5.1).",
        ok=STANDINGS, errors=(404,), tag="standings", params=T)},
    "/api/tournaments/{tournament_id}/score-checks": {
        "get": op("Score checks: a player's own (X-Player-Token header) or all (organizer).",
                  ok={"type": "object", "properties": {
                      "score_checks": {"type": "array", "items": CHECK}}},
                  errors=(401, 403, 404), tag="standings", auth=True, params=T),
        "post": op("File a score check for a session the player played (§3.5.1); "
                   "authenticated by the X-Player-Token header.",
                   body={"type": "object", "required": ["session", "message", "op_id"],
                         "properties": {"session": {"type": "integer"},
                                        "message": {"type": "string"}, "op_id": OP_ID}},
                   ok={"type": "object", "properties": {"score_check": CHECK}},
                   errors=(400, 401, 403, 404, 409), tag="standings", params=T)},
    "/api/tournaments/{tournament_id}/score-checks/{check_id}/resolve": {"post": op(
        "Resolve a score check with what was found (organizer).",
        body={"type": "object", "required": ["resolution"],
              "properties": {"resolution": {"type": "string"}}},
        ok={"type": "object", "properties": {"score_check": CHECK}},
        errors=(400, 401, 403, 404, 409), tag="standings", auth=True,
        params=[*T, path_int("check_id")])},
    "/api/tournaments/{tournament_id}/sessions/{number}/finalize": {"post": op(
        "Post a session's results as final; every card must be complete (organizer).",
        body={"type": "object"}, ok=STANDINGS, errors=(400, 401, 403, 404, 409),
        tag="standings", auth=True, params=[*T, path_int("number")])},
    "/api/tournaments/{tournament_id}/sessions/{number}/unfinalize": {"post": op(
        "Make a posted session provisional again, with a reason (organizer).",
        body={"type": "object", "required": ["reason"],
              "properties": {"reason": {"type": "string"}}},
        ok=STANDINGS, errors=(400, 401, 403, 404, 409), tag="standings", auth=True,
        params=[*T, path_int("number")])},
})
