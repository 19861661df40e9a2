"""A player's own page, reached only through the unguessable link on their slip."""

from __future__ import annotations

from flask import Blueprint, render_template

from judgeaid.services import player_pages

bp = Blueprint("players", __name__)


@bp.get("/p/<token>")
def page(token: str):
    """Show the player's tables and seats for every session."""
    return render_template("players/page.html", **player_pages.player_view(token))
