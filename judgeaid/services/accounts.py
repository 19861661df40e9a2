"""Tournaments, their organizers and judges, and signing in with name and PIN."""

from __future__ import annotations

import random
import re
from datetime import timedelta

from sqlalchemy import func, select
from werkzeug.security import check_password_hash, generate_password_hash

from judgeaid.extensions import db
from judgeaid.models import ROLES, LoginFailure, Tournament, User, utcnow
from judgeaid.services.audit import record_event
from judgeaid.services.errors import NotFound, ServiceError, Throttled
from judgeaid.tournament.formats import FORMATS, validate_settings

PIN_PATTERN = re.compile(r"^\d{4,12}$")
ROLE_NAMES = {"organizer": "Organizer", "head_judge": "Head judge", "judge": "Judge"}


def _check_name(name: str, what: str) -> str:
    name = " ".join((name or "").split())
    if not name:
        raise ServiceError(f"The {what} name is missing.")
    if len(name) > 80:
        raise ServiceError(f"The {what} name is longer than 80 characters.")
    return name


# The pin_hash of an account that has no PIN yet (a restored judge): no PIN ever matches it.
NO_PIN = ""


def check_pin(pin: str, message: str = "A PIN is 4 to 12 digits.") -> str:
    """Return the PIN without surrounding spaces, or raise if it is not 4 to 12 digits."""
    pin = (pin or "").strip() if isinstance(pin, str) else ""
    if not PIN_PATTERN.match(pin):
        raise ServiceError(message)
    return pin


_check_pin = check_pin


def create_tournament(
    name: str,
    format_code: str,
    organizer_name: str,
    organizer_pin: str,
    *,
    settings: dict | None = None,
    seed: int | None = None,
) -> tuple[Tournament, User]:
    """Create a tournament with its first organizer."""
    title = " ".join((name or "").split())
    if not title:
        raise ServiceError("The tournament name is missing.")
    if len(title) > 120:
        raise ServiceError("The tournament name is longer than 120 characters.")
    if format_code not in FORMATS:
        raise ServiceError(f"Unknown format '{format_code}'.")
    merged, problems = validate_settings(format_code, settings or {})
    if problems:
        raise ServiceError(" ".join(problems), details=problems)
    tournament = Tournament(
        name=title, format=format_code, ruleset="zj", settings=merged,
        seed=seed if seed is not None else random.SystemRandom().randrange(1, 2**31),
    )
    db.session.add(tournament)
    db.session.flush()
    organizer = add_user(tournament, organizer_name, "organizer", organizer_pin, actor="setup")
    record_event("tournament.create", tournament_id=tournament.id, actor=organizer,
                 subject=f"tournament:{tournament.id}", after={"name": title,
                                                              "format": format_code})
    return tournament, organizer


def update_settings(tournament: Tournament, values: dict, actor: User) -> Tournament:
    """Change an event's settings before play starts."""
    if any(s.status in ("playing", "finished") for s in tournament.sessions):
        raise ServiceError("Settings are fixed once play has started.", status=409)
    merged, problems = validate_settings(tournament.format, {**tournament.settings, **values})
    if problems:
        raise ServiceError(" ".join(problems), details=problems)
    before = dict(tournament.settings)
    tournament.settings = merged
    record_event("tournament.settings", tournament_id=tournament.id, actor=actor,
                 subject=f"tournament:{tournament.id}", before=before, after=merged)
    db.session.flush()
    return tournament


def add_user(tournament: Tournament, name: str, role: str, pin: str, *, actor) -> User:
    """Add an organizer, head judge or judge who signs in with name and PIN."""
    name = _check_name(name, "person's")
    pin = _check_pin(pin)
    if role not in ROLES:
        raise ServiceError(f"Unknown role '{role}'.")
    taken = db.session.scalar(
        select(User).where(User.tournament_id == tournament.id,
                           func.lower(User.name) == name.lower())
    )
    if taken:
        raise ServiceError(f"{name} already has a sign-in for this tournament.", status=409)
    user = User(tournament_id=tournament.id, name=name, role=role,
                pin_hash=generate_password_hash(pin))
    db.session.add(user)
    db.session.flush()
    record_event("user.add", tournament_id=tournament.id, actor=actor, subject=f"user:{user.id}",
                 after={"name": name, "role": role})
    return user


def get_tournament_or_404(tournament_id: int) -> Tournament:
    """Return the tournament or raise NotFound."""
    tournament = db.session.get(Tournament, tournament_id)
    if tournament is None:
        raise NotFound(f"There is no tournament {tournament_id}.")
    return tournament


def _failures_since(key: str, since) -> list:
    return list(db.session.scalars(
        select(LoginFailure.failed_at).where(LoginFailure.key == key,
                                             LoginFailure.failed_at >= since)
        .order_by(LoginFailure.failed_at)
    ))


def authenticate(tournament_id: int, name: str, pin: str, *, address: str,
                 allowed: int = 5, window_seconds: int = 900) -> User:
    """Return the user for a correct name and PIN; slow down repeated failures."""
    now = utcnow()
    keys = [f"name:{tournament_id}:{(name or '').strip().lower()}", f"addr:{address}"]
    since = now - timedelta(seconds=window_seconds)
    for key, limit in zip(keys, (allowed, allowed * 4), strict=True):
        failures = _failures_since(key, since)
        if len(failures) >= limit:
            # Each failure past the limit doubles the wait, up to the whole window.
            wait = min(window_seconds, 30 * 2 ** (len(failures) - limit))
            retry = int((failures[-1] + timedelta(seconds=wait) - now).total_seconds()) + 1
            if retry > 0:
                raise Throttled(f"Too many failed sign-ins. Try again in {retry} seconds.",
                                retry_after=retry)
    user = None
    if isinstance(tournament_id, int) and name and pin:
        user = db.session.scalar(
            select(User).where(User.tournament_id == tournament_id,
                               func.lower(User.name) == name.strip().lower())
        )
    if user is None or not check_password_hash(user.pin_hash, str(pin)):
        for key in keys:
            db.session.add(LoginFailure(key=key, failed_at=now))
        db.session.flush()
        raise ServiceError("Wrong tournament, name or PIN.", status=401)
    record_event("user.login", tournament_id=tournament_id, actor=user, subject=f"user:{user.id}")
    return user
