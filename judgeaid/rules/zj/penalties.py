"""Penalty rubric, escalation ladder and penalty suggestions (ZJM A.5, §4.11)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar

from judgeaid.rules import rubric
from judgeaid.rules.rubric import Categories, Problem, kind_phrase
from judgeaid.rules.rubric import ordinal as _ordinal
from judgeaid.rules.ruleset import PriorPenalty, RepeatPolicy

PENALTY_KINDS: tuple[str, ...] = (
    "warning",
    "points",
    "dead_hand",
    "no_claims",
    "penalty_tiles",
    "correction",
    "turn_clock_15s",
    "round_loss",
    "disqualification",
    "resignation",
)

KIND_LABELS: dict[str, str] = {
    "warning": "Warning",
    "points": "Penalty points",
    "dead_hand": "Dead hand (cannot win this round)",
    "no_claims": "No claims for the rest of the round",
    "penalty_tiles": "Penalty tiles",
    "correction": "Correction of the irregularity",
    "turn_clock_15s": "15-second turn clock",
    "round_loss": "Loss of the round",
    "disqualification": "Disqualification",
    "resignation": "Resigned from the tournament",
}

# §1.8, §4.11: a dead hand may not win the round it was ruled for, whatever the entry
LOSES_WIN_KINDS: frozenset[str] = frozenset({"dead_hand"})

# §4.11: these put right what chapter 1 prescribes; they are not graded by the rubric's severity
RULE_CONSEQUENCE_KINDS = frozenset({"correction", "penalty_tiles", "dead_hand", "no_claims"})

@dataclass(frozen=True)
class LadderStep:
    """One rung of the A.5.6 escalation ladder."""

    kind: str
    points: int
    label: str


# A.5.6 example progression
LADDER: tuple[LadderStep, ...] = (
    LadderStep("warning", 0, "Warning"),
    LadderStep("points", 5, "5 points"),
    LadderStep("points", 10, "10 points"),
    LadderStep("points", 20, "20 points"),
    LadderStep("points", 40, "40 points"),
    LadderStep("disqualification", 0, "Disqualification"),
)
LADDER_TOP = len(LADDER) - 1


@dataclass(frozen=True)
class Infraction:
    """An example infraction from the rubric, with any terms of its own."""

    id: str
    label: str
    section: str
    first_range: tuple[int, int] | None = None
    repeated_range: tuple[int, int] | None = None
    entry_step: int | None = None
    opening_kind: str | None = None
    kinds: tuple[str, ...] = ()
    is_timed: bool = False
    # §1.9: only turn and round time-limit points count towards the 80-point resignation
    counts_for_resignation: bool = False
    # §1.8, §4.11: the offender's hand is dead in the round this was ruled for (the card
    # refuses them as that round's winner until the penalty is struck out)
    loses_win: bool = False
    # §4.11: what chapter 1 itself prescribes for this irregularity (penalty tiles, a dead
    # hand): suggested as it stands, never graded by the ladder, and never a repeat
    rule_kind: str | None = None


@dataclass(frozen=True)
class Category:
    """A rubric category with its usual penalties and example infractions."""

    id: str
    title: str
    summary: str
    typical: str
    section: str
    first_range: tuple[int, int]
    repeated_range: tuple[int, int]
    entry_step: int | None
    kinds: tuple[str, ...]
    infractions: tuple[Infraction, ...]


CATEGORIES: tuple[Category, ...] = (
    Category(
        id="minor",
        title="Minor irregularity",
        summary="Accidental, small slips that barely affect the game.",
        typical="A spoken warning and an instruction to put it right; 5 points once repeated.",
        section="A.5.1",
        first_range=(0, 0),
        repeated_range=(5, 5),
        entry_step=0,
        kinds=(),
        infractions=(
            Infraction("loud_or_distracting", "Talking loudly or distracting the table", "A.5.1"),
            Infraction("discard_misplaced", "Discard put in the wrong spot of the river", "A.5.1"),
            Infraction("brief_delay", "Holding up play for a short moment", "A.5.1"),
            Infraction("slip_fixed_at_once", "Small procedural slip fixed straight away", "A.5.1"),
        ),
    ),
    Category(
        id="procedural",
        title="Procedural violation",
        summary="Mistakes that affect the round without giving a big advantage.",
        typical="5 to 10 points; 10 to 20 points once repeated.",
        section="A.5.2",
        first_range=(5, 10),
        repeated_range=(10, 20),
        entry_step=1,
        kinds=("turn_clock_15s",),
        infractions=(
            Infraction("declaration_corrected", "Wrong call that was then put right", "A.5.2"),
            Infraction("meld_misplaced", "Melded set laid out in the wrong place", "A.5.2"),
            Infraction("tiles_mishandled", "Tiles handled the wrong way", "A.5.2"),
            Infraction("play_delayed", "Play held up past the time limits", "A.5.2"),
            Infraction("tiles_revealed", "Own tiles shown by accident", "A.5.2"),
        ),
    ),
    Category(
        id="competitive",
        title="Competitive violation",
        summary="Behaviour that undermines fair play or the event's integrity.",
        typical=(
            "20 to 40 points; the judge may add a 15-second turn clock or limit what the "
            "player may do for the rest of the round."
        ),
        section="A.5.3",
        first_range=(20, 40),
        repeated_range=(20, 40),
        entry_step=3,
        kinds=("turn_clock_15s",),
        infractions=(
            Infraction("stalling", "Stalling far too much", "A.5.3"),
            Infraction("repeated_wrong_claims", "Making wrong claims again and again", "A.5.3"),
            Infraction(
                "tiles_touched_after_win_call", "Touching tiles after a win was called", "A.5.3"
            ),
            Infraction("score_check_disrupted", "Getting in the way of the score check", "A.5.3"),
            Infraction("judge_ignored", "Not doing what the judge said", "A.5.3"),
        ),
    ),
    Category(
        id="serious",
        title="Serious violation",
        summary="Deliberate acts that damage the tournament itself.",
        typical="Loss of the round, disqualification, or even a ban from the event.",
        section="A.5.4",
        first_range=(40, 40),
        repeated_range=(40, 40),
        entry_step=None,
        kinds=("round_loss", "disqualification"),
        infractions=(
            # §4.11 names cheating and collusion as grounds for disqualification
            Infraction(
                "cheating",
                "Cheating or tampering with tiles",
                "A.5.4",
                opening_kind="disqualification",
            ),
            Infraction(
                "collusion",
                "Players working together against the others",
                "A.5.4",
                opening_kind="disqualification",
            ),
            Infraction("rule_abuse", "Twisting the rules on purpose", "A.5.4"),
            Infraction("ruling_refused", "Refusing to accept a ruling", "A.5.4"),
            Infraction("harassment", "Harassing or abusing someone", "A.5.4"),
        ),
    ),
    Category(
        id="special",
        title="Special case",
        summary="Cases whose penalty the rules already fix.",
        typical=(
            "Time: 5 points per started 15 seconds over; more than 80 in a round and the "
            "player is out of the tournament unless the judge accepts their explanation. "
            "Late-found scoring mistakes: correct, plus 5 to 10 points. "
            "Disturbing tiles after a false win: 10 to 20 points."
        ),
        section="A.5.5",
        first_range=(5, 10),
        repeated_range=(10, 20),
        entry_step=1,
        kinds=(),
        infractions=(
            Infraction(
                "time_violation",
                "Over the turn or round time limit",
                "1.9",
                kinds=("resignation", "turn_clock_15s"),
                is_timed=True,
                counts_for_resignation=True,
            ),
            Infraction(
                "score_recording_error",
                "Wrong score on the card, found later",
                "A.5.5",
                first_range=(5, 10),
                repeated_range=(5, 10),
                entry_step=1,
            ),
            Infraction(
                "tiles_disturbed_after_false_win",
                "Tiles disturbed after a false win",
                "A.5.5",
                first_range=(10, 20),
                repeated_range=(10, 20),
                entry_step=2,
            ),
            # not rubric examples: what chapter 1 prescribes, so a judge records it from the
            # round it happened in (the card's round form) and the card knows a dead hand
            Infraction(
                "false_win",
                "False win: Mahjong called on a hand that does not win",
                "1.4.6",
                rule_kind="penalty_tiles",
            ),
            Infraction(
                "dead_hand",
                "Dead hand: may not win, claim or declare kong this round",
                "1.8",
                rule_kind="dead_hand",
                loses_win=True,
            ),
            Infraction(
                "long_short_hand",
                "Long or short hand found after the first discard",
                "1.8",
                rule_kind="dead_hand",
                loses_win=True,
            ),
            # not a rubric example: §4.14 prices time-outs and lateness by the clock as well
            Infraction(
                "timeout_or_late",
                "Time-out overrun or late arrival",
                "4.14",
                kinds=("resignation",),
                is_timed=True,
            ),
        ),
    ),
)

CATEGORY_IDS: tuple[str, ...] = tuple(c.id for c in CATEGORIES)
# A.5.5 time penalties follow the clock, so they do not climb the ladder: repeats skip them
_CATEGORIES = Categories(CATEGORIES, "penalty category",
                         skip=lambda prior: _is_timed(prior.category, prior.infraction)
                         or _rule_kind(prior.category, prior.infraction) is not None)
# get_category(id) raises ValueError for no such category; find_infraction(category, id)
# is None for the judge's own words
get_category = _CATEGORIES.get
find_infraction = _CATEGORIES.find


DEFAULT_POLICY = rubric.DEFAULT_POLICY


@dataclass(frozen=True)
class Suggestion(rubric.Suggestion):
    """The penalty the rubric suggests, with the range a floor judge may choose from."""

    kind_labels: ClassVar[Mapping[str, str]] = KIND_LABELS

    def is_beyond_rubric(self, kind: str, points: int = 0) -> bool:
        """Return whether this kind and number of points go beyond the rubric's range."""
        if kind == "points":
            return self.is_beyond_rubric_for(points)
        if kind == "warning" or kind in RULE_CONSEQUENCE_KINDS:
            return False
        return kind not in self.allowed_kinds

    def is_departure(self, kind: str, points: int = 0) -> bool:
        """Return whether a judge's choice departs from this suggestion (A.5.6, A.5.7).

        A time penalty's points come from the clock (§1.9, §4.14), so any number of them is
        the suggestion; only another kind departs from it.
        """
        if _is_timed(self.category, self.infraction):
            return kind != "points"
        return kind != self.kind or (kind == "points" and points != self.points)


def suggest_penalty(
    category: str,
    infraction: str | None,
    history: Sequence[PriorPenalty] = (),
    policy: RepeatPolicy = DEFAULT_POLICY,
    *,
    session: int | None = None,
    round: int | None = None,
) -> Suggestion:
    """Suggest the next penalty for a player from their earlier penalties."""
    earlier = count_repeats(category, history, policy, session=session, round=round)
    suggestion = _suggest_for(category, infraction, earlier + 1)
    if suggestion.ladder_step is None and (suggestion.kind == "points"
                                           or _rule_kind(category, infraction) is not None):
        return suggestion
    lead = f"{_ordinal(earlier + 1)} {_violation_phrase(category, policy)}"
    return replace(suggestion, explanation=f"{lead} → {suggestion.label}")


# count_repeats(category, history, policy, *, session, round): the earlier penalties that
# make a new one a repeat under the event's setting
count_repeats = _CATEGORIES.count_repeats


def is_repeat_time_penalty(new: PriorPenalty, earlier: PriorPenalty) -> bool:
    """Return whether an earlier penalty is a time penalty for the same round as the new one.

    Our reading of §1.9: each overrun is charged once, so a second time penalty in the same
    round is either a double charge or a second overrun (turn and round limits add up,
    §1.9.2), which only the judge can tell, so it is confirmed before it is recorded.
    """
    if new.round is None or new.session is None:
        return False
    return (_is_timed(new.category, new.infraction)
            and _is_timed(earlier.category, earlier.infraction)
            and (earlier.session, earlier.round) == (new.session, new.round))


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

    The rubric suggests and never forbids: any judge may go above or below it (A.5.6 leaves
    escalation to the judge, A.5.7 lets judges give penalties it does not list, §4.11 says
    the judge determines the penalty), so the only condition is a written reason. The head
    judge reviews departures and decides appeals finally (§4.3, §4.11).
    """
    unknown = rubric.unknown_choice(category, chosen_kind, _CATEGORIES, PENALTY_KINDS,
                                    no_category="There is no penalty category {!r}.",
                                    no_kind="There is no penalty kind {!r}.")
    if unknown:
        return unknown
    problems = rubric.point_problems(chosen_kind, chosen_points, occurrence,
                                     missing="Enter how many penalty points to give.")
    suggestion = _suggest_for(category, infraction, occurrence)
    if _is_timed(category, infraction) and chosen_kind == "points" and chosen_points % 5:
        problems.append(
            Problem("time_points_step", "Time penalties come in steps of 5 points (§1.9, §4.14).")
        )
    if suggestion.is_departure(chosen_kind, chosen_points) and not reason.strip():
        beyond = suggestion.is_beyond_rubric(chosen_kind, chosen_points)
        where = f" (beyond the rubric's {_range_phrase(suggestion)})" if beyond else ""
        problems.append(
            Problem(
                "reason_required",
                f"Give a reason for choosing {_kind_phrase(chosen_kind, chosen_points)}{where} "
                f"instead of the suggested {suggestion.label}: any judge may depart from the "
                "rubric with a written reason (A.5.6, A.5.7).",
            )
        )
    return problems


def departure_note(suggested_kind: str, suggested_points: int, reason: str) -> str:
    """Return how the ruling log marks a departure from the rubric's suggestion."""
    return f"departs from the suggested {_kind_phrase(suggested_kind, suggested_points)}: {reason}"


def loses_win(category: str, infraction: str | None, kind: str) -> bool:
    """Return whether a penalty makes the offender's hand dead for its round (§1.8, §4.11):
    the judge chose a dead hand, or its rubric entry carries the flag."""
    if kind in LOSES_WIN_KINDS:
        return True
    try:
        example = find_infraction(category, infraction)
    except ValueError:
        return False
    return example is not None and example.loses_win


def counts_for_resignation(category: str, infraction: str | None) -> bool:
    """Return whether a penalty's points count towards the 80-point limit of a round (§1.9).

    §1.9 counts the points a player is given in one round for breaking the time limits: the
    turn and round limits of §1.9.1/§1.9.2. Our reading: §4.14 time-outs and late arrival are
    priced per session, not per round, so their points do not count.
    """
    example = find_infraction(category, infraction) if category in _CATEGORIES else None
    return example is not None and example.counts_for_resignation


def rubric_json() -> dict:
    """Return the rubric, ladder and penalty kinds as JSON-ready data."""
    return {
        "ladder": [
            {"step": i, "kind": s.kind, "points": s.points, "label": s.label}
            for i, s in enumerate(LADDER)
        ],
        "kinds": [{"id": k, "label": KIND_LABELS[k]} for k in PENALTY_KINDS],
        "categories": [
            {
                "id": c.id,
                "title": c.title,
                "summary": c.summary,
                "typical": c.typical,
                "section": c.section,
                "first_range": list(c.first_range),
                "repeated_range": list(c.repeated_range),
                "kinds": list(c.kinds),
                "infractions": [
                    {"id": i.id, "label": i.label, "section": i.section} for i in c.infractions
                ],
            }
            for c in CATEGORIES
        ],
    }


def _suggest_for(category: str, infraction: str | None, occurrence: int) -> Suggestion:
    cat = get_category(category)
    example = find_infraction(category, infraction)
    if example is not None and example.is_timed:
        return _timed_suggestion(category, example, occurrence)
    if example is not None and example.rule_kind is not None:
        return _rule_suggestion(category, example, occurrence)
    first = (example and example.first_range) or cat.first_range
    repeated = (example and example.repeated_range) or cat.repeated_range
    low, high = first if occurrence == 1 else repeated
    kinds = cat.kinds + (example.kinds if example else ())
    notes: list[str] = []
    entry = example.entry_step if example and example.entry_step is not None else cat.entry_step
    if entry is None:
        # A.5.4 lists round loss, disqualification and a ban, no points; the order (the round
        # first, then disqualification) is the app's suggestion
        opening = (example and example.opening_kind) or "round_loss"
        kind = opening if occurrence == 1 else "disqualification"
        step = LADDER_TOP if kind == "disqualification" else None
        points = 0
        notes.append("A serious case can also bar the player from future events (§4.11).")
    else:
        # A.5.6 escalation: one rung up the ladder for each counted repeat
        step = min(entry + occurrence - 1, LADDER_TOP)
        rung = LADDER[step]
        kind, points = rung.kind, rung.points
        if rung.kind == "points":
            high = max(high, rung.points)
        elif rung.kind == "disqualification":
            kinds += ("disqualification",)
    if kind == "disqualification":
        notes.append("The head judge has the final say on a disqualification (§4.11).")
    if cat.id == "competitive":
        notes.append(
            "The judge may also put the player on a 15-second turn clock or stop them "
            "claiming for the rest of the round (A.5.3)."
        )
    if infraction == "score_recording_error":
        notes.append("Fix the score on the card first if that is still possible (A.5.5).")
    return Suggestion(
        category=category,
        infraction=infraction,
        occurrence=occurrence,
        kind=kind,
        points=points,
        ladder_step=step,
        allowed_range=(low, high),
        allowed_kinds=tuple(dict.fromkeys(kinds)),
        explanation=_kind_phrase(kind, points),
        notes=tuple(notes),
    )


def _timed_suggestion(category: str, example: Infraction, occurrence: int) -> Suggestion:
    if example.id == "time_violation":
        explanation = (
            "Time violation → points from the play timer: 5 for each started 15 seconds "
            "over the limit; more than 80 in one round and the player is out of the "
            "tournament unless the judge accepts their explanation (§1.9, §4.11)."
        )
    else:
        explanation = (
            "Time-out or late arrival → 5 points for each started 30 seconds beyond the "
            "free time; more than 5 minutes late may be ruled absent (§4.14)."
        )
    return Suggestion(
        category=category,
        infraction=example.id,
        occurrence=occurrence,
        kind="points",
        points=0,
        ladder_step=None,
        allowed_range=(5, None),
        allowed_kinds=example.kinds,
        explanation=explanation,
    )


def _rule_suggestion(category: str, example: Infraction, occurrence: int) -> Suggestion:
    """Suggest what chapter 1 prescribes (§4.11): penalty tiles or a dead hand, no points."""
    kind = example.rule_kind
    notes = ()
    if example.id == "false_win":
        notes = ("Play carries on; every tile the caller showed becomes a penalty tile (§1.4.6, "
                 "§1.7). Anyone who disturbed the tiles meanwhile: 10 to 20 points (A.5.5).",)
    elif kind == "dead_hand":
        notes = ("The player plays on but may not win, claim or declare kong this round; the "
                 "card refuses them as its winner (§1.8).",)
    return Suggestion(
        category=category,
        infraction=example.id,
        occurrence=occurrence,
        kind=kind,
        points=0,
        ladder_step=None,
        allowed_range=(0, 0),
        allowed_kinds=(kind,),
        explanation=f"{example.label} → {_kind_phrase(kind, 0)} (§{example.section}, §4.11)",
        notes=notes,
    )


def _rule_kind(category: str, infraction: str | None) -> str | None:
    example = find_infraction(category, infraction) if category in _CATEGORIES else None
    return example.rule_kind if example is not None else None


def _is_timed(category: str, infraction: str | None) -> bool:
    example = find_infraction(category, infraction) if category in _CATEGORIES else None
    return example is not None and example.is_timed


def _violation_phrase(category: str, policy: RepeatPolicy) -> str:
    window = f"this {policy.window}"
    if policy.scope == "any":
        return f"violation of any kind {window}"
    return f"{category} violation {window}"


def _kind_phrase(kind: str, points: int) -> str:
    return kind_phrase(KIND_LABELS, kind, points)


def _range_phrase(suggestion: Suggestion) -> str:
    low, high = suggestion.allowed_range
    if high is None:
        return f"{low} points or more, set by the clock"
    points = f"{low} points" if low == high else f"{low}–{high} points"
    if low == 0 and high == 0:
        points = "a warning"
    extras = [KIND_LABELS[k].lower() for k in suggestion.allowed_kinds]
    return ", ".join([points, *extras])
