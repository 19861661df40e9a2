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

    # --- pages: templates (issue 25, part B) ---
    # (keys of this part go below this line)

    # --- scripts: js.* keys the browser draws (issue 25, part C) ---
    # (keys of this part go below this line)
    "js.card.dealt_by_wrong_east": "dealt by {name} as the wrong East (§1.2.7)",
    "js.card.compensation_deal": "{name}’s compensation round (§1.2.7)",
    "js.card.recorded_patterns": "Patterns: {patterns}",
    "js.card.status_recorded": "{done} of 16 rounds recorded",
    "js.card.status_not_played_from": "from round {round} not played",
    "js.card.round_button_record": "Round {round}: record",
    "js.card.round_button_correct": "Round {round}: correct",
    "js.card.grid_caption": "Rounds 1 to 16: each player's seat wind (E is the dealer) and score",
    "js.card.grid_head": "Rd",
    "js.card.replaced_revision": "Round {round}, replaced revision ",
    "js.card.rounds_title": "Rounds",
    "js.card.substitute_total_title":
        "Neutral substitute’s total: never ranked (our reading of §4.15)",
    "js.card.table_points_title": "Match points for the session (§3.5.2)",
    "js.card.table_points_head": "MP",
    "js.card.table_points_later":
        "They appear here once every round is recorded or the session time is over.",
    "js.card.seat_change_resigned_substitute": (
        "From round {round}: {entering} sits in {leaving}’s seat as a neutral substitute "
        "(§4.15); {leaving} resigned (§4.11)."),
    "js.card.seat_change_disqualified_substitute": (
        "From round {round}: {entering} sits in {leaving}’s seat as a neutral substitute "
        "(§4.15); {leaving} was disqualified (§4.11)."),
    "js.card.seat_change_resigned_empty": (
        "From round {round}: {leaving} resigned (§4.11) and nobody took the seat, so the "
        "table stops here; the other three’s scores stand."),
    "js.card.seat_change_disqualified_empty": (
        "From round {round}: {leaving} was disqualified (§4.11) and nobody took the seat, so "
        "the table stops here; the other three’s scores stand."),
    "js.card.leaving_total": "{name}: {total} for rounds 1–{last}",
    "js.card.substitute_total":
        "{name}: {total} from round {round} (neutral, never ranked; our reading of §4.15)",
    "js.card.penalty_round": "round {round}",
    "js.card.confirm_when_complete":
        "Players confirm once every round is recorded (or the session time is over).",
    "js.card.hello_check": "check every round and your totals, then confirm below the card.",
    "js.card.hello_wait": "you can confirm once every round is recorded.",
    "js.card.hello_recorder": "The judge appointed you to record rounds: tap a round.",
    "js.card.left_table_note": (
        "You left the table from round {round}: your total is the rounds before it. The "
        "players at the table at the end confirm the card."),
    "js.card.confirm_check": "Check every round above. If your totals are right, confirm them.",
    "js.card.confirm_wait": "You can confirm once every round is recorded.",
    "js.card.time_over_label": "Session time over: the remaining rounds not played",
    "js.card.recorder_label": "Appoint {name} to record rounds",
    "js.card.seat_change_need_round": "Choose the first round they do not play.",
    "js.card.seat_change_label_substitute":
        "{name} leaves from round {round} ({reason}); {substitute} takes the seat",
    "js.card.seat_change_label_empty":
        "{name} leaves from round {round} ({reason}); nobody takes the seat",
    "js.card.round_title": "Round {round}",
    "js.card.round_title_correction": "Round {round} · correction",
    "js.card.correction_recorded": (
        "Round {round} is recorded ({line}). Saving makes a correction: the old line stays, "
        "struck through, and the players confirm again."),
    "js.card.correction_waiting": (
        "A line for this round is still waiting to be sent: saving again sends a correction "
        "after it."),
    "js.card.deal_compensation_option": "{name}: compensation round",
    "js.card.preview_wait": "The score changes show here once the round is complete.",
    "js.card.cannot_score": "This round cannot be scored as it stands.",
    "js.card.no_scoring":
        "This page cannot work out the score changes yet: reload it, or wait for the connection.",
    "js.card.picker_refused": "The picker's patterns break the counting rules: {problems}",
    "js.card.catalogue_offline":
        "The pattern list is not available offline yet; type the value instead.",
    "js.card.round_label": "Round {round}: {line}",
    "js.card.round_label_correction": "Round {round} (correction): {line}",
    "js.card.conflict_title_one": "A round was recorded twice",
    "js.card.conflict_title_many": "Rounds recorded twice",
    "js.card.conflict_recorded": "{who} already recorded round {round} as: {line}.",
    "js.card.conflict_corrected": "{who} corrected round {round} to: {line}.",
    "js.payoff.draw": "Draw: nobody scores (§1.6).",
    "js.payoff.uniform": "Everybody pays the value (uniform payoff).",
    "js.payoff.self_draw": "Self-draw: the three others pay the value each (§2.3).",
    "js.payoff.responsible": "{name} is responsible and pays the balance (§2.3).",
    "js.payoff.shared_small": "{threshold} points or less: the three others pay alike (§2.3).",
    "js.payoff.shared_immune":
        "Nobody is responsible (same-turn immunity): the three others pay alike (§2.3).",
    "js.paper.time_penalty":
        "Time-limit penalty: counts toward the player's time points in its round (§1.9)",
    "js.judge.section_chip": "§{section} {title} ✕",
    "js.judge.section_remove": "Remove §{section}",
    "js.judge.infraction_section": "{label} (§{section})",
    "js.judge.beyond": (
        "Beyond the rubric's range: you may give it with a written reason (A.5.6, A.5.7). It "
        "is marked in the log and listed for the head judge, whose decision on appeal is "
        "final (§4.3)."),
    "js.judge.beyond_range": (
        "Beyond the rubric's range: you may give it with a written reason (A.5.6, A.5.7). It "
        "is marked in the log and listed for the head judge, whose decision on appeal is "
        "final (§4.3)."),
    "js.judge.history_session_round": "Session {session}, round {round}",
    "js.judge.repeat_title": "Already a time penalty for round {round}.",
    "js.judge.repeat_note": (
        "Record a second one only for another overrun: turn and round limits add up (§1.9). "
        "Otherwise remove this penalty."),
    "js.judge.resign_title": "{who}: {points} time points in round {round}.",
    "js.judge.resign_note": (
        "More than 80 time-limit points in one round: the player is considered resigned, "
        "unless they gave a reasonable explanation (§1.9). A resignation puts them out of the "
        "tournament (§4.11)."),
    "js.picker.series_replaced":
        "{pattern} replaces {rival}: only one pattern of series {series} counts (§2.2).",
    "js.picker.self_draw": "Self-draw: the three others pay the value each.",
    "js.picker.responsible": "{seat} is responsible and pays the balance.",
    "js.picker.shared_small": "{threshold} points or less: the three others pay alike.",
    "js.picker.shared_immune":
        "Nobody is responsible (the winner had discarded this tile): the three others pay alike.",
    "js.picker.implied_by": "Included with {item}",
    "js.picker.tick_first": "Tick the hand's patterns to see who pays.",
    "js.timer.turn_hint": "Their turn starts when the player before them discards (§1.9)",
    "js.timer.resigned": (
        "More than 80 points this round: the player is considered resigned, out of the "
        "tournament, unless they give you a reasonable explanation (§1.9, §4.11)."),
    "js.timer.resign_warning": (
        "80 points: one more step and the player is considered resigned from the tournament, "
        "unless they explain (§1.9, §4.11)."),
    "js.timer.approaching": (
        "{points} points: getting close to 80; above it a player is considered resigned from "
        "the tournament (§1.9)."),
    "js.timer.late_absent": "More than 5 minutes late: may be ruled absent (§4.14, §4.15)",
    "js.clock.ended": "Session over: stop play (§3.4.1.2, §3.4.2.2)",
    "js.clock.over": "Time! Stop play now (§3.4.1.2, §3.4.2.2)",
    "js.clock.untimed": "No time limit (Grand Final, §3.4.2.2): all 16 rounds are played",
    "js.clock.warn15": "Less than 15 minutes left (reminder)",
    "js.clock.warn5": "Less than 5 minutes left (reminder)",
    "js.paper.winner_label": "Round {round}: winner",
    "js.paper.how_label": "Round {round}: how",
    "js.paper.discarder_label": "Round {round}: discarder",
    "js.paper.value_label": "Round {round}: hand value",
    "js.paper.added_one": "1 round added",
    "js.paper.added_many": "{count} rounds added",
    "js.paper.corrected_one": "1 round corrected from the paper",
    "js.paper.corrected_many": "{count} rounds corrected from the paper",
    "js.paper.choose_line":
        "Round {rounds}: choose which line counts before saving. Nothing was sent.",

    # --- MCR to the letter: implied fans, win type, right to win (issue 26) ---
    # (keys of this part go below this line)
    "card.no_win_refused": "{name} may not win {hand}: {ruling} made the hand dead "
                           "(§1.8, §4.11). Strike that penalty out first if it was wrong.",
    "card.no_win_note": "dead hand: {ruling}",
    "card.hu_nearest": "{winner} cannot be the winner: of the players who declared mahjong "
                       "on {discarder}'s discard, {nearest} has precedence (§1.4.5).",
    "card.hu_claimants_bad": "The players who declared mahjong must sit at this table and "
                             "not be the discarder, and the win must be on a discard "
                             "(§1.4.5).",
    "card.hu_no_rule": "Give the winner: the card does not work out the precedence of "
                       "claims here (§1.4.5).",
    "card.claimants_label": "Also declared mahjong on this discard",

    # --- a hostile hall: sign-in, call-ups, names (issue 28) ---
    # (keys of this part go below this line)

    # --- event day, second pass (issue 27) ---
    "standings.draw_seed": (
        "Ties that match points and the raw total leave are settled by a draw fixed "
        "before play (§3.3): each player's draw is the first 16 hex digits of the SHA-256"
        " of \"{seed}|standings|\" followed by their number, and the lower draw goes first."
        " The seed is {seed}."
    ),
    "final.cut_tie_raw": (
        "At the cut line {players} were level on match points; the raw total puts them in"
        " this order: {order}."
    ),
    "final.cut_tie_draw": (
        "At the cut line {players} were level on match points and on the raw total; the "
        "draw from the seed {seed} puts them in this order: {order}."
    ),

    "card.seat_move":
        "Round {round}: {name} moves to the {seat} seat (§3.4).",
}
