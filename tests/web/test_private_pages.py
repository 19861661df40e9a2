"""A signed-in person's pages are never cached, and the OpenAPI document says what the server
enforces (issue 28)."""

from __future__ import annotations

from tests.conftest import login
from tests.factories import demo_card_id


def test_a_judges_card_page_is_private_and_never_a_shared_304(app, demo):
    reader = app.test_client()
    shared = reader.get(demo["cards"][0]["url"])
    assert shared.status_code == 200 and "no-store" not in shared.headers.get(
        "Cache-Control", "")
    judge = login(app.test_client(), demo, "judge")
    page = judge.get(demo["cards"][0]["url"],
                     headers={"If-None-Match": shared.headers.get("ETag", '"x"')})
    assert page.status_code == 200
    assert page.headers["Cache-Control"] == "private, no-store"
    assert "ETag" not in page.headers
    assert 'name="csrf_token"' in page.get_data(as_text=True) or "csrf" in page.get_data(
        as_text=True)
    for path in (f"/t/{demo['tournament_id']}/judge", f"/t/{demo['tournament_id']}/organizer"):
        desk = login(app.test_client(), demo, "organizer").get(path)
        assert desk.headers["Cache-Control"] == "private, no-store", path


def test_a_null_body_is_refused_not_scored(client):
    for body in ("null", "[]", "7", '"x"'):
        answer = client.post("/api/zj/score", data=body, content_type="application/json")
        assert answer.status_code == 400, body
        assert answer.get_json()["message"] == "The request body must be a JSON object ({...})."
    assert client.post("/api/zj/score", json={"patterns": {}}).status_code in (200, 422)


def test_trace_is_a_405_that_names_what_is_allowed(client, demo):
    for path in ("/api/time", demo["cards"][0]["api"], "/"):
        answer = client.open(path, method="TRACE")
        assert answer.status_code == 405, path
        assert "GET" in answer.headers["Allow"] and "TRACE" not in answer.headers["Allow"]


def test_the_openapi_document_states_ids_ranges_and_the_414(client, demo):
    spec = client.get("/api/openapi.json").get_json()
    card = spec["paths"]["/api/cards/{card_id}"]["get"]
    [card_id] = card["parameters"]
    assert card_id["schema"]["minimum"] == 1 and card_id["schema"]["maximum"] == 2**31 - 1
    rulings = spec["paths"]["/api/t/{tournament_id}/rulings"]["get"]["parameters"]
    table = next(p for p in rulings if p["name"] == "table")
    assert "minimum" in str(table["schema"]) and "'ge'" not in str(table["schema"])
    for operations in spec["paths"].values():
        for operation in operations.values():
            assert "414" in operation["responses"]
            if "requestBody" in operation:
                assert operation["requestBody"]["required"] is True
    card_api = demo_card_id(demo)
    assert client.get(f"/api/cards/{card_api}").status_code == 200
