"""Organizer pages: create a tournament, its settings, judges and players."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for

from judgeaid import signin
from judgeaid.access import require_organizer, sign_in
from judgeaid.extensions import db
from judgeaid.services import accounts, exports, organizing, seating
from judgeaid.services.errors import ServiceError
from judgeaid.tournament.formats import FORMATS
from judgeaid.uploads import allow_upload

bp = Blueprint("organizer", __name__)


@bp.route("/new", methods=["GET", "POST"])
def create():
    """Create a tournament and sign in as its organizer."""
    form = request.form
    if request.method == "POST":
        try:
            tournament, organizer = accounts.create_tournament(
                form.get("name", ""), form.get("format", ""), form.get("organizer_name", ""),
                form.get("pin", ""))
        except ServiceError as exc:
            return render_template("organizer/new.html", formats=FORMATS.values(),
                                   error=exc.message, form=form), exc.status
        db.session.commit()
        sign_in(organizer)
        flash("Tournament created. Add judges and players next.")
        return redirect(url_for(".dashboard", tournament_id=tournament.id))
    return render_template("organizer/new.html", formats=FORMATS.values(), error=None, form=form)


# A backup holds every card's history: a big event's file runs to megabytes.
RESTORE_LIMIT = 64 * 1024 * 1024


@bp.post("/new/restore")
@allow_upload(RESTORE_LIMIT)
def restore():
    """Restore a tournament from its one-file JSON backup, as a new tournament."""
    upload = request.files.get("backup")
    data = b""
    if upload:
        try:
            data = upload.read()
        finally:
            upload.close()
    try:
        if not data:
            raise ServiceError("Choose the backup file: the JSON file saved from “Exports and "
                               "backup” on the standings desk.")
        tournament = exports.import_tournament(data)
    except ServiceError as exc:
        db.session.rollback()
        return render_template("organizer/new.html", formats=FORMATS.values(), form={},
                               error=None, restore_error=exc.message), exc.status
    db.session.commit()
    flash(f"{tournament.name} is restored. Sign in with a name and PIN it had.")
    return redirect(url_for("auth.login", tournament_id=tournament.id))


@bp.get("/t/<int:tournament_id>/organizer")
def dashboard(tournament_id: int):
    """Show the organizer's desk: settings, judges, players, sessions."""
    require_organizer(tournament_id)
    return render_template("organizer/dashboard.html",
                           **organizing.desk(tournament_id, signin.limits()))


@bp.post("/t/<int:tournament_id>/organizer/settings")
def settings(tournament_id: int):
    """Save the event's settings."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    accounts.update_settings(tournament, request.form.to_dict(), user)
    db.session.commit()
    flash("Settings saved.")
    return redirect(url_for(".dashboard", tournament_id=tournament_id))


@bp.post("/t/<int:tournament_id>/organizer/judges")
def add_judge(tournament_id: int):
    """Add a judge, head judge or co-organizer."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    form = request.form
    accounts.add_user(tournament, form.get("name", ""), form.get("role", "judge"),
                      form.get("pin", ""), actor=user)
    db.session.commit()
    flash(f"{form.get('name', '').strip()} can now sign in.")
    return redirect(url_for(".dashboard", tournament_id=tournament_id) + "#judges")


@bp.post("/t/<int:tournament_id>/organizer/judges/<int:user_id>/pin")
def change_pin(tournament_id: int, user_id: int):
    """Give a judge, head judge or organizer a new PIN; their sign-ins end."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    changed = accounts.change_pin(tournament, user_id, request.form.get("pin", ""), actor=user)
    db.session.commit()
    if changed.id == user.id:
        sign_in(changed)  # the organizer stays signed in here; every other device is out
    flash(f"{changed.name} has a new PIN. Their sign-ins on other devices have ended.")
    return redirect(url_for(".dashboard", tournament_id=tournament_id) + "#judges")


@bp.post("/t/<int:tournament_id>/organizer/sign-in-locks")
def clear_sign_in_lock(tournament_id: int):
    """Let a locked name sign in again from every device."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    accounts.clear_sign_in_lock(tournament, request.form.get("account", ""), actor=user)
    db.session.commit()
    flash(f"“{request.form.get('account', '').strip()}” can sign in again.")
    return redirect(url_for(".dashboard", tournament_id=tournament_id) + "#sign-in-locks")


@bp.post("/t/<int:tournament_id>/organizer/players")
def add_player(tournament_id: int):
    """Register one player (once seating has begun, as a late arrival, §3.7)."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    player = seating.register_player(tournament, request.form.get("name", ""),
                                     request.form.get("team"), user)
    db.session.commit()
    flash(f"Player {player.number} {player.name} registered.")
    return redirect(url_for(".dashboard", tournament_id=tournament_id) + "#players")


@bp.post("/t/<int:tournament_id>/organizer/players/import")
def import_players(tournament_id: int):
    """Register players from a CSV file (late arrivals once seating began) and show rejects."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        raise ServiceError("Choose a CSV file to upload.")
    report = seating.import_players(tournament, upload.read(), user)
    db.session.commit()
    return render_template("organizer/import_report.html", tournament=tournament,
                           added=[{"number": p.number, "name": p.name,
                                   "team": p.team.name if p.team else ""} for p in report.added],
                           problems=report.problems)
