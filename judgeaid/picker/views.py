"""The manual pattern picker (§4.5): players tick patterns; no tiles, no photos."""

from __future__ import annotations

from flask import Blueprint, render_template

from judgeaid.services import scoring

bp = Blueprint("picker", __name__)


@bp.get("/picker")
def picker():
    """Show the pattern picker; all its state lives in the URL fragment."""
    return render_template("picker/picker.html", **scoring.picker_page())
