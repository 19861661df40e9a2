"""The JSON API the pages themselves use (documented in /api/openapi.json)."""

from __future__ import annotations

import time

from flask import Blueprint, abort, g, jsonify, request
from flask_babel import gettext as _

from judgeaid import edge, signin
from judgeaid.access import sign_in, sign_out
from judgeaid.api.schemas import (
    Catalogue,
    Empty,
    LoginBody,
    LoginOut,
    McrCatalogue,
    McrPayoffBody,
    McrPayoffOut,
    McrScoreBody,
    McrScoreErrors,
    McrScoreOut,
    Me,
    Ok,
    OpenAPIDocument,
    PayoffBody,
    PayoffOut,
    ScoreBody,
    ScoreErrors,
    ScoreOut,
    ServerTime,
)
from judgeaid.edge import responses
from judgeaid.extensions import db
from judgeaid.services import scoring

bp = Blueprint("api", __name__, url_prefix="/api")


@bp.before_request
def json_writes_only():
    """Refuse writes that are not JSON: cross-site forms cannot send JSON, so no CSRF token."""
    if request.method in ("POST", "PUT", "PATCH", "DELETE") and not request.is_json:
        abort(415, description=_("Send the request body as JSON (Content-Type: application/json)."))


@bp.get("/time")
@edge.api.validate(resp=responses(ServerTime, errors=()), tags=["general"], skip_validation=True)
def server_time():
    """Return the server clock, the only clock timers trust.

    It takes no input, and its answer is checked against ServerTime by the tests rather than
    on every phone's request: a hall polls it more than anything but the cards."""
    response = jsonify(now_ms=time.time_ns() // 1_000_000)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/login")
@edge.api.validate(json=LoginBody, resp=responses(LoginOut, errors=(400, 401, 413, 415, 429, 503)),
                   tags=["auth"])
def login(json: LoginBody):
    """Sign in a judge or organizer with tournament, name and PIN (or their one-time recovery
    code instead, which works despite a sign-in lock and is then replaced); sets the session
    cookie."""
    recovery = None if json.pin else json.recovery
    user = signin.authenticate(json.tournament_id, json.name, json.pin, recovery)
    db.session.commit()
    sign_in(user)
    answer = {"user": {"id": user.id, "name": user.name, "role": user.role,
                       "tournament_id": user.tournament_id}, "home": signin.landing_url(user)}
    if recovery:
        answer["recovery"] = user.recovery_code
    response = jsonify(answer)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/logout")
@edge.api.validate(json=Empty, resp=responses(Ok, errors=(400, 413, 415)), tags=["auth"])
def logout(json: Empty):
    """End the signed-in session (and the user's other sessions)."""
    sign_out()
    db.session.commit()
    return jsonify(ok=True)


@bp.get("/me")
@edge.api.validate(resp=responses(Me, errors=()), tags=["auth"])
def me():
    """Return who is signed in, or null."""
    user = g.get("user")
    if user is None:
        return jsonify(user=None)
    return jsonify(user={"id": user.id, "name": user.name, "role": user.role,
                         "tournament_id": user.tournament_id})


@bp.get("/openapi.json")
@edge.api.validate(resp=responses(OpenAPIDocument, errors=()), tags=["general"])
def openapi_document():
    """Return the OpenAPI 3 document of every JSON endpoint, made from their schemas."""
    return jsonify(edge.document())


def _ruleset_here() -> str:
    """Return the code of the ruleset a scoring endpoint belongs to: the one its URL names
    (/api/<code>/...)."""
    return request.path.split("/")[2]


@bp.get("/zj/catalogue")
@edge.api.validate(resp=responses(Catalogue, errors=()), tags=["scoring"])
def zj_catalogue():
    """Return the 44 Zung Jung patterns and the counting-rule tables.

    In the request's language as a page is (?lang=, the language cookie, Accept-Language):
    each item's `name` then is its Chinese name (`name_en` the English one) and the texts are
    translated; English when no language is asked for."""
    response = jsonify(scoring.catalogue(_ruleset_here()))
    response.cache_control.public = True
    response.cache_control.max_age = 300
    return response


@bp.post("/zj/score")
@edge.api.validate(json=ScoreBody, resp=responses(ScoreOut, errors=(400, 413, 415),
                                                  also={422: ScoreErrors}), tags=["scoring"])
def zj_score(json: ScoreBody):
    """Total the ticked patterns of a hand (§2.2); 422 lists the counting rules broken."""
    result = scoring.score(_ruleset_here(), json.patterns)
    return jsonify(result), 422 if "errors" in result else 200


@bp.post("/zj/payoff")
@edge.api.validate(json=PayoffBody, resp=responses(PayoffOut, errors=(400, 413, 415)),
                   tags=["scoring"])
def zj_payoff(json: PayoffBody):
    """Split a hand's value among the four seats (§2.3)."""
    return jsonify(scoring.split_payoff(_ruleset_here(), json.model_dump(exclude_none=True)))


@bp.get("/mcr/catalogue")
@edge.api.validate(resp=responses(McrCatalogue, errors=()), tags=["scoring"])
def mcr_catalogue():
    """Return the 81 MCR fans (Appendix 1), the counting principles and the rule tables.

    In the request's language as a page is (?lang=, the language cookie, Accept-Language):
    each item's `name` then is its Chinese name (`name_en` the English one) and the texts are
    translated; English when no language is asked for."""
    response = jsonify(scoring.catalogue(_ruleset_here()))
    response.cache_control.public = True
    response.cache_control.max_age = 300
    return response


@bp.post("/mcr/score")
@edge.api.validate(json=McrScoreBody, resp=responses(McrScoreOut, errors=(400, 413, 415),
                                                     also={422: McrScoreErrors}),
                   tags=["scoring"])
def mcr_score(json: McrScoreBody):
    """Total the ticked MCR fans and flowers (MCR §3.9.1); 422 lists the rules broken."""
    result = scoring.fan_score(_ruleset_here(), json.fans, json.flowers, json.win)
    return jsonify(result), 422 if "errors" in result else 200


@bp.post("/mcr/payoff")
@edge.api.validate(json=McrPayoffBody, resp=responses(McrPayoffOut, errors=(400, 413, 415)),
                   tags=["scoring"])
def mcr_payoff(json: McrPayoffBody):
    """Split an MCR hand's value among the four seats (MCR §3.9.1.3)."""
    return jsonify(scoring.split_payoff(_ruleset_here(), json.model_dump(exclude_none=True)))
