"""Upload limits per view: requests are capped at MAX_CONTENT_LENGTH unless a view allows more."""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, current_app, request


def allow_upload(size: int, only_if: Callable[[], bool] | None = None) -> Callable:
    """Let a view accept request bodies up to `size` bytes (only when `only_if()` holds)."""
    def mark(view: Callable) -> Callable:
        view.upload_limit = size
        view.upload_limit_if = only_if
        return view
    return mark


def register(app: Flask) -> None:
    """Apply the views' limits; call this before anything that reads a form (CSRF does)."""
    app.before_request(_apply_limit)


def _apply_limit() -> None:
    view = current_app.view_functions.get(request.endpoint)
    limit = getattr(view, "upload_limit", None)
    only_if = getattr(view, "upload_limit_if", None)
    if limit and (only_if is None or only_if()):
        request.max_content_length = limit
