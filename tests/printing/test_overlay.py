"""The overlay: each page's data drawn directly, over a form WeasyPrint laid out once."""

import io

import pikepdf
import pytest

from judgeaid.printing.fonts import Face
from judgeaid.printing.overlay import Overlay
from judgeaid.printing.pdf import create_pdf
from tests.printing import cards_pdf, char_boxes, page_texts, qr_codes

FACES = {"sans": Face(("DejaVuSans.ttf", "LiberationSans-Regular.ttf")),
         "nowhere": Face(("NoSuchFontAnywhere.ttf",))}
FORM = ("<style>@page { size: 4in 3in; margin: 0 } body { margin: 0 }"
        "p { position: absolute; margin: 0; font: 10pt 'DejaVu Sans' }</style>"
        "<p style='left: 1in; top: 2in'>the form</p>")


def test_the_form_lies_under_each_page_that_asks_once_stored(tmp_path):
    overlay = Overlay(4, 3, FACES, title="Three pages")
    for n in range(3):
        overlay.add_page()
        overlay.lines(0.5, 0.5, f"page {n + 1}\nsecond line", face="sans", size=10,
                      line_height=0.25)
    form = create_pdf(FORM, "http://localhost/", static_folder=tmp_path)
    pdf = overlay.output(form, [0, 0, None])
    assert [sorted(text.split()) for text in page_texts(pdf)] == [
        sorted(f"page {n} second line{' the form' if n < 3 else ''}".split())
        for n in (1, 2, 3)]
    with pikepdf.open(io.BytesIO(pdf)) as document:
        forms = {image.objgen for page in document.pages
                 for image in page.Resources.get("/XObject", {}).values()}
        assert len(forms) == 1  # pages 1 and 2 share one form object
        assert str(document.docinfo["/Title"]) == "Three pages"
    # Lines a line height apart, their left edges where they were put.
    boxes = [b for c, b in char_boxes(pdf)[0] if c in "ps"]
    assert boxes[0][0] == pytest.approx(0.5, abs=0.02)  # ink starts past the side bearing
    assert boxes[1][2] - boxes[0][2] == pytest.approx(0.25, abs=0.005)


def test_the_output_refuses_pages_that_do_not_match_the_forms(tmp_path):
    overlay = Overlay(4, 3, FACES)
    overlay.add_page()
    form = create_pdf(FORM, "http://localhost/", static_folder=tmp_path)
    with pytest.raises(RuntimeError, match="1 pages came out for 2 forms"):
        overlay.output(form, [0, 0])


def test_a_face_with_no_font_here_says_how_to_get_one():
    overlay = Overlay(4, 3, FACES)
    overlay.add_page()
    with pytest.raises(RuntimeError, match="make fonts"):
        overlay.lines(0, 0, "text", face="nowhere", size=10, line_height=0.2)


def test_a_line_after_a_fallback_font_is_drawn_in_its_own(chinese):
    overlay = Overlay(4, 3, {"sans": Face(("DejaVuSans.ttf",),
                                           ("NotoSansCJK-Regular.ttc#Noto Sans CJK SC",))})
    overlay.add_page()
    for i, line in enumerate([f"Ada {chinese}", "Bea", chinese, "Cy"]):
        overlay.lines(0.2, 0.2 + 0.4 * i, line, face="sans", size=12, line_height=0.3)
    with pikepdf.open(io.BytesIO(overlay.output())) as document:
        fonts = [str(f.BaseFont) for f in document.pages[0].Resources.Font.values()]
    assert len(fonts) == 2
    assert page_texts(overlay.output())[0].split() == ["Ada", chinese, "Bea", chinese, "Cy"]


def _rename(app, demo, number, name):
    from judgeaid.extensions import db
    from judgeaid.models import Player

    with app.app_context():
        player = db.session.scalar(db.select(Player).where(
            Player.tournament_id == demo["tournament_id"], Player.number == number))
        player.name = name
        db.session.commit()


def test_cards_are_drawn_directly_and_accents_come_out_composed(app, judge, demo):
    card = judge.get(demo["cards"][0]["api"]).get_json()
    _rename(app, demo, card["players"][0]["number"], "Jose\u0301 Łukasz")
    pdf = cards_pdf(judge, demo, "session=1&tables=1").data
    with pikepdf.open(io.BytesIO(pdf)) as document:
        assert str(document.docinfo["/Creator"]) == "judgeaid"
    assert "José Łukasz" in page_texts(pdf)[0]


def test_a_thai_name_is_drawn_on_the_card_like_any_other(app, judge, demo):
    card = judge.get(demo["cards"][0]["api"]).get_json()
    _rename(app, demo, card["players"][1]["number"], "สมชาย ใจดี")
    pdf = cards_pdf(judge, demo, "session=1&tables=1,2").data
    texts = page_texts(pdf)
    assert len(texts) == 2 and "Session 1 · Table 1" in texts[0]
    assert "สมชาย" in texts[0]
    assert qr_codes(pdf) == [[f"http://localhost{demo['cards'][i]['link']}"] for i in (0, 1)]


def _text_operators(pdf: bytes) -> list[str]:
    with pikepdf.open(io.BytesIO(pdf)) as document:
        return [str(operator) for _, operator in pikepdf.parse_content_stream(document.pages[0])]


def test_a_line_is_one_run_of_text_placed_apart_only_where_shaping_moves_a_glyph():
    # DejaVu's em is 2048 units: fpdf2 2.8 gave each glyph of such a font its own text
    # position, and pdfium read the page a letter a line.
    overlay = Overlay(4, 3, FACES)
    overlay.add_page()
    overlay.lines(0.2, 0.2, "Minimum 1234 (§2.3)", face="sans", size=10, line_height=0.25)
    overlay.lines(0.2, 0.6, "AVATAR", face="sans", size=10, line_height=0.25)
    operators = _text_operators(overlay.output())
    assert operators.count("Tj") == 1 + 5  # one run; then A, V, A, T, AR: kerned pairs
    assert operators.count("Tm") == 4
    assert page_texts(overlay.output())[0].split() == ["Minimum", "1234", "(§2.3)", "AVATAR"]
    # Kerning moved the V closer to its A than their widths alone would.
    boxes = [box for char, box in char_boxes(overlay.output())[0] if char in "AVATR"]
    plain = Overlay(4, 3, FACES)
    plain.add_page()
    plain.lines(0.2, 0.6, "A", face="sans", size=10, line_height=0.25)
    a_width = char_boxes(plain.output())[0][0][1][1] - char_boxes(plain.output())[0][0][1][0]
    assert boxes[1][0] < boxes[0][0] + a_width
