"""Configuration; the only module that reads the environment."""

from __future__ import annotations

import os
from pathlib import Path


def _database_url(instance_path: str) -> str:
    url = os.environ.get("DATABASE_URL")
    if url:
        # SQLAlchemy wants the psycopg 3 driver named explicitly.
        if url.startswith("postgres://"):
            url = "postgresql://" + url[len("postgres://"):]
        if url.startswith("postgresql://"):
            url = "postgresql+psycopg://" + url[len("postgresql://"):]
        return url
    return "sqlite:///" + str(Path(instance_path) / "judgeaid.sqlite")


class Config:
    """Settings for serving the app."""

    SECRET_KEY = os.environ.get("SECRET_KEY")
    SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": True}
    SESSION_COOKIE_HTTPONLY = True
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_SECURE = os.environ.get("SESSION_COOKIE_SECURE") == "1"
    PERMANENT_SESSION_LIFETIME = 60 * 60 * 24 * 3
    WTF_CSRF_TIME_LIMIT = None
    MAX_CONTENT_LENGTH = 2 * 1024 * 1024
    # Absolute URLs printed in QR codes; falls back to the request's host.
    PUBLIC_BASE_URL = os.environ.get("PUBLIC_BASE_URL", "")
    LOGIN_FAILURES_ALLOWED = 5
    LOGIN_WINDOW_SECONDS = 15 * 60

    @staticmethod
    def database_url(instance_path: str) -> str:
        """Return the database URL: DATABASE_URL or SQLite in the instance folder."""
        return _database_url(instance_path)


class TestConfig(Config):
    """Settings for the test suite."""

    TESTING = True
    SECRET_KEY = "test-secret"
    WTF_CSRF_ENABLED = True
