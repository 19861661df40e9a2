"""Organizer pages: create a tournament, its settings, judges and players."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, request, url_for

from judgeaid import owner, pageforms, signin
from judgeaid.access import require_organizer, sign_in
from judgeaid.edge import length_of
from judgeaid.extensions import db
from judgeaid.models import Player, Team, User
from judgeaid.organizer.schemas import (
    ClearLockForm,
    JudgeForm,
    NewPinForm,
    NewTournamentForm,
    OwnerSignInForm,
    PlayerRegistrationForm,
    RestoreForm,
    SettingsForm,
)
from judgeaid.printing import phone_warnings
from judgeaid.rules import DEFAULT_RULESET, get_ruleset
from judgeaid.services import accounts, leaderboards, organizing, seating
from judgeaid.services import owner as owner_service
from judgeaid.services import players as registry
from judgeaid.services.errors import ServiceError
from judgeaid.services.restore import import_tournament
from judgeaid.uploads import allow_upload

bp = Blueprint("organizer", __name__)
# A tournament not created yet plays the default ruleset: its formats fill the new-event form.
NEW_FORMATS = get_ruleset(DEFAULT_RULESET).formats
# The forms' maxlength: the columns' sizes, as the schemas check them.
LIMITS = {"judge_name": length_of(User.name), "player_name": length_of(Player.name),
          "team": length_of(Team.name)}


@bp.route("/new", methods=["GET", "POST"])
@pageforms.form(NewTournamentForm)
def create(form: NewTournamentForm):
    """Create a tournament and sign in as its organizer."""
    if not owner.may_manage_server():
        return owner.owner_needed()
    if request.method == "POST":
        try:
            tournament, organizer = accounts.create_tournament(
                form.name, form.format, form.organizer_name, form.pin,
                time_zone=form.time_zone or None, ruleset=form.ruleset)
            leaderboards.set_event_facts(tournament, form.facts(), organizer)
        except ServiceError as exc:
            db.session.rollback()
            return render_template("organizer/new.html", formats=NEW_FORMATS.values(),
                                   error=exc.message, form=form.model_dump(),
                                   **NEW_FACTS), exc.status
        db.session.commit()
        mark = owner.owner_mark()
        sign_in(organizer)
        owner.restore_owner_mark(mark)
        flash("Tournament created. Add judges and players next.")
        return redirect(url_for(".dashboard", tournament_id=tournament.id))
    return render_template("organizer/new.html", formats=NEW_FORMATS.values(), error=None, form={},
                           **NEW_FACTS)


# The new-tournament form's leaderboard fields (§3.5.2.1) read their values from `form`.
NEW_FACTS = {"series_choices": leaderboards.SERIES_CHOICES,
             "rulesets": organizing.ruleset_choices()}


# A backup holds every card's history: a 400-player, 8-session event's file is about 5 MB.
RESTORE_LIMIT = 16 * 1024 * 1024


def _restore_refused(message: str, status: int):
    return render_template("organizer/new.html", formats=NEW_FORMATS.values(), form={},
                           error=None, restore_error=message, **NEW_FACTS), status


@bp.post("/new/restore")
@allow_upload(RESTORE_LIMIT, only_if=owner.may_manage_server)
@pageforms.form(RestoreForm)
def restore(form: RestoreForm):
    """Restore a tournament from its one-file JSON backup, as a new tournament."""
    if not owner.may_manage_server():
        return owner.owner_needed()
    upload = request.files.get("backup")
    try:
        if upload is None or not upload.filename:
            raise ServiceError("Choose the backup file: the JSON file saved from “Exports and "
                               "backup” on the standings desk.")
        restored = import_tournament(
            upload.stream, organizer_pin=form.organizer_pin,
            organizer_name=form.organizer_name or None)
    except ServiceError as exc:
        db.session.rollback()
        return _restore_refused(exc.message, exc.status)
    finally:
        if upload is not None:
            upload.close()
    db.session.commit()
    flash(restore_message(restored), "message" if restored.is_verified else "warning")
    return redirect(url_for("auth.login", tournament_id=restored.tournament.id))


def restore_message(restored) -> str:
    """Say what was restored, whether the file was verified, and how to sign in."""
    name = restored.tournament.name
    if restored.is_verified:
        where = "Verified: this server made the backup."
    else:
        where = ("Not verified: the backup was made by another server or edited. Every row "
                 "passed the same checks as a live write.")
    return (f"{name} is restored. {where} Sign in as {restored.organizer} with the new PIN, "
            "then give each judge a new PIN on the organizer desk.")


@bp.errorhandler(413)
def too_big(exc):
    """Explain an upload over the limit on the page it came from."""
    if request.endpoint == "organizer.restore" and not owner.may_manage_server():
        return owner.owner_needed()  # the bigger limit is only for who may restore
    if request.endpoint == "organizer.restore":
        return _restore_refused(
            f"This file is larger than {RESTORE_LIMIT // (1024 * 1024)} MB, the most a "
            "restore takes (the backup of a 400-player event is about 5 MB). Check that it "
            "is a judgeaid backup file.", 413)
    return exc


@bp.route("/owner/login", methods=["GET", "POST"])
@pageforms.form(OwnerSignInForm)
def owner_login(form: OwnerSignInForm):
    """Sign in as the server's owner, to create or restore tournaments from this device."""
    if request.method == "GET":
        return owner.owner_needed(status=200)
    try:
        account = owner_service.authenticate_owner(form.password)
    except ServiceError as exc:
        db.session.commit()  # keep the failure that slows down guessing
        page, status = owner.owner_needed(exc.message, exc.status)
        retry = getattr(exc, "retry_after", None)
        return page, status, {"Retry-After": str(retry)} if retry else {}
    db.session.commit()
    owner.sign_in_owner(account)
    flash(f"Signed in as the server's owner, {account.name}.")
    return redirect(url_for(".create"))


@bp.post("/owner/logout")
def owner_logout():
    """Sign out as the server's owner."""
    owner.sign_out_owner()
    flash("Signed out as the server's owner.")
    return redirect(url_for("main.home"))


@bp.get("/t/<int:tournament_id>/organizer")
def dashboard(tournament_id: int):
    """Show the organizer's desk: settings, judges, players, sessions."""
    require_organizer(tournament_id, rule="Only the organizer uses the desk; judges start "
                      "from the judge console.")
    facts = leaderboards.facts_view(accounts.get_tournament_or_404(tournament_id))
    return render_template("organizer/dashboard.html",
                           **organizing.desk(tournament_id, signin.limits()), limits=LIMITS,
                           warnings=phone_warnings(desk=True), facts=facts,
                           series_choices=facts["series_choices"])


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


@bp.post("/t/<int:tournament_id>/organizer/judges/<int:user_id>/pin")
@pageforms.form(NewPinForm)
def change_pin(tournament_id: int, user_id: int, form: NewPinForm):
    """Give a judge, head judge or organizer a new PIN; their sign-ins end."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    changed = accounts.change_pin(tournament, user_id, form.pin, actor=user)
    db.session.commit()
    if changed.id == user.id:
        sign_in(changed)  # the organizer stays signed in here; every other device is out
    flash(f"{changed.name} has a new PIN. Their sign-ins on other devices have ended.")
    return redirect(url_for(".dashboard", tournament_id=tournament_id) + "#judges")


@bp.post("/t/<int:tournament_id>/organizer/sign-in-locks")
@pageforms.form(ClearLockForm)
def clear_sign_in_lock(tournament_id: int, form: ClearLockForm):
    """Let a locked name sign in again from every device."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    accounts.clear_sign_in_lock(tournament, form.account, actor=user)
    db.session.commit()
    flash(f"“{form.account}” can sign in again.")
    return redirect(url_for(".dashboard", tournament_id=tournament_id) + "#sign-in-locks")


@bp.post("/t/<int:tournament_id>/organizer/players")
@pageforms.form(PlayerRegistrationForm)
def add_player(tournament_id: int, form: PlayerRegistrationForm):
    """Register one player (once seating has begun, as a late arrival, §3.7)."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    player = seating.register_player(tournament, form.name, form.team or None, user)
    if form.member_id:
        registry.set_member_id(tournament, player.number, form.member_id, user)
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
