"""Schemas of the sign-in page."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from judgeaid.edge import BlankIsNone, FormSchema, Id, text


class LoginQuery(FormSchema):
    tournament_id: Annotated[Id | None, BlankIsNone] = None
    # Taken as it comes: signin.safe_next follows it only to a path on this site.
    next: Annotated[str, Field(max_length=2000)] | None = None


class LoginForm(FormSchema):
    tournament_id: Annotated[Id | None, BlankIsNone] = None
    # Longer than any name or PIN: a longer one matches nobody (and costs a hash like any
    # wrong PIN), so the answer does not tell which names exist.
    name: text(200) = ""
    pin: text(64) = ""
    # Instead of the PIN: the one-time recovery code (issue 28), which works despite a lock.
    recovery: text(64) = ""
