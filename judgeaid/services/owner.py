"""The server owner's account: set from the command line, signed in with a password."""

from __future__ import annotations

from datetime import timedelta

from flask_babel import gettext as _
from sqlalchemy import select, update
from werkzeug.security import check_password_hash, generate_password_hash

from judgeaid.edge_rules import text_problem
from judgeaid.extensions import db
from judgeaid.models import ServerOwner, utcnow
from judgeaid.services.accounts import hashing_turn
from judgeaid.services.audit import record_event
from judgeaid.services.errors import Forbidden, ServiceError, Throttled, Unauthorized

PASSWORD_LENGTH = (10, 200)
# A password of 10 characters or more is not guessed by trying; this only keeps a script from
# hammering. Past the limit every remote sign-in waits; the server's own machine needs none,
# and `flask owner` (a new password) clears the count.
FAILURES_ALLOWED = 10
WAIT = timedelta(minutes=15)


def get_owner() -> ServerOwner | None:
    """Return the server owner's account, if one was set."""
    return db.session.scalar(select(ServerOwner).order_by(ServerOwner.id).limit(1))


def set_owner(name: str, password: str) -> ServerOwner:
    """Create the owner's account, or give it a new name and password."""
    name = " ".join((name or "").split())
    problem = text_problem(name, max_length=80) if name else "is missing"
    if problem:
        raise ServiceError(_("The owner's name %(problem)s.", problem=problem))
    low, high = PASSWORD_LENGTH
    if not isinstance(password, str) or not low <= len(password) <= high:
        raise ServiceError(_("The owner's password must be %(low)s to %(high)s characters long.",
                             low=low, high=high))
    if text_problem(password):
        raise ServiceError(_("The owner's password must not hold control characters."))
    owner = get_owner() or ServerOwner(name=name, password_hash="")
    is_new = owner.id is None
    # werkzeug's default scrypt (32768:8:1, 63 ms on the venue laptop), not the PINs' cheaper
    # method: this password guards every tournament on the server, one person types it a few
    # times an event, and a person's password of 10 characters or more is worth slowing
    # down a search for, where a PIN of a few digits is not (accounts.PIN_HASH_METHOD).
    owner.name, owner.password_hash = name, generate_password_hash(password)
    owner.changed_at, owner.failures, owner.failed_at = utcnow(), 0, None
    db.session.add(owner)
    db.session.flush()
    record_event("server.owner.create" if is_new else "server.owner.reset", tournament_id=None,
                 actor="command line", subject="server_owner", after={"name": name})
    return owner


def _matches(stored: str, password: str) -> bool:
    # The owner's check takes the worker's one hashing turn too, so guessing at it cannot
    # take the cores from the hall either.
    with hashing_turn():
        return check_password_hash(stored, password)


def authenticate_owner(password: str) -> ServerOwner:
    """Return the owner for the right password; slow down guessing."""
    owner = get_owner()
    if owner is None:
        raise Forbidden(_("This server has no owner account yet. On the server, run "
                          "`flask --app app owner` to set one."))
    now = utcnow()
    if owner.failures >= FAILURES_ALLOWED and owner.failed_at and now < owner.failed_at + WAIT:
        retry = int((owner.failed_at + WAIT - now).total_seconds()) + 1
        raise Throttled(_("Too many wrong owner passwords. Try again in %(minutes)s minutes, or "
                          "use the server's own machine.", minutes=retry // 60 + 1),
                        retry_after=retry)
    if not isinstance(password, str) or not _matches(owner.password_hash, password):
        # one UPDATE, so failures counted by several workers at once all add up
        db.session.execute(update(ServerOwner).where(ServerOwner.id == owner.id).values(
            failures=ServerOwner.failures + 1, failed_at=now))
        raise Unauthorized(_("Wrong owner password."))
    if owner.failures:
        owner.failures, owner.failed_at = 0, None
    return owner
