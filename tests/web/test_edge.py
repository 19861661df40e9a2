"""The edge rules on every route: path ids, odd digits, JSON depth and size never make a 500."""

from __future__ import annotations

import re

import pytest

from judgeaid.edge import MAX_ID
from tests.conftest import login

HUGE = ("2147483648", "100000000000000000000", "0", "1e20", "²", "٣", "-1")


def _routes(app):
    for rule in app.url_map.iter_rules():
        if "<int:" not in rule.rule and not re.search(r"<int\(", rule.rule):
            continue
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            yield rule.rule, method


def _fill(rule: str, value: str) -> str:
    return re.sub(r"<int:[^>]+>", value, rule).replace("<any(players, results):kind>",
                                                       "players")


@pytest.mark.parametrize("role", ["anonymous", "organizer"])
def test_ids_out_of_range_are_not_found_on_every_route(app, demo, role):
    client = app.test_client()
    if role != "anonymous":
        login(client, demo, role)
    checked = 0
    for rule, method in _routes(app):
        for value in HUGE:
            path = _fill(rule, value)
            response = client.open(path, method=method, json={} if method != "GET" else None)
            # 405 where the same path takes another method: Werkzeug checks methods first.
            assert response.status_code in (404, 405), (method, path, response.status_code)
            checked += 1
    assert checked > 100


def test_a_real_id_still_resolves(app, demo, client):
    card = demo["cards"][0]
    assert client.get(card["api"]).status_code == 200
    assert client.get(card["api"].replace(card["api"].rsplit("/", 1)[1], str(MAX_ID))
                      ).status_code == 404


@pytest.mark.parametrize("value", ["²", "٣", "1e3", "x", "-5", "99999999999999999999999",
                                   "\x00", "1\u202e"])
def test_odd_numbers_in_query_strings_are_never_a_server_error(app, demo, value):
    client = login(app.test_client(), demo, "organizer")
    tid = demo["tournament_id"]
    for rule in [r.rule for r in app.url_map.iter_rules() if "GET" in r.methods]:
        if "<" in rule and not rule.startswith("/t/<int:tournament_id>"):
            continue
        if "<" in rule.replace("<int:tournament_id>", ""):
            continue
        path = rule.replace("<int:tournament_id>", str(tid))
        query = {"session": value, "tables": value, "number": value, "round": value,
                 "table": value, "player": value, "layout": value}
        response = client.get(path, query_string=query)
        assert response.status_code < 500, (path, value, response.status_code)


def test_json_nested_too_deep_is_a_clear_400(client):
    for body in ("[" * 100_000, '{"a":' * 100_000, "[" * 40 + "]" * 40):
        response = client.post("/api/zj/score", data=body, content_type="application/json")
        assert response.status_code == 400
        assert "nested" in response.get_json()["message"]


def test_malformed_json_is_a_clear_400(client):
    response = client.post("/api/zj/score", data="{bad", content_type="application/json")
    assert response.status_code == 400
    assert "not valid JSON" in response.get_json()["message"]


def test_a_body_over_the_cap_is_413(client):
    body = '{"patterns": {}, "x": "' + "a" * 3_000_000 + '"}'
    response = client.post("/api/zj/score", data=body, content_type="application/json")
    assert response.status_code == 413


@pytest.mark.parametrize("count", [True, "²", "1e3", 1.5, "5_0", -1, 5, 2**70, None])
def test_only_plain_whole_numbers_count(client, count):
    response = client.post("/api/zj/score", json={"patterns": {"3.1": count}})
    assert response.status_code == 400
    body = response.get_json()
    assert body["details"][0]["field"] == "patterns.3.1"
    assert body["message"].startswith("Check the request: patterns.3.1:")


def test_unknown_fields_are_named(client):
    response = client.post("/api/zj/payoff", json={"value": 8, "win": "self", "winner": "E",
                                                   "bogus": 1})
    assert response.status_code == 400
    assert response.get_json()["details"] == [
        {"field": "bogus", "message": "is not a field of this request"}]
