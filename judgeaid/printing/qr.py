"""QR codes for printed pages, as PNG data: URIs the locked-down fetcher accepts."""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence

import qrcode
from PIL import Image

# Four light modules around the code: the quiet zone scanners need (ISO/IEC 18004).
QUIET_ZONE = 4
# Any of the eight masks makes a valid code; scoring all eight costs ~5 ms a code, which
# 400 slips cannot afford. The tests decode every printed code.
MASK = 2
# Module sizes (inches) that divide a slip sheet's pitch (3.6 in × 2.0 in) exactly.
MODULES = (0.025, 0.02, 0.0125, 0.01, 0.008, 0.005)


def qr_matrix(text: str) -> list[list[bool]]:
    """Return the QR code for text as rows of modules (True is dark), quiet zone included."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=1,
                         border=QUIET_ZONE, mask_pattern=MASK)
    # One byte-mode segment: our URLs are short and mixed-case, so splitting out digit runs
    # (qrcode's default) saves no module and costs time.
    code.add_data(text, optimize=0)
    code.make(fit=True)
    return code.get_matrix()


def _png(image: Image.Image) -> bytes:
    # Greyscale, not 1-bit: WeasyPrint embeds an "L" PNG as it is and converts the rest.
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def _image(matrix: list[list[bool]]) -> Image.Image:
    size = len(matrix)
    pixels = bytes(0 if dark else 255 for row in matrix for dark in row)
    return Image.frombytes("L", (size, size), pixels)


def _data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def qr_png(text: str) -> bytes:
    """Return a PNG of the QR code for text, one pixel per module."""
    return _png(_image(qr_matrix(text)))


def qr_data_uri(text: str) -> str:
    """Return the QR code for text as a data: URI (scale it up with crisp edges)."""
    return _data_uri(qr_png(text))


def qr_grid(texts: Sequence[str], columns: int, pitch: tuple[float, float],
            largest: float) -> dict:
    """Return one image holding a grid of QR codes, a pixel per module, and its size in inches.

    One image per sheet instead of one per slip: WeasyPrint lays out and embeds each image
    on its own, and ten small ones cost ten times one.
    """
    matrices = [qr_matrix(text) for text in texts]
    modules = max(len(m) for m in matrices)
    module = next((size for size in MODULES if modules * size <= largest), MODULES[-1])
    step = [round(p / module) for p in pitch]
    rows = -(-len(matrices) // columns)
    width = step[0] * (min(columns, len(matrices)) - 1) + modules
    height = step[1] * (rows - 1) + modules
    # Clear between the codes, so the slips' text around them shows through; each code's
    # quiet zone stays opaque white.
    sheet = Image.new("LA", (width, height), (255, 0))
    for i, matrix in enumerate(matrices):
        sheet.paste(_image(matrix).convert("LA"),
                    ((i % columns) * step[0], (i // columns) * step[1]))
    return {"src": _data_uri(_png(sheet)), "width": round(width * module, 4),
            "height": round(height * module, 4)}
