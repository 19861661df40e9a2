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
}
