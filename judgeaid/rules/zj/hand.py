"""Count a Zung Jung hand from the patterns ticked for it (ZJM §2.2).

The input is what the players ticked, never tiles: a mapping from pattern id to count
(3.1 Value Honor counts sets, 1 to 4; every other pattern 0 or 1; 0 means "not ticked").

Malformed input raises `MalformedHand` (the API answers 400). Its `code` is one of
``not_a_mapping``, ``unknown_pattern``, ``bad_count``, ``negative_count``,
``count_too_high``.

Otherwise a `HandScore` comes back with three lists of `Issue`:

errors (counting rules broken; the API answers 422 and the value must not be used)
    ``same_series``                     two patterns of one series (§2.2 additive rule)
    ``irregular_with_concealed``        10.1 or 10.2 with 1.2 Concealed Hand (§2.4 10.0)
    ``greater_terminals_with_orphans``  8.1.3 with 10.1 (§2.4 8.1.3)
    ``two_irregular_hands``             10.1 with 10.2
warnings (no legal hand holds both; shown, may be overridden)
    ``too_many_sets``, ``pair_conflict``, ``value_honor_count``,
    ``seven_pairs_without_sets``, ``thirteen_orphans_alone``, ``tile_conflict``,
    ``timing_conflict``, ``no_kong``, ``nine_gates_shape``
offers (a companion the ticked patterns always bring; `Issue.add` says what to set)
    ``blessing_with_concealed``, ``dragons_with_value_honors``, ``implied_pattern``

The tables behind warnings and offers live in `catalogue.py`; `static/js/zj.js` mirrors
this module line for line and must give the same answers.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any, Literal

from .catalogue import (
    CHICKEN_ID,
    CHICKEN_NAME,
    CHICKEN_VALUE,
    COMPANIONS,
    EXCLUSIONS,
    INCOMPATIBILITIES,
    LIMIT,
    MESSAGES,
    PATTERN_BY_ID,
    PATTERNS,
    Pattern,
)

Limit = Literal["listed", "compound"]

_ORDER = {p.id: index for index, p in enumerate(PATTERNS)}
_TOKEN = re.compile(r"\{(\w+)\}")


class MalformedHand(ValueError):
    """The ticked patterns cannot be read at all (unknown id, bad count)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Line:
    """One ticked pattern (or the Chicken Hand) and what it contributes."""

    id: str
    name: str
    count: int
    points: int
    is_counted: bool


@dataclass(frozen=True)
class Issue:
    """An error, warning or offer about the ticked patterns."""

    code: str
    message: str
    patterns: tuple[str, ...]
    add: tuple[str, int] | None = None

    def as_dict(self) -> dict[str, Any]:
        """Return the issue as a JSON-ready dict (offers carry "add")."""
        data: dict[str, Any] = {
            "code": self.code,
            "message": self.message,
            "patterns": list(self.patterns),
        }
        if self.add is not None:
            data["add"] = {"pattern": self.add[0], "count": self.add[1]}
        return data


@dataclass(frozen=True)
class HandScore:
    """The value of a hand with its lines and the issues found in what was ticked."""

    value: int
    limit: Limit | None
    lines: tuple[Line, ...]
    warnings: tuple[Issue, ...]
    errors: tuple[Issue, ...]
    offers: tuple[Issue, ...]

    @property
    def is_valid(self) -> bool:
        """Return True when no counting rule is broken."""
        return not self.errors

    def as_dict(self) -> dict[str, Any]:
        """Return the score as a JSON-ready dict, the same shape zj.js returns."""
        return {
            "value": self.value,
            "limit": self.limit,
            "lines": [asdict(line) for line in self.lines],
            "warnings": [issue.as_dict() for issue in self.warnings],
            "errors": [issue.as_dict() for issue in self.errors],
            "offers": [issue.as_dict() for issue in self.offers],
        }


def score_hand(patterns: Mapping[str, int]) -> HandScore:
    """Score the ticked patterns by the counting rules of §2.2."""
    ticked = _read(patterns)
    if not ticked:
        chicken = Line(CHICKEN_ID, CHICKEN_NAME, 1, CHICKEN_VALUE, True)
        return HandScore(CHICKEN_VALUE, None, (chicken,), (), (), ())

    value, limit, lines = _count(ticked)
    errors = _errors(ticked)
    warnings = _warnings(ticked, errors)
    offers = _offers(ticked)
    return HandScore(value, limit, lines, warnings, errors, offers)


def _read(patterns: Mapping[str, int]) -> dict[str, int]:
    if not isinstance(patterns, Mapping):
        raise MalformedHand("not_a_mapping", MESSAGES["not_a_mapping"])
    ticked: dict[str, int] = {}
    for pattern_id, count in patterns.items():
        pattern = PATTERN_BY_ID.get(pattern_id) if isinstance(pattern_id, str) else None
        if pattern is None:
            raise MalformedHand("unknown_pattern", _fill("unknown_pattern", id=str(pattern_id)))
        if isinstance(count, bool) or not isinstance(count, int):
            raise MalformedHand("bad_count", _fill("bad_count", id=pattern_id))
        if count < 0:
            raise MalformedHand("negative_count", _fill("negative_count", id=pattern_id))
        if count > pattern.max_count:
            raise MalformedHand(
                "count_too_high",
                _fill("count_too_high", id=pattern_id, max=str(pattern.max_count)),
            )
        if count:
            ticked[pattern_id] = count
    return dict(sorted(ticked.items(), key=lambda item: _ORDER[item[0]]))


def _count(ticked: dict[str, int]) -> tuple[int, Limit | None, tuple[Line, ...]]:
    listed = [PATTERN_BY_ID[pid] for pid in ticked if PATTERN_BY_ID[pid].is_listed_limit]
    # §2.2 listed limit: only the single highest listed pattern scores; ties keep list order.
    top = max(listed, key=lambda p: p.value) if listed else None
    lines = tuple(
        Line(
            id=pid,
            name=PATTERN_BY_ID[pid].name,
            count=count,
            points=PATTERN_BY_ID[pid].value * count,
            is_counted=top is None or pid == top.id,
        )
        for pid, count in ticked.items()
    )
    if top is not None:
        return top.value, "listed", lines
    total = sum(line.points for line in lines)
    if total >= LIMIT:
        return LIMIT, "compound", lines  # §2.2 compound limit
    return total, None, lines


def _errors(ticked: dict[str, int]) -> tuple[Issue, ...]:
    errors: list[Issue] = []
    by_series: dict[str, list[Pattern]] = {}
    for pid in ticked:
        pattern = PATTERN_BY_ID[pid]
        by_series.setdefault(pattern.series, []).append(pattern)
    for series, members in by_series.items():
        if len(members) > 1:  # §2.2 one pattern per series
            names = ", ".join(p.label for p in members)
            errors.append(
                Issue(
                    "same_series",
                    _fill("same_series", series=series, names=names),
                    tuple(p.id for p in members),
                )
            )
    for rule in EXCLUSIONS:
        for a in rule.a:
            for b in rule.b:
                if a in ticked and b in ticked:
                    errors.append(Issue(rule.code, _fill_pair(rule.code, a, b), (a, b)))
    return tuple(errors)


def _warnings(ticked: dict[str, int], errors: tuple[Issue, ...]) -> tuple[Issue, ...]:
    # A pair already reported as an error, or by an earlier table entry, is not repeated.
    seen = {frozenset(issue.patterns) for issue in errors if len(issue.patterns) == 2}
    warnings: list[Issue] = []
    for rule in INCOMPATIBILITIES:
        for a in rule.a:
            if ticked.get(a, 0) < rule.a_min:
                continue
            for b in rule.b:
                pair = frozenset((a, b))
                if b == a or b not in ticked or pair in seen:
                    continue
                seen.add(pair)
                message = _fill_pair(rule.code, a, b, count=str(ticked[a]), max=str(rule.a_min - 1))
                warnings.append(Issue(rule.code, message, (a, b)))
    return tuple(warnings)


def _offers(ticked: dict[str, int]) -> tuple[Issue, ...]:
    offers: list[Issue] = []
    offered: dict[str, int] = {}
    for rule in COMPANIONS:
        if rule.trigger not in ticked:
            continue
        if ticked.get(rule.add, 0) >= rule.count or offered.get(rule.add, 0) >= rule.count:
            continue
        if _would_break_rules(ticked, rule.add):
            continue
        offered[rule.add] = rule.count
        message = _fill_pair(rule.code, rule.trigger, rule.add, min=str(rule.count))
        offers.append(Issue(rule.code, message, (rule.trigger, rule.add), (rule.add, rule.count)))
    return tuple(offers)


def _would_break_rules(ticked: dict[str, int], add: str) -> bool:
    series = PATTERN_BY_ID[add].series
    if any(PATTERN_BY_ID[pid].series == series for pid in ticked if pid != add):
        return True
    return any(
        (add in rule.a and any(b in ticked for b in rule.b))
        or (add in rule.b and any(a in ticked for a in rule.a))
        for rule in EXCLUSIONS
    )


def _fill_pair(code: str, a: str, b: str, **params: str) -> str:
    return _fill(code, a=PATTERN_BY_ID[a].label, b=PATTERN_BY_ID[b].label, **params)


def _fill(code: str, **params: str) -> str:
    # The same token replacement as zj.js, so both sides print the same words.
    return _TOKEN.sub(lambda match: params.get(match.group(1), match.group(0)), MESSAGES[code])
