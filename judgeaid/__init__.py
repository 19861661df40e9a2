"""judgeaid: the judge's and organizer's assistant for Zung Jung and MCR mahjong tournaments."""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from judgeaid.paths import ROOT

if TYPE_CHECKING:  # the pure core imports this package, so Flask loads only in create_app
    from flask import Flask


def create_app(test_config: dict | None = None) -> Flask:
    """Create and configure the judgeaid application."""
    from flask import Flask

    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(ROOT / "templates"),
        static_folder=str(ROOT / "static"),
    )

    from judgeaid.config import Config, TestConfig

    app.config.from_object(TestConfig if test_config and test_config.get("TESTING") else Config)
    app.config["SQLALCHEMY_DATABASE_URI"] = Config.database_url(app.instance_path)
    if test_config:
        app.config.update(test_config)
    os.makedirs(app.instance_path, exist_ok=True)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _instance_secret(Path(app.instance_path))

    from judgeaid import assets, compression, edge, errors, headers, i18n, signin, uploads
    from judgeaid.extensions import csrf, db, migrate

    db.init_app(app)
    migrate.init_app(app, db, directory=str(ROOT / "migrations"), render_as_batch=True)
    uploads.register(app)  # before CSRF, which reads the form
    csrf.init_app(app)
    _tune_sqlite(app)
    from judgeaid import connections, revisions, viewcache

    connections.register(app)  # a connection that may be stale is asked before use

    revisions.register()  # Tournament.revision follows what live cards show
    viewcache.register(app)

    from judgeaid import writeturns

    # The API's writes a few at a time: first of all, so that a write refused as busy costs
    # no query (its refusal is in the language the request itself asks for, else the event's).
    writeturns.register(app)
    from judgeaid.access import load_signed_in_user

    app.before_request(load_signed_in_user)
    i18n.register(app)  # the page's language (after the user is known: their choice counts)
    errors.register(app)
    signin.register(app)
    assets.register(app)
    from judgeaid.services import venuetime

    venuetime.register(app)  # the venue's time zone in templates (|venue_time, venue_zone())
    compression.register(app)
    headers.register(app)

    edge.register(app)  # the id converter must be in place before any route is added
    from judgeaid.api.views import bp as api_bp
    from judgeaid.auth.views import bp as auth_bp
    from judgeaid.awards.views import api as awards_api_bp
    from judgeaid.awards.views import bp as awards_bp
    from judgeaid.cards.views import api as cards_api_bp
    from judgeaid.cards.views import bp as cards_bp
    from judgeaid.clock.views import api as clock_api_bp
    from judgeaid.clock.views import bp as clock_bp
    from judgeaid.judge.views import api as judge_api_bp
    from judgeaid.judge.views import bp as judge_bp
    from judgeaid.leaderboards.views import api as leaderboards_api_bp
    from judgeaid.leaderboards.views import bp as leaderboards_bp
    from judgeaid.main.views import bp as main_bp
    from judgeaid.organizer.views import bp as organizer_bp
    from judgeaid.picker.views import bp as picker_bp
    from judgeaid.players.views import bp as players_bp
    from judgeaid.printing.views import bp as printing_bp
    from judgeaid.seating.views import bp as seating_bp
    from judgeaid.standings.ema_views import bp as ema_bp
    from judgeaid.standings.views import api as standings_api_bp
    from judgeaid.standings.views import bp as standings_bp

    for blueprint in (main_bp, auth_bp, organizer_bp, picker_bp, players_bp, cards_bp, api_bp,
                      cards_api_bp, judge_bp, judge_api_bp, seating_bp,
                      clock_bp, clock_api_bp, standings_bp, standings_api_bp, printing_bp,
                      leaderboards_bp, leaderboards_api_bp, awards_bp, awards_api_bp, ema_bp):
        app.register_blueprint(blueprint)
    # The JSON API accepts only JSON bodies, which a cross-site form cannot send (see api.views).
    for blueprint in (api_bp, cards_api_bp, judge_api_bp, clock_api_bp, standings_api_bp,
                      awards_api_bp):
        csrf.exempt(blueprint)

    from judgeaid import cli

    cli.register(app)
    from judgeaid.services import autobackup

    autobackup.register(app)  # a backup after each posted session, and every 15 minutes
    return app


def _instance_secret(instance: Path) -> str:
    """Return a secret key kept in the instance folder, made once."""
    path = instance / "secret_key"
    if not path.exists():
        # gunicorn's workers each create the app, at the same moment on a first start: the
        # key is written whole under another name and linked into place, which only one of
        # them can do, so every worker reads the same key (a worker signing cookies with a
        # key of its own would sign everyone out on every other request).
        handle, part = tempfile.mkstemp(dir=instance, prefix=".secret_key-")  # mode 0600
        try:
            with os.fdopen(handle, "w") as stream:
                stream.write(secrets.token_hex(32))
            with contextlib.suppress(FileExistsError):
                os.link(part, path)
        finally:
            os.unlink(part)
    return path.read_text().strip()


def _tune_sqlite(app: Flask) -> None:
    """Use WAL and foreign keys on SQLite so readers never block the writer."""
    if not app.config["SQLALCHEMY_DATABASE_URI"].startswith("sqlite"):
        return
    from sqlalchemy import event

    from judgeaid.extensions import db

    with app.app_context():
        engine = db.engine

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_connection, _record):
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=5000")
            cursor.close()
