"""Run every MCR case through static/js/mcr.js in headless Chromium, without a server."""

import json
from pathlib import Path

import pytest

from judgeaid.rules import MalformedHand, MalformedPayoff
from judgeaid.rules.mcr.catalogue import catalogue_json
from judgeaid.rules.mcr.hand import score_hand
from judgeaid.rules.mcr.payoff import payoff_request
from tests.rules.expect import expect_mcr_score, mcr_fans, run_js_module

pytestmark = pytest.mark.browser

MCR_JS = Path(__file__).parents[2] / "static" / "js" / "mcr.js"
CASES = json.loads((Path(__file__).parents[1] / "mcr_cases.json").read_text(encoding="utf-8"))
SCORE_CASES = CASES["score"]
PAYOFF_CASES = CASES["payoff"]
TIMED_HAND = {"28": 1, "63": 1, "70": 1, "56": 1, "68": 1, "78": 1, "81": 2}

RUN_IN_PAGE = """
async ({source, catalogue, scoreCases, payoffCases, timedHand}) => {
  const mcr = await import("data:text/javascript;base64," + source);
  const attempt = (run) => {
    try {
      return {ok: true, result: run()};
    } catch (error) {
      return {ok: false, name: error.name, code: error.code ?? null, message: error.message};
    }
  };
  const score = scoreCases.map((fans) => attempt(() => mcr.scoreHand(catalogue, fans)));
  const payoff = payoffCases.map((c) => attempt(() => mcr.payoff(c.request)));

  for (let i = 0; i < 500; i++) mcr.scoreHand(catalogue, timedHand);
  const batched = [];
  for (let batch = 0; batch < 20; batch++) {
    const start = performance.now();
    for (let i = 0; i < 50; i++) mcr.scoreHand(catalogue, timedHand);
    batched.push((performance.now() - start) / 50);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {
    score,
    payoff,
    payoffConstants: mcr.PAYOFF,
    timed: mcr.scoreHand(catalogue, timedHand),
    timing: {medianBatchedMs: median(batched)},
  };
}
"""


@pytest.fixture(scope="module")
def js(browser):
    """Run all cases in Chromium once and return what mcr.js answered."""
    return run_js_module(browser, MCR_JS, RUN_IN_PAGE, {
        "catalogue": catalogue_json(),
        "scoreCases": [mcr_fans(case) for case in SCORE_CASES],
        "payoffCases": PAYOFF_CASES,
        "timedHand": TIMED_HAND,
    })


@pytest.mark.parametrize(
    "index", range(len(SCORE_CASES)), ids=[case["name"] for case in SCORE_CASES]
)
def test_js_score_case(js, index):
    case, answer = SCORE_CASES[index], js["score"][index]
    if case["status"] == 400:
        with pytest.raises(MalformedHand) as raised:
            score_hand(mcr_fans(case))
        assert not answer["ok"]
        assert (answer["name"], answer["code"]) == ("MalformedHand", raised.value.code)
        assert answer["message"] == str(raised.value)
        return
    assert answer["ok"], answer
    assert answer["result"] == score_hand(mcr_fans(case)).as_dict()
    expect_mcr_score(case, answer["result"])


@pytest.mark.parametrize(
    "index", range(len(PAYOFF_CASES)), ids=[case["name"] for case in PAYOFF_CASES]
)
def test_js_payoff_case(js, index):
    case, answer = PAYOFF_CASES[index], js["payoff"][index]
    if case.get("status", 200) == 400:
        with pytest.raises(MalformedPayoff):
            payoff_request(case["request"])
        assert not answer["ok"]
        assert answer["name"] == "MalformedPayoff"
        return
    assert answer["ok"], answer
    assert answer["result"] == payoff_request(case["request"]).as_dict()
    assert answer["result"]["deltas"] == case["deltas"]


def test_js_payoff_constants_match_the_catalogue(js):
    payoff = catalogue_json()["rules"]["payoff"]
    assert js["payoffConstants"] == {key: payoff[key]
                                     for key in ("extra", "minimum", "seats", "wins")}


def test_js_scores_the_timed_hand_as_python_does(js, record_property):
    # The speed is recorded (in --junitxml reports), not judged: a shared machine's timing
    # says nothing certain about the code.
    assert js["timed"] == score_hand(TIMED_HAND).as_dict()
    for name, value in js["timing"].items():
        record_property(f"mcr.js scoreHand {name}", value)
