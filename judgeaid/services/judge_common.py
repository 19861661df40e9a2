"""What the judge console's aggregates share: lookups within one event.

The log's times and derived op_ids come from judgeaid.values (`iso_z`, `sub_op_id`).
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Player, User
from judgeaid.services.errors import NotFound


def roster(tournament_id: int) -> dict[int, Any]:
    """Return player id -> (id, number, name) rows of the event, without loading objects."""
    rows = db.session.execute(select(Player.id, Player.number, Player.name)
                              .where(Player.tournament_id == tournament_id)).all()
    return {r.id: r for r in rows}


def user_names(tournament_id: int) -> dict[int, str]:
    """Return user id -> name for the event's accounts."""
    rows = db.session.execute(select(User.id, User.name).where(User.tournament_id == tournament_id))
    return dict(rows.all())


def check_tournament(row, tournament_id: int, what: str) -> None:
    """Refuse a row that is missing or belongs to another event (a 'not found')."""
    if row is None or row.tournament_id != tournament_id:
        raise NotFound(_("There is no %(what)s here.", what=what))
