"""The judge console: call-up queue, rulings and penalties, log, guide, appeals, records.

Every path id, query string, form and JSON body is checked by its schema (judgeaid/judge/
schemas.py, or the judging services' own inputs in judgeaid/services/judge_inputs.py) before
a service sees it; every write goes through writes.once. Services return plain data or raise
domain errors; links are added here (judgeaid/judge/links.py).
"""

from __future__ import annotations

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    flash,
    g,
    jsonify,
    redirect,
    render_template,
    url_for,
)
from flask_babel import gettext as _

from judgeaid import conditional, edge, signin, writes
from judgeaid.access import require_judge, require_organizer
from judgeaid.api.views import json_writes_only
from judgeaid.edge import responses
from judgeaid.judge import links
from judgeaid.judge.schemas import (
    AppealAnswer,
    AppealsOverview,
    CallQueue,
    CallStatus,
    CallUpAnswer,
    CallUpHeaders,
    DepartureList,
    FoulsPrintQuery,
    Guide,
    GuideApiQuery,
    GuideQuery,
    LogPrintQuery,
    PenaltyAnswer,
    PenaltyOverview,
    PlayerLookupQuery,
    PlayerRecord,
    PlayerTokenHeaders,
    RulingAnswer,
    RulingDetail,
    RulingLog,
    SuggestAnswer,
    TakeAnswer,
    TakeBody,
)
from judgeaid.printing.fouls import render_fouls
from judgeaid.rules import get_ruleset
from judgeaid.services import appeals as appeal_cases
from judgeaid.services import call_ups, fouls_record, judge_pages, rule_texts, throttle
from judgeaid.services import judge_inputs as inputs
from judgeaid.services import penalties as penalty_cases
from judgeaid.services import rulings as ruling_cases
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.cards import get_card_or_404
from judgeaid.services.judge_inputs import (
    AppealBody,
    AppealDecisionBody,
    CallUpBody,
    LogQuery,
    PenaltyBody,
    RepeatPolicyForm,
    RulingBody,
    RulingFormQuery,
    SuggestQuery,
)
from judgeaid.services.players import get_player_by_token_or_404
from judgeaid.wording import event_rules

bp = Blueprint("judge", __name__)
api = Blueprint("judge_api", __name__, url_prefix="/api")
api.before_request(json_writes_only)

TAGS = ["judge"]
SIGNED_IN = {"session": []}
# Errors of a signed-in judge's read: not signed in, another event's staff, no such thing.
READ_ERRORS = (400, 401, 403, 404)


@bp.app_context_processor
def judge_limits() -> dict:
    """Give the judge pages the schemas' limits, so each form says what the API takes."""
    return {"judge_limits": {"story": inputs.STORY_LIMIT, "reason": inputs.REASON_LIMIT,
                             "appeal": inputs.APPEAL_LIMIT,
                             "call_reason": inputs.CALL_REASON_LIMIT,
                             "infraction": inputs.INFRACTION_LIMIT,
                             "search": inputs.SEARCH_LIMIT, "points": inputs.MAX_POINTS,
                             "id": edge.MAX_ID}}


def _player_from_token(token: str | None):
    if not token:
        abort(401, description=_("Open this from your own player page (the link on your slip)."))
    return get_player_by_token_or_404(token)


# ---------------------------------------------------------------- pages

@bp.get("/t/<int:tournament_id>/judge")
def home(tournament_id: int):
    """Show the judge home: the call-up queue and every judge action one tap away."""
    user = require_judge(tournament_id)
    page = links.home(judge_pages.judge_home(tournament_id, user), tournament_id)
    return render_template("judge/home.html", rules=event_rules(tournament_id),
                           tournament_id=tournament_id, **page)


@bp.get("/t/<int:tournament_id>/judge/rulings/new")
@edge.pages.validate(query=RulingFormQuery)
def new_ruling(tournament_id: int, query: RulingFormQuery):
    """Show the ruling form, started from a call-up, a table, a guide answer or an entry."""
    user = require_judge(tournament_id)
    form = judge_pages.ruling_form(tournament_id, query, user)
    return render_template("judge/ruling_form.html", rules=event_rules(tournament_id),
                           tournament_id=tournament_id, form=form)


@bp.get("/t/<int:tournament_id>/judge/rulings/<int:ruling_id>")
def ruling(tournament_id: int, ruling_id: int):
    """Show one log entry with its versions, penalties and appeals."""
    require_judge(tournament_id)
    detail = ruling_cases.ruling_detail(tournament_id, ruling_id)
    return render_template("judge/ruling.html", rules=event_rules(tournament_id),
                           tournament_id=tournament_id, **detail)


@bp.get("/t/<int:tournament_id>/judge/log")
@edge.pages.validate(query=LogQuery)
def log(tournament_id: int, query: LogQuery):
    """Show the ruling log, filtered by table, player, judge, session or words."""
    require_judge(tournament_id)
    found = ruling_cases.search_log(tournament_id, query)
    return render_template("judge/log.html", rules=event_rules(tournament_id),
                           tournament_id=tournament_id, **found)


@bp.get("/t/<int:tournament_id>/judge/log/print")
@edge.pages.validate(query=LogPrintQuery)
def log_print(tournament_id: int, query: LogPrintQuery):
    """Show one session's ruling log laid out for paper."""
    require_judge(tournament_id)
    return render_template("judge/log_print.html", rules=event_rules(tournament_id),
                           tournament_id=tournament_id,
                           **judge_pages.log_for_print(tournament_id, query.session))


@bp.get("/t/<int:tournament_id>/judge/fouls")
@edge.pages.validate(query=LogPrintQuery)
def fouls_print(tournament_id: int, query: LogPrintQuery):
    """Show one session's record of fouls (MCR Appendix 6) laid out for paper."""
    require_judge(tournament_id)
    return render_template("judge/fouls_print.html", rules=event_rules(tournament_id),
                           **fouls_record.record_of_fouls(tournament_id, query.session))


@bp.get("/t/<int:tournament_id>/judge/fouls.pdf")
@edge.pages.validate(query=FoulsPrintQuery)
def fouls_pdf(tournament_id: int, query: FoulsPrintQuery):
    """Return one session's record of fouls (MCR Appendix 6) as a PDF."""
    require_judge(tournament_id)
    pdf = render_fouls(tournament_id, query.session, query.bilingual)
    response = Response(pdf, mimetype="application/pdf")
    response.headers.set("Content-Disposition", "inline",
                         filename=f"record-of-fouls-session-{query.session}.pdf")
    response.headers["Cache-Control"] = "private, no-store"
    return response


@bp.get("/t/<int:tournament_id>/judge/guide")
@edge.pages.validate(query=GuideQuery)
def guide(tournament_id: int, query: GuideQuery):
    """Show the irregularity guide, searchable and kept for offline use."""
    require_judge(tournament_id)
    data = judge_pages.guide_page(tournament_id, query.q)
    return render_template("judge/guide.html", rules=event_rules(tournament_id), **data)


@bp.get("/t/<int:tournament_id>/judge/players/<int:number>")
def player(tournament_id: int, number: int):
    """Show a player's penalties, rulings and appeals of the tournament."""
    require_judge(tournament_id)
    record = judge_pages.player_record(tournament_id, number)
    return render_template("judge/player.html", rules=event_rules(tournament_id),
                           tournament_id=tournament_id, **record)


@bp.get("/t/<int:tournament_id>/judge/players")
@edge.pages.validate(query=PlayerLookupQuery)
def player_lookup(tournament_id: int, query: PlayerLookupQuery):
    """Open the record of the player whose number was typed."""
    require_judge(tournament_id)
    return redirect(url_for(".player", tournament_id=tournament_id, number=query.number))


@bp.get("/t/<int:tournament_id>/judge/appeals")
def appeals(tournament_id: int):
    """Show the appeals and the floor rulings they dispute; the head judge decides here."""
    user = require_judge(tournament_id)
    return render_template("judge/appeals.html", rules=event_rules(tournament_id),
                           tournament_id=tournament_id,
                           is_head_judge=user.is_head_judge,
                           **appeal_cases.appeals_overview(tournament_id))


@bp.get("/t/<int:tournament_id>/judge/penalties")
def penalties(tournament_id: int):
    """Show the event's penalty overview with totals per session."""
    require_judge(tournament_id)
    return render_template("judge/penalties.html", rules=event_rules(tournament_id),
                           tournament_id=tournament_id,
                           **judge_pages.penalty_overview(tournament_id))


@bp.get("/t/<int:tournament_id>/judge/settings")
def settings(tournament_id: int):
    """Show how repeated violations are counted (organizer)."""
    require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    return render_template("judge/settings.html", rules=event_rules(tournament_id),
                           tournament_id=tournament_id,
                           **penalty_cases.settings_view(tournament))


@bp.post("/t/<int:tournament_id>/judge/settings")
@edge.pages.validate(form=RepeatPolicyForm)
def save_settings(tournament_id: int, form: RepeatPolicyForm):
    """Change how repeated violations are counted (organizer)."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    writes.once("judging.repeat_policy", f"tournament:{tournament_id}", form,
                lambda: penalty_cases.set_repeat_policy(tournament, form, user),
                tournament_id=tournament_id)
    flash(_("Repeat counting saved."))
    return redirect(url_for(".settings", tournament_id=tournament_id))


# ---------------------------------------------------------------- JSON API

@api.get("/judge/guide")
@edge.api.validate(query=GuideApiQuery, resp=responses(Guide, errors=(400,), also={304: None}),
                   tags=TAGS)
def guide_data(query: GuideApiQuery):
    """The irregularity guide of a ruleset (`?ruleset=mcr`; default Zung Jung): quick answers
    with § citations (cacheable, ETag)."""
    data = rule_texts.guide_json(query.ruleset, get_ruleset(query.ruleset).guide.guide_json())
    response = conditional.json_unless_current(f"guide-{query.ruleset}-{data['version']}",
                                               lambda: data)
    response.cache_control.public = True
    response.cache_control.max_age = 300
    return response


@api.post("/cards/<int:card_id>/call-up")
@edge.api.validate(json=CallUpBody, headers=CallUpHeaders,
                   resp=responses(CallUpAnswer, errors=(400, 401, 403, 404, 409, 413, 415,
                                                        429)), tags=TAGS)
def call_judge(card_id: int, json: CallUpBody, headers: CallUpHeaders):
    """Call a judge to this table, once play has stopped: with the table's link
    (X-Table-Token, the `t` of the printed card's QR code), a seated player's link
    (X-Player-Token) or a judge's sign-in; a table already waiting keeps its place. New calls
    are limited per phone across tables."""
    card = get_card_or_404(card_id)
    caller = call_ups.check_caller(card, user=g.get("user"),
                                   table_token_sent=headers.x_table_token,
                                   player_token_sent=headers.x_player_token)
    config = current_app.config
    window = config["CALL_UP_WINDOW_SECONDS"]
    source = signin.source() if caller != "judge" else None

    def apply():
        if source is not None:
            call_ups.check_call_budget(source, allowed=config["CALL_UPS_PER_SOURCE"],
                                       window_seconds=window)
        answer = call_ups.call_judge(card, json)
        if answer["is_new"] and source is not None:
            throttle.count_call(source, window_seconds=window)  # with the call, or not at all
        return answer

    answer, status = writes.once("judge.callup", f"card:{card.id}", json, apply,
                                 tournament_id=card.tournament_id)
    return jsonify(answer), status


@api.get("/cards/<int:card_id>/call-up")
@edge.api.validate(resp=responses(CallStatus, errors=(404,)), tags=TAGS)
def call_status(card_id: int):
    """This table's open call-up (or null) and its place in the queue."""
    response = jsonify(call_ups.call_status(get_card_or_404(card_id)))
    response.headers["Cache-Control"] = "no-store"
    return response


@api.get("/t/<int:tournament_id>/call-ups")
@edge.api.validate(resp=responses(CallQueue, errors=READ_ERRORS, also={304: None}),
                   tags=TAGS, security=SIGNED_IN)
def queue(tournament_id: int):
    """The call-up queue: waiting calls first, oldest first; answers 304 when nothing
    changed."""
    require_judge(tournament_id)
    data = links.with_ruling_forms(call_ups.call_queue(tournament_id), tournament_id)
    response = conditional.json_unless_current(f"queue-{data['etag']}", lambda: data)
    response.headers["Cache-Control"] = "no-cache"
    return response


@api.post("/t/<int:tournament_id>/call-ups/<int:call_up_id>/take")
@edge.api.validate(json=TakeBody, resp=responses(TakeAnswer), tags=TAGS, security=SIGNED_IN)
def take(tournament_id: int, call_up_id: int, json: TakeBody):
    """Take a call-up: records the judge and the time they arrived."""
    user = require_judge(tournament_id)
    answer, status = writes.once("judge.take", f"call_up:{call_up_id}", json,
                                 lambda: links.taken(call_ups.take_call(call_up_id, user),
                                                     tournament_id),
                                 tournament_id=tournament_id)
    return jsonify(answer), status


@api.get("/t/<int:tournament_id>/suggest")
@edge.api.validate(query=SuggestQuery, resp=responses(SuggestAnswer, errors=READ_ERRORS),
                   tags=TAGS, security=SIGNED_IN)
def suggest(tournament_id: int, query: SuggestQuery):
    """A player's earlier penalties and the rubric's suggested next step (A.5.6)."""
    require_judge(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    return jsonify(penalty_cases.suggest(tournament, query))


@api.post("/t/<int:tournament_id>/penalties")
@edge.api.validate(json=PenaltyBody, resp=responses(PenaltyAnswer, errors=(*edge.ERRORS, 422)),
                   tags=TAGS, security=SIGNED_IN)
def issue_penalty(tournament_id: int, json: PenaltyBody):
    """Give one penalty; points go on the player's card (§4.11). Any judge may depart from the
    rubric (A.5.6, A.5.7): 422 when the reason is missing; 409 resignation_question when a time
    penalty takes the round above 80 time points and no answer is given (§1.9)."""
    user = require_judge(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    answer, status = writes.once("judge.penalty", f"tournament:{tournament_id}", json,
                                 lambda: penalty_cases.issue_penalty(tournament, json, user),
                                 tournament_id=tournament_id)
    return jsonify(answer), status


@api.get("/t/<int:tournament_id>/departures")
@edge.api.validate(resp=responses(DepartureList, errors=READ_ERRORS), tags=TAGS,
                   security=SIGNED_IN)
def departure_list(tournament_id: int):
    """Penalties that depart from the rubric's suggestion, with each judge's reason (A.5.7)."""
    require_judge(tournament_id)
    rows = links.with_departure_links(penalty_cases.departures(tournament_id), tournament_id)
    return jsonify(departures=rows)


@api.get("/t/<int:tournament_id>/penalties")
@edge.api.validate(resp=responses(PenaltyOverview, errors=READ_ERRORS), tags=TAGS,
                   security=SIGNED_IN)
def penalty_overview(tournament_id: int):
    """Penalty overview: points per player and session, with totals."""
    require_judge(tournament_id)
    return jsonify(judge_pages.penalty_overview(tournament_id))


@api.post("/t/<int:tournament_id>/rulings")
@edge.api.validate(json=RulingBody, resp=responses(RulingAnswer, errors=(*edge.ERRORS, 422)),
                   tags=TAGS, security=SIGNED_IN)
def record_ruling(tournament_id: int, json: RulingBody):
    """Write a ruling log entry with its penalties; with supersedes_id, a change to an entry
    (append-only)."""
    user = require_judge(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    answer, status = writes.once("judge.ruling", f"tournament:{tournament_id}", json,
                                 lambda: links.recorded(
                                     ruling_cases.record_ruling(tournament, json, user),
                                     tournament_id),
                                 tournament_id=tournament_id)
    return jsonify(answer), status


@api.get("/t/<int:tournament_id>/rulings")
@edge.api.validate(query=LogQuery, resp=responses(RulingLog, errors=READ_ERRORS), tags=TAGS,
                   security=SIGNED_IN)
def rulings(tournament_id: int, query: LogQuery):
    """The ruling log, filtered by table, player, judge, session or words."""
    require_judge(tournament_id)
    return jsonify(ruling_cases.search_log(tournament_id, query))


@api.get("/t/<int:tournament_id>/rulings/<int:ruling_id>")
@edge.api.validate(resp=responses(RulingDetail, errors=READ_ERRORS), tags=TAGS,
                   security=SIGNED_IN)
def ruling_data(tournament_id: int, ruling_id: int):
    """One log entry with its earlier and later versions."""
    require_judge(tournament_id)
    return jsonify(ruling_cases.ruling_detail(tournament_id, ruling_id))


@api.get("/t/<int:tournament_id>/players/<int:number>/record")
@edge.api.validate(resp=responses(PlayerRecord, errors=READ_ERRORS), tags=TAGS,
                   security=SIGNED_IN)
def player_record(tournament_id: int, number: int):
    """A player's penalties, rulings and appeals of the tournament."""
    require_judge(tournament_id)
    return jsonify(judge_pages.player_record(tournament_id, number))


@api.post("/appeals")
@edge.api.validate(json=AppealBody, headers=PlayerTokenHeaders, resp=responses(AppealAnswer),
                   tags=TAGS)
def file_appeal(json: AppealBody, headers: PlayerTokenHeaders):
    """File an appeal against a ruling, from the player's own page (X-Player-Token header),
    during the break after the session (§4.3)."""
    player = _player_from_token(headers.x_player_token)
    answer, status = writes.once("judge.appeal", f"player:{player.id}", json,
                                 lambda: appeal_cases.file_appeal(player, json),
                                 tournament_id=player.tournament_id)
    return jsonify(answer), status


@api.post("/t/<int:tournament_id>/appeals/<int:appeal_id>/decision")
@edge.api.validate(json=AppealDecisionBody, resp=responses(AppealAnswer), tags=TAGS,
                   security=SIGNED_IN)
def decide_appeal(tournament_id: int, appeal_id: int, json: AppealDecisionBody):
    """The head judge's final decision (§4.3): upheld, overturned or modified, with a reason;
    struck penalties are voided on the card. 403 for anyone but the head judge."""
    user = require_judge(tournament_id)
    answer, status = writes.once("judge.decide", f"appeal:{appeal_id}", json,
                                 lambda: appeal_cases.decide_appeal(appeal_id, json, user),
                                 tournament_id=tournament_id)
    return jsonify(answer), status


@api.get("/t/<int:tournament_id>/appeals")
@edge.api.validate(resp=responses(AppealsOverview, errors=READ_ERRORS), tags=TAGS,
                   security=SIGNED_IN)
def appeal_list(tournament_id: int):
    """Appeals with the floor rulings they dispute, open ones first."""
    require_judge(tournament_id)
    return jsonify(appeal_cases.appeals_overview(tournament_id))
