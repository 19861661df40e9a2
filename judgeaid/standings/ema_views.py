"""The EMA results (issue 30): the file, the page that shows it first, the qualifying setting."""

from __future__ import annotations

from flask import Blueprint, Response, flash, redirect, render_template, url_for
from flask_babel import gettext

from judgeaid import pageforms, writes
from judgeaid.access import require_judge, require_organizer, staff_role
from judgeaid.services import ema
from judgeaid.standings.schemas import EmaQualifyingForm
from judgeaid.wording import event_rules

bp = Blueprint("ema", __name__)


def _download(data: bytes, filename: str, mimetype: str) -> Response:
    response = Response(data, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/t/<int:tournament_id>/exports/ema.csv")
def ema_csv(tournament_id: int):
    """Download the EMA results file (organizer or judge)."""
    require_judge(tournament_id)
    return _download(ema.ema_csv(tournament_id), f"ema-{tournament_id}.csv", "text/csv")


@bp.get("/t/<int:tournament_id>/exports/ema")
def ema_page(tournament_id: int):
    """Show the EMA file's rows before download, the MERS weight and the reconciliation."""
    require_judge(tournament_id)
    return render_template("standings/ema.html", rules=event_rules(tournament_id),
                           is_organizer=staff_role(tournament_id) == "organizer",
                           **ema.ema_page(tournament_id))


@bp.post("/t/<int:tournament_id>/exports/ema/qualifying")
@pageforms.form(EmaQualifyingForm)
def ema_qualifying(tournament_id: int, form: EmaQualifyingForm):
    """Say whether entry needed qualifying (organizer)."""
    user = require_organizer(tournament_id)
    answer, _ = writes.once("ema.qualifying", f"tournament:{tournament_id}", form,
                            lambda: {"qualifying": ema.set_qualifying(
                                tournament_id, form.qualifying, user)},
                            tournament_id=tournament_id)
    flash(gettext("Entry needed qualifying: the MERS weight counts it.") if answer["qualifying"]
          else gettext("Entry was open: the MERS weight adds nothing for qualifying."))
    return redirect(url_for(".ema_page", tournament_id=tournament_id) + "#weight")
