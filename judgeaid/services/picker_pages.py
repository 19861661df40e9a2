"""What a fan picker grouped by value tier shows, as plain data (a picker grouped by
category is scoring.picker_page)."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from judgeaid.rules import get_ruleset
from judgeaid.services.catalogue_words import page_catalogue, script_catalogue
from judgeaid.wording import ruleset_view, script_view


def tier_picker_page(code: str) -> dict[str, Any]:
    """Return a ruleset's fans grouped by value tier, highest first, the flower count's fan
    apart, and the catalogue itself."""
    scoring = get_ruleset(code).scoring
    data = page_catalogue(code)  # its texts in the page's language (the API's stay English)
    # Flowers are a count every hand is asked for, so they get their own control on top.
    flowers = next((f for f in data["fans"] if str(f["number"]) == data.get("flower")), None)
    # MCR §3.8.1 lists the fans by point grade; numbers run within each grade.
    fans = sorted((f for f in data["fans"] if f is not flowers),
                  key=lambda f: (-f["value"], int(f["number"])))
    tiers = [{"value": value, "fans": list(group)}
             for value, group in groupby(fans, key=lambda f: f["value"])]
    return {"tiers": tiers, "flowers": flowers, "catalogue": data,
            "script_catalogue": script_catalogue(code),
            "minimum": scoring.min_hand_value, "extra": data["rules"]["payoff"]["extra"],
            "principles": data["principles"],
            # the ruleset's words and capabilities for the picker's script (static/js/rulesets.js)
            "script_rules": script_view(code, "js.picker."),
            "rules": ruleset_view(code)}
