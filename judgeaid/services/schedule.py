"""A player's personal schedule (issue 30): each seated session with its table, starting
seat and start time in the venue's time, on their page, as a calendar file and on the slip."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import icalendar
from flask_babel import gettext as _
from sqlalchemy import select

from judgeaid import venuetime
from judgeaid.extensions import db
from judgeaid.models import WINDS, Player, PlaySession, Seat, Table
from judgeaid.services.players import get_player_by_token_or_404
from judgeaid.services.seating import WIND_NAMES


def seated_sessions(player: Player) -> list[dict]:
    """Return the player's seated sessions in order: number, table, seat, start (UTC, naive)
    and its venue text."""
    zone = player.tournament.time_zone
    rows = db.session.execute(
        select(PlaySession.number, PlaySession.stage, PlaySession.starts_at, Table.number,
               Seat.position)
        .join(Table, Table.session_id == PlaySession.id).join(Seat, Seat.table_id == Table.id)
        .where(Seat.player_id == player.id, PlaySession.is_seated)
        .order_by(PlaySession.number)).all()
    return [{"number": number, "is_final": stage == "final", "table": table,
             "seat": _(WIND_NAMES[WINDS[position]]), "starts_at": starts_at,
             "starts": venuetime.venue_moment(starts_at, zone)}
            for number, stage, starts_at, table, position in rows]


def _summary(tournament_name: str, session: dict) -> str:
    return _("%(event)s: session %(session)s, table %(table)s, %(seat)s seat",
             event=tournament_name, session=session["number"], table=session["table"],
             seat=session["seat"])


def schedule_ics(token: str, *, now: datetime | None = None) -> bytes:
    """Return the player's seated sessions as an iCalendar file, one event per session, each
    at its start on the venue's clock (its time zone carried as a VTIMEZONE). A session with
    no start time yet has no event: a calendar cannot place it."""
    player = get_player_by_token_or_404(token)
    tournament = player.tournament
    zone = tournament.time_zone
    minutes = (tournament.settings or {}).get("session_minutes")
    calendar = icalendar.Calendar()
    calendar.add("prodid", "-//judgeaid//personal schedule//EN")
    calendar.add("version", "2.0")
    calendar.add("x-wr-calname", f"{tournament.name} · {player.name}")
    calendar.add("x-wr-timezone", zone)
    stamp = now or datetime.now(UTC)
    for session in seated_sessions(player):
        if session["starts_at"] is None:
            continue
        start = venuetime.to_venue(session["starts_at"], zone)
        event = icalendar.Event()
        event.add("uid", f"judgeaid-{tournament.id}-{player.id}-session-{session['number']}")
        event.add("dtstamp", stamp)
        event.add("dtstart", start)
        if minutes:
            event.add("dtend", start + timedelta(minutes=int(minutes)))
        event.add("summary", _summary(tournament.name, session))
        event.add("description", _("Table %(table)s, starting seat %(seat)s.",
                                   table=session["table"], seat=session["seat"]))
        calendar.add_component(event)
    calendar.add_missing_timezones()
    return calendar.to_ical()


def slip_schedule(player: Player, from_session: int) -> list[dict]:
    """Return the player's seated sessions from `from_session` on, for the printed slip."""
    return [s for s in seated_sessions(player) if s["number"] >= from_session]
