"""Read-only summaries of tournaments for pages (plain data, never ORM objects)."""

from __future__ import annotations

from sqlalchemy import func, select

from judgeaid import venuetime
from judgeaid.extensions import db
from judgeaid.models import Player, PlaySession, Tournament
from judgeaid.rules import get_ruleset
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.wording import page_words, rule_text


def ruleset_label(code: str) -> str:
    """Return the words pages use for a ruleset."""
    return page_words(get_ruleset(code))["ruleset.label"]


def list_tournaments() -> list[dict]:
    """Return every tournament with its player count, newest first."""
    counts = dict(db.session.execute(
        select(Player.tournament_id, func.count(Player.id)).group_by(Player.tournament_id)
    ).all())
    rows = db.session.scalars(select(Tournament).order_by(Tournament.created_at.desc()))
    return [{"id": t.id, "name": t.name,
             "format": rule_text(t.ruleset, get_ruleset(t.ruleset).formats[t.format].name),
             "ruleset": ruleset_label(t.ruleset),
             "players": counts.get(t.id, 0)} for t in rows]


def tournament_summary(tournament_id: int) -> dict:
    """Return a tournament's public facts: format, settings, sessions."""
    t = get_tournament_or_404(tournament_id)
    fmt = get_ruleset(t.ruleset).formats[t.format]
    sessions = db.session.scalars(select(PlaySession).where(PlaySession.tournament_id == t.id)
                                  .order_by(PlaySession.number))
    return {
        "id": t.id, "name": t.name, "format": rule_text(t.ruleset, fmt.name), "kind": fmt.kind,
        "ruleset": ruleset_label(t.ruleset), "ruleset_code": t.ruleset,
        "is_sanctioned": fmt.is_sanctioned, "settings": dict(t.settings),
        "time_zone": t.time_zone,
        "players": db.session.scalar(select(func.count(Player.id))
                                     .where(Player.tournament_id == t.id)),
        "sessions": [{"number": s.number, "status": s.status, "tables": len(s.tables),
                      "starts_at": venuetime.venue_moment(s.starts_at, t.time_zone)}
                     for s in sessions],
    }
