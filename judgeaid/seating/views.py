"""Seating pages: sessions, plan preview, changes between sessions, tables, wind draws.

Every change is an HTML form with a CSRF token, posted from the organizer's laptop or a
judge's phone; a refused change flashes its reason on the page it came from.
"""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, url_for
from flask_babel import gettext as _

from judgeaid import pageforms, writes
from judgeaid.access import require_judge, require_organizer
from judgeaid.rules import get_ruleset
from judgeaid.rules.ruleset import bracketed
from judgeaid.seating.schemas import (
    AbsentForm,
    LateArrivalForm,
    PlayerForm,
    SeatDrawForm,
    StartTimeForm,
    SubstitutesForm,
    SwapForm,
)
from judgeaid.services import organizing, results, seat_swaps, seating, session_changes
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.errors import ServiceError
from judgeaid.wording import event_rules, page_words

bp = Blueprint("seating", __name__)


def _back_to_sessions(tournament_id: int, anchor: str = ""):
    return redirect(url_for(".sessions", tournament_id=tournament_id) + anchor)


@bp.get("/t/<int:tournament_id>/sessions")
def sessions(tournament_id: int):
    """Show the event's sessions, the next one's players, and the changes so far."""
    require_organizer(tournament_id)
    return render_template("seating/sessions.html", rules=event_rules(tournament_id),
                           **organizing.sessions_page(tournament_id))


@bp.post("/t/<int:tournament_id>/sessions/<int:number>/start")
@pageforms.form(StartTimeForm)
def start_time(tournament_id: int, number: int, form: StartTimeForm):
    """Set when a session starts."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    answer, _op = writes.once("session.start_time",
                            f"tournament:{tournament_id}:session:{number}", form,
                            lambda: {"note": seating.set_start_time(
                                tournament, number, form.starts_at, user).note},
                            tournament_id=tournament_id)
    flash(_("Start time of session %(n)s saved.", n=number))
    if answer["note"]:
        flash(answer["note"], "warning")
    return _back_to_sessions(tournament_id, f"#session-{number}")


@bp.get("/t/<int:tournament_id>/sessions/<int:number>/preview")
def preview(tournament_id: int, number: int):
    """Show the plan for the next session and its quality before it is published."""
    require_organizer(tournament_id)
    return render_template("seating/preview.html", rules=event_rules(tournament_id),
                           **organizing.preview_page(tournament_id, number))


@bp.post("/t/<int:tournament_id>/sessions/<int:number>/seat")
@pageforms.form(pageforms.ButtonForm)
def seat(tournament_id: int, number: int, form: pageforms.ButtonForm):
    """Publish the next session's tables: seats, cards and the recorded wind draw."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    answer, _op = writes.once("session.seat", f"tournament:{tournament_id}:session:{number}",
                            form, lambda: {"tables": len(seating.seat_session(
                                tournament, number, user).tables)},
                            tournament_id=tournament_id)
    flash(_("Session %(n)s is seated at %(tables)s tables.", n=number, tables=answer["tables"]))
    return redirect(url_for(".tables", tournament_id=tournament_id, number=number))


@bp.post("/t/<int:tournament_id>/substitutes")
@pageforms.form(SubstitutesForm)
def add_substitutes(tournament_id: int, form: SubstitutesForm):
    """Register neutral substitutes for the next session (§4.15); the form's op_id makes a
    form sent twice add them once."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    applied = []

    def apply():
        applied.append(True)
        added = session_changes.add_substitutes(tournament, form.count, user)
        return {"players": [p.number for p in added]}

    answer, _op = writes.once("substitutes.add", f"tournament:{tournament_id}", form, apply,
                            tournament_id=tournament_id)
    made, again = session_changes.players_numbered(tournament, answer["players"]), not applied
    names = ", ".join(f"{p.name} (#{p.number})" for p in made)
    flash(_("Already added: %(names)s. Nothing more was added.", names=names) if again else
          _("Added %(names)s.", names=names))
    return _back_to_sessions(tournament_id, "#next")


def _out(player) -> dict:
    return {"name": player.name, "left_session": player.left_session}


def _player_change(tournament_id: int, kind: str, form, change) -> dict:
    """Apply one change to a player once per the form's op_id; `change(tournament, user)`
    makes it and returns the answer to store."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    answer, _op = writes.once(kind, f"player:{tournament_id}:{form.player}", form,
                            lambda: change(tournament, user), tournament_id=tournament_id)
    return answer


@bp.post("/t/<int:tournament_id>/players/withdraw")
@pageforms.form(PlayerForm)
def withdraw(tournament_id: int, form: PlayerForm):
    """Take a player out of the event from the next session (§4.13)."""
    answer = _player_change(tournament_id, "player.withdraw", form,
                            lambda tournament, user: _out(session_changes.withdraw_player(
                                tournament, form.player, user)))
    flash(_("%(name)s withdrew; they are out from session %(n)s.", name=answer["name"],
            n=answer["left_session"]))
    return _back_to_sessions(tournament_id, "#changes")


@bp.post("/t/<int:tournament_id>/players/disqualify")
@pageforms.form(PlayerForm)
def disqualify(tournament_id: int, form: PlayerForm):
    """Disqualify a player from the next session on (§4.11)."""
    answer = _player_change(tournament_id, "player.disqualify", form,
                            lambda tournament, user: _out(session_changes.withdraw_player(
                                tournament, form.player, user, disqualify=True)))
    flash(_("%(name)s is disqualified from session %(n)s on.", name=answer["name"],
            n=answer["left_session"]))
    return _back_to_sessions(tournament_id, "#changes")


@bp.post("/t/<int:tournament_id>/players/reinstate")
@pageforms.form(PlayerForm)
def reinstate(tournament_id: int, form: PlayerForm):
    """Undo a withdrawal, disqualification or resignation entered by mistake."""
    answer = _player_change(tournament_id, "player.reinstate", form,
                            lambda tournament, user: _out(session_changes.reinstate_player(
                                tournament, form.player, user)))
    flash(_("%(name)s is back in the event.", name=answer["name"]))
    return _back_to_sessions(tournament_id, "#changes")


@bp.post("/t/<int:tournament_id>/players/late")
@pageforms.form(LateArrivalForm)
def late(tournament_id: int, form: LateArrivalForm):
    """Record that a registered player joins late, at a later session (§3.7)."""
    answer = _player_change(tournament_id, "player.late", form,
                            lambda tournament, user: {"text": session_changes.late_arrival_text(
                                session_changes.mark_late_arrival(
                                    tournament, form.player, form.joins, user,
                                    decision=form.decision))})
    flash(answer["text"])
    return _back_to_sessions(tournament_id, "#changes")


@bp.post("/t/<int:tournament_id>/sessions/<int:number>/absent")
@pageforms.form(AbsentForm)
def absent(tournament_id: int, number: int, form: AbsentForm):
    """Record a player absent without an acceptable reason as resigned, in one step (§3.7)."""
    user = require_organizer(tournament_id)
    if form.confirm != "yes":
        raise ServiceError(_("Tick the box to confirm: the player is out of the tournament."))
    tournament = get_tournament_or_404(tournament_id)
    answer, _op = writes.once("player.absent", f"session:{tournament_id}:{number}", form,
                            lambda: _out(results.resign_absent(
                                tournament, number, form.player, user)),
                            tournament_id=tournament_id)
    section = page_words(get_ruleset(tournament.ruleset))["standings.absent_cite"]
    flash(_("%(name)s is resigned from the tournament from session %(n)s%(cite)s. Give their "
            "seat to a neutral substitute below.", name=answer["name"], n=number,
            cite=bracketed(section)))
    return redirect(url_for(".tables", tournament_id=tournament_id, number=number) + "#absent")


@bp.get("/t/<int:tournament_id>/sessions/<int:number>/tables")
def tables(tournament_id: int, number: int):
    """List a seated session's tables with their players and cards."""
    user = require_judge(tournament_id)
    return render_template("seating/tables.html", rules=event_rules(tournament_id),
                           is_organizer=user.role == "organizer",
                           **organizing.tables_page(tournament_id, number))


@bp.post("/t/<int:tournament_id>/sessions/<int:number>/swap")
@pageforms.form(SwapForm)
def swap(tournament_id: int, number: int, form: SwapForm):
    """Swap two players' seats by hand; repeats and team clashes need a confirmation."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    a, b = form.a, form.b

    def apply():
        outcome = seat_swaps.swap_players(tournament, number, a, b, user,
                                          is_confirmed=form.confirm == "yes")
        return {"is_done": outcome.is_done, "warnings": outcome.warnings}

    # Sent twice, a swap must not swap the two back: once per op_id.
    answer, _op = writes.once("seating.swap", f"tournament:{tournament_id}:session:{number}",
                            form, apply, tournament_id=tournament_id)
    if not answer["is_done"]:
        return render_template("seating/swap_confirm.html", rules=event_rules(tournament_id),
                               t={"id": tournament_id},
                               number=number, a=a, b=b, warnings=answer["warnings"])
    flash(_("Players %(a)s and %(b)s swapped seats in session %(n)s.", a=a, b=b, n=number))
    return redirect(url_for(".tables", tournament_id=tournament_id, number=number))


@bp.get("/t/<int:tournament_id>/sessions/<int:number>/tables/<int:table_number>")
def table(tournament_id: int, number: int, table_number: int):
    """Show one table for a judge, with the form for the players' own wind draw."""
    require_judge(tournament_id)
    return render_template("seating/table.html", rules=event_rules(tournament_id),
                           **organizing.table_page(tournament_id, number, table_number))


@bp.post("/t/<int:tournament_id>/sessions/<int:number>/tables/<int:table_number>/draw")
@pageforms.form(SeatDrawForm)
def seat_draw(tournament_id: int, number: int, table_number: int, form: SeatDrawForm):
    """Record the wind tiles the players drew as the table's starting seats (§1.2.2)."""
    user = require_judge(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    draw = form.model_dump(exclude={"op_id"})

    def apply():
        seat_swaps.enter_seat_draw(tournament, number, table_number, draw, user)
        return {"ok": True}

    writes.once("table.seat_draw", f"tournament:{tournament_id}:session:{number}:table:"
                f"{table_number}", form, apply, tournament_id=tournament_id)
    flash(_("Starting seats of table %(n)s saved from the players' draw.", n=table_number))
    return redirect(url_for(".table", tournament_id=tournament_id, number=number,
                            table_number=table_number))


@bp.get("/t/<int:tournament_id>/sessions/<int:number>/board")
def board(tournament_id: int, number: int):
    """Show the notice-board list of a seated session: each player's table, by name."""
    return render_template("seating/board.html", rules=event_rules(tournament_id),
                           **organizing.board_page(tournament_id, number))
