"""Seating pages: sessions, plan preview, changes between sessions, tables, wind draws.

Every change is an HTML form with a CSRF token, posted from the organizer's laptop or a
judge's phone; a refused change flashes its reason on the page it came from.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for

from judgeaid.access import require_judge, require_organizer
from judgeaid.extensions import db
from judgeaid.services import organizing, seating
from judgeaid.services.accounts import get_tournament_or_404

bp = Blueprint("seating", __name__)


def _back_to_sessions(tournament_id: int, anchor: str = ""):
    return redirect(url_for(".sessions", tournament_id=tournament_id) + anchor)


@bp.get("/t/<int:tournament_id>/sessions")
def sessions(tournament_id: int):
    """Show the event's sessions, the next one's players, and the changes so far."""
    require_organizer(tournament_id)
    return render_template("seating/sessions.html", **organizing.sessions_page(tournament_id))


@bp.post("/t/<int:tournament_id>/sessions/<int:number>/start")
def start_time(tournament_id: int, number: int):
    """Set when a session starts."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    seating.set_start_time(tournament, number, request.form.get("starts_at", ""),
                           request.form.get("tz_offset"), user)
    db.session.commit()
    flash(f"Start time of session {number} saved.")
    return _back_to_sessions(tournament_id, f"#session-{number}")


@bp.get("/t/<int:tournament_id>/sessions/<int:number>/preview")
def preview(tournament_id: int, number: int):
    """Show the plan for the next session and its quality before it is published."""
    require_organizer(tournament_id)
    return render_template("seating/preview.html",
                           **organizing.preview_page(tournament_id, number))


@bp.post("/t/<int:tournament_id>/sessions/<int:number>/seat")
def seat(tournament_id: int, number: int):
    """Publish the next session's tables: seats, cards and the recorded wind draw."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    session = seating.seat_session(tournament, number, user)
    db.session.commit()
    flash(f"Session {number} is seated at {len(session.tables)} tables.")
    return redirect(url_for(".tables", tournament_id=tournament_id, number=number))


@bp.post("/t/<int:tournament_id>/substitutes")
def add_substitutes(tournament_id: int):
    """Register neutral substitutes for the next session (§4.15)."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    made, again = seating.add_substitutes(tournament, request.form.get("count", type=int),
                                          user, op_id=request.form.get("op_id"))
    db.session.commit()
    names = ", ".join(f"{p.name} (#{p.number})" for p in made)
    flash(f"Already added: {names}. Nothing more was added." if again else f"Added {names}.")
    return _back_to_sessions(tournament_id, "#next")


@bp.post("/t/<int:tournament_id>/players/withdraw")
def withdraw(tournament_id: int):
    """Take a player out of the event from the next session (§4.13)."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    player = seating.withdraw_player(tournament, request.form.get("player", type=int), user)
    db.session.commit()
    flash(f"{player.name} withdrew; they are out from session {player.left_session}.")
    return _back_to_sessions(tournament_id, "#changes")


@bp.post("/t/<int:tournament_id>/players/disqualify")
def disqualify(tournament_id: int):
    """Disqualify a player from the next session on (§4.11)."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    player = seating.withdraw_player(tournament, request.form.get("player", type=int), user,
                                     disqualify=True)
    db.session.commit()
    flash(f"{player.name} is disqualified from session {player.left_session} on.")
    return _back_to_sessions(tournament_id, "#changes")


@bp.post("/t/<int:tournament_id>/players/reinstate")
def reinstate(tournament_id: int):
    """Undo a withdrawal, disqualification or resignation entered by mistake."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    player = seating.reinstate_player(tournament, request.form.get("player", type=int), user)
    db.session.commit()
    flash(f"{player.name} is back in the event.")
    return _back_to_sessions(tournament_id, "#changes")


@bp.post("/t/<int:tournament_id>/players/late")
def late(tournament_id: int):
    """Record that a registered player joins late, at a later session (§3.7)."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    player = seating.mark_late_arrival(tournament, request.form.get("player", type=int),
                                       request.form.get("joins", type=int), user)
    db.session.commit()
    flash(f"{player.name} joins at session {player.joined_session} (§3.7).")
    return _back_to_sessions(tournament_id, "#changes")


@bp.get("/t/<int:tournament_id>/sessions/<int:number>/tables")
def tables(tournament_id: int, number: int):
    """List a seated session's tables with their players and cards."""
    user = require_judge(tournament_id)
    return render_template("seating/tables.html", is_organizer=user.role == "organizer",
                           **organizing.tables_page(tournament_id, number))


@bp.post("/t/<int:tournament_id>/sessions/<int:number>/swap")
def swap(tournament_id: int, number: int):
    """Swap two players' seats by hand; repeats and team clashes need a confirmation."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    form = request.form
    a, b = form.get("a", type=int), form.get("b", type=int)
    outcome = seating.swap_players(tournament, number, a, b, user,
                                   is_confirmed=form.get("confirm") == "yes")
    if not outcome.is_done:
        return render_template("seating/swap_confirm.html", t={"id": tournament_id},
                               number=number, a=a, b=b, warnings=outcome.warnings)
    db.session.commit()
    flash(f"Players {a} and {b} swapped seats in session {number}.")
    return redirect(url_for(".tables", tournament_id=tournament_id, number=number))


@bp.get("/t/<int:tournament_id>/sessions/<int:number>/tables/<int:table_number>")
def table(tournament_id: int, number: int, table_number: int):
    """Show one table for a judge, with the form for the players' own wind draw."""
    require_judge(tournament_id)
    return render_template("seating/table.html",
                           **organizing.table_page(tournament_id, number, table_number))


@bp.post("/t/<int:tournament_id>/sessions/<int:number>/tables/<int:table_number>/draw")
def seat_draw(tournament_id: int, number: int, table_number: int):
    """Record the wind tiles the players drew as the table's starting seats (§1.2.2)."""
    user = require_judge(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    seating.enter_seat_draw(tournament, number, table_number, request.form, user)
    db.session.commit()
    flash(f"Starting seats of table {table_number} saved from the players' draw.")
    return redirect(url_for(".table", tournament_id=tournament_id, number=number,
                            table_number=table_number))


@bp.get("/t/<int:tournament_id>/sessions/<int:number>/board")
def board(tournament_id: int, number: int):
    """Show the notice-board list of a seated session: each player's table, by name."""
    return render_template("seating/board.html", **organizing.board_page(tournament_id, number))
