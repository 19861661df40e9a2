"""Every operation of /api/openapi.json fuzzed as each role: no 5xx, every answer as documented.

Schemathesis draws requests from the document itself (valid ones, and deliberately invalid
ones), sends them to the app in-process, and checks each answer: never a server error, a
documented status code and content type, a body that matches the documented schema. Half of
the cases aim at rows that exist (the demo's tournament, cards and players), so the fuzz
reaches past the 404s. The example budget is fixed (FUZZ_EXAMPLES per operation, mode and
role; FUZZ_EXAMPLES=20 for a deeper run), so the whole run takes under two minutes on each
database.
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.generation import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.conftest import login

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "8"))
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]
ROLES = ("anonymous", "player", "judge", "organizer")
# Signing out ends the role's session for the rest of the run: fuzzed as anonymous only.
SIGNED_IN_SKIP = {("POST", "/api/logout")}


def _known_ids(demo: dict) -> dict[str, list[int]]:
    """Return path-parameter values that name rows of the demo tournament."""
    cards = [int(c["api"].rsplit("/", 1)[1]) for c in demo["cards"]]
    return {"tournament_id": [demo["tournament_id"]], "card_id": cards,
            "number": [1, 2, 5], "table_number": [1, 2], "timer_id": [1], "penalty_id": [1],
            "ruling_id": [1], "appeal_id": [1], "call_up_id": [1], "check_id": [1],
            "timeout_id": [1]}


def _credentials(app, demo: dict, role: str) -> tuple[dict, dict]:
    """Return the headers and cookies that make a request come from `role`."""
    # Plain bodies: the in-process transport does not undo the app's gzip.
    plain = {"Accept-Encoding": "identity"}
    if role == "anonymous":
        return plain, {}
    if role == "player":
        token = demo["players"][0]["url"].rstrip("/").rsplit("/", 1)[1]
        return {**plain, "X-Player-Token": token}, {}
    client = login(app.test_client(), demo, role)
    return plain, {"session": client.get_cookie("session").value}


def _runner(strategy, headers: dict, cookies: dict, label: str, failures: list[str],
            sent: list[int]):
    """Return a hypothesis test that sends each drawn case and checks its answer."""

    # No shrinking: a failing case is reported as drawn. Shrinking one against the whole app
    # can run for as long as CI allows, and the first failure of each operation is kept as it
    # is anyway (below).
    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck),
              phases=(Phase.explicit, Phase.reuse, Phase.generate))
    @given(case=strategy)
    def run(case):
        # The in-process client drops a Cookie header when its own jar is empty, so the
        # sign-in goes into the case itself.
        case.cookies = {**(case.cookies or {}), **cookies}
        response = case.call(headers=headers)
        sent.append(response.status_code)
        try:
            case.validate_response(response, checks=CHECKS, headers=headers)
        except Exception as exc:  # keep the first failure of each operation, then go on
            failures.append(f"{case.method} {case.formatted_path} ({label}): "
                            f"{str(exc).strip()[:800]}")
            raise

    return run


@pytest.mark.parametrize("role", ROLES)
def test_fuzz_every_operation(app, demo, role):
    schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app)
    headers, cookies = _credentials(app, demo, role)
    known = _known_ids(demo)
    if cookies:  # the role's sign-in reaches the app through schemathesis's transport
        probe = schema["/api/me"]["GET"].Case(cookies=cookies)
        assert probe.call(headers=headers).json()["user"]["role"] == role
    failures: list[str] = []
    sent: list[int] = []
    operations = 0
    for result in schema.get_all_operations():
        operation = result.ok()
        if role != "anonymous" and (operation.method.upper(), operation.path) in SIGNED_IN_SKIP:
            continue
        operations += 1
        names = [p.name for p in operation.path_parameters]
        real = {name: st.sampled_from(known.get(name, [1])) for name in names}
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            strategy = operation.as_strategy(generation_mode=mode)
            if names and mode is GenerationMode.POSITIVE:
                strategy = st.one_of(strategy, st.fixed_dictionaries(real).flatmap(
                    lambda fixed, op=operation: op.as_strategy(path_parameters=fixed)))
            run = _runner(strategy, headers, cookies, f"{mode.value}, {role}", failures, sent)
            try:
                run()
            except Unsatisfiable:
                # No invalid request exists for an operation without inputs (GET /api/time).
                if mode is GenerationMode.POSITIVE:
                    raise
            except Exception:
                if not failures:  # not a check failure: the test itself is broken
                    raise
    assert operations > 5
    assert len(sent) >= operations * EXAMPLES, "the fuzz sent fewer requests than planned"
    if role in ("judge", "organizer"):
        assert any(200 <= status < 300 for status in sent), "no request got through signed in"
    assert not failures, "\n\n".join(failures)
