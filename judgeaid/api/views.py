"""The JSON API the pages themselves use (documented in /api/openapi.json)."""

from __future__ import annotations

import time

from flask import Blueprint, abort, g, jsonify, request

from judgeaid import signin
from judgeaid.access import sign_in, sign_out
from judgeaid.api import openapi
from judgeaid.extensions import db
from judgeaid.services import accounts, scoring

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.before_request
def json_writes_only():
    """Refuse writes that are not JSON: cross-site forms cannot send JSON, so no CSRF token."""
    if request.method in ("POST", "PUT", "PATCH", "DELETE") and not request.is_json:
        abort(415, description="Send the request body as JSON (Content-Type: application/json).")


def json_body() -> dict:
    """Return the request's JSON object or abort 400 with a clear message."""
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        abort(400, description="The request body must be a JSON object.")
    return body


@bp.get("/time")
def server_time():
    """Return the server clock, the only clock timers trust."""
    response = jsonify(now_ms=time.time_ns() // 1_000_000)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/login")
def login():
    """Sign in a judge or organizer with tournament, name and PIN."""
    tournament_id, name, pin = accounts.parse_sign_in(json_body())
    user = signin.authenticate(tournament_id, name, pin)
    db.session.commit()
    sign_in(user)
    return jsonify(user={"id": user.id, "name": user.name, "role": user.role,
                         "tournament_id": user.tournament_id})


@bp.post("/logout")
def logout():
    """End the signed-in session (and the user's other sessions)."""
    sign_out()
    db.session.commit()
    return jsonify(ok=True)


@bp.get("/me")
def me():
    """Return who is signed in, or null."""
    user = g.get("user")
    if user is None:
        return jsonify(user=None)
    return jsonify(user={"id": user.id, "name": user.name, "role": user.role,
                         "tournament_id": user.tournament_id})


@bp.get("/openapi.json")
def openapi_document():
    """Return the OpenAPI 3 document for every JSON endpoint."""
    return jsonify(openapi.document())


@bp.get("/zj/catalogue")
def zj_catalogue():
    """Return the 44 Zung Jung patterns and the counting-rule tables."""
    response = jsonify(scoring.catalogue())
    response.cache_control.public = True
    response.cache_control.max_age = 300
    return response


@bp.post("/zj/score")
def zj_score():
    """Total the ticked patterns of a hand (§2.2)."""
    result, status = scoring.score(json_body())
    return jsonify(result), status


@bp.post("/zj/payoff")
def zj_payoff():
    """Split a hand's value among the four seats (§2.3)."""
    return jsonify(scoring.split_payoff(json_body()))
