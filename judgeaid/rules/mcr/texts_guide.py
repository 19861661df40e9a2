"""The judge's texts of MCR besides its words, for the catalogues (scripts/i18n.py):
the guide's answers, the citable sections' titles and the penalty rubric. Pages show them in
their language through `judgeaid.wording.rule_text` (message context "mcr")."""

from __future__ import annotations

from collections.abc import Iterator

from judgeaid.rules.mcr import guide, sections


def texts() -> Iterator[str | tuple[str, str]]:
    """Yield each English text the judge's pages show from the guide, sections and rubric."""
    for entry in guide.GUIDE:
        yield entry.title, f"guide {entry.id}: title"
        for step in entry.steps:
            yield step, f"guide {entry.id}: a step"
        if entry.usual_penalty:
            yield entry.usual_penalty, f"guide {entry.id}: the usual penalty"
    for section in sections.SECTIONS:
        yield section.title, f"section {section.id}: its title (the number is cited beside it)"
