"""Organizer pages: create a tournament, its settings, judges and players."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for

from judgeaid import pageforms
from judgeaid.access import require_organizer, sign_in
from judgeaid.edge import length_of
from judgeaid.extensions import db
from judgeaid.models import Player, Team, User
from judgeaid.organizer.schemas import JudgeForm, PlayerRegistrationForm, SettingsForm
from judgeaid.services import accounts, exports, organizing, seating
from judgeaid.services.errors import ServiceError
from judgeaid.tournament.formats import FORMATS
from judgeaid.uploads import allow_upload

bp = Blueprint("organizer", __name__)
# The forms' maxlength: the columns' sizes, as the schemas check them.
LIMITS = {"judge_name": length_of(User.name), "player_name": length_of(Player.name),
          "team": length_of(Team.name)}


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
    return render_template("organizer/dashboard.html", **organizing.desk(tournament_id),
                           limits=LIMITS)


@bp.post("/t/<int:tournament_id>/organizer/settings")
@pageforms.form(SettingsForm)
def settings(tournament_id: int, form: SettingsForm):
    """Save the event's settings."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    accounts.update_settings(tournament, form.model_dump(exclude_unset=True), user)
    db.session.commit()
    flash("Settings saved.")
    return redirect(url_for(".dashboard", tournament_id=tournament_id))


@bp.post("/t/<int:tournament_id>/organizer/judges")
@pageforms.form(JudgeForm)
def add_judge(tournament_id: int, form: JudgeForm):
    """Add a judge, head judge or co-organizer."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    accounts.add_user(tournament, form.name, form.role, form.pin, actor=user)
    db.session.commit()
    flash(f"{form.name} can now sign in.")
    return redirect(url_for(".dashboard", tournament_id=tournament_id) + "#judges")


@bp.post("/t/<int:tournament_id>/organizer/players")
@pageforms.form(PlayerRegistrationForm)
def add_player(tournament_id: int, form: PlayerRegistrationForm):
    """Register one player (once seating has begun, as a late arrival, §3.7)."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    player = seating.register_player(tournament, form.name, form.team or None, user)
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
