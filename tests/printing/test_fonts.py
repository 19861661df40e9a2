"""Which characters of a name no installed font draws, checked against fontconfig's fc-list;
the copies of fonts fpdf2 draws with, scaled to a 1000-unit em."""

import shutil
from pathlib import Path

import pytest
from fontTools.ttLib import TTFont

from judgeaid.printing.fonts import FontFile, drawing_file, font_file, uncovered
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


def _em(file: FontFile) -> int:
    with TTFont(file.path, fontNumber=file.index, lazy=True) as font:
        return font["head"].unitsPerEm


@pytest.fixture
def fresh_cache(tmp_path, monkeypatch):
    """An empty font cache folder, and drawing_file forgetting what it made before."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    drawing_file.cache_clear()
    yield tmp_path / "judgeaid" / "fonts"
    drawing_file.cache_clear()


def test_a_2048_unit_font_is_drawn_from_a_copy_scaled_to_1000_units(fresh_cache):
    dejavu = font_file("DejaVuSans.ttf")
    if dejavu is None:
        pytest.skip("DejaVu Sans is not installed: `make fonts`")
    drawn = drawing_file(dejavu)
    assert Path(drawn.path).parent == fresh_cache and _em(dejavu) == 2048
    assert _em(drawn) == 1000
    with TTFont(dejavu.path) as source, TTFont(drawn.path) as copy:
        assert copy.getBestCmap() == source.getBestCmap()
        for glyph in ("A", "W", "space", "uni0639"):  # uni0639: Arabic ain
            assert copy["hmtx"][glyph][0] == round(source["hmtx"][glyph][0] * 1000 / 2048)
        assert "fpgm" not in copy and "prep" not in copy  # hints left wrong by scaling
    # Made once: another process (here, a cleared cache) finds the same file and keeps it.
    made = Path(drawn.path).stat().st_mtime_ns
    drawing_file.cache_clear()
    assert drawing_file(dejavu) == drawn
    assert Path(drawn.path).stat().st_mtime_ns == made
    assert [p.name for p in fresh_cache.iterdir()] == [Path(drawn.path).name]


def test_a_1000_unit_font_is_drawn_as_it_is(fresh_cache):
    cjk = font_file("NotoSansCJK-Regular.ttc#Noto Sans CJK SC")
    if cjk is None:
        pytest.skip("Noto CJK is not installed: `make fonts`")
    assert drawing_file(cjk) == cjk
    assert not fresh_cache.exists()


def test_an_unwritable_cache_falls_back_to_a_folder_of_the_process(fresh_cache):
    dejavu = font_file("DejaVuSansMono.ttf")
    if dejavu is None:
        pytest.skip("DejaVu Sans Mono is not installed: `make fonts`")
    fresh_cache.parent.mkdir(parents=True)
    fresh_cache.write_text("a file where the folder should be")
    drawn = drawing_file(dejavu)
    assert not Path(drawn.path).is_relative_to(fresh_cache.parent)
    assert _em(drawn) == 1000
