"""The live scoring card page (QR target) and the card API."""

from __future__ import annotations

from flask import Blueprint, abort, g, jsonify, render_template, request

from judgeaid.api import openapi
from judgeaid.api.views import json_body, json_writes_only
from judgeaid.extensions import db
from judgeaid.services import cards
from judgeaid.services.cards import Actor
from judgeaid.services.players import get_player_by_token_or_404

bp = Blueprint("cards", __name__)
api = Blueprint("cards_api", __name__, url_prefix="/api/cards")
api.before_request(json_writes_only)


def card_actor(card) -> Actor:
    """Return who is writing: a signed-in judge, or a player by their page's token."""
    user = g.get("user")
    if user is not None:
        if user.tournament_id != card.tournament_id:
            abort(403, description="Your sign-in is for another tournament.")
        return Actor.for_user(user)
    token = request.headers.get("X-Player-Token")
    if token:
        player = get_player_by_token_or_404(token)
        if player.tournament_id != card.tournament_id:
            abort(403, description="This player link is for another tournament.")
        return Actor.for_player(player)
    abort(401, description="Sign in as a judge, or use your player link, to write on a card.")


@bp.get("/cards/<int:card_id>")
def live(card_id: int):
    """Show the live card: anyone with the link reads it; judges also edit it."""
    card = cards.get_card_or_404(card_id)
    return render_template("cards/live.html", **cards.live_page(card, g.get("user")))


@api.get("/<int:card_id>")
def get_card(card_id: int):
    """Return the card; answers 304 when the client's copy is current."""
    card = cards.get_card_or_404(card_id)
    etag = f'"card-{card.id}-v{card.version}"'
    if etag in request.headers.get("If-None-Match", ""):
        response = jsonify()
        response.status_code = 304
    else:
        response = jsonify(cards.card_view(card))
    response.headers["ETag"] = etag
    response.headers["Cache-Control"] = "no-cache"
    return response


@api.get("/<int:card_id>/me")
def reader(card_id: int):
    """Say who reads the card: a judge, the player whose X-Player-Token is sent, or nobody."""
    card = cards.get_card_or_404(card_id)
    response = jsonify(cards.card_reader(card, g.get("user"),
                                         request.headers.get("X-Player-Token")))
    response.headers["Cache-Control"] = "no-store"
    return response


openapi.add_paths({"/api/cards/{card_id}/me": {"get": openapi.op(
    "Who reads this card: is_judge, the player named by the X-Player-Token header (null when "
    "the token is not for a player at this table), and whether that player may record rounds.",
    errors=(404,), tag="cards", params=openapi.CARD)}})


def _write(card_id: int, operation):
    card = cards.get_card_or_404(card_id)
    body, status = operation(card, json_body(), card_actor(card))
    db.session.commit()
    return jsonify(body), status


@api.post("/<int:card_id>/rounds")
def record_round(card_id: int):
    """Record a round, or correct one with `correction: true` and a reason."""
    return _write(card_id, cards.record_round)


@api.post("/<int:card_id>/penalties")
def add_penalty(card_id: int):
    """Put penalty points on the card's penalty line."""
    return _write(card_id, cards.add_penalty)


@api.post("/<int:card_id>/penalties/<int:penalty_id>/void")
def void_penalty(card_id: int, penalty_id: int):
    """Strike out a penalty, with a reason."""
    return _write(card_id, lambda card, body, actor: cards.void_penalty(card, penalty_id, body,
                                                                         actor))


@api.post("/<int:card_id>/confirm")
def confirm(card_id: int):
    """Confirm the card's totals for a player."""
    return _write(card_id, cards.confirm)


@api.post("/<int:card_id>/time-over")
def time_over(card_id: int):
    """Mark the rounds not yet recorded as not played (session time over)."""
    return _write(card_id, cards.mark_time_over)


@api.post("/<int:card_id>/recorder")
def recorder(card_id: int):
    """Appoint the player who may record rounds on this card."""
    card = cards.get_card_or_404(card_id)
    body = cards.appoint_recorder(card, json_body(), card_actor(card))
    db.session.commit()
    return jsonify(body)
