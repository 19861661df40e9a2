"""A penalty rubric's shared machinery, whatever the ruleset.

Each ruleset keeps its own categories, fouls, penalty kinds and pricing; this module holds
the shapes and helpers they share: looking a category or foul up, counting repeats under the
event's setting, the suggestion's common fields and the words for a penalty.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from judgeaid.rules.ruleset import PriorPenalty, RepeatPolicy

ORDINAL_SUFFIXES = {1: "st", 2: "nd", 3: "rd"}
DEFAULT_POLICY = RepeatPolicy()


@dataclass(frozen=True)
class Problem:
    """A reason a chosen penalty cannot be recorded as it stands."""

    code: str
    message: str


class Categories:
    """A rubric's categories, found by id, each with its example infractions."""

    def __init__(self, categories: Sequence[Any], what: str, *, round_word: str = "round",
                 skip: Callable[[PriorPenalty], bool] = lambda prior: False) -> None:
        self.categories = tuple(categories)
        self.ids: tuple[str, ...] = tuple(c.id for c in self.categories)
        self.what = what
        self.round_word = round_word
        self.skip = skip
        self._by_id = {c.id: c for c in self.categories}

    def __contains__(self, category: object) -> bool:
        return category in self._by_id

    def get(self, category: str) -> Any:
        """Return the category with this id."""
        try:
            return self._by_id[category]
        except KeyError:
            raise ValueError(f"unknown {self.what}: {category!r}") from None

    def find(self, category: str, infraction: str | None) -> Any:
        """Return the category's infraction with this id, or None for the judge's own words."""
        if infraction is None:
            return None
        for example in self.get(category).infractions:
            if example.id == infraction:
                return example
        return None

    def count_repeats(self, category: str, history: Sequence[PriorPenalty],
                      policy: RepeatPolicy = DEFAULT_POLICY, *, session: int | None = None,
                      round: int | None = None) -> int:
        """Count the earlier penalties that make a new one in this category a repeat under
        the event's setting (ValueError for no such category)."""
        self.get(category)
        return count_repeats(category, history, policy, session=session, round=round,
                             round_word=self.round_word, skip=self.skip)


def count_repeats(
    category: str,
    history: Sequence[PriorPenalty],
    policy: RepeatPolicy,
    *,
    session: int | None,
    round: int | None,
    round_word: str = "round",
    skip: Callable[[PriorPenalty], bool] = lambda prior: False,
) -> int:
    """Count the earlier penalties that make a new one a repeat under the event's setting.

    `skip` leaves out earlier penalties that never count (a ruleset's own choice).
    """
    if policy.window in ("session", "round") and session is None:
        raise ValueError("the current session is needed to count repeats per session or round")
    if policy.window == "round" and round is None:
        raise ValueError(f"the current {round_word} is needed to count repeats per {round_word}")
    count = 0
    for prior in history:
        if skip(prior):
            continue
        if policy.scope == "category" and prior.category != category:
            continue
        if policy.window != "tournament" and prior.session != session:
            continue
        if policy.window == "round" and prior.round != round:
            continue
        count += 1
    return count


@dataclass(frozen=True)
class Suggestion:
    """The penalty a rubric suggests, with the range a judge may choose from.

    A ruleset subclasses it with its own `kind_labels` and its own tests of a judge's choice.
    """

    kind_labels: ClassVar[Mapping[str, str]] = {}

    category: str
    infraction: str | None
    occurrence: int
    kind: str
    points: int
    ladder_step: int | None
    allowed_range: tuple[int, int | None]
    allowed_kinds: tuple[str, ...]
    explanation: str
    notes: tuple[str, ...] = field(default=())

    @property
    def label(self) -> str:
        """Return the suggestion as a short phrase."""
        return kind_phrase(self.kind_labels, self.kind, self.points)

    def is_beyond_rubric_for(self, points: int) -> bool:
        """Return whether this many points is above the range the rubric allows."""
        high = self.allowed_range[1]
        return high is not None and points > high


def kind_phrase(labels: Mapping[str, str], kind: str, points: int) -> str:
    """Return a penalty as a short phrase: "20 points", "warning", "dead hand ..."."""
    if kind == "points":
        return f"{points} points"
    return labels[kind].lower() if kind != "warning" else "warning"


def ordinal(n: int) -> str:
    """Return 1st, 2nd, 3rd, 4th ... 11th ... 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else ORDINAL_SUFFIXES.get(n % 10, "th")
    return f"{n}{suffix}"


def unknown_choice(category: str, kind: str, categories: Categories, kinds: Sequence[str], *,
                   no_category: str, no_kind: str) -> list[Problem]:
    """Return the problem with a category or penalty kind the rubric does not have (none if
    both are known); `no_category` and `no_kind` are the messages, with {!r} for the id."""
    if category not in categories:
        return [Problem("unknown_category", no_category.format(category))]
    if kind not in kinds:
        return [Problem("unknown_kind", no_kind.format(kind))]
    return []


def point_problems(kind: str, points: int, occurrence: int, *, missing: str) -> list[Problem]:
    """Return what is wrong with a chosen penalty's points whatever the rubric: negative,
    none for a penalty of points (`missing` says what to enter), or some on another kind."""
    if occurrence < 1:
        raise ValueError("occurrence counts from 1")
    if points < 0:
        return [Problem("negative_points", "Penalty points cannot be negative.")]
    if kind == "points" and points == 0:
        return [Problem("points_missing", missing)]
    if kind != "points" and points:
        return [Problem("points_with_other_kind",
                        "Record the points as a separate penalty of kind 'points'.")]
    return []
