"""Fixtures of the printing tests: characters that this machine's fonts have, or lack."""

import shutil
import subprocess

import pytest

# Letters of scripts, and mahjong tiles, that a machine may or may not have a font for.
CANDIDATES = "\U0001F004\U0001F010\u1200\u13A0\u16A0\u2D30\uA500\U00010900\U0001E900\u0F40"


def covered_by_some_font(char: str) -> bool:
    """Ask fontconfig's own command which installed fonts have char."""
    found = subprocess.run(["fc-list", f":charset={ord(char):x}", "file"], capture_output=True,
                           text=True, check=True).stdout
    return bool(found.strip())


@pytest.fixture
def missing_char():
    """A character that no font installed here has, found by asking fc-list."""
    if not shutil.which("fc-list"):
        pytest.skip("fontconfig's fc-list is not installed")
    for char in CANDIDATES:
        if not covered_by_some_font(char):
            return char
    pytest.skip("every candidate character has a font here")


@pytest.fixture
def chinese():
    """A name in Chinese, when a CJK font is installed (make test installs Noto CJK)."""
    if not shutil.which("fc-list") or not covered_by_some_font("王"):
        pytest.skip("no CJK font here: make test installs fonts-noto-cjk")
    return "王小明"
