"""The live scoring card page (QR target) and the card API."""

from __future__ import annotations

from flask import Blueprint, abort, g, jsonify, render_template, request
from flask_babel import gettext as _

from judgeaid import conditional, edge, writes
from judgeaid.access import require_judge
from judgeaid.api.views import json_writes_only
from judgeaid.cards.schemas import (
    CardConfirmAllBody,
    CardConfirmBody,
    CardPenaltyBody,
    CardReader,
    CardRecorderBody,
    CardTimeOverBody,
    CardView,
    CardVoidBody,
    CardWriteOut,
    PaperCardOut,
)
from judgeaid.services import card_views, card_writes, cards, leaving, paper_cards
from judgeaid.services.card_inputs import (
    REASON_LIMIT,
    CardRoundBody,
    CardSeatChangeBody,
    PaperCardBody,
)
from judgeaid.services.cards import Actor
from judgeaid.services.players import get_player_by_token_or_404
from judgeaid.wording import event_rules

bp = Blueprint("cards", __name__)
api = Blueprint("cards_api", __name__, url_prefix="/api/cards")
api.before_request(json_writes_only)


def card_actor(card) -> Actor:
    """Return who is writing: a signed-in judge, or a player by their page's token."""
    user = g.get("user")
    if user is not None:
        if user.tournament_id != card.tournament_id:
            abort(403, description=_("Your sign-in is for another tournament."))
        return Actor.for_user(user)
    token = request.headers.get("X-Player-Token")
    if token:
        player = get_player_by_token_or_404(token)
        if player.tournament_id != card.tournament_id:
            abort(403, description=_("This player link is for another tournament."))
        return Actor.for_player(player)
    abort(401, description=_("Sign in as a judge, or use your player link, to write on a card."))


def _live_page(card_id: int, user, tag: str | None, shell: bool = False) -> str:
    card = cards.get_card_or_404(card_id)
    return render_template("cards/live.html", **card_views.live_page(card, user),
                           etag=tag and conditional.language_tag(tag),
                           shell=shell, reason_limit=REASON_LIMIT,
                           rules=event_rules(card.tournament_id))


@bp.get("/cards/<int:card_id>")
def live(card_id: int):
    """Show the live card: anyone with the link reads it; judges also edit it.

    A reader's page (every phone in the hall at a session's start) is a shell, the same for
    all of them: built once per version of the card and shared (judgeaid.viewcache), with the
    card's data in it for card.js to draw and its tag for the first poll's 304. A judge's page
    carries their own forms and the card, and is built for them.
    """
    tag = card_views.view_tag(card_id)
    if not conditional.page_is_shared():
        return _live_page(card_id, g.get("user"), tag)
    return conditional.shared_unless_current(
        card_views.shell_tag(tag), f"card-shell:{card_id}",
        lambda: _live_page(card_id, None, tag, shell=True).encode(), mimetype="text/html")


@bp.get("/cards/<int:card_id>/plain")
def plain(card_id: int):
    """Show a reader the card drawn by the server: the page a phone without JavaScript is sent
    to from the shell. Built once per version of the card and shared, as the shell is."""
    tag = card_views.view_tag(card_id)
    if not conditional.page_is_shared():
        return _live_page(card_id, g.get("user"), tag)
    return conditional.shared_unless_current(
        f"{tag}-page", f"card-page:{card_id}",
        lambda: _live_page(card_id, None, tag).encode(), mimetype="text/html")


@bp.get("/cards/<int:card_id>/sheet")
def sheet(card_id: int):
    """Show the card as a score sheet to print: + / − / running total per seat (MCR App. 5)."""
    card = cards.get_card_or_404(card_id)
    return render_template("cards/sheet.html", **card_views.score_sheet(card),
                           rules=event_rules(card.tournament_id))


WRITE = {"resp": edge.responses(CardWriteOut, also={422: edge.ErrorBody}), "tags": ["cards"],
         "security": {"session": []}}


def _card_json(card_id: int, view: dict | None = None) -> bytes:
    # Checked against the documented schema once per build, not on every phone's read.
    view = card_views.card_view(cards.get_card_or_404(card_id)) if view is None else view
    CardView.model_validate(view)
    return conditional.json_bytes(view)


@api.get("/<int:card_id>")
@edge.api.validate(resp=edge.responses(CardView, errors=(404,), also={304: None}),
                   tags=["cards"], skip_validation=True)
def get_card(card_id: int):
    """Return the card; answers 304 when the client's copy is current.

    Built once per version of what it shows and shared by every phone, worker and instance
    (judgeaid.viewcache); a 304 costs one query and never loads the card.
    """
    return conditional.shared_unless_current(card_views.view_tag(card_id), f"card:{card_id}",
                                             lambda: _card_json(card_id))


@api.get("/<int:card_id>/me")
@edge.api.validate(resp=edge.responses(CardReader, errors=(404,)), tags=["cards"])
def reader(card_id: int):
    """Say who reads the card: a judge, the player whose X-Player-Token is sent, or nobody."""
    card = cards.get_card_or_404(card_id)
    response = jsonify(card_views.card_reader(card, g.get("user"),
                                              request.headers.get("X-Player-Token")))
    response.headers["Cache-Control"] = "no-store"
    return response


def _write(card_id: int, kind: str, body, apply):
    """Apply one write to the card once per op_id; `apply(card, actor)` does it."""
    card = cards.get_card_or_404(card_id)
    actor = card_actor(card)
    made: dict = {}

    def applied():
        made["answer"] = answer = apply(card, actor)
        if isinstance(answer, dict) and isinstance(answer.get("card"), dict):
            # The card as this write leaves it becomes the JSON every phone polling the card
            # reads next, rather than a build of their own (at a session's busiest moment,
            # every table's judge recording at once, one build less per write). Stored with
            # the write: the card's row is locked until the commit, so no other write can
            # make this version with other lines.
            made["kept"] = conditional.keep_shared(
                card_views.card_tag(card), f"card:{card_id}",
                _card_json(card_id, answer["card"]))
        return answer

    answer, status = writes.once(kind, f"card:{card.id}", body, applied,
                                 tournament_id=card.tournament_id)
    if answer is made.get("answer") and "kept" in made:
        made["kept"]()  # applied and committed: a replay or a twin's answer is another dict
    return jsonify(answer), status


@api.post("/<int:card_id>/rounds")
@edge.api.validate(json=CardRoundBody, **WRITE)
def record_round(card_id: int, json: CardRoundBody):
    """Record a round, or correct one: `correction: true`, a reason and base_revision."""
    return _write(card_id, "card.round", json, lambda card, actor: card_writes.write_round(
        card, json, actor, op_id=json.op_id))


@api.post("/<int:card_id>/penalties")
@edge.api.validate(json=CardPenaltyBody, **WRITE)
def add_penalty(card_id: int, json: CardPenaltyBody):
    """Put penalty points on the card's penalty line."""
    return _write(card_id, "card.penalty", json, lambda card, actor: card_writes.put_penalty(
        card, json.player, json.points, json.reason, actor, round_=json.round,
        op_id=json.op_id))


@api.post("/<int:card_id>/penalties/<int:penalty_id>/void")
@edge.api.validate(json=CardVoidBody, **WRITE)
def void_penalty(card_id: int, penalty_id: int, json: CardVoidBody):
    """Strike out a penalty, with a reason."""
    return _write(card_id, "card.penalty.void", json,
                  lambda card, actor: card_writes.strike_penalty(card, penalty_id, json.reason,
                                                                 actor))


@api.post("/<int:card_id>/confirm")
@edge.api.validate(json=CardConfirmBody, **WRITE)
def confirm(card_id: int, json: CardConfirmBody):
    """Confirm the card's totals for a player."""
    return _write(card_id, "card.confirm", json, lambda card, actor: card_writes.confirm_totals(
        card, json.player, actor))


@api.post("/<int:card_id>/confirm-all")
@edge.api.validate(json=CardConfirmAllBody, **WRITE)
def confirm_all(card_id: int, json: CardConfirmAllBody):
    """Record that the players, present together, each confirmed the totals before the
    judge (judge): one confirmation per player, each "confirmed before judge X"."""
    return _write(card_id, "card.confirm_all", json, lambda card, actor: card_writes.confirm_all(
        card, json.players, actor))


@api.post("/<int:card_id>/time-over")
@edge.api.validate(json=CardTimeOverBody, **WRITE)
def time_over(card_id: int, json: CardTimeOverBody):
    """Mark the rounds not yet recorded as not played (session time over)."""
    return _write(card_id, "card.time_over", json, lambda card, actor: card_writes.close_rounds(
        card, actor, from_round=json.from_round))


@api.post("/<int:card_id>/recorder")
@edge.api.validate(json=CardRecorderBody, **WRITE)
def recorder(card_id: int, json: CardRecorderBody):
    """Appoint the player who may record rounds on this card (null: nobody)."""
    return _write(card_id, "card.recorder", json, lambda card, actor: card_writes.appoint_recorder(
        card, json.player, actor))


@api.post("/<int:card_id>/seat-changes")
@edge.api.validate(json=CardSeatChangeBody, **WRITE)
def seat_change(card_id: int, json: CardSeatChangeBody):
    """Record a player leaving the table from a round on, and the substitute (organizer)."""
    return _write(card_id, "card.seat_change", json, lambda card, actor:
                  leaving.leave_table(card, json, actor))


# ---------------------------------------------------------------- the paper card

@bp.get("/cards/<int:card_id>/paper")
def paper(card_id: int):
    """Show the one-screen form a judge fills in from a signed paper card after an outage."""
    card = cards.get_card_or_404(card_id)
    require_judge(card.tournament_id)
    return render_template("cards/paper.html", **card_views.live_page(card, g.get("user")),
                           reason_limit=REASON_LIMIT, rules=event_rules(card.tournament_id))


@api.post("/<int:card_id>/paper")
@edge.api.validate(json=PaperCardBody, resp=edge.responses(PaperCardOut, also={
    422: edge.ErrorBody}), tags=["cards"], security={"session": []})
def enter_paper(card_id: int, json: PaperCardBody):
    """Enter a whole signed paper card (judge): all of it, or nothing and what is wrong."""
    return _write(card_id, "card.paper", json, lambda card, actor:
                  paper_cards.enter_paper_card(card, json, actor))
