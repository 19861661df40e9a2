"""The venue's time zone for pages, PDFs and exports: which zone, and times shown in it.

The conversions are in judgeaid.venuetime (pure); this module finds the tournament's zone
for the request or a service, and gives templates the `venue_time` filter and the
`venue_zone()` global (base.html puts it on <body data-time-zone>, where static/js/dom.js
reads it for times drawn in the browser).
"""

from __future__ import annotations

from datetime import datetime

from flask import Flask, current_app, g, has_request_context, request
from markupsafe import Markup, escape
from sqlalchemy import select

from judgeaid import values, venuetime
from judgeaid.extensions import db
from judgeaid.models import Card, Player, Tournament
from judgeaid.services.players import is_token


def default_zone() -> str:
    """Return the zone a new tournament starts with (configured, the server's, or UTC)."""
    return venuetime.server_zone(current_app.config.get("DEFAULT_TIME_ZONE") or None)


def zone_of(tournament_id: int | None) -> str:
    """Return the tournament's time zone (UTC for no tournament)."""
    tournament = db.session.get(Tournament, tournament_id) if tournament_id else None
    return tournament.time_zone if tournament is not None else venuetime.DEFAULT_ZONE


def _request_tournament_id() -> int | None:
    args = request.view_args or {}
    if isinstance(args.get("tournament_id"), int):
        return args["tournament_id"]
    if isinstance(args.get("card_id"), int):
        card = db.session.get(Card, args["card_id"])
        if card is not None:
            return card.tournament_id
    if isinstance(args.get("token"), str) and is_token(args["token"]):
        # Only a token's own characters reach the database (a NUL is a PostgreSQL error).
        found = db.session.scalar(select(Player.tournament_id)
                                  .where(Player.token == args["token"]))
        if found is not None:
            return found
    user = g.get("user")
    return user.tournament_id if user is not None else None


def request_zone() -> str:
    """Return the zone of the tournament this request is about, else the server's default."""
    if not has_request_context():
        return default_zone()
    if "venue_zone" not in g:
        tournament_id = _request_tournament_id()
        g.venue_zone = zone_of(tournament_id) if tournament_id else default_zone()
    return g.venue_zone


def text(moment: datetime | str | None, zone: str | None = None, style: str = "time") -> str:
    """Return the moment as venue wall-clock text ("14:30 CET"), "" for none."""
    return venuetime.venue_text(moment, zone or request_zone(), style)


def moment(value: datetime | None, zone: str, style: str = "day") -> dict | None:
    """Return {"iso", "text", "zone"} for a page (the time in the venue's zone), or None."""
    return venuetime.venue_moment(value, zone, style)


def venue_time_filter(value: datetime | str | None, style: str = "time",
                      zone: str | None = None, empty: str = "—") -> Markup:
    """Jinja filter: <time datetime="…Z">14:30 CET</time> in the venue's zone."""
    utc = venuetime.parse_moment(value)
    if utc is None:
        return Markup(escape(empty))
    shown = venuetime.venue_text(utc, zone or request_zone(), style)
    return Markup('<time datetime="{}">{}</time>').format(values.iso_z(utc), shown)


def request_locale() -> str:
    """Return the Babel locale times are written in: the request's language, else English."""
    from judgeaid.i18n import babel_name, page_lang

    return babel_name(page_lang())


def number_filter(value: float | int | None, empty: str = "—") -> str:
    """Jinja filter: a number as the page's language writes it (Babel's format_decimal:
    1,234.5 in English and in Chinese), "—" for none."""
    if value is None:
        return empty
    from babel.numbers import format_decimal

    return format_decimal(value, locale=request_locale())


def register(app: Flask) -> None:
    """Give templates `|venue_time`, `|venue_text`, `|number`, `venue_zone()` and the zone
    names, and write times and numbers in the request's language."""
    venuetime.set_locale_source(request_locale)
    app.jinja_env.filters["venue_time"] = venue_time_filter
    app.jinja_env.filters["number"] = number_filter
    app.jinja_env.filters["venue_text"] = lambda value, style="time", zone=None: text(
        value, zone, style)
    app.jinja_env.globals["venue_zone"] = request_zone
    app.jinja_env.globals["venue_zone_names"] = venuetime.zone_names
    app.jinja_env.globals["default_venue_zone"] = default_zone
