"""Paper in the event's language (issue 29): the seating slips, the scoring cards, the MCR
score sheet and the record of fouls of an event whose language is Chinese print in Chinese,
whatever language the judge's screen is in; bilingual (Chinese, then English) on request.
Each PDF is rendered by WeasyPrint (and fpdf2 over it), its text read back with pdfium: the
Chinese words are there and no English label is; the QR codes still decode."""

from __future__ import annotations

import io
import re

import pikepdf
import pytest

from tests.conftest import login
from tests.factories import make_mcr_demo
from tests.printing import char_boxes, page_texts, qr_codes

HOST = "http://localhost"
ENGLISH = {"Accept-Language": "en"}  # the judge reads the screen in English
# Words that are not English for the count: acronyms the glossary keeps, our own name, and
# what the print shows of the URLs (removed before counting).
# "Zung Jung" stands beside 中庸 as the ruleset's name (docs/glossary.md).
KEPT = {"MCR", "ZJ", "PIN", "QR", "CSV", "EMA", "PDF", "judgeaid", "UTC", "Zung", "Jung"}
URL = re.compile(r"https?://\S+")
WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")


def set_language(app, tid: int, language: str, **more) -> None:
    from judgeaid.extensions import db
    from judgeaid.models import Tournament

    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        tournament.settings = {**(tournament.settings or {}), "language": language, **more}
        db.session.commit()


def names_of(app, tid: int) -> set[str]:
    """Return every word of the event's, its players' and its teams' names, and the players'
    initials (the card's dealers' column)."""
    from judgeaid.extensions import db
    from judgeaid.models import Player, Team, Tournament
    from judgeaid.printing.cards import initials

    with app.app_context():
        texts = [db.session.get(Tournament, tid).name]
        texts += db.session.scalars(db.select(Player.name).filter_by(tournament_id=tid)).all()
        texts += db.session.scalars(db.select(Team.name).filter_by(tournament_id=tid)).all()
    return {word for text in texts for word in WORD.findall(text)} | set(map(initials, texts))


def english_words(text: str, names: set[str]) -> list[str]:
    """Return the English words a printed text shows: not names, acronyms or URLs."""
    return [word for word in WORD.findall(URL.sub(" ", text))
            if word not in names and word not in KEPT]


def shown(texts: list[str] | str) -> str:
    """Return printed text without white space: spaced-out letters (a kicker's
    letter-spacing) read back with spaces between Chinese characters."""
    return re.sub(r"\s+", "", texts if isinstance(texts, str) else " ".join(texts))


def has(text: str, word: str) -> bool:
    return shown(word) in shown(text)


def zh(tag: str, message: str, context: str | None = None, *, check: bool = True,
       **values) -> str:
    """Return a message as the locale's catalogue translates it, checked to be translated
    (`check`: a citation alone stays as written): what the print must show (the wording is the
    translators', not this test's)."""
    from judgeaid.i18n import catalogue

    found = catalogue(tag)
    text = found.pgettext(context, message) if context else found.gettext(message)
    assert text != message or not check, f"{message!r} has no {tag} translation"
    return text % values if values else text


def pdf_lang(pdf: bytes) -> str:
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        return str(doc.Root.get("/Lang", ""))


def test_the_slips_print_in_traditional_chinese_with_their_codes(app, client, demo):
    tid = demo["tournament_id"]
    set_language(app, tid, "zh-Hant")
    login(client, demo, "judge")
    response = client.get(f"/t/{tid}/print/slips.pdf?session=1", headers=ENGLISH)
    assert response.status_code == 200
    pdf = response.data
    assert pdf_lang(pdf) == "zh-Hant"
    texts = page_texts(pdf)
    slips, board = " ".join(texts[:-1]), texts[-1]
    tag = "zh-Hant"
    for word in (zh(tag, "Seating slip · Session %(n)s", n=1), zh(tag, "Table"),
                 zh(tag, "Starting seat"), zh(tag, "Player No. %(n)s", n=""),
                 zh(tag, "Your page: seats and live card"),
                 zh(tag, "Seat from the app's draw, in place of the wind tiles (§1.2.2); a judge "
                    "may still hold the draw at the table.", "zj")):
        assert has(slips, word), word
    assert "座位單" in slips and any(wind in slips for wind in "東南西北")
    for word in (zh(tag, "%(event)s: where to sit in session %(n)s", event="", n=1),
                 zh(tag, "By name."), zh(tag, "Name (No.)"),
                 zh(tag, "Seats are starting seats (§1.2.2).", "zj")):
        assert has(board, word), word
    names = names_of(app, tid)
    assert english_words(" ".join(texts), names) == []
    printed = sorted(code for codes in qr_codes(pdf) for code in codes)
    assert printed == sorted(HOST + p["url"] for p in demo["players"])
    # the judge's own screen stays English
    page = client.get(f"/t/{tid}/print/slips?session=1", headers=ENGLISH)
    assert 'lang="en"' in page.get_data(as_text=True)


def test_the_zj_card_prints_in_simplified_chinese(app, client, demo):
    tid = demo["tournament_id"]
    set_language(app, tid, "zh-Hans")
    login(client, demo, "judge")
    pdf = client.get(f"/t/{tid}/print/cards.pdf?session=1&spare=1", headers=ENGLISH).data
    assert pdf_lang(pdf) == "zh-Hans"
    texts = page_texts(pdf)
    card = texts[0]
    tag = "zh-Hans"
    for word in (zh(tag, "Official Scoring Card", "zj"), zh(tag, "formal payoff (§2.3)", "zj"),
                 zh(tag, "seats change each cycle (§3.4)", "zj"), zh(tag, "live card"),
                 zh(tag, "Dealer"), zh(tag, "(East)"), zh(tag, "Penalties"), zh(tag, "Total"),
                 zh(tag, "Signatures: each player confirms the totals %(note)s",
                    note=zh(tag, "(§4.9)", "zj", check=False)),
                 zh(tag, "Judge"), zh(tag, "Time / notes"),
                 zh(tag, "Session %(session)s · Table %(table)s", session=1, table=1)):
        assert has(card, word), word
    assert "记分表" in card and "庄家" in card
    # the spare card says what to do instead of a code
    assert has(texts[-1], zh(tag, "Spare card:\nno live card.\nCopy the rounds\ninto judgeaid."))
    assert english_words(" ".join(texts), names_of(app, tid)) == []
    assert [codes for codes in qr_codes(pdf)][0] == [HOST + demo["cards"][0]["link"]]


def test_the_mcr_sheet_and_the_record_of_fouls_print_in_simplified_chinese(app, client):
    mcr = make_mcr_demo(app)
    tid = mcr["tournament_id"]
    set_language(app, tid, "zh-Hans")
    login(client, mcr, "judge")
    pdf = client.get(f"/t/{tid}/print/cards.pdf?session=1", headers=ENGLISH).data
    assert pdf_lang(pdf) == "zh-Hans"
    texts = page_texts(pdf)
    tag = "zh-Hans"
    for word in (zh(tag, "MCR Score Sheet (Appendix 5)", "mcr"),
                 zh(tag, "8 + value (MCR §3.9.1.3)", "mcr"), zh(tag, "Team"),
                 zh(tag, "Player #"), zh(tag, "Position"), zh(tag, "Table pts"),
                 zh(tag, "Signature"), zh(tag, "Hand"), zh(tag, "Remarks"), zh(tag, "Penalties"),
                 zh(tag, "Chief referee"), zh(tag, "Date"), zh(tag, "East"), zh(tag, "North"),
                 zh(tag, "Add up with care and write clearly: a signed sheet is final.")):
        assert has(texts[0], word), word
    names = names_of(app, tid)
    assert english_words(" ".join(texts), names) == []
    assert [codes for codes in qr_codes(pdf)] == [[HOST + card["link"]] for card in mcr["cards"]]
    fouls = client.get(f"/t/{tid}/judge/fouls.pdf?session=1", headers=ENGLISH)
    assert fouls.status_code == 200 and pdf_lang(fouls.data) == "zh-Hans"
    text = " ".join(page_texts(fouls.data))
    for word in (zh(tag, "Record of fouls"), zh(tag, "Session %(n)s", n=1),
                 zh(tag, "(MCR Appendix 6)", "mcr")):
        assert has(text, word), word


@pytest.mark.parametrize("asked", ["link", "setting"])
def test_bilingual_paper_says_chinese_then_english(app, client, demo, asked):
    tid = demo["tournament_id"]
    set_language(app, tid, "zh-Hant", **({"print_bilingual": True} if asked == "setting" else {}))
    login(client, demo, "judge")
    query = "session=1" + ("&bilingual=1" if asked == "link" else "")
    texts = page_texts(client.get(f"/t/{tid}/print/slips.pdf?{query}").data)
    slip = " ".join(texts[0].split())
    both = {english: f"{zh('zh-Hant', english)} {english}" for english in (
        "Starting seat", "Table", "East", "South", "West", "North", "Dealer", "Penalties")}
    assert both["Starting seat"] in slip and both["Table"] in slip
    assert zh("zh-Hant", "Player No. %(n)s", n="") in slip and "Player No. " in slip
    # the winds' key
    assert " · ".join(both[w] for w in ("East", "South", "West", "North")) in slip
    card = " ".join(page_texts(client.get(f"/t/{tid}/print/cards.pdf?{query}").data)[0].split())
    assert both["Dealer"] in card and both["Penalties"] in card
    # ?bilingual=0 prints Chinese only, whatever the setting
    only = page_texts(client.get(f"/t/{tid}/print/slips.pdf?session=1&bilingual=0").data)
    assert "Starting seat" not in only[0] and zh("zh-Hant", "Starting seat") in only[0]


def test_an_english_event_ignores_bilingual(app, client, demo):
    tid = demo["tournament_id"]
    login(client, demo, "judge")
    texts = page_texts(client.get(f"/t/{tid}/print/slips.pdf?session=1&bilingual=1",
                                  headers={"Accept-Language": "zh-CN"}).data)
    assert "Starting seat" in texts[0] and zh("zh-Hans", "Starting seat") not in texts[0]


def test_the_print_page_offers_english_beside_the_events_language(app, client, demo):
    tid = demo["tournament_id"]
    login(client, demo, "judge")
    assert 'data-testid="print-bilingual"' not in client.get(
        f"/t/{tid}/print/cards?session=1").get_data(as_text=True)
    set_language(app, tid, "zh-Hans")
    html = client.get(f"/t/{tid}/print/cards?session=1&lang=zh-Hant").get_data(as_text=True)
    assert 'data-testid="print-bilingual"' in html
    assert zh("zh-Hant", "Print English beside %(language)s", language="简体中文") in html
    assert zh("zh-Hant", "Scoring cards, session %(n)s", n=1) in html and 'lang="zh-Hant"' in html


@pytest.mark.parametrize("language", ["zh-Hant", "zh-Hans"])
def test_the_drawn_chinese_data_keeps_to_each_slip(app, demo, language):
    """The slips' data, drawn over the form in the print language's CJK face, sits on each
    slip where the first row's does: a slip's height (2 in) apart, row after row; and the
    first row where WeasyPrint lays the page out whole."""
    from judgeaid.extensions import db
    from judgeaid.models import Tournament
    from judgeaid.printing.language import PrintLanguage
    from judgeaid.printing.slips import render_slips

    with app.test_request_context("/"):
        tournament = db.session.get(Tournament, demo["tournament_id"])
        tournament.players[0].name = "陳大文"
        chinese = PrintLanguage(language, bilingual=True)
        fast = render_slips(tournament, 1, language=chinese)
        plain = render_slips(tournament, 1, language=chinese, stamped=False)
        db.session.rollback()
    assert "陳大文" in " ".join(page_texts(fast))
    first = "選" if language == "zh-Hant" else "选"  # 選手編號 / 选手编号, the player's number
    for page in char_boxes(fast)[:-1]:
        tops = sorted({round(top, 3) for char, (_, _, top) in page if char == first})
        assert tops  # a last sheet may hold one row
        assert all(abs(b - a - 2.0) <= 0.004 for a, b in zip(tops, tops[1:], strict=False))
    # WeasyPrint's whole page, the benchmark's baseline, agrees on the first row (its line
    # boxes mixing DejaVu and Noto CJK grow a little each row after)
    fast_top = min(top for char, (_, _, top) in char_boxes(fast)[0] if char == first)
    plain_top = min(top for char, (_, _, top) in char_boxes(plain)[0] if char == first)
    assert abs(fast_top - plain_top) <= 1 / 72
