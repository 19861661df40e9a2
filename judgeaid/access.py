"""Who is signed in, and the checks every write makes on the server."""

from __future__ import annotations

from flask import abort, g, session

from judgeaid.extensions import db
from judgeaid.models import User


def load_signed_in_user() -> None:
    """Put the signed-in user (or None) on g for this request."""
    user_id = session.get("user_id")
    g.user = db.session.get(User, user_id) if isinstance(user_id, int) else None
    if g.user is None and user_id is not None:
        session.clear()


def sign_in(user: User) -> None:
    """Start a signed-in browser session for this user."""
    session.clear()
    session.permanent = True
    session["user_id"] = user.id
    session["tournament_id"] = user.tournament_id


def sign_out() -> None:
    """End the browser session."""
    session.clear()


def require_role(tournament_id: int, *roles: str) -> User:
    """Return the signed-in user if they hold one of these roles here; else abort 401/403."""
    user: User | None = g.get("user")
    if user is None:
        abort(401, description="Sign in as a judge or organizer first.")
    if user.tournament_id != tournament_id or (roles and user.role not in roles):
        abort(403, description="Your sign-in does not allow this here.")
    return user


def require_judge(tournament_id: int) -> User:
    """Return the signed-in judge, head judge or organizer of this tournament."""
    return require_role(tournament_id, "judge", "head_judge", "organizer")


def require_organizer(tournament_id: int) -> User:
    """Return the signed-in organizer of this tournament."""
    return require_role(tournament_id, "organizer")


def staff_role(tournament_id: int) -> str | None:
    """Return the signed-in user's role in this tournament, or None."""
    user: User | None = g.get("user")
    if user is None or user.tournament_id != tournament_id:
        return None
    return user.role
