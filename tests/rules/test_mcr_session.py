"""MCR's session shape (MCR Appendix 4, §3.5.6): 16 hands, four wind rounds, seats, dealer."""

import pytest

from judgeaid.rules import get_ruleset

MCR = get_ruleset("mcr")
A, B, C, D = 1, 2, 3, 4  # the players who drew East, South, West and North
START = {"E": A, "S": B, "W": C, "N": D}

# MCR Appendix 4, as the issue reads it: where each of A, B, C, D sits in each wind round
APPENDIX_4 = {
    1: {A: "E", B: "S", C: "W", D: "N"},
    2: {A: "S", B: "E", C: "N", D: "W"},
    3: {A: "N", B: "W", C: "E", D: "S"},
    4: {A: "W", B: "N", C: "S", D: "E"},
}


def test_a_session_is_16_hands_in_four_wind_rounds():
    hands = MCR.session.session_seats(START, "standard")
    assert MCR.session.rounds == 16 and len(hands) == 16
    assert [MCR.session.cycle_of(n) for n in range(1, 17)] == [1] * 4 + [2] * 4 + [3] * 4 + [4] * 4
    assert [MCR.words[f"card.cycle_{n}"] for n in range(1, 5)] == [
        "East wind round", "South wind round", "West wind round", "North wind round"]
    assert MCR.words["card.hand_word"] == "hand"


@pytest.mark.parametrize("wind_round", [1, 2, 3, 4])
def test_seats_follow_appendix_4(wind_round):
    hands = MCR.session.session_seats(START, "standard")
    for hand in hands[(wind_round - 1) * 4: wind_round * 4]:
        seats = {player: seat for seat, player in hand.seats.items()}
        assert seats == APPENDIX_4[wind_round]


@pytest.mark.parametrize("wind_round", [1, 2, 3, 4])
def test_dealer_passes_to_the_right_after_every_hand(wind_round):
    hands = MCR.session.session_seats(START, "standard")[(wind_round - 1) * 4: wind_round * 4]
    physical = [hand.seats[seat] for seat, hand in zip("ESWN", hands, strict=True)]
    # the first hand of a wind round is dealt from the East seat, then S, W, N (to the right)
    assert [hand.dealer for hand in hands] == physical
    for hand in hands:
        assert hand.winds[hand.dealer] == "E"
        assert sorted(hand.winds.values()) == ["E", "N", "S", "W"]


def test_everyone_deals_exactly_four_times_whoever_wins():
    dealers = [hand.dealer for hand in MCR.session.session_seats(START, "standard")]
    assert sorted(dealers) == [A] * 4 + [B] * 4 + [C] * 4 + [D] * 4
    # no dealer repeat within a wind round; the seat change makes C deal hands 8 and 9
    assert dealers == [A, B, C, D, B, A, D, C, C, D, B, A, D, C, A, B]


def test_a_stored_rotation_cannot_choose_another_order():
    assert (MCR.session.session_seats(START, "league")
            == MCR.session.session_seats(START, "standard"))
    assert MCR.session.rotations == ("standard",)


@pytest.mark.parametrize(("values", "problem"), [
    ({"session_minutes": 151}, "at most 150"),
    ({"session_minutes": "x"}, "whole number"),
    ({"sessions": 5}, "six or more"),
    ({"turn_seconds": 20}, "fixed by the text"),
    ({"rotation": "league"}, "Appendix 4"),
    ({"payoff_scheme": "uniform"}, "MCR §3.9.1.3"),
])
def test_bad_settings_are_named(values, problem):
    _, problems = MCR.validate_settings("mcr", values)
    assert len(problems) == 1 and problem in problems[0]


def test_settings_default_to_150_minutes_and_six_sessions():
    settings, problems = MCR.validate_settings("mcr", {"session_minutes": 120})
    assert problems == []
    assert settings["session_minutes"] == 120 and settings["sessions"] == 6
    assert MCR.default_settings("mcr")["session_minutes"] == 150
    assert MCR.validate_settings("mcr_short", {"sessions": 3})[1] == []


def test_the_clock_uses_the_session_limit_and_no_play_timers():
    assert MCR.timing.session_ms({"session_minutes": 150}, stage="final", bracket_size=4) \
        == 150 * 60_000
    assert MCR.timing.session_ms({"session_minutes": 900}, stage="main", bracket_size=None) \
        == 150 * 60_000
    assert not MCR.timing.has_play_timers and "MCR §3.6.4" in MCR.words["timers.none"]
    assert MCR.timing.judge_clock and MCR.timing.times_play
    assert MCR.timing.resignation_over_points is None
    assert not MCR.timing.crosses_resignation(70, 500)
    zj = get_ruleset("zj")
    assert zj.timing.has_play_timers and zj.timing.crosses_resignation(70, 15)
    assert zj.words["card.hand_word"] == "round"
    assert zj.can.standings_columns[0].field == "match_points"
