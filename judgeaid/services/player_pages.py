"""What a player's own page shows, as plain data."""

from __future__ import annotations

from flask import url_for
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Card, PlaySession, Seat, Table
from judgeaid.services.players import get_player_by_token_or_404

WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


def player_view(token: str) -> dict:
    """Return the player's details and their table and seat in each session."""
    player = get_player_by_token_or_404(token)
    rows = db.session.execute(
        select(PlaySession.number, PlaySession.status, PlaySession.starts_at, Table.number,
               Seat.position, Card.id)
        .join(Table, Table.session_id == PlaySession.id).join(Seat, Seat.table_id == Table.id)
        .outerjoin(Card, Card.table_id == Table.id)
        .where(Seat.player_id == player.id).order_by(PlaySession.number)
    ).all()
    # The token rides in the fragment: the card page sends it as X-Player-Token, so the
    # player can confirm their own card; it never reaches server logs as part of a URL.
    sessions = [{"number": number, "status": status, "starts_at": starts_at, "table": table,
                 "seat": WIND_NAMES["ESWN"[position]],
                 "card_url": url_for("cards.live", card_id=card_id) + f"#player={token}"
                 if card_id else None}
                for number, status, starts_at, table, position, card_id in rows]
    return {
        "player": {"number": player.number, "name": player.name,
                   "team": player.team.name if player.team else None, "status": player.status},
        "tournament": {"id": player.tournament.id, "name": player.tournament.name},
        "sessions": sessions,
    }
