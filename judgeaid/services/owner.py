"""The server owner's account: set from the command line, signed in with a password."""

from __future__ import annotations

from datetime import timedelta

from sqlalchemy import func, select
from werkzeug.security import check_password_hash, generate_password_hash

from judgeaid.edge_rules import text_problem
from judgeaid.extensions import db
from judgeaid.models import LoginFailure, ServerOwner, utcnow
from judgeaid.services.audit import record_event
from judgeaid.services.errors import ServiceError, Throttled

PASSWORD_LENGTH = (10, 200)
# A long password is not guessed by trying; this only keeps a script from hammering.
FAILURES_ALLOWED = 10
WINDOW = timedelta(minutes=15)


def get_owner() -> ServerOwner | None:
    """Return the server owner's account, if one was set."""
    return db.session.scalar(select(ServerOwner).order_by(ServerOwner.id).limit(1))


def set_owner(name: str, password: str) -> ServerOwner:
    """Create the owner's account, or give it a new name and password."""
    name = " ".join((name or "").split())
    problem = text_problem(name, max_length=80) if name else "is missing"
    if problem:
        raise ServiceError(f"The owner's name {problem}.")
    low, high = PASSWORD_LENGTH
    if not isinstance(password, str) or not low <= len(password) <= high:
        raise ServiceError(f"The owner's password must be {low} to {high} characters long.")
    if text_problem(password):
        raise ServiceError("The owner's password must not hold control characters.")
    owner = get_owner() or ServerOwner(name=name, password_hash="")
    is_new = owner.id is None
    owner.name, owner.password_hash = name, generate_password_hash(password)
    owner.changed_at = utcnow()
    db.session.add(owner)
    db.session.flush()
    record_event("server.owner.create" if is_new else "server.owner.reset", tournament_id=None,
                 actor="command line", subject="server_owner", after={"name": name})
    return owner


def authenticate_owner(password: str, *, address: str) -> ServerOwner:
    """Return the owner for the right password; slow down a client that keeps failing."""
    key = f"owner:{address}"
    since = utcnow() - WINDOW
    failures = db.session.scalar(select(func.count()).select_from(LoginFailure).where(
        LoginFailure.key == key, LoginFailure.failed_at >= since))
    if failures >= FAILURES_ALLOWED:
        raise Throttled("Too many wrong owner passwords from this device. Try again in 15 "
                        "minutes.", retry_after=int(WINDOW.total_seconds()))
    owner = get_owner()
    if owner is None:
        raise ServiceError("This server has no owner account yet. On the server, run "
                           "`flask --app app owner` to set one.", status=403)
    if not isinstance(password, str) or not check_password_hash(owner.password_hash, password):
        db.session.add(LoginFailure(key=key))
        db.session.flush()
        raise ServiceError("Wrong owner password.", status=401)
    return owner
