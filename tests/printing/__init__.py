"""Printed cards and slips: helpers that read PDFs back as images, text and QR codes."""

from __future__ import annotations

import pypdfium2 as pdfium
import zxingcpp

POINTS_PER_INCH = 72
# 200 dpi gives a 0.9 in code of 41 modules about 4 pixels a module: enough to decode.
DPI = 200


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    """Return every page's size in inches."""
    doc = pdfium.PdfDocument(pdf)
    return [tuple(round(v / POINTS_PER_INCH, 2) for v in page.get_size()) for page in doc]


def page_images(pdf: bytes, dpi: int = DPI) -> list:
    """Return every page rendered to a PIL image."""
    doc = pdfium.PdfDocument(pdf)
    return [page.render(scale=dpi / POINTS_PER_INCH).to_pil() for page in doc]


def page_texts(pdf: bytes) -> list[str]:
    """Return every page's text."""
    doc = pdfium.PdfDocument(pdf)
    return [page.get_textpage().get_text_range() for page in doc]


def qr_codes(pdf: bytes) -> list[list[str]]:
    """Return the text of every QR code on every page."""
    return [[code.text for code in zxingcpp.read_barcodes(image, formats=zxingcpp.QRCode)]
            for image in page_images(pdf)]
