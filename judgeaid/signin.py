"""Signing in at the edge: who the client is, its device cookie, safe redirects, secure cookies."""

from __future__ import annotations

import hashlib
import re
import secrets
import unicodedata
from datetime import timedelta
from urllib.parse import urlsplit

from flask import Flask, current_app, g, has_request_context, request, url_for
from flask.sessions import SecureCookieSessionInterface
from werkzeug.middleware.proxy_fix import ProxyFix

from judgeaid.models import User
from judgeaid.services import accounts, throttle

DEVICE_COOKIE = "judgeaid_device"
DEVICE_TOKEN = re.compile(r"[A-Za-z0-9_-]{32}")
# Browsers keep a cookie at most 400 days; a phone keeps its device mark for that long.
DEVICE_COOKIE_SECONDS = 400 * 24 * 3600


def register(app: Flask) -> None:
    """Trust the configured proxies, make cookies Secure over HTTPS, hand out device cookies."""
    proxies = app.config["TRUST_PROXIES"]
    if proxies:
        # Only the addresses the trusted proxies appended are believed; a client's own
        # X-Forwarded-For entries stay to the left and are ignored.
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies)
    app.session_interface = SessionInterface()
    app.after_request(_give_device_cookie)


def cookies_secure() -> bool:
    """Return True when cookies must be Secure: HTTPS now, or the public address is https."""
    config = current_app.config
    if config.get("SESSION_COOKIE_SECURE"):
        return True
    if (config.get("PUBLIC_BASE_URL") or "").lower().startswith("https://"):
        return True
    return has_request_context() and request.is_secure


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie sessions, Secure whenever the request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        """Return whether the session cookie gets the Secure flag."""
        return cookies_secure()


def limits() -> throttle.Limits:
    """Return the sign-in limits from the configuration."""
    config = current_app.config
    return throttle.Limits(
        per_source=config["LOGIN_FAILURES_ALLOWED"],
        source_window=timedelta(seconds=config["LOGIN_WINDOW_SECONDS"]),
        per_account=config["LOGIN_ACCOUNT_FAILURES_ALLOWED"],
        account_window=timedelta(seconds=config["LOGIN_ACCOUNT_WINDOW_SECONDS"]),
        per_address=config["LOGIN_ADDRESS_FAILURES_ALLOWED"],
        per_device=config["LOGIN_DEVICE_FAILURES_ALLOWED"],
        budget_window=timedelta(seconds=config["LOGIN_BUDGET_WINDOW_SECONDS"]))


def _device_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _sent_device() -> str | None:
    token = request.cookies.get(DEVICE_COOKIE, "")
    return _device_hash(token) if DEVICE_TOKEN.fullmatch(token) else None


def give_device_cookie() -> None:
    """Give this client a long-lived device cookie with the response, unless it has one."""
    if _sent_device() is None:
        g.device_token = g.get("device_token") or secrets.token_urlsafe(24)


def _give_device_cookie(response):
    token = g.get("device_token")
    if token:
        response.set_cookie(DEVICE_COOKIE, token, max_age=DEVICE_COOKIE_SECONDS,
                            httponly=True, samesite="Lax", secure=cookies_secure())
    return response


def source() -> throttle.Source:
    """Return where this request comes from: the address ProxyFix believes, and the device."""
    return throttle.Source(address=request.remote_addr or "?", device=_sent_device())


def authenticate(tournament_id: int | None, name: str, pin: str | None,
                 recovery: str | None = None) -> User:
    """Check a sign-in from this client (a PIN, or a one-time recovery code); on success its
    device becomes the user's device."""
    given = g.get("device_token")
    new_device = _device_hash(given) if given else None
    if recovery:
        return accounts.recover(tournament_id, name, recovery, source=source(),
                                limits=limits(), new_device=new_device)
    return accounts.authenticate(tournament_id, name, pin or "", source=source(),
                                 limits=limits(), new_device=new_device)


def landing_url(user: User) -> str:
    """Return where this user starts: an organizer at the desk, a judge at the console."""
    endpoint = "organizer.dashboard" if user.role == "organizer" else "judge.home"
    return url_for(endpoint, tournament_id=user.tournament_id)


def safe_next(target: str | None) -> str | None:
    """Return `target` if it is a path on this site, else None (no open redirects)."""
    if not target or len(target) > 2000 or not target.startswith("/"):
        return None
    # Browsers drop tabs and newlines and read a backslash as a slash: "/\t/evil" and
    # "/\\evil" both lead off-site. Refuse every control, format or space character.
    if "\\" in target or any(unicodedata.category(ch)[0] in "CZ" for ch in target):
        return None
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or target.startswith("//"):
        return None
    return target
