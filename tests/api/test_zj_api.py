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
        if "implied" in case:
            implied = {line["id"]: line["implied_by"] for line in body["lines"]
                       if line["implied_by"]}
            assert implied == case["implied"]
        if "counts" in case:
            assert {line["id"]: line["count"] for line in body["lines"]} == case["counts"]
    elif case["status"] == 422:
        assert body["errors"] and all(e["code"] and e["message"] for e in body["errors"])
        assert all(e["section"] in e["message"] for e in body["errors"])
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


def test_nine_gates_on_a_blessing_of_heaven_is_refused_naming_both(client):
    response = client.post("/api/zj/score",
                           json={"patterns": {"9.4.1": 1, "1.2": 1, "2.2": 1}})
    assert response.status_code == 422
    (error,) = response.get_json()["errors"]
    assert error["code"] == "nine_gates_on_blessing_of_heaven" and error["section"] == "§1.5"
    assert "2.2 Nine Gates" in error["message"] and "9.4.1 Blessing of Heaven" in error["message"]


def test_included_lines_say_which_pattern_brings_them(client):
    body = client.post("/api/zj/score", json={"patterns": {"3.2.1": 1}}).get_json()
    assert body["value"] == 60 and body["offers"] == []
    assert body["lines"] == [
        {"id": "3.1", "name": "Value Honor", "count": 2, "points": 20, "is_counted": True,
         "implied_by": "3.2.1"},
        {"id": "3.2.1", "name": "Small Three Dragons", "count": 1, "points": 40,
         "is_counted": True, "implied_by": None},
    ]
    body = client.post("/api/zj/score", json={"patterns": {"9.4.1": 1, "10.2": 1}}).get_json()
    assert body["value"] == 185
    assert [line["id"] for line in body["lines"]] == ["9.4.1", "10.2"]


def test_openapi_describes_the_included_line_flag(client):
    schemas = client.get("/api/openapi.json").get_json()["components"]["schemas"]
    (line,) = [s for name, s in schemas.items() if name.endswith("HandLine")]
    assert "implied_by" in line["properties"]
    assert "3.2.1" in line["properties"]["implied_by"]["description"]
    issues = [s for name, s in schemas.items() if name.endswith(".Issue")]
    assert issues and all("section" in s["properties"] for s in issues)


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
