"""MCR as one `Ruleset`: the MCR text's answers wired to the services' questions.

Every capability comes from this package (the fans, the session, the clock, the fouls, the
guide, the standings), each a small class satisfying the Protocol of judgeaid/rules/ruleset.py
of the same name; nothing is borrowed from Zung Jung's.
"""

from __future__ import annotations

from datetime import timedelta

from judgeaid.rules.capabilities import Capabilities, PatternAward, StandingsColumn
from judgeaid.rules.mcr import guide, lateness, penalties, sections, session, standings, timing
from judgeaid.rules.mcr.catalogue import CHICKEN, FANS, MINIMUM, VERSION, catalogue_json
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
from judgeaid.rules.ruleset import HandFoul, Ruleset
from judgeaid.rules.words import Words


class Scoring:
    """MCR's 81 fans, the 8-point minimum and 8 + value payoff (MCR §3.9)."""

    version = VERSION
    min_hand_value = MINIMUM
    catalogue_json = staticmethod(catalogue_json)
    score_hand = staticmethod(score_hand)
    recorded_lines = staticmethod(recorded_lines)
    implied_label = staticmethod(implied_label)
    recorded_value_fits = staticmethod(recorded_value_fits)
    payoff = staticmethod(payoff)
    payoff_request = staticmethod(payoff_request)
    win_issues = staticmethod(win_issues)


class SessionShape:
    """Four wind rounds of four hands, seats moving as MCR Appendix 4 sets out."""

    rounds = session.HANDS
    winds = session.WINDS
    rotations = session.ROTATIONS
    session_seats = staticmethod(session.session_seats)
    cycle_of = staticmethod(session.wind_round_of)
    hu_order = staticmethod(session.hu_order)
    hu_order_section = session.HU_ORDER_SECTION


class Timing:
    """The session clock only (MCR §3.5.6) and late arrival (MCR §3.11.2.1)."""

    # MCR times the session, not the players
    has_play_timers = False
    # MCR §3.6.4, §3.5.7 item 6: a judge's clock that prices nothing; MCR §3.11.6.5 late call
    judge_clock = True
    late_call = timing.LATE_CALL
    deal_turn_s = timing.DEAL_START_S
    times_play = True
    timeout_free_ms = timing.TIMEOUT_FREE_MS
    absent_after_ms = lateness.MAJOR_MS
    # no resignation for time penalties
    resignation_over_points = None
    resignation_sections: tuple[str, ...] = ()
    time_penalty = timing.TIME_PENALTY
    timeout_penalty = lateness.LATE_PENALTY
    # MCR §3.11.2.1 more than 15 minutes late forfeits the session
    late_forfeits_session = True
    limits = staticmethod(timing.time_limits)
    round_time = staticmethod(timing.round_time)
    session_ms = staticmethod(timing.session_ms)
    timeout_charge = staticmethod(timing.timeout_charge)
    late_arrival = staticmethod(lateness.late_arrival)
    crosses_resignation = staticmethod(timing.crosses_resignation)


class Rubric:
    """MCR §3.11 fouls and penalties; appeals within 30 minutes (MCR §3.12.2)."""

    categories = penalties.CATEGORY_IDS
    kinds = penalties.PENALTY_KINDS
    kind_labels = penalties.KIND_LABELS
    appeal_minutes = 30
    # the fouls of one hand the card's hand form offers: False Hu (§3.11.6.6), the loss of
    # the right to win (§3.11.3), a wrong tile count (§3.11.6.8)
    hand_fouls = (HandFoul("false_hu", "false_hu",
                           ("below_minimum", "erroneous_hu", "hu_tile_not_taken")),
                  HandFoul("dead_hand", "no_win",
                           ("false_meld", "wall_tile_seen", "tiles_shown_false_hu",
                            "passing_information", "claim_not_taken", "claim_then_hu",
                            "shown_before_hu", "reached_over", "tally_mixed")),
                  HandFoul("tile_count", "no_win", ("wrong_tile_count",)))
    rubric_json = staticmethod(penalties.rubric_json)
    suggest = staticmethod(penalties.suggest_penalty)
    check_choice = staticmethod(penalties.check_choice)
    departure_note = staticmethod(penalties.departure_note)
    find_infraction = staticmethod(penalties.find_infraction)
    get_category = staticmethod(penalties.get_category)
    counts_for_resignation = staticmethod(penalties.counts_for_resignation)
    is_repeat_time_penalty = staticmethod(penalties.is_repeat_time_penalty)
    line_label = staticmethod(penalties.line_label)
    payees = staticmethod(penalties.payees)
    check_payees = staticmethod(penalties.check_payees)
    needs_round = staticmethod(penalties.needs_round)
    loses_win = staticmethod(penalties.loses_win)


class Guide:
    """The judge's guide to MCR fouls and the MCR text's sections."""

    guide_json = staticmethod(guide.guide_json)
    entry = staticmethod(guide.get)
    search = staticmethod(guide.search)
    sections_json = staticmethod(sections.sections_json)
    is_section = staticmethod(sections.is_section)
    section = staticmethod(sections.get)


class Ranking:
    """Table points 4/2/1/0 (MCR §3.9.2), then contest points and a drawn lot (MCR §3.10.1)."""

    # MCR has no final day: the sessions' table points decide (MCR §3.10.1)
    final_day_rounds: dict[str, tuple[int, ...]] = {}
    grand_final_size = 0
    final_day = None
    # our reading: a session missed earns nothing, and nothing more is taken off
    late_arrival_deduction = 0.0
    last_late_session = standings.LAST_LATE_SESSION
    # our reading: the check-in cut-off is the session's start (a late player is charged
    # contest points at the table, MCR §3.11)
    late_check_in_margin = timedelta(0)
    # our reading: the organizer draws and records lots for the last ties
    draws_lots = True
    # MCR Appendix 7 team results
    ranks_teams = True
    # our reading: the MCR text sets no team limit; the app keeps 4 and 8
    team_limits = {"casual": 4, "competitive": 8}
    table_points = staticmethod(standings.table_points)
    rank = staticmethod(standings.rank)
    late_join_problem = staticmethod(standings.late_join_problem)
    display_points = staticmethod(standings.display_table_points)
    rank_teams = staticmethod(standings.rank_teams)


MCR = Ruleset(
    code="mcr",
    name="MCR",
    words=Words("mcr", WORDS),
    can=Capabilities(
        mirror="mcr.js", picker="/picker/mcr", same_turn_chain=False, deal_mark=False,
        flowers=True, final_day=False, print_form="score_sheet",
        standings_columns=(StandingsColumn("table_points", "standings.points_label"),
                           StandingsColumn("contest_points", "standings.raw_label")),
        play_timers=False, medication_timeout=False, leaderboards=False,
        seat_rotation_choice=False, payoff_schemes=False, session_minutes_max=150,
        session_minutes_required=True,
        # side prizes the MCR world gives (the Madrid suite ranks chicken hands): most
        # Chicken Hands (fan 43), most hands holding an 88-point fan
        pattern_awards=(PatternAward("most_chicken_hands", (CHICKEN,), "award.pattern_1"),
                        PatternAward("most_88_fans",
                                     tuple(fan.id for fan in FANS if fan.value == 88),
                                     "award.pattern_2")),
        ema_results=True),
    formats=FORMATS,
    default_format="mcr",
    default_settings=default_settings,
    validate_settings=validate_settings,
    scoring=Scoring(),
    session=SessionShape(),
    timing=Timing(),
    rubric=Rubric(),
    guide=Guide(),
    ranking=Ranking(),
)
