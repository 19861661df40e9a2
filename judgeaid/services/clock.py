"""The session clock (§3.4.1.2, §3.4.2.2): read it, act on it, close the cards at time over.

The acts are ClockEvent rows, appended and never changed; judgeaid.rules.clock derives the
state. Every time here is the server's, in milliseconds since the epoch.
"""

from __future__ import annotations

import time

from flask_babel import gettext as _
from sqlalchemy import func, select

from judgeaid import writes
from judgeaid.extensions import db
from judgeaid.models import (
    Card,
    CardRound,
    ClockEvent,
    Operation,
    PlaySession,
    Table,
    Tournament,
    User,
)
from judgeaid.rules import get_ruleset
from judgeaid.rules.clock import (
    WARNINGS_MS,
    ClockAct,
    ClockError,
    SessionClock,
    check_act,
    session_clock,
    time_over_due,
)
from judgeaid.services import card_writes, cards
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.audit import record_event
from judgeaid.services.cards import Actor, actor_display
from judgeaid.services.clock_inputs import ClockActBody
from judgeaid.services.errors import Conflict, NotFound, ServiceError
from judgeaid.wording import script_view

# Time after zero for writing down a round finished before the bell: the app's own margin,
# since §3.4.1.2/§3.4.2.2 say only that play stops at once; then the cards close by
# themselves. Ending the clock by hand closes them at once.
DEFAULT_GRACE_S = 120


def server_now_ms() -> int:
    """Return the server clock in milliseconds: the same clock as GET /api/time."""
    return time.time_ns() // 1_000_000


def duration_ms(session: PlaySession) -> int | None:
    """Return the session's length by the event's ruleset and settings; None when untimed."""
    tournament = session.tournament
    return get_ruleset(tournament.ruleset).timing.session_ms(
        tournament.settings, stage=session.stage, bracket_size=session.bracket_size)


def grace_ms(tournament: Tournament) -> int:
    """Return how long after zero the cards stay open for the last finished round."""
    return int(tournament.settings.get("time_over_grace_seconds", DEFAULT_GRACE_S)) * 1000


def _events(session: PlaySession) -> list[ClockEvent]:
    return list(db.session.scalars(select(ClockEvent).where(ClockEvent.session_id == session.id)
                                   .order_by(ClockEvent.at_ms, ClockEvent.id)))


def _acts(events: list[ClockEvent]) -> list[ClockAct]:
    return [ClockAct(e.kind, e.at_ms, e.amount_ms, e.table_id) for e in events]


def state(session: PlaySession, now_ms: int | None = None) -> SessionClock:
    """Return the session clock as it stands now."""
    now = server_now_ms() if now_ms is None else now_ms
    return session_clock(_acts(_events(session)), duration_ms(session), now)


def _sessions(tournament_id: int) -> list[PlaySession]:
    return list(db.session.scalars(select(PlaySession).where(
        PlaySession.tournament_id == tournament_id).order_by(PlaySession.number)))


def _is_posted(session: PlaySession) -> bool:
    return session.finalized_at is not None


def current_session(tournament_id: int, number: int | None = None) -> PlaySession | None:
    """Return the session the hall clock shows: running or paused, else the session the
    organizer switched the clock to, else the next seated one after the last ended or posted.

    A posted session is done whether or not its clock ran: once session K is posted and K+1
    is seated, the hall clock, the time-outs page and the late-arrival form show K+1.
    """
    sessions = _sessions(tournament_id)
    if number is not None:
        found = next((s for s in sessions if s.number == number), None)
        if found is None:
            raise NotFound(_("There is no session %(n)s.", n=number))
        return found
    touched = set(db.session.scalars(select(ClockEvent.session_id).where(
        ClockEvent.session_id.in_([s.id for s in sessions])).distinct()))
    clocks = {s.id: state(s) for s in sessions if s.id in touched}
    live = [s for s in sessions if s.id in clocks and not _is_posted(s) and clocks[s.id].status
            not in ("not_started", "ended")]
    if live:
        return live[-1]
    done = {s.number for s in sessions if _is_posted(s)
            or (s.id in clocks and clocks[s.id].status == "ended")}
    pinned = sessions[0].tournament.settings.get(SWITCH_KEY) if sessions else None
    chosen = next((s for s in sessions if s.number == pinned and s.number not in done
                   and s.is_seated and s.tables), None)
    if chosen is not None:
        return chosen
    last_done = max(done, default=0)
    upcoming = [s for s in sessions if s.number > last_done and s.is_seated
                and s.tables]
    if upcoming:
        return upcoming[0]
    shown = [s for s in sessions if s.id in clocks or _is_posted(s)]
    return shown[-1] if shown else None


# The session the organizer switched the hall clock to, in the tournament's settings.
SWITCH_KEY = "clock_session"


def switch_offer(tournament_id: int) -> dict | None:
    """Return {"from": K, "to": K+1} when the clock shows session K, not posted and its clock
    not going, while a later session is already seated: the desk offers to switch."""
    shown = current_session(tournament_id)
    if shown is None or _is_posted(shown) or state(shown).status in ("running", "paused",
                                                                      "over"):
        return None
    later = next((s for s in _sessions(tournament_id) if s.number > shown.number
                  and s.is_seated and s.tables and not _is_posted(s)), None)
    return None if later is None else {"from": shown.number, "to": later.number}


def switch_clock(tournament: Tournament, number: int, user: User) -> dict:
    """Show session `number` on the hall clock, the time-outs page and the late-arrival form."""
    offer = switch_offer(tournament.id)
    if offer is None or offer["to"] != number:
        shown = current_session(tournament.id)
        raise Conflict(_("The clock already shows session %(n)s; there is nothing to switch.",
                         n=number) if shown is not None and shown.number == number else
                       _("Session %(n)s cannot take the clock now: only the next seated "
                         "session can, while the clock shown is not running.", n=number))
    tournament.settings = {**tournament.settings, SWITCH_KEY: number}
    record_event("clock.switch", tournament_id=tournament.id, actor=user,
                 subject=f"session:{number}", after={"from": offer["from"], "to": number})
    return {"session": number}


def _table_numbers(session: PlaySession) -> dict[int, int]:
    return {t.id: t.number for t in session.tables}


def _countdown_json(countdown, numbers: dict[int, int]) -> dict:
    return {"table": None if countdown.table is None else numbers.get(countdown.table),
            "extra_ms": countdown.extra_ms, "limit_ms": countdown.limit_ms,
            "elapsed_ms": countdown.elapsed_ms, "remaining_ms": countdown.remaining_ms,
            "deadline_ms": countdown.deadline_ms,
            "counting_since_ms": countdown.counting_since_ms,
            "is_running": countdown.is_running, "is_ended": countdown.is_ended,
            "phase": countdown.phase}


def _next_sweep_ms(clock: SessionClock, grace: int, swept: set[int | None]) -> int | None:
    """Return the server time at which some cards are next due to close, if any."""
    times = []
    for countdown in (clock.hall, *clock.tables):
        if countdown.table in swept or countdown.remaining_ms is None:
            continue
        if countdown.is_ended:
            times.append(clock.now_ms)
        elif countdown.deadline_ms is not None:
            times.append(countdown.deadline_ms + grace)
    return min(times) if times else None


def _swept(session: PlaySession) -> set[int | None]:
    """Return the keys (None for the hall, else table ids) whose cards were already closed."""
    prefix = f"clock-{session.id}-over-"
    ops = db.session.scalars(select(Operation.op_id).where(Operation.op_id.like(prefix + "%")))
    keys: set[int | None] = set()
    for op_id in ops:
        key = op_id[len(prefix):]
        keys.add(None if key == "hall" else int(key.lstrip("t")))
    return keys


def session_view(session: PlaySession, now_ms: int | None = None) -> dict:
    """Return one session's clock as plain data: deadlines in server ms, events, tables."""
    events = _events(session)
    clock = session_clock(_acts(events), duration_ms(session),
                          server_now_ms() if now_ms is None else now_ms)
    numbers = _table_numbers(session)
    reasons: dict[int, str] = {}
    for event in events:
        if event.kind == "extend" and event.table_id is not None and event.reason:
            reasons[event.table_id] = event.reason
    grace = grace_ms(session.tournament)
    swept = _swept(session) if clock.is_timed else set()
    tables = [dict(_countdown_json(t, numbers), reason=reasons.get(t.table, ""))
              for t in sorted(clock.tables, key=lambda c: numbers.get(c.table, 0))]
    return {
        "number": session.number, "status": clock.status, "is_timed": clock.is_timed,
        "duration_ms": clock.duration_ms, "started_at_ms": clock.started_at_ms,
        "paused_at_ms": clock.paused_at_ms, "hall": _countdown_json(clock.hall, numbers),
        "tables": tables, "table_count": len(numbers), "warnings_ms": list(WARNINGS_MS),
        "grace_ms": grace, "sweep_at_ms": _next_sweep_ms(clock, grace, swept) if clock.is_timed
        else None,
        "events": [{"kind": e.kind, "at_ms": e.at_ms, "amount_ms": e.amount_ms,
                    "table": numbers.get(e.table_id) if e.table_id else None,
                    "reason": e.reason, "by": e.by, "who": actor_display(e.by)}
                   for e in events],
        "version": f"{session.id}-{len(events)}-{max((e.id for e in events), default=0)}"
                   f"-{len(swept)}",
    }


# the session clock's states and notes the pages show in the event's ruleset's words
CLOCK_WORDS = ("section", "ended", "over", "warn15", "warn5", "untimed", "about")


def clock_view(tournament_id: int, number: int | None = None, now_ms: int | None = None
               ) -> dict:
    """Return the tournament's hall clock: the server time and the current session's clock."""
    tournament = get_tournament_or_404(tournament_id)
    session = current_session(tournament_id, number)
    now = server_now_ms() if now_ms is None else now_ms
    words = get_ruleset(tournament.ruleset).words
    return {"now_ms": now, "tournament": {"id": tournament.id, "name": tournament.name,
                                          "clock_words": {key: words[f"clock.{key}"]
                                                          for key in CLOCK_WORDS},
                                          "rules": script_view(tournament.ruleset, "js.clock.")},
            "session": session_view(session, now) if session else None,
            "sessions": [s.number for s in _sessions(tournament_id) if s.tables]}


# ---------------------------------------------------------------- acting on the clock

def _read_act(session: PlaySession, body: ClockActBody, now_ms: int) -> tuple[ClockAct, str]:
    table_id = None
    if body.table is not None:
        table = next((t for t in session.tables if t.number == body.table), None)
        if table is None:
            raise ServiceError(_("Session %(n)s has no table %(table)s.", n=session.number,
                                 table=body.table))
        table_id = table.id
    amount = 0
    reason = " ".join(body.reason.split())
    if body.action == "extend":
        if not body.seconds:
            raise ServiceError(_("'seconds' must be a whole, non-zero number of seconds."))
        if not reason:
            raise ServiceError(_("Say why the time is extended (for example, a long ruling)."))
        amount = body.seconds * 1000
    return ClockAct(body.action, now_ms, amount, table_id), reason


def act(tournament: Tournament, body: ClockActBody, user: User, now_ms: int | None = None
        ) -> dict:
    """Start, pause, resume, extend or end a session clock."""
    session = current_session(tournament.id, body.session)
    if session is None or not session.tables:
        raise Conflict(_("No session is seated yet, so there is no clock to run."))
    # One act at a time on a session's clock, whichever worker or instance takes it: two
    # Starts pressed at once would both pass the check below and leave a clock that cannot
    # be read. The second waits here, then sees the first and is refused.
    db.session.refresh(session, with_for_update=True)
    events = _events(session)
    now = max(server_now_ms() if now_ms is None else now_ms,
              events[-1].at_ms if events else 0)
    clock_act, reason = _read_act(session, body, now)
    if clock_act.kind == "start":
        _check_no_other_clock(session)
    try:
        check_act(_acts(events), duration_ms(session), clock_act)
    except ClockError as exc:
        raise Conflict(_sentence(str(exc))) from None
    db.session.add(ClockEvent(session_id=session.id, table_id=clock_act.table,
                              kind=clock_act.kind, amount_ms=clock_act.amount_ms, reason=reason,
                              at_ms=now, by=Actor.for_user(user).label, op_id=body.op_id))
    if clock_act.kind == "start" and session.status in ("planned", "seated"):
        session.status = "playing"
    db.session.flush()
    record_event(f"clock.{clock_act.kind}", tournament_id=tournament.id, actor=user,
                 subject=f"session:{session.number}",
                 after={"table": body.table, "amount_ms": clock_act.amount_ms,
                        "reason": reason, "at_ms": now})
    closed = close_due_cards(session, Actor.for_user(user), now)
    return {"session": session_view(session, now), "now_ms": now, "closed_cards": closed}


def _sentence(message: str) -> str:
    return message[:1].upper() + message[1:] + "."


def _check_no_other_clock(session: PlaySession) -> None:
    for other in _sessions(session.tournament_id):
        if other.id != session.id and state(other).status in ("running", "paused", "over"):
            raise Conflict(_("Session %(n)s's clock is still going; end it first.",
                             n=other.number))


# ---------------------------------------------------------------- time over on the cards

def _last_recorded(card: Card) -> int:
    return db.session.scalar(select(func.max(CardRound.round))
                             .where(CardRound.card_id == card.id)) or 0


def _close_card(session: PlaySession, table: Table, actor: Actor) -> int | None:
    """Mark the card's unrecorded rounds not played (§3.4.1.2, §3.4.2.2); return its id if it
    changed."""
    try:
        card = cards.card_for_table(table)
    except NotFound:
        return None
    # A judge who already marked the card chose the round; every round recorded leaves
    # nothing.
    rounds = get_ruleset(session.tournament.ruleset).session.rounds
    if card.not_played_from is not None or _last_recorded(card) >= rounds:
        return None
    card_writes.close_rounds(card, actor)
    return card.id


def close_due_cards(session: PlaySession, actor: Actor, now_ms: int | None = None) -> list[int]:
    """Close the cards of every table whose time is over; return the ids of changed cards."""
    events = _events(session)
    now = max(server_now_ms() if now_ms is None else now_ms, events[-1].at_ms if events else 0)
    grace = grace_ms(session.tournament)
    closed: list[int] = []
    swept = _swept(session)
    hall_due, _moment = time_over_due(state(session, now), grace)
    if hall_due and None not in swept:
        clock = state(session, now)
        extra = {t.table for t in clock.tables}
        closed += _sweep(session, None, [t for t in session.tables if t.id not in extra],
                         clock.hall.is_ended, actor, now)
    # the clock is read again: ending the hall may have ended tables with it
    clock = state(session, now)
    for table_id in time_over_due(clock, grace)[1]:
        if table_id not in swept:
            closed += _sweep(session, table_id, [db.session.get(Table, table_id)],
                             clock.table(table_id).is_ended, actor, now)
    if state(session, now).status == "ended" and session.status == "playing":
        session.status = "finished"
    return closed


def _sweep(session: PlaySession, table_id: int | None, tables: list[Table], is_ended: bool,
           actor: Actor, now_ms: int) -> list[int]:
    """End one clock (the hall's or a table's) and close its tables' cards, exactly once."""
    op_id = f"clock-{session.id}-over-" + ("hall" if table_id is None else f"t{table_id}")

    def close() -> dict:
        if not is_ended:
            # §3.4.1.2, §3.4.2.2 at zero play stops: the clock records its own end
            db.session.add(ClockEvent(session_id=session.id, table_id=table_id, kind="end",
                                      at_ms=now_ms, by="clock", reason="Time over"))
        closed = [card_id for card_id in (_close_card(session, table, actor) for table in tables)
                  if card_id is not None]
        return {"closed_cards": closed}

    done = writes.once_within(op_id, "clock.time_over", close,
                              tournament_id=session.tournament_id)
    if done is None:
        return []
    closed = done["closed_cards"]
    record_event("clock.time_over", tournament_id=session.tournament_id, actor=actor.label,
                 subject=f"session:{session.number}",
                 after={"table": table_id, "closed_cards": closed})
    return closed


def time_over(tournament_id: int, number: int | None, actor: Actor, now_ms: int | None = None
              ) -> dict:
    """Close the cards whose time is over by the server's clock (anyone may ask; it decides)."""
    get_tournament_or_404(tournament_id)
    session = current_session(tournament_id, number)
    if session is None:
        raise NotFound(_("No session clock is running."))
    now = server_now_ms() if now_ms is None else now_ms
    closed = close_due_cards(session, actor, now)
    return {"session": session_view(session, now), "now_ms": now, "closed_cards": closed}
