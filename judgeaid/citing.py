"""Rule citations in templates, in the words of the page's own event.

A page names its event in its path (a tournament, a card, a player's token); `cite(zj, mcr)`
gives the Zung Jung words on a Zung Jung event and the MCR words (often none: MCR has no such
section) on an MCR one, so a template never shows a ZJM section on an MCR event.
"""

from __future__ import annotations

from flask import Flask, g, has_request_context, request
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Card, Player, PlaySession, Table, Tournament
from judgeaid.rules import DEFAULT_RULESET


def register(app: Flask) -> None:
    """Give every template `cite` and `page_ruleset`."""
    app.jinja_env.globals["cite"] = cite
    app.jinja_env.globals["page_ruleset"] = page_ruleset


def page_ruleset() -> str:
    """Return the ruleset code of the event the current page is about (else the default)."""
    if not has_request_context():
        return DEFAULT_RULESET
    if "page_ruleset" not in g:
        g.page_ruleset = _ruleset_of(request.view_args or {}) or DEFAULT_RULESET
    return g.page_ruleset


def cite(zj: str, mcr: str = "") -> str:
    """Return `zj` on a Zung Jung event's page and `mcr` on an MCR event's."""
    return mcr if page_ruleset() == "mcr" else zj


def _ruleset_of(args: dict) -> str | None:
    if isinstance(args.get("tournament_id"), int):
        return db.session.scalar(select(Tournament.ruleset)
                                 .where(Tournament.id == args["tournament_id"]))
    if isinstance(args.get("card_id"), int):
        return db.session.scalar(
            select(Tournament.ruleset).join(PlaySession, PlaySession.tournament_id == Tournament.id)
            .join(Table, Table.session_id == PlaySession.id).join(Card, Card.table_id == Table.id)
            .where(Card.id == args["card_id"]))
    if isinstance(args.get("token"), str):
        return db.session.scalar(select(Tournament.ruleset)
                                 .join(Player, Player.tournament_id == Tournament.id)
                                 .where(Player.token == args["token"]))
    return None
