"""What to check before printing a session: the names no installed font can draw."""

from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Player, Seat, Table, Tournament
from judgeaid.printing.cards import session_or_404
from judgeaid.printing.fonts import uncovered


def code_points(chars: list[str]) -> str:
    """Return characters as code points, e.g. "U+1F004, U+0E01"."""
    return ", ".join(f"U+{ord(char):04X}" for char in chars)


def unprintable_names(tournament: Tournament, number: int) -> list[dict]:
    """Return the printed names of a seated session that some character of would print as an
    empty box: the tournament's name, then each seated player's, by number."""
    session = session_or_404(tournament, number)
    players = db.session.execute(
        select(Player.number, Player.name).join(Seat, Seat.player_id == Player.id)
        .join(Table, Table.id == Seat.table_id).where(Table.session_id == session.id)
        .order_by(Player.number)).all()
    printed = [(_("Tournament"), tournament.name)]
    printed += [(_("Player %(n)s", n=n), name) for n, name in players]
    found = []
    for who, name in printed:
        missing = uncovered(name)
        if missing:
            found.append({"who": who, "name": name, "chars": code_points(missing)})
    return found
