"""The overlay: each page's data drawn directly, over a form WeasyPrint laid out once."""

import io
import logging

import pikepdf
import pytest

from judgeaid.printing.overlay import CannotDraw, Face, Overlay, drawn_plainly, underlay
from judgeaid.printing.pdf import create_pdf
from tests.printing import cards_pdf, char_boxes, page_texts, qr_codes

FACES = {"sans": Face(("DejaVu Sans", "Liberation Sans")),
         "nowhere": Face(("No Such Family Anywhere",))}
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
    pdf = underlay(overlay.output(), form, [0, 0, None])
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


def test_underlay_refuses_pages_that_do_not_match_the_forms(tmp_path):
    overlay = Overlay(4, 3, FACES)
    overlay.add_page()
    form = create_pdf(FORM, "http://localhost/", static_folder=tmp_path)
    with pytest.raises(RuntimeError, match="1 pages came out for 2 forms"):
        underlay(overlay.output(), form, [0, 0])


@pytest.mark.parametrize(("char", "plain"), [
    ("a", True), ("É", True), ("ł", True), ("ß", True), ("王", True), ("ん", True),
    ("ש", False), ("ع", False), ("ก", False), ("क", False), ("\u0301", False),
    ("\u200d", False), ("\U0001F004", False)])
def test_only_text_that_needs_no_shaping_is_drawn_directly(char, plain):
    assert drawn_plainly(char) is plain


def test_what_it_cannot_draw_it_refuses():
    overlay = Overlay(4, 3, FACES)
    overlay.add_page()
    with pytest.raises(CannotDraw, match="needs text shaping"):
        overlay.lines(0, 0, "Sara שרה", face="sans", size=10, line_height=0.2)
    with pytest.raises(CannotDraw, match="No Such Family"):
        overlay.lines(0, 0, "text", face="nowhere", size=10, line_height=0.2)


def _rename(app, demo, number, name):
    from judgeaid.extensions import db
    from judgeaid.models import Player

    with app.app_context():
        player = db.session.scalar(db.select(Player).where(
            Player.tournament_id == demo["tournament_id"], Player.number == number))
        player.name = name
        db.session.commit()


def test_cards_are_drawn_directly_and_accents_come_out_composed(app, judge, demo, caplog):
    card = judge.get(demo["cards"][0]["api"]).get_json()
    _rename(app, demo, card["players"][0]["number"], "Jose\u0301 Łukasz")
    with caplog.at_level(logging.INFO):
        pdf = cards_pdf(judge, demo, "session=1&tables=1").data
    assert "laid out by WeasyPrint" not in caplog.text
    with pikepdf.open(io.BytesIO(pdf)) as document:
        assert str(document.docinfo["/Creator"]) == "judgeaid"
    assert "José Łukasz" in page_texts(pdf)[0]


def test_a_name_that_needs_shaping_prints_through_weasyprint(app, judge, demo, caplog):
    card = judge.get(demo["cards"][0]["api"]).get_json()
    _rename(app, demo, card["players"][1]["number"], "สมชาย ใจดี")
    with caplog.at_level(logging.INFO):
        pdf = cards_pdf(judge, demo, "session=1&tables=1,2").data
    assert "laid out by WeasyPrint" in caplog.text and "needs text shaping" in caplog.text
    texts = page_texts(pdf)
    assert len(texts) == 2 and "Session 1 · Table 1" in texts[0]
    assert "สมชาย" in texts[0]
    assert qr_codes(pdf) == [[f"http://localhost{demo['cards'][i]['url']}"] for i in (0, 1)]
