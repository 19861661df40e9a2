"""The prize-giving reveal (issue 30): the awards, then the places from N up to 1, as steps
the projector shows one per tap or key, every word in the page."""

from __future__ import annotations

from flask_babel import gettext as _

from judgeaid.services.awards import awards_view
from judgeaid.services.standings_pages import shown_standings


def reveal_view(tournament_id: int, start: int | None) -> dict:
    """Return the prize-giving reveal as plain data: the awards, then the places from
    `start` (default: the top 8) up to 1, each a step the projector shows on a tap or key.

    Every word is in the data, so the page keeps working once loaded, network or not.
    """
    data = shown_standings(tournament_id, sees_all=True)
    rows = [row for row in data["standings"] if row["rank"] is not None]
    first = min(start or 8, len(rows)) if rows else 0
    awards = awards_view(tournament_id)
    steps = [{"kind": "award", "title": kind["title"],
              "lines": [f"{h['name']} (#{h['number']}) · {h['value']}"
                        + (f" · {h['where']}" if h["where"] else "") for h in kind["holders"]]}
             for kind in awards["kinds"] if kind["holders"]]
    places = [row for row in rows if row["rank"] <= first]
    for row in sorted(places, key=lambda r: (-r["rank"], r["number"])):
        steps.append({"kind": "place", "rank": row["rank"],
                      "title": _("Place %(rank)s", rank=row["rank"]),
                      "lines": [f"{row['name']} (#{row['number']})", row["mp_text"]]})
    return {"tournament": data["tournament"], "start": first, "field": len(rows),
            "steps": steps, "words": {
                "begin": _("Tap, or press the space bar or the right arrow, for the next step."),
                "done": _("That is everyone. Congratulations!"),
                "back": _("Left arrow: one step back.")}}
