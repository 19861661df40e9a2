"""Upload limits per view: requests are capped at MAX_CONTENT_LENGTH unless a view allows more."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, current_app, request


def allow_upload(size: int) -> Callable:
    """Let a view accept request bodies up to `size` bytes."""
    def mark(view: Callable) -> Callable:
        view.upload_limit = size
        return view
    return mark


def register(app: Flask) -> None:
    """Apply the views' limits; call this before anything that reads a form (CSRF does)."""
    app.before_request(_apply_limit)


def _apply_limit() -> None:
    view = current_app.view_functions.get(request.endpoint)
    limit = getattr(view, "upload_limit", None)
    if limit:
        request.max_content_length = limit
