"""Run every shared case through static/js/zj.js in headless Chromium, without a server."""

import json
from pathlib import Path

import pytest

from judgeaid.rules.zj import (
    MalformedHand,
    MalformedPayoff,
    catalogue_json,
    implied_label,
    score_hand,
)
from judgeaid.rules.zj.payoff import payoff_request
from tests.rules.expect import expect_payoff, expect_score, run_js_module

pytestmark = pytest.mark.browser

ZJ_JS = Path(__file__).parents[2] / "static" / "js" / "zj.js"
CASES = json.loads((Path(__file__).parents[1] / "zj_cases.json").read_text(encoding="utf-8"))
SCORE_CASES = CASES["score"]
PAYOFF_CASES = CASES["payoff"]
TIMED_HAND = {"4.2.3": 1, "1.2": 1, "4.1": 1, "3.1": 2, "2.1.1": 1, "9.1.1": 1}

RUN_IN_PAGE = """
async ({source, catalogue, scoreCases, payoffCases, timedHand}) => {
  const zj = await import("data:text/javascript;base64," + source);
  const attempt = (run) => {
    try {
      return {ok: true, result: run()};
    } catch (error) {
      return {ok: false, name: error.name, code: error.code ?? null, message: error.message};
    }
  };
  const score = scoreCases.map((c) => attempt(() => zj.scoreHand(catalogue, c.patterns)));
  const payoff = payoffCases.map((c) => attempt(() => zj.payoff(c.request)));
  const labels = score.map((answer) => (answer.ok
    ? answer.result.lines.map((line) => zj.impliedLabel(catalogue, line)) : null));

  for (let i = 0; i < 500; i++) zj.scoreHand(catalogue, timedHand);
  const single = [];
  for (let i = 0; i < 1000; i++) {
    const start = performance.now();
    zj.scoreHand(catalogue, timedHand);
    single.push(performance.now() - start);
  }
  // performance.now() is coarsened in a plain page, so also time batches of 50 calls.
  const batched = [];
  for (let batch = 0; batch < 20; batch++) {
    const start = performance.now();
    for (let i = 0; i < 50; i++) zj.scoreHand(catalogue, timedHand);
    batched.push((performance.now() - start) / 50);
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {
    score,
    labels,
    payoff,
    payoffConstants: zj.PAYOFF,
    timed: zj.scoreHand(catalogue, timedHand),
    timing: {medianSingleMs: median(single), medianBatchedMs: median(batched)},
  };
}
"""


@pytest.fixture(scope="module")
def js(browser):
    """Run all cases in Chromium once and return what zj.js answered."""
    return run_js_module(browser, ZJ_JS, RUN_IN_PAGE, {
        "catalogue": catalogue_json(),
        "scoreCases": SCORE_CASES,
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
            score_hand(case["patterns"])
        assert not answer["ok"]
        assert (answer["name"], answer["code"]) == ("MalformedHand", raised.value.code)
        assert answer["message"] == str(raised.value)
        return
    assert answer["ok"], answer
    score = score_hand(case["patterns"])
    assert answer["result"] == score.as_dict()
    expect_score(case, answer["result"])
    # "included with ..." reads the same on both sides.
    assert js["labels"][index] == [implied_label(line) for line in score.lines]


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
    expect_payoff(case, answer["result"])


def test_js_payoff_constants_match_the_catalogue(js):
    assert js["payoffConstants"] == catalogue_json()["rules"]["payoff"]


def test_js_scores_the_timed_hand_as_python_does(js, record_property):
    # The speed is recorded (in --junitxml reports), not judged: a shared machine's timing
    # says nothing certain about the code.
    assert js["timed"] == score_hand(TIMED_HAND).as_dict()
    for name, value in js["timing"].items():
        record_property(f"zj.js scoreHand {name}", value)
