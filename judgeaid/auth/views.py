"""The sign-in page for organizers and judges."""

from __future__ import annotations

from flask import Blueprint, flash, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _

from judgeaid import pageforms, signin
from judgeaid.access import sign_in, sign_out
from judgeaid.auth.schemas import LoginForm, LoginQuery
from judgeaid.extensions import db
from judgeaid.services import overview
from judgeaid.services.errors import ServiceError, Throttled

bp = Blueprint("auth", __name__)


@bp.route("/login", methods=["GET", "POST"])
@pageforms.form(LoginForm, query=LoginQuery)
def login(query: LoginQuery, form: LoginForm):
    """Sign in with tournament, name and PIN."""
    error, status, headers = None, 200, {}
    signin.give_device_cookie()  # this phone counts as its own source, not its network's
    if request.method == "POST":
        try:
            recovery = None if form.pin else (form.recovery or None)
            user = signin.authenticate(form.tournament_id, form.name, form.pin, recovery)
        except ServiceError as exc:
            error, status = exc.message, exc.status
            if isinstance(exc, Throttled):
                headers["Retry-After"] = str(exc.retry_after)
        else:
            db.session.commit()
            sign_in(user)
            flash(_("Signed in as %(name)s.", name=user.name))
            if recovery:
                flash(_("Your recovery code was used up; your new one is %(code)s. Keep it with "
                        "your PIN: it works once, from any phone.", code=user.recovery_code),
                      "recovery")
            target = signin.safe_next(query.next) or signin.landing_url(user)
            # The page's own script (static/js/signin.js) asks for JSON and goes there itself:
            # following a redirect inside fetch would show the message to nobody.
            if request.accept_mimetypes.best_match(["text/html", "application/json"]) == \
                    "application/json":
                return jsonify(next=target)
            return redirect(target)
    chosen = form.tournament_id or query.tournament_id
    page = render_template("auth/login.html", tournaments=overview.list_tournaments(),
                           error=error, chosen=chosen)
    return page, status, headers


@bp.post("/logout")
def logout():
    """Sign out."""
    sign_out()
    db.session.commit()
    flash(_("Signed out."))
    return redirect(url_for("main.home"))
