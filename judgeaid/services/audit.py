"""The audit trail: every change records who, what, when, before and after."""

from __future__ import annotations

from typing import Any

from judgeaid.extensions import db
from judgeaid.models import AuditEvent, User


def record_event(
    action: str,
    *,
    tournament_id: int | None,
    actor: User | str | None,
    subject: str = "",
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
) -> AuditEvent:
    """Add an audit event for a change and return it."""
    if isinstance(actor, User):
        user_id, name = actor.id, f"{actor.role}:{actor.name}"
    else:
        user_id, name = None, actor or "anonymous"
    # "player:N name" with a long name must still fit its column.
    name = name[:AuditEvent.actor.type.length]
    event = AuditEvent(tournament_id=tournament_id, user_id=user_id, actor=name, action=action,
                       subject=subject, before=before, after=after)
    db.session.add(event)
    return event
