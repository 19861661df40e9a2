"""The pages before the PDFs: who may open them, what they warn of, and their links."""

import re

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Player
from judgeaid.printing.fonts import uncovered
from tests.conftest import login

PAGES = ("slips", "cards")
def rename(app, demo, number: int, name: str) -> None:
    with app.app_context():
        player = db.session.scalar(select(Player).filter_by(
            tournament_id=demo["tournament_id"], number=number))
        player.name = name
        db.session.commit()


def url(demo, page, query="session=1"):
    return f"/t/{demo['tournament_id']}/print/{page}?{query}"


@pytest.mark.parametrize("page", PAGES)
def test_anonymous_visitors_are_sent_to_sign_in(client, demo, page):
    response = client.get(url(demo, page))
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login?next=")


@pytest.mark.parametrize("page", PAGES)
def test_a_players_link_opens_no_print_page(client, demo, page):
    assert client.get(demo["players"][0]["url"]).status_code == 200
    response = client.get(url(demo, page))
    assert response.status_code == 302 and "/login" in response.headers["Location"]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("role", ["organizer", "judge"])
def test_staff_open_the_page_and_its_form_opens_the_pdf(client, demo, page, role):
    login(client, demo, role)
    response = client.get(url(demo, page))
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    action = re.search(r'<form method="get" action="([^"]+)"[^>]*data-testid="print-form"',
                       html).group(1)
    assert action == f"/t/{demo['tournament_id']}/print/{page}.pdf"
    assert '<input type="hidden" name="session" value="1">' in html
    start = html.index('data-testid="print-form"')
    form = html[start:html.index("</form>", start)]
    fields = set(re.findall(r'<(?:input|select)[^>]* name="(\w+)"', form))
    # slips: the option to print each player's later sessions too (issue 30)
    expected = {"session", "layout"} | ({"tables", "spare", "blank"} if page == "cards"
                                         else {"schedule"})
    assert fields == expected
    # The form's own defaults make a PDF.
    pdf = client.get(action + "?session=1&layout=" + ("card" if page == "cards" else "a4")
                     + ("&tables=&spare=0" if page == "cards" else ""))
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


@pytest.mark.parametrize("page", PAGES)
def test_an_unseated_session_or_bad_query_is_told_plainly(client, demo, page):
    login(client, demo)
    response = client.get(url(demo, page, "session=2"))
    assert response.status_code == 404
    assert b"Session 2 has no tables yet: seat it before printing." in response.data
    for query in ("", "session=0", "session=one"):
        response = client.get(url(demo, page, query))
        assert response.status_code == 400
        assert b"Say which session to print" in response.data
    response = client.get(url(demo, page, "session=1&layout=tabloid"))
    assert response.status_code == 400 and b"layout: must be one of" in response.data


def test_the_cards_page_keeps_the_options_it_was_given(client, demo):
    login(client, demo)
    html = client.get(url(demo, "cards", "session=1&layout=a4&tables=2,3&spare=4&blank=1")
                      ).get_data(as_text=True)
    assert '<option value="a4" selected>' in html
    assert 'name="tables" value="2,3"' in html and 'name="spare"' in html and 'value="4"' in html
    assert 'name="blank" value="1" checked' in html


@pytest.mark.parametrize("page", PAGES)
def test_the_loopback_warning_shows_until_public_base_url_is_a_lan_address(app, client, demo,
                                                                          page):
    login(client, demo)
    html = client.get(url(demo, page)).get_data(as_text=True)  # the test client's localhost
    assert 'data-kind="qr-loopback"' in html
    assert "QR codes carry the address this page was opened at, http://localhost." in html
    assert "HOST=0.0.0.0 PUBLIC_BASE_URL=http://" in html
    app.config["PUBLIC_BASE_URL"] = "http://192.0.2.50:5000"
    html = client.get(url(demo, page)).get_data(as_text=True)
    assert 'data-testid="reach-warning"' not in html


def test_names_no_font_draws_are_listed_by_code_point(app, client, demo, missing_char, chinese):
    assert uncovered(f"Tile {missing_char} Wang") == [missing_char]
    assert uncovered(chinese) == []
    rename(app, demo, 1, f"Tile {missing_char} Wang")
    rename(app, demo, 2, chinese)
    login(client, demo)
    for page in PAGES:
        html = client.get(url(demo, page)).get_data(as_text=True)
        rows = re.findall(r'<tr data-testid="unprintable-name">(.*?)</tr>', html)
        assert len(rows) == 1
        assert f"Tile {missing_char} Wang" in rows[0] and f"U+{ord(missing_char):04X}" in rows[0]
        assert "sudo apt-get install fonts-noto-cjk" in html


def test_a_session_whose_names_all_print_says_so(client, demo, chinese, app):
    rename(app, demo, 3, chinese)
    login(client, demo)
    html = client.get(url(demo, "slips")).get_data(as_text=True)
    assert 'data-testid="names-ok"' in html and 'data-testid="unprintable-name"' not in html


def test_the_desk_and_sessions_page_link_each_seated_session_to_both_pages(client, demo):
    login(client, demo, "organizer")
    tid = demo["tournament_id"]
    for path in (f"/t/{tid}/organizer", f"/t/{tid}/sessions"):
        html = client.get(path).get_data(as_text=True)
        for page in PAGES:
            assert f'href="/t/{tid}/print/{page}?session=1"' in html, (path, page)
            assert f'href="/t/{tid}/print/{page}?session=2"' not in html, "2 is not seated"


def test_the_desk_opened_over_plain_http_on_the_lan_says_offline_features_are_off(client,
                                                                                 demo):
    lan = "http://192.0.2.9:5000"
    who = demo["organizer"]
    assert client.post("/api/login", base_url=lan, json={
        "tournament_id": demo["tournament_id"], **who}).status_code == 200
    html = client.get(f"/t/{demo['tournament_id']}/organizer", base_url=lan).get_data(
        as_text=True)
    assert 'data-kind="offline-off"' in html and 'data-kind="qr-loopback"' not in html
    assert "Recording works while the network is up." in html
    assert "PUBLIC_BASE_URL=https://" in html
    # A print page speaks only of QR codes: these would work.
    html = client.get(url(demo, "cards"), base_url=lan).get_data(as_text=True)
    assert 'data-testid="reach-warning"' not in html
