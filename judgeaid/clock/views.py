"""Hall clock display, organizer clock controls, play timers and time-outs; their JSON API."""

from __future__ import annotations

from flask import Blueprint, abort, flash, g, jsonify, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext

from judgeaid import conditional, edge, pageforms, writes
from judgeaid.access import require_judge, require_organizer, require_role, staff_role
from judgeaid.api.views import json_writes_only
from judgeaid.clock.schemas import (
    ClockActOut,
    ClockOut,
    ClockQuery,
    ClockSwitchForm,
    ClockTimeOverBody,
    TimeoutEndBody,
    TimeoutOut,
    TimeoutsOut,
    TimerFoulBody,
    TimerListQuery,
    TimerOut,
    TimerPenaltyBody,
    TimerStopBody,
    TimerTapBody,
    TimerUndoBody,
)
from judgeaid.extensions import db
from judgeaid.services import clock, timers
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.cards import Actor
from judgeaid.services.clock_inputs import ClockActBody, TimeoutStartBody, TimerStartBody
from judgeaid.services.errors import ServiceError
from judgeaid.wording import event_rules

bp = Blueprint("clock", __name__)
api = Blueprint("clock_api", __name__, url_prefix="/api")
api.before_request(json_writes_only)

CLOCK_ROLES = ("organizer", "head_judge")
CLOCK_RULE = lazy_gettext("Only the organizer and the head judge run the session clock's controls; "
                "judges and players can watch it on the hall display.")
HALL_DISPLAY = (lazy_gettext("Open the hall display"), "clock.hall")
SIGNED_IN = {"security": {"session": []}}


# ---------------------------------------------------------------- pages

@bp.get("/t/<int:tournament_id>/clock")
@edge.pages.validate(query=ClockQuery)
def hall(tournament_id: int, query: ClockQuery):
    """Show the hall clock: no sign-in, large digits, tables with the organizer's extra time."""
    view = clock.clock_view(tournament_id, query.session)
    return render_template("clock/hall.html", rules=event_rules(tournament_id), clock=view,
                           tournament_id=tournament_id,
                           session_number=query.session)


@bp.get("/t/<int:tournament_id>/clock/control")
@edge.pages.validate(query=ClockQuery)
def control(tournament_id: int, query: ClockQuery):
    """Show the organizer's clock controls: start, pause, resume, extend, end."""
    require_role(tournament_id, *CLOCK_ROLES, rule=str(CLOCK_RULE),
                 instead=(str(HALL_DISPLAY[0]), HALL_DISPLAY[1]))
    view = clock.clock_view(tournament_id, query.session)
    return render_template("clock/control.html", rules=event_rules(tournament_id), clock=view,
                           tournament_id=tournament_id)


@bp.get("/t/<int:tournament_id>/timers")
@edge.pages.validate(query=TimerListQuery)
def timer_list(tournament_id: int, query: TimerListQuery):
    """Show the tables to time (?table=N chooses one) and the timers still open (§1.9)."""
    require_judge(tournament_id)
    choices = timers.timer_choices(tournament_id, card_id=query.card)
    return render_template("clock/timers.html", rules=event_rules(tournament_id),
                           tournament_id=tournament_id,
                           choices=choices, table=choices["table"] or query.table)


@bp.get("/t/<int:tournament_id>/timers/<int:timer_id>")
def timer_page(tournament_id: int, timer_id: int):
    """Show one play timer: a big tap area, the limits and the points so far."""
    require_judge(tournament_id)
    timer = timers.get_timer_or_404(timer_id)
    if timer.tournament_id != tournament_id:
        abort(404, description=_("This timer belongs to another tournament."))
    return render_template("clock/timer.html", rules=event_rules(tournament_id),
                           tournament_id=tournament_id,
                           timer=timers.timer_view(timer))


@bp.get("/t/<int:tournament_id>/timeouts")
@edge.pages.validate(query=ClockQuery)
def timeouts(tournament_id: int, query: ClockQuery):
    """Show the time-outs and late arrivals of the session, and who may be absent (§4.14)."""
    require_judge(tournament_id)
    return render_template("clock/timeouts.html", rules=event_rules(tournament_id),
                           tournament_id=tournament_id,
                           view=timers.timeouts_view(tournament_id, query.session),
                           is_organizer=staff_role(tournament_id) == "organizer")


@bp.post("/t/<int:tournament_id>/clock/switch")
@pageforms.form(ClockSwitchForm)
def switch(tournament_id: int, form: ClockSwitchForm):
    """Show the next seated session on the hall clock (the desk's one tap); back to the desk."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    try:
        writes.once("clock.switch", f"tournament:{tournament_id}", form,
                    lambda: clock.switch_clock(tournament, form.session, user),
                    tournament_id=tournament_id)
        flash(_("The hall clock now shows session %(n)s.", n=form.session))
    except ServiceError as exc:
        db.session.rollback()
        flash(exc.message)
    return redirect(url_for("organizer.dashboard", tournament_id=tournament_id))


# ---------------------------------------------------------------- session clock API

@api.get("/tournaments/<int:tournament_id>/clock")
@edge.api.validate(query=ClockQuery, resp=edge.responses(ClockOut, errors=(400, 404),
                                                         also={304: None}), tags=["clock"])
def get_clock(tournament_id: int, query: ClockQuery):
    """Return the hall clock: server time and deadlines; 304 when the client's copy is current."""
    view = clock.clock_view(tournament_id, query.session)
    session = view["session"]
    response = conditional.json_unless_current(
        f"clock-{session['version'] if session else 'none'}", lambda: view)
    response.headers["Cache-Control"] = "no-cache"
    return response


@api.post("/tournaments/<int:tournament_id>/clock")
@edge.api.validate(json=ClockActBody, resp=edge.responses(ClockActOut), tags=["clock"],
                   **SIGNED_IN)
def act_on_clock(tournament_id: int, json: ClockActBody):
    """Start, pause, resume, extend or end the session clock (organizer or head judge)."""
    user = require_role(tournament_id, *CLOCK_ROLES, rule=str(CLOCK_RULE))
    tournament = get_tournament_or_404(tournament_id)
    answer, status = writes.once("clock.act", f"tournament:{tournament.id}", json,
                                 lambda: clock.act(tournament, json, user),
                                 tournament_id=tournament.id)
    return jsonify(answer), status


@api.post("/tournaments/<int:tournament_id>/clock/time-over")
@edge.api.validate(json=ClockTimeOverBody, resp=edge.responses(ClockActOut), tags=["clock"])
def time_over(tournament_id: int, json: ClockTimeOverBody):
    """Close the cards whose time is over by the server clock; anyone may ask, it decides."""
    user = g.get("user")
    actor = (Actor.for_user(user) if user and user.tournament_id == tournament_id
             else Actor("clock", True))
    # No op_id: each card closes once by its own sweep key, so a repeat changes nothing.
    body = clock.time_over(tournament_id, json.session, actor)
    db.session.commit()
    return jsonify(body)


# ---------------------------------------------------------------- play timers API

@api.post("/tournaments/<int:tournament_id>/timers")
@edge.api.validate(json=TimerStartBody, resp=edge.responses(TimerOut), tags=["timers"],
                   **SIGNED_IN)
def start_timer(tournament_id: int, json: TimerStartBody):
    """Start timing one player's round."""
    user = require_judge(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    answer, status = writes.once("timer.start", f"tournament:{tournament.id}", json,
                                 lambda: timers.start_timer(tournament, json, user),
                                 tournament_id=tournament.id)
    return jsonify(answer), status


@api.get("/timers/<int:timer_id>")
@edge.api.validate(resp=edge.responses(TimerOut, errors=(401, 403, 404)), tags=["timers"],
                   **SIGNED_IN)
def get_timer(timer_id: int):
    """Return a play timer with its stamps and the charges so far."""
    timer = timers.get_timer_or_404(timer_id)
    require_judge(timer.tournament_id)
    response = jsonify(timer=timers.timer_view(timer))
    response.headers["Cache-Control"] = "no-store"
    return response


def _timer_write(timer_id: int, kind: str, body, apply):
    """Apply one write to a play timer once per op_id; `apply(timer, user)` does it."""
    timer = timers.get_timer_or_404(timer_id)
    user = require_judge(timer.tournament_id)
    answer, status = writes.once(kind, f"timer:{timer.id}", body, lambda: apply(timer, user),
                                 tournament_id=timer.tournament_id)
    return jsonify(answer), status


TIMER_WRITE = {"resp": edge.responses(TimerOut), "tags": ["timers"], **SIGNED_IN}


@api.post("/timers/<int:timer_id>/taps")
@edge.api.validate(json=TimerTapBody, **TIMER_WRITE)
def tap(timer_id: int, json: TimerTapBody):
    """Add tap number seq (even: a turn starts, odd: it ends) at its server-time stamp."""
    return _timer_write(timer_id, "timer.tap", json,
                        lambda timer, user: timers.tap(timer, json.seq, json.at_ms, user))


@api.post("/timers/<int:timer_id>/undo")
@edge.api.validate(json=TimerUndoBody, **TIMER_WRITE)
def undo(timer_id: int, json: TimerUndoBody):
    """Take back the last tap; seq is the number of taps the phone saw."""
    return _timer_write(timer_id, "timer.undo", json,
                        lambda timer, user: timers.undo(timer, json.seq, user))


@api.post("/timers/<int:timer_id>/finish")
@edge.api.validate(json=TimerStopBody, **TIMER_WRITE)
def finish(timer_id: int, json: TimerStopBody):
    """Stop the timer at the end of the round; a running turn ends at at_ms."""
    return _timer_write(timer_id, "timer.finish", json,
                        lambda timer, user: timers.finish(timer, json.at_ms, user))


@api.post("/timers/<int:timer_id>/penalty")
@edge.api.validate(json=TimerPenaltyBody, **TIMER_WRITE)
def convert(timer_id: int, json: TimerPenaltyBody):
    """Put the timer's points on the card as a penalty, with a ruling-log entry (§1.9); 409
    resignation_question when they take the round above 80 time points and no answer is sent."""
    return _timer_write(timer_id, "timer.penalty", json, lambda timer, user: timers.convert(
        timer, json.at_ms, user, op_id=json.op_id, resignation=json.resignation,
        explanation=json.explanation))


@api.post("/timers/<int:timer_id>/foul")
@edge.api.validate(json=TimerFoulBody, **TIMER_WRITE)
def record_foul(timer_id: int, json: TimerFoulBody):
    """A judge's clock: record a passed limit or a late call as the rubric prices it."""
    return _timer_write(timer_id, "timer.foul", json, lambda timer, user: timers.record_foul(
        timer, json.foul, json.at_ms, user, op_id=json.op_id))


# ---------------------------------------------------------------- time-outs API

@api.get("/tournaments/<int:tournament_id>/timeouts")
@edge.api.validate(query=ClockQuery, resp=edge.responses(TimeoutsOut, errors=(400, 401, 403,
                                                                               404)),
                   tags=["timers"], **SIGNED_IN)
def list_timeouts(tournament_id: int, query: ClockQuery):
    """Return the session's time-outs, late arrivals and possible absences (§4.14)."""
    require_judge(tournament_id)
    response = jsonify(timers.timeouts_view(tournament_id, query.session))
    response.headers["Cache-Control"] = "no-store"
    return response


@api.post("/tournaments/<int:tournament_id>/timeouts")
@edge.api.validate(json=TimeoutStartBody, resp=edge.responses(TimeoutOut), tags=["timers"],
                   **SIGNED_IN)
def start_timeout(tournament_id: int, json: TimeoutStartBody):
    """Start a time-out, or log a late arrival (late_ms logs an arrival at once)."""
    user = require_judge(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    answer, status = writes.once("timeout.start", f"tournament:{tournament.id}", json,
                                 lambda: timers.start_timeout(tournament, json, user),
                                 tournament_id=tournament.id)
    return jsonify(answer), status


@api.post("/timeouts/<int:timeout_id>/end")
@edge.api.validate(json=TimeoutEndBody, resp=edge.responses(TimeoutOut), tags=["timers"],
                   **SIGNED_IN)
def end_timeout(timeout_id: int, json: TimeoutEndBody):
    """End a time-out or late arrival at at_ms; its points go on the card (§4.14)."""
    row = timers.get_timeout_or_404(timeout_id)
    user = require_judge(row.tournament_id)
    answer, status = writes.once("timeout.end", f"timeout:{row.id}", json,
                                 lambda: timers.end_timeout(row, json.at_ms, user,
                                                            op_id=json.op_id),
                                 tournament_id=row.tournament_id)
    return jsonify(answer), status
