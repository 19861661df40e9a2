"""Time-outs and late arrivals through the API (§4.14): free 180 s, 5 per started 30 s."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Penalty
from tests.conftest import login
from tests.factories import install_server_clock

S = 1000


@pytest.fixture
def server_clock(monkeypatch):
    return install_server_clock(monkeypatch, frozen=True)


def seated(client, demo, index=0):
    """Return (player number, card id) of a player seated in session 1."""
    card = int(demo["cards"][index]["api"].rsplit("/", 1)[1])
    return client.get(f"/api/cards/{card}").get_json()["players"][0]["number"], card


def begin(client, demo, player, op_id, **extra):
    return client.post(f"/api/tournaments/{demo['tournament_id']}/timeouts",
                       json={"player": player, "op_id": op_id, **extra})


def end(client, timeout_id, op_id, **extra):
    return client.post(f"/api/timeouts/{timeout_id}/end", json={"op_id": op_id, **extra})


def listing(client, demo):
    return client.get(f"/api/tournaments/{demo['tournament_id']}/timeouts").get_json()


@pytest.mark.parametrize(
    ("durations_s", "points"),
    [
        ([180], [0]),
        ([180.001], [5]),
        ([200], [5]),
        ([210], [5]),
        ([211], [10]),
        # the 180 s are for the whole session: the second time-out pays for what it adds
        ([150, 30], [0, 0]),
        ([150, 31], [0, 5]),
        ([200, 30], [5, 5]),
        ([200, 10], [5, 0]),
    ],
)
def test_time_outs_charge_past_the_free_180_s(client, demo, judge, server_clock, durations_s,
                                              points):
    player, card = seated(client, demo)
    charged = []
    for i, seconds in enumerate(durations_s):
        row = begin(client, demo, player, f"to-start-{i}-x").get_json()["timeout"]
        server_clock.advance(round(seconds * S))
        ended = end(client, row["id"], f"to-end-{i}-xx").get_json()["timeout"]
        charged.append(ended["points"])
        server_clock.advance(60 * S)
    assert charged == points
    lines = client.get(f"/api/cards/{card}").get_json()["penalties"]
    assert [p["points"] for p in lines] == [p for p in points if p]
    assert all(p["player"] == player for p in lines)
    totals = next(p for p in listing(client, demo)["players"] if p["number"] == player)
    assert totals["points"] == sum(points)


def test_medication_time_out_has_60_s_of_its_own(client, demo, judge, server_clock):
    player, _ = seated(client, demo)
    row = begin(client, demo, player, "med-start-1", is_medication=True).get_json()["timeout"]
    server_clock.advance(240 * S)
    # 240 s minus the 60 s for medication: exactly the 180 s, so nothing to pay
    assert end(client, row["id"], "med-end-001").get_json()["timeout"]["points"] == 0


def test_late_arrival_has_no_free_time_and_over_5_minutes_may_be_absent(
        app, client, demo, judge, server_clock):
    login(client, demo, "organizer")
    client.post(f"/api/tournaments/{demo['tournament_id']}/clock",
                json={"action": "start", "op_id": "clock-start-1"})
    player, card = seated(client, demo)
    other, _ = seated(client, demo, 1)
    late = begin(client, demo, player, "late-start-1", kind="late").get_json()["timeout"]
    assert late["absent_after_ms"] == late["started_at_ms"] + 300 * S
    slow = begin(client, demo, other, "late-start-2", kind="late").get_json()["timeout"]
    server_clock.advance(300 * S)
    # exactly 5 minutes: 10 steps of 30 s, and not yet "more than five minutes"
    on_time = end(client, late["id"], "late-end-01").get_json()["timeout"]
    assert (on_time["points"], on_time["may_be_absent"]) == (50, False)
    server_clock.advance(1)
    body = listing(client, demo)
    assert [e["player"] for e in body["possibly_absent"]] == [other]
    arrived = end(client, slow["id"], "late-end-02").get_json()["timeout"]
    assert (arrived["points"], arrived["may_be_absent"]) == (55, True)
    assert [e["player"] for e in listing(client, demo)["possibly_absent"]] == [other]
    assert begin(client, demo, player, "late-again-1", kind="late").status_code == 409
    with app.app_context():
        penalties = db.session.scalars(select(Penalty).order_by(Penalty.id)).all()
        assert [(p.infraction, p.points) for p in penalties] == [
            ("timeout_or_late", 50), ("timeout_or_late", 55)]
    assert [p["points"] for p in client.get(f"/api/cards/{card}").get_json()["penalties"]] == [50]


def test_lateness_needs_the_clock_or_the_minutes(client, demo, judge):
    player, _ = seated(client, demo)
    refused = begin(client, demo, player, "late-noclock", kind="late")
    assert refused.status_code == 409
    logged = begin(client, demo, player, "late-minutes", kind="late", late_ms=90 * S)
    row = logged.get_json()["timeout"]
    assert row["ended_at_ms"] - row["started_at_ms"] == 90 * S and row["points"] == 15


def test_time_out_checks(client, demo, judge):
    player, _ = seated(client, demo)
    assert begin(client, demo, player, "first-open").status_code == 200
    assert begin(client, demo, player, "second-open").status_code == 409
    assert begin(client, demo, 999, "nobody-here").status_code == 400
    assert begin(client, demo, player, "bad-kind-x", kind="nap").status_code == 400
    assert end(client, 999, "end-nothing").status_code == 404


def test_time_outs_need_a_judge(client, demo):
    player, _ = seated(client, demo)
    assert begin(client, demo, player, "anon-start").status_code == 401
    assert client.get(f"/api/tournaments/{demo['tournament_id']}/timeouts").status_code == 401
    assert client.get(f"/t/{demo['tournament_id']}/timeouts").status_code == 302
    login(client, demo, "judge")
    page = client.get(f"/t/{demo['tournament_id']}/timeouts")
    assert page.status_code == 200 and b"data-timeouts" in page.data
