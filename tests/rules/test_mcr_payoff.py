"""MCR payoff (MCR §3.9.1.3): 8 from everybody, the value from the discarder or from all."""

import json
from pathlib import Path

import pytest

from judgeaid.rules import MalformedPayoff
from judgeaid.rules.mcr.payoff import payoff, payoff_request
from judgeaid.tournament.card import BadRound, score_round
from judgeaid.tournament.rotation import RoundSeats

CASES = json.loads((Path(__file__).parents[1] / "mcr_cases.json").read_text(encoding="utf-8"))
PAYOFF_CASES = CASES["payoff"]


@pytest.mark.parametrize("case", PAYOFF_CASES, ids=[case["name"] for case in PAYOFF_CASES])
def test_payoff_case(case):
    if case.get("status", 200) == 400:
        with pytest.raises(MalformedPayoff):
            payoff_request(case["request"])
        return
    result = payoff_request(case["request"]).as_dict()
    assert result["deltas"] == case["deltas"]
    assert sum(result["deltas"].values()) == 0
    if "responsible" in case:
        assert result["responsible"] == case["responsible"]


def test_the_winner_gets_8_from_each_and_the_value_from_the_discarder():
    deltas = payoff(20, "discard", "N", "W").deltas
    assert deltas == {"E": -8, "S": -8, "W": -28, "N": 44}


def test_same_turn_discards_are_not_an_mcr_rule():
    with pytest.raises(MalformedPayoff):
        payoff(20, "discard", "N", "W", ["E", "W"])


def test_the_card_splits_an_mcr_win_by_seat_wind():
    # The card calls payoff positionally with the same-turn list and the event's scheme.
    seats = RoundSeats(round_no=1, cycle=1, dealer=1, winds={1: "E", 2: "S", 3: "W", 4: "N"},
                       seats={"E": 1, "S": 2, "W": 3, "N": 4})
    result = score_round(seats, payoff=payoff, result="win", winner=3, value=8, win="discard",
                         discarder=1, scheme="formal")
    assert result.deltas == {1: -16, 2: -8, 3: 32, 4: -8} and result.responsible == 1
    result = score_round(seats, payoff=payoff, result="win", winner=2, value=24, win="self")
    assert result.deltas == {1: -32, 2: 96, 3: -32, 4: -32} and result.responsible is None
    with pytest.raises(BadRound):
        score_round(seats, payoff=payoff, result="win", winner=2, value=7, win="self")
