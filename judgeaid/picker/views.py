"""The manual hand pickers (§4.5; MCR §3.9.1): players tick patterns or fans, never tiles."""

from __future__ import annotations

from flask import Blueprint, render_template, request

from judgeaid.rules import DEFAULT_RULESET, RULESETS
from judgeaid.services import picker_pages, scoring
from judgeaid.wording import page_words

bp = Blueprint("picker", __name__)


@bp.app_template_global()
def picker_link(ruleset: str | None = None) -> dict[str, str] | None:
    """Return the path and name of a ruleset's picker (`can.picker`, its words), the default
    ruleset's for None; None when the ruleset has no picker (a tournament's pages link to its
    ruleset's own)."""
    rules = RULESETS.get(ruleset or DEFAULT_RULESET)
    if rules is None or rules.can.picker is None:
        return None
    return {"url": request.script_root + rules.can.picker,
            "label": page_words(rules)["card.picker_name"]}


def _ruleset_here() -> str:
    """Return the code of the ruleset whose picker is at this path (`can.picker`)."""
    return next(code for code, rules in RULESETS.items() if rules.can.picker == request.path)


@bp.get("/picker")
def picker():
    """Show a picker grouped by category; all its state lives in the URL fragment."""
    return render_template("picker/picker.html", **scoring.picker_page(_ruleset_here()))


@bp.get("/picker/mcr")
def picker_mcr():
    """Show a fan picker grouped by value; all its state lives in the URL fragment."""
    return render_template("picker/mcr.html", **picker_pages.tier_picker_page(_ruleset_here()))
