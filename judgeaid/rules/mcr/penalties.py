"""MCR fouls and penalties (MCR §3.11) as the rubric the judge console offers.

MCR has no graded rubric like ZJM's A.5: §3.11 names the kinds of penalty (warning, points
off, loss of the right to win the hand, exclusion, disqualification) and §3.11.6 fixes the
penalty for a list of specific fouls. Each line below is one of them, cited per line. Where
the text leaves the choice to the referee, the suggestion is our reading and says so.

Points go to the offender's card; some fouls pay them to the other players (MCR §3.11.6.6,
§3.11.6.7), which `payees` describes and `check_payees` enforces. MCR has no 80-point time
resignation (that is ZJM §1.9), so no line counts toward one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from judgeaid.rules import rubric
from judgeaid.rules.rubric import Categories, Problem, kind_phrase
from judgeaid.rules.rubric import ordinal as _ordinal
from judgeaid.rules.ruleset import Payees, PriorPenalty, RepeatPolicy

PENALTY_KINDS: tuple[str, ...] = (
    "warning",
    "points",
    "no_win",
    "session_forfeit",
    "disqualification",
    "exclusion",
)

KIND_LABELS: dict[str, str] = {
    "warning": "Warning",
    "points": "Contest points off",
    "no_win": "Loss of the right to win this hand",
    "session_forfeit": "Session forfeited",
    "disqualification": "Disqualification",
    "exclusion": "Barred from later competitions",
}

# MCR §3.11.2.2: the amounts a referee may take for a rule violation
VIOLATION_STEPS: tuple[int, ...] = (5, 10, 20, 30, 40, 50, 60)
# MCR §3.11.6.3-5: warning, then 5, 10, 20 "and so on"; we read "and so on" as doubling
LADDER_START: tuple[int, ...] = (0, 5, 10, 20)
LATE_MINOR_MS = 10 * 60_000   # MCR §3.11.2.1: 10 minutes or less
LATE_MAJOR_MS = 15 * 60_000   # more than 15 minutes: the session is forfeited


@dataclass(frozen=True)
class Infraction:
    """One foul of MCR §3.11 with the penalty the text sets for it."""

    id: str
    label: str
    section: str
    kind: str = "points"
    points: int = 0
    # the amounts a judge may choose within the text (None: the text sets one amount)
    range: tuple[int, int] | None = None
    ladder: bool = False
    # MCR §3.11.6.6/7: points to each other player, or to the one offended player
    each: int = 0
    offended: bool = False
    is_timed: bool = False
    also_no_win: bool = False
    note: str = ""
    # MCR §3.11.3: the offender may not win the hand in which this foul was ruled (the card
    # refuses them as that hand's winner until the penalty is struck out)
    loses_win: bool = False


@dataclass(frozen=True)
class Category:
    """A group of §3.11's fouls, as the console's first choice."""

    id: str
    title: str
    summary: str
    section: str
    infractions: tuple[Infraction, ...]


CATEGORIES: tuple[Category, ...] = (
    Category(
        id="warning",
        title="Warning",
        summary="A minor or first infraction, or disturbing others (MCR §3.11.1).",
        section="3.11.1",
        infractions=(
            Infraction("minor", "Minor or first infraction", "3.11.1", kind="warning"),
            Infraction("disturbing", "Disturbing the other players", "3.11.1", kind="warning"),
            Infraction("tiles_shown_after_hu", "Own tiles laid open after a valid Hu",
                       "3.11.6.7", kind="warning",
                       note="If the Hu turns out invalid, this player may not win the hand "
                            "and plays the shown tiles out one by one (MCR §3.11.6.7)."),
            Infraction("lingering", "Staying in the hall and distracting after the session",
                       "3.11.6.11", kind="warning"),
        ),
    ),
    Category(
        id="late",
        title="Late arrival",
        summary="10 contest points up to 10 minutes, 20 up to 15, then the session is "
                "forfeited (MCR §3.11.2.1).",
        section="3.11.2.1",
        infractions=(
            Infraction("late_10", "Late by 10 minutes or less", "3.11.2.1", points=10),
            Infraction("late_15", "Late by more than 10, up to 15 minutes", "3.11.2.1",
                       points=20),
            Infraction("late_over_15", "Late by more than 15 minutes", "3.11.2.1",
                       kind="session_forfeit",
                       note="The player may still play the later sessions (MCR §3.11.2.1)."),
            # the line the session clock writes when it times the player's arrival
            Infraction("late_clock", "Late arrival timed by the clock", "3.11.2.1",
                       is_timed=True),
        ),
    ),
    Category(
        id="violation",
        title="Rule violation",
        summary="5, 10, 20, 30, 40, 50 or 60 contest points by severity; nobody else gains "
                "them (MCR §3.11.2.2).",
        section="3.11.2.2",
        infractions=(
            Infraction("rule_violation", "Breaking a rule of play or conduct", "3.11.2.2",
                       points=5, range=(5, 60)),
            Infraction("judge_ignored", "Not doing what the referee said", "3.11.2.2",
                       points=10, range=(5, 60)),
        ),
    ),
    Category(
        id="hand_ladder",
        title="Repeated in one hand",
        summary="Warning the first time in a hand, then 5, 10, 20 points and so on "
                "(MCR §3.11.6.3-5).",
        section="3.11.6",
        infractions=(
            Infraction("empty_call", "Empty Chi, Pung or Kong call (change of mind)",
                       "3.11.6.3", ladder=True),
            Infraction("wall_touched", "Touching the wall before the previous discard",
                       "3.11.6.4", ladder=True,
                       note="If the tile taken was seen, the player may not win this hand "
                            "(MCR §3.11.6.4)."),
            Infraction("late_pung", "Pung called after the 3 seconds", "3.11.6.5",
                       ladder=True),
        ),
    ),
    Category(
        id="false_hu",
        title="False Hu",
        summary="Below the 8-point minimum: 10 to each other player; Hu while not ready: "
                "20 to each (MCR §3.11.6.6).",
        section="3.11.6.6",
        infractions=(
            Infraction("below_minimum", "Hu below 8 points, or on a tile the hand does not "
                       "wait for", "3.11.6.6", points=30, each=10, also_no_win=True,
                       loses_win=True),
            Infraction("erroneous_hu", "Hu called while not yet ready", "3.11.6.6",
                       points=60, each=20, also_no_win=True,
                       loses_win=True),
            Infraction("hu_tile_not_taken", "Winning tile not taken before the count",
                       "3.11.6.11", points=30, each=10, also_no_win=True,
                       loses_win=True,
                       note="Our reading: MCR §3.11.6.11 makes this a False Hu, priced here "
                            "as one below the minimum; choose 20 to each if the player was "
                            "not ready at all."),
        ),
    ),
    Category(
        id="tiles",
        title="Disturbed tiles",
        summary="Pushing tiles so the hand cannot go on: 30 to each other player; knocking "
                "over another's tiles: 5-60 to that player (MCR §3.11.6.7).",
        section="3.11.6.7",
        infractions=(
            Infraction("hand_spoiled", "Hand or wall pushed so the hand cannot go on",
                       "3.11.6.7", points=90, each=30),
            Infraction("tiles_knocked", "Another player's tiles knocked over", "3.11.6.7",
                       points=5, range=(5, 60), offended=True,
                       note="You also decide whether the hand can go on (MCR §3.11.6.7)."),
        ),
    ),
    Category(
        id="no_win",
        title="Loss of the right to win",
        summary="The player plays on but may not win this hand (MCR §3.11.3).",
        section="3.11.3",
        infractions=(
            Infraction("false_meld", "False Chi, Pung, Kong or flower replacement",
                       "3.11.6.2", kind="no_win", loses_win=True),
            Infraction("wall_tile_seen", "Wrong wall tile taken and seen", "3.11.6.4",
                       kind="no_win", loses_win=True),
            Infraction("tiles_shown_false_hu", "Own tiles laid open after an invalid Hu",
                       "3.11.6.7", kind="no_win", loses_win=True,
                       note="The shown tiles are discarded one by one on the player's turns "
                            "and the others may claim them (MCR §3.11.6.7)."),
            Infraction("wrong_tile_count", "Too many or too few tiles", "3.11.6.8",
                       kind="no_win", loses_win=True),
            Infraction("passing_information", "Passing information to another player",
                       "3.11.6.9", kind="no_win", loses_win=True),
            Infraction("claim_not_taken", "Called tile not taken in time", "3.11.6.11",
                       kind="no_win", loses_win=True),
            Infraction("claim_then_hu", "Hu declared the wrong way or tiles not shown",
                       "3.11.6.11", kind="no_win", loses_win=True),
            Infraction("shown_before_hu", "Tiles shown before declaring Hu", "3.11.6.11",
                       kind="no_win", loses_win=True),
            Infraction("reached_over", "Discard taken after reaching for the wall",
                       "3.11.6.11", kind="no_win", loses_win=True),
            Infraction("tally_mixed", "Hand tiles mixed into the tally", "3.11.6.11",
                       kind="no_win", loses_win=True),
        ),
    ),
    Category(
        id="serious",
        title="Serious foul",
        summary="Cheating, persistent disturbance or illegal gain: disqualification; the "
                "referees may also bar the player from later competitions (MCR §3.11.4, "
                "§3.11.5).",
        section="3.11.5",
        infractions=(
            Infraction("cheating", "Cheating: tiles swapped or hidden", "3.11.6.1",
                       kind="disqualification"),
            Infraction("severe_disturbance", "Disturbing the event and ignoring the referee",
                       "3.11.6.10", kind="disqualification"),
            Infraction("illegal_gain", "Serious foul or illegal gain from the contest",
                       "3.11.5", kind="disqualification"),
            Infraction("severe_infraction", "Severe infraction: barred from later events",
                       "3.11.4", kind="exclusion"),
        ),
    ),
)

CATEGORY_IDS: tuple[str, ...] = tuple(c.id for c in CATEGORIES)
_CATEGORIES = Categories(CATEGORIES, "MCR penalty category", round_word="hand")
# get_category(id) raises ValueError for no such category; find_infraction(category, id)
# is None for the judge's own words
get_category = _CATEGORIES.get
find_infraction = _CATEGORIES.find


@dataclass(frozen=True)
class Suggestion(rubric.Suggestion):
    """The penalty MCR §3.11 sets for a foul, with the choices the text leaves open."""

    kind_labels: ClassVar[Mapping[str, str]] = KIND_LABELS

    def is_beyond_rubric(self, kind: str, points: int = 0) -> bool:
        """Return whether this kind and number of points go beyond the text's choices."""
        if kind == "points":
            return self.is_beyond_rubric_for(points)
        return kind not in (self.kind, "warning", *self.allowed_kinds)

    def is_departure(self, kind: str, points: int = 0) -> bool:
        """Return whether a judge's choice differs from the suggestion.

        Where MCR leaves the amount to the referee (5-60 for a rule violation or knocked
        tiles, the clock for lateness), any amount in that range is the text's own answer.
        """
        if kind != self.kind:
            return True
        if kind != "points":
            return False
        if self.allowed_range[1] is None:
            return False
        low, high = self.allowed_range
        if low != high:
            return not low <= points <= high
        return points != self.points


DEFAULT_POLICY = rubric.DEFAULT_POLICY


def suggest_penalty(
    category: str,
    infraction: str | None,
    history: Sequence[PriorPenalty] = (),
    policy: RepeatPolicy = DEFAULT_POLICY,
    *,
    session: int | None = None,
    round: int | None = None,
) -> Suggestion:
    """Suggest the penalty for a foul from the player's earlier ones.

    The §3.11.6.3-5 ladders count the same foul in the same hand (`round` is the hand); a
    warning or rule violation counts earlier ones by the event's repeat setting.
    """
    cat = get_category(category)
    example = find_infraction(category, infraction)
    if example is not None and example.ladder:
        return _ladder_suggestion(cat, example, history, session, round)
    earlier = count_repeats(category, history, policy, session=session, round=round)
    return _suggest_for(category, infraction, earlier + 1)


# count_repeats(category, history, policy, *, session, round): the earlier penalties that
# make a new one a repeat under the event's setting
count_repeats = _CATEGORIES.count_repeats


def ladder_points(step: int) -> int:
    """Return the points of the n-th foul of one kind in a hand (step 0 is the first).

    MCR §3.11.6.3-5: warning, 5, 10, 20, "and so on"; our reading doubles from there on.
    """
    if step < 0:
        raise ValueError("the ladder counts from 0")
    if step < len(LADDER_START):
        return LADDER_START[step]
    return LADDER_START[-1] * 2 ** (step - len(LADDER_START) + 1)


def _ladder_suggestion(cat: Category, example: Infraction, history: Sequence[PriorPenalty],
                       session: int | None, hand: int | None) -> Suggestion:
    notes = [example.note] if example.note else []
    if hand is None:
        earlier = 0
        notes.append("Give the hand: the count starts again in every hand "
                     f"(MCR §{example.section}).")
    else:
        earlier = sum(1 for p in history if p.category == cat.id
                      and p.infraction == example.id and p.session == session
                      and p.round == hand)
    points = ladder_points(earlier)
    kind = "warning" if points == 0 else "points"
    if earlier >= len(LADDER_START):
        notes.append("MCR gives warning, 5, 10, 20 \"and so on\"; doubling after 20 is our "
                     "reading.")
    where = "this hand" if hand is not None else "the hand"
    explanation = (f"{_ordinal(earlier + 1)} {example.label.lower()} in {where} → "
                   f"{_kind_phrase(kind, points)} (MCR §{example.section})")
    return Suggestion(category=cat.id, infraction=example.id, occurrence=earlier + 1,
                      kind=kind, points=points, ladder_step=earlier,
                      allowed_range=(points, points), allowed_kinds=(),
                      explanation=explanation, notes=tuple(notes))


def _suggest_for(category: str, infraction: str | None, occurrence: int) -> Suggestion:
    cat = get_category(category)
    example = find_infraction(category, infraction)
    notes: list[str] = []
    if example is None:
        # the judge's own words: the category's usual answer
        return _own_words(cat, occurrence)
    if example.note:
        notes.append(example.note)
    section = f"MCR §{example.section}"
    kind, points = example.kind, example.points
    allowed: tuple[int, int | None] = (points, points)
    step = None
    if example.is_timed:
        return Suggestion(category=category, infraction=example.id, occurrence=occurrence,
                          kind="points", points=0, ladder_step=None, allowed_range=(10, None),
                          allowed_kinds=("session_forfeit",),
                          explanation="Late arrival → 10 contest points up to 10 minutes, 20 "
                                      "up to 15, the session forfeited beyond (MCR "
                                      "§3.11.2.1), set by the clock.")
    if category == "warning" and occurrence > 1:
        # our reading of MCR §3.11.1: the warning is for a first or minor infraction
        kind, points = "points", VIOLATION_STEPS[0]
        allowed = (VIOLATION_STEPS[0], VIOLATION_STEPS[-1])
        notes.append("Our reading: a warning is for a first or minor infraction, so a repeat "
                     "is priced as a rule violation (MCR §3.11.1, §3.11.2.2).")
    elif example.range is not None:
        allowed = example.range
        if category == "violation":
            # our reading: each earlier violation moves one step up §3.11.2.2's list
            start = VIOLATION_STEPS.index(example.points)
            step = min(start + occurrence - 1, len(VIOLATION_STEPS) - 1)
            points = VIOLATION_STEPS[step]
            notes.append("The referee picks 5, 10, 20, 30, 40, 50 or 60 by severity (MCR "
                         "§3.11.2.2); one step up per earlier violation is our reading.")
    if example.each:
        notes.append(f"{example.each} points go to each other player (MCR §{example.section}).")
    if example.offended:
        notes.append("The points go to the player whose tiles were knocked over "
                     f"(MCR §{example.section}).")
    if example.also_no_win:
        notes.append(f"The player may not win this hand either ({section}).")
    if kind == "disqualification":
        notes.append("The referees may also bar the player from later competitions "
                     "(MCR §3.11.4).")
    if category == "violation":
        notes.append("These points go to nobody else (MCR §3.11.2.2).")
    lead = (f"{_ordinal(occurrence)} {cat.title.lower()}"
            if category == "violation" or (category == "warning" and occurrence > 1)
            else example.label)
    what = _kind_phrase(kind, points)
    if example.each and kind == "points":
        what += f": {example.each} to each other player"
    elif example.offended and kind == "points":
        what += " to the offended player (5-60 as you judge)"
    extra = {"no_win": ("points",), "session_forfeit": (), "disqualification": ("exclusion",),
             "exclusion": ("disqualification",)}.get(kind, ("no_win",))
    return Suggestion(category=category, infraction=example.id, occurrence=occurrence,
                      kind=kind, points=points, ladder_step=step, allowed_range=allowed,
                      allowed_kinds=extra,
                      explanation=f"{lead} → {what} ({section})",
                      notes=tuple(notes))


def _own_words(cat: Category, occurrence: int) -> Suggestion:
    first = cat.infractions[0]
    if cat.id in ("warning", "violation"):
        base = _suggest_for(cat.id, first.id, occurrence)
    elif cat.id == "hand_ladder":
        base = _suggest_for("warning", "minor", 1)
    else:
        base = _suggest_for(cat.id, first.id, occurrence)
    return replace(base, infraction=None, category=cat.id,
                   explanation=f"{cat.title} → {base.label} (MCR §{cat.section})")


def check_choice(
    category: str,
    chosen_kind: str,
    chosen_points: int,
    *,
    infraction: str | None = None,
    occurrence: int = 1,
    reason: str = "",
) -> list[Problem]:
    """List what is wrong with a judge's chosen penalty; an empty list means it may be saved.

    The text's own choices (5-60 for a violation, the ladder's step) need no reason; any
    other choice needs a written one, as for ZJ, and the head judge sees it listed.
    """
    unknown = rubric.unknown_choice(category, chosen_kind, _CATEGORIES, PENALTY_KINDS,
                                    no_category="There is no MCR penalty category {!r}.",
                                    no_kind="MCR has no penalty kind {!r}.")
    if unknown:
        return unknown
    problems = rubric.point_problems(chosen_kind, chosen_points, occurrence,
                                     missing="Enter how many contest points to take.")
    example = find_infraction(category, infraction)
    if (category == "violation" and chosen_kind == "points" and chosen_points > 0
            and chosen_points not in VIOLATION_STEPS):
        problems.append(Problem("violation_step",
                                "A rule violation costs 5, 10, 20, 30, 40, 50 or 60 contest "
                                "points (MCR §3.11.2.2)."))
    if (example is not None and example.range is not None and category != "violation"
            and chosen_kind == "points" and chosen_points > 0
            and not example.range[0] <= chosen_points <= example.range[1]):
        # MCR §3.11.6.7 (3): the referee chooses within 5-60, as §3.11.2.2's list for a
        # violation (a reason cannot take the amount outside what the text allows)
        low, high = example.range
        problems.append(Problem("outside_range",
                                f"{example.label} costs {low} to {high} contest points "
                                f"(MCR §{example.section})."))
    if (example is not None and example.is_timed and chosen_kind == "points"
            and chosen_points not in (10, 20)):
        problems.append(Problem("late_points", "A late arrival costs 10 or 20 contest points "
                                               "(MCR §3.11.2.1)."))
    if problems:
        return problems
    if example is not None and example.ladder:
        # the ladder's step depends on the hand; the service passes the counted occurrence
        suggestion = _ladder_at(category, example, occurrence)
    else:
        suggestion = _suggest_for(category, infraction, occurrence)
    if suggestion.is_departure(chosen_kind, chosen_points) and not reason.strip():
        problems.append(Problem(
            "reason_required",
            f"Give a reason for choosing {_kind_phrase(chosen_kind, chosen_points)} instead "
            f"of the {suggestion.label} MCR sets here: the head judge reviews every "
            "departure."))
    return problems


def _ladder_at(category: str, example: Infraction, occurrence: int) -> Suggestion:
    points = ladder_points(occurrence - 1)
    kind = "warning" if points == 0 else "points"
    return Suggestion(category=category, infraction=example.id, occurrence=occurrence,
                      kind=kind, points=points, ladder_step=occurrence - 1,
                      allowed_range=(points, points), allowed_kinds=(),
                      explanation=_kind_phrase(kind, points))


def departure_note(suggested_kind: str, suggested_points: int, reason: str) -> str:
    """Return how the ruling log marks a choice other than MCR's own penalty."""
    return f"differs from MCR's {_kind_phrase(suggested_kind, suggested_points)}: {reason}"


def counts_for_resignation(category: str, infraction: str | None) -> bool:
    """Return False: MCR has no 80-point time resignation (that is ZJM §1.9)."""
    return False


def is_repeat_time_penalty(new: PriorPenalty, earlier: PriorPenalty) -> bool:
    """Return False: MCR has no per-round time penalties to double-charge."""
    return False


# MCR §3.11.3: a penalty of this kind, whatever its entry, takes the right to win the hand
LOSES_WIN_KINDS: frozenset[str] = frozenset({"no_win"})


def loses_win(category: str, infraction: str | None, kind: str) -> bool:
    """Return whether a penalty takes the offender's right to win its hand (MCR §3.11.3):
    its rubric entry carries the flag, or the judge chose the loss of the right to win."""
    if kind in LOSES_WIN_KINDS:
        return True
    example = find_infraction(category, infraction) if category in _CATEGORIES else None
    return example is not None and example.loses_win


def needs_round(category: str, infraction: str | None) -> str | None:
    """Say why a foul must name its hand (the §3.11.6.3-5 ladders count per hand), or None."""
    example = find_infraction(category, infraction) if category in _CATEGORIES else None
    if example is None or not example.ladder:
        return None
    return (f"Give the hand: “{example.label}” is counted per hand (warning, then 5, 10, "
            f"20 ..., MCR §{example.section}).")


def line_label(category: str, infraction: str) -> str:
    """Return a foul's words for a card's penalty line: category, then foul."""
    example = find_infraction(category, infraction)
    return f"{get_category(category).title}: {example.label if example else infraction}"


def payees(category: str, infraction: str | None) -> Payees:
    """Return who receives a foul's points (MCR §3.11.6.6, §3.11.6.7); nobody by default."""
    example = (find_infraction(category, infraction)
               if category in _CATEGORIES else None)
    if example is None:
        return Payees()
    return Payees(each=example.each, offended=example.offended)


def check_payees(category: str, infraction: str | None, kind: str, points: int,
                 paid_to: Mapping[int, int] | None, others: int) -> list[Problem]:
    """List what is wrong with where a penalty's points go.

    Fouls that pay the others (False Hu, a spoiled hand) give the same share to each other
    player and keep nothing back; knocked-over tiles pay the one offended player; every
    other MCR penalty's points go to nobody (MCR §3.11.2.2).
    """
    if kind != "points" or category not in _CATEGORIES:
        return []
    paid = {n: p for n, p in (paid_to or {}).items() if p}
    example = find_infraction(category, infraction)
    if example is None:
        # the judge's own words: who is paid is the judge's call
        return []
    shares = payees(category, infraction)
    section = f"MCR §{example.section}"
    if shares.each:
        if len(paid) != others or len(set(paid.values())) != 1 or sum(paid.values()) != points:
            return [Problem("paid_to_each",
                            f"This foul pays the same to each of the {others} other players "
                            f"and keeps nothing back ({section}): give each "
                            f"{points // others if others else 0} points, or points that "
                            "divide equally.")]
        return []
    if shares.offended:
        if len(paid) != 1 or sum(paid.values()) != points:
            return [Problem("paid_to_offended",
                            f"All {points} points go to the one player whose tiles were "
                            f"knocked over ({section}): choose that player.")]
        return []
    if paid:
        # MCR §3.11.2.2 says it of every forfeiture that pays nobody; cite it once
        cite = section if example.section == "3.11.2.2" else f"{section}, §3.11.2.2"
        return [Problem("not_paid",
                        f"These points go to nobody else ({cite}): leave 'paid to' empty.")]
    return []


def rubric_json() -> dict:
    """Return the fouls and penalty kinds as JSON-ready data for the console."""
    return {
        "ruleset": "mcr",
        "ladder": [{"step": i, "kind": "warning" if i == 0 else "points",
                    "points": ladder_points(i),
                    "label": _kind_phrase("warning" if i == 0 else "points", ladder_points(i))}
                   for i in range(6)],
        "kinds": [{"id": k, "label": KIND_LABELS[k]} for k in PENALTY_KINDS],
        "categories": [
            {
                "id": c.id, "title": c.title, "summary": c.summary, "typical": c.summary,
                "section": c.section, "cite": f"MCR §{c.section}",
                "infractions": [
                    {"id": i.id, "label": i.label, "section": i.section,
                     "cite": f"MCR §{i.section}",
                     **({"each": i.each} if i.each else {}),
                     **({"offended": True} if i.offended else {})}
                    for i in c.infractions if not i.is_timed
                ],
            }
            for c in CATEGORIES
        ],
    }


def _kind_phrase(kind: str, points: int) -> str:
    return kind_phrase(KIND_LABELS, kind, points)
