"""The pages the issue named say their own ruleset's rule, on each ruleset's demo (issue 25).

The crawl (test_ruleset_words_crawl.py) proves no page shows another ruleset's words; these
check that the named pages show the right ones: the time-outs and late-arrivals rule, the
repeat-counting ladder, the final day, the new-event form's options and the seating slip.
"""

from __future__ import annotations

import re

import pytest

from judgeaid.rules import RULESETS
from tests.conftest import login
from tests.printing import page_texts
from tests.web.test_mcr_words import shown_text

# What each named page says on each ruleset's event, and what it must not say.
SAYS = {
    ("zj", "timeouts"): (["180 s of time-outs free", "Medication time-out"], ["contest points"]),
    ("mcr", "timeouts"): (["10 contest points if up to 10 minutes late", "20 points if 11 to 15",
                           "forfeits the session", "MCR §3.11.2.1"],
                          ["180 s", "Medication", "5 points for each started 30 s"]),
    ("zj", "judge/settings"): (["warning → 5 → 10 → 20 → 40 → disqualification", "A.5.6"],
                               ["MCR"]),
    ("mcr", "judge/settings"): (["MCR §3.11.6.3", "within one hand", "MCR §3.11.1, §3.11.2.2"],
                                ["40 → disqualification", "A.5.6", "A.5.5"]),
    ("zj", "final-day"): ([], ["MCR"]),
    ("mcr", "final-day"): (["MCR events have no final day"], ["casual"]),
}


def client_for(app, demo, role="organizer"):
    return login(app.test_client(), demo, role)


@pytest.mark.parametrize(("code", "page"), sorted(SAYS))
def test_a_named_page_says_its_own_rulesets_rule(ruleset_events, code, page):
    app, made = ruleset_events
    demo = made[code]
    response = client_for(app, demo).get(f"/t/{demo['tournament_id']}/{page}")
    assert response.status_code == 200
    text = shown_text(response)
    present, absent = SAYS[(code, page)]
    for words in present:
        assert words in text, f"{page} on {code}: {words!r} missing"
    for words in absent:
        assert words not in text, f"{page} on {code}: {words!r} shown"


def test_the_new_event_form_offers_each_rulesets_own_options(client):
    page = client.get("/new").get_data(as_text=True)
    # every registered ruleset (the test-only toy too, when a module fixture of this folder
    # has registered it: the form reads the registry at each request)
    for code, rules in RULESETS.items():
        assert f'data-formats-for="{code}"' in page
        assert (f'data-options-for="{code}"' in page) is rules.can.leaderboards
    # the Zung Jung Movement's sanctioning sits only inside the Zung Jung options
    options = re.search(r'<fieldset data-options-for="zj".*?</fieldset>', page, re.S).group(0)
    assert "Sanctioned by the Zung Jung Movement" in options
    assert page.count("Sanctioned by the Zung Jung Movement") == 1


@pytest.mark.parametrize(("code", "cited", "foreign"), [("zj", "(§1.2.2)", "MCR"),
                                                        ("mcr", "(MCR §3.5.1)", "§1.2.2")])
def test_the_seating_slip_cites_its_rulesets_draw_whole(ruleset_events, code, cited, foreign):
    app, made = ruleset_events
    demo = made[code]
    pdf = client_for(app, demo, "judge").get(
        f"/t/{demo['tournament_id']}/print/slips.pdf?session=1").data
    first = " ".join(page_texts(pdf)[0].split())
    note = RULESETS[code].words["page.print.slip_note"]
    # the footer is printed whole (wrapped, not cut off), in the ruleset's words
    assert note in first and cited in note
    assert foreign not in first
