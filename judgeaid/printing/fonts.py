"""Font files by family and style, found through fontconfig as WeasyPrint (Pango) finds them.

The stamped printing path draws text itself, so it must use the very files the HTML path
would use: the same fontconfig lookup, asked for a family, a weight, a slant and a width.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from dataclasses import dataclass
from functools import cache

# fontconfig's constants (fontconfig.h)
_MATCH_PATTERN = 0
_RESULT_MATCH = 0
WEIGHT_REGULAR, WEIGHT_BOLD = 80, 200
SLANT_ROMAN, SLANT_OBLIQUE = 0, 110
WIDTH_NORMAL, WIDTH_CONDENSED = 100, 87


@dataclass(frozen=True)
class FontFile:
    """A font face on disk: the file, the face's index in it, and the family it answers to."""

    path: str
    index: int
    family: str


@cache
def _fontconfig():
    name = ctypes.util.find_library("fontconfig") or "libfontconfig.so.1"
    try:
        lib = ctypes.CDLL(name)
    except OSError:
        return None
    lib.FcPatternCreate.restype = ctypes.c_void_p
    lib.FcPatternDestroy.argtypes = [ctypes.c_void_p]
    lib.FcPatternAddString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p]
    lib.FcPatternAddInteger.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
    lib.FcConfigSubstitute.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
    lib.FcDefaultSubstitute.argtypes = [ctypes.c_void_p]
    lib.FcFontMatch.restype = ctypes.c_void_p
    lib.FcFontMatch.argtypes = [ctypes.c_void_p, ctypes.c_void_p,
                                ctypes.POINTER(ctypes.c_int)]
    lib.FcPatternGetString.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                                       ctypes.POINTER(ctypes.c_char_p)]
    lib.FcPatternGetInteger.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                                        ctypes.POINTER(ctypes.c_int)]
    return lib


@cache
def find_font(family: str, *, bold: bool = False, oblique: bool = False,
              condensed: bool = False) -> FontFile | None:
    """Return the face fontconfig picks for this family and style, or None if it has none.

    fontconfig always answers with its best guess; a guess from another family is no
    answer here, since the caller then falls back to a font it chooses itself.
    """
    lib = _fontconfig()
    if lib is None:
        return None
    pattern = lib.FcPatternCreate()
    try:
        lib.FcPatternAddString(pattern, b"family", family.encode())
        lib.FcPatternAddInteger(pattern, b"weight", WEIGHT_BOLD if bold else WEIGHT_REGULAR)
        lib.FcPatternAddInteger(pattern, b"slant", SLANT_OBLIQUE if oblique else SLANT_ROMAN)
        lib.FcPatternAddInteger(pattern, b"width",
                                WIDTH_CONDENSED if condensed else WIDTH_NORMAL)
        lib.FcConfigSubstitute(None, pattern, _MATCH_PATTERN)
        lib.FcDefaultSubstitute(pattern)
        result = ctypes.c_int()
        match = lib.FcFontMatch(None, pattern, ctypes.byref(result))
    finally:
        lib.FcPatternDestroy(pattern)
    if not match:
        return None
    try:
        families = []
        value = ctypes.c_char_p()
        while lib.FcPatternGetString(match, b"family", len(families),
                                     ctypes.byref(value)) == _RESULT_MATCH:
            families.append(value.value.decode())
        if family.casefold() not in {f.casefold() for f in families}:
            return None
        if lib.FcPatternGetString(match, b"file", 0, ctypes.byref(value)) != _RESULT_MATCH:
            return None
        path = value.value.decode()
        index = ctypes.c_int(0)
        lib.FcPatternGetInteger(match, b"index", 0, ctypes.byref(index))
        return FontFile(path, index.value, family)
    finally:
        lib.FcPatternDestroy(match)


class _FontSet(ctypes.Structure):
    _fields_ = [("nfont", ctypes.c_int), ("sfont", ctypes.c_int),
                ("fonts", ctypes.POINTER(ctypes.c_void_p))]


@cache
def _charsets() -> tuple[tuple[ctypes.c_void_p, ...], object] | None:
    """Return the character set of every installed font, as fontconfig keeps them.

    These are the sets Pango consults when it falls back from the stylesheet's fonts to any
    font that has a glyph, so a character none of them has prints as an empty box on either
    printing path. fontconfig reads each font's cmap once into its cache, which makes this
    one quick call rather than a read of every font file.
    """
    lib = _fontconfig()
    if lib is None:
        return None
    lib.FcObjectSetBuild.restype = ctypes.c_void_p
    lib.FcObjectSetBuild.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    lib.FcFontList.restype = ctypes.POINTER(_FontSet)
    lib.FcFontList.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
    lib.FcPatternGetCharSet.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int,
                                        ctypes.POINTER(ctypes.c_void_p)]
    lib.FcCharSetHasChar.argtypes = [ctypes.c_void_p, ctypes.c_uint32]
    lib.FcCharSetHasChar.restype = ctypes.c_int
    pattern = lib.FcPatternCreate()
    objects = lib.FcObjectSetBuild(b"charset", None)
    # The font set is kept for the life of the process: the charsets below point into it.
    fonts = lib.FcFontList(None, pattern, objects)
    lib.FcPatternDestroy(pattern)
    if not fonts:
        return None
    found = []
    for i in range(fonts.contents.nfont):
        charset = ctypes.c_void_p()
        if lib.FcPatternGetCharSet(fonts.contents.fonts[i], b"charset", 0,
                                   ctypes.byref(charset)) == _RESULT_MATCH:
            found.append(charset)
    return tuple(found), fonts


@cache
def is_covered(char: str) -> bool:
    """Return True if some installed font has a glyph for char (spaces and controls pass)."""
    if char.isspace() or not char.isprintable():
        return True
    sets = _charsets()
    if sets is None:  # no fontconfig: WeasyPrint could not print at all, so no list either
        return True
    lib = _fontconfig()
    return any(lib.FcCharSetHasChar(charset, ord(char)) for charset in sets[0])


def uncovered(text: str) -> list[str]:
    """Return the characters of text, once each and in order, that no installed font draws."""
    missing: list[str] = []
    for char in text:
        if char not in missing and not is_covered(char):
            missing.append(char)
    return missing
