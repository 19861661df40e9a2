"""Every registered ruleset has its whole text table; an incomplete one is refused."""

from dataclasses import replace

import pytest

from judgeaid.rules import RULESETS, register
from judgeaid.rules.words import KEYS, MissingWords, Words


@pytest.mark.parametrize("code", sorted(RULESETS))
def test_every_registered_ruleset_has_every_key(code):
    words = RULESETS[code].words
    assert set(words) == set(KEYS)
    assert all(isinstance(text, str) for text in words.values())


@pytest.mark.parametrize("code", sorted(RULESETS))
def test_every_standings_column_has_words(code):
    rules = RULESETS[code]
    assert [rules.words[c.label_key] for c in rules.can.standings_columns]


def test_a_ruleset_missing_a_key_is_refused_at_registration():
    zj = RULESETS["zj"]
    table = dict(zj.words)
    del table["card.hand_word"]
    with pytest.raises(MissingWords, match="card.hand_word"):
        register(replace(zj, code="broken", words=Words("broken", table)))
    assert "broken" not in RULESETS


def test_a_ruleset_with_an_unknown_key_is_refused():
    zj = RULESETS["zj"]
    table = dict(zj.words, **{"card.no_such_key": "x"})
    with pytest.raises(MissingWords, match="card.no_such_key"):
        register(replace(zj, code="broken", words=Words("broken", table)))


def test_citations_are_formatted_by_the_ruleset():
    assert RULESETS["zj"].cite("2.3") == "§2.3"
    assert RULESETS["mcr"].cite("3.9.1.3") == "MCR §3.9.1.3"
