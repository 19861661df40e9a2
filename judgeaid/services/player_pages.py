"""What a player's own page shows, as plain data."""

from __future__ import annotations

import time
import zlib

from flask_babel import gettext as _
from sqlalchemy import bindparam, func, select

from judgeaid import venuetime
from judgeaid.extensions import db
from judgeaid.models import (
    WINDS,
    Appeal,
    Card,
    CardSeatChange,
    Player,
    PlaySession,
    Ruling,
    ScoreCheck,
    Seat,
    Table,
    Tournament,
)
from judgeaid.rules import get_ruleset
from judgeaid.rules.ruleset import bracketed
from judgeaid.services.appeals import appeals_for_player
from judgeaid.services.errors import NotFound
from judgeaid.services.players import get_player_by_token_or_404, is_token
from judgeaid.services.seating import WIND_NAMES, session_count
from judgeaid.services.standings_pages import results_for_player
from judgeaid.wording import page_words

# each in the words of the event's ruleset, citing its own rule for it
STATUS_NOTES = {"withdrawn": "out.withdrawn_you", "disqualified": "out.disqualified_you",
                "resigned": "out.resigned_you"}


# The page's appeal windows (§4.3, MCR §3.12.2) open and close with the clock: once the event
# has a ruling, a player's page is built again at least this often.
APPEAL_WINDOW_STEP_S = 30


def _in_event(model, column):
    """One number of the player's event, as a subquery of the page's tag statement."""
    return select(column).where(model.tournament_id == Player.tournament_id).scalar_subquery()


_PAGE_TAG = (
    select(Player.id, Tournament.revision, Tournament.created_at,
           _in_event(Card, func.count(Card.id)),
           _in_event(Card, func.coalesce(func.sum(Card.version), 0)),
           _in_event(Ruling, func.max(Ruling.id)),
           _in_event(Appeal, func.count(Appeal.id)),
           _in_event(Appeal, func.max(Appeal.decided_at)),
           _in_event(ScoreCheck, func.count(ScoreCheck.id)),
           _in_event(ScoreCheck, func.max(ScoreCheck.resolved_at)))
    .join(Tournament, Tournament.id == Player.tournament_id)
    .where(Player.token == bindparam("token")))


def _seconds() -> float:
    return time.time()


def page_tag(token: str) -> tuple[str, int]:
    """Return the version of everything a player's page shows, and the player's id; or raise
    NotFound, as the page does.

    One statement, without building the page: the event's revision (names, sessions, seats:
    judgeaid.revisions), the count and sum of its cards' versions (results and places), its
    rulings, appeals and score checks (rulings are never changed, only superseded; appeals and
    checks are decided once), and, once the event has a ruling, the time to the nearest
    APPEAL_WINDOW_STEP_S, since whether an appeal is still open depends on the time. Every
    player of a hall opens their page from their slip at a session's start: each is built once
    per version and shared (judgeaid.viewcache).
    """
    row = db.session.connection().execute(_PAGE_TAG, {"token": token}).one_or_none() if (
        is_token(token)) else None
    if row is None:
        raise NotFound(_("This player link is not valid. Ask the organizer for your slip."))
    player_id, revision, created_at, cards, versions, ruling, *judging = row
    marks = zlib.crc32(repr((ruling, *judging)).encode())
    step = int(_seconds() // APPEAL_WINDOW_STEP_S) if ruling is not None else 0
    event = zlib.crc32(created_at.isoformat().encode())
    return (f"player-{player_id}-r{revision}-c{cards}.{versions}-j{marks:08x}.{step}"
            f"-e{event:08x}", player_id)


def player_view(token: str, *, staff_of: int | None = None) -> dict:
    """Return the player's details and their table and starting seat in each session;
    `staff_of`: the event of the judge or organizer reading it, who sees hidden results too."""
    player = get_player_by_token_or_404(token)
    zone = player.tournament.time_zone
    rows = db.session.execute(
        select(PlaySession.number, PlaySession.stage, PlaySession.starts_at, Table.number,
               Table.seats_source, Seat.position, Card.id)
        .join(Table, Table.session_id == PlaySession.id).join(Seat, Seat.table_id == Table.id)
        .outerjoin(Card, Card.table_id == Table.id)
        .where(Seat.player_id == player.id).order_by(PlaySession.number)
    ).all()
    seated = {number: {
        "number": number, "is_final": stage == "final", "is_seated": True,
        "starts_at": _moment(starts_at, zone), "table": table,
        "seat": _(WIND_NAMES[WINDS[position]]), "is_judge_draw": source == "judge",
        "card_id": card_id,
    } for number, stage, starts_at, table, source, position, card_id in rows}
    seated.update(_stand_ins(player, zone, seated))
    others = {s.number: s for s in player.tournament.sessions if s.number not in seated}
    last = max([session_count(player.tournament), *seated, *others], default=0)
    sessions = [seated.get(n) or _unseated(player, n, others.get(n)) for n in range(1, last + 1)]
    return {
        "player": {"number": player.number, "name": player.name, "token": player.token,
                   "team": player.team.name if player.team else None, "status": player.status,
                   "note": _status_note(player)},
        "tournament": {"id": player.tournament.id, "name": player.tournament.name,
                       "time_zone": zone, "ruleset": player.tournament.ruleset},
        "sessions": sessions,
        "has_seat": bool(seated),
        "is_league": player.tournament.settings.get("rotation") == "league",
        "seats_note": page_words(get_ruleset(player.tournament.ruleset))["card.seats_note"],
        # The judge console's partial: rulings about the player and their appeals (§4.3).
        "appeals": appeals_for_player(player.id),
        # The standings' partial: the player's sessions, match points and rank (§3.5).
        "results": results_for_player(player.id,
                                      sees_all=staff_of == player.tournament_id),
    }


def _stand_ins(player: Player, zone: str, seated: dict) -> dict[int, dict]:
    """Return the sessions where the player took a leaving player's seat mid-session (§4.15)."""
    rows = db.session.execute(
        select(PlaySession.number, PlaySession.stage, PlaySession.starts_at, Table.number,
               CardSeatChange.position, CardSeatChange.round_from, Card.id, Player.name)
        .join(Card, Card.id == CardSeatChange.card_id).join(Table, Table.id == Card.table_id)
        .join(PlaySession, PlaySession.id == Table.session_id)
        .join(Player, Player.id == CardSeatChange.leaving_player_id)
        .where(CardSeatChange.entering_player_id == player.id)
    ).all()
    words = page_words(get_ruleset(player.tournament.ruleset))
    word = words["card.hand_word"]
    return {number: {
        "number": number, "is_final": stage == "final", "is_seated": True,
        "starts_at": _moment(starts_at, zone), "table": table,
        "seat": _("%(wind)s, %(name)s’s seat from %(word)s %(round)s (neutral substitute, "
                  "%(cite)s)", wind=_(WIND_NAMES[WINDS[position]]), name=leaving, word=word,
                  round=round_from, cite=words['card.substitute_cite']),
        "is_judge_draw": False, "card_id": card_id,
    } for number, stage, starts_at, table, position, round_from, card_id, leaving in rows
        if number not in seated}


def _unseated(player: Player, number: int, session: PlaySession | None) -> dict:
    """Describe a session where the player has no seat, and why."""
    is_seated = session is not None and session.is_seated
    if player.left_session is not None and number >= player.left_session:
        why = _("You are out of the event by then.")
    elif number < player.joined_session:
        late = bracketed(page_words(get_ruleset(player.tournament.ruleset))[
            "standings.late_cite"])
        why = (_("You join later%(late)s.", late=late) if not is_seated
               else _("You joined after this session."))
    elif is_seated:
        why = _("No seat for you in this session.") if player.is_substitute else \
            _("You have no seat in this session. See the organizer.")
    else:
        why = _("Tables are not out yet: they appear here once the session is seated.")
    return {"number": number, "is_seated": False, "is_final": bool(session and
                                                                   session.stage == "final"),
            "starts_at": _moment(session.starts_at, player.tournament.time_zone)
            if session else None, "why": why}


def _status_note(player: Player) -> str | None:
    """Return one sentence about how the player takes part, when it is not the usual way."""
    words = page_words(get_ruleset(player.tournament.ruleset))
    if player.status in STATUS_NOTES:
        note = words[STATUS_NOTES[player.status]]
        if player.left_session:
            return _("%(note)s; from session %(left_session)s on you have no seat.",
                     note=note, left_session=player.left_session)
        return _("%(note)s.", note=note)
    if player.status != "active":
        return _("Status: %(status)s.", status=player.status)
    if player.is_substitute:
        return (_("You are a neutral substitute%(bracketed)s: you play where a seat needs "
                  "filling.", bracketed=bracketed(words['standings.substitute_cite'])))
    if player.joined_session > 1:
        return (_("You join the event at session %(joined_session)s%(bracketed)s.",
                  joined_session=player.joined_session,
                  bracketed=bracketed(words['standings.late_cite'])))
    return None


def _moment(moment, zone: str) -> dict | None:
    """Return a UTC time as ISO with Z and as the venue's wall-clock time ("Tue 24 Nov,
    14:30 CET"): a player's phone may be set to another zone."""
    return venuetime.venue_moment(moment, zone)
