"""Security headers on every response: a strict Content-Security-Policy and its companions."""

from __future__ import annotations

from flask import Flask, g, request, session

from judgeaid.assets import import_map_hash, inline_script_hash, inline_style_hashes

# Scripts only from our own files; the two inline scripts are allowed by their hashes: the
# import map (browsers take none from a file) and the page's first script, which holds a tap
# until the modules run (static/inline/hold.js). Styles only from our stylesheets, which a
# page carries inline (judgeaid.assets.inline_style), each allowed by its hash; an answer
# that is not a page (JSON, a file) has no styles to allow, and its header stays short.
POLICY = (
    "default-src 'self'",
    "script-src 'self' {import_map} {first_script}",
    "style-src 'self'{styles}",
    "img-src 'self' data:",  # the favicon is a data: SVG
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors {ancestors}",
)

# The live card opens its ruleset's picker in a sheet (an iframe of this site), and inside
# that sheet the service worker may answer with the offline page; no other page may be
# framed at all.
FRAMED_BY_SELF = frozenset({"picker.picker", "picker.picker_mcr", "main.offline"})

# What a page loads as a script or a stylesheet, never as a document of its own.
SUBRESOURCES = frozenset({"text/javascript", "text/css"})

FIXED = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def content_security_policy(frameable: bool, page: bool = True) -> str:
    """Return the Content-Security-Policy for a response, framable by this site or by none;
    a page's allows its inline stylesheets."""
    return "; ".join(POLICY).format(import_map=import_map_hash(),
                                     first_script=inline_script_hash(),
                                     styles=" " + inline_style_hashes() if page else "",
                                     ancestors="'self'" if frameable else "'none'")


def register(app: Flask) -> None:
    app.jinja_env.globals["written_at_ms"] = written_at_ms
    """Add the security headers to every response, pages, files and API answers alike."""
    cache: dict[tuple[str, bool, bool], str] = {}

    @app.after_request
    def security_headers(response):
        if request.endpoint == "static" and response.mimetype in SUBRESOURCES:
            # A script or stylesheet is never a document: CSP and framing rules do nothing
            # there, and a phone would download them with each of a page's files.
            response.headers.update(FIXED)
            return response
        frameable = request.endpoint in FRAMED_BY_SELF
        page = response.mimetype == "text/html"
        key = (request.script_root, frameable, page)
        # The import map changes only when static files do, which in debug mode is any time.
        policy = cache.get(key) if not app.debug else None
        if policy is None:
            policy = cache[key] = content_security_policy(frameable, page)
        response.headers["Content-Security-Policy"] = policy
        response.headers["X-Frame-Options"] = "SAMEORIGIN" if frameable else "DENY"
        response.headers.update(FIXED)
        if response.mimetype == "text/html" and _has_private_controls():
            # A signed-in person's page carries their forms and CSRF token: no cache, shared
            # or the browser's own, may keep it, and it is never answered 304 from a tag.
            response.headers["Cache-Control"] = "private, no-store"
            response.headers.pop("ETag", None)
            response.headers.pop("Last-Modified", None)
        return response


def _has_private_controls() -> bool:
    """Say whether this request's page is a signed-in person's: a judge, an organizer or the
    server's owner (issue 28)."""
    return g.get("user") is not None or "user_id" in session or "server_owner" in session


def written_at_ms() -> int | None:
    """Return the server's clock as a page is written, for a page no cache keeps (a signed-in
    person's): its scripts take it as their first time sample (servertime.js), measured
    against when the page was asked for, and so ask /api/time later (issue 31). None for a
    page a cache may keep, whose time would be stale."""
    if not _has_private_controls():
        return None
    from judgeaid.services.clock import server_now_ms

    return server_now_ms()
