"""Every MCR case through the JSON API: GET /api/mcr/catalogue, POST /api/mcr/score, payoff."""

import json
from pathlib import Path

import pytest

from judgeaid.rules.mcr.implied import IMPLIED

CASES = json.loads((Path(__file__).parents[1] / "mcr_cases.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", CASES["score"], ids=[c["name"] for c in CASES["score"]])
def test_score_case(client, case):
    response = client.post("/api/mcr/score",
                           json={"fans": case["fans"], "flowers": case["flowers"]})
    body = response.get_json()
    assert response.status_code == case["status"], body
    if case["status"] == 200:
        assert body["value"] == case["value"]
        assert body["value"] == sum(line["points"] for line in body["lines"])
        assert "errors" not in body
        if "warnings" in case:
            assert sorted(w["code"] for w in body["warnings"]) == sorted(case["warnings"])
    elif case["status"] == 422:
        codes = sorted(e["code"] for e in body["errors"])
        assert codes and all(e["message"] and e["section"] in e["message"]
                             for e in body["errors"])
        if "errors" in case:
            assert codes == sorted(case["errors"])
        if "error" in case:
            assert case["error"] in codes
    else:
        assert body["error"] == "Bad Request" and body["message"]


@pytest.mark.parametrize("case", CASES["payoff"], ids=[c["name"] for c in CASES["payoff"]])
def test_payoff_case(client, case):
    response = client.post("/api/mcr/payoff", json=case["request"])
    body = response.get_json()
    assert response.status_code == case.get("status", 200), body
    if response.status_code == 200:
        assert body["deltas"] == case["deltas"]
        if "responsible" in case:
            assert body["responsible"] == case["responsible"]
    else:
        assert body["message"]


def test_the_issue_example_scores_with_its_lines(client):
    response = client.post("/api/mcr/score", json={"fans": {"69": 2, "70": 1, "50": 1},
                                                   "flowers": 1})
    assert response.status_code == 200
    body = response.get_json()
    assert (body["value"], body["fan_points"], body["flowers"]) == (10, 9, 1)
    assert [(line["id"], line["name"], line["count"], line["points"]) for line in body["lines"]] \
        == [("50", "Half Flush", 1, 6), ("69", "Pure Double Chow", 2, 2),
            ("70", "Mixed Double Chow", 1, 1), ("81", "Flower Tiles", 1, 1)]


def test_an_excluded_pair_names_both_fans(client):
    response = client.post("/api/mcr/score", json={"fans": {"19": 1, "62": 1}})
    assert response.status_code == 422
    (error,) = response.get_json()["errors"]
    assert error["code"] == "excluded" and error["fans"] == ["19", "62"]
    assert "19 Seven Pairs" in error["message"] and "62 Concealed Hand" in error["message"]
    assert error["section"] == "MCR App. 1 fan 19"


@pytest.mark.parametrize("row", IMPLIED, ids=lambda r: f"{r.fan}->{r.implies}")
def test_an_implied_pair_is_422_implied_naming_both(client, row):
    response = client.post("/api/mcr/score",
                           json={"fans": {row.fan: 1, row.implies: row.leaves + 1}})
    assert response.status_code == 422
    errors = response.get_json()["errors"]
    assert [e["fans"] for e in errors if e["code"] == "implied"] == [[row.fan, row.implies]]


def test_the_issue_s_four_kongs_example(client):
    response = client.post("/api/mcr/score", json={"fans": {"5": 1, "49": 1, "17": 1}})
    assert response.status_code == 422
    assert sorted(e["fans"][1] for e in response.get_json()["errors"]) == ["17", "49"]
    response = client.post("/api/mcr/score", json={"fans": {"5": 1}})
    assert response.get_json()["value"] == 88


def test_the_kong_pair_alone_totals_6_below_the_minimum(client):
    response = client.post("/api/mcr/score", json={"fans": {"74": 1, "67": 1}})
    body = response.get_json()
    assert response.status_code == 422 and body["value"] == 6
    assert [e["code"] for e in body["errors"]] == ["below_minimum"]
    assert [(x["id"], x["points"]) for x in body["lines"]] == [("57", 6)]


@pytest.mark.parametrize("fans", [{"74": 1, "67": 1, "49": 1}, {"67": 1, "74": 1, "49": 1}])
def test_a_melded_and_a_concealed_kong_are_6(client, fans):
    body = client.post("/api/mcr/score", json={"fans": fans}).get_json()
    assert body["value"] == 12
    assert [(x["id"], x["points"]) for x in body["lines"]] == [("49", 6), ("57", 6)]
    assert "(one melded, one concealed kong)" in body["lines"][1]["name"]


@pytest.mark.parametrize("fans, win, status", [
    ({"56": 1, "22": 1}, "discard", 422), ({"56": 1, "22": 1}, "self", 200),
    ({"56": 1, "22": 1}, None, 200), ({"62": 1, "22": 1}, "self", 422),
    ({"62": 1, "22": 1}, "discard", 200), ({"53": 1, "22": 1}, "self", 422),
    ({"58": 1, "22": 1}, "self", 200), ({"58": 1, "22": 1}, "discard", 200),
])
def test_the_win_type_must_agree_with_the_fans(client, fans, win, status):
    body = {"fans": fans} if win is None else {"fans": fans, "win": win}
    response = client.post("/api/mcr/score", json=body)
    assert response.status_code == status
    if status == 422:
        (error,) = response.get_json()["errors"]
        assert error["code"] == "win_mismatch" and error["fans"] == [next(iter(fans))]


def test_a_draw_is_not_a_win_type_to_score(client):
    response = client.post("/api/mcr/score", json={"fans": {"43": 1}, "win": "draw"})
    assert response.status_code == 400


def test_flowers_are_given_once(client):
    response = client.post("/api/mcr/score", json={"fans": {"43": 1, "81": 2}, "flowers": 1})
    assert response.status_code == 400 and "once" in response.get_json()["message"]
    response = client.post("/api/mcr/score", json={"fans": {"43": 1, "81": 2}})
    assert response.status_code == 200 and response.get_json()["value"] == 10


@pytest.mark.parametrize("body", [{"fans": []}, {"fans": "43"}, {"fans": {"43": 1}, "x": 1},
                                  {"fans": {"43": 100}}])
def test_score_needs_a_fans_object(client, body):
    assert client.post("/api/mcr/score", json=body).status_code == 400


def test_the_catalogue_is_public_and_complete(client):
    response = client.get("/api/mcr/catalogue")
    assert response.status_code == 200 and response.cache_control.public
    body = response.get_json()
    assert len(body["fans"]) == 81 and body["minimum"] == 8 and body["version"] == "MCR (WMO)"
    fan = body["fans"][21]
    assert (fan["number"], fan["name"], fan["chinese"], fan["excludes"]) == (
        22, "Full Flush", "清一色", ["76"])
    assert len(body["principles"]) == 5


def test_the_openapi_document_holds_the_mcr_endpoints(client):
    doc = client.get("/api/openapi.json").get_json()
    assert {"/api/mcr/catalogue", "/api/mcr/score", "/api/mcr/payoff"} <= doc["paths"].keys()
    assert "422" in doc["paths"]["/api/mcr/score"]["post"]["responses"]
    schemas = doc["components"]["schemas"]
    (body,) = [s for name, s in schemas.items() if name.endswith("McrScoreBody")]
    assert {"fans", "flowers"} <= body["properties"].keys()
