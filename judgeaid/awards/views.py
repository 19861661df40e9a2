"""The awards: the API, the page and the projector view (issue 30)."""

from __future__ import annotations

from flask import Blueprint, flash, jsonify, redirect, render_template, url_for
from flask_babel import gettext as _

from judgeaid import edge, pageforms, writes
from judgeaid.access import require_organizer, staff_role
from judgeaid.api.views import json_writes_only
from judgeaid.awards.schemas import AwardsOut, AwardsSwitchBody, AwardsSwitchForm
from judgeaid.edge import responses
from judgeaid.services import awards
from judgeaid.services.accounts import get_tournament_or_404
from judgeaid.wording import event_rules

bp = Blueprint("awards", __name__)
api = Blueprint("awards_api", __name__, url_prefix="/api/tournaments")
api.before_request(json_writes_only)


def _sees_all(tournament_id: int) -> bool:
    """Say whether the reader sees what the closing stage hides (judges and the organizer)."""
    return staff_role(tournament_id) is not None


@api.get("/<int:tournament_id>/awards")
@edge.api.validate(resp=responses(AwardsOut, errors=(404,)), tags=["standings"])
def api_awards(tournament_id: int):
    """The awards (public): best hand, most wins, most self-draws, best session score and the
    ruleset's own, each holder with session, table and hand (null over many hands)."""
    response = jsonify(awards.awards_view(tournament_id, sees_all=_sees_all(tournament_id)))
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/t/<int:tournament_id>/awards")
def page(tournament_id: int):
    """Show the awards to anyone; the organizer can turn them off or on."""
    return render_template("awards/page.html", rules=event_rules(tournament_id),
                           is_organizer=staff_role(tournament_id) == "organizer",
                           **awards.awards_view(tournament_id,
                                                sees_all=_sees_all(tournament_id)))


@bp.get("/t/<int:tournament_id>/awards/projector")
def projector(tournament_id: int):
    """Show the awards in large type for the hall's screen."""
    return render_template("awards/projector.html", rules=event_rules(tournament_id),
                           **awards.awards_view(tournament_id,
                                                sees_all=_sees_all(tournament_id)))


def _switch(tournament_id: int, body, is_on: bool):
    user = require_organizer(tournament_id)
    tournament = get_tournament_or_404(tournament_id)

    def apply():
        awards.set_awards(tournament, is_on, user)
        return {"is_on": is_on}

    return writes.once("awards.switch", f"tournament:{tournament_id}", body, apply,
                       tournament_id=tournament_id)


@bp.post("/t/<int:tournament_id>/awards/switch")
@pageforms.form(AwardsSwitchForm)
def switch(tournament_id: int, form: AwardsSwitchForm):
    """Turn the event's awards on or off (organizer)."""
    answer, _status = _switch(tournament_id, form, form.is_on == "yes")
    flash(_("The awards are on.") if answer["is_on"] else _("The awards are off."))
    return redirect(url_for(".page", tournament_id=tournament_id))


@api.post("/<int:tournament_id>/awards/switch")
@edge.api.validate(json=AwardsSwitchBody, resp=responses(AwardsOut), tags=["standings"],
                   security={"session": []})
def api_switch(tournament_id: int, json: AwardsSwitchBody):
    """Turn the event's awards on or off (organizer)."""
    _switch(tournament_id, json, json.is_on)
    return jsonify(awards.awards_view(tournament_id))
