"""MCR's text table: every key of judgeaid/rules/words.py in the MCR text's words."""

WORDS: dict[str, str] = {
    # --- the ruleset itself ---------------------------------------------------------------
    "ruleset.name": "MCR",
    "ruleset.rulebook": "the MCR text",
    # --- the scoring card ----------------------------------------------------------------
    "card.hand_word": "hand",
    "card.hand_word_plural": "hands",
    "card.hand_word_title": "Hand",
    "card.pattern_word": "fan",
    "card.pattern_word_plural": "fans",
    "card.picker_name": "Fan picker",
    # --- the standings -------------------------------------------------------------------
    "standings.points_label": "Table points",
    "standings.raw_label": "Contest points",
    # --- services, standings, print and exports (issue 25, part A) ---
    # (keys of this part go below this line)
    "ruleset.cite": "MCR §{section}",
    "card.cycle_1": "East wind round",
    "card.cycle_2": "South wind round",
    "card.cycle_3": "West wind round",
    "card.cycle_4": "North wind round",
    "card.time_cite": "MCR §3.5.6",
    "card.table_points_note": ("Table points 4/2/1/0 by session score (MCR §3.9.2). The text does "
                               "not say how ties split, so tied places share their points equally "
                               "(our reading)."),
    "card.seats_note": ("Seats change after every wind round of four hands, as MCR Appendix 4 sets "
                        "out; the scoring card shows where."),
    "card.payoff_note": ("Self-drawn: each other player pays 8 + the hand's value; on a discard "
                         "the discarder pays 8 + value and the other two 8 (MCR §3.9.1.3). No turn "
                         "or play timers (MCR §3.5.6 times the session)."),
    "card.penalty_example": "MCR §3.11.2",
    "card.deal_cite": "our reading: the MCR text has no rule for a wrong deal",
    "card.deal_errors_cite": "our reading: the MCR text has no rule for a wrong deal",
    "card.deal_reading": "our reading: the MCR text has no rule for a wrong deal",
    "card.deal_refused": "{problem} (our reading: the MCR text has no rule for a wrong deal)",
    "card.leave_cite": "MCR §3.11.5",
    "card.substitute_cite": "our reading",
    "card.substitute_reading": "our reading",
    "card.left_word": "left the event",
    "card.forfeit_note": ("forfeited this session, more than 15 minutes late (MCR §3.11.2.1): "
                          "whatever is scored in the seat earns them nothing, and they play again "
                          "from the next session (our reading of how the seat counts)"),
    "card.seat_draw_cite": "MCR §3.4.7",
    "timers.none": ("MCR events have no turn or play timers: MCR times the whole session (MCR "
                    "§3.5.6), not each player's turn."),
    "clock.section": "MCR §3.5.6",
    "clock.ended": "Session over: only the hands finished before time count (MCR §3.5.6)",
    "clock.over": "Time! The hand in play ends now; only finished hands count (MCR §3.5.6)",
    "clock.warn15": "15 minutes left: the head judge tells the players (MCR §3.5.6)",
    "clock.warn5": "Less than 5 minutes left (reminder)",
    "clock.untimed": "No time limit set: all 16 hands are played",
    "clock.about": ("MCR §3.5.6 sets the session's length (at most 150 minutes) and a notice to "
                    "the players at 15 minutes left; the 5-minute warning is this app's reminder. "
                    "At time the hand in play ends at once and only the hands finished before it "
                    "count."),
    "standings.points_short": "TP",
    "standings.raw_words": "contest points",
    "standings.late_cite": "our reading: the MCR text has no rule for joining late",
    "standings.late_reading": "our reading: the MCR text has no rule for joining late",
    "standings.absent_cite": "our reading: the MCR text has no rule for it",
    "standings.substitute_cite": "our reading",
    "standings.seed_draw_cite": "our reading: the MCR text settles the last ties by lot",
    "final_day.not_a_bracket": ("The final-day settings ({advance} advance, rounds {rounds}) are "
                                "not a bracket: the MCR text has no final day."),
    "final_day.cut_cite": "our reading: the MCR text has no final day",
    "final_day.ranking_cite": "our reading: the MCR text has no final day",
    "final_day.filler_cite": "our reading: the MCR text has no final day",
    "final_day.filler_reading": "our reading: the MCR text has no final day",
    "final_day.untimed_cite": "our reading: the MCR text has no final day",
    "timers.time_cite": "our reading: the MCR text has no play timers",
    "timers.bank_cite": "our reading: the MCR text has no play timers",
    "timers.resign_cite": "our reading: the MCR text has no resignation for time",
    "timers.out_cite": "MCR §3.11.5",
    "standings.missed_capped": ("Player {player} is marked as joining at session {joins}; the app "
                                "counts at most two missed sessions as late (our reading: the MCR "
                                "text has no rule for joining late)."),
    "out.withdrawn": "withdrew",
    "out.disqualified": "disqualified (MCR §3.11.5)",
    "out.resigned": "resigned: out of the event",
    "out.withdrawn_you": "You withdrew from the event",
    "out.disqualified_you": "You are disqualified (MCR §3.11.5)",
    "out.resigned_you": "You are out of the event: resignation",
    "players.team_full": ("Team {team} already has {limit} players, the app's limit for a team "
                          "(our reading: the MCR text sets none)."),
    "players.csv_team_over": ("Team {team} would have more than {limit} players (the app's limit "
                              "for a team; our reading: the MCR text sets none)."),
    "seating.team_apart_cite": "our reading of MCR §3.5.1",
    "appeals.judge_only": "Only the head judge decides appeals (MCR §3.13.1).",
    "appeals.final": ("This appeal is already decided; the head judge's decision is final (our "
                      "reading of MCR §3.13.3)."),
    "appeals.cite": "MCR §3.12.2",
    "timeouts.cite": "our reading: the MCR text sets no time-out allowance",
    "rulings.book": "MCR",
    "ruleset.label": "MCR",
    "organizer.format_legend": "Format (MCR §3.5.4)",
    "print.kicker": "MCR Score Sheet (Appendix 5)",
    "print.round_short": "Hd",
    "print.penalties_cite": "MCR §3.11",
    "print.signatures_note": "and table points (MCR §3.9.2)",
    "print.scheme_formal": "8 + value (MCR §3.9.1.3)",
    "print.scheme_uniform": "8 + value (MCR §3.9.1.3)",
    "print.rotation_standard": "seats by App. 4",
    "print.rotation_league": "seats by App. 4",
    "paper.time_penalty_round": "A time-limit penalty needs its round.",

    # --- pages: templates (issue 25, part B) ---
    # (keys of this part go below this line)

    # --- scripts: js.* keys the browser draws (issue 25, part C) ---
    # (keys of this part go below this line)

    # --- MCR to the letter: implied fans, win type, right to win (issue 26) ---
    # (keys of this part go below this line)

    # --- a hostile hall: sign-in, call-ups, names (issue 28) ---
    # (keys of this part go below this line)

}
