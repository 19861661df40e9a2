"""QR codes for printed pages, as PNG data: URIs the locked-down fetcher accepts."""

from __future__ import annotations

import base64
import io
from collections.abc import Sequence

import zxingcpp
from PIL import Image

# Module sizes (inches) that divide a slip sheet's pitch (3.6 in × 2.0 in) exactly.
MODULES = (0.025, 0.02, 0.0125, 0.01, 0.008, 0.005)


def _code(text: str) -> Image.Image:
    """Return the QR code for text, a pixel per module, with its four-module quiet zone."""
    # zxing-cpp's encoder (C++) makes a code in well under a millisecond; the pure-Python
    # encoders took ~5 ms each, which 400 slips cannot afford. Level M, as on the cards.
    code = zxingcpp.create_barcode(text, zxingcpp.BarcodeFormat.QRCode, ec_level="M")
    pixels = memoryview(code.to_image(scale=1, add_quiet_zones=True))
    height, width = pixels.shape
    return Image.frombytes("L", (width, height), pixels.tobytes())


def _png(image: Image.Image) -> bytes:
    # Greyscale, not 1-bit: WeasyPrint embeds an "L" PNG as it is and converts the rest.
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def _data_uri(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def qr_png(text: str) -> bytes:
    """Return a PNG of the QR code for text, one pixel per module."""
    return _png(_code(text))


def qr_data_uri(text: str) -> str:
    """Return the QR code for text as a data: URI (scale it up with crisp edges)."""
    return _data_uri(qr_png(text))


def qr_grid(texts: Sequence[str], columns: int, pitch: tuple[float, float],
            largest: float) -> dict:
    """Return one image holding a grid of QR codes, a pixel per module, and its size in inches.

    One image per sheet instead of one per slip: WeasyPrint lays out and embeds each image
    on its own, and ten small ones cost ten times one.
    """
    codes = [_code(text) for text in texts]
    modules = max(code.width for code in codes)
    module = next((size for size in MODULES if modules * size <= largest), MODULES[-1])
    step = [round(p / module) for p in pitch]
    rows = -(-len(codes) // columns)
    width = step[0] * (min(columns, len(codes)) - 1) + modules
    height = step[1] * (rows - 1) + modules
    # Clear between the codes, so the slips' text around them shows through; each code's
    # quiet zone stays opaque white.
    sheet = Image.new("LA", (width, height), (255, 0))
    for i, code in enumerate(codes):
        sheet.paste(code.convert("LA"),
                    ((i % columns) * step[0], (i // columns) * step[1]))
    return {"src": _data_uri(_png(sheet)), "width": round(width * module, 4),
            "height": round(height * module, 4)}
