"""Play timers (§1.9) and time-outs and late arrivals (§4.14): server-time stamps in, charges out.

A play timer is a judge timing one player's turns in one round. Each tap is a stamp in
server milliseconds made on the judge's phone (its clock plus the /api/time offset), so a
tap queued while offline still lands at the moment it was made. The arithmetic is the
tournament's ruleset's (`Ruleset.timing`); a timer's result becomes a Penalty, a line on the
card's penalty line and a ruling-log entry in one step.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select, update

from judgeaid.extensions import db
from judgeaid.models import (
    Card,
    Penalty,
    Player,
    PlaySession,
    PlayTimer,
    Ruling,
    Seat,
    Table,
    TimeOut,
    Tournament,
    User,
)
from judgeaid.rules import Ruleset, TimeLimits, get_ruleset
from judgeaid.rules.words import Words
from judgeaid.services import card_writes, cards, penalties, session_changes
from judgeaid.services import clock as session_clock
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.audit import record_event
from judgeaid.services.cards import Actor
from judgeaid.services.clock_inputs import TimeoutStartBody, TimerStartBody
from judgeaid.services.errors import Conflict, Forbidden, NotFound, ServiceError
from judgeaid.services.judge_inputs import PenaltySpec
from judgeaid.values import sub_op_id
from judgeaid.wording import page_words, script_view


def _stamp(at: int | None, low: int, now_ms: int) -> int:
    """Return the tap's server-time stamp, kept between the previous stamp and now."""
    # A stamp ahead of the server is a phone whose offset is slightly off: taken as now (a
    # turn starting in the server's future would have a negative running time).
    if at is None or at > now_ms:
        at = now_ms
    return max(low, at)


def _rules(tournament_id: int) -> Ruleset:
    return get_ruleset(get_tournament_or_404(tournament_id).ruleset)


# ---------------------------------------------------------------- play timers

def limits_for(tournament: Tournament, *, is_stalling_clock: bool = False) -> TimeLimits:
    """Return the play time limits the event's ruleset and settings set."""
    return get_ruleset(tournament.ruleset).timing.limits(
        tournament.format, tournament.settings, is_stalling_clock=is_stalling_clock)


def get_timer_or_404(timer_id: int) -> PlayTimer:
    """Return the play timer or raise NotFound."""
    timer = db.session.get(PlayTimer, timer_id)
    if timer is None:
        raise NotFound(_("There is no play timer %(timer_id)s.", timer_id=timer_id))
    return timer


def _edges(timer: PlayTimer) -> list[int]:
    flat: list[int] = []
    for start, end in timer.turns:
        flat.append(start)
        if end is not None:
            flat.append(end)
    return flat


def _turns(edges: list[int]) -> list[list[int | None]]:
    return [[edges[i], edges[i + 1] if i + 1 < len(edges) else None]
            for i in range(0, len(edges), 2)]


def _result(timer: PlayTimer, limits: TimeLimits, now_ms: int) -> Any:
    return _rules(timer.tournament_id).timing.round_time([tuple(t) for t in timer.turns], limits,
                                                  timer.dealt_at_ms, now_ms)


def _seat_player(card: Card, number: int) -> tuple[Player, str]:
    for seat in card.table.seats:
        if seat.player.number == number:
            return seat.player, seat.wind
    raise ServiceError(_("Player %(number)s is not at table %(number2)s.", number=number,
                         number2=card.table.number))


def _limits_json(limits: TimeLimits, deal_turn_s: int | None) -> dict:
    shown = {"kind": limits.kind, "turn_s": limits.turn_s,
             "round_bank_s": limits.round_bank_s, "free_s": limits.free_s}
    if deal_turn_s is not None:
        # a judge's clock: the dealer's start from the deal (MCR §3.5.7 item 6)
        shown["deal_turn_s"] = deal_turn_s
    return shown


def timer_view(timer: PlayTimer, now_ms: int | None = None) -> dict:
    """Return a play timer as plain data: stamps in server ms and the charges so far."""
    now = session_clock.server_now_ms() if now_ms is None else now_ms
    card = db.session.get(Card, timer.card_id)
    tournament = card.table.session.tournament
    limits = limits_for(tournament, is_stalling_clock=timer.is_stalling_clock)
    result = _result(timer, limits, now)
    player, wind = _seat_player(card, timer.player_number)
    judge = db.session.get(User, timer.judge_id)
    penalty = db.session.get(Penalty, timer.penalty_id) if timer.penalty_id else None
    return {
        "id": timer.id, "tournament_id": timer.tournament_id, "card": card.id,
        "session": card.table.session.number, "table": card.table.number,
        "round": timer.round, "player": {"number": player.number, "name": player.name,
                                         "seat": wind},
        "judge": judge.name if judge else "?", "dealt_at_ms": timer.dealt_at_ms,
        "free_until_ms": timer.dealt_at_ms + limits.free_ms,
        "limits": _limits_json(limits, get_ruleset(tournament.ruleset).timing.deal_turn_s),
        "is_stalling_clock": timer.is_stalling_clock, "turns": timer.turns,
        "edges": _edges(timer), "status": timer.status, "version": timer.version,
        "now_ms": now,
        "result": {"turn_points": result.turn_points, "bank_points": result.bank_points,
                   "total_points": result.total_points, "used_ms": result.used_ms,
                   "bank_left_ms": result.bank_left_ms,
                   "is_resignation": result.is_resignation,
                   "is_resignation_warning": result.is_resignation_warning,
                   "turns": [{"counted_ms": t.counted_ms, "points": t.points,
                              "limit_ms": getattr(t, "limit_ms", None),
                              "is_over": getattr(t, "is_over", t.points > 0)}
                             for t in result.turns],
                   "over_turns": getattr(result, "over_turns", None)},
        "penalty": None if penalty is None else {
            "id": penalty.id, "points": penalty.points, "ruling_id": penalty.ruling_id,
            "card_penalty_id": penalty.card_penalty_id,
            "label": penalties.kind_phrase(get_ruleset(tournament.ruleset).rubric,
                                           penalty.kind, penalty.points)},
        # the ruleset's words for the timer's script (static/js/rulesets.js)
        "rules": script_view(tournament.ruleset, "js.timer."),
        # a judge's clock: the fouls the page offers, priced by the rubric (MCR §3.6.4, §3.6.7)
        "fouls": _fouls_view(tournament, card, player, timer),
    }


def _foul_spec(rules: Ruleset, which: str) -> Any:
    timing = rules.timing
    if not timing.judge_clock:
        return None
    return timing.time_penalty if which == "limit" else timing.late_call


def _fouls_view(tournament: Tournament, card: Card, player: Player,
                timer: PlayTimer) -> dict | None:
    """Return each foul the judge's clock offers with the rubric's suggestion for this player."""
    rules = get_ruleset(tournament.ruleset)
    if not rules.timing.judge_clock:
        return None
    fouls = {}
    for which in ("limit", "late_call"):
        spec = _foul_spec(rules, which)
        if spec is None:
            continue
        _level, suggestion = penalties.suggestion_for(tournament, player, spec.category,
                                                 spec.infraction, card.table.session.number,
                                                 timer.round)
        fouls[which] = {"category": spec.category, "infraction": spec.infraction,
                        "note": spec.note,
                        "line": rules.rubric.line_label(spec.category, spec.infraction),
                        "suggestion": suggestion}
    return fouls


def record_foul(timer: PlayTimer, which: str, at_ms: int | None, user: User, *,
                op_id: str) -> dict:
    """Record the foul a judge's clock offers, priced by the rubric's suggestion.

    `limit`: a turn passed its limit (MCR §3.6.4, §3.5.7 item 6): the timer stops and the
    rule violation goes on the card (409 when no turn passed its limit). `late_call`: a Pung
    or Kong called after the 3 s (MCR §3.6.7), the hand's ladder foul (MCR §3.11.6.5), one tap;
    the timer runs on. Through the judge console's service, so the ladder and repeats count.
    """
    _check_staff(user, timer.tournament_id)
    card = db.session.get(Card, timer.card_id)
    tournament = card.table.session.tournament
    rules = get_ruleset(tournament.ruleset)
    spec = _foul_spec(rules, which)
    if spec is None:
        raise Conflict(_("This clock records no fouls."))
    player, _seat = _seat_player(card, timer.player_number)
    now = session_clock.server_now_ms()
    reason = ""
    if which == "limit":
        if timer.status == "converted":
            raise Conflict(_("This timer's foul is already on the card."),
                           details=[{"penalty": timer.penalty_id}])
        if timer.status == "running":
            _stop(timer, at_ms, now)
        limits = limits_for(tournament)
        result = _result(timer, limits, now)
        over = [t for t in result.turns if t.is_over]
        if not over:
            raise Conflict(_("No turn passed its limit: there is no foul to record."))
        worst = max(over, key=lambda t: t.counted_ms - t.limit_ms)
        reason = (f"Timed on the judge's clock: {worst.counted_ms / 1000:.1f} s for a "
                  f"{worst.limit_ms // 1000} s limit in hand {timer.round}"
                  f" ({len(over)} of {len(result.turns)} turns over).")
    suggestion, _level = penalties.suggestion_for(tournament, player, spec.category,
                                             spec.infraction, card.table.session.number,
                                             timer.round)
    body = PenaltySpec(player=player.number, category=spec.category, infraction=spec.infraction,
                       kind=suggestion.kind, points=suggestion.points or None, reason=reason,
                       round=timer.round)
    views: list[dict] = []
    penalty = penalties.issue(tournament, card, body, user, op_id=op_id, ruling=None,
                              history_for={}, card_views=views)
    if which == "limit":
        db.session.execute(update(PlayTimer).where(PlayTimer.id == timer.id).values(
            status="converted", penalty_id=penalty.id, version=PlayTimer.version + 1)
            .execution_options(synchronize_session=False))
        db.session.refresh(timer)
    record_event("timer.foul", tournament_id=tournament.id, actor=user,
                 subject=f"timer:{timer.id}",
                 after={"foul": which, "penalty": penalty.id, "kind": penalty.kind,
                        "points": penalty.points})
    return {"timer": timer_view(timer, now), "foul": {
        "which": which, "penalty": penalty.id, "kind": penalty.kind, "points": penalty.points,
        "label": penalties.kind_phrase(rules.rubric, penalty.kind, penalty.points)},
        "card": {"id": card.id, "totals": views[-1]["totals"] if views else None}}


def _check_staff(user: User, tournament_id: int) -> None:
    if user.tournament_id != tournament_id:
        raise Forbidden(_("Your sign-in is for another tournament."))


def start_timer(tournament: Tournament, body: TimerStartBody, user: User) -> dict:
    """Start timing one player's round at a table; `dealt` is 'now' or 'earlier'."""
    _check_staff(user, tournament.id)
    rules = get_ruleset(tournament.ruleset)
    if not rules.timing.times_play:
        raise Conflict(page_words(rules)["timers.none"])
    card = db.session.get(Card, body.card)
    if card is None or card.tournament_id != tournament.id:
        raise NotFound(_("There is no such scoring card in this tournament."))
    number = body.round
    player_number = body.player
    _seat_player(card, player_number)
    running = db.session.scalar(select(PlayTimer).where(
        PlayTimer.card_id == card.id, PlayTimer.round == number,
        PlayTimer.player_number == player_number, PlayTimer.status == "running"))
    if running is not None:
        raise Conflict(_("This player is already being timed in this round."),
                       details=[{"timer": running.id}])
    is_stalling = body.is_stalling_clock
    limits = limits_for(tournament, is_stalling_clock=is_stalling)
    now = session_clock.server_now_ms()
    # dealt "earlier": joined a round under way, its free time is already over
    dealt_at = _stamp(body.at_ms, 0, now) if body.dealt == "now" else now - limits.free_ms
    # a judge's clock (MCR §3.5.7 item 6): the dealer's first turn runs from the deal itself
    turns = [[dealt_at, None]] if (rules.timing.judge_clock and body.dealer_start
                                   and body.dealt == "now") else []
    timer = PlayTimer(tournament_id=tournament.id, card_id=card.id, round=number,
                      player_number=player_number, judge_id=user.id, dealt_at_ms=dealt_at,
                      turns=turns, is_stalling_clock=is_stalling)
    db.session.add(timer)
    db.session.flush()
    record_event("timer.start", tournament_id=tournament.id, actor=user,
                 subject=f"timer:{timer.id}",
                 after={"card": card.id, "round": number, "player": player_number,
                        "is_stalling_clock": is_stalling})
    return {"timer": timer_view(timer, now)}


def _save(timer: PlayTimer, edges: list[int], status: str) -> None:
    """Write the new turns if nobody changed the timer since it was read (else 409)."""
    result = db.session.execute(
        update(PlayTimer).where(PlayTimer.id == timer.id, PlayTimer.version == timer.version)
        .values(turns=_turns(edges), status=status, version=timer.version + 1)
        .execution_options(synchronize_session=False))
    if result.rowcount != 1:
        raise Conflict(_("This timer was changed on another phone; reload it."))
    db.session.refresh(timer)


def _check_running(timer: PlayTimer, user: User) -> None:
    _check_staff(user, timer.tournament_id)
    if timer.status != "running":
        raise Conflict(_("This timer is stopped; its result can no longer change."))


def tap(timer: PlayTimer, seq: int, at_ms: int | None, user: User) -> dict:
    """Add one tap (a turn starts or ends) at its server-time stamp; `seq` is its place."""
    _check_staff(user, timer.tournament_id)
    edges = _edges(timer)
    if seq < len(edges):
        if edges[seq] == at_ms:
            return {"timer": timer_view(timer), "changed": False}
        raise Conflict(_("Tap %(value)s is already on this timer with another time; reload it.",
                         value=seq + 1))
    if seq > len(edges):
        raise Conflict(_("Tap %(value)s has not arrived yet; send the taps in order.",
                         value=len(edges) + 1))
    _check_running(timer, user)
    now = session_clock.server_now_ms()
    edges.append(_stamp(at_ms, edges[-1] if edges else timer.dealt_at_ms, now))
    _save(timer, edges, "running")
    return {"timer": timer_view(timer, now), "changed": True}


def undo(timer: PlayTimer, seq: int, user: User) -> dict:
    """Take back the last tap; `seq` says how many taps the phone saw, so a stale undo fails."""
    _check_running(timer, user)
    edges = _edges(timer)
    if seq != len(edges) or not edges:
        raise Conflict(_("The taps on this timer changed; reload it before undoing."))
    removed = edges.pop()
    _save(timer, edges, "running")
    record_event("timer.undo", tournament_id=timer.tournament_id, actor=user,
                 subject=f"timer:{timer.id}", before={"at_ms": removed})
    return {"timer": timer_view(timer)}


def _stop(timer: PlayTimer, at_ms: int | None, now_ms: int) -> None:
    edges = _edges(timer)
    if len(edges) % 2:
        # a turn still running ends with the round
        edges.append(_stamp(at_ms, edges[-1], now_ms))
    _save(timer, edges, "finished")


def finish(timer: PlayTimer, at_ms: int | None, user: User) -> dict:
    """Stop the timer at the end of the round; a turn still running ends at `at_ms`."""
    _check_running(timer, user)
    now = session_clock.server_now_ms()
    _stop(timer, at_ms, now)
    tournament = db.session.get(Card, timer.card_id).table.session.tournament
    result = _result(timer, limits_for(tournament, is_stalling_clock=timer.is_stalling_clock),
                     now)
    record_event("timer.finish", tournament_id=timer.tournament_id, actor=user,
                 subject=f"timer:{timer.id}", after={"points": result.total_points})
    return {"timer": timer_view(timer, now)}


def _what_happened(timer: PlayTimer, player: Player, limits: TimeLimits,
                   result: Any) -> str:
    over = sum(1 for t in result.turns if t.points)
    text = (f"Play timer: player {player.number} ({player.name}) timed in round {timer.round}, "
            f"{len(result.turns)} turns, {result.used_ms / 1000:.1f} s counted after "
            f"{limits.free_s} s of free time; {over} of them over the {limits.turn_s} s "
            "turn limit")
    if limits.round_bank_s is not None:
        text += f", {limits.round_bank_s} s allowed for the whole round"
    return text + "."


def _decision(limits: TimeLimits, result: Any, over_points: int, words: Words) -> str:
    parts = f"{result.turn_points} for turns"
    if limits.round_bank_s is not None:
        parts += (f" and {result.bank_points} for the round total (both count, "
                  f"{words['timers.bank_cite']})")
    text = f"{result.total_points} time-penalty points ({parts}) on the card's penalty line."
    if result.is_resignation:
        text += (f" That is more than {over_points} in one round: the player is considered "
                 "resigned from the tournament unless the judge accepts a reasonable "
                 f"explanation ({words['timers.resign_cite']}).")
    return text


def _answer_note(answer: str | None, explanation: str, words: Words) -> str:
    """Return what the ruling says of the judge's answer to the §1.9 question."""
    if answer == "explained":
        return f" The judge accepted the player's explanation: {explanation}"
    if answer == "resigned":
        return (" No reasonable explanation: the player resigns from the tournament "
                f"({words['timers.out_cite']}).")
    return ""


def convert(timer: PlayTimer, at_ms: int | None, user: User, *, op_id: str,
            resignation: str | None = None, explanation: str = "") -> dict:
    """Turn the timer's result into a penalty, a card penalty line and a ruling-log entry.

    When the points take the player's round over the ruleset's resignation line, the answer to the
    §1.9 question (`resignation`) is needed, else 409 resignation_question and nothing saved.
    """
    _check_staff(user, timer.tournament_id)
    if timer.status == "converted":
        raise Conflict(_("This timer's result is already on the card."),
                       details=[{"penalty": timer.penalty_id}])
    if not _rules(timer.tournament_id).timing.has_play_timers:
        # a judge's clock charges nothing: the judge records the foul (record_foul)
        raise Conflict(page_words(_rules(timer.tournament_id))["timers.none"])
    now = session_clock.server_now_ms()
    if timer.status == "running":
        _stop(timer, at_ms, now)
    card = db.session.get(Card, timer.card_id)
    tournament = card.table.session.tournament
    rules = get_ruleset(tournament.ruleset)
    over = rules.timing.resignation_over_points
    limits = limits_for(tournament, is_stalling_clock=timer.is_stalling_clock)
    result = _result(timer, limits, now)
    if result.total_points == 0:
        raise Conflict(_("There is nothing to charge: the player stayed within the time limits."))
    player, _seat = _seat_player(card, timer.player_number)
    session_number = card.table.session.number
    before = penalties.round_time_points(rules.rubric, penalties.player_history(player),
                                         session_number, timer.round)
    answer = penalties.ask_resignation(player, session_number, timer.round, before,
                                     result.total_points, answer=resignation,
                                     explanation=explanation)
    section = "1.9.2" if limits.round_bank_s is not None else "1.9.1"
    ruling = Ruling(tournament_id=tournament.id, card_id=card.id,
                    session_number=card.table.session.number, table_number=card.table.number,
                    round=timer.round, players=[player.number],
                    what_happened=_what_happened(timer, player, limits, result),
                    sections=["1.9", section],
                    decision=_decision(limits, result, over, rules.words)
                    + _answer_note(answer, explanation, rules.words),
                    judge_id=user.id, resolved_at=None, op_id=sub_op_id(op_id, "ruling"))
    db.session.add(ruling)
    db.session.flush()
    clocked = rules.timing.time_penalty
    line = f"{rules.rubric.line_label(clocked.category, clocked.infraction)} (ruling #{ruling.id})"
    body = card_writes.put_penalty(card, player.number, result.total_points, line,
                                   Actor.for_user(user), round_=timer.round,
                                   op_id=sub_op_id(op_id, "card"))
    penalty = Penalty(tournament_id=tournament.id, player_id=player.id, ruling_id=ruling.id,
                      card_penalty_id=body["penalty"], session_number=card.table.session.number,
                      round=timer.round, category=clocked.category,
                      infraction=clocked.infraction,
                      kind="points", points=result.total_points, suggested_kind="points",
                      suggested_points=result.total_points,
                      explanation=clocked.note,
                      reason=_decision(limits, result, over, rules.words), judge_id=user.id,
                      op_id=op_id)
    db.session.add(penalty)
    db.session.flush()
    penalties.settle_resignation(tournament, card, player, penalty, answer, explanation,
                               before + result.total_points, user)
    db.session.execute(update(PlayTimer).where(PlayTimer.id == timer.id).values(
        status="converted", penalty_id=penalty.id, version=PlayTimer.version + 1)
        .execution_options(synchronize_session=False))
    db.session.refresh(timer)
    record_event("timer.penalty", tournament_id=tournament.id, actor=user,
                 subject=f"timer:{timer.id}",
                 after={"penalty": penalty.id, "ruling": ruling.id,
                        "points": result.total_points})
    return {"timer": timer_view(timer, now), "card": {
        "id": card.id, "totals": body["card"]["totals"], "penalty": body["penalty"]}}


def timer_choices(tournament_id: int, *, card_id: int | None = None) -> dict:
    """Return a session's tables and players to time, and the timers still open.

    The session is the current one, or that of the card `card_id`, whose table is chosen.
    """
    session = session_clock.current_session(tournament_id)
    rules = _rules(tournament_id)
    timing = rules.timing
    if not timing.times_play:
        return {"session": session.number if session else None, "tables": [], "kind": None,
                "timers": [], "table": None, "no_timers": page_words(rules)["timers.none"]}
    chosen = None
    if card_id is not None:
        card = db.session.get(Card, card_id)
        if card is None or card.tournament_id != tournament_id:
            raise NotFound(_("There is no such scoring card in this tournament."))
        session, chosen = card.table.session, card.table.number
    tables = []
    rounds = _rules(tournament_id).session.rounds
    if session is not None:
        for table in session.tables:
            try:
                card = cards.card_for_table(table)
            except NotFound:
                continue
            recorded = session_clock._last_recorded(card)
            tables.append({"number": table.number, "card": card.id,
                           "next_round": min(recorded + 1, rounds),
                           "players": [{"number": s.player.number, "name": s.player.name,
                                        "seat": s.wind} for s in table.seats]})
    running = db.session.scalars(select(PlayTimer).where(
        PlayTimer.tournament_id == tournament_id, PlayTimer.status != "converted")
        .order_by(PlayTimer.id.desc()).limit(20))
    kind = limits_for(get_tournament_or_404(tournament_id)).kind
    return {"session": session.number if session else None, "tables": tables, "kind": kind,
            "timers": [timer_view(t) for t in running], "table": chosen,
            "judge_clock": timing.judge_clock}


# ---------------------------------------------------------------- time-outs and late arrival

def _session(tournament_id: int, number: int | None) -> PlaySession:
    session = session_clock.current_session(tournament_id, number)
    if session is None or not session.tables:
        raise Conflict(_("No session is seated yet."))
    return session


def _player_card(session: PlaySession, player: Player) -> Card | None:
    table = db.session.scalar(select(Table).join(Seat, Seat.table_id == Table.id).where(
        Table.session_id == session.id, Seat.player_id == player.id))
    return None if table is None else cards.card_for_table(table)


def _counted_ms(row: TimeOut) -> int:
    duration = (row.ended_at_ms or row.started_at_ms) - row.started_at_ms
    return _rules(row.tournament_id).timing.timeout_charge(
        0, duration, is_medication=row.is_medication).counted_ms


def _timeout_json(row: TimeOut, players: dict[int, Player]) -> dict:
    player = players[row.player_id]
    return {"id": row.id, "player": player.number, "name": player.name, "kind": row.kind,
            "started_at_ms": row.started_at_ms, "ended_at_ms": row.ended_at_ms,
            "is_medication": row.is_medication, "points": row.points,
            "may_be_absent": row.may_be_absent,
            # more than 5 minutes late may be ruled absent (§4.14, §4.15)
            "absent_after_ms": row.started_at_ms + _rules(row.tournament_id).timing.absent_after_ms
            if row.kind == "late" else None,
            "penalty_id": row.penalty_id}


def timeouts_view(tournament_id: int, number: int | None = None,
                  now_ms: int | None = None) -> dict:
    """Return a session's time-outs and late arrivals, each player's totals, possible absences."""
    now = session_clock.server_now_ms() if now_ms is None else now_ms
    session = session_clock.current_session(tournament_id, number)
    if session is None:
        return {"session": None, "now_ms": now, "entries": [], "players": [],
                "possibly_absent": [], "free_ms": _rules(tournament_id).timing.timeout_free_ms,
                "rules": script_view(_rules(tournament_id).code, "js.timer.")}
    rows = list(db.session.scalars(select(TimeOut).where(TimeOut.session_id == session.id)
                                   .order_by(TimeOut.started_at_ms, TimeOut.id)))
    seated = {s.player_id: (s.player, s.table.number) for t in session.tables for s in t.seats}
    players = {pid: p for pid, (p, _) in seated.items()}
    for row in rows:
        players.setdefault(row.player_id, db.session.get(Player, row.player_id))
    entries = [_timeout_json(r, players) for r in rows]
    totals: dict[int, dict] = {}
    for row, entry in zip(rows, entries, strict=True):
        if row.kind != "timeout" or row.ended_at_ms is None:
            continue
        total = totals.setdefault(entry["player"], {"used_ms": 0, "points": 0})
        total["used_ms"] += _counted_ms(row)
        total["points"] += row.points
    absent = [e for e in entries if e["kind"] == "late" and (
        e["may_be_absent"] or (e["ended_at_ms"] is None and now > e["absent_after_ms"]))]
    return {
        "session": session.number, "now_ms": now, "entries": entries,
        "free_ms": _rules(tournament_id).timing.timeout_free_ms, "possibly_absent": absent,
        "rules": script_view(_rules(tournament_id).code, "js.timer."),
        "players": [{"number": p.number, "name": p.name, "table": table,
                     **totals.get(p.number, {"used_ms": 0, "points": 0})}
                    for p, table in sorted(seated.values(), key=lambda x: x[0].number)],
    }


def start_timeout(tournament: Tournament, body: TimeoutStartBody, user: User) -> dict:
    """Start a player's time-out, or their late arrival; `late_ms` logs an arrival at once."""
    _check_staff(user, tournament.id)
    session = _session(tournament.id, body.session)
    number = body.player
    player = db.session.scalar(select(Player).where(Player.tournament_id == tournament.id,
                                                    Player.number == number))
    if player is None or _player_card(session, player) is None:
        raise ServiceError(_("Player %(number)s does not play in session %(number2)s.",
                             number=number, number2=session.number))
    kind = body.kind
    earlier = list(db.session.scalars(select(TimeOut).where(
        TimeOut.session_id == session.id, TimeOut.player_id == player.id)))
    now = session_clock.server_now_ms()
    late_ms = body.late_ms
    if kind == "late":
        if any(r.kind == "late" for r in earlier):
            raise Conflict(_("%(name)s's late arrival is already logged for this session.",
                             name=player.name))
        # §4.14 lateness counts from the start of the session
        started = session_clock.state(session, now).started_at_ms
        if started is None:
            if late_ms is None:
                raise Conflict(_("The session clock has not started, so lateness cannot be "
                                 "measured yet. Give the minutes late instead."))
            started = now - late_ms
    else:
        if any(r.ended_at_ms is None and r.kind == "timeout" for r in earlier):
            raise Conflict(_("%(name)s is already on a time-out.", name=player.name))
        if late_ms is not None:
            raise ServiceError(_("'late_ms' is for late arrivals only."))
        started = _stamp(body.at_ms, 0, now)
    row = TimeOut(tournament_id=tournament.id, session_id=session.id, player_id=player.id,
                  kind=kind, started_at_ms=started,
                  is_medication=body.is_medication and kind == "timeout",
                  judge_id=user.id, op_id=body.op_id)
    db.session.add(row)
    db.session.flush()
    record_event(f"timeout.{kind}", tournament_id=tournament.id, actor=user,
                 subject=f"timeout:{row.id}", after={"player": number, "at_ms": started})
    if kind == "late" and late_ms is not None:
        _charge(row, started + late_ms, user, body.op_id)
    return {"timeout": _timeout_json(row, {player.id: player})}


def get_timeout_or_404(timeout_id: int) -> TimeOut:
    """Return the time-out or late arrival, or raise NotFound."""
    row = db.session.get(TimeOut, timeout_id)
    if row is None:
        raise NotFound(_("There is no time-out %(timeout_id)s.", timeout_id=timeout_id))
    return row


def end_timeout(row: TimeOut, at_ms: int | None, user: User, *, op_id: str) -> dict:
    """End a time-out or a late arrival at `at_ms` and charge it on the card (§4.14)."""
    _check_staff(user, row.tournament_id)
    if row.ended_at_ms is not None:
        raise Conflict(_("This time-out has already ended."))
    now = session_clock.server_now_ms()
    _charge(row, _stamp(at_ms, row.started_at_ms, now), user, op_id)
    player = db.session.get(Player, row.player_id)
    return {"timeout": _timeout_json(row, {player.id: player})}


def _charge(row: TimeOut, ended_at_ms: int, user: User, op_id: str) -> None:
    """Close the entry, work out its points, and put them on the player's card."""
    row.ended_at_ms = ended_at_ms
    rules = _rules(row.tournament_id)
    duration = ended_at_ms - row.started_at_ms
    if row.kind == "late":
        arrival = rules.timing.late_arrival(duration)
        row.points, row.may_be_absent = arrival.points, arrival.may_be_ruled_absent
        what = f"Arrived {_mmss(duration)} late, {arrival.words}"
    else:
        earlier = db.session.scalars(select(TimeOut).where(
            TimeOut.session_id == row.session_id, TimeOut.player_id == row.player_id,
            TimeOut.kind == "timeout", TimeOut.id != row.id,
            TimeOut.ended_at_ms.is_not(None)))
        charge = rules.timing.timeout_charge(sum(_counted_ms(r) for r in earlier), duration,
                                is_medication=row.is_medication)
        row.points = charge.points
        what = (f"Time-out of {_mmss(duration)}; {_mmss(charge.session_total_ms)} used this "
                f"session of {rules.timing.timeout_free_ms // 1000} s free "
                f"({page_words(rules)['timeouts.cite']})")
    db.session.flush()
    if row.points:
        session = db.session.get(PlaySession, row.session_id)
        player = db.session.get(Player, row.player_id)
        card = _player_card(session, player)
        clocked = rules.timing.timeout_penalty
        line = f"{rules.rubric.line_label(clocked.category, clocked.infraction)}: {what}"
        body = card_writes.put_penalty(card, player.number, row.points, line, Actor.for_user(user),
                                       op_id=sub_op_id(op_id, "card"))
        penalty = Penalty(tournament_id=row.tournament_id, player_id=player.id,
                          card_penalty_id=body["penalty"], session_number=session.number,
                          category=clocked.category, infraction=clocked.infraction,
                          kind="points",
                          points=row.points, suggested_kind="points",
                          suggested_points=row.points,
                          explanation=clocked.note,
                          reason=what, judge_id=user.id, op_id=sub_op_id(op_id, "penalty"))
        db.session.add(penalty)
        db.session.flush()
        row.penalty_id = penalty.id
    if row.kind == "late" and row.may_be_absent and rules.timing.late_forfeits_session:
        # MCR §3.11.2.1: this late, the session is lost without a judge's ruling
        session = db.session.get(PlaySession, row.session_id)
        player = db.session.get(Player, row.player_id)
        card = _player_card(session, player)
        if card is not None:
            session_changes.forfeit_session(card, player, user, what)
    record_event(f"timeout.{row.kind}.end", tournament_id=row.tournament_id, actor=user,
                 subject=f"timeout:{row.id}",
                 after={"duration_ms": duration, "points": row.points,
                        "may_be_absent": row.may_be_absent})


def _mmss(ms: int) -> str:
    seconds = -(-ms // 1000)
    return f"{seconds // 60}:{seconds % 60:02d}"
