"""Each page's own data drawn onto PDF pages, then laid over a form drawn once.

WeasyPrint lays out a fixed form well but costs a few tens of milliseconds per box of text
on every page. The data's places are known in advance (the card's geometry fixes every
line), so fpdf2 draws it there: every line, in any script, goes through HarfBuzz (fpdf2's
text shaping), with the face's fallback fonts for what its first font lacks; QR codes are
painted as vector squares; pikepdf then puts the form, rendered once by WeasyPrint, under
every page as one shared form object.

Only fpdf2's documented calls are used. Fonts are drawn from copies scaled to a 1000-unit
em (`fonts.drawing_file`), so fpdf2 places a glyph apart only where shaping moved it.
"""

from __future__ import annotations

import io
import unicodedata
from collections.abc import Sequence
from contextlib import nullcontext
from functools import cache

import pikepdf
from fontTools.ttLib import TTFont
from fpdf import FPDF

from judgeaid.printing.fonts import Face, FontFile, cmap, drawing_file, installed_font_for
from judgeaid.printing.qr import qr_pdf_ops

POINT = 1 / 72  # inches
# The print stylesheets set `font-variant-ligatures: none`; the required ligatures of
# Arabic (rlig) and the marks of Thai are other features, which stay on.
FEATURES = {"liga": False, "clig": False}


@cache
def _vertical(file: FontFile) -> tuple[float, float]:
    """Return a font's ascent and descent in ems, as its hhea table gives them."""
    with TTFont(file.path, fontNumber=file.index, lazy=True) as font:
        units, hhea = font["head"].unitsPerEm, font["hhea"]
        return hhea.ascent / units, -hhea.descent / units


class Overlay:
    """Pages of positioned text, QR codes and boxes, in inches from each page's top-left."""

    def __init__(self, width: float, height: float, faces: dict[str, Face], title: str = "",
                 lang: str = ""):
        self.pdf = FPDF(unit="in", format=(width, height))
        if lang:  # the document's language (/Lang), as `<html lang>` gives WeasyPrint's
            self.pdf.set_lang(lang)
        self.pdf.set_auto_page_break(False)
        self.pdf.set_margin(0)
        self.pdf.c_margin = 0
        self.pdf.set_compression(True)
        self.pdf.set_creator("judgeaid")
        self.pdf.set_text_shaping(use_shaping_engine=True, features=FEATURES)
        if title:
            self.pdf.set_title(title)
        self._faces = faces
        self._found: dict[str, list[FontFile]] = {}
        self._families: dict[FontFile, str] = {}
        self._fallbacks: list[str] = []
        self._codes: list[list[tuple[str, float, float, float]]] = []

    # ------------------------------------------------------------ fonts

    def _files(self, face: str) -> list[FontFile]:
        if face not in self._found:
            found = self._faces[face].found()
            if not found:
                raise RuntimeError(f"No font of {self._faces[face].files} is installed: "
                                   "run `make fonts`.")
            self._found[face] = found
        return self._found[face]

    def _family(self, file: FontFile) -> str:
        """Return the name fpdf2 knows the file by, adding the font the first time."""
        if file not in self._families:
            family = f"f{len(self._families)}"
            drawn = drawing_file(file)
            self.pdf.add_font(family, "", drawn.path, collection_font_number=drawn.index)
            self._families[file] = family
        return self._families[file]

    def _fall_back(self, face: str, line: str) -> bool:
        """Give fpdf2 the fallback fonts for the characters of line its first font lacks;
        return whether it needs any."""
        first, *others = self._files(face)
        missing = {char for char in line if ord(char) not in cmap(first)
                   and char.isprintable() and not char.isspace()}
        if not missing:
            return False
        chosen: list[FontFile] = []
        for char in sorted(missing):
            file = next((f for f in others if ord(char) in cmap(f)), None) or \
                installed_font_for(char)
            if file is not None and file not in chosen:
                chosen.append(file)
        # In the face's order, so a character two fallbacks have comes from the earlier one.
        chosen.sort(key=lambda f: others.index(f) if f in others else len(others))
        families = [self._family(f) for f in chosen]
        if families != self._fallbacks:
            self.pdf.set_fallback_fonts(families, exact_match=False)
            self._fallbacks = families
        return True

    # ------------------------------------------------------------ drawing

    def add_page(self) -> None:
        """Start a new page."""
        self.pdf.add_page()
        self._codes.append([])

    def lines(self, left: float, top: float, text: str, *, face: str, size: float,
              line_height: float, clip: tuple[float, float, float, float] | None = None,
              colour: str = "#000000", center: float | None = None) -> None:
        """Draw text's lines (split at newlines) as CSS lays out a block of `white-space: pre`.

        top is the block's content edge and line_height the CSS line height in inches; each
        line's baseline sits where CSS puts it (half the leading above the font's ascent).
        clip=(left, top, width, height) hides what would overflow that box (CSS's
        `overflow: hidden`, which clips at the padding box); center=width centres lines.
        """
        pdf = self.pdf
        files = self._files(face)
        ascent, descent = _vertical(files[0])
        em = size * POINT
        first = top + (line_height - (ascent + descent) * em) / 2 + ascent * em
        # A local context (q ... Q) on the page and in fpdf2's own state alike: the font,
        # colour and clip set here end with the block, in the PDF and in fpdf2's reckoning.
        with pdf.local_context(), pdf.rect_clip(*clip) if clip else nullcontext():
            pdf.set_font(self._family(files[0]), "", size)
            pdf.set_text_color(colour)
            # Composed characters, as the HTML path's text is: one glyph where the font has it.
            for i, line in enumerate(unicodedata.normalize("NFC", text).split("\n")):
                line = line.rstrip()
                if not line:
                    continue
                # A line drawn partly in a fallback font leaves that font set on the page,
                # which fpdf2 does not note: its own local context ends that with the line.
                fell_back = self._fall_back(face, line)
                with pdf.local_context() if fell_back else nullcontext():
                    # fpdf2 puts a cell's baseline 0.3 em below its top when it is 0 high.
                    pdf.set_xy(left, first + i * line_height - 0.3 * em)
                    if center is None:
                        pdf.cell(None, 0, line)
                    else:
                        pdf.cell(center, 0, line, align="C")

    def qr(self, text: str, left: float, top: float, size: float) -> None:
        """Paint the QR code for text, `size` inches square, its quiet zone included."""
        self._codes[-1].append((text, left, top, size))

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

    def output(self, form: bytes | None = None, forms: Sequence[int | None] = ()) -> bytes:
        """Return the pages drawn so far as PDF bytes, page forms[i] of `form` under page i
        (None: no form) and the QR codes over them.

        Each form page becomes one form object, stored once however many pages use it.
        """
        data = bytes(self.pdf.output())
        if form is None and not any(self._codes):
            return data
        with pikepdf.open(io.BytesIO(data)) as out:
            source = pikepdf.open(io.BytesIO(form)) if form is not None else nullcontext()
            with source:
                if form is not None and len(forms) != len(out.pages):
                    raise RuntimeError(f"{len(out.pages)} pages came out for {len(forms)} "
                                       "forms.")
                objects: dict[int, pikepdf.Object] = {}
                for n, page in enumerate(out.pages):
                    i = forms[n] if form is not None else None
                    if i is not None:
                        if i not in objects:
                            objects[i] = out.copy_foreign(source.pages[i].as_form_xobject())
                        page.add_underlay(objects[i])
                    if self._codes[n]:
                        page.add_overlay(self._codes_form(out, page, self._codes[n]))
            buffer = io.BytesIO()
            out.save(buffer)
            return buffer.getvalue()

    def _codes_form(self, out: pikepdf.Pdf, page: pikepdf.Page,
                    codes: list[tuple[str, float, float, float]]) -> pikepdf.Stream:
        """Return a form object painting a page's QR codes, the page's size."""
        width, height = float(page.mediabox[2]), float(page.mediabox[3])
        ops = "\n".join(qr_pdf_ops(text, left * 72, height - top * 72, size * 72)
                        for text, left, top, size in codes)
        return pikepdf.Stream(out, ops.encode(), Type=pikepdf.Name.XObject,
                              Subtype=pikepdf.Name.Form, BBox=[0, 0, width, height])
