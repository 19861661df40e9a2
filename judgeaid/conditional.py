"""The one way a read answers 304 Not Modified: Werkzeug's ETag support.

    return conditional.json_unless_current(f"card-{card.id}-v{card.version}",
                                           lambda: card_views.card_view(card))

A poller sends back the ETag it holds in If-None-Match; when it still names the current
version, the answer is 304 with no body and the data is never built. `shared_unless_current`
also keeps the bytes it builds (judgeaid.viewcache), for views hundreds of phones read; a
view in a language the request chooses (?lang=, cookie, Accept-Language) is another view, its
own tag and stored copy, so a zh-Hans reader never gets the zh-Hant build (issue 29). A request
that chooses none reads the event's default language, one per event: the plain tag.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, current_app, g, jsonify, request, session

from judgeaid import viewcache
from judgeaid.i18n import chosen_lang


def _is_current(tag: str) -> bool:
    # Weak comparison, as RFC 9110 §13.1.2 asks of If-None-Match: W/"x" matches "x".
    return request.if_none_match.contains_weak(tag)


def _not_modified(tag: str) -> Response:
    response = current_app.response_class(status=304)
    response.set_etag(tag)
    return response


def _in_language(tag: str, name: str) -> tuple[str, str]:
    """Return a view's tag and name for the language the request chooses (as given when it
    chooses none: the event's default). Costs no query: a 304 stays one query."""
    lang = chosen_lang()
    return (tag, name) if lang is None else (f"{tag}-{lang}", f"{name}:{lang}")


def language_tag(tag: str) -> str:
    """Return the tag a view of version `tag` has in the language this request chooses (the
    tag a page embeds for its script's first poll)."""
    return _in_language(tag, "")[0]


def json_unless_current(tag: str, build: Callable[[], Any]) -> Response:
    """Answer 304 if the client holds version `tag`, else `build()` as JSON; both with the ETag
    (the page's language's own, as `shared_unless_current` says)."""
    tag, _name = _in_language(tag, "")
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
    version and shared (judgeaid.viewcache), gzipped when the client takes it. Each language
    has its own version: its tag and name carry the page's language (English's do not)."""
    tag, name = _in_language(tag, name)
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


def keep_shared(tag: str, name: str, body: bytes) -> Callable[[], None]:
    """Keep `body` as view `name` at version `tag` in this request's language, as
    `shared_unless_current` would have built it: for a write that built the view of the
    version it is making. Called within the write's transaction; returns what to call once
    it commits (judgeaid.viewcache.Cache.keep)."""
    tag, name = _in_language(tag, name)
    return viewcache.cache().keep(name, tag, body)


def page_is_shared() -> bool:
    """Say whether this request may get a page shared by every reader: nobody is signed in
    (a judge's page has their forms) and no flashed message waits for this reader."""
    return g.get("user") is None and "_flashes" not in session
