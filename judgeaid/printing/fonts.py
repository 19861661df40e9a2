"""The font files the printed data is drawn with, and which characters they cover.

Each face of the print stylesheet is a list of known files (what Debian's font packages
install: `make fonts`), the first one on this machine draws and the rest are its
fallbacks, in the stylesheet's order. A character none of them has is looked up among all
installed fonts with fontconfig's own `fc-list`, as Pango falls back to any font.

fpdf2 draws from a copy of each font scaled to a 1000-unit em (`drawing_file`): fpdf2 2.8
compares HarfBuzz's advances, in font units, with glyph widths in thousandths of an em, and
where the two differ it gives every glyph a text position of its own, which PDF readers
(pdfium) then read a letter a line. With a 1000-unit em the two units are one.
"""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile
from contextlib import closing
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from fontTools import version as fonttools_version
from fontTools.ttLib import TTCollection, TTFont
from fontTools.ttLib.scaleUpem import scale_upem

FONT_DIRS = ("/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts")
EM = 1000  # font units an em in the fonts fpdf2 draws with
# Tables of TrueType hinting, which scaling the em leaves wrong: dropped, as
# `fonttools subset --no-hinting` drops them (PDF readers draw unhinted anyway).
HINTING_TABLES = ("cvt ", "cvar", "fpgm", "prep", "hdmx", "VDMX", "LTSH")


@dataclass(frozen=True)
class FontFile:
    """A font face on disk: the file and the face's index in it (collections hold several)."""

    path: str
    index: int = 0


@dataclass(frozen=True)
class Face:
    """A stylesheet face: files by name, "file.ttc#Family" naming a face of a collection;
    the first found draws, the others are fallbacks."""

    files: tuple[str, ...]
    fallbacks: tuple[str, ...] = ()

    def found(self) -> list[FontFile]:
        """Return this machine's files of the face, in order: the drawing one first."""
        return [f for f in map(font_file, self.files + self.fallbacks) if f is not None]


# The print stylesheets' faces (templates/print/_sheet_base.css): DejaVu, else Liberation; then
# Noto CJK for Chinese, Japanese and Korean, TLWG Waree for Thai. DejaVu draws Arabic and
# Hebrew itself; its oblique has no Arabic, which its upright then draws.
CJK = "NotoSansCJK-Regular.ttc#Noto Sans CJK SC"
CJK_BOLD = "NotoSansCJK-Bold.ttc#Noto Sans CJK SC"
CJK_MONO = "NotoSansCJK-Regular.ttc#Noto Sans Mono CJK SC"
CJK_MONO_BOLD = "NotoSansCJK-Bold.ttc#Noto Sans Mono CJK SC"
FACES = {
    "sans": Face(("DejaVuSans.ttf", "LiberationSans-Regular.ttf"), (CJK, "Waree.ttf")),
    "bold": Face(("DejaVuSans-Bold.ttf", "LiberationSans-Bold.ttf"),
                 (CJK_BOLD, "Waree-Bold.ttf")),
    "oblique": Face(("DejaVuSans-Oblique.ttf", "LiberationSans-Italic.ttf"),
                    ("DejaVuSans.ttf", CJK, "Waree-Oblique.ttf")),
    "head": Face(("DejaVuSansCondensed-Bold.ttf", "DejaVuSans-Bold.ttf",
                  "LiberationSansNarrow-Bold.ttf"), (CJK_BOLD, "Waree-Bold.ttf")),
    "mono": Face(("DejaVuSansMono.ttf", "LiberationMono-Regular.ttf"),
                 (CJK_MONO, "DejaVuSans.ttf", "Waree.ttf")),
    "mono-bold": Face(("DejaVuSansMono-Bold.ttf", "LiberationMono-Bold.ttf"),
                      (CJK_MONO_BOLD, "DejaVuSans-Bold.ttf", "Waree-Bold.ttf")),
}


def faces_for(region: str = "SC") -> dict[str, Face]:
    """Return the faces with Noto CJK's glyphs of a region: "SC" (Simplified, the default) or
    "TC" (Traditional), as the print language asks (printing/language.cjk_region)."""
    if region == "SC":
        return FACES
    return {name: Face(face.files, tuple(f.replace(" SC", f" {region}") if "CJK" in f else f
                                         for f in face.fallbacks))
            for name, face in FACES.items()}


@cache
def _installed() -> dict[str, Path]:
    """Return every font file under the usual folders, by file name (first one wins)."""
    found: dict[str, Path] = {}
    for folder in FONT_DIRS:
        for root, _, names in os.walk(Path(folder).expanduser()):
            for name in names:
                found.setdefault(name, Path(root) / name)
    return found


@cache
def font_file(spec: str) -> FontFile | None:
    """Return the file "name.ttf" (or the face "name.ttc#Family") if this machine has it."""
    name, _, family = spec.partition("#")
    path = _installed().get(name)
    if path is None:
        return None
    if not family:
        return FontFile(str(path))
    with closing(TTCollection(str(path), lazy=True)) as collection:
        names = [font["name"].getDebugName(1) for font in collection.fonts]
    return FontFile(str(path), names.index(family)) if family in names else None


@cache
def cmap(file: FontFile) -> frozenset[int]:
    """Return the code points a font face has glyphs for."""
    with TTFont(file.path, fontNumber=file.index, lazy=True) as font:
        return frozenset(font.getBestCmap())


@cache
def installed_font_for(char: str) -> FontFile | None:
    """Return an installed font with a glyph for char, as fontconfig's fc-list finds one."""
    if shutil.which("fc-list") is None:
        return None
    found = subprocess.run(["fc-list", f":charset={ord(char):x}", "--format",
                            "%{file}\t%{index}\n"], capture_output=True, text=True,
                           check=False).stdout.split("\n")
    files = sorted(line.split("\t") for line in found if line)
    return FontFile(files[0][0], int(files[0][1])) if files else None


def is_covered(char: str, faces: list[Face]) -> bool:
    """Return True if some font of the faces, or else some installed font, draws char."""
    if char.isspace() or not char.isprintable():
        return True
    code = ord(char)
    return (any(code in cmap(file) for face in faces for file in face.found())
            or installed_font_for(char) is not None)


def uncovered(text: str, faces: list[Face] | None = None) -> list[str]:
    """Return the characters of text, once each and in order, that no font here draws."""
    faces = list(FACES.values()) if faces is None else faces
    missing: list[str] = []
    for char in text:
        if char not in missing and not is_covered(char, faces):
            missing.append(char)
    return missing


def cache_folder() -> Path:
    """Return the folder the scaled copies of fonts are kept in, across runs."""
    return Path(os.environ.get("XDG_CACHE_HOME") or "~/.cache").expanduser() / "judgeaid" / "fonts"


@cache
def _scratch_folder() -> Path:
    """Return a folder of this process's own, for when the cache folder cannot be written;
    it goes when the process ends."""
    folder = tempfile.mkdtemp(prefix="judgeaid-fonts-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return Path(folder)


@cache
def drawing_file(file: FontFile) -> FontFile:
    """Return the font file fpdf2 should draw `file` with: itself if its em is 1000 units,
    else a copy scaled to a 1000-unit em, its hinting dropped.

    Scaling DejaVu Sans takes about a second, so a copy is made once and kept in
    `cache_folder()`, named by the file, its size and time and the fontTools version.
    """
    with TTFont(file.path, fontNumber=file.index, lazy=True) as font:
        if font["head"].unitsPerEm == EM:
            return file
    stat = os.stat(file.path)
    name = (f"{Path(file.path).stem}-{file.index}-{stat.st_size}-{stat.st_mtime_ns}"
            f"-fonttools{fonttools_version}-em{EM}.ttf")
    for folder in (cache_folder(), _scratch_folder()):
        target = folder / name
        if target.is_file():
            return FontFile(str(target))
        try:
            folder.mkdir(parents=True, exist_ok=True)
            _write_scaled(file, target)
        except OSError:
            continue
        return FontFile(str(target))
    raise RuntimeError(f"Could not write a scaled copy of {file.path} in {cache_folder()} "
                       "nor in a temporary folder.")


def _write_scaled(file: FontFile, target: Path) -> None:
    """Write file's face, scaled to a 1000-unit em and unhinted, as target.

    Written beside target and renamed into place, so a reader never sees half a file."""
    with TTFont(file.path, fontNumber=file.index) as font:
        scale_upem(font, EM)
        for table in HINTING_TABLES:
            if table in font:
                del font[table]
        if "glyf" in font:
            font["glyf"].removeHinting()
        handle, name = tempfile.mkstemp(dir=target.parent, suffix=".part")
        os.close(handle)
        part = Path(name)
        try:
            font.save(part)
            os.replace(part, target)
        finally:
            part.unlink(missing_ok=True)
