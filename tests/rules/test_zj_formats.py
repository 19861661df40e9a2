"""Formats and their editable settings (§3.1–§3.4, §1.9)."""

import pytest

from judgeaid.rules.zj.formats import FORMATS, default_settings, validate_settings


def test_six_formats_are_offered():
    assert set(FORMATS) == {"som_league", "csom", "rsom", "nwsom", "casual", "competitive"}


@pytest.mark.parametrize(("code", "advance", "final_day", "bank"), [
    ("rsom", 16, [16, 8, 4], 180), ("nwsom", 32, [32, 16, 8, 4], 180),
    ("csom", None, [], None), ("som_league", None, [], None),
])
def test_competitive_formats_have_a_final_day(code, advance, final_day, bank):
    s = default_settings(code)
    assert (s["advance"], s["final_day"], s["round_bank_seconds"]) == (advance, final_day, bank)


def test_defaults_are_fresh_copies():
    default_settings("csom")["final_day"].append(1)
    assert default_settings("csom")["final_day"] == []


@pytest.mark.parametrize(("values", "problem"), [
    ({"sessions": "0"}, "sessions must be between 1 and 12."),
    ({"turn_seconds": "fast"}, "turn seconds must be a whole number."),
    ({"rotation": "clockwise"}, "rotation must be standard or league."),
    ({"payoff_scheme": "uniform"}, "sanctioned events use the formal payoff scheme (§2.3)."),
])
def test_bad_settings_are_reported(values, problem):
    _, problems = validate_settings("csom", values)
    assert problems == [problem]


def test_empty_session_minutes_means_no_limit():
    settings, problems = validate_settings("casual", {"session_minutes": ""})
    assert problems == [] and settings["session_minutes"] is None
