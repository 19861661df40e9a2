"""Printed Official Scoring Cards and seating slips, for the tournament's judges and organizer."""

from __future__ import annotations

from flask import Blueprint, Response, current_app

from judgeaid import edge
from judgeaid.access import require_judge
from judgeaid.printing import cards, slips
from judgeaid.printing.schemas import CardsQuery, SlipsQuery
from judgeaid.services.accounts import get_tournament_or_404

bp = Blueprint("printing", __name__)


@bp.get("/t/<int:tournament_id>/print/cards.pdf")
@edge.pages.validate(query=CardsQuery)
def cards_pdf(tournament_id: int, query: CardsQuery):
    """Return one Official Scoring Card per table of a session (A.2.2), as a PDF."""
    tournament = get_tournament_or_404(tournament_id)
    require_judge(tournament_id)
    pdf = cards.render_cards(tournament, query.session, layout=query.layout or "card",
                             blank=query.blank == "1", tables=query.tables,
                             spare=query.spare or 0)
    return _pdf(pdf, f"scoring-cards-session-{query.session}.pdf")


@bp.get("/t/<int:tournament_id>/print/slips.pdf")
@edge.pages.validate(query=SlipsQuery)
def slips_pdf(tournament_id: int, query: SlipsQuery):
    """Return a seating slip per player of a session and the notice-board list, as a PDF."""
    tournament = get_tournament_or_404(tournament_id)
    require_judge(tournament_id)
    paper = query.layout or current_app.config.get("PRINT_PAPER", "a4")
    pdf = slips.render_slips(tournament, query.session, paper=paper, tz_offset=query.tz_offset)
    return _pdf(pdf, f"seating-slips-session-{query.session}.pdf")


def _pdf(pdf: bytes, filename: str):
    # A plain response (not send_file's passthrough stream), so the edge can pass it on.
    response = Response(pdf, mimetype="application/pdf")
    response.headers.set("Content-Disposition", "inline", filename=filename)
    # Slips carry each player's private link: keep them out of shared caches.
    response.headers["Cache-Control"] = "private, no-store"
    return response
