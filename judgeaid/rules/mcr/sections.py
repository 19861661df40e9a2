"""MCR sections a judge cites in a ruling, each with a short title of our own.

Only the parts of the MCR text a floor judge settles things by: play (3.6, 3.7), time
(3.5.6), scoring and its checks (3.9), ranking (3.10), fouls (3.11) and appeals (3.12, 3.13).
Ids are the text's numbers; a list item n of §3.11.6 is cited as 3.11.6.n.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import ClassVar

from judgeaid.rules import sections
from judgeaid.rules.sections import Book


@dataclass(frozen=True)
class Section(sections.Section):
    """A citable section of the MCR text: its part is '3.5', '3.11', ...; cited as
    'MCR §3.11.1 Warning'."""

    chapter_parts: ClassVar[int] = 2
    cite_prefix: ClassVar[str] = "MCR "


SECTIONS: tuple[Section, ...] = (
    Section("3.4.29", "Wrong tile count (definition)"),
    Section("3.4.31", "False Hu (definition)"),
    Section("3.5.4", "How a competition is played: sessions"),
    Section("3.5.6", "Session time limit and the last 15 minutes"),
    Section("3.5.7", "Order of events at the table"),
    Section("3.6.1", "Spoken calls"),
    Section("3.6.2", "Order of turns"),
    Section("3.6.3", "Drawing from the wall"),
    Section("3.6.4", "Discarding within 10 seconds"),
    Section("3.6.5", "Laying out melds"),
    Section("3.6.6", "Chi"),
    Section("3.6.7", "Pung, within 3 seconds"),
    Section("3.6.8", "Kong and the replacement tile"),
    Section("3.7.1", "Declaring Hu and showing the count"),
    Section("3.7.2", "What a winning hand needs"),
    Section("3.7.2.4", "Several Hu on one discard: the nearest after the discarder wins"),
    Section("3.9.1", "Scoring a winning hand: 8-point minimum, payoff"),
    Section("3.9.1.4", "Declaring and checking the count"),
    Section("3.9.1.6", "Counting principles for fans"),
    Section("3.9.2", "Session score and table points"),
    Section("3.10.1", "Ranking by table points, then contest points"),
    Section("3.11", "Fouls and penalties"),
    Section("3.11.1", "Warning"),
    Section("3.11.2", "Points off"),
    Section("3.11.2.1", "Late arrival"),
    Section("3.11.2.2", "Rule violations: 5 to 60 points"),
    Section("3.11.3", "Loss of the right to win the hand"),
    Section("3.11.4", "Barred from later competitions"),
    Section("3.11.5", "Loss of rank and disqualification"),
    Section("3.11.6", "Specific fouls"),
    Section("3.11.6.1", "Cheating"),
    Section("3.11.6.2", "False Chi, Pung, Kong or flower"),
    Section("3.11.6.3", "Empty calls"),
    Section("3.11.6.4", "Touching the wall early"),
    Section("3.11.6.5", "Late Pung call"),
    Section("3.11.6.6", "False Hu"),
    Section("3.11.6.7", "Exposed, pushed or knocked-over tiles"),
    Section("3.11.6.8", "Wrong tile count"),
    Section("3.11.6.9", "Passing information"),
    Section("3.11.6.10", "Severe disturbance"),
    Section("3.11.6.11", "Other fouls: claims, Hu calls, the tally"),
    Section("3.12", "Appeals"),
    Section("3.12.1", "Who may appeal"),
    Section("3.12.2", "Appeals within 30 minutes, with a fee"),
    Section("3.12.3", "Appeals in writing"),
    Section("3.12.4", "The arbitration committee"),
    Section("3.13.1", "Appeals about the rules"),
)

_BOOK = Book(SECTIONS, "MCR")

# the module's face: get(id), is_section(id) and sections_json()
get = _BOOK.get
is_section = _BOOK.is_section
sections_json = partial(_BOOK.json, citation=True)
