"""Checking a pooled database connection before use, only when it may have gone stale.

SQLAlchemy's `pool_pre_ping` asks the database (one round trip) every time a connection
leaves the pool. On a hall's polls, whose answer is one small query, that was a second round
trip to every answer, and it took the venue herd's first visits past their target on a
2-core laptop (`python -m bench load`: p99 2.0 s with it, 0.85 s without, the same hour).

A connection that came back to the pool less than IDLE_S ago was answering then, so it is
used as it is; one that has sat longer (a quiet hall, a database restarted or a connection
cut by the network meanwhile) is asked first, and one that does not answer is replaced, with
every other connection of the pool made before it, as the pre-ping does (the pool's
documented `checkout` event and InvalidatePoolError). A database that restarts within that
second fails the requests that were using it then, as any restart does; SQLAlchemy renews
the pool after the first of them.
"""

from __future__ import annotations

import time

from flask import Flask
from sqlalchemy import event, exc
from sqlalchemy.engine import Engine

IDLE_S = 1.0
_RETURNED = "judgeaid_returned_at"


def watch(engine: Engine) -> None:
    """Ask a connection whether it still answers when it leaves the pool after IDLE_S idle."""
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
        if returned is not None and time.monotonic() - returned < IDLE_S:
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
