"""Paper: Official Scoring Cards and seating slips as PDF, with QR codes to the live pages."""

from __future__ import annotations

import unicodedata
from dataclasses import asdict

from flask import current_app, request, url_for

from judgeaid import reach
from judgeaid.services import plain_messages


def public_url(endpoint: str, **values) -> str:
    """Return the absolute URL a QR code points at: PUBLIC_BASE_URL, else this request's host."""
    # url_for gives the path under this request's script root; the public base replaces it,
    # just as `flask demo` builds its paths under PUBLIC_BASE_URL.
    path = url_for(endpoint, **values)[len(request.script_root):]
    return qr_base().rstrip("/") + path


def qr_base() -> str:
    """Return the base of every URL printed in a QR code: PUBLIC_BASE_URL, else this host's."""
    return current_app.config.get("PUBLIC_BASE_URL") or request.url_root


def phone_warnings(*, desk: bool = False) -> list[dict]:
    """Return what to fix before printing so phones can open the QR codes (and, on the desk,
    work offline), with this machine's IPv4 addresses as suggestions, as plain data."""
    base = qr_base()
    # Only when the QR codes need another address: asking the system costs a process.
    host = reach.host_of(base)
    needs_address = host is None or reach.phones_cannot_use(host) is not None
    # IPv4 only: `HOST=0.0.0.0 make run`, the fix suggested, listens on IPv4 alone.
    addresses = reach.machine_addresses(ipv6=False) if needs_address else []
    notices = reach.phone_warnings(
        base, request.url, is_public_base_set=bool(current_app.config.get("PUBLIC_BASE_URL")),
        lan_addresses=addresses, desk=desk)
    return [plain_messages.say_notice(asdict(notice)) for notice in notices]


def glyph_ems(char: str) -> float:
    """Return a safe guess of a glyph's width in ems of a sans-serif font."""
    # wide (CJK) glyphs a full em, capitals and m/w most of one, others less
    if unicodedata.east_asian_width(char) in "WF":
        return 1.0
    if char.isupper() or char in "mw":
        return 0.8
    return 0.6


def text_ems(text: str) -> float:
    """Return a safe guess of text's width in ems (see glyph_ems)."""
    return sum(map(glyph_ems, text))


def fit(text: str, ems: float) -> str:
    """Return text cut (with an ellipsis) to about `ems` em of a sans-serif font."""
    # A safe guess of each glyph's width, so a preformatted column never pushes the next
    # tab stop along.
    used = 0.0
    for i, char in enumerate(text):
        used += glyph_ems(char)
        if used > ems:
            return text[:max(i - 1, 0)].rstrip() + "\u2026"
    return text


def wrap(text: str, ems: float) -> list[str]:
    """Break text into lines of at most `ems` em (fit's guess), at spaces where it can and
    inside a word too long for a line (a CJK name has no spaces)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        joined = f"{line} {word}" if line else word
        if text_ems(joined) <= ems:
            line = joined
            continue
        if line:
            lines.append(line)
        line = ""
        for char in word:
            if line and text_ems(line + char) > ems:
                lines.append(line)
                line = ""
            line += char
    if line:
        lines.append(line)
    return lines
