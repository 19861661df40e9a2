"""The printed record of fouls of a session (MCR Appendix 6), in the event's language."""

from __future__ import annotations

from flask import render_template, request

from judgeaid.printing.language import N_, print_language, printing_in, say, template_context
from judgeaid.printing.pdf import create_pdf
from judgeaid.services import fouls_record
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.wording import event_rules


def render_fouls(tournament_id: int, session: int, bilingual: str | None = None) -> bytes:
    """Return the PDF of a session's record of fouls, printed in the event's language (and
    English beside it when bilingual: printing/language.py)."""
    tournament = get_tournament_or_404(tournament_id)
    with printing_in(print_language(tournament, bilingual)):
        data = fouls_record.record_of_fouls(tournament_id, session)
        title = say(N_("Record of fouls, session %(n)s — %(event)s"), n=session,
                    event=tournament.name)
        html = render_template("print/fouls.html", rules=event_rules(tournament_id),
                               title=title, **template_context(), **data)
        return create_pdf(html, request.url_root)
