"""QR codes for printed pages, as data: URIs the locked-down fetcher accepts."""

from __future__ import annotations

import base64
import io

import qrcode
from PIL import Image

# Four light modules around the code: the quiet zone scanners need (ISO/IEC 18004).
QUIET_ZONE = 4
# Any of the eight masks makes a valid code; scoring all eight costs ~5 ms a code, which
# 400 slips cannot afford. The tests decode every printed code.
MASK = 2


def qr_png(text: str) -> bytes:
    """Return a greyscale PNG of the QR code for text, one pixel per module."""
    code = qrcode.QRCode(error_correction=qrcode.constants.ERROR_CORRECT_M, box_size=1,
                         border=QUIET_ZONE, mask_pattern=MASK)
    code.add_data(text)
    code.make(fit=True)
    matrix = code.get_matrix()
    size = len(matrix)
    pixels = bytes(0 if dark else 255 for row in matrix for dark in row)
    # Greyscale, not 1-bit: WeasyPrint embeds an "L" PNG as it is and converts the rest.
    buffer = io.BytesIO()
    Image.frombytes("L", (size, size), pixels).save(buffer, format="PNG")
    return buffer.getvalue()


def qr_data_uri(text: str) -> str:
    """Return the QR code for text as a data: URI (scale it up with crisp edges)."""
    return "data:image/png;base64," + base64.b64encode(qr_png(text)).decode("ascii")
