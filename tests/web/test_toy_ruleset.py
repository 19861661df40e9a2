"""A third ruleset costs its package and one registration line (issue 25, point 5).

Toyland (tests/toy_ruleset) is registered only in the tests, by `register(TOY)` in a fixture
(tests/web/conftest.py); nothing in judgeaid/, templates/ or static/ names it, and outside
that fixture the registry and `flask demo --ruleset` hold exactly zj and mcr. Its pages are
crawled with every other ruleset's (tests/web/test_ruleset_words_crawl.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from judgeaid.rules import RULESETS, missing_capabilities, register
from judgeaid.rules.words import KEYS
from tests.conftest import login
from tests.printing import cards_pdf, page_texts
from tests.toy_ruleset import TOY
from tests.toy_ruleset.words import OWN
from tests.web.test_ruleset_words_crawl import foreign_words

ROOT = Path(__file__).resolve().parents[2]


def test_outside_the_tests_the_registry_holds_exactly_zj_and_mcr(tmp_path):
    from judgeaid import create_app

    assert sorted(RULESETS) == ["mcr", "zj"]
    # an app made now (the suite's shared app may have been made while a module of this
    # folder had the toy registered: its commands offer the registry as it was then)
    app = create_app({"TESTING": True,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'cli.db'}"})
    help_text = app.test_cli_runner().invoke(args=["demo", "--help"]).output
    assert re.search(r"\[(mcr\|zj|zj\|mcr)\]", help_text), help_text


def test_the_toy_registers_with_one_line_and_leaves_again():
    assert missing_capabilities(TOY) == []
    register(TOY)
    try:
        assert RULESETS["toy"] is TOY
    finally:
        del RULESETS["toy"]
    assert sorted(RULESETS) == ["mcr", "zj"]


def test_nothing_outside_the_tests_names_the_toy():
    named = [str(path.relative_to(ROOT))
             for folder in ("judgeaid", "templates", "static")
             for path in (ROOT / folder).rglob("*") if path.is_file()
             and path.suffix in (".py", ".html", ".js", ".css", ".json", ".txt")
             and re.search(r"\btoy(land)?\b|toy_ruleset", path.read_text(errors="ignore"),
                           re.I)]
    assert named == []


def test_the_toys_words_are_its_own():
    zj, mcr = RULESETS["zj"].words, RULESETS["mcr"].words
    # a sentence is never another ruleset's (a one-word label such as "hand" may agree)
    copied = [key for key in KEYS if len(TOY.words[key].split()) > 3
              and TOY.words[key] in (zj[key], mcr[key])]
    assert copied == []
    assert TOY.cite("4.2") == "Toy rule 4.2"
    assert set(OWN) <= set(KEYS)


def test_the_toys_game():
    payout = TOY.scoring.payoff(3, "self", "N")
    assert payout.deltas == {"E": -3, "S": -3, "W": -3, "N": 9}
    assert TOY.scoring.score_hand({"pair": 1, "crown": 1}).value == 15
    seats = TOY.session.session_seats({"E": 1, "S": 2, "W": 3, "N": 4}, "fixed")
    assert len(seats) == 8 == TOY.session.rounds
    # seats fixed: the same four players sit in the same seats for all 8 hands
    assert {tuple(sorted(s.seats.items())) for s in seats} == {
        tuple(sorted(seats[0].seats.items()))}


@pytest.mark.parametrize("role", ["judge"])
def test_the_toys_printed_cards_speak_its_words(ruleset_events, role):
    app, made = ruleset_events
    demo = made["toy"]
    client = app.test_client()
    login(client, demo, role)
    response = cards_pdf(client, demo)
    assert response.status_code == 200, response.get_data(as_text=True)[:500]
    texts = page_texts(response.data)
    assert texts and all(not foreign_words("toy", text) for text in texts), [
        foreign_words("toy", text) for text in texts]
