"""Checking a pooled database connection before use, only when it may have gone stale.

SQLAlchemy's `pool_pre_ping` asks the database (one round trip) every time a connection
leaves the pool. On a hall's polls, whose answer is one small query, that was a second round
trip to every answer, and it took the venue herd's first visits past their target on a
2-core laptop (`python -m bench load`: p99 2.0 s with it, 0.85 s without, the same hour).

So a connection is asked first only when it may have gone stale:
- it has sat in the pool longer than IDLE_S (a quiet hall, a network that cut it meanwhile);
- or the server wrote to it while it sat idle. A server ending a session (a restart, an
  administrator's `pg_terminate_backend`, an idle timeout) says so on the connection and
  closes it, which makes it readable. Looking costs no round trip: a poll of its socket.
A connection that does not answer is replaced, with every connection of the pool made before
it, as the pre-ping does (the pool's documented `checkout` event and InvalidatePoolError).
"""

from __future__ import annotations

import select
import time

from flask import Flask
from sqlalchemy import event, exc
from sqlalchemy.engine import Engine

IDLE_S = 1.0
_RETURNED = "judgeaid_returned_at"


def server_wrote(dbapi_connection) -> bool:
    """Say whether the server has written to this idle connection (it has no query out, so
    anything to read is the server's own word: most often that it ended the session). A
    connection without a socket (SQLite) never has; one whose socket is gone has."""
    fileno = getattr(dbapi_connection, "fileno", None)
    if fileno is None:
        return False
    try:
        number = fileno()
    except Exception:  # closed: the ping says so, and the pool replaces it
        return True
    if hasattr(select, "poll"):
        watch = select.poll()
        watch.register(number, select.POLLIN)
        return bool(watch.poll(0))
    return bool(select.select([number], [], [], 0)[0])


def watch(engine: Engine) -> None:
    """Ask a connection whether it still answers when it leaves the pool, if it sat idle over
    IDLE_S or the server wrote to it meanwhile."""
    dialect = engine.dialect

    @event.listens_for(engine, "connect")
    def _made(_dbapi_connection, record) -> None:
        record.info[_RETURNED] = time.monotonic()  # a new connection is as good as used

    @event.listens_for(engine, "checkin")
    def _returned(_dbapi_connection, record) -> None:
        record.info[_RETURNED] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _leaving(dbapi_connection, record, _proxy) -> None:
        # `info` lives as long as the connection it describes: a replaced one starts empty.
        returned = record.info.get(_RETURNED)
        if (returned is not None and time.monotonic() - returned < IDLE_S
                and not server_wrote(dbapi_connection)):
            return
        try:
            dialect.do_ping(dbapi_connection)
        except dialect.loaded_dbapi.Error as error:
            if dialect.is_disconnect(error, dbapi_connection, None):
                raise exc.InvalidatePoolError(str(error)) from error
            raise


def register(app: Flask) -> None:
    """Watch the app's database engine (in place of `pool_pre_ping`)."""
    from judgeaid.extensions import db

    with app.app_context():
        watch(db.engine)
