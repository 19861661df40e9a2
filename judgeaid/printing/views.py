"""Printed Official Scoring Cards and seating slips, for the tournament's judges and organizer."""

from __future__ import annotations

from io import BytesIO

from flask import Blueprint, current_app, request, send_file

from judgeaid.access import require_judge
from judgeaid.printing import cards, slips
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.errors import ServiceError

bp = Blueprint("printing", __name__)


@bp.get("/t/<int:tournament_id>/print/cards.pdf")
def cards_pdf(tournament_id: int):
    """Return one Official Scoring Card per table of a session (A.2.2), as a PDF."""
    tournament = get_tournament_or_404(tournament_id)
    require_judge(tournament_id)
    number = _session()
    pdf = cards.render_cards(
        tournament, number, layout=_choice("layout", tuple(cards.SHEETS), "card"),
        blank=_choice("blank", ("0", "1"), "0") == "1", tables=_tables(),
        spare=_whole("spare", 0, cards.MAX_SPARE, default=0))
    return _pdf(pdf, f"scoring-cards-session-{number}.pdf")


@bp.get("/t/<int:tournament_id>/print/slips.pdf")
def slips_pdf(tournament_id: int):
    """Return a seating slip per player of a session and the notice-board list, as a PDF."""
    tournament = get_tournament_or_404(tournament_id)
    require_judge(tournament_id)
    number = _session()
    paper = current_app.config.get("PRINT_PAPER", "a4")
    pdf = slips.render_slips(tournament, number, paper=_choice("layout", tuple(slips.PAPERS),
                                                               paper),
                             tz_offset=_whole("tz_offset", -840, 840, default=None))
    return _pdf(pdf, f"seating-slips-session-{number}.pdf")


def _session() -> int:
    text = request.args.get("session", "")
    if not text.isdigit() or int(text) < 1:
        raise ServiceError("Say which session to print: add ?session=N, N a session number "
                           "from 1.")
    return int(text)


def _choice(name: str, choices: tuple[str, ...], default: str) -> str:
    value = request.args.get(name, default)
    if value not in choices:
        raise ServiceError(f"'{name}' must be one of: {', '.join(choices)}.")
    return value


def _whole(name: str, low: int, high: int, *, default: int | None) -> int | None:
    text = request.args.get(name)
    if text is None or text == "":
        return default
    try:
        value = int(text)
    except ValueError:
        value = None
    if value is None or not low <= value <= high:
        raise ServiceError(f"'{name}' must be a whole number from {low} to {high}.")
    return value


def _tables() -> list[int] | None:
    # tables=3,7 reprints those tables; tables=none prints only spare cards.
    text = request.args.get("tables")
    if text is None:
        return None
    if text == "none":
        return []
    parts = text.split(",")
    if not all(part.strip().isdigit() for part in parts):
        raise ServiceError("'tables' must be table numbers separated by commas, or 'none'.")
    return [int(part) for part in parts]


def _pdf(pdf: bytes, filename: str):
    response = send_file(BytesIO(pdf), mimetype="application/pdf", download_name=filename)
    # Slips carry each player's private link: keep them out of shared caches.
    response.headers["Cache-Control"] = "private, no-store"
    return response
