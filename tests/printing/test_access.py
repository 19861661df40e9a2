"""Who may print, and what a bad request is told."""

import pytest

from judgeaid.extensions import db
from tests.conftest import login
from tests.factories import make_judge, make_tournament

PDFS = ("cards.pdf", "slips.pdf")


def url(demo, pdf, query="session=1"):
    return f"/t/{demo['tournament_id']}/print/{pdf}?{query}"


@pytest.mark.parametrize("pdf", PDFS)
def test_anonymous_visitors_are_sent_to_sign_in(client, demo, pdf):
    response = client.get(url(demo, pdf))
    assert response.status_code == 302
    assert response.headers["Location"].startswith("/login?next=")


@pytest.mark.parametrize("pdf", PDFS)
def test_a_players_link_opens_no_pdf(client, demo, pdf):
    token = demo["players"][0]["url"].rsplit("/", 1)[-1]
    assert client.get(demo["players"][0]["url"]).status_code == 200
    response = client.get(url(demo, pdf), headers={"X-Player-Token": token})
    assert response.status_code == 302 and "/login" in response.headers["Location"]


@pytest.mark.parametrize("role", ["organizer", "head_judge", "judge"])
def test_staff_of_the_tournament_print(client, demo, role):
    login(client, demo, role)
    response = client.get(url(demo, "cards.pdf", "session=1&tables=1"))
    assert response.status_code == 200 and response.data.startswith(b"%PDF")


@pytest.mark.parametrize("pdf", PDFS)
def test_staff_of_another_tournament_may_not(app, client, demo, pdf):
    with app.app_context():
        other, _ = make_tournament("Other Open", pin="1111")
        make_judge(other, "Ola", pin="2222")
        db.session.commit()
        other_id = other.id
    assert client.post("/api/login", json={"tournament_id": other_id, "name": "Ola",
                                           "pin": "2222"}).status_code == 200
    assert client.get(url(demo, pdf)).status_code == 403


@pytest.mark.parametrize("pdf", PDFS)
def test_an_unknown_tournament_or_unseated_session_is_not_found(client, demo, pdf):
    login(client, demo)
    assert client.get(f"/t/9999/print/{pdf}?session=1").status_code == 404
    response = client.get(url(demo, pdf, "session=2"))
    assert response.status_code == 404
    assert b"Session 2 has no tables yet" in response.data


@pytest.mark.parametrize(("pdf", "query", "message"), [
    ("cards.pdf", "", "Say which session to print"),
    ("slips.pdf", "session=", "Say which session to print"),
    ("cards.pdf", "session=0", "Say which session to print"),
    ("slips.pdf", "session=one", "Say which session to print"),
    ("cards.pdf", "session=-1", "Say which session to print"),
    ("cards.pdf", "session=1&layout=tabloid", "must be one of: card, letter, a4"),
    ("slips.pdf", "session=1&layout=card", "must be one of: a4, letter"),
    ("cards.pdf", "session=1&blank=yes", "blank: must be one of: 0, 1"),
    ("cards.pdf", "session=1&tables=1,x", "table numbers separated by commas"),
    ("cards.pdf", "session=1&tables=99", "Session 1 has no table 99."),
    ("cards.pdf", "session=1&spare=41", "spare: must be at most 40"),
    ("cards.pdf", "session=1&tables=none", "Nothing to print"),
    ("slips.pdf", "session=1&tz_offset=east", "tz_offset: must be a whole number"),
])
def test_a_bad_request_is_told_what_is_wrong(client, demo, pdf, query, message):
    login(client, demo)
    response = client.get(url(demo, pdf, query))
    assert response.status_code == 400
    assert message.encode() in response.data
