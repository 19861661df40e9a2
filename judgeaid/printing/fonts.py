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
