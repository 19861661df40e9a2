"""Zung Jung v3.3 as one `Ruleset`: the rulebook's answers wired to the services' questions.

Each capability is a small class of this package's functions, satisfying the Protocol of
judgeaid/rules/ruleset.py of the same name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from judgeaid.rules.capabilities import Capabilities, StandingsColumn
from judgeaid.rules.ruleset import ClockPenalty, HandFoul, Payees, Ruleset, TimeLimits
from judgeaid.rules.words import Words
from judgeaid.rules.zj import (
    brackets,
    irregularities,
    leaderboard,
    penalties,
    rotation,
    sections,
    standings,
    timing,
)
from judgeaid.rules.zj.catalogue import CHICKEN_VALUE, VERSION, catalogue_json
from judgeaid.rules.zj.formats import FORMATS, ROTATIONS, default_settings, validate_settings
from judgeaid.rules.zj.hand import implied_label, recorded_lines, recorded_value_fits, score_hand
from judgeaid.rules.zj.payoff import payoff, payoff_request
from judgeaid.rules.zj.words import WORDS

# The rubric's lines a clock prices: §1.9 play time, §4.14 time-outs and late arrival
TIME_PENALTY = ClockPenalty("special", "time_violation",
                            "Counted by the play timer: 5 points for each started 15 s over a "
                            "limit (§1.9).")
TIMEOUT_PENALTY = ClockPenalty("special", "timeout_or_late",
                               "5 points for each started 30 s beyond the free time (§4.14).")


def time_limits(format_code: str, settings: Mapping[str, Any], *,
                is_stalling_clock: bool = False) -> TimeLimits:
    """Return the play time limits an event's format and settings set (§1.9)."""
    fmt = FORMATS.get(format_code)
    kind = fmt.kind if fmt else ("competitive" if settings.get("round_bank_seconds")
                                 else "casual")
    return timing.event_limits(kind, settings, is_on_stalling_clock=is_stalling_clock)


def session_ms(settings: Mapping[str, Any], *, stage: str, bracket_size: int | None
               ) -> int | None:
    """Return a session's length from the event's settings; None when play is untimed."""
    # §3.5.3 the Grand Final is the final day's table of four
    is_grand_final = stage == "final" and bracket_size == brackets.GRAND_FINAL_SIZE
    return timing.session_ms(settings.get("session_minutes"), is_grand_final=is_grand_final)


def line_label(category: str, infraction: str) -> str:
    """Return a rubric line's words for a card's penalty line: category, then infraction."""
    example = penalties.find_infraction(category, infraction)
    return f"{penalties.get_category(category).title}: {example.label if example else infraction}"


def table_points(totals: Mapping[int, int]) -> dict[int, float]:
    """Return each player's match points for a session from their own card total (§3.5.2)."""
    return {player: standings.match_points(raw) for player, raw in totals.items()}


def late_join_problem(joins: int, format_code: str, sessions: int) -> str | None:
    """Explain why a late arrival cannot join at session `joins`, or return None (§3.7)."""
    fmt = FORMATS.get(format_code)
    is_competitive = fmt is not None and fmt.kind == "competitive"
    # §3.7 a competitive event's pardon covers its preliminary sessions only
    return standings.late_join_problem(joins, sessions if is_competitive else None)


def win_issues(patterns: Mapping[str, int], win: str | None) -> Sequence[Any]:
    """Return no issues: no Zung Jung pattern fixes how the hand was won."""
    return ()


class Scoring:
    """Zung Jung's patterns, hand values and payoff (ZJM ch. 2)."""

    version = VERSION
    min_hand_value = CHICKEN_VALUE
    catalogue_json = staticmethod(catalogue_json)
    score_hand = staticmethod(score_hand)
    recorded_lines = staticmethod(recorded_lines)
    implied_label = staticmethod(implied_label)
    recorded_value_fits = staticmethod(recorded_value_fits)
    payoff = staticmethod(payoff)
    payoff_request = staticmethod(payoff_request)
    win_issues = staticmethod(win_issues)


class SessionShape:
    """A session of 4 cycles of 4 rounds, seats moving between cycles (§3.4)."""

    rounds = rotation.ROUNDS
    winds = rotation.WINDS
    rotations = ROTATIONS
    session_seats = staticmethod(rotation.session_seats)
    cycle_of = staticmethod(rotation.cycle_of)
    hu_order = None
    hu_order_section = ""


class Timing:
    """Play timers (§1.9), session length (§3.4), time-outs and late arrival (§4.14)."""

    has_play_timers = True
    # the clock prices time itself (§1.9): no judge's clock, no late-call tap
    judge_clock = False
    late_call = None
    deal_turn_s = None
    times_play = True
    timeout_free_ms = timing.SESSION_TIMEOUT_FREE_S * 1000
    absent_after_ms = timing.ABSENT_AFTER_S * 1000
    resignation_over_points = timing.RESIGNATION_OVER_POINTS
    time_penalty = TIME_PENALTY
    timeout_penalty = TIMEOUT_PENALTY
    resignation_sections = ("1.9", "4.11")
    # §4.14 a player late beyond the limit may be ruled absent by the judge
    late_forfeits_session = False
    limits = staticmethod(time_limits)
    round_time = staticmethod(timing.round_time)
    session_ms = staticmethod(session_ms)
    timeout_charge = staticmethod(timing.timeout_charge)
    late_arrival = staticmethod(timing.late_arrival)
    crosses_resignation = staticmethod(timing.crosses_resignation)


def payees(category: str, infraction: str | None) -> Payees:
    """Return nobody: penalty points go to no one unless the judge rules otherwise (§4.11)."""
    return Payees()


def check_payees(category: str, infraction: str | None, kind: str, points: int,
                 paid_to: Mapping[int, int] | None, others: int) -> list[Any]:
    """Return no problems: paying opponents is left to the judge (§4.11)."""
    return []


def needs_round(category: str, infraction: str | None) -> str | None:
    """Return None: no penalty has to name its round (time points name theirs, §1.9)."""
    return None


class Rubric:
    """The penalty rubric and ladder of chapter 4 and Appendix A."""

    categories = penalties.CATEGORY_IDS
    kinds = penalties.PENALTY_KINDS
    kind_labels = penalties.KIND_LABELS
    # §4.3 appeals stay open until the next session starts
    appeal_minutes = None
    # the fouls of one round the card's round form offers (§1.4.6 false win, §1.8 dead hands)
    hand_fouls = (HandFoul("false_hu", "special", ("false_win",)),
                  HandFoul("dead_hand", "special", ("dead_hand",)),
                  HandFoul("tile_count", "special", ("long_short_hand",)))
    rubric_json = staticmethod(penalties.rubric_json)
    suggest = staticmethod(penalties.suggest_penalty)
    check_choice = staticmethod(penalties.check_choice)
    departure_note = staticmethod(penalties.departure_note)
    find_infraction = staticmethod(penalties.find_infraction)
    get_category = staticmethod(penalties.get_category)
    counts_for_resignation = staticmethod(penalties.counts_for_resignation)
    is_repeat_time_penalty = staticmethod(penalties.is_repeat_time_penalty)
    line_label = staticmethod(line_label)
    payees = staticmethod(payees)
    check_payees = staticmethod(check_payees)
    needs_round = staticmethod(needs_round)
    loses_win = staticmethod(penalties.loses_win)


class Guide:
    """The judge's guide to irregularities and the rulebook's sections."""

    guide_json = staticmethod(irregularities.guide_json)
    entry = staticmethod(irregularities.get)
    search = staticmethod(irregularities.search)
    sections_json = staticmethod(sections.sections_json)
    is_section = staticmethod(sections.is_section)
    section = staticmethod(sections.get)


def rank_teams(members: Iterable[tuple[str, int, float, int]]) -> list[Any]:
    """Return no team results: Zung Jung ranks players only."""
    return []


class Ranking:
    """Match points (§3.5.2), the order (§3.3), late arrival (§3.7) and the final day (§3.5.3)."""

    final_day_rounds = brackets.FINAL_DAY_ROUNDS
    grand_final_size = brackets.GRAND_FINAL_SIZE
    final_day = brackets
    late_arrival_deduction = standings.LATE_ARRIVAL_DEDUCTION
    last_late_session = standings.LAST_LATE_SESSION
    late_check_in_margin = standings.LATE_CHECK_IN_MARGIN
    # §3.3 the event's recorded seed draws the last ties
    draws_lots = False
    ranks_teams = False
    # §3.6 at most 4 team-mates at casual events, 8 at competitive ones
    team_limits = {"casual": 4, "competitive": 8}
    table_points = staticmethod(table_points)
    rank = staticmethod(standings.rank)
    late_join_problem = staticmethod(late_join_problem)
    display_points = staticmethod(standings.display_match_points)
    rank_teams = staticmethod(rank_teams)


ZJ = Ruleset(
    code="zj",
    name="Zung Jung",
    words=Words("zj", WORDS),
    can=Capabilities(
        mirror="zj.js", picker="/picker", same_turn_chain=True, deal_mark=True,
        flowers=False, final_day=True, print_form="official_card",
        standings_columns=(StandingsColumn("match_points", "standings.points_label"),
                           StandingsColumn("raw", "standings.raw_label")),
        play_timers=True, medication_timeout=True, leaderboards=True,
        seat_rotation_choice=True, payoff_schemes=True, session_minutes_max=300,
        session_minutes_required=False),
    formats=FORMATS,
    default_format="csom",
    default_settings=default_settings,
    validate_settings=validate_settings,
    scoring=Scoring(),
    session=SessionShape(),
    timing=Timing(),
    rubric=Rubric(),
    guide=Guide(),
    ranking=Ranking(),
    # §3.5.2.1 the ZJM's leaderboards count sanctioned Zung Jung events
    leaderboards=leaderboard,
)
