"""A busy server's 503 on the live card (judgeaid.writeturns): the phone's outbox keeps the
round, comes back when Retry-After says (1 s, not the 5 s back-off of a failure), and the round
is saved once."""

import pytest

from judgeaid.writeturns import EXTENSION
from tests.browser.pages import (
    api_card,
    fill_round,
    login_api,
    open_card,
    outbox,
    wait_outbox,
)

pytestmark = pytest.mark.browser



def test_a_round_refused_as_busy_is_sent_again_after_retry_after(live_server, context, page,
                                                                  demo, app):
    login_api(context, live_server, demo)
    url = live_server.url + demo["cards"][0]["url"]
    open_card(page, url)
    card = api_card(page, live_server, int(url.rsplit("/", 1)[1]))
    app.config["WRITES_AT_ONCE"] = 1
    turns = app.extensions[EXTENSION]
    assert turns.take(1)  # another judge's write holds the only turn
    try:
        fill_round(page, card, 1, winner="E", discarder="S", value=40)
        page.click("[data-save-round]")
        kept = wait_outbox(page, lambda kept: kept and kept[0]["attempts"] >= 1, call="items")
        assert kept[0]["last_error"] == "server answered 503" and kept[0]["state"] == "pending"
        assert page.locator("tr.round[data-round='1'].is-pending").count() == 1
    finally:
        turns.give_back()
    # The turn is free: the outbox's next try comes after Retry-After (1 to 1.5 s); a failure's
    # back-off would wait 4 s at least.
    page.wait_for_selector("tr.round[data-round='1'].is-recorded:not(.is-pending)",
                           timeout=3500)
    assert outbox(page, "items") == []
    saved = api_card(page, live_server, card["id"])
    assert [r["round"] for r in saved["rounds"] if r["recorded"]] == [1]
    assert saved["rounds"][0]["revision"] == 1
