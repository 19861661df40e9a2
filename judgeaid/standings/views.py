"""Standings pages (public list, projector, organizer desk, final day), exports and the API."""

from __future__ import annotations

import re

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    g,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from judgeaid import edge, pageforms, writes
from judgeaid.access import require_judge, require_organizer, staff_role
from judgeaid.api.views import json_writes_only
from judgeaid.edge import responses
from judgeaid.models import Player
from judgeaid.rules import get_ruleset
from judgeaid.services import (
    closing,
    exports,
    final_day,
    results,
    session_changes,
    standings_pages,
    ties,
)
from judgeaid.services import reveal as prize_reveal
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.services.errors import NotFound, ServiceError
from judgeaid.services.players import get_player_by_token_or_404
from judgeaid.services.standings_data import load_sheet
from judgeaid.standings.cli import register_commands
from judgeaid.standings.schemas import (
    TOKEN_PATTERN,
    AbsentBody,
    FillerAnswer,
    FillerBody,
    FillerForm,
    FinalizeBody,
    HideBody,
    HideForm,
    LateAnswer,
    LateBody,
    LateForm,
    LotBody,
    LotForm,
    NotPresentForm,
    PhysicalDrawForm,
    PrizePlacesForm,
    ProjectorQuery,
    ResignForm,
    ResolveBody,
    ResolveForm,
    RevealQuery,
    ScoreCheckAnswer,
    ScoreCheckBody,
    ScoreCheckForm,
    ScoreChecksOut,
    StandingsOut,
    UnfinalizeBody,
    UnfinalizeForm,
)
from judgeaid.wording import event_rules, page_words

bp = Blueprint("standings", __name__, cli_group="standings")
api = Blueprint("standings_api", __name__, url_prefix="/api/tournaments")
api.before_request(json_writes_only)
register_commands(bp)


def _local_headers() -> bool:
    """Does the CSV link ask for the columns' names in the page's language (`?headers=local`)?
    English names, for machines, are the default (issue 29)."""
    return request.args.get("headers") == "local"


def _download(data: bytes, filename: str, mimetype: str) -> Response:
    response = Response(data, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _sees_all(tournament_id: int) -> bool:
    """Say whether the reader sees standings the organizer hides (its judges and organizer)."""
    return staff_role(tournament_id) is not None


# ---------------------------------------------------------------- public pages

@bp.get("/t/<int:tournament_id>/standings")
def public(tournament_id: int):
    """Show the standings to anyone: rank, match points, raw total, tie-breaks."""
    return render_template("standings/public.html", rules=event_rules(tournament_id),
                           **standings_pages.shown_standings(tournament_id,
                                                             sees_all=_sees_all(tournament_id)))


@bp.get("/t/<int:tournament_id>/standings/projector")
@edge.pages.validate(query=ProjectorQuery)
def projector(tournament_id: int, query: ProjectorQuery):
    """Show the standings in large type for the hall, a page at a time, refreshing itself."""
    return render_template("standings/projector.html", rules=event_rules(tournament_id),
                           **standings_pages.projector_view(tournament_id, query.page,
                                                            sees_all=_sees_all(tournament_id)))


@bp.get("/t/<int:tournament_id>/standings/reveal")
@edge.pages.validate(query=RevealQuery)
def reveal(tournament_id: int, query: RevealQuery):
    """Reveal the places from N up to 1 and the awards on the projector, one per tap or key;
    every word is in the page, so it keeps working if the network drops (judges, organizer)."""
    require_judge(tournament_id)
    return render_template("standings/reveal.html",
                           **prize_reveal.reveal_view(tournament_id, query.start))


@bp.get("/t/<int:tournament_id>/standings.csv")
def standings_csv(tournament_id: int):
    """Download the standings as CSV (public, like the page)."""
    view = standings_pages.shown_standings(tournament_id, sees_all=_sees_all(tournament_id))
    return _download(exports.standings_csv(tournament_id, view, local_headers=_local_headers()),
                     f"standings-{tournament_id}.csv", "text/csv")


@bp.get("/t/<int:tournament_id>/standings/teams.csv")
def teams_csv(tournament_id: int):
    """Download the team results as CSV (public; MCR Appendix 7)."""
    view = standings_pages.shown_standings(tournament_id, sees_all=_sees_all(tournament_id))
    return _download(exports.teams_csv(tournament_id, view, local_headers=_local_headers()),
                     f"teams-{tournament_id}.csv", "text/csv")


@bp.post("/t/<int:tournament_id>/standings/score-check")
@pageforms.form(ScoreCheckForm)
def file_score_check_form(tournament_id: int, form: ScoreCheckForm):
    """File a score check from the player's page without JavaScript (token in the form)."""
    player = get_player_by_token_or_404(form.token)
    if player.tournament_id != tournament_id:
        abort(403, description=_("This player link is for another tournament."))
    _file_check(player, form)
    flash(_("Your score check is filed; the organizer will look at it."))
    return redirect(url_for("players.page", token=player.token))


# ---------------------------------------------------------------- organizer pages

@bp.get("/t/<int:tournament_id>/standings/manage")
def manage(tournament_id: int):
    """Show the organizer's results desk: post sessions, score checks, late arrivals."""
    require_organizer(tournament_id, rule=_("Only the organizer posts results and answers "
                                            "score checks; everyone can read the standings."),
                      instead=(_("Open the standings"), "standings.public"))
    return render_template("standings/manage.html", rules=event_rules(tournament_id),
                           closing=closing.closing_desk(get_tournament_or_404(tournament_id)),
                           **standings_pages.manage_view(tournament_id))


def _back(tournament_id: int, anchor: str = ""):
    return redirect(url_for(".manage", tournament_id=tournament_id) + anchor)


@bp.post("/t/<int:tournament_id>/standings/sessions/<int:number>/finalize")
@pageforms.form(pageforms.ButtonForm)
def finalize(tournament_id: int, number: int, form: pageforms.ButtonForm):
    """Post a session's results as final."""
    _finalize(tournament_id, number, form)
    flash(_("Session %(n)s is posted as final.", n=number))
    return _back(tournament_id, "#sessions")


@bp.post("/t/<int:tournament_id>/standings/sessions/<int:number>/unfinalize")
@pageforms.form(UnfinalizeForm)
def unfinalize(tournament_id: int, number: int, form: UnfinalizeForm):
    """Reopen a posted session for a correction, with a reason."""
    _unfinalize(tournament_id, number, form, form.reason)
    flash(_("Session %(n)s is provisional again.", n=number))
    return _back(tournament_id, "#sessions")


@bp.post("/t/<int:tournament_id>/standings/hide")
@pageforms.form(HideForm)
def hide(tournament_id: int, form: HideForm):
    """Hide the standings from a session on until the prize-giving, or show them all again."""
    number = int(form.from_session) if form.from_session.isdigit() else None
    answer, _status = _hide(tournament_id, form, number)
    hidden = answer["hidden_from_session"]
    flash(closing.hidden_text(hidden) if hidden is not None else
          _("Everyone sees the whole standings again."))
    return _back(tournament_id, "#closing")


@bp.post("/t/<int:tournament_id>/standings/late")
@pageforms.form(LateForm)
def late(tournament_id: int, form: LateForm):
    """Mark a late arrival (§3.7)."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)

    def apply():
        player = session_changes.mark_late_arrival(tournament, form.number, form.joined_session,
                                                   user, decision=form.decision)
        return {"text": session_changes.late_arrival_text(player)}

    answer, _op = writes.once("player.late", f"player:{tournament_id}:{form.number}", form,
                            apply, tournament_id=tournament_id)
    flash(answer["text"])
    return _back(tournament_id, "#players")



@bp.post("/t/<int:tournament_id>/standings/resign")
@pageforms.form(ResignForm)
def resign(tournament_id: int, form: ResignForm):
    """Put a player out of the event for resignation (§3.7)."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)

    def apply():
        player = results.mark_resigned(tournament, form.number, form.from_session,
                                       form.reason, user)
        return {"name": player.name}

    answer, _op = writes.once("player.resign", f"player:{tournament_id}:{form.number}", form,
                            apply, tournament_id=tournament_id)
    flash(_("%(name)s is out of the event (resigned).", name=answer["name"]))
    return _back(tournament_id, "#players")


@bp.post("/t/<int:tournament_id>/standings/lot")
@pageforms.form(LotForm)
def lot(tournament_id: int, form: LotForm):
    """Record the lot drawn for players level on table and contest points (MCR)."""
    _record_lot(tournament_id, form, form.drawn)
    flash(_("The lot is recorded: %(numbers)s, in that order.",
            numbers=", ".join(f"#{n}" for n in form.drawn)))
    return _back(tournament_id, "#lots")


@bp.post("/t/<int:tournament_id>/standings/prize-places")
@pageforms.form(PrizePlacesForm)
def prize_places(tournament_id: int, form: PrizePlacesForm):
    """Mark how many places at the top win a prize: ties there are worth a lot."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    answer, _op = writes.once("standings.prize_places", f"tournament:{tournament_id}", form,
                            lambda: {"places": ties.set_prize_places(tournament, form.places,
                                                                     user)},
                            tournament_id=tournament_id)
    flash(_("Prize places: the top %(n)s.", n=answer["places"]) if answer["places"]
          else _("No prize places are marked."))
    return _back(tournament_id, "#ties")


@bp.post("/t/<int:tournament_id>/standings/physical-draw")
@pageforms.form(PhysicalDrawForm)
def physical_draw(tournament_id: int, form: PhysicalDrawForm):
    """Record a physical draw for a tie at a prize place or the cut line, with who entered
    it, instead of the draw from the seed."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    answer, _op = writes.once("standings.physical_draw", f"tournament:{tournament_id}", form,
                            lambda: {"message": ties.record_physical_draw(
                                tournament, form.drawn, user)},
                            tournament_id=tournament_id)
    flash(answer["message"])
    return _tie_page(tournament_id, form.page)


@bp.post("/t/<int:tournament_id>/standings/physical-draw/undo")
@pageforms.form(PhysicalDrawForm)
def undo_physical_draw(tournament_id: int, form: PhysicalDrawForm):
    """Take a physical draw back: the draw from the seed orders the tie again."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    answer, _op = writes.once("standings.physical_draw_undo", f"tournament:{tournament_id}",
                            form, lambda: {"message": ties.undo_physical_draw(
                                tournament, form.drawn, user)},
                            tournament_id=tournament_id)
    flash(answer["message"])
    return _tie_page(tournament_id, form.page)


def _tie_page(tournament_id: int, page: str):
    if page == "final_day":
        return redirect(url_for(".final_day_page", tournament_id=tournament_id) + "#cut")
    return _back(tournament_id, "#ties")


@bp.post("/t/<int:tournament_id>/standings/checks/<int:check_id>/resolve")
@pageforms.form(ResolveForm)
def resolve(tournament_id: int, check_id: int, form: ResolveForm):
    """Close a score check with what was found."""
    _resolve(tournament_id, check_id, form, form.resolution)
    flash(_("Score check resolved."))
    return _back(tournament_id, "#checks")


@bp.get("/t/<int:tournament_id>/final-day")
def final_day_page(tournament_id: int):
    """Show the final-day bracket and the organizer's next step."""
    require_organizer(tournament_id)
    return render_template("standings/final_day.html", rules=event_rules(tournament_id),
                           **final_day.final_day_view(tournament_id))


@bp.post("/t/<int:tournament_id>/final-day/advance")
@pageforms.form(pageforms.ButtonForm)
def final_day_advance(tournament_id: int, form: pageforms.ButtonForm):
    """Take the next final-day step: the cut, a round's close and reseed, the ranking."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    answer, _op = writes.once("final_day.advance", f"tournament:{tournament_id}", form,
                            lambda: {"message": final_day.advance(tournament, user)},
                            tournament_id=tournament_id)
    flash(answer["message"])
    return redirect(url_for(".final_day_page", tournament_id=tournament_id))


@bp.post("/t/<int:tournament_id>/final-day/undo-cut")
@pageforms.form(pageforms.ButtonForm)
def final_day_undo_cut(tournament_id: int, form: pageforms.ButtonForm):
    """Take the cut back while no hand of the first final-day round is recorded."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    answer, _op = writes.once("final_day.undo_cut", f"tournament:{tournament_id}", form,
                            lambda: {"message": final_day.undo_cut(tournament, user)},
                            tournament_id=tournament_id)
    flash(answer["message"])
    return redirect(url_for(".final_day_page", tournament_id=tournament_id))


@bp.post("/t/<int:tournament_id>/final-day/sessions/<int:number>/filler")
@pageforms.form(FillerForm)
def call_filler(tournament_id: int, number: int, form: FillerForm):
    """Seat the proposed eliminated player in an absent entrant's seat (§4.15)."""
    user = require_organizer(tournament_id)
    if form.confirm != "yes":
        raise ServiceError(_("Tick the box to confirm that the player is absent and out of "
                             "the tournament."))
    tournament = get_tournament_or_404(tournament_id)

    def apply():
        seat = final_day.call_filler(tournament, number, form.absent, form.filler, user)
        return {"table": seat.table.number}

    answer, _op = writes.once("final_day.filler", f"tournament:{tournament_id}:session:{number}",
                            form, apply, tournament_id=tournament_id)
    flash(_("Player %(filler)s fills the seat of player %(absent)s at table %(table)s as a "
            "neutral player; player %(absent)s is out (%(reading)s).", filler=form.filler,
            absent=form.absent, table=answer["table"],
            reading=page_words(get_ruleset(tournament.ruleset))["final_day.filler_reading"]))
    return redirect(url_for(".final_day_page", tournament_id=tournament_id) + "#empty-seat")


@bp.post("/t/<int:tournament_id>/final-day/sessions/<int:number>/not-present")
@pageforms.form(NotPresentForm)
def not_present(tournament_id: int, number: int, form: NotPresentForm):
    """Mark the proposed filler not present, so the next eliminated player is proposed."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)

    def apply():
        final_day.mark_not_present(tournament, number, form.player, user)
        return {"ok": True}

    writes.once("final_day.not_present", f"tournament:{tournament_id}:session:{number}", form,
                apply, tournament_id=tournament_id)
    cite = page_words(get_ruleset(tournament.ruleset))["final_day.filler_cite"]
    flash(_("Player %(n)s is marked not present; the next one is proposed (%(cite)s).",
            n=form.player, cite=cite))
    return redirect(url_for(".final_day_page", tournament_id=tournament_id) + "#empty-seat")


@bp.get("/t/<int:tournament_id>/exports/<any(players, results):kind>.csv")
def export_csv(tournament_id: int, kind: str):
    """Download the players or every session's results as CSV (organizer)."""
    require_organizer(tournament_id)
    make = exports.players_csv if kind == "players" else exports.results_csv
    return _download(make(tournament_id, local_headers=_local_headers()),
                     f"{kind}-{tournament_id}.csv", "text/csv")


@bp.get("/t/<int:tournament_id>/exports/tournament.json")
def export_json(tournament_id: int):
    """Download the whole tournament as one JSON backup file (organizer)."""
    require_organizer(tournament_id)
    return _download(exports.backup_bytes(tournament_id), f"tournament-{tournament_id}.json",
                     "application/json")


@bp.get("/t/<int:tournament_id>/exports/tournament.json.gz")
def export_backup_file(tournament_id: int):
    """Download the backup file: the same JSON, gzip-compressed (organizer; issue 28)."""
    require_organizer(tournament_id)
    return _download(exports.backup_file(tournament_id),
                     f"tournament-{tournament_id}{exports.BACKUP_FILE_SUFFIX}", "application/gzip")


# ---------------------------------------------------------------- one write each, from a
# page's form or the API (the same kind and target, so either replays the other's op_id)

def _finalize(tournament_id: int, number: int, body):
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)

    def apply():
        results.finalize_session(tournament, number, user)
        return {"ok": True}

    return writes.once("session.finalize", f"tournament:{tournament_id}:session:{number}", body,
                       apply, tournament_id=tournament_id)


def _unfinalize(tournament_id: int, number: int, body, reason: str):
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)

    def apply():
        results.unfinalize_session(tournament, number, reason, user)
        return {"ok": True}

    return writes.once("session.unfinalize", f"tournament:{tournament_id}:session:{number}",
                       body, apply, tournament_id=tournament_id)


def _hide(tournament_id: int, body, from_session: int | None):
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    return writes.once("standings.hide", f"tournament:{tournament_id}", body,
                       lambda: {"hidden_from_session": closing.hide_standings(
                           tournament, from_session, user)}, tournament_id=tournament_id)


def _record_lot(tournament_id: int, body, numbers: list[int]):
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)
    return writes.once("standings.lot", f"tournament:{tournament_id}", body,
                       lambda: {"draw_order": results.record_lot(tournament, numbers, user)},
                       tournament_id=tournament_id)


def _resolve(tournament_id: int, check_id: int, body, resolution: str):
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)

    def apply():
        check = results.resolve_score_check(tournament, check_id, resolution, user)
        return {"score_check": results.check_data(check)}

    return writes.once("score_check.resolve", f"score_check:{check_id}", body, apply,
                       tournament_id=tournament_id)


# ---------------------------------------------------------------- JSON API

def _player_from_token(tournament_id: int) -> Player | None:
    token = request.headers.get("X-Player-Token")
    if not token:
        return None
    if not re.fullmatch(TOKEN_PATTERN, token):
        abort(401, description=_("This player link is not valid."))
    try:
        player = get_player_by_token_or_404(token)
    except NotFound:
        abort(401, description=_("This player link is not valid."))
    if player.tournament_id != tournament_id:
        abort(403, description=_("This player link is for another tournament."))
    return player


def _file_check(player: Player, body: ScoreCheckBody | ScoreCheckForm):
    """File the score check once per op_id, from the page's form or the API."""
    sent = {"session": body.session, "message": body.message, "op_id": body.op_id}
    return writes.once(
        "score_check.file", f"player:{player.id}", sent,
        lambda: (results.request_score_check(player, body.session, body.message,
                                             op_id=body.op_id), 201),
        tournament_id=player.tournament_id)


@api.get("/<int:tournament_id>/standings")
@edge.api.validate(resp=responses(StandingsOut, errors=(404,)), tags=["standings"])
def api_standings(tournament_id: int):
    """The standings (public): rank, match points, raw total, per-session MP, tie-breaks;
    after the Grand Final the final ranking by bracket (§3.5.1)."""
    response = jsonify(standings_pages.api_standings(tournament_id,
                                                     sees_all=_sees_all(tournament_id)))
    response.headers["Cache-Control"] = "no-cache"
    return response


@api.get("/<int:tournament_id>/score-checks")
@edge.api.validate(resp=responses(ScoreChecksOut, errors=(401, 403, 404)), tags=["standings"],
                   security={"session": []})
def list_score_checks(tournament_id: int):
    """Score checks: a player's own (X-Player-Token header) or all (organizer)."""
    tournament = get_tournament_or_404(tournament_id)
    player = _player_from_token(tournament_id)
    if player is None:
        require_organizer(tournament_id)
    return jsonify(score_checks=results.score_checks(tournament, player))


@api.post("/<int:tournament_id>/score-checks")
@edge.api.validate(json=ScoreCheckBody, resp=responses(ScoreCheckAnswer, status=201),
                   tags=["standings"])
def file_score_check(tournament_id: int, json: ScoreCheckBody):
    """File a score check for a session the player played (§3.5.1); authenticated by the
    X-Player-Token header."""
    get_tournament_or_404(tournament_id)
    player = _player_from_token(tournament_id)
    if player is None:
        status = 403 if g.get("user") else 401
        abort(status, description=_("Score checks are filed by the player, from their own "
                                    "page."))
    answer, status = _file_check(player, json)
    return jsonify(answer), status


@api.post("/<int:tournament_id>/score-checks/<int:check_id>/resolve")
@edge.api.validate(json=ResolveBody, resp=responses(ScoreCheckAnswer), tags=["standings"],
                   security={"session": []})
def resolve_score_check(tournament_id: int, check_id: int, json: ResolveBody):
    """Resolve a score check with what was found (organizer)."""
    answer, status = _resolve(tournament_id, check_id, json, json.resolution)
    return jsonify(answer), status


@api.post("/<int:tournament_id>/sessions/<int:number>/finalize")
@edge.api.validate(json=FinalizeBody, resp=responses(StandingsOut), tags=["standings"],
                   security={"session": []})
def api_finalize(tournament_id: int, number: int, json: FinalizeBody):
    """Post a session's results as final; every card must be complete (organizer)."""
    _finalize(tournament_id, number, json)
    return jsonify(standings_pages.api_standings(tournament_id, sees_all=True))


@api.post("/<int:tournament_id>/standings/hide")
@edge.api.validate(json=HideBody, resp=responses(StandingsOut, errors=(*edge.ERRORS, 422)),
                   tags=["standings"], security={"session": []})
def api_hide(tournament_id: int, json: HideBody):
    """Hide the standings from session `from_session` on until the prize-giving (null: show
    everything again); the public, players and this API then read up to the session before,
    judges and the organizer everything (organizer)."""
    _hide(tournament_id, json, json.from_session)
    return jsonify(standings_pages.api_standings(tournament_id, sees_all=True))


@api.post("/<int:tournament_id>/lot")
@edge.api.validate(json=LotBody, resp=responses(StandingsOut, errors=(*edge.ERRORS, 422)),
                   tags=["standings"], security={"session": []})
def api_lot(tournament_id: int, json: LotBody):
    """Record the lot drawn for players level on table points and contest points, highest
    place first (organizer; MCR §3.10.1 stops at contest points, the lot is our reading)."""
    _record_lot(tournament_id, json, json.numbers)
    return jsonify(standings_pages.api_standings(tournament_id, sees_all=True))


@api.post("/<int:tournament_id>/sessions/<int:number>/unfinalize")
@edge.api.validate(json=UnfinalizeBody, resp=responses(StandingsOut), tags=["standings"],
                   security={"session": []})
def api_unfinalize(tournament_id: int, number: int, json: UnfinalizeBody):
    """Make a posted session provisional again, with a reason (organizer)."""
    _unfinalize(tournament_id, number, json, json.reason)
    return jsonify(standings_pages.api_standings(tournament_id, sees_all=True))


@api.post("/<int:tournament_id>/players/<int:number>/late")
@edge.api.validate(json=LateBody, resp=responses(LateAnswer),
                   tags=["standings"], security={"session": []})
def api_late(tournament_id: int, number: int, json: LateBody):
    """Record a late arrival (§3.7); after the session's check-in cut-off (10 minutes before
    its start) the organizer must `decision` "allow" or "refuse" the player for it."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)

    def apply():
        player = session_changes.mark_late_arrival(tournament, number, json.joins, user,
                                                   decision=json.decision)
        return {"number": player.number, "joined_session": player.joined_session,
                "status": player.status, "late_decision": player.late_decision,
                "late_decision_session": player.late_decision_session}

    answer, status = writes.once("player.late", f"player:{tournament_id}:{number}", json, apply,
                                 tournament_id=tournament_id)
    return jsonify(answer), status


@api.post("/<int:tournament_id>/sessions/<int:number>/absent")
@edge.api.validate(json=AbsentBody, resp=responses(LateAnswer),
                   tags=["standings"], security={"session": []})
def api_absent(tournament_id: int, number: int, json: AbsentBody):
    """Record a player absent from session `number` without an acceptable reason as resigned
    from the tournament (§3.7: the point penalty cannot be chosen instead)."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)

    def apply():
        player = results.resign_absent(tournament, number, json.player, user)
        return {"number": player.number, "joined_session": player.joined_session,
                "status": player.status, "late_decision": player.late_decision,
                "late_decision_session": player.late_decision_session}

    answer, status = writes.once("player.absent", f"session:{tournament_id}:{number}", json,
                                 apply, tournament_id=tournament_id)
    return jsonify(answer), status


@api.post("/<int:tournament_id>/final-day/sessions/<int:number>/filler")
@edge.api.validate(json=FillerBody, resp=responses(FillerAnswer),
                   tags=["standings"], security={"session": []})
def api_filler(tournament_id: int, number: int, json: FillerBody):
    """Seat the highest-ranked eliminated player present in an absent entrant's seat on the
    final day; the absent entrant is out and ranks last of the round, the filler is neutral
    (our reading of §4.15)."""
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)

    def apply():
        seat = final_day.call_filler(tournament, number, json.absent, json.filler, user)
        return {"session": number, "table": seat.table.number, "absent": json.absent,
                "filler": json.filler,
                "empty_seat": final_day.empty_seat_view(load_sheet(tournament_id))}

    answer, status = writes.once("final_day.filler", f"tournament:{tournament_id}:session:"
                                 f"{number}", json, apply, tournament_id=tournament_id)
    return jsonify(answer), status
