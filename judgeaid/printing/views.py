"""Printed Official Scoring Cards and seating slips, for the tournament's judges and organizer."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, render_template
from flask_babel import lazy_gettext

from judgeaid import edge
from judgeaid.access import require_judge
from judgeaid.i18n import NATIVE_NAMES
from judgeaid.printing import cards, phone_warnings, slips
from judgeaid.printing.check import unprintable_names
from judgeaid.printing.language import print_language
from judgeaid.printing.schemas import CardsQuery, SlipsQuery
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.wording import event_rules

bp = Blueprint("printing", __name__)
SHEET_NAMES = {"card": lazy_gettext("card size, 3.7 × 8.5 in"),
               "letter": lazy_gettext("two cards on Letter"), "a4": lazy_gettext("two cards on A4")}
PAPER_NAMES = {"a4": "A4", "letter": lazy_gettext("Letter")}


@bp.get("/t/<int:tournament_id>/print/cards.pdf")
@edge.pages.validate(query=CardsQuery)
def cards_pdf(tournament_id: int, query: CardsQuery):
    """Return one Official Scoring Card per table of a session (A.2.2), as a PDF."""
    tournament = get_tournament_or_404(tournament_id)
    require_judge(tournament_id)
    pdf = cards.render_cards(tournament, query.session, layout=query.layout or "card",
                             blank=query.blank == "1", tables=query.tables,
                             spare=query.spare or 0,
                             language=print_language(tournament, query.bilingual))
    return _pdf(pdf, f"scoring-cards-session-{query.session}.pdf")


@bp.get("/t/<int:tournament_id>/print/slips.pdf")
@edge.pages.validate(query=SlipsQuery)
def slips_pdf(tournament_id: int, query: SlipsQuery):
    """Return a seating slip per player of a session and the notice-board list, as a PDF."""
    tournament = get_tournament_or_404(tournament_id)
    require_judge(tournament_id)
    paper = query.layout or current_app.config.get("PRINT_PAPER", "a4")
    pdf = slips.render_slips(tournament, query.session, paper=paper,
                             language=print_language(tournament, query.bilingual),
                             schedule=query.schedule == "1")
    return _pdf(pdf, f"seating-slips-session-{query.session}.pdf")


@bp.get("/t/<int:tournament_id>/print/slips")
@edge.pages.validate(query=SlipsQuery)
def slips_page(tournament_id: int, query: SlipsQuery):
    """Show what to check before printing a session's seating slips, and the print options."""
    tournament = get_tournament_or_404(tournament_id)
    require_judge(tournament_id)
    return render_template(
        "printing/slips.html", rules=event_rules(tournament_id),
        **_before_printing(tournament, query.session, query.bilingual),
        layout=query.layout or current_app.config.get("PRINT_PAPER", "a4"),
        papers=[(p, PAPER_NAMES.get(p, p)) for p in slips.PAPERS])


@bp.get("/t/<int:tournament_id>/print/cards")
@edge.pages.validate(query=CardsQuery)
def cards_page(tournament_id: int, query: CardsQuery):
    """Show what to check before printing a session's scoring cards, and the print options."""
    tournament = get_tournament_or_404(tournament_id)
    require_judge(tournament_id)
    tables = "none" if query.tables == [] else ",".join(map(str, query.tables or []))
    return render_template(
        "printing/cards.html", rules=event_rules(tournament_id),
        **_before_printing(tournament, query.session, query.bilingual),
        layout=query.layout or "card", sheets=[(s, SHEET_NAMES.get(s, s)) for s in cards.SHEETS],
        is_blank=query.blank == "1", tables=tables, spare=query.spare or 0,
        max_spare=cards.MAX_SPARE, is_score_sheet=cards.is_score_sheet(tournament.ruleset))


def _before_printing(tournament, session: int, bilingual: str | None) -> dict:
    language = print_language(tournament, bilingual)
    return {"t": {"id": tournament.id, "name": tournament.name}, "session": session,
            "unprintable": unprintable_names(tournament, session),
            "warnings": phone_warnings(),
            # the paper's language (the event's), named in its own words, and the choice of
            # English beside it (printing/language.py)
            "print_language": {"tag": language.tag, "bilingual": language.bilingual,
                               "name": NATIVE_NAMES[language.tag]}}


def _pdf(pdf: bytes, filename: str):
    # A plain response (not send_file's passthrough stream), so the edge can pass it on.
    response = Response(pdf, mimetype="application/pdf")
    response.headers.set("Content-Disposition", "inline", filename=filename)
    # Slips carry each player's private link: keep them out of shared caches.
    response.headers["Cache-Control"] = "private, no-store"
    return response
