"""Tournaments, their organizers and judges, and signing in with name and PIN."""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
import threading
from collections import deque
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager

from flask_babel import gettext as _
from flask_babel import lazy_gettext
from sqlalchemy import func, select, update
from sqlalchemy.orm.attributes import set_committed_value
from werkzeug.security import check_password_hash, generate_password_hash

from judgeaid import naming, venuetime
from judgeaid.extensions import db
from judgeaid.models import ROLES, KnownDevice, Tournament, User
from judgeaid.rules import DEFAULT_RULESET, RULESETS, get_ruleset
from judgeaid.services import plain_messages, throttle
from judgeaid.services.audit import record_event
from judgeaid.services.errors import Busy, Conflict, NotFound, ServiceError, Unauthorized
from judgeaid.services.venuetime import default_zone

PIN_PATTERN = re.compile(r"^\d{4,12}$")
ROLE_NAMES = {"organizer": lazy_gettext("Organizer"), "head_judge": lazy_gettext("Head judge"),
              "judge": lazy_gettext("Judge")}


def _check_name(name: str, what: str) -> str:
    name = naming.normalise(name)
    if not name:
        raise ServiceError(_("The person's name is missing.") if what == "person's" else
                           _("The %(what)s name is missing.", what=what))
    if len(name) > 80:
        raise ServiceError(_("The person's name is longer than 80 characters.")
                           if what == "person's" else
                           _("The %(what)s name is longer than 80 characters.", what=what))
    problem = naming.invisible_problem(name, f"{what} name")
    if problem:
        raise ServiceError(plain_messages.say(problem))
    return name


# The pin_hash of an account that has no PIN yet (a restored judge): no PIN ever matches it.
NO_PIN = ""

# How every PIN is hashed: werkzeug's method string, the one place that says it. scrypt at
# n = 8192 (8 MiB per guess, so a GPU gains little over a CPU) costs 13 ms of CPU per check on
# the 2-core venue laptop (bench/signin.py measures it), against 63 ms for werkzeug's default
# scrypt:32768:8:1. More would not buy safety for a PIN of 4 to 12 digits:
# - Online, the throttle sets the pace, not the hash: 5 failures per name and device per
#   15 minutes and 20 per name per day (services/throttle.py), whatever each check costs.
# - Offline, from a stolen database, no cost a server can pay per sign-in saves a short PIN:
#   all 1,000,000 six-digit PINs take 3.6 CPU-hours at 13 ms, and 17.5 at 63 ms. The hash
#   keeps PINs out of plain sight and, salted, makes each one cost its own search; PINs last
#   one event and a restore sets new ones.
# What the cost decides is the hall: 100 judges signing in at once is 1.3 s of CPU now, 6.3 s
# at the default, on the two cores that also answer every phone.
PIN_HASH_METHOD = "scrypt:8192:8:1"

# One PIN or password check at a time in a worker process: hashing is the costly part.
# hashlib's scrypt releases the GIL, so while one thread hashes on one core the worker's other
# threads serve the hall. A request's thread is what waits for the turn, and gunicorn's threads
# (4 a worker) are what the whole hall shares: a burst of sign-ins waiting in them would leave
# the phones queueing behind it. So one more sign-in may wait for the turn, briefly, and the
# rest are turned away at once with a 503 and Retry-After: 1; the sign-in page tries again by
# itself (static/js/signin.js), and so does any API client that honours Retry-After. Two
# threads of each worker stay free for the hall however many judges sign in at once.
#
# The turn is fair per source (the address ProxyFix believes): the waiting place goes to a
# source that holds no place yet, before one that already holds the turn, so a flood from one
# address never keeps another address's sign-in out (issue 28). A newcomer from a source with
# no place takes the waiting place from a source that holds both the turn and the place; that
# one is answered "busy" and tries again.
HASHING_WAIT_SECONDS = 5.0
BUSY_RETRY_SECONDS = 1
WAITING_PLACES = 1


class _Waiter:
    __slots__ = ("event", "granted", "evicted", "source")

    def __init__(self, source: str):
        self.source = source
        self.event = threading.Event()
        self.granted = False
        self.evicted = False


class FairTurn:
    """One holder at a time, handed over in order, with waiting places shared fairly."""

    def __init__(self, places: int = WAITING_PLACES):
        self._lock = threading.Lock()
        self._holder: str | None = None
        self._queue: deque[_Waiter] = deque()
        self.places = places

    def _places_of(self, source: str) -> int:
        return (self._holder == source) + sum(w.source == source for w in self._queue)

    def _join(self, source: str) -> _Waiter | None:
        """Take the turn (None) or a waiting place; raise Busy when there is none to have."""
        with self._lock:
            if self._holder is None and not self._queue:
                self._holder = source
                return None
            if self._places_of(source):
                if len(self._queue) >= self.places or any(w.source == source
                                                          for w in self._queue):
                    raise _busy()
            elif len(self._queue) >= self.places:
                # The newest waiter of a source that already holds two places gives way.
                crowded = [w for w in self._queue if self._places_of(w.source) > 1]
                if not crowded:
                    raise _busy()
                loser = crowded[-1]
                self._queue.remove(loser)
                loser.evicted = True
                loser.event.set()
            waiter = _Waiter(source)
            self._queue.append(waiter)
            return waiter

    def _leave(self) -> None:
        with self._lock:
            if self._queue:
                waiter = self._queue.popleft()
                waiter.granted = True
                self._holder = waiter.source
                waiter.event.set()
            else:
                self._holder = None

    @contextmanager
    def take(self, source: str = "") -> Iterator[None]:
        """Hold the turn for the block; raise Busy if no turn or waiting place is to be had."""
        waiter = self._join(source)
        if waiter is not None:
            waiter.event.wait(HASHING_WAIT_SECONDS)
            with self._lock:
                if not waiter.granted:
                    if not waiter.evicted:
                        self._queue.remove(waiter)
                    raise _busy()
        try:
            yield
        finally:
            self._leave()


def _busy() -> Busy:
    return Busy(_("Many people are signing in at this moment. Try again in a moment."),
                retry_after=BUSY_RETRY_SECONDS)


_TURN = FairTurn()


def hashing_turn(source: str = "") -> AbstractContextManager[None]:
    """Take this process's turn to check a PIN or password for `source` (an address); raise
    Busy if no turn or waiting place is to be had now."""
    return _TURN.take(source)


def hash_pin(pin: str) -> str:
    """Return the PIN's hash to store, made with PIN_HASH_METHOD."""
    return generate_password_hash(pin, method=PIN_HASH_METHOD)


def hash_method(stored: str) -> str:
    """Return the method a stored hash was made with, as werkzeug writes it."""
    return stored.split("$", 1)[0]


def check_pin(pin: str, message: str | None = None) -> str:
    """Return the PIN without surrounding spaces, or raise if it is not 4 to 12 digits."""
    pin = (pin or "").strip() if isinstance(pin, str) else ""
    if not PIN_PATTERN.match(pin):
        raise ServiceError(message or _("A PIN is 4 to 12 digits."))
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
    time_zone: str | None = None,
    ruleset: str = DEFAULT_RULESET,
) -> tuple[Tournament, User]:
    """Create a tournament with its first organizer (time zone: the server's default)."""
    title = " ".join((name or "").split())
    if not title:
        raise ServiceError(_("The tournament name is missing."))
    if len(title) > 120:
        raise ServiceError(_("The tournament name is longer than 120 characters."))
    if ruleset not in RULESETS:
        known = ", ".join(f"{r.name} ({code})" for code, r in RULESETS.items())
        raise ServiceError(_("Unknown ruleset '%(ruleset)s': choose one of %(known)s.",
                             ruleset=ruleset, known=known))
    rules = get_ruleset(ruleset)
    if format_code not in rules.formats:
        known = ", ".join(f.name for f in rules.formats.values())
        raise ServiceError(_("Unknown format '%(format)s' for %(ruleset)s: choose one of "
                             "%(known)s.", format=format_code, ruleset=rules.name, known=known))
    merged, problems = rules.validate_settings(format_code, settings or {})
    if problems:
        raise ServiceError(" ".join(problems), details=problems)
    zone = check_time_zone(time_zone) if time_zone else default_zone()
    tournament = Tournament(
        name=title, format=format_code, ruleset=ruleset, settings=merged,
        seed=seed if seed is not None else random.SystemRandom().randrange(1, 2**31),
        time_zone=zone,
    )
    db.session.add(tournament)
    db.session.flush()
    organizer = add_user(tournament, organizer_name, "organizer", organizer_pin, actor="setup")
    record_event("tournament.create", tournament_id=tournament.id, actor=organizer,
                 subject=f"tournament:{tournament.id}", after={"name": title,
                                                              "format": format_code,
                                                              "time_zone": zone})
    return tournament, organizer


def check_time_zone(name: object) -> str:
    """Return the IANA zone name as stored, or raise a 400 ServiceError naming the problem."""
    try:
        return venuetime.check_zone(name)
    except venuetime.ZoneError as exc:
        raise ServiceError(str(exc)) from exc


def set_time_zone(tournament: Tournament, name: object, actor: User) -> Tournament:
    """Change the venue's time zone; allowed at any time, as stored times stay UTC."""
    zone = check_time_zone(name)
    if zone != tournament.time_zone:
        before, tournament.time_zone = tournament.time_zone, zone
        record_event("tournament.time_zone", tournament_id=tournament.id, actor=actor,
                     subject=f"tournament:{tournament.id}", before={"time_zone": before},
                     after={"time_zone": zone})
        db.session.flush()
    return tournament


# Settings no format lists, kept by the desk: standings_data.DRAW_ORDER, PHYSICAL_DRAWS and
# PRIZE_PLACES, and clock.py's switched session.
KEPT_SETTINGS = ("draw_order", "physical_draws", "prize_places", "clock_session",
                 "print_bilingual")


def set_language(tournament: Tournament, value: object, actor: User) -> Tournament:
    """Change the event's default language (`settings["language"]`: en, zh-Hant or zh-Hans),
    the pages' language for a browser that asks for none of ours; allowed at any time."""
    from judgeaid.i18n import DEFAULT, LOCALES, NATIVE_NAMES, tag_for

    tag = tag_for(value) if isinstance(value, str) else None
    if tag is None:
        raise ServiceError(_("Choose the event's language: %(choices)s.",
                             choices=", ".join(f"{NATIVE_NAMES[t]} ({t})" for t in LOCALES)))
    return _change_setting(tournament, "language", tag,
                           tournament.settings.get("language", DEFAULT), actor)


# Yes and no as a form, a query string or JSON sends them.
_YES, _NO = ("1", "true", "yes", "on"), ("0", "false", "no", "off", "")


def set_print_bilingual(tournament: Tournament, value: object, actor: User) -> Tournament:
    """Print the event's language with English beside it, or not (`settings["print_bilingual"]`,
    read by printing/language.py); allowed at any time."""
    word = str(value).strip().lower() if isinstance(value, str | bool | int) else None
    if isinstance(value, bool):
        word = "1" if value else "0"
    if word not in (*_YES, *_NO):
        raise ServiceError(_("Bilingual printing is on (1) or off (0)."))
    wanted = word in _YES
    return _change_setting(tournament, "print_bilingual", wanted,
                           bool(tournament.settings.get("print_bilingual", False)), actor)


def _change_setting(tournament: Tournament, key: str, value: object, before: object,
                    actor: User) -> Tournament:
    """Store one setting the organizer may change at any time, audited as
    `tournament.<key>` when it changes."""
    if value != before:
        tournament.settings = {**tournament.settings, key: value}
        record_event(f"tournament.{key}", tournament_id=tournament.id, actor=actor,
                     subject=f"tournament:{tournament.id}", before={key: before},
                     after={key: value})
        db.session.flush()
    return tournament


def update_settings(tournament: Tournament, values: dict, actor: User) -> Tournament:
    """Change an event's settings before play starts (its time zone, language and bilingual
    printing at any time)."""
    values = dict(values)
    if {"time_zone", "language", "print_bilingual"} & values.keys():
        if "time_zone" in values:
            set_time_zone(tournament, values.pop("time_zone"), actor)
        if "language" in values:
            set_language(tournament, values.pop("language"), actor)
        if "print_bilingual" in values:
            set_print_bilingual(tournament, values.pop("print_bilingual"), actor)
        if not values:
            return tournament
    if any(s.status in ("playing", "finished") for s in tournament.sessions):
        raise Conflict(_("Settings are fixed once play has started."))
    merged, problems = get_ruleset(tournament.ruleset).validate_settings(
        tournament.format, {**tournament.settings, **values})
    if problems:
        raise ServiceError(" ".join(problems), details=problems)
    # what the desk keeps in the settings beside the format's own (prize places, lots,
    # physical draws, the hall clock's session) stays through an edit of the format's
    merged = {**{k: v for k, v in tournament.settings.items() if k in KEPT_SETTINGS}, **merged}
    before = dict(tournament.settings)
    if "language" in before:  # the event's language is no format setting: it stays
        merged = {**merged, "language": before["language"]}
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
        raise ServiceError(_("Unknown role '%(role)s'.", role=role))
    taken = db.session.scalar(
        select(User).where(User.tournament_id == tournament.id,
                           func.lower(User.name) == name.lower())
    )
    if taken:
        raise Conflict(_("%(name)s already has a sign-in for this tournament.", name=name))
    # A judge who looks like another could take calls, and sign-ins, meant for them.
    other = naming.look_alike(name, db.session.scalars(
        select(User.name).where(User.tournament_id == tournament.id)))
    if other:
        raise Conflict(plain_messages.say(naming.look_alike_problem(name, other,
                                                                      "person's name")))
    user = User(tournament_id=tournament.id, name=name, role=role,
                pin_hash=hash_pin(pin))
    # Shown once beside the PIN (the desk, `flask demo`): the caller reads it here.
    user.recovery_code = new_recovery_code(user)
    db.session.add(user)
    db.session.flush()
    record_event("user.add", tournament_id=tournament.id, actor=actor, subject=f"user:{user.id}",
                 after={"name": name, "role": role})
    return user


def get_tournament_or_404(tournament_id: int) -> Tournament:
    """Return the tournament or raise NotFound."""
    tournament = db.session.get(Tournament, tournament_id)
    if tournament is None:
        raise NotFound(_("There is no tournament %(id)s.", id=tournament_id))
    return tournament


MAX_TOURNAMENT_ID = 2**31 - 1  # the id column is a 32-bit integer on PostgreSQL

# Checked when the name is unknown (or its account has no PIN yet), so that a wrong name
# costs as long as a wrong PIN and the answer's timing does not tell which names exist. A
# constant made with PIN_HASH_METHOD (a test holds them together) from a random secret nobody
# kept: computing it on first use made the first unknown name in each worker cost two hashes.
DUMMY_HASH = ("scrypt:8192:8:1$1DbucBKLPnGLaWot$1955bc4120851dc9b41fe078eda92a75cd59dd16155b"
              "4937d73f98749701b63287f5e2c88a7822db573f979f9abda011c0581a4030524704071dc888"
              "cc86e2bc")


def _find_user(tournament_id: int, account: str) -> User | None:
    return db.session.scalar(select(User).where(User.tournament_id == tournament_id,
                                                func.lower(User.name) == account))


def _is_known_device(user: User | None, source: throttle.Source) -> bool:
    if user is None or not source.device:
        return False
    return db.session.scalar(select(KnownDevice.id).where(
        KnownDevice.user_id == user.id, KnownDevice.device == source.device)) is not None


def authenticate(tournament_id: int | None, name: str, pin: str, *, source: throttle.Source,
                 limits: throttle.Limits, new_device: str | None = None) -> User:
    """Return the user for a correct name and PIN; refuse a source that failed too often.

    `new_device` is the hash of a device cookie about to be given to this client; a
    successful sign-in remembers it (or the cookie the client sent) as this user's device.
    """
    # Nothing is written before a sign-in (count_attempt commits at once): ending the read
    # a signed-in cookie began means no sign-in waiting its turn holds a database connection.
    db.session.commit()
    # A source that spent its failures across names is refused before it waits for a turn or
    # costs a hash: a flood of made-up names gets 429s, cheaply, and holds no turn.
    check_budget(tournament_id, name, source, limits)
    # The whole check takes the turn, its queries with its hash: the sign-ins of a burst then
    # wait without using the CPU or the GIL, and the hall's requests share the worker with
    # one sign-in at a time. Refused as busy, a sign-in has counted nothing against the name.
    with hashing_turn(source.address):
        return _check_sign_in(tournament_id, name, pin, source=source, limits=limits,
                              new_device=new_device)


def check_budget(tournament_id: int | None, name: str, source: throttle.Source,
                 limits: throttle.Limits) -> None:
    """Refuse a source whose failures across names are spent (a phone that signed in as the
    typed name before is spared its address's budget)."""
    spent = throttle.over_budget(source, limits)
    if not spent:
        return
    known = False
    if spent == [source.address_key] and source.device and type(tournament_id) is int:
        typed = throttle.typed_name(name)
        known = _is_known_device(_find_user(tournament_id, typed), source)
    throttle.check_budget(source, limits, is_known_device=known)


def _check_sign_in(tournament_id: int | None, name: str, pin: str, *, source: throttle.Source,
                   limits: throttle.Limits, new_device: str | None) -> User:
    if type(tournament_id) is not int or not 1 <= tournament_id <= MAX_TOURNAMENT_ID:
        tournament_id = 0
    typed, account = throttle.typed_name(name), throttle.account_key(name)
    # A name longer than any stored one cannot be anybody's (not even cut to 80 characters).
    user = (_find_user(tournament_id, typed)
            if tournament_id and typed and typed == account else None)
    # Read now: the commit below expires it.
    stored = user.pin_hash if user and user.pin_hash else DUMMY_HASH
    throttle.count_attempt(tournament_id, account, source,
                           is_known_device=_is_known_device(user, source), limits=limits)
    # A megabyte "PIN" would only make the hash slow; no PIN is longer than 64 characters.
    given = pin if isinstance(pin, str) and len(pin) <= 64 else ""
    is_right = check_password_hash(stored, given)
    if user is None or not is_right:
        raise Unauthorized(_("Wrong tournament, name or PIN."))
    if hash_method(stored) != PIN_HASH_METHOD:
        # A PIN stored at an older cost is stored again at today's, in the transaction that
        # signs the user in.
        user.pin_hash = hash_pin(given)
    throttle.count_success(tournament_id, account, source, limits)
    _remember_device(user, source.device or new_device)
    record_event("user.login", tournament_id=tournament_id, actor=user, subject=f"user:{user.id}")
    return user


def _remember_device(user: User, device: str | None) -> None:
    if device and not _is_known_device(user, throttle.Source("", device)):
        db.session.add(KnownDevice(user_id=user.id, device=device))


# ---------------------------------------------------------------- one-time recovery codes
#
# Every judge and organizer gets a recovery code with their PIN (shown once beside it on the
# desk). It signs them in from any phone despite a sign-in lock, once, and is then replaced:
# a stranger's wrong PINs can lock a name against unknown devices, never against its owner.
# 12 characters from 31 (about 59 bits): guessing one is hopeless within any budget, so a
# plain SHA-256 keeps it (no slow hash, no turn to wait for).
RECOVERY_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
RECOVERY_LENGTH = 12
# The hash no code has, compared when the name is unknown or has no code yet.
_NO_RECOVERY = "0" * 64


def _recovery_digest(code: str) -> str:
    plain = "".join(ch for ch in code.upper() if ch.isalnum())
    return hashlib.sha256(plain.encode("utf-8", "replace")).hexdigest()


def _make_recovery_code() -> tuple[str, str]:
    """Return a new code as shown (XXXX-XXXX-XXXX) and its digest as stored."""
    plain = "".join(secrets.choice(RECOVERY_ALPHABET) for _ in range(RECOVERY_LENGTH))
    return "-".join(plain[i:i + 4] for i in range(0, RECOVERY_LENGTH, 4)), _recovery_digest(plain)


def new_recovery_code(user: User) -> str:
    """Give the user a new one-time recovery code (the old one stops working); return it."""
    shown, user.recovery_hash = _make_recovery_code()
    return shown


def recover(tournament_id: int | None, name: str, code: str, *, source: throttle.Source,
            limits: throttle.Limits, new_device: str | None = None) -> User:
    """Sign in with a one-time recovery code, despite any lock on the name; the user gets a
    new code (`user.recovery_code`), and this phone becomes one of their devices."""
    db.session.commit()
    check_budget(tournament_id, name, source, limits)
    if type(tournament_id) is not int or not 1 <= tournament_id <= MAX_TOURNAMENT_ID:
        tournament_id = 0
    typed = throttle.typed_name(name)
    user = _find_user(tournament_id, typed) if tournament_id and typed else None
    stored = (user.recovery_hash if user is not None else "") or _NO_RECOVERY
    given = _recovery_digest(code if isinstance(code, str) and len(code) <= 64 else "")
    if user is None or not hmac.compare_digest(stored, given):
        throttle.count_failure(source, limits)
        raise Unauthorized(_("Wrong tournament, name or recovery code."))
    fresh, digest = _make_recovery_code()
    # Used once: of two sign-ins with one code at the same moment, only one replaces it.
    replaced = db.session.execute(
        update(User).where(User.id == user.id, User.recovery_hash == stored)
        .values(recovery_hash=digest).execution_options(synchronize_session=False))
    if replaced.rowcount != 1:
        db.session.rollback()
        raise Unauthorized(_("This recovery code was used a moment ago."))
    set_committed_value(user, "recovery_hash", digest)
    user.recovery_code = fresh
    _remember_device(user, source.device or new_device)
    record_event("user.recover", tournament_id=tournament_id, actor=user,
                 subject=f"user:{user.id}")
    return user


def end_sessions(user: User) -> None:
    """End every signed-in session of this user, on every device."""
    # One UPDATE ... + 1, so two sign-outs at once both count.
    user.session_epoch = User.session_epoch + 1
    db.session.flush()


def change_pin(tournament: Tournament, user_id: int, pin: str, *, actor: User) -> User:
    """Give a judge, head judge or organizer a new PIN and end their sessions."""
    user = db.session.get(User, user_id)
    if user is None or user.tournament_id != tournament.id:
        raise NotFound(_("There is no such judge or organizer in this tournament."))
    user.pin_hash = hash_pin(_check_pin(pin))
    # A new PIN comes with a new recovery code, shown beside it once.
    user.recovery_code = new_recovery_code(user)
    end_sessions(user)
    # The failures counted so far were guesses at the old PIN.
    throttle.clear_account(tournament.id, user.name)
    record_event("user.pin", tournament_id=tournament.id, actor=actor, subject=f"user:{user.id}",
                 after={"name": user.name, "role": user.role})
    return user


def clear_sign_in_lock(tournament: Tournament, account: str, *, actor: User) -> int:
    """Let a name sign in again from everywhere; return how many counts were cleared."""
    account = throttle.account_key(account)
    if not account:
        raise ServiceError(_("Say which name to clear."))
    cleared = throttle.clear_account(tournament.id, account)
    record_event("user.unlock", tournament_id=tournament.id, actor=actor,
                 subject=f"account:{account}", after={"name": account, "cleared": cleared})
    return cleared


def new_recovery_for(tournament: Tournament, name: str) -> str:
    """Give the judge or organizer of this name a new recovery code; return it."""
    user = _find_user(tournament.id, throttle.typed_name(name))
    if user is None:
        raise NotFound(_("There is no judge or organizer called %(name)s in this tournament.",
                         name=name))
    code = new_recovery_code(user)
    db.session.flush()
    return code


def pin_matches(user: User, pin: str) -> bool:
    """Return True when `pin` is the user's PIN; for a form sent again, not for signing in."""
    if not (user.pin_hash and isinstance(pin, str) and len(pin) <= 64):
        return False
    with hashing_turn():
        return check_password_hash(user.pin_hash, pin.strip())
