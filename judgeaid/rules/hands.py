"""Reading a ticked hand, whatever the ruleset: the counts it names and the words of an issue.

Each ruleset keeps its own patterns or fans, its own messages and its own counting rules;
this module holds the checks of what was ticked and the token filling both share (the same
replacement as the browser's modules, so both sides print the same words).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import asdict
from typing import Any

from judgeaid.rules.ruleset import MalformedHand

_TOKEN = re.compile(r"\{(\w+)\}")


def fill(template: str, **params: str) -> str:
    """Put the params into a message's {tokens}; a token with no param stays as it is."""
    return _TOKEN.sub(lambda match: params.get(match.group(1), match.group(0)), template)


def read_counts(ticked: object, known: Mapping[str, Any], messages: Mapping[str, str],
                unknown_code: str,
                check: Callable[[str, Any, int], None] = lambda item_id, item, count: None,
                ) -> dict[str, int]:
    """Return the ticked items with a count above 0, in the order given.

    Refuses (MalformedHand) what is not a mapping, an id not in `known` (`unknown_code`), a
    count that is not a whole number or is negative; `check(id, item, count)` adds the
    ruleset's own test of each item, in turn.
    """
    if not isinstance(ticked, Mapping):
        raise MalformedHand("not_a_mapping", messages["not_a_mapping"])
    counts: dict[str, int] = {}
    for item_id, count in ticked.items():
        item = known.get(item_id) if isinstance(item_id, str) else None
        if item is None:
            raise MalformedHand(unknown_code, fill(messages[unknown_code], id=str(item_id)))
        if isinstance(count, bool) or not isinstance(count, int):
            raise MalformedHand("bad_count", fill(messages["bad_count"], id=item_id))
        if count < 0:
            raise MalformedHand("negative_count", fill(messages["negative_count"], id=item_id))
        check(item_id, item, count)
        if count:
            counts[item_id] = count
    return counts


def lines_and_issues(score: Any) -> dict[str, Any]:
    """Return a hand score's lines, warnings and errors as JSON-ready data (in that order)."""
    return {
        "lines": [asdict(line) for line in score.lines],
        "warnings": [issue.as_dict() for issue in score.warnings],
        "errors": [issue.as_dict() for issue in score.errors],
    }
