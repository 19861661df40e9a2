"""Scoring requests from the API and the pickers: call the pure core of a ruleset.

The endpoints name their ruleset in the URL (/api/<code>/..., a ruleset's `can.picker` path),
so the view passes the code it was reached by; nothing here names a ruleset.
"""

from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from judgeaid.rules import MalformedHand, MalformedPayoff, Scoring, get_ruleset
from judgeaid.services.catalogue_words import page_catalogue, script_catalogue
from judgeaid.services.core_messages import say_issues, say_rule
from judgeaid.services.errors import ServiceError
from judgeaid.wording import ruleset_view, script_view


def _scoring(code: str) -> Scoring:
    return get_ruleset(code).scoring


def catalogue(code: str) -> dict[str, Any]:
    """Return a ruleset's catalogue as the browser receives it: in the request's language, as
    a page is (?lang=, the language cookie, the signed-in user's choice, Accept-Language), so a
    card's round form names the hand's patterns and says its counting rules in the card page's
    language (issue 29); in English, the ruleset's own catalogue, when none is asked for."""
    return page_catalogue(code)


def score(code: str, patterns: dict[str, int]) -> dict[str, Any]:
    """Score the ticked patterns (id -> count); return the value, or the broken rules."""
    try:
        hand = _scoring(code).score_hand(patterns)
    except MalformedHand as exc:
        raise ServiceError(say_rule(code, str(exc))) from exc
    # The same shape zj.js returns; included lines (§2.4 3.2.1, 9.4.1 ...) carry implied_by.
    body = _said(code, hand.as_dict())
    if hand.errors:
        return {"errors": body["errors"], "warnings": body["warnings"]}
    return {key: body[key] for key in ("value", "limit", "lines", "warnings", "offers")}


def _said(code: str, body: dict[str, Any]) -> dict[str, Any]:
    # the issues' messages in the request's language (the codes stay English)
    return {**body, **{key: say_issues(code, body[key])
                       for key in ("errors", "warnings", "offers") if key in body}}


def split_payoff(code: str, body: dict[str, Any]) -> dict[str, Any]:
    """Compute every seat's delta for a hand; raise ServiceError for malformed input."""
    try:
        return _scoring(code).payoff_request(body).as_dict()
    except MalformedPayoff as exc:
        raise ServiceError(say_rule(code, str(exc))) from exc


def picker_page(code: str) -> dict[str, Any]:
    """Return the picker's data: patterns grouped by category, and the catalogue itself."""
    data = page_catalogue(code)  # its texts in the page's language (the API's stay English)
    groups = [{"id": c["id"], "name": c["name"],
               "patterns": [p for p in data["patterns"] if p["category"] == c["id"]]}
              for c in data["categories"]]
    # the ruleset's words and capabilities for the picker's script (static/js/rulesets.js)
    return {"groups": groups, "catalogue": data, "script_catalogue": script_catalogue(code),
            "script_rules": script_view(code, "js.picker."),
            "rules": ruleset_view(code)}


# Fans with flowers and the way the hand was won (MCR, issue 16): the ruleset's endpoint
# takes them as fields of their own.

def fan_score(code: str, fans: dict[str, int], flowers: int | None = None,
              win: str | None = None) -> dict[str, Any]:
    """Total the ticked MCR fans (number -> count) and flowers; the value, or the broken rules
    (a fan another makes inevitable, a fan at odds with `win` when it is given ...)."""
    scoring = _scoring(code)
    flower = scoring.catalogue_json()["flower"]
    if flowers is not None and flower in fans:
        raise ServiceError(_("Give the flowers once: as 'flowers' or as fan %(flower)s, not "
                             "both.", flower=flower))
    ticked = dict(fans)
    if flowers:
        ticked[flower] = flowers
    try:
        hand = scoring.score_hand(ticked, win) if win else scoring.score_hand(ticked)
    except MalformedHand as exc:
        raise ServiceError(say_rule(code, str(exc)), code=exc.code) from exc
    body = _said(code, hand.as_dict())
    if hand.errors:
        # the total as ticked travels too: a hand below the minimum still shows what it makes
        return {key: body[key] for key in ("errors", "warnings", "value", "fan_points",
                                           "flowers", "lines")}
    return {key: body[key] for key in ("value", "fan_points", "flowers", "lines", "warnings")}


