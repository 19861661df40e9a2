"""Idempotent writes: a client-generated op_id makes a replayed request change nothing.

An op_id belongs to one kind of write ("card.round") aimed at one target ("card:18"): sent
again with the same body it gets the stored answer; sent with another body, to another
endpoint or to another target it is refused (409), never applied twice and never answered
with someone else's result.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from flask_babel import gettext as _

from judgeaid.extensions import db
from judgeaid.models import Operation
from judgeaid.services.errors import Conflict

# 128 bits of SHA-256 tell two bodies apart as surely as 256, and every replay record is in
# every backup (issue 28); a record kept whole before is compared on its first 32 as well.
HASH_CHARS = 32


def request_hash(payload: dict[str, Any]) -> str:
    """Return a stable hash of a request body, op_id left out."""
    body = {k: v for k, v in payload.items() if k != "op_id"}
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode())
    return digest.hexdigest()[:HASH_CHARS]


def replay(op_id: str, kind: str, payload: dict[str, Any], *,
           target: str = "") -> tuple[dict[str, Any], int] | None:
    """Return the stored answer when this op_id was already applied here, else None."""
    done = db.session.get(Operation, op_id)
    if done is None:
        return None
    if done.kind != kind or done.target != target:
        raise Conflict(_("op_id %(op_id)s was already used for another write (%(kind)s on "
                         "%(value)s); make a new op_id for this one.", op_id=op_id,
                         kind=done.kind, value=done.target or _('another target')),
                       details=[{"op_id": op_id, "kind": done.kind, "target": done.target}])
    if done.request_hash[:HASH_CHARS] != request_hash(payload):
        raise Conflict(_("op_id %(op_id)s was already used for a different write; make a new "
                         "op_id for a new write (on a page: reload it, then send the form "
                         "again).", op_id=op_id))
    return answered(done.response), done.status


# A stored answer keeps what the write said, not a copy of the card it showed: a card view is
# ~14 kB, and one per write made every backup grow with every round (issue 28). A replay gets
# the card as it is now, which is what the phone that lost the first answer needs.
CARD_REFERENCE = "$card"


def stored(response: dict[str, Any]) -> dict[str, Any]:
    """Return the answer as kept: a whole card view replaced by a reference to the card."""
    card = response.get("card")
    if isinstance(card, dict) and "rounds" in card and isinstance(card.get("id"), int):
        return {**response, "card": {CARD_REFERENCE: card["id"]}}
    return response


def answered(response: dict[str, Any]) -> dict[str, Any]:
    """Return a kept answer as sent: the card named by a reference drawn as it is now."""
    card = response.get("card") if isinstance(response, dict) else None
    if isinstance(card, dict) and set(card) == {CARD_REFERENCE}:
        # imported here: the card services import writes, which imports this module
        from judgeaid.services.card_views import card_view
        from judgeaid.services.cards import get_card_or_404

        # The request may have read the card before the write it replays was committed (its
        # twin through another process won the race while this one waited): draw the row as
        # it is now, not as this session first saw it.
        fresh = get_card_or_404(card[CARD_REFERENCE])
        db.session.refresh(fresh)
        return {**response, "card": card_view(fresh)}
    return response


def remember(op_id: str, kind: str, tournament_id: int | None, payload: dict[str, Any],
             response: dict[str, Any], status: int = 200, *, target: str = "") -> None:
    """Store the answer to an applied write under its op_id."""
    db.session.add(Operation(op_id=op_id, kind=kind, target=target,
                             tournament_id=tournament_id, request_hash=request_hash(payload),
                             status=status, response=stored(response)))
    db.session.flush()

