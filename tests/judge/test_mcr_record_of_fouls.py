"""The record of fouls of a session (MCR Appendix 6): a page and a PDF whose text shows each
foul's row, reachable from the judge's log and the organizer's session pages (issue 16)."""

from __future__ import annotations

import pypdfium2 as pdfium

from tests.conftest import login
from tests.factories import demo_card_id, op, seated, use_ruleset


def pdf_text(pdf: bytes) -> str:
    doc = pdfium.PdfDocument(pdf)
    try:
        return "\n".join(page.get_textpage().get_text_range() for page in doc)
    finally:
        doc.close()


def _fouls(app, client, demo):
    tid = demo["tournament_id"]
    use_ruleset(app, tid)
    login(client, demo, "judge")
    card = demo_card_id(demo)
    offender, other, *_ = seated(client, card)
    for body in (
        {"player": offender, "category": "false_hu", "infraction": "below_minimum",
         "kind": "points", "points": 30, "round": 4},
        {"player": other, "category": "hand_ladder", "infraction": "late_pung",
         "kind": "warning", "round": 9},
    ):
        answer = client.post(f"/api/t/{tid}/penalties",
                             json={"card_id": card, "op_id": op(), **body})
        assert answer.status_code == 200, answer.get_json()
    return tid, offender, other


def test_the_record_lists_each_foul(app, client, demo):
    tid, offender, other = _fouls(app, client, demo)
    page = client.get(f"/t/{tid}/judge/fouls?session=1")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "Record of fouls" in html and "MCR Appendix 6" in html
    assert html.count("data-foul") == 2
    assert "False Hu: Hu below 8 points" in html and "(MCR §3.11.6.6)" in html
    assert "1/4/1/" in html and "1/9/1/" in html      # session / hand / table / seat
    assert "paid to #" in html and "Referee:" in html


def test_the_pdf_shows_the_rows(app, client, demo):
    tid, offender, other = _fouls(app, client, demo)
    response = client.get(f"/t/{tid}/judge/fouls.pdf?session=1")
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/pdf"
    text = " ".join(pdf_text(response.data).split())
    assert "Record of fouls (MCR Appendix 6)" in text
    assert "Pung called after the 3 seconds" in text and "30 points" in text
    assert "Warning" in text and "Referee:" in text and "Date:" in text
    for name in (str(offender), str(other)):
        assert name in text


def test_it_is_linked_from_the_log_and_the_organizer_pages(app, client, demo):
    tid, *_ = _fouls(app, client, demo)
    log = client.get(f"/t/{tid}/judge/log?session=1").get_data(as_text=True)
    assert f"/t/{tid}/judge/fouls?session=1" in log
    login(client, demo, "organizer")
    assert client.get(f"/t/{tid}/judge/fouls?session=1").status_code == 200
    desk = client.get(f"/t/{tid}/organizer").get_data(as_text=True)
    assert f"/t/{tid}/judge/fouls?session=1" in desk


def test_bad_input_is_a_clear_error(app, client, demo):
    tid = demo["tournament_id"]
    assert client.get(f"/t/{tid}/judge/fouls?session=1").status_code in (302, 401)
    login(client, demo, "judge")
    assert client.get(f"/t/{tid}/judge/fouls?session=abc").status_code == 400
    missing = client.get(f"/t/{tid}/judge/fouls?session=42")
    assert missing.status_code == 404
    empty = client.get(f"/t/{tid}/judge/fouls?session=1").get_data(as_text=True)
    assert "No fouls recorded in this session." in empty
