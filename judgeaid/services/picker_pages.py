"""What the MCR fan picker shows, as plain data (the ZJ picker's is scoring.picker_page)."""

from __future__ import annotations

from itertools import groupby
from typing import Any

from judgeaid.rules import get_ruleset


def mcr_picker_page() -> dict[str, Any]:
    """Return the MCR fans grouped by value tier, highest first, and the catalogue itself."""
    scoring = get_ruleset("mcr").scoring
    data = scoring.catalogue_json()
    # MCR §3.8.1 lists the fans by point grade; numbers run within each grade.
    fans = sorted(data["fans"], key=lambda f: (-f["value"], int(f["number"])))
    tiers = [{"value": value, "fans": list(group)}
             for value, group in groupby(fans, key=lambda f: f["value"])]
    return {"tiers": tiers, "catalogue": data, "minimum": scoring.min_hand_value}
