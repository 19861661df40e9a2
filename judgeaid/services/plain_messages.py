"""The pure helpers' sentences (judgeaid.naming's refusals, judgeaid.tournament.registration's
rejected rows of a CSV import, the ZJ leaderboards' checks, judgeaid.reach's print warnings)
in the reader's language (issue 29).

Those modules know nothing of Flask and write English, values filled in. Each of their
sentences is listed here as a template with the values named (`{name}`); `say` finds the
template a sentence was made from and says it in the request's language. A sentence no
template matches is said as written, so a changed English sentence shows in English until it is
listed here again (tests/i18n/test_rest_in_chinese.py checks every sentence they make).
"""

from __future__ import annotations

import re
from functools import cache

from flask_babel import gettext as _

from judgeaid.i18n import DEFAULT, page_lang


def N_(text: str) -> str:
    """Mark a template for the catalogues; it is translated where it is said."""
    return text


TEMPLATES = (
    # judgeaid.naming.invisible_problem, one per kind of name the services check
    N_("The name contains an invisible character (U+{code}, {label}), which would let it pass "
       "for another name. Type it again without it."),
    N_("The team contains an invisible character (U+{code}, {label}), which would let it pass "
       "for another name. Type it again without it."),
    N_("The family name contains an invisible character (U+{code}, {label}), which would let "
       "it pass for another name. Type it again without it."),
    N_("The given name contains an invisible character (U+{code}, {label}), which would let it "
       "pass for another name. Type it again without it."),
    N_("The person's name contains an invisible character (U+{code}, {label}), which would let "
       "it pass for another name. Type it again without it."),
    # judgeaid.naming.look_alike_problem
    N_("The name “{name}” looks like “{other}”, already in this event: on a card, a slip or the "
       "standings one would pass for the other. Write it as the other is written if it is the "
       "same, or tell them apart (a middle initial, a number)."),
    N_("The team “{name}” looks like “{other}”, already in this event: on a card, a slip or the "
       "standings one would pass for the other. Write it as the other is written if it is the "
       "same, or tell them apart (a middle initial, a number)."),
    N_("The family name “{name}” looks like “{other}”, already in this event: on a card, a slip "
       "or the standings one would pass for the other. Write it as the other is written if it "
       "is the same, or tell them apart (a middle initial, a number)."),
    N_("The given name “{name}” looks like “{other}”, already in this event: on a card, a slip "
       "or the standings one would pass for the other. Write it as the other is written if it "
       "is the same, or tell them apart (a middle initial, a number)."),
    N_("The person's name “{name}” looks like “{other}”, already in this event: on a card, a "
       "slip or the standings one would pass for the other. Write it as the other is written if "
       "it is the same, or tell them apart (a middle initial, a number)."),
    # judgeaid.tournament.registration.name_problem
    N_("The name contains the control character U+{code}."),
    N_("The name contains a right-to-left or left-to-right override character."),
    N_("The name is longer than {limit} characters."),
    N_("The team contains the control character U+{code}."),
    N_("The team contains a right-to-left or left-to-right override character."),
    N_("The team is longer than {limit} characters."),
    N_("The family name contains the control character U+{code}."),
    N_("The family name contains a right-to-left or left-to-right override character."),
    N_("The family name is longer than {limit} characters."),
    N_("The given name contains the control character U+{code}."),
    N_("The given name contains a right-to-left or left-to-right override character."),
    N_("The given name is longer than {limit} characters."),
    # judgeaid.tournament.registration: a CSV import's rejected rows, and member ids
    N_("This row cannot be read ({error}); it and the rows after it were not imported."),
    N_("The file is empty; the first row must name the columns."),
    N_("Expected {expected} columns, found {found}."),
    N_("The id '{id}' is not a positive whole number."),
    N_("The member id is longer than {limit} characters. (found '{value}')"),
    N_("The member id may hold only letters A-Z, digits and . _ / - (no spaces), starting with "
       "a letter or digit. (found '{value}')"),
    N_("The member id is longer than {limit} characters."),
    N_("The member id may hold only letters A-Z, digits and . _ / - (no spaces), starting with "
       "a letter or digit."),
    N_("Player number {number} is already registered."),
    N_("Duplicate id {number} (also on line {line})."),
    N_("Duplicate name {name} (also on line {line})."),
    N_("Member id {id} already belongs to {name}."),
    N_("Duplicate member id {id} (also on line {line})."),
    # judgeaid.rules.zj.leaderboard: an event's series and weights, a board's dates
    N_("Unknown series '{series}'; choose one of {choices}."),
    N_("{name} is a casual series; this event is competitive."),
    N_("{name} is a competitive series; this event is casual."),
    N_("§3.5.2.1 sets the weights of {name}; leave the weight empty."),
    N_("§3.5.2.1 sets the weights of {name}; leave the final-day weight empty."),
    N_("The weight must be a number above 0 and at most {max}."),
    N_("The final-day weight must be a number above 0 and at most {max}."),
    N_("Only a competitive event has a final day; leave the final-day weight empty."),
    N_("Set the weight too: it is the one for players out after the preliminary round."),
    N_("Give the event's date (YYYY-MM-DD)."),
    N_("Give the from date (YYYY-MM-DD)."),
    N_("Give the to date (YYYY-MM-DD)."),
    N_("The event's date must be written YYYY-MM-DD, e.g. 2026-03-01."),
    N_("The from date must be written YYYY-MM-DD, e.g. 2026-03-01."),
    N_("The to date must be written YYYY-MM-DD, e.g. 2026-03-01."),
    N_("The event's date {date} does not exist."),
    N_("The from date {date} does not exist."),
    N_("The to date {date} does not exist."),
    N_("Choose the window: this year, last year or your own dates."),
    N_("The from date is after the to date."),
    # judgeaid.reach.phone_warnings: titles
    N_("QR codes would carry a broken address"),
    N_("Phones cannot open these QR codes"),
    N_("Check that phones find this name"),
    N_("Offline features are off"),
    # judgeaid.reach.phone_warnings: what goes wrong, PUBLIC_BASE_URL set or not ("not set"
    # first: "PUBLIC_BASE_URL is {base}" would match it too)
    N_("PUBLIC_BASE_URL is not set, so QR codes carry the address this page was opened at, "
       "{base}: it must start with http:// or https:// and name a host."),
    N_("PUBLIC_BASE_URL is not set, so QR codes carry the address this page was opened at, "
       "{base}. That address is this machine itself: a phone that scans the code looks for the "
       "page on the phone and finds nothing."),
    N_("PUBLIC_BASE_URL is not set, so QR codes carry the address this page was opened at, "
       "{base}. Phones cannot reach {host}: it is not an address of this machine on the venue's "
       "network."),
    N_("PUBLIC_BASE_URL is not set, so QR codes carry the address this page was opened at, "
       "{base}. Phones find {host} only if the venue's router knows that name. Scan one printed "
       "code with a phone before printing them all, or use the address."),
    N_("PUBLIC_BASE_URL is {base}: it must start with http:// or https:// and name a host."),
    N_("PUBLIC_BASE_URL is {base}. That address is this machine itself: a phone that scans the "
       "code looks for the page on the phone and finds nothing."),
    N_("PUBLIC_BASE_URL is {base}. Phones cannot reach {host}: it is not an address of this "
       "machine on the venue's network."),
    N_("PUBLIC_BASE_URL is {base}. Phones find {host} only if the venue's router knows that "
       "name. Scan one printed code with a phone before printing them all, or use the address."),
    N_("Browsers keep pages for offline use, and unsent scores across a reload, only on HTTPS or "
       "on this machine itself; {url} is plain http. Recording works while the network is up. "
       "Without it, phones cannot open pages or the pattern picker, and scores not yet sent are "
       "lost if the page is reloaded."),
    # judgeaid.reach.phone_warnings: the steps
    N_("Stop the server and start it again with the command above: HOST=0.0.0.0 lets phones on "
       "the venue's network reach it, and QR codes carry PUBLIC_BASE_URL, this machine's "
       "address on that network."),
    N_("This machine's other addresses: {addresses}."),
    N_("Put an HTTPS proxy in front of the server (see the README: Serving at a venue)."),
    N_("Set PUBLIC_BASE_URL=https://<its name> so QR codes use it."),
    # last: it would match "Player number 3 is already registered." too
    N_("{name} is already registered."),
)


@cache
def _patterns() -> list[tuple[re.Pattern, str]]:
    out = []
    for template in TEMPLATES:
        pattern = re.sub(r"\\\{(\w+)\\\}", r"(?P<\1>.+?)", re.escape(template))
        out.append((re.compile(pattern + "$", re.S), template))
    return out


def say(message: str | None) -> str | None:
    """Return a pure helper's sentence in the request's language (as written when no template
    fits, or the page is English)."""
    if not message or page_lang() == DEFAULT:
        return message
    for pattern, template in _patterns():
        match = pattern.match(message)
        if match:
            return _(template).format(**match.groupdict())
    return message


def say_notice(notice: dict) -> dict:
    """Return a print warning (judgeaid.reach.Notice as a dict) in the request's language."""
    return {**notice, "title": say(notice["title"]), "text": say(notice["text"]),
            "steps": [say(step) for step in notice["steps"]]}
