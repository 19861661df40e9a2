"""QR codes for printed pages, from the `qrcode` library, drawn as vector squares.

A code is its module matrix; each row's runs of dark modules become rectangles, written
straight into a PDF content stream (the drawn pages) or an SVG path (the pages laid out
whole by WeasyPrint). No bitmap is made at any point.
"""

from __future__ import annotations

from functools import lru_cache
from urllib.parse import quote

import qrcode
from qrcode.constants import ERROR_CORRECT_M

QUIET = 4  # modules of white around the code, as ISO/IEC 18004 asks
# One mask for every code: choosing the best of eight scores each one (~5 ms a code in
# pure Python), and any mask reads well at the sizes printed here.
MASK = 0


# A print job asks for each code two or three times (its size, then its squares); a
# reprint of the same session asks again. Bounded: a few hundred bytes a code.
@lru_cache(maxsize=2048)
def qr_runs(text: str) -> tuple[int, tuple[tuple[int, int, int], ...]]:
    """Return the code's size in modules (quiet zone included) and its dark runs, each
    (row, first column, length)."""
    # Level M, as before: a scratched or folded slip still reads.
    code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=QUIET, mask_pattern=MASK)
    code.add_data(text)
    code.make(fit=True)
    matrix = code.get_matrix()
    runs = []
    for row, modules in enumerate(matrix):
        start = None
        for column, dark in enumerate([*modules, False]):
            if dark and start is None:
                start = column
            elif not dark and start is not None:
                runs.append((row, start, column - start))
                start = None
    return len(matrix), tuple(runs)


def qr_modules(text: str) -> int:
    """Return how many modules wide the code for text is, its quiet zone included."""
    return qr_runs(text)[0]


def qr_pdf_ops(text: str, left: float, top: float, size: float) -> str:
    """Return PDF content-stream operators that paint the code for text, `size` points
    square with its top-left corner at (left, top) in points from the page's bottom-left."""
    modules, runs = qr_runs(text)
    unit = size / modules
    # Module units from the code's top-left, rows downwards: one matrix, then whole numbers.
    return "\n".join([
        "q", f"{unit:.6f} 0 0 {-unit:.6f} {left:.4f} {top:.4f} cm",
        f"1 g 0 0 {modules} {modules} re f 0 g",
        *(f"{column} {row} {length} 1 re" for row, column, length in runs),
        "f", "Q"])


def qr_svg_uri(texts: list[str], columns: int, pitch: tuple[float, float],
               module: float) -> dict:
    """Return an SVG data: URI of the codes for texts in a grid, `module` inches a module
    and each code `pitch` inches from the last, with its size in inches."""
    sizes = [qr_modules(text) for text in texts]
    step = (pitch[0] / module, pitch[1] / module)
    rows = -(-len(texts) // columns)
    width = step[0] * (min(columns, len(texts)) - 1) + max(sizes)
    height = step[1] * (rows - 1) + max(sizes)
    parts = []
    for i, text in enumerate(texts):
        x, y = (i % columns) * step[0], (i // columns) * step[1]
        modules, runs = qr_runs(text)
        # Between the codes stays clear, so what is under them shows; each quiet zone is white.
        parts.append(f'<rect x="{x:g}" y="{y:g}" width="{modules}" height="{modules}" '
                     'fill="#fff"/>')
        parts.append('<path d="' + "".join(f"M{x + c:g} {y + r:g}h{n}v1h-{n}z"
                                           for r, c, n in runs) + '"/>')
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
           f'shape-rendering="crispEdges">{"".join(parts)}</svg>')
    return {"src": "data:image/svg+xml," + quote(svg), "width": round(width * module, 4),
            "height": round(height * module, 4)}
