"""A refused write says why where the user tapped, on a 360 px phone (issue 27).

Page forms (the desk, the results desk with its late-arrival form, the final day): the server
puts its message at the top of the page it sends the user back to; the page moves it next to
the form that was sent, in view. The time-outs page: a refused start says why under its
buttons (the late-arrival 409 of tests/browser/test_clock_follows.py), and a refused end on
the entry whose button was tapped.
"""

from __future__ import annotations

import uuid

import pytest

from tests.browser.pages import Phones, login_api

pytestmark = pytest.mark.browser


@pytest.fixture
def phones(browser, app, live_server):
    phones = Phones(browser, app)
    yield phones
    phones.close()


def next_to_the_form(page, form):
    """Return True when the refusal sits right before `form` and is in view."""
    refusal = page.get_by_test_id("form-refusal")
    assert refusal.count() == 1
    box = refusal.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 740
    return refusal.evaluate("(el, form) => el.nextElementSibling === form",
                            form.element_handle())


def test_a_refused_late_arrival_on_the_results_desk_says_why_at_its_form(
        live_server, phones, demo):
    context = phones.new()
    login_api(context, live_server, demo, "organizer")
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{demo['tournament_id']}/standings/manage")
    form = page.get_by_test_id("late-form")
    form.locator("input[name=number]").fill("999")
    form.get_by_role("button").click()
    page.wait_for_load_state()
    refusal = page.get_by_test_id("form-refusal")
    assert "999" in refusal.inner_text()
    assert next_to_the_form(page, page.get_by_test_id("late-form"))
    # the next page the organizer opens has nothing moved
    page.goto(f"{live_server.url}/t/{demo['tournament_id']}/standings/manage")
    assert page.get_by_test_id("form-refusal").count() == 0


def test_a_refused_form_on_the_desk_says_why_at_its_form(live_server, phones, demo):
    context = phones.new()
    login_api(context, live_server, demo, "organizer")
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{demo['tournament_id']}/organizer")
    taken = demo["players"][0]["name"]
    form = page.locator("form[action$='/players']").first
    form.locator("input[name=name]").fill(taken)
    form.get_by_role("button").click()
    page.wait_for_load_state()
    refusal = page.get_by_test_id("form-refusal")
    assert taken in refusal.inner_text() or "already" in refusal.inner_text()
    assert next_to_the_form(page, page.locator("form[action$='/players']").first)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360


def test_a_refused_end_of_a_time_out_says_why_on_its_entry(live_server, phones, demo):
    context = phones.new()
    login_api(context, live_server, demo, "judge")
    tid = demo["tournament_id"]
    player = demo["players"][0]["number"]
    started = context.request.post(f"{live_server.url}/api/tournaments/{tid}/timeouts", data={
        "player": player, "kind": "timeout", "session": 1, "op_id": str(uuid.uuid4())})
    assert started.ok, started.text()
    timeout = started.json()["timeout"]["id"]
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{tid}/timeouts")
    button = page.locator("[data-timeouts-open] button")
    button.wait_for()
    # another phone ends it first: this one's tap is refused (409)
    ended = context.request.post(f"{live_server.url}/api/timeouts/{timeout}/end",
                                 data={"op_id": str(uuid.uuid4())})
    assert ended.ok, ended.text()
    button.click()
    refused = page.get_by_test_id(f"timeout-refused-{timeout}")
    refused.wait_for()
    assert "already ended" in refused.inner_text()
    assert refused.bounding_box()["height"] > 0
