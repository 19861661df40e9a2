"""Tournament formats (ZJM §3.1–§3.4, §1.9) and the settings each one starts with.

Every value here is only a default: the organizer may edit the settings of an event
before play starts. Sanctioned formats keep the ZJM payoff scheme (§2.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any

from judgeaid.rules import formats
from judgeaid.rules.formats import Format, read_whole

CASUAL = "casual"
COMPETITIVE = "competitive"


def _casual(session_minutes: int, rotation: str) -> dict[str, Any]:
    # §3.3.1 four sessions; §3.4.1.2 session time; §1.9.1 casual clocks
    return {
        "sessions": 4,
        "session_minutes": session_minutes,
        "rotation": rotation,
        "payoff_scheme": "formal",
        "turn_seconds": 20,
        "free_seconds": 20,
        "round_bank_seconds": None,
        "advance": None,
        "final_day": [],
    }


def _competitive(session_minutes: int, advance: int, final_day: list[int]) -> dict[str, Any]:
    # §3.3.2 four preliminary sessions then the final day; §3.4.2.2; §1.9.2
    return {
        "sessions": 4,
        "session_minutes": session_minutes,
        "rotation": "standard",
        "payoff_scheme": "formal",
        "turn_seconds": 15,
        "free_seconds": 15,
        "round_bank_seconds": 180,
        "advance": advance,
        "final_day": final_day,
    }


# The README of the rule texts settles the regional final day at three rounds (16 → 8 → 4).
FORMATS: dict[str, Format] = {
    f.code: f
    for f in (
        Format("som_league", "Series of Mahjong League (SoM League)", CASUAL, True,
               "Casual league night: 4 sessions of 60 minutes, seats fixed for a session.",
               _casual(60, "league")),
        Format("csom", "Community Series of Mahjong (CSoM)", CASUAL, True,
               "Casual one-day event: 4 sessions of 90 minutes with seat rotation.",
               _casual(90, "standard")),
        Format("rsom", "Regional Series of Mahjong (RSoM)", COMPETITIVE, True,
               "Two days: 4 preliminary sessions of 90 minutes, top 16 play the final day.",
               _competitive(90, 16, [16, 8, 4])),
        Format("nwsom", "New World Series of Mahjong (NWSoM)", COMPETITIVE, True,
               "Two days: 4 preliminary sessions of 120 minutes, top 32 play the final day.",
               _competitive(120, 32, [32, 16, 8, 4])),
        Format("casual", "Unsanctioned casual event", CASUAL, False,
               "Casual rules with every setting open to the organizer.",
               _casual(90, "standard")),
        Format("competitive", "Unsanctioned competitive event", COMPETITIVE, False,
               "Competitive rules with every setting open to the organizer.",
               _competitive(90, 16, [16, 8, 4])),
    )
}

ROTATIONS = ("standard", "league")
PAYOFF_SCHEMES = ("formal", "uniform")


# get_format(code) is the format with this code (KeyError for none); default_settings(code)
# a fresh copy of the settings it starts with
get_format = FORMATS.__getitem__
default_settings = partial(formats.default_settings, FORMATS)


def validate_settings(code: str, values: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """Merge edited values over a format's defaults; return the settings and any problems."""
    fmt = get_format(code)
    settings = default_settings(code)
    problems: list[str] = []

    for key, low, high, optional in (("sessions", 1, 12, False),
                                     ("session_minutes", 15, 300, True),
                                     ("turn_seconds", 5, 60, False),
                                     ("free_seconds", 0, 60, False),
                                     ("round_bank_seconds", 30, 600, True)):
        read_whole(values, settings, problems, key, low, high, optional=optional)
    if "rotation" in values:
        if values["rotation"] not in ROTATIONS:
            problems.append("rotation must be standard or league.")
        else:
            settings["rotation"] = values["rotation"]
    if "payoff_scheme" in values:
        scheme = values["payoff_scheme"]
        if scheme not in PAYOFF_SCHEMES:
            problems.append("payoff scheme must be formal or uniform.")
        elif fmt.is_sanctioned and scheme != "formal":
            # §2.3: sanctioned events pay by the formal competition scheme
            problems.append("sanctioned events use the formal payoff scheme (§2.3).")
        else:
            settings["payoff_scheme"] = scheme
    return settings, problems
