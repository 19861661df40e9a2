"""Paper: Official Scoring Cards and seating slips as PDF, with QR codes to the live pages."""

from __future__ import annotations

import unicodedata

from flask import current_app, request, url_for


def public_url(endpoint: str, **values) -> str:
    """Return the absolute URL a QR code points at: PUBLIC_BASE_URL, else this request's host."""
    # url_for gives the path under this request's script root; the public base replaces it,
    # just as `flask demo` builds its paths under PUBLIC_BASE_URL.
    path = url_for(endpoint, **values)[len(request.script_root):]
    base = current_app.config.get("PUBLIC_BASE_URL") or request.url_root
    return base.rstrip("/") + path


def fit(text: str, ems: float) -> str:
    """Return text cut (with an ellipsis) to about `ems` em of a sans-serif font."""
    # A safe guess of each glyph's width, so a preformatted column never pushes the next
    # tab stop along: wide (CJK) glyphs a full em, capitals and m/w most of one, others less.
    used = 0.0
    for i, char in enumerate(text):
        if unicodedata.east_asian_width(char) in "WF":
            used += 1.0
        elif char.isupper() or char in "mw":
            used += 0.8
        else:
            used += 0.6
        if used > ems:
            return text[:max(i - 1, 0)].rstrip() + "\u2026"
    return text
