"""The live card page: server-rendered card, rotation per round, editing only for judges."""

import re
import uuid

import pytest

from tests.conftest import login


@pytest.fixture
def card(client, demo):
    return client.get(demo["cards"][0]["api"]).get_json()


def page_of(client, demo) -> str:
    """The card drawn by the server: a judge's page, or the page a reader's phone without
    JavaScript is sent to from the shell."""
    response = client.get(demo["cards"][0]["url"] + "/plain")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_anyone_reads_the_card_without_javascript(client, demo, card):
    # the page a phone opens has the card drawn by the server (issue 31), as /plain has
    shell = client.get(demo["cards"][0]["url"]).get_data(as_text=True)
    assert "http-equiv" not in shell
    assert re.findall(r'data-testid="round-(\d+)"', shell) == [str(n) for n in range(1, 17)]
    html = page_of(client, demo)
    assert "Session 1 · Table 1" in html and "judgeaid Demo Open" in html
    for player in card["players"]:
        assert player["name"] in html
    assert re.findall(r'data-testid="round-(\d+)"', html) == [str(n) for n in range(1, 17)]
    assert html.count('class="cycle-head"') == 4
    assert 'data-testid="total-' in html and "Penalty line" in html and "Confirmations" in html


def test_dealer_and_seat_winds_follow_the_rotation(client, demo, card):
    html = page_of(client, demo)
    a, b, c, d = (p["number"] for p in card["players"])  # starting seats E, S, W, N
    # §3.4 cycle seats: 1 A,B,C,D · 2 B,A,D,C · 3 C,D,B,A · 4 D,C,A,B; the deal passes E→S→W→N.
    expected = [a, b, c, d, b, a, d, c, c, d, b, a, d, c, a, b]
    dealers = [int(n) for n in re.findall(r'data-testid="round-\d+" data-dealer="(\d+)"', html)]
    assert dealers == expected
    for number, row in enumerate(re.findall(r'<tr class="round[^"]*".*?</tr>', html, re.S), 1):
        winds = re.findall(r'data-player="(\d+)" data-wind="([ESWN])"', row)
        assert sorted(w for _, w in winds) == ["E", "N", "S", "W"]
        assert dict(winds)[str(expected[number - 1])] == "E"


def test_judges_see_editing_controls_and_others_do_not(client, demo):
    anonymous = page_of(client, demo)
    assert "data-edit-round" not in anonymous and "data-judge-tools" not in anonymous
    assert 'data-is-judge="false"' in anonymous
    judge = page_of(login(client, demo, "judge"), demo)
    assert judge.count("data-edit-round=") == 16 and "data-judge-tools" in judge
    assert "data-penalty-form" in judge and "Session time over" in judge
    assert 'data-is-judge="true"' in judge


def test_judge_of_another_tournament_gets_no_controls(app, client, demo):
    from judgeaid.demo import create_demo
    from judgeaid.extensions import db

    with app.test_request_context():
        other = create_demo(16, 3)
        db.session.commit()
    login(client, other, "judge")
    assert "data-edit-round" not in page_of(client, demo)


def test_recorded_rounds_corrections_and_penalties_render(client, demo, card):
    login(client, demo, "judge")
    seats = {w: int(p) for p, w in card["rounds"][0]["winds"].items()}
    url = f"/api/cards/{card['id']}"
    first = {"round": 1, "result": "win", "winner": seats["E"], "value": 70, "win": "discard",
             "discarder": seats["S"], "op_id": str(uuid.uuid4())}
    assert client.post(f"{url}/rounds", json=first).status_code == 200
    fix = {**first, "value": 30, "correction": True, "base_revision": 1,
           "reason": "miscounted the flush",
           "op_id": str(uuid.uuid4())}
    assert client.post(f"{url}/rounds", json=fix).status_code == 200
    assert client.post(f"{url}/penalties", json={"player": seats["W"], "points": 10,
                                                 "reason": "slow play",
                                                 "op_id": str(uuid.uuid4())}).status_code == 200
    html = page_of(client, demo)
    row = re.search(r'<tr class="round[^"]*" data-round="1".*?</tr>', html, re.S).group(0)
    assert 'data-value="90"' in row and "+90" in row  # 30 on a discard: 90 = 3 × 30
    assert re.search(r'data-revision="1".*?<del data-value="210">\+210</del>', html, re.S)
    assert "miscounted the flush" in html and "Corrected by Jade Judge" in html
    assert f'data-testid="penalties-{seats["W"]}" data-value="-10"' in html
    # W paid 25 (the discarder was responsible) and has 10 penalty points
    assert f'data-testid="total-{seats["W"]}" data-value="-35"' in html


def test_reader_endpoint_names_the_player_of_a_token(client, demo, card):
    url = f"/api/cards/{card['id']}/me"
    assert client.get(url).get_json() == {"is_judge": False, "player": None,
                                          "is_recorder": False}
    at_table = {p["number"] for p in card["players"]}
    tokens = {p["number"]: p["url"].rsplit("/", 1)[1] for p in demo["players"]}
    mine = min(at_table)
    stranger = next(n for n in tokens if n not in at_table)
    answer = client.get(url, headers={"X-Player-Token": tokens[mine]}).get_json()
    assert answer["player"]["number"] == mine and answer["is_recorder"] is False
    for token in (tokens[stranger], "nonsense"):
        assert client.get(url, headers={"X-Player-Token": token}).get_json()["player"] is None
    login(client, demo, "judge")
    client.post(f"/api/cards/{card['id']}/recorder",
                json={"player": mine, "op_id": str(uuid.uuid4())})
    answer = client.get(url, headers={"X-Player-Token": tokens[mine]}).get_json()
    assert answer == {"is_judge": True, "player": answer["player"], "is_recorder": True}
