"""Names that cannot impersonate (issue 28): NFKC, no invisible characters, no look-alike of
another name of the event (UTS #39 skeleton), through the forms, the API and the CSV import;
no direction override in the free text the public sees."""

from __future__ import annotations

import io

from judgeaid import naming
from judgeaid.extensions import db
from judgeaid.models import Player, User
from tests.conftest import login
from tests.factories import demo_card_id, op, seated

CYRILLIC_BAO = "\u0412ao Silva"  # Cyrillic capital Ve, drawn as a Latin B


def create(client):
    return client.post("/new", data={"name": "Spring Open", "format": "csom",
                                     "organizer_name": "Olga", "pin": "1234"})


def register(client, name, team=""):
    return client.post("/t/1/organizer/players", data={"name": name, "team": team},
                       follow_redirects=True)


def names(app, model=Player):
    with app.app_context():
        return sorted(db.session.scalars(db.select(model.name)))


def test_the_skeleton_sees_what_the_eye_sees():
    assert naming.skeleton(CYRILLIC_BAO) == naming.skeleton("Bao Silva")
    assert naming.skeleton("Bao Silva") != naming.skeleton("Bao Silvia")
    assert naming.normalise("\uff22ao  Silva") == "Bao Silva"
    assert naming.invisible("Bao\u200bSilva") == "\u200b"
    assert naming.invisible("Ba\u00adoSilva") == "\u00ad"  # soft hyphen
    assert naming.invisible("李小龍") is None and naming.invisible("Zoë Ünal") is None


def test_the_form_refuses_a_look_alike_with_both_names_shown(app, client):
    create(client)
    assert register(client, "Bao Silva").status_code == 200
    page = register(client, CYRILLIC_BAO).get_data(as_text=True)
    assert f"“{CYRILLIC_BAO}” looks like “Bao Silva”" in page
    page = register(client, "Bao\u200bSilva").get_data(as_text=True)
    assert "invisible character (U+200B" in page
    register(client, "\uff2b\uff49\uff4d Lee")  # full-width letters: stored as they read
    assert names(app) == ["Bao Silva", "Kim Lee"]


def test_a_team_that_looks_like_another_is_refused(app, client):
    create(client)
    register(client, "Ann Lee", "Tigers")
    page = register(client, "Bo Chan", "T\u0456gers").get_data(as_text=True)  # Cyrillic i
    assert "“T\u0456gers” looks like “Tigers”" in page
    assert names(app) == ["Ann Lee"]


def test_a_csv_with_a_look_alike_is_refused_whole_with_its_lines(app, client):
    create(client)
    register(client, "Bao Silva")
    csv = ("name,team\n"
           "Ann Lee,\n"
           f"{CYRILLIC_BAO},\n"
           "Cy\u200bDoe,\n"
           "Di Roe,\n"
           "D\u0456 Roe,\n")
    response = client.post("/t/1/organizer/players/import", data={
        "file": (io.BytesIO(csv.encode()), "players.csv")}, content_type="multipart/form-data")
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "Nothing was imported" in page
    for line in ("<td>3</td>", "<td>4</td>", "<td>6</td>"):
        assert line in page
    assert "<td>2</td>" not in page and "<td>5</td>" not in page
    assert "looks like “Bao Silva”" in page and "looks like “Di Roe”" in page
    assert names(app) == ["Bao Silva"]


def test_judges_cannot_look_like_one_another(app, client):
    create(client)
    client.post("/t/1/organizer/judges", data={"name": "Jade Judge", "role": "judge",
                                               "pin": "2468"})
    page = client.post("/t/1/organizer/judges", data={
        "name": "J\u0430de Judge", "role": "judge", "pin": "1357"},
        follow_redirects=True).get_data(as_text=True)
    assert "looks like “Jade Judge”" in page
    page = client.post("/t/1/organizer/judges", data={
        "name": "Jade\u2060Judge", "role": "judge", "pin": "1357"},
        follow_redirects=True).get_data(as_text=True)
    assert "invisible character (U+2060)" in page
    assert names(app, User) == ["Jade Judge", "Olga"]


def test_a_penalty_reason_with_a_direction_override_is_refused(app, client, demo):
    login(client, demo, "judge")
    tid, card = demo["tournament_id"], demo_card_id(demo)
    body = {"card_id": card, "player": seated(client, card)[0], "category": "procedural",
            "infraction": "tiles_mishandled", "kind": "points", "points": 5,
            "reason": "slow \u202eyalp", "op_id": op()}
    answer = client.post(f"/api/t/{tid}/penalties", json=body)
    assert answer.status_code == 400
    assert "text-direction control character (U+202E)" in answer.get_json()["message"]
    assert client.post(f"/api/t/{tid}/penalties",
                       json={**body, "reason": "slow play \u200f", "op_id": op()}
                       ).status_code == 200  # a direction mark a language needs stays
