"""The one face a ruleset shows the services: everything rule-shaped, in one frozen record.

A ruleset is a package under judgeaid/rules/ (judgeaid/rules/zj is Zung Jung) that builds
one `Ruleset`; judgeaid/rules/__init__.py registers it by its code, the value a tournament
stores in `Tournament.ruleset`. Services ask `get_ruleset(tournament.ruleset)` for every
number, table and count a rulebook sets, and name none themselves. The record holds plain
values and functions, so a second ruleset (MCR: 81 fans and flowers, an 8-point minimum,
8 + value payoff, table points 4/2/1/0, 150-minute sessions) fills in the same fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TimeLimits:
    """The play time limits one player is timed against in a round."""

    kind: str
    turn_s: int
    round_bank_s: int | None
    free_s: int

    @property
    def turn_ms(self) -> int:
        """Return the per-turn limit in milliseconds."""
        return self.turn_s * 1000

    @property
    def round_bank_ms(self) -> int | None:
        """Return the per-round limit for all plays in milliseconds, if there is one."""
        return None if self.round_bank_s is None else self.round_bank_s * 1000

    @property
    def free_ms(self) -> int:
        """Return the free time at the start of the round in milliseconds."""
        return self.free_s * 1000


@dataclass(frozen=True)
class ClockPenalty:
    """The rubric line a clock prices, and the words saying how it counted."""

    category: str
    infraction: str
    note: str


@dataclass(frozen=True)
class Ruleset:
    """Everything a service may ask of one set of rules."""

    code: str
    name: str
    version: str

    # Scoring: the pattern catalogue, a hand's value, who pays whom.
    catalogue_json: Callable[[], dict[str, Any]]
    score_hand: Callable[[Mapping[str, int]], Any]
    payoff: Callable[..., Any]
    payoff_request: Callable[[Mapping[str, Any]], Any]
    min_hand_value: int

    # The event: its formats and their default settings, and a session's shape.
    formats: Mapping[str, Any]
    rounds_per_session: int
    winds: tuple[str, ...]
    rotations: tuple[str, ...]
    session_seats: Callable[[Mapping[str, int], str], Sequence[Any]]

    # Time: play limits, session length, time-outs and late arrival.
    time_limits: Callable[..., TimeLimits]
    round_time: Callable[..., Any]
    session_ms: Callable[..., int | None]
    timeout_charge: Callable[..., Any]
    late_arrival: Callable[[int], Any]
    timeout_free_ms: int
    absent_after_ms: int
    resignation_over_points: int
    crosses_resignation: Callable[[int, int], bool]

    # Penalties: the rubric, the ladder and the judge's guide.
    penalty_categories: tuple[str, ...]
    penalty_kinds: tuple[str, ...]
    rubric_json: Callable[[], dict[str, Any]]
    guide_json: Callable[[], dict[str, Any]]
    time_penalty: ClockPenalty
    timeout_penalty: ClockPenalty
    penalty_label: Callable[[str, str], str]

    # Ranking: a session's score into the standings' measure, late arrivals' deduction.
    match_points: Callable[[int], float]
    rank: Callable[..., list[Any]]
    late_arrival_deduction: float
    last_late_session: int
