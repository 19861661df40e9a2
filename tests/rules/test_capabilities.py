"""Every registered ruleset supplies each capability its Protocol states, callable as stated."""

from dataclasses import replace

import pytest

from judgeaid.rules import RULESETS, register
from judgeaid.rules.ruleset import CAPABILITIES, missing_capabilities, protocol_members

CODES = sorted(RULESETS)


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("part", sorted(CAPABILITIES))
def test_each_capability_satisfies_its_protocol(code, part):
    assert isinstance(getattr(RULESETS[code], part), CAPABILITIES[part])


@pytest.mark.parametrize("code", CODES)
def test_every_method_takes_the_call_its_protocol_states(code):
    assert missing_capabilities(RULESETS[code]) == []


@pytest.mark.parametrize("part", sorted(CAPABILITIES))
def test_every_protocol_member_says_what_it_is(part):
    protocol = CAPABILITIES[part]
    methods = [name for name in protocol_members(protocol)
               if callable(protocol.__dict__.get(name))]
    assert methods and protocol.__doc__
    for name in methods:
        assert (protocol.__dict__[name].__doc__ or "").strip(), f"{part}.{name}"


class _Half:
    """A ranking that forgot most of its Protocol."""

    def rank(self, entries):
        return []


def test_a_ruleset_lacking_a_member_is_refused_at_registration():
    zj = RULESETS["zj"]
    with pytest.raises(TypeError, match=r"ranking\.table_points"):
        register(replace(zj, code="half", ranking=_Half()))
    assert "half" not in RULESETS


def test_a_method_that_cannot_take_the_stated_call_is_named():
    zj = RULESETS["zj"]

    class Scoring(type(zj.scoring)):
        @staticmethod
        def payoff(value):
            return None

    problems = missing_capabilities(replace(zj, scoring=Scoring()))
    assert [p.split("(")[0] for p in problems] == ["scoring.payoff"]
