"""What a ruleset can do beyond words: the controls, columns and forms a page asks it for.

A page never asks which ruleset it is; it asks what the ruleset declares here (does a card
have a same-turn chain control, does the event have a final day, which print form does a
card use, which module scores a hand in the browser). `as_json()` is what pages and scripts
receive.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any


@dataclass(frozen=True)
class StandingsColumn:
    """One points column of the standings: the field it shows and the words key of its head."""

    field: str
    label_key: str


@dataclass(frozen=True)
class PatternAward:
    """A side prize over the ruleset's own patterns: most hands holding one of `patterns`.

    Its name and how it is computed are the ruleset's words `words_key` and `words_key`_how.
    """

    code: str
    patterns: tuple[str, ...]
    words_key: str


@dataclass(frozen=True)
class Capabilities:
    """The switches a ruleset sets for pages, scripts and printing."""

    # the browser's scoring mirror, a module under static/js ("zj.js"); None: values are typed
    mirror: str | None
    # the picker page's path ("/picker"); None: the ruleset has no picker
    picker: str | None
    # the card's round form asks who discarded the winning tile in the same turn
    same_turn_chain: bool
    # the card lets a judge mark a deal by the wrong East
    deal_mark: bool
    # hands carry flower tiles, counted apart from the hand's value
    flowers: bool
    # the event can have a final day (a cut, then rounds of tables)
    final_day: bool
    # the printed card: "official_card" or "score_sheet"
    print_form: str
    # the standings' points columns, first the one the ranking counts
    standings_columns: tuple[StandingsColumn, ...]
    # --- pages (issue 25, part B) ---
    # judges time players' turns with play timers (the timers pages, the settings' limits)
    play_timers: bool = False
    # a time-out for medication, with a doctor's note, is priced apart
    medication_timeout: bool = False
    # the event's results count on a movement's leaderboards (sanctioning, member ids)
    leaderboards: bool = False
    # the organizer chooses whether seats rotate or stay for the session
    seat_rotation_choice: bool = False
    # the organizer chooses a payoff scheme
    payoff_schemes: bool = False
    # the longest session the organizer may set, in minutes, and whether one must be set
    session_minutes_max: int = 300
    session_minutes_required: bool = False
    # --- the prize-giving and the federation's report (issue 30) ---
    # the awards over the ruleset's patterns, beside those every ruleset gives
    pattern_awards: tuple[PatternAward, ...] = ()
    # the event's results go to the European Mahjong Association's ranking (MERS): the EMA
    # file, its page, the MERS weight and the points' reconciliation (judgeaid.services.ema)
    ema_results: bool = False

    def as_json(self) -> dict[str, Any]:
        """Return the capabilities as plain JSON data."""
        return asdict(self)
