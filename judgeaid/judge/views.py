"""The judge console: call-up queue, rulings and penalties, log, guide, appeals, records."""

from __future__ import annotations

from flask import Blueprint, abort, flash, jsonify, redirect, render_template, request, url_for
from sqlalchemy.exc import IntegrityError

from judgeaid.access import require_judge, require_organizer
from judgeaid.api.openapi import add_paths, op, path_int
from judgeaid.api.views import json_body, json_writes_only
from judgeaid.extensions import db
from judgeaid.rules.irregularities import guide_json
from judgeaid.services import judging
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.cards import get_card_or_404
from judgeaid.services.players import get_player_by_token_or_404

bp = Blueprint("judge", __name__)
api = Blueprint("judge_api", __name__, url_prefix="/api")
api.before_request(json_writes_only)


def _answer(kind: str, payload: dict, write):
    """Run an idempotent write and commit once; a twin request that won a race is replayed."""
    try:
        body, status = write()
        db.session.commit()
    except IntegrityError:
        stored = judging.recover_duplicate(kind, payload)
        if stored is None:
            raise
        body, status = stored
    return jsonify(body), status


def _player_from_token():
    token = request.headers.get("X-Player-Token")
    if not token:
        abort(401, description="Open this from your own player page (the link on your slip).")
    return get_player_by_token_or_404(token)


# ---------------------------------------------------------------- pages

@bp.get("/t/<int:tournament_id>/judge")
def home(tournament_id: int):
    """Show the judge home: the call-up queue and every judge action one tap away."""
    user = require_judge(tournament_id)
    return render_template("judge/home.html", tournament_id=tournament_id,
                           **judging.judge_home(tournament_id, user))


@bp.get("/t/<int:tournament_id>/judge/rulings/new")
def new_ruling(tournament_id: int):
    """Show the ruling form, started from a call-up, a table, a guide answer or an entry."""
    user = require_judge(tournament_id)
    form = judging.ruling_form(tournament_id, request.args.to_dict(), user)
    return render_template("judge/ruling_form.html", tournament_id=tournament_id, form=form)


@bp.get("/t/<int:tournament_id>/judge/rulings/<int:ruling_id>")
def ruling(tournament_id: int, ruling_id: int):
    """Show one log entry with its versions, penalties and appeals."""
    require_judge(tournament_id)
    detail = judging.ruling_detail(tournament_id, ruling_id)
    return render_template("judge/ruling.html", tournament_id=tournament_id, **detail)


@bp.get("/t/<int:tournament_id>/judge/log")
def log(tournament_id: int):
    """Show the ruling log, filtered by table, player, judge, session or words."""
    require_judge(tournament_id)
    found = judging.search_log(tournament_id, request.args.to_dict())
    return render_template("judge/log.html", tournament_id=tournament_id, **found)


@bp.get("/t/<int:tournament_id>/judge/log/print")
def log_print(tournament_id: int):
    """Show one session's ruling log laid out for paper."""
    require_judge(tournament_id)
    session = request.args.get("session", type=int)
    if session is None:
        abort(400, description="Say which session to print: ?session=1")
    return render_template("judge/log_print.html", tournament_id=tournament_id,
                           **judging.log_for_print(tournament_id, session))


@bp.get("/t/<int:tournament_id>/judge/guide")
def guide(tournament_id: int):
    """Show the irregularity guide, searchable and kept for offline use."""
    require_judge(tournament_id)
    data = judging.guide_page(tournament_id, request.args.get("q", ""))
    return render_template("judge/guide.html", **data)


@bp.get("/t/<int:tournament_id>/judge/players/<int:number>")
def player(tournament_id: int, number: int):
    """Show a player's penalties, rulings and appeals of the tournament."""
    require_judge(tournament_id)
    record = judging.player_record(tournament_id, number)
    return render_template("judge/player.html", tournament_id=tournament_id, **record)


@bp.get("/t/<int:tournament_id>/judge/players")
def player_lookup(tournament_id: int):
    """Open the record of the player whose number was typed."""
    require_judge(tournament_id)
    number = request.args.get("number", type=int)
    if number is None:
        abort(400, description="Type the player's number.")
    return redirect(url_for(".player", tournament_id=tournament_id, number=number))


@bp.get("/t/<int:tournament_id>/judge/appeals")
def appeals(tournament_id: int):
    """Show the appeals and the floor rulings they dispute; the head judge decides here."""
    user = require_judge(tournament_id)
    return render_template("judge/appeals.html", tournament_id=tournament_id,
                           is_head_judge=user.is_head_judge,
                           **judging.appeals_overview(tournament_id))


@bp.get("/t/<int:tournament_id>/judge/penalties")
def penalties(tournament_id: int):
    """Show the event's penalty overview with totals per session."""
    require_judge(tournament_id)
    return render_template("judge/penalties.html", tournament_id=tournament_id,
                           **judging.penalty_overview(tournament_id))


@bp.route("/t/<int:tournament_id>/judge/settings", methods=["GET", "POST"])
def settings(tournament_id: int):
    """Show and change how repeated violations are counted (organizer)."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    if request.method == "POST":
        judging.set_repeat_policy(tournament, request.form.to_dict(), user)
        db.session.commit()
        flash("Repeat counting saved.")
        return redirect(url_for(".settings", tournament_id=tournament_id))
    return render_template("judge/settings.html", tournament_id=tournament_id,
                           **judging.settings_view(tournament))


# ---------------------------------------------------------------- JSON API

@api.get("/judge/guide")
def guide_data():
    """Return the irregularity guide (cacheable, for offline use)."""
    data = guide_json()
    etag = f'"guide-{data["version"]}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = jsonify()
        response.status_code = 304
    else:
        response = jsonify(data)
    response.headers["ETag"] = etag
    response.cache_control.public = True
    response.cache_control.max_age = 300
    return response


@api.post("/cards/<int:card_id>/call-up")
def call_judge(card_id: int):
    """Call a judge to this table (anyone with the card's link)."""
    payload = json_body()
    card = get_card_or_404(card_id)
    return _answer("judge.callup", payload, lambda: judging.call_judge(card, payload))


@api.get("/cards/<int:card_id>/call-up")
def call_status(card_id: int):
    """Return this table's open call-up, if any, and its place in the queue."""
    response = jsonify(judging.call_status(get_card_or_404(card_id)))
    response.headers["Cache-Control"] = "no-store"
    return response


@api.get("/t/<int:tournament_id>/call-ups")
def queue(tournament_id: int):
    """Return the open call-ups; answers 304 when nothing changed."""
    require_judge(tournament_id)
    data = judging.call_queue(tournament_id)
    etag = f'"queue-{data["etag"]}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = jsonify()
        response.status_code = 304
    else:
        response = jsonify(data)
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return response


@api.post("/t/<int:tournament_id>/call-ups/<int:call_up_id>/take")
def take(tournament_id: int, call_up_id: int):
    """Take a call-up: records the judge and the time they arrived."""
    user = require_judge(tournament_id)
    payload = json_body()
    return _answer("judge.take", payload, lambda: judging.take_call(call_up_id, payload, user))


@api.get("/t/<int:tournament_id>/suggest")
def suggest(tournament_id: int):
    """Return a player's earlier penalties and the rubric's suggested next step."""
    require_judge(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    return jsonify(judging.suggest(tournament, request.args.to_dict()))


@api.post("/t/<int:tournament_id>/penalties")
def issue_penalty(tournament_id: int):
    """Give a penalty; points go on the player's card (§4.11)."""
    user = require_judge(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    payload = json_body()
    return _answer("judge.penalty", payload,
                   lambda: judging.issue_penalty(tournament, payload, user))


@api.get("/t/<int:tournament_id>/penalties")
def penalty_overview(tournament_id: int):
    """Return the event's penalties per player and session."""
    require_judge(tournament_id)
    return jsonify(judging.penalty_overview(tournament_id))


@api.post("/t/<int:tournament_id>/rulings")
def record_ruling(tournament_id: int):
    """Write a ruling log entry (or a change to one) with its penalties."""
    user = require_judge(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    payload = json_body()
    return _answer("judge.ruling", payload,
                   lambda: judging.record_ruling(tournament, payload, user))


@api.get("/t/<int:tournament_id>/rulings")
def rulings(tournament_id: int):
    """Return the ruling log, filtered."""
    require_judge(tournament_id)
    return jsonify(judging.search_log(tournament_id, request.args.to_dict()))


@api.get("/t/<int:tournament_id>/rulings/<int:ruling_id>")
def ruling_data(tournament_id: int, ruling_id: int):
    """Return one log entry with its versions."""
    require_judge(tournament_id)
    return jsonify(judging.ruling_detail(tournament_id, ruling_id))


@api.get("/t/<int:tournament_id>/players/<int:number>/record")
def player_record(tournament_id: int, number: int):
    """Return a player's penalties, rulings and appeals."""
    require_judge(tournament_id)
    return jsonify(judging.player_record(tournament_id, number))


@api.post("/appeals")
def file_appeal():
    """File a player's appeal (X-Player-Token from their own page; §4.3)."""
    player = _player_from_token()
    payload = json_body()
    return _answer("judge.appeal", payload, lambda: judging.file_appeal(player, payload))


@api.post("/t/<int:tournament_id>/appeals/<int:appeal_id>/decision")
def decide_appeal(tournament_id: int, appeal_id: int):
    """Record the head judge's final decision on an appeal (§4.3)."""
    user = require_judge(tournament_id)
    payload = json_body()
    return _answer("judge.decide", payload,
                   lambda: judging.decide_appeal(appeal_id, payload, user))


@api.get("/t/<int:tournament_id>/appeals")
def appeal_list(tournament_id: int):
    """Return the appeals, open ones first, with their floor rulings."""
    require_judge(tournament_id)
    return jsonify(judging.appeals_overview(tournament_id))


# ---------------------------------------------------------------- OpenAPI

TID = [path_int("tournament_id")]
OP_ID = {"type": "string", "description": "client-made unique id; a replay changes nothing"}
PENALTY_SPEC = {"type": "object", "required": ["player", "category", "infraction", "kind"],
                "properties": {
                    "player": {"type": "integer", "description": "player number"},
                    "category": {"type": "string", "enum": ["minor", "procedural",
                                                            "competitive", "serious",
                                                            "special"]},
                    "infraction": {"type": "string",
                                   "description": "a rubric example id, or free text"},
                    "kind": {"type": "string"}, "points": {"type": "integer"},
                    "reason": {"type": "string",
                               "description": "required when not the suggested step"},
                    "round": {"type": "integer", "minimum": 1, "maximum": 16},
                    "paid_to": {"type": "object", "additionalProperties": {"type": "integer"},
                                "description": "opponent number -> points paid (§4.11)"}}}
QUERY = [{"name": n, "in": "query", "required": False, "schema": {"type": t}}
         for n, t in (("table", "integer"), ("player", "integer"), ("judge", "integer"),
                      ("session", "integer"), ("q", "string"), ("history", "string"))]

add_paths({
    "/api/judge/guide": {"get": op(
        "The irregularity guide: quick answers with § citations (cacheable, ETag).",
        tag="judge")},
    "/api/cards/{card_id}/call-up": {
        "post": op("Call a judge to this table (anyone with the card link); a table already "
                   "waiting keeps its place.",
                   body={"type": "object", "required": ["op_id"], "properties": {
                       "reason": {"type": "string"}, "op_id": OP_ID}},
                   errors=(400, 404, 409, 415), tag="judge", params=[path_int("card_id")]),
        "get": op("This table's open call-up (or null) and its place in the queue.",
                  errors=(404,), tag="judge", params=[path_int("card_id")])},
    "/api/t/{tournament_id}/call-ups": {"get": op(
        "The call-up queue: waiting calls first, oldest first; ETag/304.",
        errors=(401, 403), tag="judge", auth=True, params=TID)},
    "/api/t/{tournament_id}/call-ups/{call_up_id}/take": {"post": op(
        "Take a call-up: records the judge and the arrival time.",
        body={"type": "object", "required": ["op_id"], "properties": {"op_id": OP_ID}},
        errors=(400, 401, 403, 404, 409), tag="judge", auth=True,
        params=[*TID, path_int("call_up_id")])},
    "/api/t/{tournament_id}/suggest": {"get": op(
        "A player's earlier penalties and the rubric's suggested next step (A.5.6).",
        errors=(400, 401, 403, 404), tag="judge", auth=True,
        params=[*TID, *({"name": n, "in": "query", "required": n != "round",
                         "schema": {"type": "string"}}
                        for n in ("card", "player", "category", "infraction", "round"))])},
    "/api/t/{tournament_id}/penalties": {
        "post": op("Give one penalty; points go on the player's card (§4.11). 403 when it goes "
                   "beyond the rubric and the judge is not the head judge (A.5.7); 422 when a "
                   "reason is missing.",
                   body={**PENALTY_SPEC, "required": [*PENALTY_SPEC["required"], "card_id",
                                                      "op_id"],
                         "properties": {**PENALTY_SPEC["properties"],
                                        "card_id": {"type": "integer"},
                                        "ruling_id": {"type": "integer"}, "op_id": OP_ID}},
                   errors=(400, 401, 403, 404, 409, 422), tag="judge", auth=True, params=TID),
        "get": op("Penalty overview: points per player and session, with totals.",
                  errors=(401, 403), tag="judge", auth=True, params=TID)},
    "/api/t/{tournament_id}/rulings": {
        "post": op("Write a ruling log entry with its penalties; with supersedes_id, a change "
                   "to an entry (append-only).",
                   body={"type": "object", "required": ["what_happened", "op_id"],
                         "properties": {
                             "call_up_id": {"type": "integer"}, "card_id": {"type": "integer"},
                             "supersedes_id": {"type": "integer"},
                             "round": {"type": "integer", "minimum": 1, "maximum": 16},
                             "players": {"type": "array", "items": {"type": "integer"}},
                             "what_happened": {"type": "string"},
                             "sections": {"type": "array", "items": {"type": "string"}},
                             "guide_entry": {"type": "string"},
                             "decision": {"type": "string"},
                             "penalties": {"type": "array", "items": PENALTY_SPEC},
                             "resolved_at_ms": {"type": "integer",
                                                "description": "when saved on the phone"},
                             "op_id": OP_ID}},
                   errors=(400, 401, 403, 404, 409, 422), tag="judge", auth=True, params=TID),
        "get": op("The ruling log, filtered by table, player, judge, session or words.",
                  errors=(400, 401, 403), tag="judge", auth=True, params=[*TID, *QUERY])},
    "/api/t/{tournament_id}/rulings/{ruling_id}": {"get": op(
        "One log entry with its earlier and later versions.",
        errors=(401, 403, 404), tag="judge", auth=True, params=[*TID, path_int("ruling_id")])},
    "/api/t/{tournament_id}/players/{number}/record": {"get": op(
        "A player's penalties, rulings and appeals of the tournament.",
        errors=(401, 403, 404), tag="judge", auth=True, params=[*TID, path_int("number")])},
    "/api/appeals": {"post": op(
        "File an appeal against a ruling, from the player's own page (X-Player-Token header), "
        "during the break after the session (§4.3).",
        body={"type": "object", "required": ["ruling_id", "text", "op_id"], "properties": {
            "ruling_id": {"type": "integer"}, "text": {"type": "string"}, "op_id": OP_ID}},
        errors=(400, 401, 403, 404, 409), tag="judge",
        params=[{"name": "X-Player-Token", "in": "header", "required": True,
                 "schema": {"type": "string"}}])},
    "/api/t/{tournament_id}/appeals": {"get": op(
        "Appeals with the floor rulings they dispute.",
        errors=(401, 403), tag="judge", auth=True, params=TID)},
    "/api/t/{tournament_id}/appeals/{appeal_id}/decision": {"post": op(
        "The head judge's final decision (§4.3): upheld, overturned or modified, with a reason; "
        "struck penalties are voided on the card. 403 for anyone but the head judge.",
        body={"type": "object", "required": ["decision", "reason", "op_id"], "properties": {
            "decision": {"type": "string", "enum": ["upheld", "overturned", "modified"]},
            "reason": {"type": "string"},
            "strike_penalties": {"type": "array", "items": {"type": "integer"}},
            "op_id": OP_ID}},
        errors=(400, 401, 403, 404, 409), tag="judge", auth=True,
        params=[*TID, path_int("appeal_id")])},
})
