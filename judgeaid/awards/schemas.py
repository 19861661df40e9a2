"""Schemas of the awards API and the organizer's awards switch (issue 30)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from judgeaid.edge import FormSchema, OpId, Schema, text


class AwardOut(BaseModel):
    """One holder of one award; awards over many hands name no session, table or hand."""

    model_config = {"extra": "allow"}
    code: str
    number: int
    name: str
    value: int
    session: int | None
    table: int | None
    hand: int | None


class AwardsOut(BaseModel):
    """Every award's holders (ties all listed), and each award's words and unread hands."""

    awards: list[AwardOut]
    kinds: list[dict[str, Any]]
    is_on: bool
    tournament: dict[str, Any]
    # the closing stage: this reader gets the awards of the sessions before this one only
    hidden_from_session: int | None = None


class AwardsSwitchBody(Schema):
    is_on: bool
    op_id: OpId


class AwardsSwitchForm(FormSchema):
    is_on: text(3) = ""
    op_id: OpId | None = None
