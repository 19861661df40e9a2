"""Each page's own data drawn straight onto PDF pages, then laid over a form drawn once.

WeasyPrint lays out a fixed form well but costs a few tens of milliseconds per box of text
on every page. When the data's places are known in advance (the card's geometry fixes every
line), drawing it directly costs a tenth as much: fpdf2 writes the text (fonts found
by fontconfig, as WeasyPrint finds them), and pikepdf puts the form, rendered once by
WeasyPrint, under every page as one shared form object.
"""

from __future__ import annotations

import base64
import io
import logging
import unicodedata
from collections.abc import Callable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from functools import cache
from typing import NamedTuple

import pikepdf
from fpdf import FPDF

from judgeaid.printing.fonts import FontFile, find_font

POINT = 1 / 72  # inches
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Face:
    """A CSS font stack in one style: families in order, the first one required."""

    families: tuple[str, ...]
    bold: bool = False
    oblique: bool = False
    condensed: bool = False

    def files(self) -> list[FontFile]:
        """Return the stack's font files that this machine has, in order."""
        found = [find_font(family, bold=self.bold, oblique=self.oblique,
                           condensed=self.condensed and i == 0)
                 for i, family in enumerate(self.families)]
        return [f for f in found if f is not None]


class _Font(NamedTuple):
    name: str  # as registered with fpdf2
    cmap: dict[int, str]
    ascent: float  # in ems
    descent: float
    units: int  # per em
    advances: dict[str, int]  # by glyph name, in font units
    kerning: Kerning


def _pair_tables(lookup) -> list:
    """Return a GPOS lookup's pair-adjustment subtables (type 2, or 9 wrapping type 2)."""
    if lookup.LookupType == 2:
        return list(lookup.SubTable)
    if lookup.LookupType == 9:
        return [table.ExtSubTable for table in lookup.SubTable
                if table.ExtensionLookupType == 2]
    return []


class Kerning:
    """A font's pair kerning, as HarfBuzz applies it for Pango: the GPOS `kern` feature's
    pair adjustments (else the old `kern` table), in font units."""

    def __init__(self, ttfont):
        self._lookups: list = []
        self._table: dict[tuple[str, str], int] = {}
        self._cache: dict[tuple[str, str], int] = {}
        if "GPOS" in ttfont and ttfont["GPOS"].table.FeatureList:
            gpos = ttfont["GPOS"].table
            indexes = sorted({i for record in gpos.FeatureList.FeatureRecord
                              if record.FeatureTag == "kern"
                              for i in record.Feature.LookupListIndex})
            self._lookups = [tables for tables in (
                _pair_tables(gpos.LookupList.Lookup[i]) for i in indexes) if tables]
        if not self._lookups and "kern" in ttfont:
            for table in ttfont["kern"].kernTables:
                self._table.update(getattr(table, "kernTable", {}))

    def __call__(self, left: str, right: str) -> int:
        """Return the adjustment of the advance between two glyphs, by name."""
        pair = (left, right)
        if pair not in self._cache:
            self._cache[pair] = (sum(self._lookup(lookup, left, right)
                                     for lookup in self._lookups)
                                 if self._lookups else self._table.get(pair, 0))
        return self._cache[pair]

    @staticmethod
    def _lookup(tables: list, left: str, right: str) -> int:
        # Within a lookup, the first subtable that covers the left glyph decides.
        for table in tables:
            if table.Format == 1 and left in table.Coverage.glyphs:
                pairs = table.PairSet[table.Coverage.glyphs.index(left)].PairValueRecord
                record = next((r for r in pairs if r.SecondGlyph == right), None)
                return getattr(getattr(record, "Value1", None), "XAdvance", 0) or 0
            if table.Format == 2 and left in table.Coverage.glyphs:
                first = table.ClassDef1.classDefs.get(left, 0)
                second = table.ClassDef2.classDefs.get(right, 0)
                value = table.Class1Record[first].Class2Record[second].Value1
                return getattr(value, "XAdvance", 0) or 0
        return 0


class CannotDraw(Exception):
    """Some text needs what only the HTML path has (a font, shaping): use that path."""


def drawn_or_none(draw: Callable[[], bytes], what: str) -> bytes | None:
    """Return the pages `draw` makes, or None when some text needs the HTML path (logged)."""
    try:
        return draw()
    except CannotDraw as reason:
        log.info("%s laid out by WeasyPrint: %s", what, reason)
        return None


# Scripts whose letters change shape or order in context (Arabic, Indic, Thai...) need a
# shaping engine, which the HTML path has (Pango) and this one has not.
_SHAPED = ((0x0590, 0x08FF), (0x0900, 0x0DFF), (0x0E00, 0x0FFF), (0x1000, 0x109F),
           (0x1100, 0x11FF), (0x1700, 0x1CFF), (0xA800, 0xABFF), (0xD7B0, 0xD7FF),
           (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF), (0x10000, 0x10FFFF))
_RIGHT_TO_LEFT = {"R", "AL", "AN", "RLE", "RLO", "LRE", "LRO", "PDF", "RLI", "LRI", "FSI",
                  "PDI", "NSM"}


@cache
def drawn_plainly(char: str) -> bool:
    """Return True if char needs no shaping: drawn alone, left to right, it is right."""
    code = ord(char)
    return not (unicodedata.combining(char) or unicodedata.category(char) in ("Cf", "Co")
                or unicodedata.bidirectional(char) in _RIGHT_TO_LEFT
                or any(low <= code <= high for low, high in _SHAPED))


class Overlay:
    """Pages of positioned text, images and boxes, in inches from each page's top-left."""

    def __init__(self, width: float, height: float, faces: dict[str, Face], title: str = ""):
        self.pdf = FPDF(unit="in", format=(width, height))
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margin(0)
        self.pdf.set_compression(True)
        self.pdf.set_creator("judgeaid")
        if title:
            self.pdf.set_title(title)
        self._faces = faces
        self._stacks: dict[str, list[_Font | None]] = {}
        self._files: dict[str, list[FontFile]] = {}
        self._images: dict[str, object] = {}

    # ------------------------------------------------------------ fonts

    def _stack(self, face: str) -> list[_Font | None]:
        """Return the face's fonts: the first family loaded, the others as None till needed."""
        if face not in self._stacks:
            files = self._faces[face].files()
            if not files or files[0].family != self._faces[face].families[0]:
                raise CannotDraw(f"This machine has no {self._faces[face].families[0]}.")
            self._files[face] = files
            self._stacks[face] = [self._load(face, 0)] + [None] * (len(files) - 1)
        return self._stacks[face]

    def _load(self, face: str, i: int) -> _Font:
        file = self._files[face][i]
        name = f"{face}-{i}"
        self.pdf.add_font(name, "", file.path, collection_font_number=file.index)
        font = self.pdf.fonts[name.lower()]
        ttfont = font.ttfont
        units, hhea = ttfont["head"].unitsPerEm, ttfont["hhea"]
        advances = {glyph: metrics[0] for glyph, metrics in ttfont["hmtx"].metrics.items()}
        return _Font(name, font.cmap, hhea.ascent / units, -hhea.descent / units, units,
                     advances, Kerning(ttfont))

    def _font_for(self, face: str, char: str) -> _Font:
        """Return the first font of the face with a glyph for char, loading it if need be."""
        stack = self._stacks[face]
        for i, font in enumerate(stack):
            if font is None:
                font = stack[i] = self._load(face, i)
            if ord(char) in font.cmap:
                return font
        raise CannotDraw(f"No font here draws {char!r} (U+{ord(char):04X}).")

    def _runs(self, face: str, text: str) -> list[tuple[_Font, str]]:
        """Split text into runs of one font each: the first in the stack that has the glyph."""
        primary = self._stacks[face][0]
        if text.isascii() and all(ord(char) in primary.cmap for char in text):
            return [(primary, text)]
        runs: list[tuple[_Font, str]] = []
        for char in text:
            if not drawn_plainly(char):
                raise CannotDraw(f"{char!r} (U+{ord(char):04X}) needs text shaping.")
            font = self._font_for(face, char)
            if runs and runs[-1][0] is font:
                runs[-1] = (font, runs[-1][1] + char)
            else:
                runs.append((font, char))
        return runs

    # ------------------------------------------------------------ drawing

    def add_page(self) -> None:
        """Start a new page."""
        self.pdf.add_page()

    def lines(self, left: float, top: float, text: str, *, face: str, size: float,
              line_height: float, clip: tuple[float, float, float, float] | None = None,
              colour: str = "#000000", center: float | None = None) -> None:
        """Draw text's lines (split at newlines) as CSS lays out a block of `white-space: pre`.

        top is the block's content edge and line_height the CSS line height in inches; each
        line's baseline sits where CSS puts it (half the leading above the font's ascent).
        clip=(left, top, width, height) hides what would overflow that box (CSS's
        `overflow: hidden`, which clips at the padding box); center=width centres lines.
        """
        primary = self._stack(face)[0]
        em = size * POINT
        ascent, descent = primary.ascent, primary.descent
        first = top + (line_height - (ascent + descent) * em) / 2 + ascent * em
        pdf = self.pdf
        pdf.set_text_color(colour)
        box = pdf.rect_clip(*clip) if clip else nullcontext()
        with box:
            # Composed characters, so an accent is one glyph rather than a mark to place.
            for i, line in enumerate(unicodedata.normalize("NFC", text).split("\n")):
                line = line.rstrip()
                if not line:
                    continue
                runs = [(font, _kerned(font, run)) for font, run in self._runs(face, line)]
                x = left
                if center is not None:
                    x += (center - sum(width * size * POINT / font.units
                                       for font, (_, width) in runs)) / 2
                for font, (pieces, width) in runs:
                    pdf.set_font(font.name, "", size)
                    scale = size * POINT / font.units
                    for at, piece in pieces:
                        pdf.text(x + at * scale, first + i * line_height, piece)
                    x += width * scale
        if clip:
            # The clip's Q restored the font of the page before it: let fpdf2 set it again.
            pdf.current_font_is_set_on_page = False

    def image(self, src: str, left: float, top: float, width: float, height: float) -> None:
        """Draw a PNG given as a data: URI; the same URI twice is embedded once."""
        if src not in self._images:
            self._images[src] = io.BytesIO(base64.b64decode(src.partition(",")[2]))
        self.pdf.image(self._images[src], x=left, y=top, w=width, h=height)

    def box(self, left: float, top: float, width: float, height: float, *,
            border: float, colour: str, dash: float = 0) -> None:
        """Fill a white box with a border `border` points wide, dashed if dash > 0 points."""
        pdf = self.pdf
        pdf.set_fill_color(255)
        pdf.set_draw_color(colour)
        pdf.set_line_width(border * POINT)
        pdf.set_dash_pattern(dash=dash * POINT, gap=dash * POINT)
        # CSS draws the border inside the box (box-sizing: border-box).
        inset = border * POINT / 2
        pdf.rect(left + inset, top + inset, width - 2 * inset, height - 2 * inset, style="DF")
        pdf.set_dash_pattern()

    def output(self) -> bytes:
        """Return the pages drawn so far as PDF bytes."""
        return bytes(self.pdf.output())


def _kerned(font: _Font, text: str) -> tuple[list[tuple[int, str]], int]:
    """Split text where a kerning pair moves the next glyph: return the pieces with their
    offsets, and the whole width, in font units."""
    glyphs = [font.cmap[ord(char)] for char in text]
    pieces, start, start_at, at = [], 0, 0, 0
    for i, glyph in enumerate(glyphs):
        if i:
            kern = font.kerning(glyphs[i - 1], glyph)
            if kern:
                pieces.append((start_at, text[start:i]))
                at += kern
                start, start_at = i, at
        at += font.advances.get(glyph, 0)
    pieces.append((start_at, text[start:]))
    return pieces, at


def underlay(data: bytes, form: bytes, forms: Sequence[int | None]) -> bytes:
    """Return `data` with page forms[i] of `form` drawn under its page i (None: no form).

    Each form page becomes one form object, stored once however many pages use it.
    """
    with pikepdf.open(io.BytesIO(data)) as out, pikepdf.open(io.BytesIO(form)) as source:
        if len(forms) != len(out.pages):
            raise RuntimeError(f"{len(out.pages)} pages came out for {len(forms)} forms.")
        objects: dict[int, pikepdf.Object] = {}
        for page, i in zip(out.pages, forms, strict=True):
            for image in page.get_images().values():
                # QR codes are a pixel per module: scaled up, their edges must stay sharp.
                image.Interpolate = False
            if i is None:
                continue
            if i not in objects:
                objects[i] = out.copy_foreign(source.pages[i].as_form_xobject())
            page.add_underlay(objects[i])
        buffer = io.BytesIO()
        out.save(buffer)
        return buffer.getvalue()
