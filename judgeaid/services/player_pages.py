"""What a player's own page shows, as plain data."""

from __future__ import annotations

from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import PlaySession, Seat, Table
from judgeaid.services.players import get_player_by_token_or_404

WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


def player_view(token: str) -> dict:
    """Return the player's details and their table and seat in each session."""
    player = get_player_by_token_or_404(token)
    rows = db.session.execute(
        select(PlaySession.number, PlaySession.status, PlaySession.starts_at, Table.number,
               Seat.position)
        .join(Table, Table.session_id == PlaySession.id).join(Seat, Seat.table_id == Table.id)
        .where(Seat.player_id == player.id).order_by(PlaySession.number)
    ).all()
    sessions = [{"number": number, "status": status, "starts_at": starts_at, "table": table,
                 "seat": WIND_NAMES["ESWN"[position]]}
                for number, status, starts_at, table, position in rows]
    return {
        "player": {"number": player.number, "name": player.name,
                   "team": player.team.name if player.team else None, "status": player.status},
        "tournament": {"id": player.tournament.id, "name": player.tournament.name},
        "sessions": sessions,
    }
