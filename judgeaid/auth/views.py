"""The sign-in page for organizers and judges."""

from __future__ import annotations

from flask import Blueprint, flash, g, redirect, render_template, request, url_for

from judgeaid.access import sign_in, sign_out
from judgeaid.extensions import db
from judgeaid.services import accounts, overview
from judgeaid.services.errors import ServiceError

bp = Blueprint("auth", __name__)


def _safe_next(target: str | None) -> str | None:
    if target and target.startswith("/") and not target.startswith("//"):
        return target
    return None


@bp.route("/login", methods=["GET", "POST"])
def login():
    """Sign in with tournament, name and PIN."""
    error, status = None, 200
    if request.method == "POST":
        try:
            user = accounts.authenticate(
                request.form.get("tournament_id", type=int), request.form.get("name", ""),
                request.form.get("pin", ""), address=request.remote_addr or "?")
        except ServiceError as exc:
            db.session.commit()  # keep the failure count that slows down guessing
            error, status = exc.message, exc.status
        else:
            db.session.commit()
            sign_in(user)
            flash(f"Signed in as {user.name}.")
            home = "organizer.dashboard" if user.role == "organizer" else "main.tournament"
            return redirect(_safe_next(request.args.get("next"))
                            or url_for(home, tournament_id=user.tournament_id))
    chosen = request.values.get("tournament_id", type=int)
    page = render_template("auth/login.html", tournaments=overview.list_tournaments(),
                           error=error, chosen=chosen)
    return page, status


@bp.post("/logout")
def logout():
    """Sign out."""
    sign_out()
    g.user = None
    flash("Signed out.")
    return redirect(url_for("main.home"))
