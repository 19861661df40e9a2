"""MCR as one `Ruleset`: the MCR text's answers wired to the services' questions.

Every field comes from this package (the fans, the session, the clock, the fouls, the guide,
the standings); nothing is borrowed from Zung Jung's record.
"""

from __future__ import annotations

from datetime import timedelta

from judgeaid.rules.capabilities import Capabilities, StandingsColumn
from judgeaid.rules.mcr import guide, lateness, penalties, sections, session, standings, timing
from judgeaid.rules.mcr.catalogue import MINIMUM, VERSION, catalogue_json
from judgeaid.rules.mcr.formats import FORMATS, default_settings, validate_settings
from judgeaid.rules.mcr.hand import (
    implied_label,
    recorded_lines,
    recorded_value_fits,
    score_hand,
    win_issues,
)
from judgeaid.rules.mcr.payoff import payoff, payoff_request
from judgeaid.rules.mcr.words import WORDS
from judgeaid.rules.ruleset import (
    CardWords,
    Guide,
    Ranking,
    Rubric,
    Ruleset,
    Scoring,
    SessionShape,
    Timing,
)
from judgeaid.rules.words import Words

MCR = Ruleset(
    code="mcr",
    words=Words("mcr", WORDS),
    can=Capabilities(
        mirror="mcr.js", picker="/picker/mcr", same_turn_chain=False, deal_mark=False,
        flowers=True, final_day=False, print_form="score_sheet",
        standings_columns=(StandingsColumn("table_points", "standings.points_label"),
                           StandingsColumn("contest_points", "standings.raw_label")),
        play_timers=False, medication_timeout=False, leaderboards=False,
        seat_rotation_choice=False, payoff_schemes=False, session_minutes_max=150,
        session_minutes_required=True),
    name="MCR",
    formats=FORMATS,
    default_settings=default_settings,
    validate_settings=validate_settings,
    session=SessionShape(
        rounds=session.HANDS,
        winds=session.WINDS,
        rotations=session.ROTATIONS,
        session_seats=session.session_seats,
        cycle_of=session.wind_round_of,
        hu_order=session.hu_order,
        hu_order_section=session.HU_ORDER_SECTION,
    ),
    timing=Timing(
        limits=timing.time_limits,
        round_time=timing.round_time,
        session_ms=timing.session_ms,
        # MCR has no time-outs rule and no resignation for time penalties
        timeout_charge=timing.timeout_charge,
        timeout_free_ms=timing.TIMEOUT_FREE_MS,
        time_penalty=timing.TIME_PENALTY,
        resignation_over_points=None,
        crosses_resignation=timing.crosses_resignation,
        has_play_timers=False,
        no_play_timers=timing.NO_PLAY_TIMERS,
        clock_words=timing.CLOCK_WORDS,
        # MCR §3.11.2.1 late arrival
        late_arrival=lateness.late_arrival,
        absent_after_ms=lateness.MAJOR_MS,
        timeout_penalty=lateness.LATE_PENALTY,
        late_forfeits_session=True,
    ),
    card=CardWords(
        round_word="hand",
        cycle_names=session.WIND_ROUND_NAMES,
        time_section="MCR §3.5.6",
        shows_table_points=True,
        table_points_note=("Table points 4/2/1/0 by session score (MCR §3.9.2). The text does "
                           "not say how ties split, so tied places share their points "
                           "equally (our reading)."),
        seats_note=("Seats change after every wind round of four hands, as MCR Appendix 4 "
                    "sets out; the scoring card shows where."),
        payoff_note=("Self-drawn: each other player pays 8 + the hand's value; on a discard "
                     "the discarder pays 8 + value and the other two 8 (MCR §3.9.1.3). No "
                     "turn or play timers (MCR §3.5.6 times the session)."),
        penalty_example="MCR §3.11.2",
        deal_section="our reading: the MCR text has no rule for a wrong deal",
        deal_errors_section="our reading: the MCR text has no rule for a wrong deal",
        deal_reading="our reading: the MCR text has no rule for a wrong deal",
        # MCR §3.4.7 seating by draw lots, or as the regulations arrange it beforehand
        seat_draw_section="MCR §3.4.7",
        leave_section="MCR §3.11.5",
        substitute_section="our reading",
        substitute_reading="our reading",
        left_word="left the event",
        forfeit_note=lateness.FORFEIT_NOTE,
        printed_sheet=True,
    ),
    ranking=Ranking(
        table_points=standings.table_points,
        rank=standings.rank,
        # MCR has no final day: the sessions' table points decide (MCR §3.10.1)
        final_day_rounds={},
        grand_final_size=0,
        # our reading: a session missed earns nothing, and nothing more is taken off
        late_arrival_deduction=0.0,
        last_late_session=standings.LAST_LATE_SESSION,
        # our reading: the check-in cut-off is the session's start (a late player is
        # charged contest points at the table, MCR §3.11)
        late_check_in_margin=timedelta(0),
        late_join_problem=standings.late_join_problem,
        points_kind="table_points",
        display_points=standings.display_table_points,
        draws_lots=True,
        rank_teams=standings.rank_teams,
        late_section="our reading: the MCR text has no rule for joining late",
        substitute_section="our reading",
        # MCR §3.11.5 disqualification; the text has no withdrawal and no resignation
        out_sections={"withdrawn": "", "disqualified": "MCR §3.11.5", "resigned": ""},
        absent_section="our reading: the MCR text has no rule for it",
        team_limit_words="the app's limit for a team (our reading: the MCR text sets none)",
        team_limit_note="the app's limit for a team; our reading: the MCR text sets none",
        # MCR §3.5.1 tables may be drawn to keep players of one country or region apart
        team_apart_section="our reading of MCR §3.5.1",
    ),
    scoring=Scoring(version=VERSION, catalogue_json=catalogue_json, score_hand=score_hand,
                    recorded_lines=recorded_lines, implied_label=implied_label,
                    recorded_value_fits=recorded_value_fits, payoff=payoff,
                    payoff_request=payoff_request, min_hand_value=MINIMUM,
                    win_issues=win_issues),
    # MCR §3.11 fouls and penalties, appeals within 30 minutes (MCR §3.12.2)
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
        line_label=penalties.line_label,
        payees=penalties.payees,
        check_payees=penalties.check_payees,
        appeal_minutes=30,
        # MCR §3.13.1 the chief referee judges appeals on the rules; §3.13.3 the Arbitration
        # Committee may not overturn that judgment (our reading: the app's decision is final)
        appeal_judge_section="MCR §3.13.1",
        appeal_final_section="our reading of MCR §3.13.3",
        needs_round=penalties.needs_round,
        loses_win=penalties.loses_win,
    ),
    guide=Guide(
        guide_json=guide.guide_json,
        entry=guide.get,
        search=guide.search,
        sections_json=sections.sections_json,
        is_section=sections.is_section,
        section=sections.get,
        citation_prefix="MCR §",
    ),
)
