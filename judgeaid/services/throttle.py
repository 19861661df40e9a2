"""Failed sign-ins counted atomically in the database, per name and source and per name."""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from datetime import datetime, timedelta

from flask_babel import gettext as _
from sqlalchemy import case, delete, or_, select
from sqlalchemy.dialects import postgresql, sqlite

from judgeaid.extensions import db
from judgeaid.models import LoginThrottle, User, utcnow
from judgeaid.naming import normalise
from judgeaid.services.errors import Throttled

THROTTLE = LoginThrottle.__table__
ALL_SOURCES = ""
# A source's budget across every name and event is a row of its own: no tournament has id -1
# and no typed name is "*" under it.
BUDGET_TOURNAMENT = -1
BUDGET_ACCOUNT = "*"
# New call-ups per source across tables (issue 28), counted the same way.
CALLS_TOURNAMENT = -2
CALLS_ACCOUNT = "call-up"


@dataclass(frozen=True)
class Limits:
    """How many failed sign-ins are allowed, and for how long a lock lasts."""

    per_source: int = 5
    source_window: timedelta = timedelta(minutes=15)
    per_account: int = 20
    account_window: timedelta = timedelta(hours=24)
    # Failures one address, and one device, may make across all names and events in a window:
    # a flood of made-up names runs out of them at once, while a hall behind one address
    # (a hotspot) still has room for many honest typos.
    per_address: int = 50
    per_device: int = 10
    budget_window: timedelta = timedelta(minutes=5)


@dataclass(frozen=True)
class Source:
    """Where a sign-in comes from: the device cookie the client sent, else its address."""

    address: str
    device: str | None = None  # SHA-256 of the device cookie's token, when the client sent one

    @property
    def key(self) -> str:
        """Return the source as stored: the device when known, else the address."""
        return self.device_key or self.address_key

    @property
    def address_key(self) -> str:
        """Return the address as stored."""
        return f"address:{self.address[:60]}"

    @property
    def device_key(self) -> str | None:
        """Return the device as stored, or None without a device cookie."""
        return f"device:{self.device[:32]}" if self.device else None

    def budgets(self, limits: Limits) -> list[tuple[str, int]]:
        """Return this source's budgets across names: (stored key, failures allowed)."""
        budgets = [(self.address_key, limits.per_address)]
        if self.device_key:
            budgets.append((self.device_key, limits.per_device))
        return budgets


def typed_name(name: str | None) -> str:
    """Return a typed name as compared: NFKC, spaces collapsed, lower case."""
    return normalise(name if isinstance(name, str) else "").lower()


def account_key(name: str | None) -> str:
    """Return the name as counted: as compared, cut to the column's 80 characters."""
    return typed_name(name)[:80]


def _upsert():
    dialect = db.session.get_bind().dialect.name
    return (postgresql.insert if dialect == "postgresql" else sqlite.insert)(THROTTLE)


def _count(tournament_id: int, account: str, source: str, limit: int | None,
           window: timedelta, now: datetime) -> bool:
    """Count one attempt in a single statement; return False (nothing counted) past the limit."""
    c = THROTTLE.c
    expired = c.window_started_at < now - window
    statement = _upsert().values(tournament_id=tournament_id, account=account, source=source,
                                 failures=1, window_started_at=now)
    # One INSERT ... ON CONFLICT DO UPDATE ... WHERE: the check and the increment are one
    # atomic step on SQLite and PostgreSQL, so parallel requests cannot all pass the check.
    statement = statement.on_conflict_do_update(
        index_elements=[c.tournament_id, c.account, c.source],
        set_={"failures": case((expired, 1), else_=c.failures + 1),
              "window_started_at": case((expired, now), else_=c.window_started_at)},
        where=None if limit is None else or_(expired, c.failures < limit),
    ).returning(c.failures)
    return db.session.execute(statement).first() is not None


def _seconds_left(tournament_id: int, account: str, source: str, window: timedelta,
                  now: datetime) -> int:
    started = db.session.scalar(select(THROTTLE.c.window_started_at).where(
        THROTTLE.c.tournament_id == tournament_id, THROTTLE.c.account == account,
        THROTTLE.c.source == source))
    if started is None:
        return 1
    return max(1, math.ceil((started + window - now).total_seconds()))


def _budget_refused(wait: int) -> Throttled:
    return Throttled(_("Too many failed sign-ins from here. Try again in %(wait)s seconds.",
                       wait=wait), retry_after=wait)


# This process's memory of budgets found spent, for a second or two: a flood's requests are
# then refused without a query. Only a cache of the verdict: the counts are the database's,
# shared by every worker and instance.
_SPENT: dict[str, tuple[float, float]] = {}  # key -> (remembered until, its window's end)
_SPENT_MEMORY_SECONDS = 2.0


def over_budget(source: Source, limits: Limits) -> list[str]:
    """Return the keys of this source's budgets that are spent (a read, no write)."""
    clock = time.monotonic()
    budgets = source.budgets(limits)
    remembered = [key for key, _ in budgets if _SPENT.get(key, (0.0, 0.0))[0] > clock]
    if remembered:
        return remembered
    now = utcnow()
    c = THROTTLE.c
    spent = []
    for key, allowed in budgets:
        failures = db.session.scalar(select(c.failures).where(
            c.tournament_id == BUDGET_TOURNAMENT, c.account == BUDGET_ACCOUNT, c.source == key,
            c.window_started_at >= now - limits.budget_window))
        if failures is not None and failures >= allowed:
            spent.append(key)
            if len(_SPENT) > 10_000:
                _SPENT.clear()
            left = _seconds_left(BUDGET_TOURNAMENT, BUDGET_ACCOUNT, key, limits.budget_window,
                                 now)
            _SPENT[key] = (clock + min(_SPENT_MEMORY_SECONDS, left), clock + left)
    return spent


def check_budget(source: Source, limits: Limits, *, is_known_device: bool) -> None:
    """Refuse a source that spent its failures across names, before it costs a PIN check.

    A device that signed in as the typed name before is never stopped by its address's
    budget (others at that address may be failing), only by its own.
    """
    spent = over_budget(source, limits)
    if is_known_device:
        spent = [key for key in spent if key != source.address_key]
    if spent:
        clock = time.monotonic()
        wait = max(max(1, math.ceil(_SPENT.get(key, (0.0, clock + 1))[1] - clock))
                   for key in spent)
        db.session.rollback()
        raise _budget_refused(wait)


def _count_budgets(source: Source, limits: Limits, now: datetime, *,
                   is_known_device: bool) -> None:
    for key, allowed in source.budgets(limits):
        exempt = is_known_device and key == source.address_key
        if not _count(BUDGET_TOURNAMENT, BUDGET_ACCOUNT, key, None if exempt else allowed,
                      limits.budget_window, now):
            wait = _seconds_left(BUDGET_TOURNAMENT, BUDGET_ACCOUNT, key, limits.budget_window,
                                 now)
            db.session.rollback()
            raise _budget_refused(wait)


def count_failure(source: Source, limits: Limits) -> None:
    """Count one failure against this source's budgets across names (a recovery code's)."""
    now = utcnow()
    for key, _allowed in source.budgets(limits):
        _count(BUDGET_TOURNAMENT, BUDGET_ACCOUNT, key, None, limits.budget_window, now)
    db.session.commit()


def _take_back_budgets(source: Source, limits: Limits) -> None:
    c = THROTTLE.c
    keys = [key for key, _ in source.budgets(limits)]
    db.session.execute(THROTTLE.update().where(
        c.tournament_id == BUDGET_TOURNAMENT, c.account == BUDGET_ACCOUNT, c.source.in_(keys),
        c.failures > 0).values(failures=c.failures - 1))


def count_attempt(tournament_id: int, account: str, source: Source, *, is_known_device: bool,
                  limits: Limits) -> None:
    """Count a sign-in attempt as failed until it succeeds; raise Throttled past a limit.

    Commits at once (call it before the request writes anything else): the count must be
    visible to every other worker before this request checks the PIN.
    """
    now = utcnow()
    # Rows whose window is over count for nothing; dropping them keeps made-up names from
    # piling up.
    db.session.execute(delete(LoginThrottle).where(
        LoginThrottle.window_started_at < now - max(limits.source_window,
                                                    limits.account_window,
                                                    limits.budget_window)))
    # The source's budgets across names first: a flood of made-up names spends them (each
    # attempt counts until it succeeds), whatever names it types.
    _count_budgets(source, limits, now, is_known_device=is_known_device)
    if not _count(tournament_id, account, source.key, limits.per_source,
                  limits.source_window, now):
        wait = _seconds_left(tournament_id, account, source.key, limits.source_window, now)
        db.session.rollback()
        raise Throttled(_("Too many failed sign-ins for this name from here. Try again in "
                          "%(wait)s seconds.", wait=wait), retry_after=wait)
    # The cap over all sources bounds guessing by an attacker who keeps changing address or
    # device. At 20 failures a day, a 7-day event allows 7 × 20 = 140 guesses at a name:
    # a 6-digit PIN (1,000,000 values) falls with odds 140 / 1,000,000 = 0.014 %; a judge
    # who mistypes never comes near 20. A device that signed in as this person before is
    # not stopped by the cap, only by its own limit (5 per 15 minutes), so an attack from
    # elsewhere never locks the judge's own phone; its failures still count towards the cap.
    if not _count(tournament_id, account, ALL_SOURCES,
                  None if is_known_device else limits.per_account, limits.account_window, now):
        wait = _seconds_left(tournament_id, account, ALL_SOURCES, limits.account_window, now)
        db.session.rollback()  # the source's count above is undone with it
        raise Throttled(_("Too many failed sign-ins for this name. Try again in %(wait)s "
                          "seconds, or ask the organizer to clear the lock on the desk.",
                          wait=wait), retry_after=wait)
    db.session.commit()


def count_success(tournament_id: int, account: str, source: Source,
                  limits: Limits | None = None) -> None:
    """Forget this source's failures and take back this attempt from the count over all."""
    _take_back_budgets(source, limits or Limits())
    c = THROTTLE.c
    same_account = (c.tournament_id == tournament_id) & (c.account == account)
    db.session.execute(delete(LoginThrottle).where(same_account, c.source == source.key))
    db.session.execute(THROTTLE.update().where(same_account, c.source == ALL_SOURCES,
                                               c.failures > 0)
                       .values(failures=c.failures - 1))


def locked_accounts(tournament_id: int, limits: Limits) -> list[dict]:
    """Return the names with a sign-in lock now in force, with how many sources are locked."""
    now = utcnow()
    c = THROTTLE.c
    is_source = c.source != ALL_SOURCES
    locked = or_(
        is_source & (c.failures >= limits.per_source)
        & (c.window_started_at >= now - limits.source_window),
        ~is_source & (c.failures >= limits.per_account)
        & (c.window_started_at >= now - limits.account_window))
    rows = db.session.execute(select(c.account, c.source, c.window_started_at).where(
        c.tournament_id == tournament_id, locked).order_by(c.account, c.source)).all()
    staff = {name.lower(): name for name in db.session.scalars(
        select(User.name).where(User.tournament_id == tournament_id))}
    accounts: dict[str, dict] = {}
    for account, source, started in rows:
        entry = accounts.setdefault(account, {"account": account,
                                              "name": staff.get(account, account),
                                              "is_staff": account in staff, "sources": 0,
                                              "is_capped": False, "until": started})
        if source == ALL_SOURCES:
            entry["is_capped"] = True
            until = started + limits.account_window
        else:
            entry["sources"] += 1
            until = started + limits.source_window
        entry["until"] = max(entry["until"], until)
    return sorted(accounts.values(), key=lambda a: (not a["is_staff"], a["account"]))


def clear_account(tournament_id: int, account: str) -> int:
    """Remove every failure counted against this name; return how many counts went."""
    _SPENT.clear()
    result = db.session.execute(delete(LoginThrottle).where(
        LoginThrottle.tournament_id == tournament_id,
        LoginThrottle.account == account_key(account)))
    return result.rowcount or 0


# ---------------------------------------------------------------- call-ups per source

def calls_spent(source: Source, *, allowed: int, window_seconds: int) -> int:
    """Return the seconds this source must wait before calling again (0: it may call)."""
    now = utcnow()
    window = timedelta(seconds=window_seconds)
    c = THROTTLE.c
    waits = []
    for key, _limit in source.budgets(Limits()):
        row = db.session.execute(select(c.failures, c.window_started_at).where(
            c.tournament_id == CALLS_TOURNAMENT, c.account == CALLS_ACCOUNT,
            c.source == key)).first()
        if row and row.window_started_at >= now - window and row.failures >= allowed:
            waits.append(max(1, math.ceil((row.window_started_at + window - now)
                                          .total_seconds())))
    return max(waits, default=0)


def count_call(source: Source, *, window_seconds: int) -> None:
    """Count one new call-up against this source's address and device."""
    now = utcnow()
    for key, _limit in source.budgets(Limits()):
        _count(CALLS_TOURNAMENT, CALLS_ACCOUNT, key, None, timedelta(seconds=window_seconds),
               now)
