"""The ZJ texts pages show of its formats and leaderboards, for the translation catalogues.

`texts()` yields each format's name and summary, each leaderboard series' name and each
reason an event is left off a board, read from the data itself (scripts/i18n.py extracts them
with the ruleset's code as the message context; pages show them via
`judgeaid.wording.rule_text`).
"""

from __future__ import annotations

from collections.abc import Iterator

from judgeaid.rules.zj.formats import FORMATS
from judgeaid.rules.zj.leaderboard import REASONS, SERIES_NAMES


def texts() -> Iterator[str | tuple[str, str]]:
    for fmt in FORMATS.values():
        yield fmt.name, "a tournament format's name"
        yield fmt.summary, f"the summary of the format {fmt.name}"
    for name in SERIES_NAMES.values():
        yield name, "a leaderboard series (the kind of event a result counts as)"
    for reason in REASONS.values():
        yield reason, "why an event does not count on a leaderboard (after 'left out:')"
