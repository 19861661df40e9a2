"""Toyland's clock, rubric and guide: its own tiny data on the shared machinery.

The rubric has two categories (Toy rule 4.1 conduct, Toy rule 4.2 lateness) priced in toy
points, the guide one entry, the book four sections; judgeaid/rules/rubric.py,
judgeaid/rules/guide.py and judgeaid/rules/sections.py do the look-ups.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from judgeaid.rules import clock, guide, rubric
from judgeaid.rules.ruleset import (
    ClockPenalty,
    HandFoul,
    Payees,
    PriorPenalty,
    RepeatPolicy,
    TimeLimits,
)
from judgeaid.rules.sections import Book, Section

PENALTY_KINDS: tuple[str, ...] = ("warning", "points")
KIND_LABELS: dict[str, str] = {"warning": "Warning", "points": "Toy points"}
LATE_PENALTY = ClockPenalty("late", "late", "Late to the table (Toy rule 4.2).")


class ToySection(Section):
    """A section of the toy book, cited "Toy rule 4.2"."""

    @property
    def citation(self) -> str:
        return f"Toy rule {self.id} {self.title}"


BOOK = Book((ToySection("2.1", "Seats"), ToySection("3.2", "Payoff"),
             ToySection("4.1", "Conduct"), ToySection("4.2", "Lateness")), "toy book")


@dataclass(frozen=True)
class Infraction:
    id: str
    label: str
    section: str
    points: int


@dataclass(frozen=True)
class Category:
    id: str
    title: str
    summary: str
    section: str
    infractions: tuple[Infraction, ...]


CATEGORIES = (
    Category("conduct", "Conduct", "Noise or a slow game (Toy rule 4.1).", "4.1",
             (Infraction("noise", "Noise at the table", "4.1", 2),)),
    Category("late", "Lateness", "Late to the table (Toy rule 4.2).", "4.2",
             (Infraction("late", "Late to the table", "4.2", 5),)),
)
_CATEGORIES = rubric.Categories(CATEGORIES, "toy penalty category", round_word="hand")


class Suggestion(rubric.Suggestion):
    """A toy suggestion: the infraction's points, a warning first."""

    kind_labels: ClassVar[Mapping[str, str]] = KIND_LABELS

    def is_departure(self, kind: str, points: int = 0) -> bool:
        return (kind, points) != (self.kind, self.points)


def suggest(category: str, infraction: str | None, history: Sequence[PriorPenalty] = (),
            policy: RepeatPolicy = rubric.DEFAULT_POLICY, *, session: int | None = None,
            round: int | None = None) -> Suggestion:
    """A warning the first time, then the infraction's points (Toy rule 4.1)."""
    occurrence = _CATEGORIES.count_repeats(category, history, policy, session=session,
                                           round=round) + 1
    found = _CATEGORIES.find(category, infraction)
    points = found.points if found else 2
    kind, given = ("warning", 0) if occurrence == 1 else ("points", points)
    return Suggestion(category, infraction, occurrence, kind, given, None, (0, None),
                      PENALTY_KINDS, f"Toy rule {_CATEGORIES.get(category).section}")


def check_choice(category: str, chosen_kind: str, chosen_points: int, *,
                 infraction: str | None = None, occurrence: int = 1, reason: str = ""
                 ) -> list[rubric.Problem]:
    """Refuse an unknown category or kind, or points that cannot be."""
    return (rubric.unknown_choice(category, chosen_kind, _CATEGORIES, PENALTY_KINDS,
                                  no_category="There is no toy category {!r}.",
                                  no_kind="Toyland has no penalty kind {!r}.")
            or rubric.point_problems(chosen_kind, chosen_points, occurrence,
                                     missing="Enter how many toy points to take."))


def rubric_json() -> dict[str, Any]:
    """Return the toy rubric as the penalty form loads it."""
    return {"ruleset": "toy",
            "ladder": [{"step": 0, "kind": "warning", "points": 0, "label": "warning"}],
            "kinds": [{"id": k, "label": KIND_LABELS[k]} for k in PENALTY_KINDS],
            "categories": [
                {"id": c.id, "title": c.title, "summary": c.summary, "typical": c.summary,
                 "section": c.section, "cite": f"Toy rule {c.section}",
                 "infractions": [{"id": i.id, "label": i.label, "section": i.section,
                                  "cite": f"Toy rule {i.section}"} for i in c.infractions]}
                for c in CATEGORIES]}


class Rubric:
    """Toy rule 4: two categories, a warning first, then the infraction's toy points."""

    categories = _CATEGORIES.ids
    kinds = PENALTY_KINDS
    kind_labels = KIND_LABELS
    appeal_minutes = 15
    # a foul of one hand: Toyland's noise, offered on the card's hand form
    hand_fouls = (HandFoul("false_hu", "conduct", ("noise",)),)
    rubric_json = staticmethod(rubric_json)
    suggest = staticmethod(suggest)
    check_choice = staticmethod(check_choice)
    get_category = staticmethod(_CATEGORIES.get)
    find_infraction = staticmethod(_CATEGORIES.find)

    @staticmethod
    def departure_note(suggested_kind: str, suggested_points: int, reason: str) -> str:
        """Return the note of a departure from the suggestion."""
        return f"Toy departure from {suggested_kind} {suggested_points}: {reason}"

    @staticmethod
    def counts_for_resignation(category: str, infraction: str | None) -> bool:
        """Toyland has no resignation for time."""
        return False

    @staticmethod
    def is_repeat_time_penalty(new: PriorPenalty, earlier: PriorPenalty) -> bool:
        """Toyland has no time penalties."""
        return False

    @staticmethod
    def line_label(category: str, infraction: str) -> str:
        """Return a card line's words: category, then infraction."""
        found = _CATEGORIES.find(category, infraction)
        return f"{_CATEGORIES.get(category).title}: {found.label if found else infraction}"

    @staticmethod
    def payees(category: str, infraction: str | None) -> Payees:
        """Toy points go to nobody."""
        return Payees()

    @staticmethod
    def check_payees(category: str, infraction: str | None, kind: str, points: int,
                     paid_to: Mapping[int, int] | None, others: int) -> list[Any]:
        """Toy points go to nobody (Toy rule 4.1)."""
        if kind == "points" and any((paid_to or {}).values()):
            return [rubric.Problem("not_paid", "Toy points go to nobody (Toy rule 4.1).")]
        return []

    @staticmethod
    def needs_round(category: str, infraction: str | None) -> str | None:
        """No toy penalty needs its hand."""
        return None

    @staticmethod
    def loses_win(category: str, infraction: str | None, kind: str) -> bool:
        """No toy penalty takes a win."""
        return False


ENTRIES = (guide.Entry("noise", "Noise at the table", ("noise", "loud"),
                       ("Ask for quiet.", "Warn the player, then take 2 toy points."),
                       ("4.1",), "warning, then 2 toy points", "conduct", "noise"),)


def _score(entry: guide.Entry, terms: list[str], phrase: str) -> tuple[int, int]:
    words = guide.tokens(" ".join((entry.title, *entry.keywords)))
    matched = sum(guide.has_prefix(words, term) for term in terms)
    return matched, matched


class Guide:
    """One guide entry and the toy book's four sections."""

    sections_json = staticmethod(BOOK.json)
    is_section = staticmethod(BOOK.is_section)
    section = staticmethod(BOOK.get)

    @staticmethod
    def guide_json() -> dict[str, Any]:
        """Return the toy guide."""
        return guide.guide_json(ENTRIES, lambda s: BOOK.get(s).title, "Toy book")

    @staticmethod
    def entry(entry_id: str) -> guide.Entry:
        """Return a guide entry by id."""
        return guide.get(ENTRIES, entry_id)

    @staticmethod
    def search(query: str) -> list[guide.Entry]:
        """Return the entries matching a query."""
        return guide.search(ENTRIES, query, _score)


class LateArrival(clock.LateArrival):
    """Toy rule 4.2: 5 toy points, whatever the lateness."""

    @property
    def words(self) -> str:
        return f"{self.points} toy points off (Toy rule 4.2)"


class Timing:
    """A session clock only: no play timers, time-outs free, late arrival 5 points."""

    has_play_timers = False
    judge_clock = False
    late_call = None
    deal_turn_s = None
    times_play = False
    timeout_free_ms = 0
    absent_after_ms = 10 * 60_000
    resignation_over_points = None
    resignation_sections: tuple[str, ...] = ()
    time_penalty = LATE_PENALTY
    timeout_penalty = LATE_PENALTY
    late_forfeits_session = False

    @staticmethod
    def limits(format_code: str, settings: Mapping[str, Any], *,
               is_stalling_clock: bool = False) -> TimeLimits:
        """Toyland times no turns."""
        return TimeLimits("none", 0, None, 0)

    @staticmethod
    def round_time(turns: Sequence[Any], limits: TimeLimits, dealt_at_ms: int,
                   now_ms: int | None = None) -> Any:
        """Toyland times no turns."""
        return None

    @staticmethod
    def session_ms(settings: Mapping[str, Any], *, stage: str, bracket_size: int | None
                   ) -> int | None:
        """Return the session's minutes in milliseconds."""
        minutes = settings.get("session_minutes")
        return None if minutes is None else int(minutes) * 60_000

    @staticmethod
    def timeout_charge(previous_total_ms: int, duration_ms: int, *,
                       is_medication: bool = False) -> clock.TimeoutCharge:
        """Time-outs cost nothing in Toyland."""
        total = previous_total_ms + duration_ms
        return clock.TimeoutCharge(0, duration_ms, total, 0)

    @staticmethod
    def late_arrival(late_ms: int) -> LateArrival:
        """Toy rule 4.2: 5 toy points for any lateness, absent after 10 minutes."""
        if late_ms < 0:
            raise ValueError("lateness cannot be negative")
        return LateArrival(late_ms, 5 if late_ms else 0, late_ms > 10 * 60_000)

    @staticmethod
    def crosses_resignation(points_before: int, points_added: int) -> bool:
        """Toyland has no resignation for time."""
        return False
