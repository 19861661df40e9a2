"""ZJM section numbers a judge can cite in a ruling, each with a short title of our own."""

from __future__ import annotations

from dataclasses import dataclass

from judgeaid.rules import sections
from judgeaid.rules.sections import Book


@dataclass(frozen=True)
class Section(sections.Section):
    """A citable section of the ZJM Competition Rules v2.1: its chapter is '1'…'4' or 'A';
    cited as '§1.8 Dead hands'."""


SECTIONS: tuple[Section, ...] = (
    Section("1.0", "Playing rules"),
    Section("1.1", "Basics of the game"),
    Section("1.1.1", "The 136 tiles, no flowers"),
    Section("1.1.2", "What the players aim for"),
    Section("1.1.3", "How a round runs"),
    Section("1.1.4", "Sequences, triplets, quads and pairs"),
    Section("1.1.5", "Regular and irregular winning hands"),
    Section("1.2", "Setting up the table"),
    Section("1.2.1", "Counting with the dice"),
    Section("1.2.2", "Choosing seats at the start"),
    Section("1.2.3", "Seat winds, dealer and cycles"),
    Section("1.2.4", "Shuffling and building the wall"),
    Section("1.2.5", "Breaking the wall"),
    Section("1.2.6", "Dealing the hands"),
    Section("1.2.7", "Mistakes during the deal"),
    Section("1.3", "Course of play"),
    Section("1.3.1", "Order of play"),
    Section("1.3.2", "Drawing and discarding"),
    Section("1.3.3", "Mistakes when drawing"),
    Section("1.3.4", "Going out"),
    Section("1.4", "Claiming discards"),
    Section("1.4.1", "Pung"),
    Section("1.4.2", "Chi"),
    Section("1.4.3", "Kong and replacement tiles"),
    Section("1.4.4", "Robbing a kong"),
    Section("1.4.5", "Which claim takes the tile"),
    Section("1.4.6", "Mistaken, changed and cancelled claims"),
    Section("1.5", "Showing and scoring a winning hand"),
    Section("1.6", "Dead wall, seabed and riverbed tiles"),
    Section("1.7", "Penalty tiles"),
    Section("1.8", "Dead hands: the wrong number of tiles"),
    Section("1.9", "Play time limits"),
    Section("1.9.1", "Play time in casual events"),
    Section("1.9.2", "Play time in competitive events"),
    Section("2.2", "Adding up a hand's patterns"),
    Section("2.3", "Who pays the winner"),
    Section("2.4", "The 44 scoring patterns"),
    Section("3.4", "Sessions"),
    Section("3.4.1", "Sessions in casual events"),
    Section("3.4.1.1", "Casual session layout"),
    Section("3.4.1.2", "Casual session time limits"),
    Section("3.4.2", "Sessions in competitive events"),
    Section("3.4.2.1", "Competitive session layout and seat changes"),
    Section("3.4.2.2", "Competitive session time limits"),
    Section("3.5", "Ranking the players"),
    Section("3.5.1", "Posting scores and score checks"),
    Section("3.5.2", "Match points"),
    Section("3.5.2.1", "Leaderboards"),
    Section("3.5.3", "Final-day brackets"),
    Section("3.5.3.1", "Seeding comes from the Day 1 ranking"),
    Section("3.5.3.2", "Reseeding after each elimination round"),
    Section("3.5.3.3", "Keeping the top seeds apart"),
    Section("3.5.3.4", "Forming the tables"),
    Section("3.5.3.5", "Upsets keep no protected place"),
    Section("3.5.3.6", "Why the brackets work this way"),
    Section("3.6", "Player teams"),
    Section("3.7", "Joining after missing early sessions"),
    Section("4.0", "Code of conduct"),
    Section("4.1", "Conduct: general principles"),
    Section("4.2", "Respect and fair play"),
    Section("4.3", "Appeals to the head judge"),
    Section("4.4", "Dress and manners"),
    Section("4.5", "Phones, devices and scoring apps"),
    Section("4.6", "Duties of a player"),
    Section("4.7", "Health and intoxication"),
    Section("4.8", "Etiquette at the table"),
    Section("4.9", "The official scoring card"),
    Section("4.10", "Seating and changing tables"),
    Section("4.11", "Kinds of penalty"),
    Section("4.12", "Collusion and tactical alliances"),
    Section("4.13", "Withdrawing from the event"),
    Section("4.14", "Time-outs and late arrival"),
    Section("4.15", "Absent players and stand-ins"),
    Section("A.5", "Penalty rubric for judges"),
    Section("A.5.1", "Rubric: minor irregularities"),
    Section("A.5.2", "Rubric: procedural violations"),
    Section("A.5.3", "Rubric: competitive violations"),
    Section("A.5.4", "Rubric: serious violations"),
    Section("A.5.5", "Rubric: special cases"),
    Section("A.5.6", "Rubric: escalating repeat penalties"),
    Section("A.5.7", "Rubric: the judge's own authority"),
)

_BOOK = Book(SECTIONS, "ZJM")

# the module's face: get(id), is_section(id) and sections_json()
get = _BOOK.get
is_section = _BOOK.is_section
sections_json = _BOOK.json
