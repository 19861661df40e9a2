"""Errors a use case raises for the view to turn into a message or a JSON error."""

from __future__ import annotations


class ServiceError(Exception):
    """A request that cannot be carried out; `status` is the HTTP status it maps to."""

    status = 400

    def __init__(self, message: str, *, status: int | None = None, details: list | None = None,
                 code: str | None = None):
        super().__init__(message)
        self.message = message
        if status is not None:
            self.status = status
        self.details = details or []
        # A machine-readable name for errors a client answers (e.g. "resignation_question").
        self.code = code


class Forbidden(ServiceError):
    """The actor may not do this (their role, their table, their tournament)."""

    status = 403


class NotFound(ServiceError):
    status = 404


class Conflict(ServiceError):
    status = 409


class Unprocessable(ServiceError):
    """A well-formed request a rule refuses (a count, a deal, a seat, a missing reason)."""

    status = 422


class Throttled(ServiceError):
    status = 429

    def __init__(self, message: str, retry_after: int):
        super().__init__(message)
        self.retry_after = retry_after
