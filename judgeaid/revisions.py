"""The event's revision: one number that changes whenever a live card's view changes beyond the
card's own rows.

A live card shows more than its rounds and penalty line (which bump `Card.version` in every
card verb): the event's name, time zone and settings, the players' names, the session and
table numbers, the seats (a forfeited seat, MCR §3.11.2.1). Any change to those rows (or to a
team, which the standings show: services.standings_data.data_version reads the revision too) bumps
`Tournament.revision`, so `(Card.version, Tournament.revision)` names a version of everything
a card shows, and a view built for it (judgeaid.viewcache) can be shared until either moves.

The bump is made here, once, for every flush (`before_flush`), rather than by each service
that edits a player, a seat or a setting: a service that forgot it would leave phones reading
an old name with no error anywhere. Only rows of these tables count; a card write, which
happens every few seconds in a hall, leaves the other cards' versions alone.
"""

from __future__ import annotations

from sqlalchemy import event
from sqlalchemy.orm import Session

from judgeaid.models import Player, PlaySession, Seat, Table, Team, Tournament

# The rows outside a card that its view (services.card_views.card_view) and the standings
# (services.standings_data.data_version) are made from.
SHOWN_ON_CARDS = (Tournament, Player, Team, PlaySession, Table, Seat)


def _tournament_of(session: Session, row) -> int | None:
    if isinstance(row, Tournament):
        return row.id
    if isinstance(row, Player | Team | PlaySession):
        # a row added through a relationship has its id only once flushed
        return row.tournament_id if row.tournament_id is not None else getattr(
            row.tournament, "id", None)
    table = row if isinstance(row, Table) else (
        row.table if row.table is not None else session.get(Table, row.table_id))
    if table is None:
        return None
    play = table.session if table.session is not None else session.get(
        PlaySession, table.session_id)
    return play.tournament_id if play is not None else None


def bump_revisions(session: Session, _context, _instances) -> None:
    """Bump the revision of every event whose shown rows this flush changes."""
    changed = [row for row in session.new if isinstance(row, SHOWN_ON_CARDS)]
    changed += [row for row in session.deleted if isinstance(row, SHOWN_ON_CARDS)]
    changed += [row for row in session.dirty if isinstance(row, SHOWN_ON_CARDS)
                and session.is_modified(row, include_collections=False)]
    if not changed:
        return
    with session.no_autoflush:
        events = {_tournament_of(session, row) for row in changed}
        for tournament_id in events - {None}:
            tournament = session.get(Tournament, tournament_id)
            if tournament is not None:
                # An SQL increment: two writers at once never lose a revision.
                tournament.revision = Tournament.revision + 1


def register() -> None:
    """Listen on every ORM session (once, however many apps are created)."""
    if not event.contains(Session, "before_flush", bump_revisions):
        event.listen(Session, "before_flush", bump_revisions)
