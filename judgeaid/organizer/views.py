"""Organizer pages: create a tournament, its settings, judges and players."""

from __future__ import annotations

import hashlib

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext
from flask_babel import gettext as _

from judgeaid import owner, pageforms, signin, writes
from judgeaid.access import require_organizer, sign_in
from judgeaid.edge import length_of
from judgeaid.extensions import db
from judgeaid.models import Player, Team, User
from judgeaid.organizer.schemas import (
    ClearLockForm,
    ImportForm,
    JudgeForm,
    NewPinForm,
    NewTournamentForm,
    OwnerSignInForm,
    PlayerRecordForm,
    PlayerRegistrationForm,
    RestoreForm,
    SettingsForm,
)
from judgeaid.printing import phone_warnings
from judgeaid.services import accounts, clock, leaderboards, organizing, session_changes
from judgeaid.services import owner as owner_service
from judgeaid.services import players as registry
from judgeaid.services.errors import Conflict, ServiceError
from judgeaid.services.restore import import_tournament
from judgeaid.uploads import allow_upload
from judgeaid.wording import event_rules, every_ruleset

bp = Blueprint("organizer", __name__)
# Every page's forms take their op_id from it: a form sent twice (a double tap) writes once.
bp.add_app_template_global(writes.new_op_id)
# The forms' maxlength: the columns' sizes, as the schemas check them.
LIMITS = {"judge_name": length_of(User.name), "player_name": length_of(Player.name),
          "team": length_of(Team.name)}

# The states pages show (a player's, a session's, a score check's, a play timer's), in the
# page's language: `status_word(p.status)`.
bp.add_app_template_global(registry.status_word)


@bp.route("/new", methods=["GET", "POST"])
@pageforms.form(NewTournamentForm)
def create(form: NewTournamentForm):
    """Create a tournament and sign in as its organizer."""
    if not owner.may_manage_server():
        return owner.owner_needed()
    if request.method == "POST":
        made: dict = {}

        def apply():
            tournament, organizer = accounts.create_tournament(
                form.name, form.format, form.organizer_name, form.pin,
                time_zone=form.time_zone or None, ruleset=form.ruleset)
            made["recovery"] = organizer.recovery_code
            leaderboards.set_event_facts(tournament, form.facts(), organizer)
            return {"tournament": tournament.id, "user": organizer.id}

        try:
            answer, organizer, is_new = _once_setting_pin(
                "tournament.create", "server", form, apply, tournament_id=None,
                refused=_("This form already created a tournament, with another PIN. Sign in "
                          "to it with its organizer's PIN."))
        except ServiceError as exc:
            db.session.rollback()
            return render_template("organizer/new.html", error=exc.message,
                                   form=form.model_dump(),
                                   **new_facts()), exc.status
        mark = owner.owner_mark()
        sign_in(organizer)
        owner.restore_owner_mark(mark)
        flash(_("Tournament created. Add judges and players next.") if is_new else
              _("This tournament was already created by this form; here is its desk."))
        _flash_recovery(organizer.name, made)
        return redirect(url_for(".dashboard", tournament_id=answer["tournament"]))
    return render_template("organizer/new.html", error=None, form={},
                           **new_facts())


def _once_setting_pin(kind: str, target: str, form, apply, *, tournament_id: int | None,
                      refused: str) -> tuple[dict, User, bool]:
    """Apply a write that sets `form.pin` once per op_id; return its answer, the user whose
    PIN it set and whether this request applied it.

    The PIN stays out of the stored request hash (an unsalted hash of a few digits is soon
    reversed), so a copy sent again is answered as the first only with the same PIN.
    """
    applied = []

    def run():
        applied.append(True)
        return apply()

    answer, _op = writes.once(kind, target, form.model_dump(mode="json", exclude={"pin"}), run,
                            tournament_id=tournament_id)
    user = db.session.get(User, answer["user"])
    if not applied and not accounts.pin_matches(user, form.pin):
        raise Conflict(refused)
    return answer, user, bool(applied)


def new_facts() -> dict:
    """Return what the new-tournament form shows beside `form` (its leaderboard fields,
    §3.5.2.1, read their values from `form`): the registered rulesets, read at each request (a
    ruleset registered later is offered too), in the page's language."""
    return {"series_choices": leaderboards.series_choices(),
            "rulesets": organizing.ruleset_choices(),
            "ruleset_rules": {r["code"]: r for r in every_ruleset()}}


# A backup holds every card's history: a 400-player, 8-session event's file is about 5 MB.
RESTORE_LIMIT = 16 * 1024 * 1024


def _restore_refused(message: str, status: int):
    return render_template("organizer/new.html", form={},
                           error=None, restore_error=message, **new_facts()), status


@bp.post("/new/restore")
@allow_upload(RESTORE_LIMIT, only_if=owner.may_manage_server)
@pageforms.form(RestoreForm)
def restore(form: RestoreForm):
    """Restore a tournament from its one-file JSON backup, as a new tournament."""
    if not owner.may_manage_server():
        return owner.owner_needed()
    upload = request.files.get("backup")
    applied = []

    def apply():
        restored = import_tournament(
            upload.stream, organizer_pin=form.organizer_pin,
            organizer_name=form.organizer_name or None)
        applied.append(True)
        return {"tournament": restored.tournament.id, "name": restored.tournament.name,
                "organizer": restored.organizer, "is_verified": restored.is_verified}

    try:
        if upload is None or not upload.filename:
            raise ServiceError(_("Choose the backup file: the JSON file saved from “Exports "
                                 "and backup” on the standings desk."))
        # The file's hash stands for it, and the PIN stays out: sent twice, one restore.
        sent = {"file": _sha256(upload.stream), "organizer_name": form.organizer_name,
                "op_id": form.op_id}
        answer, _op = writes.once("tournament.restore", "server", sent, apply,
                                tournament_id=None)
    except ServiceError as exc:
        db.session.rollback()
        return _restore_refused(exc.message, exc.status)
    finally:
        if upload is not None:
            upload.close()
    flash(restore_message(answer, again=not applied),
          "message" if answer["is_verified"] else "warning")
    return redirect(url_for("auth.login", tournament_id=answer["tournament"]))


def _sha256(stream) -> str:
    """Return the hex SHA-256 of an upload's stream, left at its start for the reader."""
    digest = hashlib.sha256()
    for chunk in iter(lambda: stream.read(1 << 20), b""):
        digest.update(chunk)
    stream.seek(0)
    return digest.hexdigest()


def restore_message(restored: dict, *, again: bool = False) -> str:
    """Say what was restored, whether the file was verified, and how to sign in."""
    name = restored["name"]
    if restored["is_verified"]:
        where = _("Verified: this server made the backup.")
    else:
        where = _("Not verified: the backup was made by another server or edited. Every row "
                  "passed the same checks as a live write.")
    if again:
        return _("%(name)s was already restored from this form. %(where)s Sign in as "
                 "%(organizer)s with the PIN given then.", name=name, where=where,
                 organizer=restored["organizer"])
    return _("%(name)s is restored. %(where)s Sign in as %(organizer)s with the new PIN, then "
             "give each judge a new PIN on the organizer desk.", name=name, where=where,
             organizer=restored["organizer"])


@bp.errorhandler(413)
def too_big(exc):
    """Explain an upload over the limit on the page it came from."""
    if request.endpoint == "organizer.restore" and not owner.may_manage_server():
        return owner.owner_needed()  # the bigger limit is only for who may restore
    if request.endpoint == "organizer.restore":
        return _restore_refused(
            _("This file is larger than %(mb)s MB, the most a restore takes (the backup of a "
              "400-player event is about 5 MB). Check that it is a judgeaid backup file.",
              mb=RESTORE_LIMIT // (1024 * 1024)), 413)
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
    flash(_("Signed in as the server's owner, %(name)s.", name=account.name))
    return redirect(url_for(".create"))


@bp.post("/owner/logout")
def owner_logout():
    """Sign out as the server's owner."""
    owner.sign_out_owner()
    flash(_("Signed out as the server's owner."))
    return redirect(url_for("main.home"))


@bp.get("/t/<int:tournament_id>/organizer")
def dashboard(tournament_id: int):
    """Show the organizer's desk: settings, judges, players, sessions."""
    require_organizer(tournament_id, rule=_("Only the organizer uses the desk; judges start "
                                            "from the judge console."))
    facts = leaderboards.facts_view(accounts.get_tournament_or_404(tournament_id))
    return render_template("organizer/dashboard.html", rules=event_rules(tournament_id),
                           **organizing.desk(tournament_id, signin.limits()), limits=LIMITS,
                           warnings=phone_warnings(desk=True), facts=facts,
                           series_choices=facts["series_choices"],
                           clock_switch=clock.switch_offer(tournament_id))


@bp.post("/t/<int:tournament_id>/organizer/settings")
@pageforms.form(SettingsForm)
def settings(tournament_id: int, form: SettingsForm):
    """Save the event's settings."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    sent = form.model_dump(exclude_unset=True, exclude={"op_id", "printing"})
    if form.printing:  # the desk's printing form: an unticked box sends nothing
        sent.setdefault("print_bilingual", "0")
    writes.once("tournament.settings", f"tournament:{tournament_id}", form,
                lambda: {"settings": accounts.update_settings(tournament, sent, user).settings},
                tournament_id=tournament_id)
    flash(_("Settings saved."))
    return redirect(url_for(".dashboard", tournament_id=tournament_id))


def _flash_recovery(name: str, made: dict) -> None:
    """Show the one-time recovery code that came with a new PIN, once (a form sent again
    made none)."""
    if made.get("recovery"):
        flash(_("Recovery code for %(name)s: %(code)s. Give it with the PIN and show it "
                "nowhere else: it signs them in once from any phone, even while their name is "
                "locked after wrong PINs, and is then replaced.", name=name,
                code=made["recovery"]), "recovery")


@bp.post("/t/<int:tournament_id>/organizer/judges")
@pageforms.form(JudgeForm)
def add_judge(tournament_id: int, form: JudgeForm):
    """Add a judge, head judge or co-organizer."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    made: dict = {}

    def apply():
        added = accounts.add_user(tournament, form.name, form.role, form.pin, actor=user)
        made["recovery"] = added.recovery_code  # shown once, never stored with the answer
        return {"user": added.id}

    _once_setting_pin(
        "user.add", f"tournament:{tournament_id}", form, apply,
        tournament_id=tournament_id, refused=_("This form already added %(name)s with another "
                                               "PIN; give them a new PIN below instead.",
                                               name=form.name))
    flash(_("%(name)s can now sign in.", name=form.name))
    _flash_recovery(form.name, made)
    return redirect(url_for(".dashboard", tournament_id=tournament_id) + "#judges")


@bp.post("/t/<int:tournament_id>/organizer/judges/<int:user_id>/pin")
@pageforms.form(NewPinForm)
def change_pin(tournament_id: int, user_id: int, form: NewPinForm):
    """Give a judge, head judge or organizer a new PIN; their sign-ins end."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    made: dict = {}

    def apply():
        changed = accounts.change_pin(tournament, user_id, form.pin, actor=user)
        made["recovery"] = changed.recovery_code
        return {"user": changed.id}

    _answer, changed, _is_new = _once_setting_pin(
        "user.pin", f"user:{user_id}", form, apply,
        tournament_id=tournament_id, refused=_("This form already set another new PIN; open "
                                               "the desk again to change it once more."))
    if changed.id == user.id:
        sign_in(changed)  # the organizer stays signed in here; every other device is out
    flash(_("%(name)s has a new PIN. Their sign-ins on other devices have ended.",
            name=changed.name))
    _flash_recovery(changed.name, made)
    return redirect(url_for(".dashboard", tournament_id=tournament_id) + "#judges")


@bp.post("/t/<int:tournament_id>/organizer/sign-in-locks")
@pageforms.form(ClearLockForm)
def clear_sign_in_lock(tournament_id: int, form: ClearLockForm):
    """Let a locked name sign in again from every device."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    writes.once("sign_in_lock.clear", f"tournament:{tournament_id}", form,
                lambda: {"cleared": accounts.clear_sign_in_lock(tournament, form.account,
                                                                actor=user)},
                tournament_id=tournament_id)
    flash(_("“%(name)s” can sign in again.", name=form.account))
    return redirect(url_for(".dashboard", tournament_id=tournament_id) + "#sign-in-locks")


@bp.post("/t/<int:tournament_id>/organizer/players")
@pageforms.form(PlayerRegistrationForm)
def add_player(tournament_id: int, form: PlayerRegistrationForm):
    """Register one player (once seating has begun, as a late arrival, §3.7)."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    applied = []

    def apply():
        player = session_changes.register_player(tournament, form.name, form.team or None, user)
        if form.member_id:
            registry.set_member_id(tournament, player.number, form.member_id, user)
        applied.append(True)
        return {"number": player.number, "name": player.name}

    answer, _op = writes.once("player.register", f"tournament:{tournament_id}", form, apply,
                            tournament_id=tournament_id)
    flash(_("Player %(number)s %(name)s registered.", **answer) if applied else
          _("Player %(number)s %(name)s was already registered by this form; nothing more was "
            "added.", **answer))
    return redirect(url_for(".dashboard", tournament_id=tournament_id) + "#players")


@bp.post("/t/<int:tournament_id>/organizer/players/record")
@pageforms.form(PlayerRecordForm)
def player_record(tournament_id: int, form: PlayerRecordForm):
    """Set a player's EMA record: family and given names, EMA number, nationality (issue 30)."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)

    def apply():
        player, warning = registry.set_record(
            tournament, form.number, user, family_name=form.family_name,
            given_name=form.given_name, ema_number=form.ema_number, country=form.country)
        return {"number": player.number, "name": player.name, "warning": warning}

    answer, _ = writes.once("player.record", f"player:{tournament_id}:{form.number}", form,
                            apply, tournament_id=tournament_id)
    flash(gettext("Player %(number)s %(name)s: record saved.", number=answer["number"],
                  name=answer["name"]))
    if answer["warning"]:
        flash(answer["warning"])
    return redirect(url_for(".dashboard", tournament_id=tournament_id) + "#players")


@bp.post("/t/<int:tournament_id>/organizer/players/import")
@pageforms.form(ImportForm)
def import_players(tournament_id: int, form: ImportForm):
    """Register players from a CSV file (late arrivals once seating began) and show rejects."""
    user = require_organizer(tournament_id)
    tournament = accounts.get_tournament_or_404(tournament_id)
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        raise ServiceError(_("Choose a CSV file to upload."))
    data = upload.read()

    def apply():
        report = session_changes.import_players(tournament, data, user)
        return {"added": [{"number": p.number, "name": p.name,
                           "team": p.team.name if p.team else ""} for p in report.added],
                "problems": [{"line": p.line, "reason": p.reason, "text": p.text}
                             for p in report.problems],
                "refused": report.refused, "refused_for": report.refused_for,
                "warnings": [{"line": p.line, "reason": p.reason, "text": p.text}
                             for p in report.warnings]}

    # The file's hash stands for the file in the stored request: sent twice, it imports once.
    sent = {"file": hashlib.sha256(data).hexdigest(), "op_id": form.op_id}
    answer, _op = writes.once("players.import", f"tournament:{tournament_id}", sent, apply,
                            tournament_id=tournament_id)
    return render_template("organizer/import_report.html", rules=event_rules(tournament_id),
                           tournament=tournament, **answer)
