"""Stable endpoints of the foundation: time, login, OpenAPI coverage, JSON-only writes."""

import re
import time

from judgeaid.api.schemas import ServerTime
from judgeaid.extensions import db
from tests.factories import make_judge, make_tournament


def test_time_is_the_server_clock_in_ms(client):
    before = time.time_ns() // 1_000_000
    answer = client.get("/api/time")
    after = time.time_ns() // 1_000_000
    body = answer.get_json()
    assert before <= body["now_ms"] <= after
    # the documented answer (the server leaves this check to the tests: issue 31)
    assert ServerTime.model_validate(body).now_ms == body["now_ms"]
    assert answer.headers["Cache-Control"] == "no-store"


def test_openapi_documents_every_api_route(app, client):
    doc = client.get("/api/openapi.json").get_json()
    assert doc["openapi"].startswith("3.")
    documented = {(path, method) for path, ops in doc["paths"].items() for method in ops}
    missing = []
    for rule in app.url_map.iter_rules():
        if not rule.rule.startswith("/api/"):
            continue
        path = re.sub(r"<(?:[^:>]+:)?([^>]+)>", r"{\1}", rule.rule)
        for method in rule.methods - {"HEAD", "OPTIONS"}:
            if (path, method.lower()) not in documented:
                missing.append(f"{method} {path}")
    assert not missing, f"undocumented: {missing}"


def _setup(app):
    with app.app_context():
        tournament, _ = make_tournament(pin="1234")
        make_judge(tournament, "Jin", pin="2468")
        db.session.commit()
        return tournament.id


def test_login_sets_a_session_cookie(app, client):
    tid = _setup(app)
    response = client.post("/api/login", json={"tournament_id": tid, "name": "jin",
                                                "pin": "2468"})
    assert response.status_code == 200
    assert response.get_json()["user"]["role"] == "judge"
    assert "session=" in response.headers["Set-Cookie"]
    assert client.get("/api/me").get_json()["user"]["name"] == "Jin"


def test_bad_credentials_get_401(app, client):
    tid = _setup(app)
    for body in ({"tournament_id": tid, "name": "Jin", "pin": "0000"},
                 {"tournament_id": tid, "name": "Nobody", "pin": "2468"},
                 {"tournament_id": tid + 99, "name": "Jin", "pin": "2468"}):
        response = client.post("/api/login", json=body)
        assert response.status_code == 401, body
        assert response.get_json()["message"] == "Wrong tournament, name or PIN."


def test_repeated_failures_are_slowed_down(app, client):
    tid = _setup(app)
    statuses = [client.post("/api/login", json={"tournament_id": tid, "name": "Jin",
                                                 "pin": f"{1000 + i}"}).status_code
                for i in range(7)]
    assert statuses[:5] == [401] * 5
    assert statuses[5:] == [429, 429]
    # Even the right PIN waits until the pause is over.
    response = client.post("/api/login", json={"tournament_id": tid, "name": "Jin",
                                                "pin": "2468"})
    assert response.status_code == 429
    assert int(response.headers["Retry-After"]) > 0
    assert "Try again in" in response.get_json()["message"]


def test_api_writes_must_be_json(client):
    response = client.post("/api/login", data={"name": "x"})
    assert response.status_code == 415
    assert "JSON" in response.get_json()["message"]
    response = client.post("/api/login", data="[1]", content_type="application/json")
    assert response.status_code == 400


def test_unknown_api_path_is_a_json_404(client):
    response = client.get("/api/nothing-here")
    assert response.status_code == 404
    assert response.get_json()["error"] == "Not Found"
