"""Errors a use case raises for the view to turn into a message or a JSON error."""

from __future__ import annotations


class ServiceError(Exception):
    """A request that cannot be carried out.

    Each kind of refusal is a subclass; `status` is the HTTP status the web layer answers it
    with (judgeaid/errors.py), so a service names what went wrong, never a status.
    """

    status = 400

    def __init__(self, message: str, *, details: list | None = None, code: str | None = None):
        super().__init__(message)
        self.message = message
        self.details = details or []
        # A machine-readable name for errors a client answers (e.g. "resignation_question").
        self.code = code


class Unauthorized(ServiceError):
    """The credentials given do not match (a sign-in, the owner's password)."""

    status = 401


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


class Busy(Throttled):
    """Too many costly checks (sign-ins) at once in this server process: retry in a moment."""

    status = 503
