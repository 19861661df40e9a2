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

}
