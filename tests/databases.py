"""The test databases: built once per session, then rolled back or copied for each test.

SQLite: two files, an empty schema and the seated demo. A test runs on one of them inside a
transaction it never commits; a test whose writes must really commit gets a copy of the file.
PostgreSQL (TEST_DATABASE_URL): the same two as databases `<name>_empty` and `<name>_demo`;
a committing test gets `<name>` recreated from one of them as a template.
Flask and SQLAlchemy are imported inside the functions (see conftest.py).
"""

from __future__ import annotations

import json
import os
import shutil
from contextlib import contextmanager
from functools import cache
from pathlib import Path

KINDS = ("empty", "demo")
# Set in app.extensions while a test runs on one connection in a transaction never committed.
ROLLED_BACK = "tests.rolled_back"
# The statement that puts PostgreSQL's sequences back as the database was built.
RESTART_SEQUENCES = "tests.restart_sequences"


def database_url_for(tmp_path: Path) -> str:
    """Return the test database: TEST_DATABASE_URL (PostgreSQL) or a fresh SQLite file.

    Under pytest-xdist (`make test` runs two workers) each worker has databases of its own on
    PostgreSQL, named after TEST_DATABASE_URL's with the worker's name (`test_gw0`); on
    SQLite its files are in its own temporary folder already.
    """
    url = os.environ.get("TEST_DATABASE_URL")
    if url:
        from sqlalchemy.engine import make_url

        from judgeaid.config import _database_url

        os.environ["DATABASE_URL"] = url
        try:
            url = make_url(_database_url(""))
        finally:
            del os.environ["DATABASE_URL"]
        worker = os.environ.get("PYTEST_XDIST_WORKER")
        if worker:
            url = url.set(database=f"{url.database}_{worker}")
        return url.render_as_string(hide_password=False)
    return "sqlite:///" + str(tmp_path / "test.sqlite")


def reset_schema() -> None:
    """Drop every table (including Alembic's) and create the models' tables."""
    from sqlalchemy import text

    from judgeaid.extensions import db

    db.drop_all()
    with db.engine.begin() as conn:
        conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    db.create_all()


def make_app(url: str, **config):
    """Return the app as tests know it, on the database at url (config: settings over it)."""
    from judgeaid import create_app

    return create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": url,
                       "WTF_CSRF_ENABLED": False, "SERVER_NAME": None, **config})


def _build(url: str, with_demo: bool) -> dict | None:
    """Create the schema at url (and the demo); return the demo JSON."""
    from judgeaid.demo import create_demo
    from judgeaid.extensions import db

    app = make_app(url)
    demo = None
    with app.app_context():
        reset_schema()
        if with_demo:
            with app.test_request_context():
                demo = json.loads(json.dumps(create_demo(32, 7)))
                db.session.commit()
        db.session.remove()
        db.engine.dispose()
    return demo


class Templates:
    """The empty and the demo database, built once; where each test's database comes from."""

    def __init__(self, folder: Path):
        self.postgres = bool(os.environ.get("TEST_DATABASE_URL"))
        if self.postgres:
            from sqlalchemy.engine import make_url

            self.base = make_url(database_url_for(folder))
            self.urls = {kind: self.base.set(database=f"{self.base.database}_{kind}")
                         for kind in KINDS}
            # <name> too: a test that makes its own app uses it as it is.
            for name in (self.base.database, *(url.database for url in self.urls.values())):
                self._recreate(name)
            self.urls = {kind: url.render_as_string(hide_password=False)
                         for kind, url in self.urls.items()}
        else:
            self.urls = {kind: f"sqlite:///{folder / kind}.sqlite" for kind in KINDS}
        _build(self.urls["empty"], with_demo=False)
        self.demo = _build(self.urls["demo"], with_demo=True)
        self.apps: dict = {}
        # PostgreSQL's sequences ignore rollbacks: each test starts them where the build
        # left them, so ids in a test do not depend on the tests before it.
        self.restart_sequences = ({url: _sequences_as_built(url) for url in self.urls.values()}
                                  if self.postgres else {})

    def shared_app(self, with_demo: bool):
        """Return the app made once for rolled-back tests on the empty or the demo database.

        Building the app compiles every URL rule, the largest cost of a test that
        does little; a test may change the app's config, restored by the app fixture.
        """
        url = self.shared_url(with_demo)
        if url not in self.apps:
            self.apps[url] = app = make_app(url)
            _savepoints_on_sqlite(app)
            app.extensions[RESTART_SEQUENCES] = self.restart_sequences.get(url)
        return self.apps[url]

    def shared_url(self, with_demo: bool) -> str:
        """Return the database a rolled-back test runs on."""
        return self.urls["demo" if with_demo else "empty"]

    def close(self) -> None:
        """Close the shared apps' connections."""
        for app in self.apps.values():
            _close_connections(app)

    def copy_for(self, tmp_path: Path, with_demo: bool) -> str:
        """Return a database of the test's own, a copy of the empty or the demo one."""
        source = self.shared_url(with_demo)
        if self.postgres:
            # PostgreSQL copies a template only while nobody is connected to it.
            for app in self.apps.values():
                _close_connections(app)
            _run(source, self.restart_sequences[source])
            self._recreate(self.base.database, template=source.rsplit("/", 1)[1])
            return self.base.render_as_string(hide_password=False)
        target = tmp_path / "test.sqlite"
        shutil.copyfile(source.removeprefix("sqlite:///"), target)
        return f"sqlite:///{target}"

    def _recreate(self, name: str, template: str | None = None) -> None:
        """Drop and create a PostgreSQL database, optionally from a template."""
        from sqlalchemy import create_engine, text

        engine = create_engine(self.base.set(database="postgres"),
                               isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as conn:
                conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
                suffix = f' TEMPLATE "{template}"' if template else ""
                conn.execute(text(f'CREATE DATABASE "{name}"{suffix}'))
        finally:
            engine.dispose()


def _sequences_as_built(url: str) -> str | None:
    """Return one statement that sets every sequence of a PostgreSQL database as it is now."""
    from sqlalchemy import create_engine

    engine = create_engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.exec_driver_sql(
                "SELECT schemaname, sequencename, last_value FROM pg_sequences").all()
    finally:
        engine.dispose()
    calls = [f"setval('\"{schema}\".\"{name}\"', {value or 1}, {value is not None})"
             for schema, name, value in rows]
    return "SELECT " + ", ".join(calls) if calls else None


def _run(url: str, statement: str | None) -> None:
    """Run one statement on a database, if there is one, and disconnect."""
    from sqlalchemy import create_engine

    if not statement:
        return
    engine = create_engine(url, isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as conn:
            conn.exec_driver_sql(statement)
    finally:
        engine.dispose()


def _close_connections(app) -> None:
    """Close the connections an app keeps in its pool."""
    from judgeaid.extensions import db

    with app.app_context():
        db.engine.dispose()


def _savepoints_on_sqlite(app) -> None:
    """Let SQLAlchemy, not pysqlite, begin SQLite transactions, so that SAVEPOINT works."""
    from sqlalchemy import event

    from judgeaid.extensions import db

    with app.app_context():
        engine = db.engine
    if engine.dialect.name != "sqlite":
        return

    @event.listens_for(engine, "connect")
    def _no_driver_transactions(dbapi_connection, _record):
        dbapi_connection.isolation_level = None

    @event.listens_for(engine, "begin")
    def _begin(conn):
        conn.exec_driver_sql("BEGIN")


def _forget_between_tests() -> None:
    """Drop what the process remembers of a database that the next test will not have."""
    from judgeaid.services.standings_data import forget_computed

    forget_computed()


@contextmanager
def committed_database(app):
    """Run a test on its own database, whose writes commit; close it afterwards."""
    from judgeaid.extensions import db

    try:
        yield
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
        _forget_between_tests()


@contextmanager
def rolled_back(app):
    """Run a test inside one transaction on the shared database and roll it back at the end.

    db.session joins that transaction: its commits and rollbacks are savepoints
    (SQLAlchemy's "joining a Session into an external transaction").
    """
    from sqlalchemy.orm import scoped_session, sessionmaker

    from judgeaid.extensions import db

    with app.app_context():
        connection = db.engine.connect()
        outer = connection.begin()
        if app.extensions.get(RESTART_SEQUENCES):
            connection.exec_driver_sql(app.extensions[RESTART_SEQUENCES])
    app_session = db.session
    app.extensions[ROLLED_BACK] = True
    # Views this process built for the previous test's data, which rolled back: ids, versions
    # and revisions start again from the same values (never so outside tests).
    app.extensions["judgeaid.viewcache"].kept.clear()
    # One test, one thread: a thread-local scoped session on the test's connection.
    db.session = scoped_session(sessionmaker(
        class_=_joined_session_class(), db=db, bind=connection,
        join_transaction_mode="create_savepoint"))
    try:
        yield
    finally:
        with app.app_context():
            db.session.remove()
            db.session = app_session
            outer.rollback()
            connection.close()
        del app.extensions[ROLLED_BACK]
        _forget_between_tests()


@cache
def _joined_session_class():
    """Return Flask-SQLAlchemy's session class, made to use the connection it is given."""
    from flask_sqlalchemy.session import Session

    class JoinedSession(Session):
        """Flask-SQLAlchemy's session, always on the connection it was given."""

        def get_bind(self, *args, **kwargs):
            return self.bind

    return JoinedSession
