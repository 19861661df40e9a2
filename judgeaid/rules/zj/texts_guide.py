"""The judge's texts of Zung Jung besides its words, for the catalogues (scripts/i18n.py):
the guide's answers, the citable sections' titles and the penalty rubric. Pages show them in
their language through `judgeaid.wording.rule_text` (message context "zj")."""

from __future__ import annotations

from collections.abc import Iterator

from judgeaid.rules.judge_texts import judge_texts
from judgeaid.rules.zj import irregularities, penalties, sections


def texts() -> Iterator[str | tuple[str, str]]:
    """Yield each English text the judge's pages show from the guide, sections and rubric."""
    return judge_texts(irregularities.GUIDE, sections.SECTIONS, penalties)
