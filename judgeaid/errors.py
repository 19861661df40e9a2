"""Error responses: JSON under /api, a friendly page elsewhere, a sign-in redirect for 401."""

from __future__ import annotations

from flask import Flask, flash, g, jsonify, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException

from judgeaid.services.errors import ServiceError, Throttled
from judgeaid.signin import landing_url

# Werkzeug's own descriptions of an HTTP error, in words a person reads (our abort() texts
# say more and are translated where they are written).
_HTTP_MESSAGES = {
    400: lazy_gettext("The request could not be understood. Check it and send it again."),
    401: lazy_gettext("Sign in to see this page."),
    403: lazy_gettext("You may not do this."),
    404: lazy_gettext("There is no such page here. Check the address."),
    405: lazy_gettext("This address does not take this kind of request."),
    409: lazy_gettext("This conflicts with what is already recorded. Reload and try again."),
    413: lazy_gettext("What was sent is too large."),
    415: lazy_gettext("This kind of content is not accepted here."),
    422: lazy_gettext("The request is well formed but cannot be carried out."),
    429: lazy_gettext("Too many requests. Wait a moment and try again."),
    500: lazy_gettext("Something went wrong on the server. Try again in a moment."),
    503: lazy_gettext("The server is busy. Try again in a moment."),
}


def _http_message(exc: HTTPException) -> str:
    """Return an HTTP error's message in the request's language: in English, Werkzeug's or the
    abort()'s own text, as always; else the abort()'s text translated, or ours for the
    status."""
    from judgeaid.i18n import DEFAULT, page_lang

    default = type(exc).description
    if page_lang() == DEFAULT:
        return exc.description or exc.name
    if exc.description and exc.description != default:
        return _(exc.description)
    known = _HTTP_MESSAGES.get(exc.code or 500)
    return str(known) if known is not None else _(exc.description or exc.name)


def wants_json() -> bool:
    """Return True when the request is for the JSON API."""
    return request.path.startswith("/api/")


def error_response(status: int, message: str, **extra):
    """Return a JSON error body `{"error", "message"}` with the status."""
    from http import HTTPStatus

    body = {"error": HTTPStatus(status).phrase, "message": message, **extra}
    response = jsonify(body)
    response.status_code = status
    return response


def _page(status: int, message: str, links: list[tuple[str, str]] | None = None):
    return render_template("error.html", status=status, message=message,
                           links=links or []), status


def _ways_on(exc: Exception) -> list[tuple[str, str]]:
    """Return the links a refused user may follow: the closest page, then their own start."""
    links = list(getattr(exc, "links", []))
    user = g.get("user")
    if user is not None:
        back = _("Back to the desk") if user.role == "organizer" else _(
            "Back to the judge console")
        links.append((back, landing_url(user)))
    return links


def _same_site(url: str | None) -> bool:
    return bool(url) and url.startswith(request.host_url)


def register(app: Flask) -> None:
    """Install the error handlers."""

    @app.errorhandler(ServiceError)
    def service_error(exc: ServiceError):
        if wants_json():
            extra = {"details": exc.details} if exc.details else {}
            if exc.code:
                extra["code"] = exc.code
            response = error_response(exc.status, exc.message, **extra)
            if isinstance(exc, Throttled):
                response.headers["Retry-After"] = str(exc.retry_after)
            return response
        if request.method == "POST" and _same_site(request.referrer):
            # A form mistake: back to the form with the message; nothing saved is lost.
            flash(exc.message, "error")
            return redirect(request.referrer)
        return _page(exc.status, exc.message, _ways_on(exc) if exc.status == 403 else [])

    @app.errorhandler(CSRFError)
    def csrf_error(exc: CSRFError):
        message = _("This form has expired. Go back, reload the page and send it again.")
        # A phone's outbox keeps a write refused for its token (code "csrf") until a sign-in.
        if wants_json():
            return error_response(400, message, code="csrf")
        return _page(400, message)

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException):
        response = _http_error(exc)
        if exc.code == 405 and getattr(exc, "valid_methods", None):
            # RFC 9110 §15.5.6: a 405 names the methods the resource does allow (TRACE too).
            response = app.make_response(response)
            response.headers["Allow"] = ", ".join(sorted(exc.valid_methods))
        return response

    def _http_error(exc: HTTPException):
        if wants_json():
            # Who is signed in cannot do this: a phone's outbox keeps the write until a sign-in.
            extra = {"code": "signin"} if exc.code in (401, 403) else {}
            return error_response(exc.code or 500, _http_message(exc), **extra)
        if exc.code == 401 and request.method == "GET":
            return redirect(url_for("auth.login", next=request.full_path.rstrip("?")))
        links = _ways_on(exc) if exc.code == 403 else []
        return _page(exc.code or 500, _http_message(exc), links)
