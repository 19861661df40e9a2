"""MCR event formats (MCR §3.5.4, §3.5.6) and the settings each one starts with.

The settings carry the same keys as Zung Jung's, so seating, the clock, the cards, the
standings and the exports read an MCR event the way they read any other. MCR has no
per-turn play clock, so the turn settings are empty; the seats always change between wind
rounds (MCR Appendix 4) and the payoff is MCR's own (MCR §3.9.1.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from judgeaid.rules import formats
from judgeaid.rules.formats import Format, read_whole

# MCR §3.5.6 a session lasts at most 150 minutes
MAX_SESSION_MINUTES = 150
MIN_SESSION_MINUTES = 15
# MCR §3.5.4 a regulation tournament plays at least six sessions
REGULATION_SESSIONS = 6
MAX_SESSIONS = 12
ROTATIONS = ("standard",)
# The services' word for an event with no final day: one table of standings for everyone.
KIND = "casual"


def _settings(sessions: int) -> dict[str, Any]:
    return {
        "sessions": sessions,
        "session_minutes": MAX_SESSION_MINUTES,
        "rotation": "standard",
        "payoff_scheme": "formal",
        "turn_seconds": None,
        "free_seconds": None,
        "round_bank_seconds": None,
        "advance": None,
        "final_day": [],
    }


FORMATS: dict[str, Format] = {
    f.code: f
    for f in (
        Format("mcr", "MCR tournament", KIND, True,
               "Round robin of 6 sessions of at most 150 minutes, 16 hands each; ranked "
               "by table points 4/2/1/0, then contest points (MCR §3.5.4, §3.10.1).",
               _settings(REGULATION_SESSIONS)),
        Format("mcr_short", "MCR short event (unsanctioned)", KIND, False,
               "Fewer than six sessions, for a club day: not a regulation tournament "
               "(MCR §3.5.4 asks for six or more).",
               _settings(4)),
    )
}


# get_format(code) is the format with this code (KeyError for none); default_settings(code)
# a fresh copy of the settings it starts with
get_format = FORMATS.__getitem__
default_settings = partial(formats.default_settings, FORMATS)


def validate_settings(code: str, values: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Merge edited values over a format's defaults; return the settings and any problems."""
    fmt = get_format(code)
    settings = default_settings(code)
    problems: list[str] = []

    low_sessions = REGULATION_SESSIONS if fmt.is_sanctioned else 1
    read_whole(values, settings, problems, "sessions", low_sessions, MAX_SESSIONS,
               " (MCR §3.5.4: six or more)" if fmt.is_sanctioned else "", required=True)
    read_whole(values, settings, problems, "session_minutes", MIN_SESSION_MINUTES,
               MAX_SESSION_MINUTES, " (MCR §3.5.6: at most 150 minutes)", required=True)
    for key in ("turn_seconds", "free_seconds", "round_bank_seconds"):
        if values.get(key) not in (None, ""):
            problems.append(f"MCR's play limits are fixed by the text (MCR §3.6.4), so "
                            f"{key.replace('_', ' ')} stays empty.")
    if values.get("rotation", "standard") not in ROTATIONS:
        problems.append("MCR seats change between wind rounds as MCR Appendix 4 sets out; "
                        "rotation must be standard.")
    if values.get("payoff_scheme", "formal") != "formal":
        problems.append("MCR pays by its own scheme (MCR §3.9.1.3); payoff scheme must be "
                        "formal.")
    for key in ("advance", "final_day"):
        if values.get(key) not in (None, "", []):
            problems.append(f"An MCR event has no final day; {key.replace('_', ' ')} stays "
                            "empty.")
    return settings, problems
