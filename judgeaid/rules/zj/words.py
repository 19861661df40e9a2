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
}
