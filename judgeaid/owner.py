"""Who may create and restore tournaments: the server's own machine, or its signed-in owner.

At a venue the app may listen on the hall's network (HOST=0.0.0.0); these pages must not be
open to every phone there. `request.remote_addr` decides: proxies are configured elsewhere.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress

from flask import render_template, request, session

from judgeaid.models import ServerOwner
from judgeaid.services.owner import get_owner

SESSION_KEY = "server_owner"


def is_loopback(address: str | None) -> bool:
    """Return True for an address of this machine (127.0.0.0/8, ::1, ::ffff:127.0.0.1)."""
    try:
        ip = ipaddress.ip_address(address or "")
    except ValueError:
        return False
    if ip.version == 6 and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    return ip.is_loopback


def _mark(owner: ServerOwner) -> str:
    # Derived from the password's hash: a new password ends every owner sign-in.
    return hashlib.sha256(b"owner:" + owner.password_hash.encode()).hexdigest()


def is_owner_signed_in() -> bool:
    """Return True when this browser is signed in as the server's owner."""
    mark = session.get(SESSION_KEY)
    if not isinstance(mark, str):
        return False
    owner = get_owner()
    return owner is not None and hmac.compare_digest(mark, _mark(owner))


# Headers a reverse proxy adds: a request that carries one came through a proxy, so a
# loopback address says where the proxy runs, not where the visitor is.
PROXY_HEADERS = ("X-Forwarded-For", "X-Forwarded-Host", "X-Forwarded-Proto", "X-Real-IP",
                 "Forwarded")


def is_local_request() -> bool:
    """Return True for a request from a browser on the server's own machine."""
    return is_loopback(request.remote_addr) and not any(
        header in request.headers for header in PROXY_HEADERS)


def may_manage_server() -> bool:
    """Return True when this request may create or restore a tournament."""
    return is_local_request() or is_owner_signed_in()


def sign_in_owner(owner: ServerOwner) -> None:
    """Remember in this browser's session that the owner signed in."""
    session.permanent = True
    session[SESSION_KEY] = _mark(owner)


def sign_out_owner() -> None:
    """Forget the owner's sign-in in this browser."""
    session.pop(SESSION_KEY, None)


def owner_mark() -> str | None:
    """Return the owner's mark in this session, to carry it over a staff sign-in."""
    mark = session.get(SESSION_KEY)
    return mark if isinstance(mark, str) else None


def restore_owner_mark(mark: str | None) -> None:
    """Put back the owner's mark after a staff sign-in cleared the session."""
    if mark:
        session[SESSION_KEY] = mark


def owner_needed(error: str | None = None, status: int = 403):
    """Return the page that tells a visitor from another machine how to sign in as owner."""
    return render_template("organizer/owner.html", error=error,
                           has_owner=get_owner() is not None), status
