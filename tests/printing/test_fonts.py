"""Which characters of a name no installed font draws, checked against fontconfig's fc-list."""

import shutil

import pytest

from judgeaid.printing.fonts import uncovered
from tests.printing.conftest import CANDIDATES, covered_by_some_font


def test_each_missing_character_once_in_order(missing_char):
    name = f"A {missing_char}b{missing_char} c"
    assert uncovered(name) == [missing_char]


@pytest.mark.parametrize("name", ["Ærø Ødegård", "Zoë Ñúñez", "   ", "Jean-Luc O'Neil"])
def test_latin_names_and_spaces_print(name):
    assert uncovered(name) == []


def test_the_answer_agrees_with_fc_list_for_every_candidate():
    if not shutil.which("fc-list"):
        pytest.skip("fontconfig's fc-list is not installed")
    for char in CANDIDATES + "王김た":
        assert (uncovered(char) == []) is covered_by_some_font(char), f"U+{ord(char):04X}"
