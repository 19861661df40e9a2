"""Where signing in lands, what a refused page says, and how pages name who did a thing."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest

from judgeaid.services.cards import actor_display
from tests.conftest import login


def sign_in(client, demo, role: str, next_: str | None = None):
    who = demo[role]
    url = "/login" if next_ is None else "/login?" + urlencode({"next": next_})
    return client.post(url, data={"tournament_id": demo["tournament_id"], "name": who["name"],
                                  "pin": who["pin"]})


def landed(response) -> str:
    assert response.status_code == 302
    parts = urlsplit(response.headers["Location"])
    assert parts.netloc in ("", "localhost"), response.headers["Location"]
    return parts.path + (f"?{parts.query}" if parts.query else "")


@pytest.mark.parametrize(("role", "place"), [
    ("judge", "/t/{tid}/judge"),
    ("head_judge", "/t/{tid}/judge"),
    ("organizer", "/t/{tid}/organizer"),
])
def test_signing_in_lands_on_the_roles_own_page(client, demo, role, place):
    tid = demo["tournament_id"]
    assert landed(sign_in(client, demo, role)) == place.format(tid=tid)
    # The JSON sign-in says the same place, for a script or an app to go to.
    answer = client.post("/api/login", json={"tournament_id": tid, "name": demo[role]["name"],
                                             "pin": demo[role]["pin"]})
    assert answer.get_json()["home"] == place.format(tid=tid)


def test_a_page_on_this_site_given_as_next_wins(client, demo):
    tid = demo["tournament_id"]
    assert landed(sign_in(client, demo, "judge", f"/t/{tid}/timers?table=2")) == \
        f"/t/{tid}/timers?table=2"


@pytest.mark.parametrize("hostile", ["//evil.example", "https://evil.example/",
                                     "/\\evil.example", "javascript:alert(1)"])
def test_a_next_that_leads_off_the_site_lands_on_the_console_instead(client, demo, hostile):
    tid = demo["tournament_id"]
    assert landed(sign_in(client, demo, "judge", hostile)) == f"/t/{tid}/judge"


def test_someone_not_signed_in_is_sent_to_sign_in_and_then_back(client, demo):
    tid = demo["tournament_id"]
    response = client.get(f"/t/{tid}/timers")
    assert response.status_code == 302
    target = landed(response)
    assert target.startswith("/login?next=")
    who = demo["judge"]
    back = client.post(target, data={"tournament_id": tid, "name": who["name"],
                                     "pin": who["pin"]})
    assert landed(back) == f"/t/{tid}/timers"


def links(page: str) -> dict[str, str]:
    """Return the error page's ways on: label → href."""
    block = page.split('data-testid="error-links"', 1)[1].split("</ul>", 1)[0]
    return {unescape(label): href for href, label in re.findall(
        r'<a class="button[^"]*" href="([^"]+)">([^<]+)</a>', block)}


def test_a_judge_at_the_clock_controls_learns_who_may_and_where_to_watch(client, demo):
    tid = demo["tournament_id"]
    login(client, demo, "judge")
    response = client.get(f"/t/{tid}/clock/control")
    assert response.status_code == 403
    page = unescape(response.get_data(as_text=True))
    assert "Only the organizer and the head judge run the session clock" in page
    assert "Something is not right" not in page
    ways = links(response.get_data(as_text=True))
    assert ways["Open the hall display"] == f"/t/{tid}/clock"
    assert ways["Back to the judge console"] == f"/t/{tid}/judge"
    for href in (ways["Open the hall display"], ways["Back to the judge console"]):
        assert client.get(href).status_code == 200
    # The API refuses the same act in JSON, with the same sentence.
    answer = client.post(f"/api/tournaments/{tid}/clock",
                         json={"action": "start", "op_id": "judge-tries-the-clock-1"})
    assert answer.status_code == 403
    assert answer.get_json()["message"].startswith(
        "Only the organizer and the head judge run the session clock")


def test_a_judge_at_an_organizer_page_is_told_it_is_the_organizers(client, demo):
    tid = demo["tournament_id"]
    login(client, demo, "judge")
    for url, rule in ((f"/t/{tid}/organizer", "Only the organizer uses the desk"),
                      (f"/t/{tid}/sessions", "Only the organizer of this tournament"),
                      (f"/t/{tid}/standings/manage", "Only the organizer posts results")):
        response = client.get(url)
        assert response.status_code == 403, url
        assert rule in unescape(response.get_data(as_text=True)), url
        assert links(response.get_data(as_text=True))["Back to the judge console"] == \
            f"/t/{tid}/judge"


def test_staff_of_another_tournament_are_told_to_sign_in_to_this_one(client, demo):
    from judgeaid.extensions import db
    from tests.factories import make_tournament

    with client.application.app_context():
        other, _ = make_tournament(organizer="Olga", pin="1234")
        db.session.commit()
        other_id = other.id
    client.post("/api/login", json={"tournament_id": other_id, "name": "Olga", "pin": "1234"})
    tid = demo["tournament_id"]
    response = client.get(f"/t/{tid}/judge")
    assert response.status_code == 403
    assert "signed in to another tournament" in response.get_data(as_text=True)
    ways = links(response.get_data(as_text=True))
    sign_in_here = urlsplit(unescape(ways["Sign in to this tournament"]))
    assert sign_in_here.path == "/login"
    assert parse_qs(sign_in_here.query) == {"tournament_id": [str(tid)],
                                            "next": [f"/t/{tid}/judge"]}
    assert ways["Back to the desk"] == f"/t/{other_id}/organizer"


@pytest.mark.parametrize(("label", "shown"), [
    ("organizer:Rita Ramos", "Rita Ramos (organizer)"),
    ("head_judge:Hugo Head", "Hugo Head (head judge)"),
    ("judge:Jade", "Jade (judge)"),
    ("player:7 Ann Lee", "Ann Lee (player 7)"),
    ("clock", "the session clock"),
    ("", ""),
])
def test_an_actor_label_reads_as_name_then_role(label, shown):
    assert actor_display(label) == shown


def test_the_clock_log_names_the_organizer_by_name_then_role(client, demo):
    tid = demo["tournament_id"]
    login(client, demo, "organizer")
    answer = client.post(f"/api/tournaments/{tid}/clock",
                         json={"action": "start", "op_id": "organizer-starts-clock-1"})
    assert answer.status_code == 200, answer.get_json()
    event = answer.get_json()["session"]["events"][-1]
    name = demo["organizer"]["name"]
    assert event["who"] == f"{name} (organizer)"
    assert event["by"] == f"organizer:{name}"  # what is stored stays as it was
