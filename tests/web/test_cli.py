"""The flask commands: `demo` prints the documented JSON; `seating plan` reads CSV."""

import json

from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Card, Player


def test_demo_prints_the_documented_json(app, runner, client):
    result = runner.invoke(args=["demo", "--players", "16", "--seed", "3"])
    assert result.exit_code == 0, result.output
    demo = json.loads(result.output)
    assert {"tournament_id", "organizer", "judge", "cards", "players"} <= set(demo)
    assert len(demo["players"]) == 16 and len(demo["cards"]) == 4
    assert [c["table"] for c in demo["cards"]] == [1, 2, 3, 4]
    for card in demo["cards"]:
        assert card["url"].startswith("/") and card["api"].startswith("/api/cards/")
        assert client.get(card["url"]).status_code == 200
        assert client.get(card["api"]).get_json()["table"] == card["table"]
    for player in demo["players"]:
        assert client.get(player["url"]).status_code == 200
    response = client.post("/api/login", json={"tournament_id": demo["tournament_id"],
                                                **demo["judge"]})
    assert response.status_code == 200
    with app.app_context():
        assert db.session.query(Player).count() == 16
        assert db.session.query(Card).count() == 4


def test_demo_defaults_to_32_players_and_if_empty_skips(runner):
    demo = json.loads(runner.invoke(args=["demo"]).output)
    assert len(demo["players"]) == 32 and len(demo["cards"]) == 8
    again = runner.invoke(args=["demo", "--if-empty"])
    assert again.exit_code == 0 and "already has tournaments" in again.output


def test_demo_refuses_a_count_that_is_not_a_multiple_of_four(runner):
    result = runner.invoke(args=["demo", "--players", "30"])
    assert result.exit_code != 0 and "multiple of 4" in result.output


def test_seating_plan_from_csv(runner, tmp_path):
    players = tmp_path / "players.csv"
    players.write_text("id,name,team\n" + "".join(
        f"{i},P{i},{'T' + str(i % 4) if i <= 16 else ''}\n" for i in range(1, 33)))
    result = runner.invoke(args=["seating", "plan", "--players", str(players), "--sessions",
                                 "4", "--seed", "9"])
    assert result.exit_code == 0, result.output
    plan = json.loads(result.output)
    assert plan["repeats"] == 0 and len(plan["sessions"]) == 4
    pairs = set()
    for session in plan["sessions"]:
        seated = sorted(p for table in session["tables"] for p in table)
        assert seated == list(range(1, 33))
        for table in session["tables"]:
            teams = [p % 4 for p in table if p <= 16]
            assert len(teams) == len(set(teams)), "team-mates at one table"
            pairs |= {(a, b) for a in table for b in table if a < b}
    assert len(pairs) == 4 * 8 * 6
    again = runner.invoke(args=["seating", "plan", "--players", str(players), "--sessions",
                                "4", "--seed", "9"])
    assert json.loads(again.output) == plan


def test_seating_plan_reports_bad_rows(runner, tmp_path):
    players = tmp_path / "players.csv"
    players.write_text("id,name,team\n1,A,\n1,B,\n")
    result = runner.invoke(args=["seating", "plan", "--players", str(players), "--sessions", "2"])
    assert result.exit_code == 2 and "line 3: Duplicate id 1" in result.output


def test_demo_plays_and_posts_sessions_in_a_chosen_format(app, runner):
    """`flask demo --format rsom --played 2`: two sessions posted, the third seated (issue 27)."""
    from judgeaid.models import PlaySession

    result = runner.invoke(args=["demo", "--format", "rsom", "--played", "2"])
    assert result.exit_code == 0, result.output
    demo = json.loads(result.output)
    with app.app_context():
        sessions = db.session.scalars(select(PlaySession).where(
            PlaySession.tournament_id == demo["tournament_id"]).order_by(PlaySession.number))
        assert [(s.number, s.finalized_at is not None) for s in sessions] == [
            (1, True), (2, True), (3, False)]


def test_favicon_is_served(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 200 and response.mimetype == "image/png"
