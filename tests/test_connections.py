"""A pooled connection is asked whether it answers only after it sat idle (judgeaid.connections),
and one the database has dropped meanwhile is replaced before a reader sees an error."""

from __future__ import annotations

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


@pytest.mark.skipif(not is_postgres(), reason="a PostgreSQL server cuts connections")
def test_a_connection_the_database_dropped_is_replaced_before_the_reader_sees_it(
        app, client, demo, monkeypatch):
    card = demo["cards"][0]["api"]
    assert client.get(card).status_code == 200
    with app.app_context():
        url = db.engine.url
    # Another client ends every other session of this database, as a restart would.
    admin = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with admin.connect() as conn:
            ended = conn.execute(text(
                "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid()")).scalar()
    finally:
        admin.dispose()
    assert ended >= 1
    monkeypatch.setattr(connections, "IDLE_S", 0.0)  # the pool's connections sat idle since
    response = client.get(card)
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    assert response.get_json()["table"] == demo["cards"][0]["table"]
