"""The one face a ruleset shows the services: everything rule-shaped, in one frozen record.

A ruleset is a package under judgeaid/rules/ (judgeaid/rules/zj is Zung Jung) that builds
one `Ruleset`; judgeaid/rules/__init__.py registers it by its code, the value a tournament
stores in `Tournament.ruleset`. Services ask `get_ruleset(tournament.ruleset)` for every
number, table and count a rulebook sets, and name none themselves. The record holds plain
values and functions, so a second ruleset (MCR: 81 fans and flowers, an 8-point minimum,
8 + value payoff, table points 4/2/1/0, 150-minute sessions) fills in the same fields.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any, Literal

from judgeaid.rules.capabilities import Capabilities
from judgeaid.rules.words import Words


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


class MalformedHand(ValueError):
    """The ticked patterns cannot be read at all (unknown id, bad count)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class MalformedPayoff(ValueError):
    """The payoff request cannot describe a real win."""


@dataclass(frozen=True)
class Scoring:
    """A hand's worth: the pattern catalogue, a hand's value, who pays whom.

    `score_hand`, `recorded_value_fits` and `payoff_request` raise MalformedHand or
    MalformedPayoff for input they cannot read; `payoff` raises MalformedPayoff.
    """

    version: str
    catalogue_json: Callable[[], dict[str, Any]]
    score_hand: Callable[[Mapping[str, int]], Any]
    # a recorded round's pattern lines as the card shows them, and the words for an included one
    recorded_lines: Callable[[Mapping[str, int] | None, int | None], Sequence[Any]]
    implied_label: Callable[[Any], str]
    # whether a backup's ticked patterns make its recorded value (by the rules of its time)
    recorded_value_fits: Callable[[Mapping[str, int], int], bool]
    payoff: Callable[..., Any]
    payoff_request: Callable[[Mapping[str, Any]], Any]
    min_hand_value: int
    # (ticked patterns, "self" | "discard") -> the issues of patterns that fix the other win
    # type (MCR §3.7.2.3), each with .message; none where the ruleset has no such check
    win_issues: Callable[[Mapping[str, int], str | None], Sequence[Any]] = (
        lambda patterns, win: ())


@dataclass(frozen=True)
class SessionShape:
    """A session's structure: its rounds, the winds and how the seats rotate."""

    rounds: int
    winds: tuple[str, ...]
    rotations: tuple[str, ...]
    session_seats: Callable[[Mapping[str, int], str], Sequence[Any]]
    # which wind cycle (a turn of the dealer round the table) a round number falls in
    cycle_of: Callable[[int], int]
    # several players call Hu on one discard: the seat winds in the order their claims win,
    # from the discarder's seat wind (MCR §3.7.2.4; ZJ §1.4.5), and the section to cite
    hu_order: Callable[[str], tuple[str, ...]] | None = None
    hu_order_section: str = ""


@dataclass(frozen=True)
class Timing:
    """Play time limits, session length, time-outs, late arrival and time resignation."""

    limits: Callable[..., TimeLimits]
    round_time: Callable[..., Any]
    session_ms: Callable[..., int | None]
    timeout_charge: Callable[..., Any]
    late_arrival: Callable[[int], Any]
    timeout_free_ms: int
    absent_after_ms: int
    # None: the ruleset has no resignation for time penalties (MCR)
    resignation_over_points: int | None
    crosses_resignation: Callable[[int, int], bool]
    time_penalty: ClockPenalty
    timeout_penalty: ClockPenalty
    # False: no turn or play timers at all (MCR times only the session, MCR §3.5.6)
    has_play_timers: bool = True
    # why there are no play timers, in the product's words
    no_play_timers: str = ""
    # the session clock's words where they differ from Zung Jung's (keys: the clock's states
    # "ended", "over", "warn15" ..., and "about" for the organizer's page); None: Zung Jung's
    clock_words: Mapping[str, str] | None = None
    # True: arriving later than `absent_after_ms` forfeits the session by itself, the player
    # back for the next one (MCR §3.11.2.1); False: the judge may rule the player absent
    late_forfeits_session: bool = False


@dataclass(frozen=True)
class PriorPenalty:
    """A penalty the player received earlier in the tournament."""

    category: str
    kind: str = "points"
    points: int = 0
    session: int | None = None
    round: int | None = None
    infraction: str | None = None


@dataclass(frozen=True)
class RepeatPolicy:
    """How earlier penalties count as repeats (a tournament setting)."""

    scope: Literal["category", "any"] = "category"
    window: Literal["round", "session", "tournament"] = "tournament"

    def __post_init__(self) -> None:
        if self.scope not in ("category", "any"):
            raise ValueError(f"unknown repeat scope: {self.scope!r}")
        if self.window not in ("round", "session", "tournament"):
            raise ValueError(f"unknown repeat window: {self.window!r}")


@dataclass(frozen=True)
class Payees:
    """Who receives a penalty's points: nobody (ZJ's default, §4.11 unless the judge rules
    otherwise), the same share to each other player, or the one offended player (MCR)."""

    each: int = 0
    offended: bool = False


def _nobody(category: str, infraction: str | None) -> Payees:
    return Payees()


def _any_payees(category: str, infraction: str | None, kind: str, points: int,
                paid_to: Mapping[int, int] | None, others: int) -> list[Any]:
    return []


def _any_round(category: str, infraction: str | None) -> str | None:
    return None


@dataclass(frozen=True)
class Rubric:
    """The penalty rubric and ladder: categories, kinds, suggestions and their checks."""

    categories: tuple[str, ...]
    kinds: tuple[str, ...]
    kind_labels: Mapping[str, str]
    rubric_json: Callable[[], dict[str, Any]]
    suggest: Callable[..., Any]
    check_choice: Callable[..., Any]
    departure_note: Callable[..., str]
    find_infraction: Callable[[str, str | None], Any]
    get_category: Callable[[str], Any]
    counts_for_resignation: Callable[[str, str | None], bool]
    is_repeat_time_penalty: Callable[..., bool]
    line_label: Callable[[str, str], str]
    # (category, infraction) -> who the rules pay the points to (MCR §3.11.6.6/7)
    payees: Callable[[str, str | None], Payees] = _nobody
    # (category, infraction, kind, points, paid_to, others at the table) -> problems, each
    # with .code and .message; ZJ leaves paying opponents to the judge (§4.11)
    check_payees: Callable[..., list[Any]] = _any_payees
    # minutes after the session's end that appeals stay open; None: until the next session
    # starts (ZJ §4.3); MCR §3.12.2: 30
    appeal_minutes: int | None = None
    # who decides an appeal, and why the decision is final (ZJ §4.3; MCR §3.13.1, §3.13.3)
    appeal_judge_section: str = "§4.3"
    appeal_final_section: str = "§4.3"
    # (category, infraction) -> why the penalty must name its round (the rules count the
    # foul per hand, MCR §3.11.6.3-5), or None; ZJ asks it of time points only (§1.9)
    needs_round: Callable[[str, str | None], str | None] = _any_round
    # (category, infraction, kind) -> whether the penalty takes the offender's right to win
    # the round or hand it names (ZJ dead hand §1.8, §4.11; MCR §3.11.3): a flag of the
    # rubric's data, asked by the card before it records a winner
    loses_win: Callable[[str, str | None, str], bool] = lambda category, infraction, kind: False


@dataclass(frozen=True)
class Guide:
    """The judge's guide to irregularities and the rulebook's sections it cites."""

    guide_json: Callable[[], dict[str, Any]]
    entry: Callable[[str], Any]
    search: Callable[[str], list[Any]]
    sections_json: Callable[[], list[dict[str, str]]]
    is_section: Callable[[str], bool]
    section: Callable[[str], Any]
    # what a section number is written after ("§3.7" in Zung Jung, "MCR §3.11" in MCR)
    citation_prefix: str = "§"


def bracketed(section: str) -> str:
    """Return a citation as it follows a sentence's words, " (§3.7)"; "" cites nothing."""
    return f" ({section})" if section else ""


def _two_places(value: float) -> str:
    return f"{value:.2f}"


@dataclass(frozen=True)
class Ranking:
    """The standings: what a session's card is worth, the order, and late arrivals."""

    # one table's card totals by player into each player's standings points for the session
    # (ZJ: match points from the player's own total; MCR: table points 4/2/1/0 by place)
    table_points: Callable[[Mapping[int, int]], dict[int, float]]
    # (players' results carrying each session's table points, the event's seed) -> standings
    rank: Callable[..., list[Any]]
    # a final day: the table counts of its rounds per level, and its last table's size
    final_day_rounds: Mapping[str, tuple[int, ...]]
    grand_final_size: int
    late_arrival_deduction: float
    last_late_session: int
    late_check_in_margin: timedelta
    # why a late arrival cannot join: (joins, format code, sessions) -> a sentence or None
    late_join_problem: Callable[[int, str, int], str | None]
    # what the standings count and name their columns by: "match_points" (ZJ §3.5.2) or
    # "table_points", 4/2/1/0 by place, then contest points (MCR §3.10.1)
    points_kind: str = "match_points"
    # a standings total as pages and exports show it
    display_points: Callable[[float], str] = _two_places
    # True when the organizer draws and records lots for the last ties (MCR, our reading),
    # False when the event's recorded seed draws them (ZJ §3.3)
    draws_lots: bool = False
    # team results from (team, player number, points, raw total) of every member, or None
    # where the ruleset ranks no teams (MCR Appendix 7)
    rank_teams: Callable[[Iterable[tuple[str, int, float, int]]], list[Any]] | None = None
    # what the seating's messages cite for joining late and for a neutral substitute
    late_section: str = "§3.7"
    substitute_section: str = "§4.15"
    # the rule each way out of the event cites, by the player's status ("" cites none)
    out_sections: Mapping[str, str] = field(default_factory=lambda: {
        "withdrawn": "§4.13", "disqualified": "§4.11", "resigned": "§4.11"})
    # a player absent without an acceptable reason is out of the event
    absent_section: str = "§3.7"
    # a team's size limit, "{kind}" the event's kind, and keeping team-mates apart
    team_limit_words: str = "the §3.6 limit for {kind} events"
    team_limit_note: str = "§3.6 limit for {kind} events"
    team_apart_section: str = "§3.6"


@dataclass(frozen=True)
class CardWords:
    """How a session's scoring card speaks, and what it adds at the end of the session."""

    # one deal of the session ("round" in Zung Jung, "hand" in MCR)
    round_word: str = "round"
    # the headings of the session's four parts; empty: "Cycle 1" ... "Cycle 4"
    cycle_names: tuple[str, ...] = ()
    # the rule that ends play when the session time is over
    time_section: str = "§3.4"
    # whether the card ends with each player's table points (MCR §3.9.2), and the words
    # saying how they were found
    shows_table_points: bool = False
    table_points_note: str = ""
    # how players and organizers are told the seats change and the hands pay, where the
    # ruleset's words differ from Zung Jung's (§3.4, §2.3 and §1.9 on those pages)
    seats_note: str = ""
    payoff_note: str = ""
    # the section a penalty line's reason is asked to cite, as an example
    penalty_example: str = "§4.11"
    # the card's citations, each shown in brackets after its words ("" shows none): a deal by
    # the wrong East, a player leaving mid-session, a neutral substitute taking the seat
    deal_section: str = "§1.2.7"
    deal_errors_section: str = "§1.2.7 dealing errors"
    deal_reading: str = "our reading of §1.2.7"
    leave_section: str = "§4.11"
    substitute_section: str = "§4.15"
    substitute_reading: str = "our reading of §4.15"
    # the words for a player who leaves mid-session without being disqualified
    left_word: str = "resigned"
    # why a seat counts for nobody this session (a forfeit, MCR §3.11.2.1); "": never happens
    forfeit_note: str = ""
    # the players' own draw of their starting seats at the table
    seat_draw_section: str = "§1.2.2"
    # whether the printed card is a score sheet laid out as MCR Appendix 5 (+, − and a running
    # total per player each hand) rather than Zung Jung's Official Scoring Card
    printed_sheet: bool = False


@dataclass(frozen=True)
class Ruleset:
    """Everything a service may ask of one set of rules, grouped by what it is about."""

    code: str
    name: str
    # the event formats this ruleset offers by code, each with a name, kind and default settings
    formats: Mapping[str, Any]
    # a fresh copy of a format's default settings
    default_settings: Callable[[str], dict[str, Any]]
    # (format code, edited values) -> the settings merged over the defaults, and any problems
    validate_settings: Callable[[str, Mapping[str, Any]], tuple[dict[str, Any], list[str]]]
    scoring: Scoring
    session: SessionShape
    timing: Timing
    rubric: Rubric
    guide: Guide
    ranking: Ranking
    card: CardWords = CardWords()
    # every rule-dependent sentence, label and citation, by key (judgeaid/rules/words.py)
    words: Words = field(kw_only=True)
    # what pages, scripts and printing ask of the ruleset beyond words
    can: Capabilities = field(kw_only=True)

    def cite(self, section: str) -> str:
        """Return a section number as this ruleset cites it ("§2.3", "MCR §3.9.1.3")."""
        return f"{self.guide.citation_prefix}{section}"
