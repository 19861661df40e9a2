"""The one face a ruleset shows the services: its capabilities, each stated as a Protocol.

A ruleset is a package under judgeaid/rules/ (judgeaid/rules/zj is Zung Jung) that builds
one `Ruleset`; judgeaid/rules/__init__.py registers it by its code, the value a tournament
stores in `Tournament.ruleset`. Services ask `get_ruleset(tournament.ruleset)` for every
number, table and count a rulebook sets, and name none themselves.

Each capability (`Scoring`, `SessionShape`, `Timing`, `Rubric`, `Guide`, `Ranking`,
`FinalDay`) is a `typing.Protocol`: every attribute and method a service may use, with its
signature and what it answers. A ruleset package supplies an object satisfying each (a small
class of its own functions); `register` checks that nothing is missing. Every sentence,
label and citation that depends on the rules is a key of the ruleset's words table
(judgeaid/rules/words.py), never an attribute here, so no ruleset inherits another's words.
Results a ruleset builds itself (a hand's score, a suggestion, a guide entry) are its own
records and typed `Any` here; each method's docstring names what it holds.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from types import ModuleType
from typing import Any, Literal, Protocol, runtime_checkable

from judgeaid.rules.capabilities import Capabilities
from judgeaid.rules.words import Words
from judgeaid.tournament.rotation import RoundSeats
from judgeaid.tournament.standings import PlayerResult, Standing


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
    """Who receives a penalty's points: nobody, the same share to each other player, or the
    one offended player."""

    each: int = 0
    offended: bool = False


class Payout(Protocol):
    """A win split by seat wind: what each wind gains or loses, and who is responsible."""

    @property
    def deltas(self) -> Mapping[str, int]:
        """Return each seat wind's gain (positive) or loss (negative)."""
        ...

    @property
    def responsible(self) -> str | None:
        """Return the seat wind held responsible for the win, if any."""
        ...


@runtime_checkable
class Scoring(Protocol):
    """A hand's worth: the pattern catalogue, a hand's value, who pays whom.

    `score_hand`, `recorded_value_fits` and `payoff_request` raise MalformedHand or
    MalformedPayoff for input they cannot read; `payoff` raises MalformedPayoff.
    """

    version: str
    min_hand_value: int

    def catalogue_json(self) -> dict[str, Any]:
        """Return the pattern catalogue as the picker and the card load it."""
        ...

    def score_hand(self, patterns: Mapping[str, int]) -> Any:
        """Return the ruleset's score of a hand (its value, lines and issues) from ticked ids."""
        ...

    def recorded_lines(self, patterns: Mapping[str, int] | None, value: int | None
                       ) -> Sequence[Any]:
        """Return a recorded round's pattern lines as the card shows them."""
        ...

    def implied_label(self, line: Any) -> str:
        """Return the words for a pattern line that another one includes."""
        ...

    def recorded_value_fits(self, patterns: Mapping[str, int], value: int) -> bool:
        """Return True when a backup's ticked patterns make its recorded value."""
        ...

    def payoff(self, value: int | None, win: str, winner: str | None,
               discarder: str | None = None, same_turn: Sequence[str] | None = None,
               scheme: str = "formal") -> Payout:
        """Split a win of `value` by seat wind: self-drawn or on `discarder`'s discard."""
        ...

    def payoff_request(self, request: Mapping[str, Any]) -> Payout:
        """Split the win a JSON request describes (the payoff API's body)."""
        ...

    def win_issues(self, patterns: Mapping[str, int], win: str | None) -> Sequence[Any]:
        """Return the issues (each with .message) of patterns that fix the other win type."""
        ...


@runtime_checkable
class SessionShape(Protocol):
    """A session's structure: its rounds, the winds and how the seats rotate."""

    rounds: int
    winds: tuple[str, ...]
    rotations: tuple[str, ...]
    # several players call Hu on one discard: the seat winds in the order their claims win,
    # from the discarder's seat wind, and the section to cite; None: the ruleset has no order
    hu_order: Callable[[str], tuple[str, ...]] | None
    hu_order_section: str

    def session_seats(self, starting: Mapping[str, int], rotation: str) -> Sequence[RoundSeats]:
        """Return every round's seats and seat winds from the starting seats."""
        ...

    def cycle_of(self, round_no: int) -> int:
        """Return which wind cycle (a turn of the dealer round the table) a round falls in."""
        ...


@runtime_checkable
class Timing(Protocol):
    """Play time limits, session length, time-outs, late arrival and time resignation."""

    # False: no clock-priced time penalties (MCR prices none; see `judge_clock`)
    has_play_timers: bool
    # True: the play timer times turns against the ruleset's limits but charges nothing; a
    # passed limit offers `time_penalty`'s foul priced by the rubric, the judge confirms
    judge_clock: bool
    # the foul one tap records for a call too late to time by tapping; None: no such tap
    late_call: ClockPenalty | None
    # a judge's clock: the limit of the turn that starts at the deal (the dealer's start)
    deal_turn_s: int | None
    # whether a judge may time a player's turns (a priced clock or a judge's one)
    times_play: bool
    timeout_free_ms: int
    absent_after_ms: int
    # None: the ruleset has no resignation for time penalties
    resignation_over_points: int | None
    time_penalty: ClockPenalty
    timeout_penalty: ClockPenalty
    # the sections a ruling resigning a player for time points cites (ids of `Guide.section`)
    resignation_sections: tuple[str, ...]
    # True: arriving later than `absent_after_ms` forfeits the session by itself, the player
    # back for the next one; False: the judge may rule the player absent
    late_forfeits_session: bool

    def limits(self, format_code: str, settings: Mapping[str, Any], *,
               is_stalling_clock: bool = False) -> TimeLimits:
        """Return the play time limits an event's format and settings set."""
        ...

    def round_time(self, turns: Sequence[Any], limits: TimeLimits, dealt_at_ms: int,
                   now_ms: int | None = None) -> Any:
        """Return a round's play time per player and the time points it has cost."""
        ...

    def session_ms(self, settings: Mapping[str, Any], *, stage: str, bracket_size: int | None
                   ) -> int | None:
        """Return a session's length from the event's settings; None when play is untimed."""
        ...

    def timeout_charge(self, previous_total_ms: int, duration_ms: int, *,
                       is_medication: bool = False) -> Any:
        """Return what a time-out costs after the session's earlier ones (a TimeoutCharge)."""
        ...

    def late_arrival(self, late_ms: int) -> Any:
        """Return what arriving `late_ms` late costs the player."""
        ...

    def crosses_resignation(self, points_before: int, points_added: int) -> bool:
        """Return True when adding time points crosses the resignation limit."""
        ...


@dataclass(frozen=True)
class HandFoul:
    """A foul that belongs to one hand, offered on the card's hand form with the player and
    the hand filled in (issue 27): False Hu, a dead hand or loss of the right to win, a wrong
    tile count. `id` names its words (js.card.foul_<id>, js.card.foul_<id>_cite); the rubric
    lines it may be are `infractions` of `category`, the usual one first."""

    id: Literal["false_hu", "dead_hand", "tile_count"]
    category: str
    infractions: tuple[str, ...]


@runtime_checkable
class Rubric(Protocol):
    """The penalty rubric and ladder: categories, kinds, suggestions and their checks."""

    categories: tuple[str, ...]
    kinds: tuple[str, ...]
    kind_labels: Mapping[str, str]
    # minutes after the session's end that appeals stay open; None: until the next session
    appeal_minutes: int | None
    # the fouls the card's hand form offers, priced by this rubric (none: the form offers none)
    hand_fouls: tuple[HandFoul, ...]

    def rubric_json(self) -> dict[str, Any]:
        """Return the rubric as the penalty form loads it."""
        ...

    def suggest(self, category: str, infraction: str | None,
                history: Sequence[PriorPenalty] = (), policy: RepeatPolicy = RepeatPolicy(),
                *, session: int | None = None, round: int | None = None) -> Any:
        """Return the suggested penalty for an infraction given the player's earlier ones."""
        ...

    def check_choice(self, category: str, chosen_kind: str, chosen_points: int, *,
                     infraction: str | None = None, occurrence: int = 1, reason: str = ""
                     ) -> list[Any]:
        """Return the problems (each with .code and .message) of a judge's chosen penalty."""
        ...

    def departure_note(self, suggested_kind: str, suggested_points: int, reason: str) -> str:
        """Return the note recording that the judge departed from the suggestion."""
        ...

    def find_infraction(self, category: str, infraction: str | None) -> Any:
        """Return a category's infraction by id, or None."""
        ...

    def get_category(self, category: str) -> Any:
        """Return a rubric category by id, or raise KeyError."""
        ...

    def counts_for_resignation(self, category: str, infraction: str | None) -> bool:
        """Return True when a penalty's points count towards resignation for time."""
        ...

    def is_repeat_time_penalty(self, new: PriorPenalty, earlier: PriorPenalty) -> bool:
        """Return True when `earlier` makes `new` a repeated time penalty."""
        ...

    def line_label(self, category: str, infraction: str) -> str:
        """Return a rubric line's words for a card's penalty line."""
        ...

    def payees(self, category: str, infraction: str | None) -> Payees:
        """Return who the rules pay a penalty's points to."""
        ...

    def check_payees(self, category: str, infraction: str | None, kind: str, points: int,
                     paid_to: Mapping[int, int] | None, others: int) -> list[Any]:
        """Return the problems (each with .code and .message) of a penalty's payees."""
        ...

    def needs_round(self, category: str, infraction: str | None) -> str | None:
        """Return why the penalty must name its round, or None when it need not."""
        ...

    def loses_win(self, category: str, infraction: str | None, kind: str) -> bool:
        """Return True when the penalty takes the offender's right to win the round it names."""
        ...


@runtime_checkable
class Guide(Protocol):
    """The judge's guide to irregularities and the rulebook's sections it cites."""

    def guide_json(self) -> dict[str, Any]:
        """Return the whole guide as the judge's page loads it."""
        ...

    def entry(self, entry_id: str) -> Any:
        """Return a guide entry by id, or raise KeyError."""
        ...

    def search(self, query: str) -> list[Any]:
        """Return the guide entries matching a query, best first."""
        ...

    def sections_json(self, *, citation: bool = False) -> list[dict[str, str]]:
        """Return the rulebook's sections (id, title and, if asked, citation)."""
        ...

    def is_section(self, section_id: str) -> bool:
        """Return True when a section id is one of the rulebook's."""
        ...

    def section(self, section_id: str) -> Any:
        """Return a section (with .title and .citation) by id, or raise KeyError."""
        ...


@runtime_checkable
class FinalDay(Protocol):
    """A competitive event's final day: the cut, seed tables, elimination and final places."""

    def cut(self, standings: Sequence[Standing], size: int) -> Any:
        """Split the preliminary standings into the top `size` players and the rest (a Cut)."""
        ...

    def seed_tables(self, players_by_day1_rank: Sequence[int]) -> list[list[int]]:
        """Seat players, listed best preliminary rank first, at the seed tables."""
        ...

    def reseed(self, survivors: Iterable[int], day1_rank: Mapping[int, int]
               ) -> list[list[int]]:
        """Seat a round's survivors for the next round."""
        ...

    def eliminate(self, tables: Sequence[Sequence[int]], session_raw: Mapping[int, int],
                  day1_mp: Mapping[int, float], seed: int,
                  stand_ins: Mapping[int, int] | None = None, out: Collection[int] = ()
                  ) -> Any:
        """Rank a finished final-day round and send the bottom half out (a RoundResult)."""
        ...

    def final_ranking(self, day1: Sequence[Standing], rounds: Sequence[Any],
                      grand_final_raw: Mapping[int, int], seed: int,
                      grand_final_stand_ins: Mapping[int, int] | None = None,
                      grand_final_out: Collection[int] = ()) -> list[Any]:
        """Rank a finished event: the last table first, then bracket by bracket."""
        ...


@runtime_checkable
class Ranking(Protocol):
    """The standings: what a session's card is worth, the order, and late arrivals."""

    # a final day: the table counts of its rounds per level, and its last table's size
    final_day_rounds: Mapping[str, tuple[int, ...]]
    grand_final_size: int
    # the final day's cut and brackets; None where the ruleset has no final day
    final_day: FinalDay | None
    late_arrival_deduction: float
    last_late_session: int
    late_check_in_margin: timedelta
    # True when the organizer draws and records lots for the last ties; False when the
    # event's recorded seed draws them
    draws_lots: bool
    # True when the ruleset ranks teams (`rank_teams`)
    ranks_teams: bool
    # the most team-mates an event of each kind ("casual", "competitive") may register
    team_limits: Mapping[str, int]

    def table_points(self, totals: Mapping[int, int]) -> dict[int, float]:
        """Return each player's standings points for a session from one table's card totals."""
        ...

    def rank(self, entries: Sequence[PlayerResult], seed: int) -> list[Standing]:
        """Return the standings from every player's results and the event's seed."""
        ...

    def late_join_problem(self, joins: int, format_code: str, sessions: int) -> str | None:
        """Explain why a late arrival cannot join at session `joins`, or return None."""
        ...

    def display_points(self, value: float) -> str:
        """Return a standings total as pages and exports show it."""
        ...

    def rank_teams(self, members: Iterable[tuple[str, int, float, int]]) -> list[Any]:
        """Return team results from (team, player number, points, raw total) of each member."""
        ...


CAPABILITIES: dict[str, type] = {"scoring": Scoring, "session": SessionShape,
                                 "timing": Timing, "rubric": Rubric, "guide": Guide,
                                 "ranking": Ranking}


def protocol_members(protocol: type) -> list[str]:
    """Return the attributes and methods a capability Protocol asks for, in order."""
    names = list(protocol.__dict__.get("__annotations__", {}))
    names += [name for name, value in protocol.__dict__.items()
              if callable(value) and not name.startswith("_")]
    return names


def missing_capabilities(ruleset: Ruleset) -> list[str]:
    """Return "capability.member" for everything a ruleset's capabilities lack, and for every
    method that cannot take the call its Protocol states (arguments by the Protocol's names)."""
    parts = [(part, getattr(ruleset, part), protocol) for part, protocol in CAPABILITIES.items()]
    final_day = getattr(ruleset.ranking, "final_day", None)
    if final_day is not None:
        parts.append(("ranking.final_day", final_day, FinalDay))
    problems = []
    for part, supplied, protocol in parts:
        for name in protocol_members(protocol):
            if not hasattr(supplied, name):
                problems.append(f"{part}.{name}")
            elif callable(stated := protocol.__dict__.get(name)) and not _takes_call(
                    getattr(supplied, name), stated):
                problems.append(f"{part}.{name}{inspect.signature(stated)}")
    return problems


def _takes_call(method: Callable[..., Any], stated: Callable[..., Any]) -> bool:
    """Return True when `method` accepts every argument the Protocol's method names."""
    args, kwargs = [], {}
    for parameter in list(inspect.signature(stated).parameters.values())[1:]:
        if parameter.kind is parameter.KEYWORD_ONLY:
            kwargs[parameter.name] = None
        elif parameter.kind is not parameter.VAR_KEYWORD:
            args.append(None)
    try:
        inspect.signature(method).bind(*args, **kwargs)
    except TypeError:
        return False
    return True


def bracketed(section: str) -> str:
    """Return a citation as it follows a sentence's words, " (§3.7)"; "" cites nothing."""
    return f" ({section})" if section else ""


@dataclass(frozen=True)
class Ruleset:
    """Everything a service may ask of one set of rules, grouped by what it is about."""

    code: str
    name: str
    # the event formats this ruleset offers by code, each with a name, kind and default settings
    formats: Mapping[str, Any]
    # the format a new event starts with (a key of `formats`)
    default_format: str = field(kw_only=True)
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
    # every rule-dependent sentence, label and citation, by key (judgeaid/rules/words.py)
    words: Words = field(kw_only=True)
    # what pages, scripts and printing ask of the ruleset beyond words
    can: Capabilities = field(kw_only=True)
    # the cross-event leaderboards its events count on (judgeaid/rules/zj/leaderboard.py for
    # the ZJM's), or None: its events count on none
    leaderboards: ModuleType | None = field(default=None, kw_only=True)

    def cite(self, section: str) -> str:
        """Return a section number as this ruleset cites it ("§2.3", "MCR §3.9.1.3")."""
        return self.words.format("ruleset.cite", section=section)
