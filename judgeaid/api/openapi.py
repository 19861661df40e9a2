"""The OpenAPI 3 document of the JSON API; a test fails if a /api route is missing here."""

from __future__ import annotations

from typing import Any

SEAT = {"type": "string", "enum": ["E", "S", "W", "N"]}
ERROR = {"$ref": "#/components/schemas/Error"}


def _json(schema: dict[str, Any]) -> dict[str, Any]:
    return {"content": {"application/json": {"schema": schema}}}


def _op(summary: str, *, body: dict | None = None, ok: dict | None = None,
        errors: tuple[int, ...] = (), tag: str = "general", auth: bool = False,
        params: list | None = None) -> dict[str, Any]:
    operation: dict[str, Any] = {"summary": summary, "tags": [tag], "responses": {
        "200": {"description": "OK", **_json(ok or {"type": "object"})}}}
    if body is not None:
        operation["requestBody"] = {"required": True, **_json(body)}
    for status in errors:
        operation["responses"][str(status)] = {"description": "Error", **_json(ERROR)}
    if auth:
        operation["security"] = [{"session": []}]
    if params:
        operation["parameters"] = params
    return operation


def _path_int(name: str) -> dict[str, Any]:
    return {"name": name, "in": "path", "required": True, "schema": {"type": "integer"}}


# Every route adds its operations here (path in OpenAPI form -> method -> operation).
PATHS: dict[str, dict[str, Any]] = {
    "/api/time": {"get": _op("Server time in milliseconds; clients keep an offset to it.",
                             ok={"type": "object", "required": ["now_ms"],
                                 "properties": {"now_ms": {"type": "integer"}}})},
    "/api/login": {"post": _op(
        "Sign in a judge or organizer; sets the session cookie.",
        body={"type": "object", "required": ["tournament_id", "name", "pin"],
              "properties": {"tournament_id": {"type": "integer", "minimum": 1,
                                               "maximum": 2**31 - 1},
                             "name": {"type": "string", "minLength": 1, "maxLength": 200},
                             "pin": {"type": "string", "minLength": 1, "maxLength": 64}}},
        errors=(400, 401, 415, 429), tag="auth")},
    "/api/logout": {"post": _op("Sign out here and on the user's other devices.",
                                body={"type": "object"}, tag="auth")},
    "/api/me": {"get": _op("Who is signed in (user or null).", tag="auth")},
    "/api/openapi.json": {"get": _op("This document.")},
    "/api/zj/catalogue": {"get": _op("The 44 Zung Jung v3.3 patterns and counting-rule tables.",
                                     tag="scoring")},
    "/api/zj/score": {"post": _op(
        "Total the ticked patterns of a winning hand (§2.2).",
        body={"type": "object", "required": ["patterns"], "properties": {
            "patterns": {"type": "object", "additionalProperties": {"type": "integer"},
                         "description": "pattern id -> count (3.1 Value Honor up to 4)"}}},
        ok={"type": "object", "properties": {
            "value": {"type": "integer"},
            "limit": {"type": ["string", "null"], "enum": ["listed", "compound", None]},
            "lines": {"type": "array", "items": {"type": "object"}},
            "warnings": {"type": "array", "items": {"$ref": "#/components/schemas/Issue"}},
            "offers": {"type": "array", "items": {"$ref": "#/components/schemas/Issue"}}}},
        errors=(400, 415), tag="scoring")},
    "/api/zj/payoff": {"post": _op(
        "Split a hand's value among the four seats (§2.3).",
        body={"type": "object", "required": ["value", "win", "winner"], "properties": {
            "value": {"type": "integer", "minimum": 1},
            "win": {"type": "string", "enum": ["self", "discard", "draw"]},
            "winner": SEAT, "discarder": SEAT,
            "same_turn": {"type": "array", "items": SEAT},
            "scheme": {"type": "string", "enum": ["formal", "uniform"]}}},
        ok={"type": "object", "properties": {
            "deltas": {"type": "object", "properties": {s: {"type": "integer"}
                                                        for s in "ESWN"}},
            "responsible": {"anyOf": [SEAT, {"type": "null"}]}}},
        errors=(400, 415), tag="scoring")},
}

CARD = [_path_int("card_id")]
OP_ID = {"type": "string", "description": "client-made unique id; a replay changes nothing"}
ROUND_BODY = {"type": "object", "required": ["round", "result", "op_id"], "properties": {
    "round": {"type": "integer", "minimum": 1, "maximum": 16},
    "result": {"type": "string", "enum": ["win", "draw"]},
    "winner": {"type": "integer", "description": "player number"},
    "value": {"type": "integer", "minimum": 1},
    "win": {"type": "string", "enum": ["self", "discard"]},
    "discarder": {"type": "integer"},
    "same_turn": {"type": "array", "items": {"type": "integer"}},
    "patterns": {"type": "object", "additionalProperties": {"type": "integer"}},
    "correction": {"type": "boolean"}, "reason": {"type": "string"}, "op_id": OP_ID}}
CARD_WRITE = {"type": "object", "properties": {"card": {"type": "object"}}}

PATHS.update({
    "/api/cards/{card_id}": {"get": _op(
        "The scoring card: players by starting seat, 16 rounds with seat winds and deltas, "
        "penalty line, totals, confirmations. Supports If-None-Match (ETag).",
        errors=(404,), tag="cards", params=CARD)},
    "/api/cards/{card_id}/rounds": {"post": _op(
        "Record a round (judge or appointed player); send correction=true with a reason to "
        "change a recorded one. 409 when the round is already recorded.",
        body=ROUND_BODY, ok=CARD_WRITE, errors=(400, 401, 403, 404, 409, 422), tag="cards",
        auth=True, params=CARD)},
    "/api/cards/{card_id}/penalties": {"post": _op(
        "Put penalty points on the penalty line (judge).",
        body={"type": "object", "required": ["player", "points", "reason", "op_id"],
              "properties": {"player": {"type": "integer"}, "points": {"type": "integer"},
                             "round": {"type": "integer"}, "reason": {"type": "string"},
                             "op_id": OP_ID}},
        ok=CARD_WRITE, errors=(400, 401, 403, 404), tag="cards", auth=True, params=CARD)},
    "/api/cards/{card_id}/penalties/{penalty_id}/void": {"post": _op(
        "Strike out a penalty with a reason (it stays on the card, marked void).",
        body={"type": "object", "required": ["reason", "op_id"], "properties": {
            "reason": {"type": "string"}, "op_id": OP_ID}},
        ok=CARD_WRITE, errors=(400, 401, 403, 404, 409), tag="cards", auth=True,
        params=[*CARD, _path_int("penalty_id")])},
    "/api/cards/{card_id}/confirm": {"post": _op(
        "Confirm the totals for a player: a judge names the player; a player confirms for "
        "themselves with the X-Player-Token header. Four confirmations lock the card.",
        body={"type": "object", "required": ["op_id"], "properties": {
            "player": {"type": "integer"}, "op_id": OP_ID}},
        ok=CARD_WRITE, errors=(400, 401, 403, 404, 409), tag="cards", auth=True, params=CARD)},
    "/api/cards/{card_id}/time-over": {"post": _op(
        "Session time over: the rounds not yet recorded become not played (§3.4).",
        body={"type": "object", "required": ["op_id"], "properties": {
            "from_round": {"type": "integer"}, "op_id": OP_ID}},
        ok=CARD_WRITE, errors=(400, 401, 403, 404, 409), tag="cards", auth=True, params=CARD)},
    "/api/cards/{card_id}/recorder": {"post": _op(
        "Appoint the player at the table who may record rounds (null for nobody).",
        body={"type": "object", "properties": {"player": {"type": ["integer", "null"]}}},
        ok=CARD_WRITE, errors=(400, 401, 403, 404), tag="cards", auth=True, params=CARD)},
})


def add_paths(paths: dict[str, dict[str, Any]]) -> None:
    """Register more operations (each API module documents its own routes)."""
    for path, operations in paths.items():
        PATHS.setdefault(path, {}).update(operations)


def document() -> dict[str, Any]:
    """Return the whole OpenAPI document."""
    score_422 = {"description": "The counting rules are broken", **_json({
        "type": "object", "properties": {"errors": {
            "type": "array", "items": {"$ref": "#/components/schemas/Issue"}}}})}
    paths = {p: dict(ops) for p, ops in PATHS.items()}
    paths["/api/zj/score"]["post"]["responses"]["422"] = score_422
    return {
        "openapi": "3.1.0",
        "info": {"title": "judgeaid API", "version": "1",
                 "description": "JSON API of judgeaid, the Zung Jung tournament assistant. "
                                "Writes need Content-Type: application/json."},
        "paths": paths,
        "components": {
            "schemas": {
                "Error": {"type": "object", "required": ["error", "message"], "properties": {
                    "error": {"type": "string"}, "message": {"type": "string"}}},
                "Issue": {"type": "object", "required": ["code", "message"], "properties": {
                    "code": {"type": "string"}, "message": {"type": "string"},
                    "patterns": {"type": "array", "items": {"type": "string"}}}},
            },
            "securitySchemes": {"session": {"type": "apiKey", "in": "cookie",
                                            "name": "session"}},
        },
    }


path_int = _path_int
op = _op
