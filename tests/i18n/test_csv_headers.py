"""CSV headers for people (issue 29): `?headers=local` names the columns in the page's
language; without it the English names machines read stay, whatever the language."""

from __future__ import annotations

from judgeaid.i18n import catalogue
from tests.organizer.test_exports import event, parse, sign_in  # noqa: F401 - a fixture

MACHINE = ["rank", "number", "name", "team", "match_points", "raw", "session_1_mp"]
PEOPLE = ["Rank", "No.", "Name", "Team", "Match points", "Raw score"]


def zh(tag: str, message: str, **values) -> str:
    """Return a message as the locale's catalogue has it, checked to be translated."""
    text = catalogue(tag).gettext(message)
    assert text != message, f"{message!r} has no {tag} translation"
    return text % values if values else text


def test_english_headers_stay_the_default_in_every_language(client, event):  # noqa: F811
    for lang in ("en", "zh-Hant", "zh-Hans"):
        rows = parse(client.get(f"/t/{event['id']}/standings.csv?lang={lang}").data)
        assert rows[0][:len(MACHINE)] == MACHINE


def test_local_headers_in_the_pages_language(client, event):  # noqa: F811
    url = f"/t/{event['id']}/standings.csv?headers=local"
    assert parse(client.get(url + "&lang=en").data)[0][:len(PEOPLE)] == PEOPLE
    for tag in ("zh-Hant", "zh-Hans"):
        rows = parse(client.get(f"{url}&lang={tag}").data)
        assert rows[0][:7] == [zh(tag, name) for name in PEOPLE] + [
            zh(tag, "Session %(n)s match points", n=1)]
        english = parse(client.get(f"/t/{event['id']}/standings.csv").data)
        status = english[0].index("status")
        # the cells are the same, but for the words people read (a player's state)
        assert [r[:status] + r[status + 1:] for r in rows[1:]] == [
            r[:status] + r[status + 1:] for r in english[1:]]
        assert {r[status] for r in rows[1:]} == {zh(tag, "active")}


def test_the_organizers_exports_too(client, event):  # noqa: F811
    sign_in(client, event, event["organizer"], "1234")
    players = parse(client.get(f"/t/{event['id']}/exports/players.csv?headers=local"
                               "&lang=zh-Hans").data)
    assert players[0] == [zh("zh-Hans", name) for name in (
        "No.", "Name", "Team", "Status", "Joined in session", "Left after session", "Substitute",
        "Member ID", "Family name", "Given name", "EMA number", "Nationality")]
    results = parse(client.get(f"/t/{event['id']}/exports/results.csv?headers=local"
                               "&lang=zh-Hant").data)
    assert results[0][:3] == [zh("zh-Hant", name) for name in ("Session", "Stage", "Table")]
    assert results[0][-1] == zh("zh-Hant", "Posted at (%(zone)s)", zone="UTC")
    assert parse(client.get(f"/t/{event['id']}/exports/results.csv").data)[0][0] == "session"


def test_local_rows_say_their_words_in_the_pages_language(client, event):  # noqa: F811
    """`?headers=local`: a session's state, the stage, the seat and a player's state are words
    for people too; the English words stay without it (issue 29)."""
    sign_in(client, event, event["organizer"], "1234")
    base = f"/t/{event['id']}/exports/results.csv"
    english = parse(client.get(base + "?lang=zh-Hant").data)
    posted, stage, seat = (english[0].index(n) for n in ("posted", "stage", "seat"))
    assert {r[posted] for r in english[1:]} <= {"final", "provisional"}
    assert {r[seat] for r in english[1:]} <= set("ESWN")
    assert all(r[stage].startswith("Session ") for r in english[1:])
    for tag in ("zh-Hant", "zh-Hans"):
        local = parse(client.get(f"{base}?headers=local&lang={tag}").data)
        assert len(local) == len(english) > 1
        assert {r[posted] for r in local[1:]} <= {zh(tag, "final"), zh(tag, "provisional")}
        assert {r[seat] for r in local[1:]} <= {zh(tag, w) for w in "ESWN"}
        assert not any(r[stage].startswith("Session") for r in local[1:])
    players = parse(client.get(f"/t/{event['id']}/exports/players.csv?headers=local"
                               "&lang=zh-Hans").data)
    status = players[0].index(zh("zh-Hans", "Status"))
    assert {r[status] for r in players[1:]} <= {zh("zh-Hans", s) for s in (
        "active", "withdrawn", "disqualified", "resigned")}
    assert {r[status] for r in parse(client.get(
        f"/t/{event['id']}/exports/players.csv?lang=zh-Hans").data)[1:]} <= {
        "active", "withdrawn", "disqualified", "resigned"}


def test_a_chinese_page_links_the_csv_with_local_headings(client, event):  # noqa: F811
    """Beside each CSV link, a page in Chinese offers the file with its headings in Chinese;
    an English page does not (issue 29)."""
    import re

    public = f"/t/{event['id']}/standings"
    assert "csv-local" not in client.get(public).get_data(as_text=True)
    for tag in ("zh-Hant", "zh-Hans"):
        page = client.get(f"{public}?lang={tag}").get_data(as_text=True)
        link = re.search(r'href="([^"]+)" download data-testid="csv-local-standings"', page)[1]
        assert "headers=local" in link and f"lang={tag}" in link
        rows = parse(client.get(link.replace("&amp;", "&")).data)
        assert rows[0][0] == zh(tag, "Rank")
    sign_in(client, event, event["organizer"], "1234")
    manage = f"/t/{event['id']}/standings/manage"
    assert "csv-local" not in client.get(manage + "?lang=en").get_data(as_text=True)
    page = client.get(manage + "?lang=zh-Hans").get_data(as_text=True)
    for kind in ("players", "results", "standings"):
        assert f'data-testid="csv-local-{kind}"' in page, kind
    assert "选手（CSV，中文列名）" in page
