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

    # --- a hostile hall: sign-in, call-ups, names (issue 28) ---
    # (keys of this part go below this line)
    "callup.when_play_stopped": "Call a judge once play at your table has stopped: no phone "
                                "may be used during play (§4.5), so until then raise a hand.",

}
