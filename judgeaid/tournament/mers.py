"""The EMA's ranking figures for one event (issue 30): base ranks and the MERS weight.

Pure: no Flask, no database. Sources (docs/ema.md): the EMA's "Basics for ranking system"
page (mahjong-europe.org/ranking/Basicsranking.html, "Last update = EMA General Assembly
May 25th, 2017", in force from 1 January 2018).

Base rank: floor(1000 × (N − position) / (N − 1)), N the ranked players; the EMA's own
example gives 252 to the 75th of 100.

MERS weight = duration + players + countries + qualification:
- duration: 1 day +1, 2 days +2, 3 days +3;
- players (substitutes counted, 3 at most): up to 40 +0, 41 to 80 +0.5, over 80 +1;
- countries: up to 5 +0, 6 to 9 +0.5, 10 or more +1 — but the EMA publishes two versions of
  this row: one page says "6 <= X <= 10: +0.5, X > 10: +1", the other "6 <= X <= 9: +0.5,
  X >= 10: +1". At exactly 10 countries they differ; we say so and give both;
- entry needed qualifying: +1.
"""

from __future__ import annotations

from dataclasses import dataclass

from judgeaid.tournament.people import N_

# the service shows it translated
RULE_VERSION = N_("the EMA's ranking rules (MERS) as updated by its General Assembly of "
                  "25 May 2017, in force from 1 January 2018")
SUBSTITUTES_COUNTED = 3
PLAYER_STEPS = ((80, 1.0), (40, 0.5))  # more than the first number: the weight
DAYS_MAX = 3
# The one count of countries the EMA's two published pages weigh differently.
COUNTRIES_DISPUTED = 10


def base_rank(position: int, ranked: int) -> int:
    """Return the EMA base rank of a position among `ranked` players (N >= 2)."""
    if ranked < 2 or not 1 <= position <= ranked:
        raise ValueError("a base rank needs at least 2 ranked players and a position among them")
    return 1000 * (ranked - position) // (ranked - 1)


def positions(keys: list[tuple]) -> list[int]:
    """Return each line's position, lines in final order: equal keys share the first's."""
    places: list[int] = []
    for index, key in enumerate(keys):
        places.append(places[-1] if index and keys[index - 1] == key else index + 1)
    return places


@dataclass(frozen=True)
class Weight:
    """The MERS weight and each part of it; `other` is the weight by the EMA's other page
    where the two differ (exactly 10 countries), else None."""

    days: int
    players: int
    countries: int
    qualifying: bool
    duration_part: float
    players_part: float
    countries_part: float
    qualifying_part: float
    total: float
    other: float | None


def players_part(players: int) -> float:
    """Return the players' part of the weight."""
    for over, part in PLAYER_STEPS:
        if players > over:
            return part
    return 0.0


def countries_part(countries: int, *, strict_ten: bool = False) -> float:
    """Return the countries' part: 10 counts +1 unless `strict_ten` (the page that says
    "X > 10")."""
    if countries >= COUNTRIES_DISPUTED + (1 if strict_ten else 0):
        return 1.0
    return 0.5 if countries > 5 else 0.0


def weight(days: int, ranked: int, substitutes: int, countries: int,
           qualifying: bool) -> Weight:
    """Return the event's MERS weight from its days, players, countries and qualifying."""
    players = ranked + min(substitutes, SUBSTITUTES_COUNTED)
    duration = float(min(max(days, 1), DAYS_MAX))
    by_players = players_part(players)
    by_countries = countries_part(countries)
    by_qualifying = 1.0 if qualifying else 0.0
    total = duration + by_players + by_countries + by_qualifying
    other = None
    if countries == COUNTRIES_DISPUTED:
        other = total - by_countries + countries_part(countries, strict_ten=True)
    return Weight(days, players, countries, qualifying, duration, by_players, by_countries,
                  by_qualifying, total, other)
