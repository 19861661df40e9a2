"""static/js/rulesets.js, the browser's registry: a ruleset's words by key, its payoff request
kept to what its mirror reads (issue 25). Run in headless Chromium, without a server."""

import json
from pathlib import Path

import pytest

from judgeaid.rules import RULESETS
from judgeaid.wording import script_view
from tests.rules.expect import run_js_module

pytestmark = pytest.mark.browser

RULESETS_JS = Path(__file__).parents[2] / "static" / "js" / "rulesets.js"

RUN_IN_PAGE = """
async ({source, views}) => {
  const registry = await import("data:text/javascript;base64," + source);
  const said = {};
  for (const [code, view] of Object.entries(views)) {
    const rules = registry.ruleset(view);
    said[code] = {
      code: rules.code,
      round: rules.say("js.card.round_title", { round: 7 }),
      missing: rules.say("js.no.such.key"),
      can: rules.can,
    };
  }
  // a payoff request keeps only the fields the mirror's payoff reads
  const seen = [];
  const fake = {
    REQUEST_KEYS: ["value", "win"],
    payoff: (request) => { seen.push(request); return {}; },
  };
  registry.payoff(fake, { value: 8, win: "self", winner: "E", same_turn: ["S"], scheme: "formal" });
  return {
    said,
    seen,
    format: registry.format("{a} and {b}, {a} again; {c} stays", { a: 1, b: "two" }),
    empty: registry.ruleset(null).say("js.card.round_title"),
  };
}
"""


@pytest.fixture(scope="module")
def js(browser):
    views = {code: script_view(code) for code in RULESETS}
    return run_js_module(browser, RULESETS_JS, RUN_IN_PAGE, {"views": views})


def test_each_ruleset_says_its_own_words(js):
    for code, rules in RULESETS.items():
        said = js["said"][code]
        assert said["code"] == code
        assert said["round"] == rules.words.format("js.card.round_title", round=7)
        assert said["can"] == json.loads(json.dumps(rules.can.as_json()))


def test_a_missing_key_shows_its_name_not_another_rulesets_words(js):
    assert {said["missing"] for said in js["said"].values()} == {"js.no.such.key"}
    assert js["empty"] == "js.card.round_title"


def test_placeholders_are_filled_as_python_fills_them(js):
    assert js["format"] == "1 and two, 1 again; {c} stays"


def test_a_payoff_request_keeps_only_what_the_mirror_reads(js):
    assert js["seen"] == [{"value": 8, "win": "self"}]
