"""Zung Jung v3.3 as one `Ruleset`: the rulebook's answers wired to the services' questions."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judgeaid.rules.capabilities import Capabilities, StandingsColumn
from judgeaid.rules.ruleset import (
    ClockPenalty,
    Guide,
    Ranking,
    Rubric,
    Ruleset,
    Scoring,
    SessionShape,
    TimeLimits,
    Timing,
)
from judgeaid.rules.words import Words
from judgeaid.rules.zj import irregularities, penalties, sections, timing
from judgeaid.rules.zj.catalogue import CHICKEN_VALUE, VERSION, catalogue_json
from judgeaid.rules.zj.formats import FORMATS, ROTATIONS, default_settings, validate_settings
from judgeaid.rules.zj.hand import implied_label, recorded_lines, recorded_value_fits, score_hand
from judgeaid.rules.zj.payoff import payoff, payoff_request
from judgeaid.rules.zj.words import WORDS
from judgeaid.tournament import rotation, standings
from judgeaid.tournament.brackets import FINAL_DAY_ROUNDS, GRAND_FINAL_SIZE

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
    is_grand_final = stage == "final" and bracket_size == GRAND_FINAL_SIZE
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


ZJ = Ruleset(
    code="zj",
    words=Words("zj", WORDS),
    can=Capabilities(
        mirror="zj.js", picker="/picker", same_turn_chain=True, deal_mark=True,
        flowers=False, final_day=True, print_form="official_card",
        standings_columns=(StandingsColumn("match_points", "standings.points_label"),
                           StandingsColumn("raw", "standings.raw_label")),
        play_timers=True, medication_timeout=True, leaderboards=True,
        seat_rotation_choice=True, payoff_schemes=True, session_minutes_max=300,
        session_minutes_required=False),
    name="Zung Jung",
    formats=FORMATS,
    default_settings=default_settings,
    validate_settings=validate_settings,
    scoring=Scoring(
        version=VERSION,
        catalogue_json=catalogue_json,
        score_hand=score_hand,
        recorded_lines=recorded_lines,
        implied_label=implied_label,
        recorded_value_fits=recorded_value_fits,
        payoff=payoff,
        payoff_request=payoff_request,
        min_hand_value=CHICKEN_VALUE,
    ),
    session=SessionShape(
        rounds=rotation.ROUNDS,
        winds=rotation.WINDS,
        rotations=ROTATIONS,
        session_seats=rotation.session_seats,
        cycle_of=rotation.cycle_of,
    ),
    timing=Timing(
        limits=time_limits,
        round_time=timing.round_time,
        session_ms=session_ms,
        timeout_charge=timing.timeout_charge,
        late_arrival=timing.late_arrival,
        timeout_free_ms=timing.SESSION_TIMEOUT_FREE_S * 1000,
        absent_after_ms=timing.ABSENT_AFTER_S * 1000,
        resignation_over_points=timing.RESIGNATION_OVER_POINTS,
        crosses_resignation=timing.crosses_resignation,
        time_penalty=TIME_PENALTY,
        timeout_penalty=TIMEOUT_PENALTY,
    ),
    rubric=Rubric(
        categories=penalties.CATEGORY_IDS,
        kinds=penalties.PENALTY_KINDS,
        kind_labels=penalties.KIND_LABELS,
        rubric_json=penalties.rubric_json,
        suggest=penalties.suggest_penalty,
        check_choice=penalties.check_choice,
        departure_note=penalties.departure_note,
        find_infraction=penalties.find_infraction,
        get_category=penalties.get_category,
        counts_for_resignation=penalties.counts_for_resignation,
        is_repeat_time_penalty=penalties.is_repeat_time_penalty,
        line_label=line_label,
        loses_win=penalties.loses_win,
    ),
    guide=Guide(
        guide_json=irregularities.guide_json,
        entry=irregularities.get,
        search=irregularities.search,
        sections_json=sections.sections_json,
        is_section=sections.is_section,
        section=sections.get,
    ),
    ranking=Ranking(
        table_points=table_points,
        rank=standings.rank,
        final_day_rounds=FINAL_DAY_ROUNDS,
        grand_final_size=GRAND_FINAL_SIZE,
        late_arrival_deduction=standings.LATE_ARRIVAL_DEDUCTION,
        last_late_session=standings.LAST_LATE_SESSION,
        late_check_in_margin=standings.LATE_CHECK_IN_MARGIN,
        late_join_problem=late_join_problem,
        points_kind="match_points",
        display_points=standings.display_match_points,
        draws_lots=False,
        rank_teams=None,
    ),
)
