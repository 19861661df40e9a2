"""The flag "loses the right to win this hand" on both rulesets' rubric data (issue 26):
MCR §3.11.3 and the §3.11.6 fouls that take it; ZJ's dead hand (§1.8, §4.11)."""

import pytest

from judgeaid.rules import get_ruleset
from judgeaid.rules.mcr import penalties as mcr
from judgeaid.rules.zj import penalties as zj

MCR = get_ruleset("mcr").rubric
ZJ = get_ruleset("zj").rubric

# every MCR foul whose penalty the text says takes the right to win the hand
TAKES_THE_WIN = {
    ("false_hu", "below_minimum"),        # §3.11.6.6 (1)
    ("false_hu", "erroneous_hu"),         # §3.11.6.6 (2)
    ("false_hu", "hu_tile_not_taken"),    # §3.11.6.11 (2): a False Hu
    ("no_win", "false_meld"),             # §3.11.6.2
    ("no_win", "wall_tile_seen"),         # §3.11.6.4
    ("no_win", "tiles_shown_false_hu"),   # §3.11.6.7 (2)
    ("no_win", "wrong_tile_count"),       # §3.11.6.8
    ("no_win", "passing_information"),    # §3.11.6.9
    ("no_win", "claim_not_taken"),        # §3.11.6.11 (1)
    ("no_win", "claim_then_hu"),          # §3.11.6.11 (3)
    ("no_win", "shown_before_hu"),        # §3.11.6.11 (4)
    ("no_win", "reached_over"),           # §3.11.6.11 (5)
    ("no_win", "tally_mixed"),            # §3.11.6.11 (6)
}


def test_the_mcr_flags_are_data_on_the_entries():
    flagged = {(c.id, i.id) for c in mcr.CATEGORIES for i in c.infractions if i.loses_win}
    assert flagged == TAKES_THE_WIN


@pytest.mark.parametrize(("category", "infraction"), sorted(TAKES_THE_WIN))
def test_each_mcr_foul_that_takes_the_win(category, infraction):
    example = mcr.find_infraction(category, infraction)
    assert MCR.loses_win(category, infraction, example.kind)


@pytest.mark.parametrize(("category", "infraction", "kind"), [
    ("warning", "minor", "warning"), ("hand_ladder", "late_pung", "warning"),
    ("hand_ladder", "wall_touched", "points"), ("violation", "rule_violation", "points"),
    ("tiles", "hand_spoiled", "points"), ("late", "late_10", "points"),
])
def test_other_mcr_fouls_leave_the_win(category, infraction, kind):
    assert not MCR.loses_win(category, infraction, kind)


def test_a_judge_s_own_words_with_the_loss_of_the_win_take_it():
    assert MCR.loses_win("no_win", "spilled the wall", "no_win")
    assert not MCR.loses_win("violation", "spilled the wall", "points")


def test_zj_s_dead_hand_takes_the_win_whatever_the_entry():
    assert set(zj.LOSES_WIN_KINDS) == {"dead_hand"}
    assert ZJ.loses_win("procedural", "tiles_revealed", "dead_hand")
    assert ZJ.loses_win("procedural", "my own words", "dead_hand")
    for kind in ("warning", "points", "no_claims", "penalty_tiles", "correction"):
        assert not ZJ.loses_win("procedural", "tiles_revealed", kind)
