"""HTML form posts on the edge schemas: an empty or non-form body is checked like an empty form.

spectree reads a form only from a form-encoded body; a POST with no body (or a JSON one) would
reach the view with `form=None`. `form(Model)` checks such a post as an empty form instead, so
its required fields are reported missing and the view always gets a validated model.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Annotated, Any

from flask_babel import gettext as _
from pydantic import BaseModel, Field, ValidationError

from judgeaid import edge


def maybe(low: int, high: int) -> Any:
    """Return the type of an optional whole number from `low` to `high` (blank is None)."""
    return Annotated[Annotated[int, Field(ge=low, le=high)] | None, edge.WholeNumber]


class ButtonForm(edge.FormSchema):
    """A form that is only a button (seat, post as final, next step) and its page's op_id."""

    op_id: edge.OpId | None = None


def _empty(model: type[BaseModel]) -> BaseModel:
    try:
        return model.model_validate({})
    except ValidationError as exc:
        details = edge.describe(exc.errors(include_context=True))
        message = _("; ").join(f"{d['field']}: {d['message']}" for d in details) + _(".")
        raise edge.InvalidInput(_("Check the request: %(problems)s", problems=message),
                                details=details) from None


def form(model: type[BaseModel], *, query: type[BaseModel] | None = None) -> Callable:
    """Check a page's posted form (and query string) against `model`; see the module note."""
    def wrap(view: Callable) -> Callable:
        @functools.wraps(view)
        def filled(*args: Any, **kwargs: Any) -> Any:
            if kwargs.get("form") is None:
                kwargs["form"] = _empty(model)
            return view(*args, **kwargs)
        # spectree reads the models from the annotations: give it the classes themselves.
        filled.__annotations__ = {"form": model, **({"query": query} if query else {})}
        return edge.pages.validate(form=model, query=query)(filled)
    return wrap
