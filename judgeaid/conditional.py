"""The one way a JSON read answers 304 Not Modified: Werkzeug's ETag support.

    return conditional.json_unless_current(f"card-{card.id}-v{card.version}",
                                           lambda: cards.card_view(card))

A poller sends back the ETag it holds in If-None-Match; when it still names the current
version, the answer is 304 with no body and the data is never built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Response, current_app, jsonify, request


def json_unless_current(tag: str, build: Callable[[], Any]) -> Response:
    """Answer 304 if the client holds version `tag`, else `build()` as JSON; both with the ETag."""
    # Weak comparison, as RFC 9110 §13.1.2 asks of If-None-Match: W/"x" matches "x".
    if request.if_none_match.contains_weak(tag):
        response = current_app.response_class(status=304)
    else:
        response = jsonify(build())
    response.set_etag(tag)
    return response
