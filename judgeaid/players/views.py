"""A player's own page, reached only through the unguessable link on their slip."""

from __future__ import annotations

from flask import Blueprint, Response, g, render_template

from judgeaid import conditional
from judgeaid.services import player_pages, schedule
from judgeaid.wording import ruleset_view

bp = Blueprint("players", __name__)


def _page(token: str) -> str:
    user = g.get("user")
    page = player_pages.player_view(token, staff_of=user.tournament_id if user else None)
    return render_template("players/page.html", **page,
                           rules=ruleset_view(page["tournament"]["ruleset"]))


@bp.get("/p/<token>")
def page(token: str):
    """Show the player's tables and seats for every session.

    Every player opens this page from their slip when a session starts: for anyone not signed
    in it is built once per version of what it shows and shared (judgeaid.viewcache), and a
    phone that holds the current version gets a 304.
    """
    tag, player_id = player_pages.page_tag(token)
    if not conditional.page_is_shared():
        return _page(token)
    return conditional.shared_unless_current(tag, f"player-page:{player_id}",
                                             lambda: _page(token).encode(),
                                             mimetype="text/html")


@bp.get("/p/<token>/schedule.ics")
def schedule_ics(token: str):
    """Give the player's seated sessions as calendar events in the venue's time zone."""
    response = Response(schedule.schedule_ics(token), mimetype="text/calendar")
    response.headers["Content-Disposition"] = 'attachment; filename="schedule.ics"'
    response.headers["Cache-Control"] = "no-cache"
    return response
