"""What the organizer's desk shows, as plain data."""

from __future__ import annotations

from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Player, User
from judgeaid.services.accounts import ROLE_NAMES
from judgeaid.services.overview import tournament_summary
from judgeaid.tournament.formats import FORMATS


def desk(tournament_id: int) -> dict:
    """Return the organizer dashboard's data."""
    summary = tournament_summary(tournament_id)
    users = db.session.scalars(select(User).where(User.tournament_id == tournament_id)
                               .order_by(User.role, User.name))
    roster = db.session.scalars(select(Player).where(Player.tournament_id == tournament_id)
                                .order_by(Player.number))
    return {
        "t": summary,
        "is_started": any(s["status"] in ("playing", "finished") for s in summary["sessions"]),
        "formats": FORMATS,
        "staff": [{"name": u.name, "role": ROLE_NAMES[u.role]} for u in users],
        "roster": [{"number": p.number, "name": p.name, "team": p.team.name if p.team else "",
                    "status": p.status, "token": p.token} for p in roster],
    }
