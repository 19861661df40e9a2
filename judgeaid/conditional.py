"""The one way a read answers 304 Not Modified: Werkzeug's ETag support.

    return conditional.json_unless_current(f"card-{card.id}-v{card.version}",
                                           lambda: card_views.card_view(card))

A poller sends back the ETag it holds in If-None-Match; when it still names the current
version, the answer is 304 with no body and the data is never built. `shared_unless_current`
also keeps the bytes it builds (judgeaid.viewcache), for views hundreds of phones read.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, current_app, g, jsonify, request, session

from judgeaid import viewcache
from judgeaid.i18n import DEFAULT, babel_name, page_lang


def _is_current(tag: str) -> bool:
    # Weak comparison, as RFC 9110 §13.1.2 asks of If-None-Match: W/"x" matches "x".
    return request.if_none_match.contains_weak(tag)


def _not_modified(tag: str) -> Response:
    response = current_app.response_class(status=304)
    response.set_etag(tag)
    return response


def json_unless_current(tag: str, build: Callable[[], Any]) -> Response:
    """Answer 304 if the client holds version `tag`, else `build()` as JSON; both with the ETag."""
    if _is_current(tag):
        return _not_modified(tag)
    response = jsonify(build())
    response.set_etag(tag)
    return response


def json_bytes(data: Any) -> bytes:
    """Return data as the JSON text `jsonify` would send."""
    return jsonify(data).get_data()


def shared_unless_current(tag: str, name: str, build: Callable[[], bytes], *,
                          mimetype: str = "application/json") -> Response:
    """Answer 304 if the client holds version `tag`; else view `name` as built once for that
    version and shared (judgeaid.viewcache), gzipped when the client takes it."""
    if mimetype == "text/html":
        # A page is in its reader's language (a browser revalidates its copy even when the
        # language it asks in has changed): each language's page is its own version.
        lang = page_lang()
        if lang != DEFAULT:
            tag = f"{tag}-{babel_name(lang)}"
    if _is_current(tag):
        return _not_modified(tag)
    built = viewcache.cache().shared(name, tag, build)
    response = current_app.response_class(built.body, mimetype=mimetype)
    response.headers.add("Vary", "Accept-Encoding")
    if "gzip" in request.headers.get("Accept-Encoding", "") and len(built.body) >= \
            viewcache.GZIP_FROM:
        response.set_data(built.gzipped())
        response.headers["Content-Encoding"] = "gzip"  # judgeaid.compression leaves it be
    response.set_etag(tag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def page_is_shared() -> bool:
    """Say whether this request may get a page shared by every reader: nobody is signed in
    (a judge's page has their forms) and no flashed message waits for this reader."""
    return g.get("user") is None and "_flashes" not in session
