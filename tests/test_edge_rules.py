"""The edge rules for text and whole numbers, as pure functions (no app)."""

from __future__ import annotations

import pytest

from judgeaid.edge_rules import ID_MAX, id_problem, int_problem, text_problem


@pytest.mark.parametrize(("value", "multiline", "problem"), [
    ("Zoë Ünal 王小明", False, None),
    ("مريم", False, None),
    ("", False, None),
    ("late\n\tsecond line\r\n", True, None),
    ("Ada\nLovelace", False, "line break or tab"),
    ("Ada\tLovelace", False, "line break or tab"),
    ("Ada\x00", True, "NUL character"),
    ("Ada\ud800", True, "lone surrogate (U+D800)"),
    ("\udfff", False, "lone surrogate (U+DFFF)"),
    ("\x1b[2J", True, "control character (U+001B)"),
    ("\x85", True, "control character (U+0085)"),
    ("\x7f", False, "control character (U+007F)"),
    ("\u202eTigers", False, "text-direction control character (U+202E)"),
    ("\u2066x\u2069", False, "text-direction control character (U+2066)"),
    ("\u202aquoted\u202c", True, None),  # free text may need direction marks
    (12, False, "must be text"),
])
def test_text(value, multiline, problem):
    found = text_problem(value, multiline=multiline)
    assert (found is None) if problem is None else (problem in found), found


def test_text_length_counts_characters():
    assert text_problem("é" * 120, max_length=120) is None
    assert text_problem("é" * 121, max_length=120) == "is longer than 120 characters"


@pytest.mark.parametrize(("value", "problem"), [
    (1, None), (ID_MAX, None), (0, "between 1 and"), (ID_MAX + 1, "between 1 and"),
    (2**63, "between 1 and"), (True, "whole number"), ("7", "whole number"),
    (7.0, "whole number"), (None, "whole number"),
])
def test_ids(value, problem):
    found = id_problem(value)
    assert (found is None) if problem is None else (problem in found), found


def test_int_range():
    assert int_problem(-5, -10, 10) is None
    assert int_problem(11, -10, 10) == "must be between -10 and 10"
