"""Every script through the one drawing path: HarfBuzz shapes Latin, CJK, Thai and Arabic."""

import shutil
import subprocess

import pytest
from PIL import ImageChops

from judgeaid.printing.fonts import FACES, font_file, uncovered
from judgeaid.printing.overlay import Overlay
from tests.printing import char_boxes, page_images, page_texts

NAMES = {"latin": "Zoë Ñúñez", "cjk": "王小明", "thai": "สมชาย ใจดี", "arabic": "عائشة"}


def draw(*lines: str, face: str = "sans") -> bytes:
    overlay = Overlay(4, 3, FACES)
    overlay.add_page()
    for i, line in enumerate(lines):
        overlay.lines(0.2, 0.2 + 0.5 * i, line, face=face, size=20, line_height=0.4)
    return overlay.output()


def has_font_for(script: str) -> bool:
    sample = NAMES[script][0]
    return bool(shutil.which("fc-list")) and bool(subprocess.run(
        ["fc-list", f":charset={ord(sample):x}", "file"], capture_output=True, text=True,
        check=True).stdout.strip())


@pytest.mark.parametrize("face", sorted(FACES))
def test_each_script_is_drawn_in_every_face(face):
    names = [name for script, name in NAMES.items() if has_font_for(script)]
    if len(names) < len(NAMES):
        pytest.skip("a script has no font here: `make fonts` installs them")
    assert all(uncovered(name) == [] for name in names)
    text = page_texts(draw(*names, face=face))[0]
    for name in names:
        # pdfium reads a Thai mark stacked over another on a line of its own: compare letters.
        assert "".join(name.split()) in "".join(text.split()), (face, name)


def test_arabic_is_joined_and_right_to_left():
    name = NAMES["arabic"]
    pdf = draw(name)
    letters = [(char, box) for char, box in char_boxes(pdf)[0] if not char.isspace()]
    assert "".join(char for char, _ in letters) == name  # read in logical order
    lefts = [box[0] for _, box in letters]
    assert lefts == sorted(lefts, reverse=True)  # the first letter is drawn rightmost
    # Joined: the same letters kept apart by zero-width non-joiners look different,
    # and take more room, than the word drawn whole.
    apart = draw("\u200c".join(name))
    assert ImageChops.difference(*(page_images(p)[0].convert("L") for p in (pdf, apart))
                                 ).getbbox()
    kept_apart = [(c, b) for c, b in char_boxes(apart)[0] if c.strip("\u200c ")]
    width = [max(b[1] for _, b in boxes) - min(b[0] for _, b in boxes)
             for boxes in (letters, kept_apart)]
    assert width[0] < width[1]


def test_thai_marks_sit_over_their_letters():
    if font_file("Waree.ttf") is None:
        pytest.skip("no Thai font here: `make fonts` installs fonts-tlwg-waree-ttf")
    boxes = char_boxes(draw("ที่"))[0]
    base, vowel, tone = (box for char, box in boxes if not char.isspace())
    # The vowel above the consonant, the tone mark above the vowel: one column, three tiers.
    assert base[0] - 0.02 <= vowel[0] and vowel[1] <= base[1] + 0.02
    assert base[0] - 0.02 <= tone[0] and tone[1] <= base[1] + 0.02
    assert tone[2] < vowel[2] < base[2]
