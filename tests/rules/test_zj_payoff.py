import itertools
import json
from pathlib import Path

import pytest

from judgeaid.rules.zj import MalformedPayoff, payoff, payoff_request
from tests.rules.expect import expect_payoff

CASES = json.loads((Path(__file__).parents[1] / "zj_cases.json").read_text(encoding="utf-8"))
PAYOFF_CASES = CASES["payoff"]
SEATS = ("E", "S", "W", "N")


@pytest.mark.parametrize("case", PAYOFF_CASES, ids=[case["name"] for case in PAYOFF_CASES])
def test_payoff_case(case):
    if case.get("status", 200) == 400:
        with pytest.raises(MalformedPayoff):
            payoff_request(case["request"])
        return
    expect_payoff(case, payoff_request(case["request"]).as_dict())


def test_rulebook_example_seventy_points():
    result = payoff(70, "discard", "E", "S")
    assert result.deltas == {"E": 210, "S": -160, "W": -25, "N": -25}
    assert result.responsible == "S"


@pytest.mark.parametrize(("value", "largest"), [(25, 25), (26, 28), (27, 31), (100, 250)])
def test_threshold_boundary(value, largest):
    result = payoff(value, "discard", "W", "N")
    assert -result.deltas["N"] == largest
    assert result.deltas["W"] == 3 * value


def test_discard_win_defaults_to_just_the_discarder():
    assert payoff(70, "discard", "E", "S", None) == payoff(70, "discard", "E", "S", ["S"])


def test_uniform_scheme_names_nobody_responsible():
    result = payoff(70, "discard", "E", "S", ["W", "S"], scheme="uniform")
    assert result.responsible is None
    assert result.deltas == {"E": 210, "S": -70, "W": -70, "N": -70}


def test_malformed_payoff_is_a_value_error():
    with pytest.raises(ValueError, match="discarder"):
        payoff(30, "discard", "E")


def _chains(winner, discarder):
    others = [seat for seat in SEATS if seat not in (winner, discarder)]
    for size in range(len(others) + 1):
        for middle in itertools.permutations(others, size):
            yield [*middle, discarder]
            yield [winner, *middle, discarder]


def test_every_legal_round_is_zero_sum_and_pays_the_winner_three_times():
    for value, scheme, winner in itertools.product(
        (1, 24, 25, 26, 60, 320, 480), ("formal", "uniform"), SEATS
    ):
        result = payoff(value, "self", winner, scheme=scheme)
        assert result.deltas[winner] == 3 * value and sum(result.deltas.values()) == 0
        for discarder in (seat for seat in SEATS if seat != winner):
            for chain in _chains(winner, discarder):
                result = payoff(value, "discard", winner, discarder, chain, scheme)
                assert result.deltas[winner] == 3 * value
                assert sum(result.deltas.values()) == 0
                assert all(result.deltas[seat] < 0 for seat in SEATS if seat != winner)
                expected = None if chain[0] == winner or scheme == "uniform" else chain[0]
                assert result.responsible == expected
