"""The closing stage (issue 30): the organizer hides the standings from a chosen session on,
until the prize-giving. The public pages, players' pages and the public API then show the
standings after the session before; judges and the organizer still see everything.

The choice lives in the event's settings (`HIDDEN_FROM`), so changing it bumps the event's
revision (judgeaid.revisions): every view kept per version (the standings computed per data
version, a player's shared page, its ETag) is built again, never served from before.
"""

from __future__ import annotations

from flask_babel import gettext as _

from judgeaid.extensions import db
from judgeaid.models import Tournament
from judgeaid.services.audit import record_event
from judgeaid.services.errors import Unprocessable
from judgeaid.services.seating import session_count

# the event's setting: the first session whose results are hidden (absent: none)
HIDDEN_FROM = "standings_hidden_from"


def hidden_from(tournament: Tournament) -> int | None:
    """Return the first session whose standings are hidden from the public, or None."""
    value = (tournament.settings or {}).get(HIDDEN_FROM)
    return int(value) if value is not None else None


def hide_standings(tournament: Tournament, from_session: int | None, actor) -> int | None:
    """Hide the standings from session `from_session` on (None: show everything again)."""
    last = max(session_count(tournament), *(s.number for s in tournament.sessions), 1)
    if from_session is not None and not 1 <= from_session <= last:
        raise Unprocessable(_("Choose a session from 1 to %(last)s.", last=last))
    before = hidden_from(tournament)
    settings = {k: v for k, v in (tournament.settings or {}).items() if k != HIDDEN_FROM}
    if from_session is not None:
        settings[HIDDEN_FROM] = from_session
    tournament.settings = settings  # a new dict: the change is seen and the revision bumps
    record_event("standings.hide", tournament_id=tournament.id, actor=actor,
                 subject=f"tournament:{tournament.id}", before={"from_session": before},
                 after={"from_session": from_session})
    db.session.flush()
    return from_session


def hidden_text(from_session: int) -> str:
    """Say what the public sees while the standings are hidden from a session on."""
    if from_session <= 1:
        return _("The standings are hidden until the prize-giving.")
    return _("These are the standings after session %(shown)s. Session %(hidden)s and later "
             "are hidden until the prize-giving.", shown=from_session - 1, hidden=from_session)


def closing_desk(tournament: Tournament) -> dict:
    """Return the results desk's closing-stage form as plain data."""
    hidden = hidden_from(tournament)
    last = max(session_count(tournament), *(s.number for s in tournament.sessions), 1)
    return {"hidden_from": hidden, "sessions": list(range(1, last + 1)),
            "text": hidden_text(hidden) if hidden is not None else ""}

