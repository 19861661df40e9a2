"""A pooled connection is asked whether it answers only when it may be stale: it sat idle, or
the server wrote to it meanwhile (judgeaid.connections); one the database has dropped is
replaced before a reader sees an error."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import create_engine, text

from judgeaid import connections
from judgeaid.extensions import db
from tests.conftest import is_postgres

pytestmark = pytest.mark.committed


@pytest.fixture
def pings(app, monkeypatch):
    """Count the pings of the app's engine (each still goes to the database)."""
    with app.app_context():
        dialect = db.engine.dialect
    asked = []
    real = dialect.do_ping

    def counted(dbapi_connection):
        asked.append(dbapi_connection)
        return real(dbapi_connection)

    monkeypatch.setattr(dialect, "do_ping", counted)
    return asked


def test_a_connection_back_in_the_pool_a_moment_ago_is_used_without_a_ping(client, demo, pings,
                                                                           monkeypatch):
    card = demo["cards"][0]["api"]
    monkeypatch.setattr(connections, "IDLE_S", 3600.0)
    assert client.get(card).status_code == 200
    assert client.get(card).status_code == 200
    assert pings == []


def test_a_connection_idle_longer_is_pinged_before_use(client, demo, pings, monkeypatch):
    card = demo["cards"][0]["api"]
    assert client.get(card).status_code == 200
    monkeypatch.setattr(connections, "IDLE_S", 0.0)
    assert client.get(card).status_code == 200
    assert pings, "an idle connection went out unasked"


def end_other_sessions(app) -> int:
    """End every other session of the app's database from another client, as a restart
    would, and wait until they are gone; return how many there were."""
    with app.app_context():
        url = db.engine.url
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    others = ("FROM pg_stat_activity WHERE datname = current_database() "
              "AND pid <> pg_backend_pid()")
    try:
        with admin.connect() as conn:
            ended = conn.execute(text(f"SELECT count(pg_terminate_backend(pid)) {others}")).scalar()
            for _ in range(100):
                if not conn.execute(text(f"SELECT count(*) {others}")).scalar():
                    break
                time.sleep(0.02)
    finally:
        admin.dispose()
    return ended


@pytest.mark.skipif(not is_postgres(), reason="a PostgreSQL server cuts connections")
@pytest.mark.parametrize("idle_s", [0.0, 3600.0], ids=["sat-idle", "used-a-moment-ago"])
def test_a_connection_the_database_dropped_is_replaced_before_the_reader_sees_it(
        app, client, demo, monkeypatch, idle_s):
    """Ended while it sat idle, or a moment after it was last used (the server's word that it
    ended the session is waiting on the connection): either way the next read is answered."""
    card = demo["cards"][0]["api"]
    assert client.get(card).status_code == 200
    assert end_other_sessions(app) >= 1
    monkeypatch.setattr(connections, "IDLE_S", idle_s)
    for _ in range(3):
        response = client.get(card)
        assert response.status_code == 200, response.get_data(as_text=True)[:300]
        assert response.get_json()["table"] == demo["cards"][0]["table"]


def test_an_idle_connection_the_server_has_not_written_to_has_nothing_to_read(app, client,
                                                                             demo):
    assert client.get(demo["cards"][0]["api"]).status_code == 200
    with app.app_context(), db.engine.connect() as conn:
        assert connections.server_wrote(conn.connection.dbapi_connection) is False
