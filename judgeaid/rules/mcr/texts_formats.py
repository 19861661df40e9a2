"""The MCR texts pages show of its formats, for the translation catalogues.

`texts()` yields each format's name and summary, read from the data itself (scripts/i18n.py
extracts them with the ruleset's code as the message context; pages show them via
`judgeaid.wording.rule_text`).
"""

from __future__ import annotations

from collections.abc import Iterator

from judgeaid.rules.mcr.formats import FORMATS


def texts() -> Iterator[tuple[str, str]]:
    for fmt in FORMATS.values():
        yield fmt.name, "a tournament format's name"
        yield fmt.summary, f"the summary of the format {fmt.name}"
