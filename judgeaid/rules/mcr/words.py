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

    # --- pages: templates (issue 25, part B) ---
    # (keys of this part go below this line)

    # --- scripts: js.* keys the browser draws (issue 25, part C) ---
    # (keys of this part go below this line)
    "js.card.dealt_by_wrong_east": (
        "dealt by {name} as the wrong East (our reading: the MCR text has no rule for a wrong "
        "deal)"),
    "js.card.compensation_deal":
        "{name}’s compensation hand (our reading: the MCR text has no rule for a wrong deal)",
    "js.card.recorded_patterns": "Fans: {patterns}",
    "js.card.status_recorded": "{done} of 16 hands recorded",
    "js.card.status_not_played_from": "from hand {round} not played",
    "js.card.round_button_record": "Hand {round}: record",
    "js.card.round_button_correct": "Hand {round}: correct",
    "js.card.grid_caption": "Hands 1 to 16: each player's seat wind (E is the dealer) and score",
    "js.card.grid_head": "Hd",
    "js.card.replaced_revision": "Hand {round}, replaced revision ",
    "js.card.rounds_title": "Hands",
    "js.card.substitute_total_title": "Neutral substitute’s total: never ranked (our reading)",
    "js.card.table_points_title": "Table points (MCR §3.9.2)",
    "js.card.table_points_head": "TP",
    "js.card.table_points_later":
        "They appear here once every hand is recorded or the session time is over.",
    "js.card.seat_change_resigned_substitute": (
        "From hand {round}: {entering} sits in {leaving}’s seat as a neutral substitute (our "
        "reading); {leaving} left the event (MCR §3.11.5)."),
    "js.card.seat_change_disqualified_substitute": (
        "From hand {round}: {entering} sits in {leaving}’s seat as a neutral substitute (our "
        "reading); {leaving} was disqualified (MCR §3.11.5)."),
    "js.card.seat_change_resigned_empty": (
        "From hand {round}: {leaving} left the event (MCR §3.11.5) and nobody took the seat, "
        "so the table stops here; the other three’s scores stand."),
    "js.card.seat_change_disqualified_empty": (
        "From hand {round}: {leaving} was disqualified (MCR §3.11.5) and nobody took the "
        "seat, so the table stops here; the other three’s scores stand."),
    "js.card.leaving_total": "{name}: {total} for hands 1–{last}",
    "js.card.substitute_total":
        "{name}: {total} from hand {round} (neutral, never ranked; our reading)",
    "js.card.penalty_round": "hand {round}",
    "js.card.confirm_when_complete":
        "Players confirm once every hand is recorded (or the session time is over).",
    "js.card.hello_check": "check every hand and your totals, then confirm below the card.",
    "js.card.hello_wait": "you can confirm once every hand is recorded.",
    "js.card.hello_recorder": "The judge appointed you to record hands: tap a hand.",
    "js.card.left_table_note": (
        "You left the table from hand {round}: your total is the hands before it. The players "
        "at the table at the end confirm the card."),
    "js.card.confirm_check": "Check every hand above. If your totals are right, confirm them.",
    "js.card.confirm_wait": "You can confirm once every hand is recorded.",
    "js.card.time_over_label": "Session time over: the remaining hands not played",
    "js.card.recorder_label": "Appoint {name} to record hands",
    "js.card.seat_change_need_round": "Choose the first hand they do not play.",
    "js.card.seat_change_label_substitute":
        "{name} leaves from hand {round} ({reason}); {substitute} takes the seat",
    "js.card.seat_change_label_empty":
        "{name} leaves from hand {round} ({reason}); nobody takes the seat",
    "js.card.round_title": "Hand {round}",
    "js.card.round_title_correction": "Hand {round} · correction",
    "js.card.correction_recorded": (
        "Hand {round} is recorded ({line}). Saving makes a correction: the old line stays, "
        "struck through, and the players confirm again."),
    "js.card.correction_waiting": (
        "A line for this hand is still waiting to be sent: saving again sends a correction "
        "after it."),
    "js.card.deal_compensation_option": "{name}: compensation hand",
    "js.card.preview_wait": "The score changes show here once the hand is complete.",
    "js.card.cannot_score": "This hand cannot be scored as it stands.",
    "js.card.no_scoring":
        "This page cannot work out the score changes yet: reload it, or wait for the connection.",
    "js.card.picker_refused": "The picker's fans break the counting rules: {problems}",
    "js.card.catalogue_offline":
        "The fan list is not available offline yet; type the value instead.",
    "js.card.round_label": "Hand {round}: {line}",
    "js.card.round_label_correction": "Hand {round} (correction): {line}",
    "js.card.conflict_title_one": "A hand was recorded twice",
    "js.card.conflict_title_many": "Hands recorded twice",
    "js.card.conflict_recorded": "{who} already recorded hand {round} as: {line}.",
    "js.card.conflict_corrected": "{who} corrected hand {round} to: {line}.",
    "js.payoff.draw": "Draw game: nobody scores (MCR §3.4.30).",
    "js.payoff.uniform": "Everybody pays the value.",
    "js.payoff.self_draw":
        "Self-draw: each of the three others pays 8 + the hand's value (MCR §3.9.1.3).",
    "js.payoff.responsible": (
        "{name} gave the winning tile and pays 8 + the hand's value; the other two pay 8 each "
        "(MCR §3.9.1.3)."),
    "js.payoff.shared_small": "The three others pay alike (MCR §3.9.1.3).",
    "js.payoff.shared_immune": "The three others pay alike (MCR §3.9.1.3).",
    "js.paper.time_penalty":
        "Time-limit penalty: counts toward the player's time points in its hand",
    "js.judge.section_chip": "MCR §{section} {title} ✕",
    "js.judge.section_remove": "Remove MCR §{section}",
    "js.judge.infraction_section": "{label} (MCR §{section})",
    "js.judge.beyond": (
        "Not what MCR §3.11 sets for this foul: you may give it with a written reason. It is "
        "marked in the log and listed for the head judge."),
    "js.judge.beyond_range":
        "MCR §3.11 sets {low}–{high} points for this foul: choose an amount within it.",
    "js.judge.history_session_round": "Session {session}, hand {round}",
    "js.judge.repeat_title": "Already a time penalty for hand {round}.",
    "js.judge.repeat_note":
        "Record a second one only for another overrun. Otherwise remove this penalty.",
    "js.judge.resign_title": "{who}: {points} time points in hand {round}.",
    "js.judge.resign_note": (
        "Too many time-limit points in one hand: the player is considered to have left the "
        "event, unless they gave a reasonable explanation. Leaving puts them out of the "
        "tournament (MCR §3.11.5)."),
    "js.picker.series_replaced":
        "{pattern} replaces {rival}: only one fan of series {series} counts.",
    "js.picker.self_draw": (
        "Self-drawn: each of the other three pays {each} ({extra} + the hand's {value}), MCR "
        "§3.9.1.3."),
    "js.picker.responsible": (
        "{seat} gave the winning tile and pays {pays} ({rest} + the hand's {value}); the "
        "other two pay {rest} each, MCR §3.9.1.3."),
    "js.picker.shared_small": "The three others pay alike, MCR §3.9.1.3.",
    "js.picker.shared_immune": "The three others pay alike, MCR §3.9.1.3.",
    "js.picker.implied_by": "Included in {item}, not counted (MCR §3.9.1.6 (1))",
    "js.picker.tick_first": "Tick the hand's fans to see who pays.",
    "js.timer.turn_hint": "Their turn starts when the player before them discards",
    "js.timer.resigned": (
        "Past the time points allowed in one hand: the player is out of the event unless they "
        "give you a reasonable explanation."),
    "js.timer.resign_warning": (
        "At the time points allowed in one hand: one more step and the player is out of the "
        "event, unless they explain."),
    "js.timer.approaching":
        "{points} points: getting close to the time points allowed in one hand.",
    "js.timer.late_absent": "More than 15 minutes late: the session is forfeited (MCR §3.11.2.1)",
    "js.clock.ended": "Session over: only the hands finished before time count (MCR §3.5.6)",
    "js.clock.over": "Time! The hand in play ends now; only finished hands count (MCR §3.5.6)",
    "js.clock.untimed": "No time limit set: all 16 hands are played",
    "js.clock.warn15": "15 minutes left: the head judge tells the players (MCR §3.5.6)",
    "js.clock.warn5": "Less than 5 minutes left (reminder)",
    "js.paper.winner_label": "Hand {round}: winner",
    "js.paper.how_label": "Hand {round}: how",
    "js.paper.discarder_label": "Hand {round}: discarder",
    "js.paper.value_label": "Hand {round}: hand value",
    "js.paper.added_one": "1 hand added",
    "js.paper.added_many": "{count} hands added",
    "js.paper.corrected_one": "1 hand corrected from the paper",
    "js.paper.corrected_many": "{count} hands corrected from the paper",
    "js.paper.choose_line":
        "Hand {rounds}: choose which line counts before saving. Nothing was sent.",

    # --- MCR to the letter: implied fans, win type, right to win (issue 26) ---
    # (keys of this part go below this line)
    "card.no_win_refused": "{name} may not win {hand}: {ruling} took the right to win "
                           "that hand (MCR §3.11.3). Strike that penalty out first if it "
                           "was wrong.",
    "card.no_win_note": "may not win this hand: {ruling}",
    "card.hu_nearest": "{winner} cannot be the winner: of the players who called Hu on "
                       "{discarder}'s discard, {nearest} sits nearest after the discarder "
                       "and wins (MCR §3.7.2.4).",
    "card.hu_claimants_bad": "The players who called Hu must sit at this table and not be "
                             "the discarder, and the win must be on a discard "
                             "(MCR §3.7.2.4).",
    "card.hu_no_rule": "Give the winner: MCR §3.7.2.4 makes the nearest after the "
                       "discarder win.",
    "card.claimants_label": "Called Hu on this discard (MCR §3.7.2.4)",

    # --- a hostile hall: sign-in, call-ups, names (issue 28) ---
    # (keys of this part go below this line)

    # --- event day, second pass (issue 27) ---
    "standings.draw_seed": (
        "Players level on table points and contest points draw lots in the hall, and the "
        "organizer records the order drawn (our reading of MCR §3.10.1); no seed decides "
        "it."
    ),
    "final.cut_tie_raw": (
        "At the cut line {players} were level on table points; the contest points put "
        "them in this order: {order}."
    ),
    "final.cut_tie_draw": (
        "At the cut line {players} were level on table points and contest points; the lot"
        " puts them in this order: {order}."
    ),

    "card.seat_move":
        "Hand {round}: {name} moves to the {seat} seat (MCR Appendix 4).",
}
