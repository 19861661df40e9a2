"""Printed cards and slips: helpers that read PDFs back as images, text and QR codes."""

from __future__ import annotations

import pypdfium2 as pdfium
import zxingcpp

POINTS_PER_INCH = 72
# 200 dpi gives a 0.9 in code of 41 modules about 4 pixels a module: enough to decode.
DPI = 200


def _pages(pdf: bytes, read) -> list:
    doc = pdfium.PdfDocument(pdf)
    try:
        return [read(page) for page in doc]
    finally:
        doc.close()


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    """Return every page's size in inches."""
    return _pages(pdf, lambda page: tuple(round(v / POINTS_PER_INCH, 2)
                                          for v in page.get_size()))


def page_images(pdf: bytes, dpi: int = DPI) -> list:
    """Return every page rendered to a PIL image."""
    return _pages(pdf, lambda page: page.render(scale=dpi / POINTS_PER_INCH).to_pil().copy())


def page_texts(pdf: bytes) -> list[str]:
    """Return every page's text."""
    return _pages(pdf, lambda page: page.get_textpage().get_text_range())


def char_boxes(pdf: bytes) -> list[list[tuple[str, tuple[float, float, float]]]]:
    """Return every page's characters with their left and right edges and their distance
    from the top of the page, in inches."""
    def read(page):
        text, height = page.get_textpage(), page.get_size()[1]
        boxes = []
        for i in range(text.count_chars()):
            left, _, right, top = text.get_charbox(i)
            boxes.append((text.get_text_range(i, 1), (
                left / POINTS_PER_INCH, right / POINTS_PER_INCH,
                (height - top) / POINTS_PER_INCH)))
        return boxes

    return _pages(pdf, read)


def qr_codes(pdf: bytes) -> list[list[str]]:
    """Return the text of every QR code on every page."""
    return [[code.text for code in zxingcpp.read_barcodes(image, formats=zxingcpp.QRCode)]
            for image in page_images(pdf)]


def same_places(fast: bytes, plain: bytes, tolerance: float = 0.004) -> None:
    """Assert every printed character of `fast` sits where `plain` prints the same one,
    within `tolerance` inches (a 1/250 in is about a third of a point)."""
    for fast_page, plain_page in zip(char_boxes(fast), char_boxes(plain), strict=True):
        assert sorted(c for c, _ in fast_page if not c.isspace()) == sorted(
            c for c, _ in plain_page if not c.isspace())
        for char, (left, _, top) in fast_page:
            if char.isspace():
                continue
            assert min(max(abs(left - other_left), abs(top - other_top))
                       for other, (other_left, _, other_top) in plain_page
                       if other == char) <= tolerance, (char, left, top)


def cards_pdf(client, demo, query="session=1"):
    """Return the response of the printed cards of a session of the demo."""
    return client.get(f"/t/{demo['tournament_id']}/print/cards.pdf?{query}")
