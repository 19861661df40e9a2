"""The texts a ruleset's judge pages show besides its words: its guide's answers, its citable
sections' titles and its penalty rubric, listed for the catalogues (scripts/i18n.py). Each
ruleset's `texts_guide.py` hands its own guide, sections and rubric to `judge_texts`."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from types import ModuleType

from judgeaid.rules.guide import Entry
from judgeaid.rules.ruleset import PriorPenalty


def judge_texts(guide: Sequence[Entry], sections: Sequence, penalties: ModuleType
                ) -> Iterator[str | tuple[str, str]]:
    """Yield each English text the judge's pages show from a guide, sections and rubric."""
    for entry in guide:
        yield entry.title, f"guide {entry.id}: title"
        for step in entry.steps:
            yield step, f"guide {entry.id}: a step"
        if entry.usual_penalty:
            yield entry.usual_penalty, f"guide {entry.id}: the usual penalty"
    for section in sections:
        yield section.title, f"section {section.id}: its title (the number is cited beside it)"
    yield from rubric_texts(penalties)


def rubric_texts(penalties: ModuleType) -> Iterator[str | tuple[str, str]]:
    """Yield the penalty rubric's texts: its ladder, kinds, categories and examples as the
    console loads them, and the fixed notes and explanations its suggestions add."""
    data = penalties.rubric_json()
    for step in data["ladder"]:
        yield step["label"], "rubric: a step of the escalation ladder"
    for kind in data["kinds"]:
        yield kind["label"], f"rubric: the penalty kind {kind['id']}"
    for category in data["categories"]:
        yield category["title"], f"rubric: category {category['id']}"
        yield category["summary"], f"rubric: category {category['id']}, what it covers"
        yield category["typical"], f"rubric: category {category['id']}, its usual penalty"
        for example in category["infractions"]:
            yield example["label"], f"rubric: {category['id']} example {example['id']}"
    for category in penalties.CATEGORIES:
        for example in (*category.infractions, None):
            infraction = example.id if example else None
            for occurrence in range(1, 8):
                # a suggestion after `occurrence - 1` earlier ones of the same foul in hand 1
                history = [PriorPenalty(category.id, session=1, round=1, infraction=infraction)
                           ] * (occurrence - 1)
                for hand in (1, None):
                    suggestion = penalties.suggest_penalty(category.id, infraction, history,
                                                           session=1, round=hand)
                    for note in suggestion.notes:
                        yield note, "rubric: a note under the suggested penalty"
                    if "→" not in suggestion.explanation or example and example.is_timed:
                        yield suggestion.explanation, "rubric: the suggested penalty"
