"""Total an MCR hand from the fans ticked for it (MCR §3.9.1), no tiles entered.

The input is a mapping from fan id (its Appendix 1 number as a string) to the times it counts;
flowers are fan "81" with the number of flowers as its count; 0 means "not ticked".

Malformed input raises `MalformedHand` (the API answers 400). Its `code` is one of
``not_a_mapping``, ``unknown_fan``, ``bad_count``, ``negative_count``, ``too_many_flowers``.

Otherwise a `HandScore` comes back: the value (every fan's value times its count, flowers 1
each), one line per ticked fan in Appendix 1 order, and two lists of `Issue`. One melded
kong (74) and one concealed kong (67) with no other kong fan make one line, fan 57 worth 6
(MCR §3.8.1 fan 57), in place of the two:

errors (the hand cannot be scored so; the API answers 422)
    ``implied``  a fan that another ticked fan makes inevitable (the non-repeat principle,
    MCR §3.9.1.6 (1); the table and what forces each row are in `implied.py`)
    ``excluded``  a pair that an Appendix 1 entry of this text says does not combine (a pair
    that is also an inclusion is reported under both codes)
    ``win_mismatch``  a fan that fixes the win type beside a hand won the other way (only
    when the win type is given)
    ``chicken_alone``  43 Chicken Hand beside another fan (its definition)
    ``one_wait``  two of the wait fans 77, 78, 79 (App. 1 fans 77, 78)
    ``win_conflict``  a fan won on a drawn tile beside one won on a discard (MCR §3.7.2.3)
    ``shape_conflict``  fans needing different hand shapes (our reading of MCR §3.7.2)
    ``too_many_times``  a fan counted more often than one hand allows (our reading)
    ``too_many_pairings``  more than three chow pairings: four chows never make more (our
    reading of the account-once principle, MCR §3.9.1.6 (5))
    ``too_many_pungs``  more dragon and terminal/wind pungs than a hand holds
    ``below_minimum``  under 8 points without flowers (MCR §3.9.1.1, §3.11.6.6)
warnings (left to the judge)
    ``repeat``  a fan normally part of another that this text does not exclude
    ``tile_conflict``  a fan needing honors beside one allowing none
    ``prefer``  ticks a higher fan covers (MCR §3.9.1.6 (4))
    ``few_chows_left``  more chow pairings than a fan of three or four chows leaves room for
    (our reading of MCR §3.9.1.6 (5); the judge looks at the tiles)

Each pair is reported once, by the first rule that finds it. The tables live in
`catalogue.py`; `static/js/mcr.js` mirrors this module and must give the same answers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judgeaid.rules.hands import fill, lines_and_issues, read_counts
from judgeaid.rules.ruleset import MalformedHand

from .catalogue import (
    APPENDIX_1,
    CHICKEN,
    COUNT_SECTION,
    COUNTED_PUNGS,
    DISCARD_WINS,
    DRAW_WINS,
    FAN_BY_ID,
    FLOWER,
    FOUR_CHOW_FANS,
    HONOR_SECTION,
    KONG_FANS,
    KONG_PAIR,
    KONG_PAIR_CHINESE,
    KONG_PAIR_LINE,
    KONG_PAIR_NAME,
    KONG_PAIR_VALUE,
    MAX_FLOWERS,
    MAX_PAIRINGS,
    MAX_PUNGS,
    MESSAGES,
    MINIMUM,
    MINIMUM_SECTION,
    NEEDS_HONORS,
    NO_HONORS,
    PAIR_CHOW_FANS,
    PAIRING_SECTION,
    PREFER_SECTION,
    PREFERS,
    REPEAT_SECTION,
    REPEATS,
    SCORE_WINS,
    SHAPE_SECTION,
    SHAPES,
    TRIPLE_CHOW_FANS,
    WAIT_SECTION,
    WAITS,
    WIN_SECTION,
)
from .implied import IMPLIED


@dataclass(frozen=True)
class Line:
    """One ticked fan and what it adds; MCR includes no fan on its own (`implied_by` None)."""

    id: str
    name: str
    chinese: str
    count: int
    points: int
    implied_by: str | None = None


@dataclass(frozen=True)
class Issue:
    """An error or warning about the ticked fans, with the section it rests on."""

    code: str
    message: str
    fans: tuple[str, ...]
    section: str

    def as_dict(self) -> dict[str, Any]:
        """Return the issue as a JSON-ready dict."""
        return {"code": self.code, "message": self.message, "fans": list(self.fans),
                "section": self.section}


@dataclass(frozen=True)
class HandScore:
    """The value of a hand with its lines and the issues found in what was ticked."""

    value: int
    fan_points: int
    flowers: int
    lines: tuple[Line, ...]
    warnings: tuple[Issue, ...]
    errors: tuple[Issue, ...]

    @property
    def is_valid(self) -> bool:
        """Return True when the hand can be scored as ticked."""
        return not self.errors

    def as_dict(self) -> dict[str, Any]:
        """Return the score as a JSON-ready dict, the same shape mcr.js returns."""
        return {
            "value": self.value,
            "fan_points": self.fan_points,
            "flowers": self.flowers,
            **lines_and_issues(self),
        }


def score_hand(fans: Mapping[str, int], win: str | None = None) -> HandScore:
    """Total the ticked fans by MCR §3.9.1 and check them against the counting rules; with
    `win` ("self" or "discard"), also that the fans agree with how the hand was won."""
    ticked = _read(fans)
    if win is not None and win not in SCORE_WINS:
        raise MalformedHand("bad_win", MESSAGES["bad_win"])
    lines = _lines(ticked)
    flowers = ticked.get(FLOWER, 0)
    value = sum(line.points for line in lines)
    fan_points = value - flowers * FAN_BY_ID[FLOWER].value
    seen: set[frozenset[str]] = set()
    errors = _implied_errors(ticked)
    errors += _pair_errors(ticked, seen)
    seen.update(frozenset(issue.fans) for issue in errors)
    errors += _win_errors(ticked, win)
    errors += _count_errors(ticked, errors)
    if fan_points < MINIMUM:
        errors.append(Issue("below_minimum",
                            _fill("below_minimum", points=str(fan_points),
                                  minimum=str(MINIMUM), section=MINIMUM_SECTION),
                            (), MINIMUM_SECTION))
    warnings = _warnings(ticked, seen)
    warnings += _pairing_warnings(ticked, errors)
    return HandScore(value, fan_points, flowers, lines, tuple(warnings), tuple(errors))


def _lines(ticked: dict[str, int]) -> tuple[Line, ...]:
    lines = [Line(fid, FAN_BY_ID[fid].name, FAN_BY_ID[fid].chinese, count,
                  FAN_BY_ID[fid].value * count)
             for fid, count in ticked.items()]
    melded, concealed = KONG_PAIR
    if (ticked.get(melded) == 1 and ticked.get(concealed) == 1
            and not any(fid in ticked for fid in KONG_FANS)):
        # MCR §3.8.1 fan 57: one melded and one concealed kong are 6 points, one line
        lines = [line for line in lines if line.id not in KONG_PAIR]
        lines.append(Line(KONG_PAIR_LINE, KONG_PAIR_NAME, KONG_PAIR_CHINESE, 1,
                          KONG_PAIR_VALUE))
        lines.sort(key=lambda line: int(line.id))
    return tuple(lines)


def _implied_errors(ticked: dict[str, int]) -> list[Issue]:
    """A fan another ticked fan makes inevitable (MCR §3.9.1.6 (1), App. 1 note 3)."""
    errors: list[Issue] = []
    for row in IMPLIED:
        count = ticked.get(row.implies, 0)
        if row.fan not in ticked or count <= row.leaves:
            continue
        if row.leaves:
            message = _fill("implied_count", a=_label(row.fan), b=_label(row.implies),
                            max=str(row.leaves), count=str(count), section=row.section)
        else:
            message = _fill("implied", a=_label(row.fan), b=_label(row.implies),
                            section=row.section)
        errors.append(Issue("implied", message, (row.fan, row.implies), row.section))
    return errors


def _win_errors(ticked: dict[str, int], win: str | None) -> list[Issue]:
    """A fan that fixes the win type beside a hand won the other way (MCR §3.7.2.3)."""
    if win is None:
        return []
    wrong, code = (DISCARD_WINS, "win_mismatch_discard") if win == "self" else (
        DRAW_WINS, "win_mismatch_self")
    errors = []
    for fid in wrong:
        if fid in ticked:
            section = f"{WIN_SECTION}; {APPENDIX_1} fan {fid}"
            errors.append(Issue("win_mismatch", _fill(code, a=_label(fid), section=section),
                                (fid,), section))
    return errors


def win_issues(fans: Mapping[str, int], win: str | None) -> tuple[Issue, ...]:
    """Return the fans at odds with how a recorded hand was won (the card asks this)."""
    return tuple(_win_errors(_read(fans), win if win in SCORE_WINS else None))


def recorded_lines(fans: Mapping[str, int] | None, value: int | None) -> tuple[Line, ...]:
    """Return the lines of a hand recorded with its ticked fans; nothing if they do not read."""
    if not fans:
        return ()
    try:
        return score_hand(fans).lines
    except MalformedHand:
        return ()


def implied_label(line: Line) -> str:
    """Return "" : an MCR line always stands as ticked (nothing is included for the player)."""
    return ""


def recorded_value_fits(fans: Mapping[str, int], value: int, win: str | None = None) -> bool:
    """Return True when ticked fans make a recorded value with no counting rule broken."""
    score = score_hand(fans, win if win in SCORE_WINS else None)
    return not score.errors and score.value == value


def _read(fans: Mapping[str, int]) -> dict[str, int]:
    ticked = read_counts(fans, FAN_BY_ID, MESSAGES, "unknown_fan", _check_flowers)
    return dict(sorted(ticked.items(), key=lambda item: int(item[0])))


def _check_flowers(fan_id: str, fan: object, count: int) -> None:
    if fan_id == FLOWER and count > MAX_FLOWERS:
        raise MalformedHand("too_many_flowers", _fill("too_many_flowers",
                                                      max=str(MAX_FLOWERS),
                                                      count=str(count)))


def _pair_errors(ticked: dict[str, int], seen: set[frozenset[str]]) -> list[Issue]:
    errors: list[Issue] = []

    def add(code: str, a: str, b: str, section: str, **params: str) -> None:
        pair = frozenset((a, b))
        if a == b or pair in seen:
            return
        seen.add(pair)
        message = _fill(code, a=_label(a), b=_label(b), section=section, **params)
        errors.append(Issue(code, message, (a, b), section))

    for a in ticked:
        for number in FAN_BY_ID[a].excludes:
            b = str(number)
            if b in ticked:  # Appendix 1: "does not combine with"
                add("excluded", a, b, f"{APPENDIX_1} fan {a}", owner=_label(a))
    if CHICKEN in ticked:  # App. 1 fan 43: a hand that scores nothing else
        for b in ticked:
            if b != FLOWER:
                add("chicken_alone", CHICKEN, b, f"{APPENDIX_1} fan {CHICKEN}")
    for index, a in enumerate(WAITS):
        for b in WAITS[index + 1:]:
            if a in ticked and b in ticked:
                add("one_wait", a, b, WAIT_SECTION)
    for a in DRAW_WINS:
        for b in DISCARD_WINS:
            if a in ticked and b in ticked:
                add("win_conflict", a, b, WIN_SECTION)
    for rule in SHAPES:
        if rule.fan in ticked:
            for b in rule.others:
                if b in ticked:
                    add("shape_conflict", rule.fan, b, SHAPE_SECTION)
    return errors


def _count_errors(ticked: dict[str, int], earlier: list[Issue]) -> list[Issue]:
    errors: list[Issue] = []
    for fid, count in ticked.items():
        fan = FAN_BY_ID[fid]
        if fid != FLOWER and count > fan.max_count:
            errors.append(Issue("too_many_times",
                                _fill("too_many_times", a=fan.label, count=str(count),
                                      max=str(fan.max_count), section=COUNT_SECTION),
                                (fid,), COUNT_SECTION))
    # Chow pairings are judged once the pairs themselves stand (an excluded pair first).
    pairing = _pairing_fans(ticked, earlier)
    total = sum(ticked[fid] for fid in pairing)
    if total > MAX_PAIRINGS:  # four chows never make more than three pairings
        errors.append(Issue("too_many_pairings",
                            _fill("too_many_pairings", names=_names(pairing),
                                  count=str(total), max=str(MAX_PAIRINGS),
                                  section=PAIRING_SECTION),
                            tuple(pairing), PAIRING_SECTION))
    pungs = [fid for fid in COUNTED_PUNGS if fid in ticked]
    total = sum(ticked[fid] for fid in pungs)
    if total > MAX_PUNGS:
        errors.append(Issue("too_many_pungs",
                            _fill("too_many_pungs", names=_names(pungs), count=str(total),
                                  max=str(MAX_PUNGS), section=SHAPE_SECTION),
                            tuple(pungs), SHAPE_SECTION))
    return errors


def _warnings(ticked: dict[str, int], seen: set[frozenset[str]]) -> list[Issue]:
    warnings: list[Issue] = []

    def add(code: str, a: str, b: str, section: str, **params: str) -> None:
        pair = frozenset((a, b))
        if pair in seen:
            return
        seen.add(pair)
        message = _fill(code, a=_label(a), b=_label(b), section=section, **params)
        warnings.append(Issue(code, message, (a, b), section))

    for rule in REPEATS:
        if rule.a in ticked and rule.b in ticked:
            add("repeat", rule.a, rule.b, REPEAT_SECTION)
    for a in NEEDS_HONORS:
        for b in NO_HONORS:
            if a in ticked and b in ticked:
                add("tile_conflict", a, b, HONOR_SECTION)
    for rule in PREFERS:
        if ticked.get(rule.fan, 0) >= rule.count and rule.better not in ticked:
            add("prefer", rule.fan, rule.better, PREFER_SECTION, count=str(ticked[rule.fan]))
    return warnings


def _pairing_fans(ticked: dict[str, int], earlier: list[Issue]) -> list[str]:
    """Return the ticked chow-pairing fans, none if an earlier error already names one."""
    involved = {fid for issue in earlier for fid in issue.fans}
    pairing = [fid for fid in PAIR_CHOW_FANS if fid in ticked]
    return [] if involved & set(pairing) else pairing


def _pairing_warnings(ticked: dict[str, int], errors: list[Issue]) -> list[Issue]:
    # Our reading of account-once (MCR §3.9.1.6 (5)): a fan of three chows leaves one chow to
    # pair once, a fan of four leaves none. The text does not count this out, so the judge
    # looks at the tiles (a warning): the issue's own example ticks 28 with 69 x2 and 70.
    pairing = _pairing_fans(ticked, errors)
    if not pairing or any(issue.code == "too_many_pairings" for issue in errors):
        return []
    four = [fid for fid in FOUR_CHOW_FANS if fid in ticked]
    limiting = four or [fid for fid in TRIPLE_CHOW_FANS if fid in ticked]
    allowed = 0 if four else 1
    total = sum(ticked[fid] for fid in pairing)
    if not limiting or total <= allowed:
        return []
    fans = (*limiting, *pairing)
    return [Issue("few_chows_left",
                  _fill("few_chows_left", limits=_names(limiting), names=_names(pairing),
                        count=str(total), max=str(allowed), section=PAIRING_SECTION),
                  fans, PAIRING_SECTION)]


def _label(fan_id: str) -> str:
    return FAN_BY_ID[fan_id].label


def _names(fan_ids: tuple[str, ...] | list[str]) -> str:
    return ", ".join(_label(fid) for fid in fan_ids)


def _fill(code: str, **params: str) -> str:
    return fill(MESSAGES[code], **params)
