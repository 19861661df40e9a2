"""Who is signed in, and the checks every write makes on the server."""

from __future__ import annotations

import time

from flask import abort, current_app, g, request, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext
from werkzeug.exceptions import Forbidden

from judgeaid.extensions import db
from judgeaid.models import User
from judgeaid.services import accounts


def load_signed_in_user() -> None:
    """Put the signed-in user (or None) on g; end a session that is void or idle too long."""
    g.user = None
    if request.endpoint == "static":
        return  # a script, stylesheet or icon is the same for everyone: no session read
    user_id = session.get("user_id")
    if user_id is None:
        return
    user = db.session.get(User, user_id) if type(user_id) is int else None
    if user is None or session.get("epoch") != user.session_epoch:
        # Ended (signed out here or on another device): read as nobody, and leave the cookie
        # alone. A request that left before this browser signed out, answered after, would
        # otherwise overwrite the new cookie, and its "Signed out." with it. Its epoch never
        # comes back, so the old cookie can never sign anyone in again.
        return
    seen, now = session.get("seen"), int(time.time())
    config = current_app.config
    if type(seen) is not int or now - seen > config["SESSION_IDLE_SECONDS"]:
        session.clear()
        return
    if now - seen >= config["SESSION_SEEN_REFRESH_SECONDS"]:
        session["seen"] = now
    g.user = user


def sign_in(user: User) -> None:
    """Start a signed-in browser session for this user."""
    session.clear()
    session.permanent = True
    session["user_id"] = user.id
    session["tournament_id"] = user.tournament_id
    session["epoch"] = user.session_epoch
    session["seen"] = int(time.time())


def sign_out() -> None:
    """End the browser session, and this user's sessions on every other device too."""
    user: User | None = g.get("user")
    if user is not None:
        accounts.end_sessions(user)
    session.clear()
    g.user = None


# How a page names the roles that may use it, in the order they are listed.
ROLE_WORDS = {"judge": lazy_gettext("judges"), "head_judge": lazy_gettext("the head judge"),
              "organizer": lazy_gettext("the organizer")}


class NotAllowed(Forbidden):
    """A 403 that says who may use this and links to the pages this user may use instead."""

    def __init__(self, description: str, links: list[tuple[str, str]] | None = None):
        super().__init__(description=description)
        self.links = links or []


def who_may(roles: tuple[str, ...]) -> str:
    """Return the sentence naming the roles that may use a page or action."""
    words = [str(ROLE_WORDS[role]) if role in ROLE_WORDS else role for role in roles]
    listed = (words[0] if len(words) == 1 else
              _("%(some)s and %(last)s", some=_(", ").join(words[:-1]), last=words[-1]))
    return _("Only %(who)s of this tournament may use this.", who=listed)


def require_role(tournament_id: int, *roles: str, rule: str | None = None,
                 instead: tuple[str, str] | None = None) -> User:
    """Return the signed-in user if they hold one of these roles here; else abort 401/403.

    `rule` says in words who may use this (default: the roles named); `instead` is the
    (label, endpoint) of the closest page that user may open, linked from the 403 page.
    """
    user: User | None = g.get("user")
    if user is None:
        abort(401, description=_("Sign in as a judge or organizer first."))
    if user.tournament_id != tournament_id:
        raise NotAllowed(
            _("You are signed in to another tournament. Sign in to this one to use this page."),
            [(_("Sign in to this tournament"), url_for(
                "auth.login", tournament_id=tournament_id, next=request.full_path.rstrip("?")))])
    if roles and user.role not in roles:
        # a page's own words (`rule`, `instead`) are translated as their msgids, if marked
        links = ([(_(instead[0]), url_for(instead[1], tournament_id=tournament_id))]
                 if instead else [])
        raise NotAllowed(_(rule) if rule else who_may(roles), links)
    return user


def require_judge(tournament_id: int, *, rule: str | None = None,
                  instead: tuple[str, str] | None = None) -> User:
    """Return the signed-in judge, head judge or organizer of this tournament."""
    return require_role(tournament_id, "judge", "head_judge", "organizer", rule=rule,
                        instead=instead)


def require_organizer(tournament_id: int, *, rule: str | None = None,
                      instead: tuple[str, str] | None = None) -> User:
    """Return the signed-in organizer of this tournament."""
    return require_role(tournament_id, "organizer", rule=rule, instead=instead)


def staff_role(tournament_id: int) -> str | None:
    """Return the signed-in user's role in this tournament, or None."""
    user: User | None = g.get("user")
    if user is None or user.tournament_id != tournament_id:
        return None
    return user.role
