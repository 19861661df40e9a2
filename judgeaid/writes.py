"""The one way every write endpoint applies a write: once per op_id, committed once.

    answer, status = writes.once("card.round", f"card:{card.id}", json,
                                 lambda: card_writes.write_round(card, json, actor),
                                 tournament_id=card.tournament_id)

A replay (same op_id, same body, same endpoint and target) gets the stored answer and
changes nothing. When two copies of one write race (a phone's outbox resending while the
first copy is still in flight), one applies; the other finds the op_id taken when it
writes, rolls back, and answers with the winner's stored answer.

A step the server itself keys (closing the cards of a clock that ran out, which every
screen watching the clock may ask for at once) goes through `once_within`: the same op_id
table, inside the request's transaction, and a lost race is simply nothing to do. A row
with a unique key of its own (a round's revision) goes in with `add_unique`, which turns a
lost race into the service's own refusal.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel
from sqlalchemy.exc import IntegrityError

from judgeaid.extensions import db
from judgeaid.services import operations
from judgeaid.services.errors import ServiceError

Answer = tuple[dict[str, Any], int]


def once(kind: str, target: str, body: BaseModel | dict[str, Any],
         apply: Callable[[], dict[str, Any] | Answer], *,
         tournament_id: int | None) -> Answer:
    """Apply `apply` at most once for the body's op_id, commit, and return (answer, status)."""
    payload = body.model_dump(mode="json") if isinstance(body, BaseModel) else dict(body)
    op_id = payload.get("op_id")
    if op_id is None:
        # A form from a page older than its op_id field: applied as sent, as it always was.
        answer, status = _answer(apply())
        db.session.commit()
        return answer, status
    stored = operations.replay(op_id, kind, payload, target=target)
    if stored is not None:
        return stored
    try:
        answer, status = _answer(apply())
        operations.remember(op_id, kind, tournament_id, payload, answer, status, target=target)
        db.session.commit()
    except (IntegrityError, ServiceError):
        # A twin of this request may have won a race for the op_id or for the same row.
        db.session.rollback()
        stored = operations.replay(op_id, kind, payload, target=target)
        if stored is None:
            raise
        return stored
    return answer, status


def once_within(op_id: str, kind: str, apply: Callable[[], dict[str, Any]], *,
                tournament_id: int | None) -> dict[str, Any] | None:
    """Apply one server-keyed step at most once, in a savepoint; None when it is already done."""
    try:
        with db.session.begin_nested():
            answer = apply()
            operations.remember(op_id, kind, tournament_id, {}, answer)
    except IntegrityError:
        # Another request applied this step a moment ago (its op_id row won).
        return None
    return answer


def add_unique(row: Any, taken: Callable[[], Exception]) -> None:
    """Insert `row` in a savepoint; when its unique key is already taken, raise `taken()`."""
    try:
        with db.session.begin_nested():
            db.session.add(row)
            db.session.flush()
    except IntegrityError:
        # A different write stored the same key a moment ago: it stands, this one is refused.
        db.session.expire_all()
        raise taken() from None


def new_op_id() -> str:
    """Return a fresh op_id for a page's form (templates: `new_op_id()`): sent twice, it
    writes once."""
    return secrets.token_urlsafe(12)


def _answer(result: dict[str, Any] | Answer) -> Answer:
    return result if isinstance(result, tuple) else (result, 200)
