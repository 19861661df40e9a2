"""create_pdf: the locked-down URL fetcher; QR codes as vectors in both kinds of page."""

import io
from urllib.parse import unquote

import pikepdf
import pytest

from judgeaid.printing import fit
from judgeaid.printing.fonts import FACES
from judgeaid.printing.overlay import Overlay
from judgeaid.printing.pdf import StaticOnlyFetcher, create_pdf
from judgeaid.printing.qr import qr_modules, qr_runs, qr_svg_uri
from tests.printing import page_sizes, qr_codes

BASE = "http://judgeaid.test/"


@pytest.fixture
def fetcher(tmp_path):
    static = tmp_path / "static"
    (static / "css").mkdir(parents=True)
    (static / "css" / "print.css").write_text("p { color: red }")
    (tmp_path / "secret.txt").write_text("not for printing")
    return StaticOnlyFetcher(BASE, static, "/static")


def test_fetcher_serves_static_files_and_data_uris(fetcher):
    css = fetcher.fetch(BASE + "static/css/print.css")
    assert css.read() == b"p { color: red }" and css.content_type == "text/css"
    code = qr_svg_uri(["hello"], 1, (0, 0), 0.02)["src"]
    svg = fetcher.fetch(code)
    assert svg.content_type == "image/svg+xml"
    assert svg.read() == unquote(code.partition(",")[2]).encode()
    assert fetcher.fetch("data:text/plain,a%20b").read() == b"a b"


@pytest.mark.parametrize("url", [
    "http://judgeaid.test/static/../secret.txt",
    "http://judgeaid.test/static/%2e%2e/secret.txt",
    "http://judgeaid.test/static/css/missing.css",
    "http://judgeaid.test/p/some-token",
    "http://elsewhere.test/static/css/print.css",
    "https://judgeaid.test/static/css/print.css",
    "file:///etc/passwd",
    "ftp://judgeaid.test/static/css/print.css",
])
def test_fetcher_refuses_everything_else(fetcher, url):
    with pytest.raises(ValueError):
        fetcher.fetch(url)


def test_a_page_that_asks_for_the_network_gets_nothing(tmp_path, caplog):
    html = ('<p>x</p><img src="http://198.51.100.1/x.png">'
            '<link rel="stylesheet" href="file:///etc/passwd">')
    pdf = create_pdf(html, BASE, static_folder=tmp_path, static_url_path="/static")
    assert page_sizes(pdf)
    assert "198.51.100.1" in caplog.text  # WeasyPrint logs the refusal and prints without it


def images(pdf: bytes) -> int:
    """Return how many images the file holds."""
    with pikepdf.open(io.BytesIO(pdf)) as document:
        return sum(1 for obj in document.objects
                   if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == "/Image")


URLS = [f"http://192.0.2.50:5000/p/AbCdEfGhIjKlMnOp{n:04d}" for n in range(4)]


def test_drawn_qr_codes_are_vector_squares_that_decode():
    overlay = Overlay(4, 2, FACES)
    overlay.add_page()
    for i, url in enumerate(URLS[:3]):
        overlay.qr(url, 0.1 + i * 1.3, 0.4, 1.0)
    pdf = overlay.output()
    assert qr_codes(pdf) == [URLS[:3]]
    assert images(pdf) == 0  # painted, not a picture


def test_qr_codes_laid_out_by_weasyprint_are_svg_and_decode(tmp_path):
    grid = qr_svg_uri(URLS, 2, (1.8, 1.2), 0.02)
    assert grid["src"].startswith("data:image/svg+xml,")
    html = ("<style>@page { size: 4.5in 3in; margin: 0 } body { margin: 0 }</style>"
            f'<img src="{grid["src"]}" style="width: {grid["width"]}in; '
            f'height: {grid["height"]}in; margin: 0.1in">')
    pdf = create_pdf(html, BASE, static_folder=tmp_path, static_url_path="/static")
    assert sorted(qr_codes(pdf)[0]) == URLS
    assert images(pdf) == 0


def test_a_code_has_its_quiet_zone_and_finder_patterns():
    modules, runs = qr_runs(URLS[0])
    assert modules == qr_modules(URLS[0]) and (modules - 8 - 17) % 4 == 0  # a QR version
    dark = {(row, column + k) for row, column, length in runs for k in range(length)}
    assert all(4 <= row < modules - 4 and 4 <= column < modules - 4 for row, column in dark)
    # The finder pattern's corner, top left, just inside the quiet zone.
    assert {(4, 4), (4, 10), (10, 4), (10, 10)} <= dark


@pytest.mark.parametrize(("text", "ems", "expected"), [
    ("Ava", 5.6, "Ava"),
    ("Maximiliano", 5.6, "Maximil\u2026"),
    ("王小明王小明王小明", 5.6, "王小明王\u2026"),
    ("", 5.6, ""),
])
def test_fit_cuts_long_text_to_its_column(text, ems, expected):
    assert fit(text, ems) == expected
