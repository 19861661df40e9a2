"""Paper: Official Scoring Cards and seating slips as PDF, with QR codes to the live pages."""

from __future__ import annotations

from flask import current_app, request, url_for


def public_url(endpoint: str, **values) -> str:
    """Return the absolute URL a QR code points at: PUBLIC_BASE_URL, else this request's host."""
    # url_for gives the path under this request's script root; the public base replaces it,
    # just as `flask demo` builds its paths under PUBLIC_BASE_URL.
    path = url_for(endpoint, **values)[len(request.script_root):]
    base = current_app.config.get("PUBLIC_BASE_URL") or request.url_root
    return base.rstrip("/") + path
