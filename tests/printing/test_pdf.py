"""create_pdf: the locked-down URL fetcher, QR codes, and forms stamped under their pages."""

import base64
import io

import pytest
import zxingcpp
from PIL import Image

from judgeaid.printing import fit
from judgeaid.printing.pdf import StaticOnlyFetcher, create_pdf
from judgeaid.printing.qr import qr_data_uri, qr_png
from tests.printing import page_images, page_sizes, page_texts

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
    png = fetcher.fetch(qr_data_uri("hello"))
    assert png.content_type == "image/png" and png.read() == qr_png("hello")
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


def test_qr_png_decodes_to_its_text():
    url = "http://127.0.0.1:5000/p/AbCdEfGhIjKlMnOpQrStUvWx"
    image = Image.open(io.BytesIO(qr_png(url))).resize((400, 400), Image.NEAREST)
    assert [c.text for c in zxingcpp.read_barcodes(image)] == [url]
    assert qr_data_uri(url).startswith("data:image/png;base64,")
    assert base64.b64decode(qr_data_uri(url).split(",", 1)[1]) == qr_png(url)


def test_a_form_is_stamped_under_each_page_that_asks_for_it(tmp_path):
    style = "<style>@page { size: 4in 2in; margin: 0 } p { margin: 0 }</style>"
    form = (style + '<p style="padding-top: 1in">FORM-A</p>'
            '<p style="page-break-before: always">FORM-B</p>')
    html = style + "".join(f'<p style="page-break-after: always">page {i}</p>' for i in range(4))
    pdf = create_pdf(html, BASE, form_html=form, forms=[0, 1, None, 0],
                     static_folder=tmp_path, static_url_path="/static")
    texts = page_texts(pdf)
    assert len(texts) == 4
    assert ["FORM-A" in t for t in texts] == [True, False, False, True]
    assert ["FORM-B" in t for t in texts] == [False, True, False, False]
    assert all(f"page {i}" in t for i, t in enumerate(texts))
    # Drawn once, referenced by every page that uses it: the file holds one copy of each form.
    assert pdf.count(b"/Subtype /Form") == 2
    assert page_images(pdf, dpi=30)[0].getbbox()


def test_stamping_refuses_pages_that_do_not_match_the_forms(tmp_path):
    style = "<style>@page { size: 4in 2in }</style>"
    with pytest.raises(RuntimeError, match="overflowed"):
        create_pdf(style + "<p>one page</p>", BASE, form_html=style + "<p>form</p>",
                   forms=[0, 0], static_folder=tmp_path, static_url_path="/static")


@pytest.mark.parametrize(("text", "ems", "expected"), [
    ("Ava", 5.6, "Ava"),
    ("Maximiliano", 5.6, "Maximil\u2026"),
    ("王小明王小明王小明", 5.6, "王小明王\u2026"),
    ("", 5.6, ""),
])
def test_fit_cuts_long_text_to_its_column(text, ems, expected):
    assert fit(text, ems) == expected
