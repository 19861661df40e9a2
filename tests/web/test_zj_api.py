"""Every shared case through the JSON API: POST /api/zj/score and /api/zj/payoff."""

import json
from pathlib import Path

import pytest

CASES = json.loads((Path(__file__).parents[1] / "zj_cases.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES["score"], ids=[c["name"] for c in CASES["score"]])
def test_score_case(client, case):
    response = client.post("/api/zj/score", json={"patterns": case["patterns"]})
    body = response.get_json()
    assert response.status_code == case["status"], body
    if case["status"] == 200:
        assert body["value"] == case["value"]
        assert body["limit"] == case["limit"]
        if "warnings" in case:
            assert sorted({w["code"] for w in body["warnings"]}) == sorted(set(case["warnings"]))
        if "offers" in case:
            offered = {o["add"]["pattern"]: o["add"]["count"] for o in body["offers"]}
            assert offered == case["offers"]
    elif case["status"] == 422:
        assert body["errors"] and all(e["code"] and e["message"] for e in body["errors"])
        if "errors" in case:
            assert sorted({e["code"] for e in body["errors"]}) == sorted(set(case["errors"]))
    else:
        assert body["error"] == "Bad Request" and body["message"]


@pytest.mark.parametrize("case", CASES["payoff"], ids=[c["name"] for c in CASES["payoff"]])
def test_payoff_case(client, case):
    response = client.post("/api/zj/payoff", json=case["request"])
    body = response.get_json()
    assert response.status_code == case.get("status", 200), body
    if response.status_code == 200:
        assert body["deltas"] == case["deltas"]
        assert sum(body["deltas"].values()) == 0
        if "responsible" in case:
            assert body["responsible"] == case["responsible"]
    else:
        assert body["message"]


def test_score_lines_show_what_counted(client):
    body = client.post("/api/zj/score", json={"patterns": {"3.4": 1, "3.3.4": 1}}).get_json()
    counted = {line["id"]: line["is_counted"] for line in body["lines"]}
    assert counted == {"3.4": False, "3.3.4": True}


@pytest.mark.parametrize("body", [{}, {"patterns": []}, {"patterns": "4.1"}])
def test_score_needs_a_patterns_object(client, body):
    response = client.post("/api/zj/score", json=body)
    if body == {}:
        assert response.status_code == 200 and response.get_json()["value"] == 1
    else:
        assert response.status_code == 400


def test_catalogue_is_public_and_complete(client):
    body = client.get("/api/zj/catalogue").get_json()
    assert len(body["patterns"]) == 44
    assert {p["id"] for p in body["patterns"]} >= {"1.1", "3.1", "9.4.2", "10.2"}
