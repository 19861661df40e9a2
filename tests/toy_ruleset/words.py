"""Toyland's words: a real text for every key a toy page shows prominently, the rest generated.

The generated texts are neutral ("Toy: text 12 {name}"): each carries exactly the
`{placeholders}` its key needs (read with `string.Formatter().parse` from the Zung Jung text
only to learn the placeholder names, never its words), so a page formats them as it would
any ruleset's, and a leak of another ruleset's words cannot hide behind a copied sentence.
Keys whose Zung Jung text is empty (a note a ruleset may leave out) stay empty here too.
"""

from __future__ import annotations

import string

from judgeaid.rules.words import KEYS

# The toy's own texts for what its pages show most: its name, its hand, its points, its
# citations ("Toy rule 4.2"), its card and its payoff.
OWN: dict[str, str] = {
    "ruleset.name": "Toyland",
    "ruleset.rulebook": "Toy book",
    "ruleset.label": "Toyland (Toy book 1)",
    "ruleset.cite": "Toy rule {section}",
    "rulings.book": "Toy book",
    "card.hand_word": "hand",
    # the hand form's fouls and the players confirming together (issue 27)
    "js.card.confirm_all_note": "Each player confirms the totals and signs (Toy rule 2.1).",
    "js.card.fouls_title": "Toy foul in this hand",
    "js.card.foul_false_hu": "Toy noise",
    "js.card.foul_false_hu_cite": "Toy rule 4.1",
    "js.card.foul_dead_hand": "Toy dead hand",
    "js.card.foul_dead_hand_cite": "Toy rule 4.1",
    "js.card.foul_tile_count": "Toy tile count",
    "js.card.foul_tile_count_cite": "Toy rule 4.1",
    "js.card.foul_recorded": "{foul} for {name} in toy hand {round}: {penalty} (ruling #{ruling}).",
    "card.hand_word_plural": "hands",
    "card.hand_word_title": "Hand",
    "card.hand_numbered": "hand {n}",
    "card.hand_numbered_title": "Hand {n}",
    "card.pattern_word": "shape",
    "card.pattern_word_plural": "shapes",
    "card.picker_name": "Shape list",
    "card.cycle_1": "First half",
    "card.cycle_2": "Second half",
    "card.cycle_3": "Third part",
    "card.cycle_4": "Fourth part",
    "standings.points_label": "Toy points",
    "standings.points_short": "TP",
    "standings.raw_label": "Hand total",
    "standings.raw_words": "hand total",
    "print.kicker": "Toy score card",
    "page.card.form_name": "Toy score card",
    "js.card.status_recorded": "{done} of 8 hands recorded",
    "js.card.grid_caption": "Hands 1 to 8: each player's seat and score",
    "js.card.rounds_title": "Hands",
    "js.card.round_title": "Hand {round}",
    "js.card.round_button_record": "Hand {round}: record",
    "js.card.round_button_correct": "Hand {round}: correct",
    "js.card.table_points_title": "Toy points for the session (Toy rule 5.1)",
    "js.card.table_points_head": "TP",
    "js.payoff.draw": "Draw: nobody scores (Toy rule 3.1).",
    "js.payoff.value_minimum": "A hand in Toyland is worth a whole number, {minimum} or more.",
    "js.payoff.self_draw": "The winner takes three times the value; each other player pays "
                           "the value (Toy rule 3.2).",
    "js.payoff.responsible": "{name} discarded the winning tile and pays the value like "
                             "everybody else (Toy rule 3.2).",
    "js.payoff.uniform": "Everybody pays the value (Toy rule 3.2).",
    "page.player.seats_rotate": "Seats stay fixed for all 8 hands (Toy rule 2.1).",
    "page.event.seats_league_fact": "fixed for the session",
    "demo.event_name": "Toyland demo afternoon",
    "js.card.server_scores": "The score changes are worked out when the hand is saved "
                             "(Toy rule 3.2).",
}


def _neutral(index: int, model: str) -> str:
    """A neutral text carrying the placeholders of `model`, in order, each once."""
    names = []
    for _, field, _, _ in string.Formatter().parse(model):
        if field is not None and field not in names:
            names.append(field)
    if not model:
        return ""
    return " ".join([f"Toy: text {index}", *(f"{{{name}}}" for name in names)])


def _words() -> dict[str, str]:
    from judgeaid.rules.zj.words import WORDS as MODEL  # placeholder names only

    return {key: OWN[key] if key in OWN else _neutral(index, MODEL[key])
            for index, key in enumerate(KEYS, 1)}


WORDS: dict[str, str] = _words()
