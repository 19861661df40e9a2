"""The manual hand pickers (§4.5; MCR §3.9.1): players tick patterns or fans, never tiles."""

from __future__ import annotations

from flask import Blueprint, render_template, url_for

from judgeaid.services import picker_pages, scoring

bp = Blueprint("picker", __name__)

# Each ruleset's picker page and its name; a tournament's pages link to its ruleset's own.
PICKERS = {"zj": ("picker.picker", "Pattern picker"),
           "mcr": ("picker.picker_mcr", "MCR fan picker")}


@bp.app_template_global()
def picker_link(ruleset: str) -> dict[str, str] | None:
    """Return the path and name of the picker for a ruleset's code (None: it has none)."""
    if ruleset not in PICKERS:
        return None
    endpoint, label = PICKERS[ruleset]
    return {"url": url_for(endpoint), "label": label}


@bp.get("/picker")
def picker():
    """Show the pattern picker; all its state lives in the URL fragment."""
    return render_template("picker/picker.html", **scoring.picker_page())


@bp.get("/picker/mcr")
def picker_mcr():
    """Show the MCR fan picker; all its state lives in the URL fragment."""
    return render_template("picker/mcr.html", **picker_pages.mcr_picker_page())
