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

    # --- a hostile hall: sign-in, call-ups, names (issue 28) ---
    # (keys of this part go below this line)
    "callup.when_play_stopped": "Call a judge once play at your table has stopped: during "
                                "play, a player raises a hand and waits for a judge.",

}
