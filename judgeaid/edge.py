"""The edge: every path id, query parameter, form field and JSON body is checked here.

One pydantic model per endpoint, attached to its view with `api.validate(...)` (the JSON API,
which also makes `/api/openapi.json`) or `pages.validate(...)` (HTML forms and query strings).
A failure never reaches a service: it answers 400 with a message naming each field (a form
goes back to the page it came from, with the message shown there). Path ids are checked by
the URL map: `<int:...>` takes ASCII digits in the database's integer range, anything else is
a 404.

The text rules (`text`, `name`; the rules themselves are `edge_rules.text_problem`) refuse NUL,
other control characters and lone surrogates, and in one-line text (names, teams) line breaks
and bidi controls; integers are written with the ASCII digits 0-9 only.
"""

from __future__ import annotations

import copy
import re
from contextvars import ContextVar
from typing import Annotated, Any

from flask import Flask, abort, request
from flask.json.provider import DefaultJSONProvider
from flask_babel import gettext as _
from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, model_validator
from pydantic_core import PydanticCustomError
from spectree import Response, SpecTree
from werkzeug.exceptions import BadRequest
from werkzeug.routing import BaseConverter, ValidationError

from judgeaid import edge_rules, naming, values
from judgeaid.services.errors import ServiceError

# The largest id or count a column can hold (PostgreSQL `integer`).
MAX_ID = edge_rules.ID_MAX
# Deeper JSON than this is no body the app ever sends.
MAX_JSON_DEPTH = 32


class InvalidInput(ServiceError):
    """A request whose fields do not pass the edge checks."""

    status = 400


# ---------------------------------------------------------------- integers

# True while a FormSchema (a form or a query string, where every value is text) validates.
_READING_TEXT: ContextVar[bool] = ContextVar("reading_text", default=False)


def _whole_number(value: Any) -> Any:
    """Accept a JSON integer; in a form or query string, a string of ASCII digits (blank: None).

    A JSON body says numbers as numbers: "70" there is malformed, as the shared case table
    says (and zj.js agrees).
    """
    if isinstance(value, bool):
        raise PydanticCustomError("whole_number", "must be a whole number")
    if isinstance(value, int) or value is None:
        return value
    if isinstance(value, str) and _READING_TEXT.get():
        stripped = value.strip()
        if stripped == "":
            return None
        number = values.whole_number(stripped)
        if number is not None:
            return number
        raise PydanticCustomError("whole_number",
                                  "must be a whole number written with the digits 0-9")
    if isinstance(value, str):
        raise PydanticCustomError("whole_number",
                                  "must be a whole number written with the digits 0-9, not text")
    raise PydanticCustomError("whole_number", "must be a whole number")


WholeNumber = BeforeValidator(_whole_number)


def _blank_is_none(value: Any) -> Any:
    return None if isinstance(value, str) and not value.strip() else value


BlankIsNone = BeforeValidator(_blank_is_none)
"""For optional form fields: `Annotated[Id | None, BlankIsNone]` reads an empty box as None."""


def between(low: int, high: int) -> Any:
    """Return the type of a whole number from `low` to `high`."""
    return Annotated[int, WholeNumber, Field(ge=low, le=high)]


Id = between(1, MAX_ID)
"""A row id or a number that names something (player, table, session): 1 .. 2^31-1."""


def _key_number(value: Any) -> Any:
    number = values.whole_number(value) if isinstance(value, str) else None
    if number is not None:
        return number
    raise PydanticCustomError("whole_number", "must be a whole number written with the digits 0-9")


IdKey = Annotated[int, BeforeValidator(_key_number), Field(ge=1, le=MAX_ID)]
"""An Id used as a JSON object's key, which JSON always writes as text ("3": ...)."""


# ---------------------------------------------------------------- text

def _text_checker(max_length: int, *, multiline: bool, blank: bool):
    def check(value: Any) -> Any:
        if value is None:
            return value
        if not isinstance(value, str):
            raise PydanticCustomError("text", "must be text")
        problem = edge_rules.text_problem(value, multiline=multiline, bidi=False)
        if problem:
            raise PydanticCustomError("text", problem)
        value = value.strip() if multiline else " ".join(value.split())
        if not value and not blank:
            raise PydanticCustomError("blank", "is empty")
        if len(value) > max_length:
            raise PydanticCustomError(
                "text", "is longer than {max_length} characters", {"max_length": max_length})
        return value
    return check


def length_of(column: Any) -> int:
    """Return a String column's size, so a field's limit is always the column's."""
    return column.type.length


def text(max_length: int, *, multiline: bool = False, blank: bool = True) -> Any:
    """Return the type of a text of at most `max_length` characters (a column's size).

    One line unless `multiline` (reasons, notes keep their line breaks and tabs); the rules
    are edge_rules.text_problem's. `blank=False` refuses an empty text.
    """
    return Annotated[str, BeforeValidator(_text_checker(max_length, multiline=multiline,
                                                        blank=blank)),
                     Field(max_length=max_length)]


def _name_rules(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    value = naming.normalise(value)
    char = naming.invisible(value)
    if char is not None:
        raise PydanticCustomError("text", "contains an invisible character (U+{code})",
                                  {"code": f"{ord(char):04X}"})
    return value


def name(max_length: int) -> Any:
    """Return the type of a person's or team's name: one line, not empty, NFKC-normalised,
    without invisible characters (judgeaid.naming; look-alikes are the services' to refuse)."""
    return Annotated[text(max_length, blank=False), AfterValidator(_name_rules)]


OpId = Annotated[str, Field(pattern=r"^[A-Za-z0-9_.:-]{8,64}$",
                            description="a unique id the client makes for this write; "
                                        "replaying it changes nothing")]


class Schema(BaseModel):
    """Base of every edge schema: unknown fields are refused, values are frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class FormSchema(BaseModel):
    """Base of HTML form and query-string schemas: every value arrives as text, so whole
    numbers are read from ASCII digits; the CSRF token and submit buttons are ignored."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    @model_validator(mode="wrap")
    @classmethod
    def _read_as_text(cls, data: Any, handler: Any) -> Any:
        token = _READING_TEXT.set(True)
        try:
            return handler(data)
        finally:
            _READING_TEXT.reset(token)


class ErrorBody(BaseModel):
    """Every error answer of the JSON API."""

    error: str
    message: str
    details: list[Any] | None = None
    code: str | None = Field(None, description="what a client can act on, e.g. "
                                               "'resignation_question', 'csrf', 'signin'")


# ---------------------------------------------------------------- messages

def N_(text: str) -> str:
    """Mark a message for translation where it is written; it is translated where it is said
    (each message is English in the code, a msgid of the catalogues)."""
    return text


_MESSAGES = {
    "missing": N_("is missing"),
    "extra_forbidden": N_("is not a field of this request"),
    "greater_than_equal": N_("must be at least {ge}"),
    "less_than_equal": N_("must be at most {le}"),
    "greater_than": N_("must be more than {gt}"),
    "less_than": N_("must be less than {lt}"),
    "string_too_long": N_("is longer than {max_length} characters"),
    "string_too_short": N_("is shorter than {min_length} characters"),
    "too_long": N_("has more than {max_length} items"),
    "too_short": N_("has fewer than {min_length} items"),
    "int_type": N_("must be a whole number"),
    "int_parsing": N_("must be a whole number"),
    "string_type": N_("must be text"),
    "bool_type": N_("must be true or false"),
    "bool_parsing": N_("must be true or false"),
    "list_type": N_("must be a list"),
    "dict_type": N_("must be an object"),
    "model_type": N_("must be an object"),
    "literal_error": N_("must be one of {expected}"),
    "enum": N_("must be one of {expected}"),
    "string_pattern_mismatch": N_("is not in the expected form"),
}


# The phrases of the custom checks (judgeaid.edge_rules, this module's PydanticCustomError),
# with their values named as the pure checks fill them in: said in the request's language.
_PHRASES = [
    N_("is longer than {max_length} characters"),
    N_("contains an invisible character (U+{code})"),
    N_("contains a NUL character (U+0000)"),
    N_("contains a lone surrogate (U+{code}): the text is broken"),
    N_("contains a text-direction control character (U+{code})"),
    N_("contains a line break or tab (U+{code}), which this field does not allow"),
    N_("contains a control character (U+{code})"),
    N_("must be between {low} and {high}"),
    N_("must be a whole number"),
    N_("must be a whole number written with the digits 0-9"),
    N_("must be a whole number written with the digits 0-9, not text"),
    N_("must be text"),
    N_("is empty"),
    N_("must be 1 (on) or 0 (off)"),
    N_("send a PIN or a recovery code"),
]
_PHRASE_PATTERNS = [(re.compile(re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(phrase))
                               + "$"), phrase) for phrase in _PHRASES]


def say(phrase: str) -> str:
    """Return a check's English phrase in the request's language (unknown: as it is)."""
    for pattern, template in _PHRASE_PATTERNS:
        match = pattern.match(phrase)
        if match:
            return _(template).format(**match.groupdict())
    return _(phrase)


def _field(loc: tuple) -> str:
    return ".".join(str(part) for part in loc) or "body"


def describe(errors: list[dict]) -> list[dict[str, str]]:
    """Return each validation error as {"field", "message"} in plain words."""
    out = []
    for error in errors:
        template = _MESSAGES.get(error["type"])
        try:
            message = _(template).format(**error.get("ctx", {})) if template else say(
                error["msg"])
        except (KeyError, IndexError):
            message = say(error["msg"])
        out.append({"field": _field(error["loc"]), "message": message})
    return out


def _refuse(req, resp, req_validation_error, instance, model_adapter) -> None:
    """Turn a schema failure into InvalidInput (spectree's `before` hook)."""
    if req_validation_error is None:
        return
    details = describe(req_validation_error.errors(include_context=True))
    message = _("; ").join(f"{d['field']}: {d['message']}" for d in details) + _(".")
    raise InvalidInput(_("Check the request: %(problems)s", problems=message),
                       details=details)


# The JSON API's schemas; spectree makes the OpenAPI document from them (served at
# /api/openapi.json by the api blueprint; spectree's own copy is at /docs/openapi.json, since
# spectree leaves every route under its own path out of the document).
api = SpecTree(
    "flask", mode="strict", path="docs", filename="openapi.json", page_templates={},
    title="judgeaid API", version="2", before=_refuse, validation_error_status=400,
    naming_strategy=lambda model: model.__name__,
    validation_error_model=ErrorBody,
    description="JSON API of judgeaid, the mahjong tournament assistant. Writes need "
                "Content-Type: application/json; every write carries an op_id.",
    security_schemes=[{"name": "session", "data": {"type": "apiKey", "field_in": "cookie",
                                                   "name": "session"}}],
)
# HTML forms and query strings of the pages: same checks, not part of the API document.
pages = SpecTree("flask", mode="strict", before=_refuse, validation_error_status=400)

ERRORS = (400, 401, 403, 404, 409, 413, 415, 429, 503)  # 503: judgeaid.writeturns


def responses(ok: type[BaseModel] | None = None, *, status: int = 200,
              errors: tuple[int, ...] = ERRORS,
              also: dict[int, type[BaseModel] | None] | None = None) -> Response:
    """Return the documented answers of an API operation: `ok`, the errors as ErrorBody, and
    any answer of its own shape in `also` (status -> model)."""
    codes: dict[str, Any] = {f"HTTP_{code}": ErrorBody for code in errors}
    codes[f"HTTP_{status}"] = ok
    codes.update({f"HTTP_{code}": model for code, model in (also or {}).items()})
    return Response(**codes)


# ---------------------------------------------------------------- path ids and JSON bodies

class IdConverter(BaseConverter):
    """`<int:...>` in every route: ASCII digits naming 1 .. 2^31-1; anything else is a 404."""

    # Only 1 .. 2^31-1 match (leading zeros aside), so a number out of range matches no rule
    # at all: a 404, never a 405 from a twin rule of the same path with another method.
    regex = (r"0{0,9}(?:[1-9][0-9]{0,8}|1[0-9]{9}|20[0-9]{8}|21[0-3][0-9]{7}|214[0-6][0-9]{6}"
             r"|2147[0-3][0-9]{5}|21474[0-7][0-9]{4}|214748[0-2][0-9]{3}|2147483[0-5][0-9]{2}"
             r"|21474836[0-3][0-9]|214748364[0-7])")
    weight = 50
    part_isolating = True

    def to_python(self, value: str) -> int:
        number = int(value)
        if not 1 <= number <= MAX_ID:
            raise ValidationError()
        return number

    def to_url(self, value: Any) -> str:
        return str(int(value))


def _depth(value: Any) -> int:
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, level)
            if deepest > MAX_JSON_DEPTH:
                return deepest
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, level + 1) for child in children
                         if isinstance(child, dict | list))
    return deepest


class JSONProvider(DefaultJSONProvider):
    """Flask's JSON, refusing bodies nested deeper than MAX_JSON_DEPTH (no RecursionError)."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        try:
            value = super().loads(s, **kwargs)
        except RecursionError:
            raise ValueError("nested too deeply") from None
        if _depth(value) > MAX_JSON_DEPTH:
            raise ValueError("nested too deeply")
        return value


def _read_json_first() -> None:
    """Parse a JSON body before any view: malformed, too deep or not an object is a clear 400
    (a `null` body is not an empty one: it is never read as a hand with nothing ticked)."""
    if request.method in ("POST", "PUT", "PATCH", "DELETE") and request.is_json:
        try:
            body = request.get_json()
        except BadRequest:  # any decoding failure (a body over the size cap stays a 413)
            abort(400, description="The request body is not valid JSON, or it is nested more "
                                   f"than {MAX_JSON_DEPTH} levels deep.")
        if not isinstance(body, dict):
            abort(400, description=_("The request body must be a JSON object ({...})."))


# What the document says beyond the schemas: the limits the server enforces before a view.
_BOUNDS = {"ge": "minimum", "le": "maximum", "gt": "exclusiveMinimum", "lt": "exclusiveMaximum"}
URI_TOO_LONG = {"description": "The request line is longer than the server reads (gunicorn "
                               "refuses it before the app: 4094 bytes); no JSON body."}


def _bounded(schema: Any) -> Any:
    """Return a parameter's schema with pydantic's ge/le written as minimum/maximum."""
    if isinstance(schema, dict):
        return {_BOUNDS.get(key, key): _bounded(value) for key, value in schema.items()}
    if isinstance(schema, list):
        return [_bounded(item) for item in schema]
    return schema


def document() -> dict:
    """Return the OpenAPI document as the server enforces it: every id in a path or query
    string with its range, a body that must be an object, and the 414 before the app."""
    spec = copy.deepcopy(api.spec)
    for operations in spec.get("paths", {}).values():
        for operation in operations.values():
            if not isinstance(operation, dict):
                continue
            for parameter in operation.get("parameters", []):
                schema = _bounded(parameter.get("schema", {}))
                if parameter.get("in") == "path" and schema.get("type") == "integer":
                    # The URL map's <int:...>: ASCII digits from 1 to 2^31-1, else a 404.
                    schema.update(minimum=1, maximum=MAX_ID)
                parameter["schema"] = schema
            if "requestBody" in operation:
                operation["requestBody"]["required"] = True
            operation.setdefault("responses", {}).setdefault("414", URI_TOO_LONG)
    return spec


def register(app: Flask) -> None:
    """Install the path-id converter, the JSON limits and the API document; before routes."""
    app.url_map.converters["int"] = IdConverter
    app.json = JSONProvider(app)
    app.before_request(_read_json_first)
    api.register(app)
