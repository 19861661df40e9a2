"""Hall clock display, organizer clock controls, play timers and time-outs; their JSON API."""

from __future__ import annotations

from flask import Blueprint, abort, g, jsonify, render_template, request

from judgeaid.access import require_judge, require_role, staff_role
from judgeaid.api import openapi
from judgeaid.api.views import json_body, json_writes_only
from judgeaid.extensions import db
from judgeaid.services import clock, timers
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.cards import Actor

bp = Blueprint("clock", __name__)
api = Blueprint("clock_api", __name__, url_prefix="/api")
api.before_request(json_writes_only)

CLOCK_ROLES = ("organizer", "head_judge")


def _session_arg() -> int | None:
    return request.args.get("session", type=int)


# ---------------------------------------------------------------- pages

@bp.get("/t/<int:tournament_id>/clock")
def hall(tournament_id: int):
    """Show the hall clock: no sign-in, large digits, tables with extra time (§3.4)."""
    view = clock.clock_view(tournament_id, _session_arg())
    return render_template("clock/hall.html", clock=view, tournament_id=tournament_id)


@bp.get("/t/<int:tournament_id>/clock/control")
def control(tournament_id: int):
    """Show the organizer's clock controls: start, pause, resume, extend, end."""
    require_role(tournament_id, *CLOCK_ROLES)
    view = clock.clock_view(tournament_id, _session_arg())
    return render_template("clock/control.html", clock=view, tournament_id=tournament_id)


@bp.get("/t/<int:tournament_id>/timers")
def timer_list(tournament_id: int):
    """Show the tables to time (?table=N chooses one) and the timers still open (§1.9)."""
    require_judge(tournament_id)
    return render_template("clock/timers.html", tournament_id=tournament_id,
                           choices=timers.timer_choices(tournament_id),
                           table=request.args.get("table", type=int))


@bp.get("/t/<int:tournament_id>/timers/<int:timer_id>")
def timer_page(tournament_id: int, timer_id: int):
    """Show one play timer: a big tap area, the limits and the points so far."""
    require_judge(tournament_id)
    timer = timers.get_timer_or_404(timer_id)
    if timer.tournament_id != tournament_id:
        abort(404, description="This timer belongs to another tournament.")
    return render_template("clock/timer.html", tournament_id=tournament_id,
                           timer=timers.timer_view(timer))


@bp.get("/t/<int:tournament_id>/timeouts")
def timeouts(tournament_id: int):
    """Show the time-outs and late arrivals of the session, and who may be absent (§4.14)."""
    require_judge(tournament_id)
    return render_template("clock/timeouts.html", tournament_id=tournament_id,
                           view=timers.timeouts_view(tournament_id, _session_arg()),
                           is_organizer=staff_role(tournament_id) == "organizer")


# ---------------------------------------------------------------- session clock API

@api.get("/tournaments/<int:tournament_id>/clock")
def get_clock(tournament_id: int):
    """Return the hall clock: server time and deadlines; 304 when the client's copy is current."""
    view = clock.clock_view(tournament_id, _session_arg())
    session = view["session"]
    etag = f'"clock-{session["version"] if session else "none"}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = jsonify()
        response.status_code = 304
    else:
        response = jsonify(view)
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return response


@api.post("/tournaments/<int:tournament_id>/clock")
def act_on_clock(tournament_id: int):
    """Start, pause, resume, extend or end the session clock (organizer or head judge)."""
    user = require_role(tournament_id, *CLOCK_ROLES)
    body, status = clock.act(get_tournament_or_404(tournament_id), json_body(), user)
    db.session.commit()
    return jsonify(body), status


@api.post("/tournaments/<int:tournament_id>/clock/time-over")
def time_over(tournament_id: int):
    """Close the cards whose time is over by the server clock; anyone may ask, it decides."""
    user = g.get("user")
    actor = (Actor.for_user(user) if user and user.tournament_id == tournament_id
             else Actor("clock", True))
    body = clock.time_over(tournament_id, json_body(), actor)
    db.session.commit()
    return jsonify(body)


# ---------------------------------------------------------------- play timers API

@api.post("/tournaments/<int:tournament_id>/timers")
def start_timer(tournament_id: int):
    """Start timing one player's round."""
    user = require_judge(tournament_id)
    body, status = timers.start_timer(get_tournament_or_404(tournament_id), json_body(), user)
    db.session.commit()
    return jsonify(body), status


@api.get("/timers/<int:timer_id>")
def get_timer(timer_id: int):
    """Return a play timer with its stamps and the charges so far."""
    timer = timers.get_timer_or_404(timer_id)
    require_judge(timer.tournament_id)
    response = jsonify(timer=timers.timer_view(timer))
    response.headers["Cache-Control"] = "no-store"
    return response


def _timer_write(timer_id: int, operation):
    timer = timers.get_timer_or_404(timer_id)
    user = require_judge(timer.tournament_id)
    body, status = operation(timer, json_body(), user)
    db.session.commit()
    return jsonify(body), status


@api.post("/timers/<int:timer_id>/taps")
def tap(timer_id: int):
    """Add a tap: a turn starts or ends at its server-time stamp."""
    return _timer_write(timer_id, timers.tap)


@api.post("/timers/<int:timer_id>/undo")
def undo(timer_id: int):
    """Take back the last tap."""
    return _timer_write(timer_id, timers.undo)


@api.post("/timers/<int:timer_id>/finish")
def finish(timer_id: int):
    """Stop the timer at the end of the round."""
    return _timer_write(timer_id, timers.finish)


@api.post("/timers/<int:timer_id>/penalty")
def convert(timer_id: int):
    """Put the timer's points on the card as a penalty, with a ruling-log entry."""
    return _timer_write(timer_id, timers.convert)


# ---------------------------------------------------------------- time-outs API

@api.get("/tournaments/<int:tournament_id>/timeouts")
def list_timeouts(tournament_id: int):
    """Return the session's time-outs, late arrivals and possible absences."""
    require_judge(tournament_id)
    response = jsonify(timers.timeouts_view(tournament_id, _session_arg()))
    response.headers["Cache-Control"] = "no-store"
    return response


@api.post("/tournaments/<int:tournament_id>/timeouts")
def start_timeout(tournament_id: int):
    """Start a time-out, or log a late arrival."""
    user = require_judge(tournament_id)
    body, status = timers.start_timeout(get_tournament_or_404(tournament_id), json_body(), user)
    db.session.commit()
    return jsonify(body), status


@api.post("/timeouts/<int:timeout_id>/end")
def end_timeout(timeout_id: int):
    """End a time-out or late arrival and charge it (§4.14)."""
    user = require_judge(timers.get_timeout_or_404(timeout_id).tournament_id)
    body, status = timers.end_timeout(timeout_id, json_body(), user)
    db.session.commit()
    return jsonify(body), status


# ---------------------------------------------------------------- OpenAPI

_op, _path_int, OP_ID = openapi._op, openapi._path_int, openapi.OP_ID
T, TIMER, TIMEOUT = [_path_int("tournament_id")], [_path_int("timer_id")], [
    _path_int("timeout_id")]
SESSION_Q = [{"name": "session", "in": "query", "required": False,
              "schema": {"type": "integer"}, "description": "session number (default: current)"}]
AT_MS = {"type": "integer", "description": "server-time stamp (client clock + /api/time offset)"}
TIMER_BODY = {"type": "object", "properties": {"timer": {"type": "object"}}}

openapi.add_paths({
    "/api/tournaments/{tournament_id}/clock": {
        "get": _op("The hall clock (public): now_ms and the current session's clock, with "
                   "deadlines in server ms (remaining = deadline - server now), tables with "
                   "extra time, warnings at 15 and 5 minutes, events. ETag / 304.",
                   errors=(404,), tag="clock", params=T + SESSION_Q),
        "post": _op("Act on a session clock (organizer or head judge): start, pause, resume, "
                    "extend (seconds, reason; whole hall or one table) or end.",
                    body={"type": "object", "required": ["action", "op_id"], "properties": {
                        "action": {"type": "string", "enum": list(clock.ACTIONS)},
                        "session": {"type": "integer"},
                        "seconds": {"type": "integer", "description": "extend only; may be "
                                    "negative to take back time"},
                        "table": {"type": ["integer", "null"]}, "reason": {"type": "string"},
                        "op_id": OP_ID}},
                    errors=(400, 401, 403, 404, 409), tag="clock", auth=True, params=T)},
    "/api/tournaments/{tournament_id}/clock/time-over": {"post": _op(
        "Close the scoring cards whose time is over by the server clock (§3.4): unrecorded "
        "rounds become not played. Anyone may ask; the server decides; a repeat does nothing.",
        body={"type": "object", "properties": {"session": {"type": "integer"}}},
        errors=(404,), tag="clock", params=T)},
    "/api/tournaments/{tournament_id}/timers": {"post": _op(
        "Start a play timer for one player's round (§1.9); dealt 'now' starts the free time.",
        body={"type": "object", "required": ["card", "round", "player", "op_id"],
              "properties": {"card": {"type": "integer"}, "round": {"type": "integer"},
                             "player": {"type": "integer"},
                             "dealt": {"type": "string", "enum": ["now", "earlier"]},
                             "at_ms": AT_MS, "is_stalling_clock": {"type": "boolean"},
                             "op_id": OP_ID}},
        ok=TIMER_BODY, errors=(400, 401, 403, 404, 409), tag="timers", auth=True, params=T)},
    "/api/timers/{timer_id}": {"get": _op(
        "A play timer: limits, taps (server ms), points so far.", ok=TIMER_BODY,
        errors=(401, 403, 404), tag="timers", auth=True, params=TIMER)},
    "/api/timers/{timer_id}/taps": {"post": _op(
        "Add tap number seq (0-based; even: a turn starts, odd: it ends) at at_ms.",
        body={"type": "object", "required": ["seq", "op_id"], "properties": {
            "seq": {"type": "integer"}, "at_ms": AT_MS, "op_id": OP_ID}},
        ok=TIMER_BODY, errors=(400, 401, 403, 404, 409), tag="timers", auth=True,
        params=TIMER)},
    "/api/timers/{timer_id}/undo": {"post": _op(
        "Take back the last tap; seq is the number of taps the phone saw.",
        body={"type": "object", "required": ["seq", "op_id"], "properties": {
            "seq": {"type": "integer"}, "op_id": OP_ID}},
        ok=TIMER_BODY, errors=(400, 401, 403, 404, 409), tag="timers", auth=True,
        params=TIMER)},
    "/api/timers/{timer_id}/finish": {"post": _op(
        "Stop the timer; a running turn ends at at_ms.",
        body={"type": "object", "required": ["op_id"], "properties": {
            "at_ms": AT_MS, "op_id": OP_ID}},
        ok=TIMER_BODY, errors=(400, 401, 403, 404, 409), tag="timers", auth=True,
        params=TIMER)},
    "/api/timers/{timer_id}/penalty": {"post": _op(
        "Turn the timer's points into a penalty (special case, time_violation), a card "
        "penalty line and a ruling-log entry citing §1.9, in one step.",
        body={"type": "object", "required": ["op_id"], "properties": {
            "at_ms": AT_MS, "op_id": OP_ID}},
        ok=TIMER_BODY, errors=(400, 401, 403, 404, 409), tag="timers", auth=True,
        params=TIMER)},
    "/api/tournaments/{tournament_id}/timeouts": {
        "get": _op("The session's time-outs and late arrivals, each player's time-out total "
                   "and the players who may be ruled absent (§4.14).",
                   errors=(401, 403, 404), tag="timers", auth=True, params=T + SESSION_Q),
        "post": _op("Start a time-out, or log a late arrival (kind 'late'; late_ms to log an "
                    "arrival at once when the clock was not running).",
                    body={"type": "object", "required": ["player", "op_id"], "properties": {
                        "player": {"type": "integer"},
                        "kind": {"type": "string", "enum": ["timeout", "late"]},
                        "is_medication": {"type": "boolean"}, "at_ms": AT_MS,
                        "late_ms": {"type": "integer"}, "session": {"type": "integer"},
                        "op_id": OP_ID}},
                    errors=(400, 401, 403, 404, 409), tag="timers", auth=True, params=T)},
    "/api/timeouts/{timeout_id}/end": {"post": _op(
        "End a time-out or late arrival at at_ms; its points go on the card (§4.14).",
        body={"type": "object", "required": ["op_id"], "properties": {
            "at_ms": AT_MS, "op_id": OP_ID}},
        errors=(400, 401, 403, 404, 409), tag="timers", auth=True, params=TIMEOUT)},
})
