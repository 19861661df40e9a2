"""Gzip text responses, so a phone on venue Wi-Fi downloads as little as possible."""

from __future__ import annotations

import gzip

from flask import Flask, request

COMPRESSIBLE = ("text/", "application/json", "application/javascript", "application/manifest+json",
                "image/svg+xml", "application/problem+json")
MIN_SIZE = 600


def register(app: Flask) -> None:
    """Compress text responses for clients that accept gzip."""
    cache: dict[tuple[str, str], bytes] = {}

    @app.after_request
    def compress(response):
        accepts = request.headers.get("Accept-Encoding", "")
        if ("gzip" not in accepts or response.status_code < 200 or response.status_code >= 300
                or "Content-Encoding" in response.headers or response.is_streamed
                and not response.direct_passthrough
                or not (response.mimetype or "").startswith(COMPRESSIBLE)):
            return response
        response.headers.add("Vary", "Accept-Encoding")
        response.direct_passthrough = False
        data = response.get_data()
        if len(data) < MIN_SIZE:
            return response
        etag = response.headers.get("ETag")
        key = (request.path, etag) if request.endpoint == "static" and etag else None
        packed = cache.get(key) if key else None
        if packed is None:
            # a static file is packed once per version: it can take the smallest packing
            packed = gzip.compress(data, compresslevel=9 if key else 6, mtime=0)
            if key:
                cache[key] = packed
        response.set_data(packed)
        response.headers["Content-Encoding"] = "gzip"
        response.headers["Content-Length"] = str(len(packed))
        return response
