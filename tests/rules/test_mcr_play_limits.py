"""MCR's play limits on the judge's clock (MCR §3.6.4, §3.5.7 item 6, §3.6.7): pure rules.

A discard within 10 s, the dealer's first discard within 20 s of the deal, a Pung or Kong call
within 3 s. The text prices none of them by the clock: the clock only says a limit passed and
the judge records the foul (a rule violation, MCR §3.11.2.2; the late call's ladder, MCR
§3.11.6.5).
"""

from __future__ import annotations

import pytest

from judgeaid.rules import get_ruleset
from judgeaid.rules.mcr import timing

S = 1000
MCR = get_ruleset("mcr")
LIMITS = MCR.timing.limits("mcr", {})


def test_the_limits_are_the_texts():
    assert (LIMITS.turn_s, LIMITS.free_s, LIMITS.round_bank_s) == (10, 0, None)
    assert MCR.timing.deal_turn_s == 20 and timing.CALL_S == 3
    # the event's settings cannot change a limit the text fixes
    assert MCR.timing.limits("mcr", {"turn_seconds": 30}).turn_s == 10
    assert MCR.timing.judge_clock and MCR.timing.times_play
    assert not MCR.timing.has_play_timers


@pytest.mark.parametrize(("counted", "over"), [(0, False), (10 * S, False), (10 * S + 1, True),
                                               (60 * S, True)])
def test_a_discard_is_over_strictly_after_10_s(counted, over):
    watch = MCR.timing.round_time([(5 * S, 5 * S + counted)], LIMITS, 0, None)
    (turn,) = watch.turns
    assert turn.limit_ms == 10 * S and turn.is_over is over and not turn.is_deal
    assert watch.over_turns == int(over)


@pytest.mark.parametrize(("counted", "over"), [(20 * S, False), (20 * S + 1, True)])
def test_the_dealers_start_has_20_s(counted, over):
    watch = MCR.timing.round_time([(0, counted)], LIMITS, 0, None)
    (turn,) = watch.turns
    assert turn.is_deal and turn.limit_ms == 20 * S and turn.is_over is over


def test_passing_a_limit_charges_nothing():
    watch = MCR.timing.round_time([(0, 25 * S), (40 * S, 55 * S), (70 * S, 75 * S)],
                                  LIMITS, 0, None)
    assert [t.is_over for t in watch.turns] == [True, True, False]
    assert watch.over_turns == 2 and watch.used_ms == 45 * S
    assert watch.total_points == 0 and all(t.points == 0 for t in watch.turns)
    assert not watch.is_resignation


def test_a_running_turn_counts_to_now_and_says_when_its_limit_passes():
    watch = MCR.timing.round_time([(5 * S, None)], LIMITS, 0, 9 * S)
    assert watch.turns[0].counted_ms == 4 * S and watch.limit_in_ms == 6 * S + 1
    late = MCR.timing.round_time([(5 * S, None)], LIMITS, 0, 16 * S)
    assert late.limit_in_ms is None and late.over_turns == 1


def test_turns_must_be_in_order():
    with pytest.raises(ValueError):
        MCR.timing.round_time([(5 * S, 3 * S)], LIMITS, 0, None)
    with pytest.raises(ValueError):
        MCR.timing.round_time([(5 * S, None), (9 * S, 10 * S)], LIMITS, 0, 20 * S)
    with pytest.raises(ValueError):
        MCR.timing.round_time([(5 * S, None)], LIMITS, 0, None)


def test_the_fouls_are_the_rubrics():
    limit, late = MCR.timing.time_penalty, MCR.timing.late_call
    assert (limit.category, limit.infraction) == ("violation", "rule_violation")
    assert (late.category, late.infraction) == ("hand_ladder", "late_pung")
    # the late call climbs the ladder of MCR §3.11.6.5 in one hand: warning, 5, 10, 20
    first = MCR.rubric.suggest(late.category, late.infraction, (), session=1, round=3)
    assert (first.kind, first.points) == ("warning", 0)
    zj = get_ruleset("zj").timing
    assert zj.has_play_timers and not zj.judge_clock and zj.late_call is None


def test_the_words_say_what_the_play_timers_are():
    note = MCR.words["clock.timers_note"]
    assert "MCR §3.6.4" in note and "MCR §3.5.7 item 6" in note and "MCR §3.6.7" in note
    assert "no turn or play timers" not in note
    assert "§1.9" in get_ruleset("zj").words["clock.timers_note"]
