"""Zung Jung's text table: every key of judgeaid/rules/words.py in ZJM's words (§ citations)."""

WORDS: dict[str, str] = {
    # --- the ruleset itself ---------------------------------------------------------------
    "ruleset.name": "Zung Jung",
    "ruleset.rulebook": "ZJM",
    # --- the scoring card ----------------------------------------------------------------
    "card.hand_word": "round",
    "card.hand_word_plural": "rounds",
    "card.hand_word_title": "Round",
    "card.pattern_word": "pattern",
    "card.pattern_word_plural": "patterns",
    "card.picker_name": "Pattern picker",
    # --- the standings -------------------------------------------------------------------
    "standings.points_label": "Match points",
    "standings.raw_label": "Raw score",
    # --- services, standings, print and exports (issue 25, part A) ---
    # (keys of this part go below this line)
    "ruleset.cite": "§{section}",
    "card.cycle_1": "Cycle 1",
    "card.cycle_2": "Cycle 2",
    "card.cycle_3": "Cycle 3",
    "card.cycle_4": "Cycle 4",
    "card.time_cite": "§3.4",
    "card.table_points_note": "",
    "card.seats_note": "",
    "card.payoff_note": "",
    "card.penalty_example": "§4.11",
    "card.deal_cite": "§1.2.7",
    "card.deal_errors_cite": "§1.2.7 dealing errors",
    "card.deal_reading": "our reading of §1.2.7",
    "card.deal_refused": "{problem} (§1.2.7)",
    "card.leave_cite": "§4.11",
    "card.substitute_cite": "§4.15",
    "card.substitute_reading": "our reading of §4.15",
    "card.left_word": "resigned",
    "card.forfeit_note": "",
    "card.seat_draw_cite": "§1.2.2",
    "timers.none": "This event has no turn or play timers.",
    "clock.section": "§3.4.1.2, §3.4.2.2",
    "clock.ended": "Session over: stop play (§3.4.1.2, §3.4.2.2)",
    "clock.over": "Time! Stop play now (§3.4.1.2, §3.4.2.2)",
    "clock.warn15": "Less than 15 minutes left (reminder)",
    "clock.warn5": "Less than 5 minutes left (reminder)",
    "clock.untimed": "No time limit (Grand Final, §3.4.2.2): all 16 rounds are played",
    "clock.about": ("Warnings show at 15 and 5 minutes left: a convenience of this app, not a rule "
                    "(§3.4.1.2 and §3.4.2.2 set only the session length)."),
    "standings.points_short": "MP",
    "standings.raw_words": "raw",
    "standings.late_cite": "§3.7",
    "standings.late_reading": "our reading of §3.7",
    "standings.absent_cite": "§3.7",
    "standings.substitute_cite": "§4.15",
    "standings.seed_draw_cite": "§3.3",
    "final_day.not_a_bracket": ("The final-day settings ({advance} advance, rounds {rounds}) are "
                                "not a §3.3.2 bracket: use {choices}."),
    "final_day.cut_cite": "§3.3.2.1",
    "final_day.ranking_cite": "§3.5.1",
    "final_day.filler_cite": "§4.15",
    "final_day.filler_reading": "our reading of §4.15",
    "final_day.untimed_cite": "§3.4.2.2",
    "timers.time_cite": "§1.9",
    "timers.bank_cite": "§1.9.2",
    "timers.resign_cite": "§1.9, §4.11",
    "timers.out_cite": "§4.11",
    "standings.missed_capped": ("Player {player} is marked as joining at session {joins}; §3.7 "
                                "pardons at most two missed sessions, so only two are deducted."),
    "out.withdrawn": "withdrew (§4.13)",
    "out.disqualified": "disqualified (§4.11)",
    "out.resigned": "resigned: out of the event",
    "out.withdrawn_you": "You withdrew from the event (§4.13)",
    "out.disqualified_you": "You are disqualified (§4.11)",
    "out.resigned_you": "You are out of the event: resignation (§4.11)",
    "players.team_full": ("Team {team} already has {limit} players, the §3.6 limit for {kind} "
                          "events."),
    "players.csv_team_over": ("Team {team} would have more than {limit} players (§3.6 limit for "
                              "{kind} events)."),
    "seating.team_apart_cite": "§3.6",
    "appeals.judge_only": "Only the head judge decides appeals (§4.3).",
    "appeals.final": "This appeal is already decided; the head judge's decision is final (§4.3).",
    "appeals.cite": "§4.3",
    "timeouts.cite": "§4.14",
    "rulings.book": "ZJM",
    "ruleset.label": "Zung Jung (ZJM v2.1)",
    "organizer.format_legend": "Format (§3.1)",
    "print.kicker": "Official Scoring Card",
    "print.round_short": "Rd",
    "print.penalties_cite": "§4.11",
    "print.signatures_note": "(§4.9)",
    "print.scheme_formal": "formal payoff (§2.3)",
    "print.scheme_uniform": "uniform payoff",
    "print.rotation_standard": "seats change each cycle (§3.4)",
    "print.rotation_league": "seats fixed (§3.4.1.1)",
    "paper.time_penalty_round": ("A time-limit penalty needs its round: time points count round "
                                 "by round (§1.9)."),

    # --- pages: templates (issue 25, part B) ---
    # (keys of this part go below this line)

    # --- scripts: js.* keys the browser draws (issue 25, part C) ---
    # (keys of this part go below this line)

    # --- MCR to the letter: implied fans, win type, right to win (issue 26) ---
    # (keys of this part go below this line)

    # --- a hostile hall: sign-in, call-ups, names (issue 28) ---
    # (keys of this part go below this line)

}
