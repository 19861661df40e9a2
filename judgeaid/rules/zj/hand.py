"""Count a Zung Jung hand from the patterns ticked for it (ZJM §2.2).

The input is what the players ticked, never tiles: a mapping from pattern id to count
(3.1 Value Honor counts sets, 1 to 4; every other pattern 0 or 1; 0 means "not ticked").

Malformed input raises `MalformedHand` (the API answers 400). Its `code` is one of
``not_a_mapping``, ``unknown_pattern``, ``bad_count``, ``negative_count``,
``count_too_high``.

Otherwise a `HandScore` comes back with its lines and three lists of `Issue`:

lines
    one per pattern that scores, in catalogue order: the ticked ones and those a ticked
    pattern is always scored with (`IMPLIED` in catalogue.py: 3.2.1/3.2.2 raise 3.1 Value
    Honor to 2/3 sets, 9.4.x bring 1.2 except beside category 10). A line whose count comes from
    such a rule carries `implied_by` (the ticked pattern's id); every other line has None.
    The listed and compound limits of §2.2 apply to all lines alike.
errors (counting rules broken; the API answers 422 and the value must not be used)
    ``same_series``  two patterns of one series (§2.2 additive rule), and one code per
    row of `EXCLUSIONS` (each a rulebook sentence: §1.5, §2.4 10.0, §2.4 8.1.3; 10.1 + 10.2 is
    our reading of §1.1.5)
warnings (no legal hand holds both; shown, may be overridden)
    ``too_many_sets``, ``pair_conflict``, ``value_honor_count``,
    ``seven_pairs_without_sets``, ``thirteen_orphans_alone``, ``tile_conflict``,
    ``timing_conflict``, ``no_kong``, ``nine_gates_shape``
offers (a pattern the ticked ones certainly bring but that is not included; `Issue.add`
says what to set)
    ``implied_pattern``

Every issue names the patterns involved and the section it rests on (`Issue.section`).
Errors and warnings are about what was ticked; an included pattern is never one that a
counting rule forbids beside the ticked ones. The tables live in `catalogue.py`;
`static/js/zj.js` mirrors this module line for line and must give the same answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from judgeaid.rules.hands import fill, lines_and_issues, read_counts
from judgeaid.rules.ruleset import MalformedHand

from .catalogue import (
    CHICKEN_ID,
    CHICKEN_NAME,
    CHICKEN_VALUE,
    COMPANIONS,
    EXCLUSIONS,
    IMPLIED,
    INCOMPATIBILITIES,
    LIMIT,
    MESSAGES,
    PATTERN_BY_ID,
    PATTERNS,
    SAME_SERIES_SECTION,
    Pattern,
)

Limit = Literal["listed", "compound"]

_ORDER = {p.id: index for index, p in enumerate(PATTERNS)}


@dataclass(frozen=True)
class Line:
    """One scoring pattern (or the Chicken Hand) and what it contributes.

    `implied_by` is the ticked pattern that brings this line or raises its count (§2.4
    3.2.1, 9.4.1 ...); None for a line that stands as ticked.
    """

    id: str
    name: str
    count: int
    points: int
    is_counted: bool
    implied_by: str | None = None


@dataclass(frozen=True)
class Issue:
    """An error, warning or offer about the ticked patterns, with the section it rests on."""

    code: str
    message: str
    patterns: tuple[str, ...]
    section: str
    add: tuple[str, int] | None = None

    def as_dict(self) -> dict[str, Any]:
        """Return the issue as a JSON-ready dict (offers carry "add")."""
        data: dict[str, Any] = {
            "code": self.code,
            "message": self.message,
            "patterns": list(self.patterns),
            "section": self.section,
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
            **lines_and_issues(self),
            "offers": [issue.as_dict() for issue in self.offers],
        }


def score_hand(patterns: Mapping[str, int]) -> HandScore:
    """Score the ticked patterns by the counting rules of §2.2."""
    ticked = _read(patterns)
    if not ticked:
        chicken = Line(CHICKEN_ID, CHICKEN_NAME, 1, CHICKEN_VALUE, True)
        return HandScore(CHICKEN_VALUE, None, (chicken,), (), (), ())

    implied = _implied(ticked)
    value, limit, lines = _count(ticked, implied)
    errors = _errors(ticked)
    warnings = _warnings(ticked, errors)
    offers = _offers(ticked, lines)
    return HandScore(value, limit, lines, warnings, errors, offers)


def recorded_lines(patterns: Mapping[str, int] | None, value: int | None) -> tuple[Line, ...]:
    """Return the lines of a hand recorded with its ticked patterns and value.

    With the patterns they are always scored with, when those make the recorded value; a
    round recorded before they were included (e.g. 3.2.1 alone for 40) shows the ticked
    lines alone, as recorded. Nothing for no patterns or patterns that no longer read.
    """
    if not patterns:
        return ()
    try:
        ticked = _read(patterns)
    except MalformedHand:
        return ()
    if not ticked:
        return ()
    with_implied = _count(ticked, _implied(ticked))
    if with_implied[0] == value:
        return with_implied[2]
    return _count(ticked, {})[2]


# The counting rules that stood before issue 14 added the §1.5 rows and included patterns.
_RULES_BEFORE_ISSUE_14 = frozenset(
    {"same_series", "irregular_with_concealed", "greater_terminals_with_orphans",
     "two_irregular_hands"}
)


def recorded_value_fits(patterns: Mapping[str, int], value: int) -> bool:
    """Return True when ticked patterns make a round's recorded value.

    By today's rules, or, for a round recorded before included patterns and the §1.5 rows
    (e.g. 9.4.1 alone for 155), by the ticked lines alone under the rules of that time, so a
    backup keeps what was signed. Raises MalformedHand for patterns that do not read.
    """
    score = score_hand(patterns)
    if not score.errors and score.value == value:
        return True
    if any(error.code in _RULES_BEFORE_ISSUE_14 for error in score.errors):
        return False
    ticked = _read(patterns)
    return bool(ticked) and _count(ticked, {})[0] == value


def implied_label(line: Line) -> str:
    """Say which ticked pattern brings a line, with its section; "" for a ticked line."""
    if line.implied_by is None:
        return ""
    section = next(
        (r.section for r in IMPLIED if r.trigger == line.implied_by and r.add == line.id), ""
    )
    return _fill("implied_line", trigger=_label(line.implied_by), section=section)


def _read(patterns: Mapping[str, int]) -> dict[str, int]:
    ticked = read_counts(patterns, PATTERN_BY_ID, MESSAGES, "unknown_pattern", _check_max)
    return dict(sorted(ticked.items(), key=lambda item: _ORDER[item[0]]))


def _check_max(pattern_id: str, pattern: Any, count: int) -> None:
    if count > pattern.max_count:
        raise MalformedHand(
            "count_too_high",
            _fill("count_too_high", id=pattern_id, max=str(pattern.max_count)),
        )


def _implied(ticked: dict[str, int]) -> dict[str, tuple[int, str]]:
    # Pattern id -> (count, trigger) for what the ticked patterns always bring and do not
    # already hold; the first rule to reach the highest count names the trigger.
    implied: dict[str, tuple[int, str]] = {}
    for rule in IMPLIED:
        if rule.trigger not in ticked or _would_break_rules(ticked, rule.add):
            continue
        have = max(ticked.get(rule.add, 0), implied.get(rule.add, (0, ""))[0])
        if rule.count > have:
            implied[rule.add] = (rule.count, rule.trigger)
    return implied


def _count(
    ticked: dict[str, int], implied: dict[str, tuple[int, str]]
) -> tuple[int, Limit | None, tuple[Line, ...]]:
    counts = {**ticked, **{pid: count for pid, (count, _) in implied.items()}}
    ids = sorted(counts, key=lambda pid: _ORDER[pid])
    listed = [PATTERN_BY_ID[pid] for pid in ids if PATTERN_BY_ID[pid].is_listed_limit]
    # §2.2 listed limit: only the single highest listed pattern scores; ties keep list order.
    top = max(listed, key=lambda p: p.value) if listed else None
    lines = tuple(
        Line(
            id=pid,
            name=PATTERN_BY_ID[pid].name,
            count=counts[pid],
            points=PATTERN_BY_ID[pid].value * counts[pid],
            is_counted=top is None or pid == top.id,
            implied_by=implied[pid][1] if pid in implied else None,
        )
        for pid in ids
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
            message = _fill("same_series", series=series, names=names,
                            section=SAME_SERIES_SECTION)
            errors.append(
                Issue("same_series", message, tuple(p.id for p in members), SAME_SERIES_SECTION)
            )
    for rule in EXCLUSIONS:
        for a in rule.a:
            for b in rule.b:
                if a in ticked and b in ticked:
                    message = fill(rule.message, a=_label(a), b=_label(b))
                    errors.append(Issue(rule.code, message, (a, b), rule.section))
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
                message = _fill_pair(rule.code, a, b, count=str(ticked[a]),
                                     max=str(rule.a_min - 1), section=rule.section)
                warnings.append(Issue(rule.code, message, (a, b), rule.section))
    return tuple(warnings)


def _offers(ticked: dict[str, int], lines: tuple[Line, ...]) -> tuple[Issue, ...]:
    # Offered only when the hand does not already score it, ticked or included.
    held = {line.id: line.count for line in lines}
    offers: list[Issue] = []
    for rule in COMPANIONS:
        if rule.trigger not in ticked or held.get(rule.add, 0) >= rule.count:
            continue
        if _would_break_rules(ticked, rule.add):
            continue
        held[rule.add] = rule.count
        message = _fill_pair(rule.code, rule.trigger, rule.add, min=str(rule.count),
                             section=rule.section)
        offers.append(Issue(rule.code, message, (rule.trigger, rule.add), rule.section,
                            (rule.add, rule.count)))
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


def _label(pattern_id: str) -> str:
    return PATTERN_BY_ID[pattern_id].label


def _fill_pair(code: str, a: str, b: str, **params: str) -> str:
    return _fill(code, a=_label(a), b=_label(b), **params)


def _fill(code: str, **params: str) -> str:
    return fill(MESSAGES[code], **params)
