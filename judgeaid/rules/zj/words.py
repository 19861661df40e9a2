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

}
