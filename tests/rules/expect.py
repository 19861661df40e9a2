"""Checks and the JS runner shared by the Python and the JavaScript runs of the case tables
(pure: the core's tests run without the web stack, so not in tests/factories.py)."""

from __future__ import annotations

import base64


def expect_score(case: dict, result: dict) -> None:
    """Assert that a score result (the as_dict / zj.js shape) meets a case's expectations."""
    error_codes = sorted(issue["code"] for issue in result["errors"])
    if case["status"] == 422:
        assert error_codes, "expected counting-rule errors"
        if "errors" in case:
            assert error_codes == sorted(case["errors"])
    else:
        assert error_codes == []
        assert result["value"] == case["value"]
        assert result["limit"] == case["limit"]
    if "warnings" in case:
        assert sorted(issue["code"] for issue in result["warnings"]) == sorted(case["warnings"])
    if "offers" in case:
        offered = {issue["add"]["pattern"]: issue["add"]["count"] for issue in result["offers"]}
        assert offered == case["offers"]
    if "implied" in case:
        implied = {line["id"]: line["implied_by"] for line in result["lines"] if line["implied_by"]}
        assert implied == case["implied"]
    if "counts" in case:
        assert {line["id"]: line["count"] for line in result["lines"]} == case["counts"]


def expect_payoff(case: dict, result: dict) -> None:
    """Assert that a payoff result (the as_dict / zj.js shape) meets a case's expectations."""
    assert result["deltas"] == case["deltas"]
    assert sum(result["deltas"].values()) == 0
    if "responsible" in case:
        assert result["responsible"] == case["responsible"]


def mcr_fans(case: dict) -> dict:
    """Return an MCR case's fans with its flowers as fan "81", as the core and mcr.js take them."""
    fans = dict(case["fans"])
    if case.get("flowers", 0) != 0:
        fans["81"] = case["flowers"]
    return fans


def expect_mcr_score(case: dict, result: dict) -> None:
    """Assert that an MCR score (the as_dict / mcr.js shape) meets a case's expectations."""
    error_codes = sorted(issue["code"] for issue in result["errors"])
    if case["status"] == 422:
        assert error_codes, "expected counting-rule errors"
        if "errors" in case:
            assert error_codes == sorted(case["errors"])
        if "error" in case:
            assert case["error"] in error_codes
    else:
        assert error_codes == []
        assert result["value"] == case["value"]
        assert result["value"] == sum(line["points"] for line in result["lines"])
    for issue in (*result["errors"], *result["warnings"]):
        assert issue["section"] in issue["message"]
    if "warnings" in case:
        assert sorted(issue["code"] for issue in result["warnings"]) == sorted(case["warnings"])


def run_js_module(browser, module, script: str, args: dict):
    """Run `script` in a blank Chromium page with a static/js module's source (base64, as
    `source`) and `args`; return what it answers. The case tables run this way in JS."""
    source = base64.b64encode(module.read_bytes()).decode("ascii")
    page = browser.new_page()
    try:
        page.goto("about:blank")
        return page.evaluate(script, {"source": source, **args})
    finally:
        page.close()

