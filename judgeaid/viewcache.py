"""Views built once per version of their data and shared by every phone, worker and instance.

At a session's start every player in the hall opens their table's card within seconds, and
four to sixteen phones read each card. A card's view costs milliseconds to build and the same
bytes serve them all, so it is built once for each version of what it shows, named by a tag
(`services.card_views.view_tag`: the card's version and its event's revision), and kept:

- in this process, the latest build of each view (a small LRU), and
- in a store every worker and instance shares: Redis when `REDIS_URL` is set, else the
  database's `built_view` table (one row per view, the latest build only).

A build is only ever found under the tag it was built for, and the tag is read from the
database on every request, so a cache never serves a version older than the one a request
asks about: a write through one instance is read through another at the next poll. The store
tag also names this code's build, so two releases side by side never share a body.

`JUDGEAID_CARD_CACHE=off` builds every view afresh: the benchmark's baseline.
"""

from __future__ import annotations

import gzip
import hashlib
import logging
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from flask import Flask, current_app
from sqlalchemy import select, text
from sqlalchemy.dialects import postgresql, sqlite

from judgeaid.extensions import db
from judgeaid.models import BuiltView, utcnow

log = logging.getLogger(__name__)

KEPT_VIEWS = 1024  # per process: a 400-player event has 100 cards (their JSON, shell and
# plain page) and 400 players' pages
REDIS_SECONDS = 12 * 60 * 60  # a build nobody asked for in 12 hours is dropped from Redis
GZIP_FROM = 600  # bytes; as judgeaid.compression


@dataclass
class Built:
    """One view's bytes as built for `tag`; gzipped once, on first demand."""

    tag: str
    body: bytes
    _gzipped: bytes | None = field(default=None, repr=False)

    def gzipped(self) -> bytes:
        if self._gzipped is None:
            self._gzipped = gzip.compress(self.body, compresslevel=6, mtime=0)
        return self._gzipped


class Kept:
    """The latest build of each view in this process, the least recently used dropped first."""

    def __init__(self, limit: int = KEPT_VIEWS) -> None:
        self._limit = limit
        self._builds: OrderedDict[str, Built] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, name: str, tag: str) -> Built | None:
        with self._lock:
            built = self._builds.get(name)
            if built is None or built.tag != tag:
                return None
            self._builds.move_to_end(name)
            return built

    def put(self, name: str, built: Built) -> None:
        with self._lock:
            self._builds[name] = built
            self._builds.move_to_end(name)
            while len(self._builds) > self._limit:
                self._builds.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._builds.clear()


class DatabaseStore:
    """The shared store in the app's database: `built_view`, the latest build of each view."""

    def get(self, name: str, tag: str) -> bytes | None:
        return db.session.scalar(select(BuiltView.body).where(BuiltView.name == name,
                                                              BuiltView.tag == tag))

    def put(self, name: str, tag: str, body: bytes) -> None:
        dialect = db.session.get_bind().dialect.name
        # Its own short transaction: a read request has nothing else to commit.
        if dialect == "postgresql":
            # A build is a cache: its commit need not wait for the disk (PostgreSQL's
            # asynchronous commit; a crash can only lose the latest builds, built again on
            # the next read). At a session's start a hundred builds are written at once, and
            # each waiting on the disk would hold a request thread the hall is queueing for.
            db.session.execute(text("SET LOCAL synchronous_commit TO OFF"))
        self._upsert(dialect, name, tag, body)
        db.session.commit()

    def put_on_commit(self, name: str, tag: str, body: bytes) -> Callable[[], None]:
        """Store a build within the request's own transaction (it stands or falls with the
        write that made its version); return what is left to do once that commits: nothing."""
        self._upsert(db.session.get_bind().dialect.name, name, tag, body)
        return lambda: None

    @staticmethod
    def _upsert(dialect: str, name: str, tag: str, body: bytes) -> None:
        insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
        values = {"name": name, "tag": tag, "body": body, "built_at": utcnow()}
        statement = insert(BuiltView).values(**values)
        statement = statement.on_conflict_do_update(
            index_elements=[BuiltView.name],
            set_={"tag": statement.excluded.tag, "body": statement.excluded.body,
                  "built_at": statement.excluded.built_at})
        db.session.execute(statement)


class RedisStore:
    """The shared store in Redis: one key per build, dropped after 12 hours unread."""

    def __init__(self, url: str) -> None:
        import redis  # only when REDIS_URL is set

        self._client = redis.Redis.from_url(url, socket_timeout=1.0, socket_connect_timeout=1.0)
        self._errors = (redis.RedisError,)

    @staticmethod
    def _key(name: str, tag: str) -> str:
        return f"judgeaid:view:{name}:{tag}"

    def get(self, name: str, tag: str) -> bytes | None:
        try:
            return self._client.getex(self._key(name, tag), ex=REDIS_SECONDS)
        except self._errors as error:  # Redis down: build it here rather than fail the hall
            log.warning("Redis unavailable for the view cache: %s", error)
            return None

    def put(self, name: str, tag: str, body: bytes) -> None:
        try:
            self._client.set(self._key(name, tag), body, ex=REDIS_SECONDS)
        except self._errors as error:
            log.warning("Redis unavailable for the view cache: %s", error)

    def put_on_commit(self, name: str, tag: str, body: bytes) -> Callable[[], None]:
        """Return how to store a build once the request's transaction commits: Redis is no
        part of it, and a version that never committed must never be named here."""
        return lambda: self.put(name, tag, body)


@dataclass
class Cache:
    """The app's view cache: the process's builds in front of the shared store."""

    store: DatabaseStore | RedisStore | None  # None: off, build every time
    code: str  # this code's build: bodies from another release never match
    kept: Kept = field(default_factory=Kept)
    # one lock per stripe, so phones asking at once for one view wait for one build
    _locks: tuple[threading.Lock, ...] = field(
        default_factory=lambda: tuple(threading.Lock() for _ in range(64)))

    def shared(self, name: str, tag: str, build: Callable[[], bytes]) -> Built:
        """Return view `name` as built for data version `tag`, building it at most once."""
        if self.store is None:
            return Built(tag, build())
        built = self.kept.get(name, tag)
        if built is not None:
            return built
        with self._locks[zlib.crc32(name.encode()) % len(self._locks)]:
            built = self.kept.get(name, tag)
            if built is not None:
                return built
            stored_tag = f"{tag}@{self.code}"
            body = self.store.get(name, stored_tag)
            if body is None:
                body = build()
                self.store.put(name, stored_tag, body)
            built = Built(tag, body)
            self.kept.put(name, built)
            return built

    def keep(self, name: str, tag: str, body: bytes) -> Callable[[], None]:
        """Keep view `name` as built for data version `tag` by the request that is writing
        that version (a card's write answers with the card it made), so that the phones'
        next polls find it rather than build it again. Called within the write's transaction;
        returns what to do once it commits (never before: a version is only ever named after
        its commit, so a write that rolls back leaves nothing behind)."""
        if self.store is None:
            return lambda: None
        stored = self.store.put_on_commit(name, f"{tag}@{self.code}", body)

        def committed() -> None:
            stored()
            self.kept.put(name, Built(tag, body))

        return committed


@lru_cache(maxsize=4)
def code_version(root: Path) -> str:
    """Return a hash of the code, templates and static files a view is built with."""
    digest = hashlib.sha256()
    for folder, pattern in (("judgeaid", "*.py"), ("templates", "*"), ("static", "*")):
        for path in sorted((root / folder).rglob(pattern)):
            if path.is_file():
                digest.update(path.relative_to(root).as_posix().encode())
                digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:12]


def register(app: Flask) -> None:
    """Give the app its view cache, as configured."""
    from judgeaid.paths import ROOT

    if not app.config.get("CARD_VIEW_CACHE", True):
        store = None
    elif app.config.get("REDIS_URL"):
        store = RedisStore(app.config["REDIS_URL"])
    else:
        store = DatabaseStore()
    app.extensions["judgeaid.viewcache"] = Cache(store, code_version(ROOT))


def cache() -> Cache:
    """Return the current app's view cache."""
    return current_app.extensions["judgeaid.viewcache"]
