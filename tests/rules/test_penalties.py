"""Penalty rubric, escalation ladder and choice checks (ZJM A.5, §4.11)."""

import pytest

from judgeaid.rules.zj.penalties import (
    CATEGORIES,
    CATEGORY_IDS,
    LADDER,
    PENALTY_KINDS,
    PriorPenalty,
    RepeatPolicy,
    check_choice,
    count_repeats,
    counts_for_resignation,
    departure_note,
    is_repeat_time_penalty,
    rubric_json,
    suggest_penalty,
)

TOURNAMENT = RepeatPolicy()
ANY_TOURNAMENT = RepeatPolicy(scope="any")
SESSION = RepeatPolicy(window="session")
ROUND = RepeatPolicy(window="round")


def prior(category, n=1, session=1, round=1, infraction=None):
    return [PriorPenalty(category, session=session, round=round, infraction=infraction)] * n


def test_rubric_lists_every_category_and_kind():
    assert CATEGORY_IDS == ("minor", "procedural", "competitive", "serious", "special")
    assert set(PENALTY_KINDS) == {
        "warning", "points", "dead_hand", "no_claims", "penalty_tiles", "correction",
        "turn_clock_15s", "round_loss", "disqualification", "resignation",
    }
    assert [s.label for s in LADDER] == [
        "Warning", "5 points", "10 points", "20 points", "40 points", "Disqualification",
    ]
    for category in CATEGORIES:
        assert category.infractions
        assert len({i.id for i in category.infractions}) == len(category.infractions)


@pytest.mark.parametrize(
    ("category", "earlier", "kind", "points", "step"),
    [
        ("minor", 0, "warning", 0, 0),
        ("minor", 1, "points", 5, 1),
        ("minor", 2, "points", 10, 2),
        ("minor", 5, "disqualification", 0, 5),
        ("minor", 9, "disqualification", 0, 5),
        ("procedural", 0, "points", 5, 1),
        ("procedural", 1, "points", 10, 2),
        ("procedural", 2, "points", 20, 3),
        ("procedural", 3, "points", 40, 4),
        ("procedural", 4, "disqualification", 0, 5),
        ("competitive", 0, "points", 20, 3),
        ("competitive", 1, "points", 40, 4),
        ("competitive", 2, "disqualification", 0, 5),
        ("serious", 0, "round_loss", 0, None),
        ("serious", 1, "disqualification", 0, 5),
    ],
)
def test_ladder_by_occurrence(category, earlier, kind, points, step):
    s = suggest_penalty(category, None, prior(category, earlier), TOURNAMENT)
    assert (s.kind, s.points, s.ladder_step, s.occurrence) == (kind, points, step, earlier + 1)


@pytest.mark.parametrize(
    ("category", "infraction", "earlier", "kind", "points"),
    [
        ("serious", "cheating", 0, "disqualification", 0),
        ("serious", "collusion", 0, "disqualification", 0),
        ("serious", "harassment", 0, "round_loss", 0),
        ("special", "score_recording_error", 0, "points", 5),
        ("special", "score_recording_error", 1, "points", 10),
        ("special", "tiles_disturbed_after_false_win", 0, "points", 10),
        ("special", "tiles_disturbed_after_false_win", 1, "points", 20),
        ("special", "tiles_disturbed_after_false_win", 2, "points", 40),
        ("special", "something written by the judge", 0, "points", 5),
    ],
)
def test_infractions_with_their_own_terms(category, infraction, earlier, kind, points):
    s = suggest_penalty(category, infraction, prior(category, earlier), TOURNAMENT)
    assert (s.kind, s.points) == (kind, points)


def test_explanation_reads_plainly():
    s = suggest_penalty("procedural", "meld_misplaced", prior("procedural"), TOURNAMENT)
    assert s.explanation == "2nd procedural violation this tournament → 10 points"
    s = suggest_penalty("minor", None, [], TOURNAMENT)
    assert s.explanation == "1st minor violation this tournament → warning"
    s = suggest_penalty("procedural", None, prior("minor", 2), ANY_TOURNAMENT)
    assert s.explanation == "3rd violation of any kind this tournament → 20 points"
    s = suggest_penalty("minor", None, prior("minor", 10), TOURNAMENT)
    assert s.explanation.startswith("11th minor violation")


def test_time_violations_follow_the_clock_not_the_ladder():
    s = suggest_penalty("special", "time_violation", prior("special", 3), TOURNAMENT)
    assert s.kind == "points" and s.ladder_step is None
    assert "15 seconds" in s.explanation and "80" in s.explanation
    timed = prior("special", 4, infraction="time_violation")
    assert count_repeats("procedural", timed, ANY_TOURNAMENT) == 0
    s = suggest_penalty("procedural", None, timed, ANY_TOURNAMENT)
    assert s.points == 5


HISTORY = [
    PriorPenalty("procedural", session=1, round=3),
    PriorPenalty("procedural", session=2, round=5),
    PriorPenalty("minor", session=2, round=5),
    PriorPenalty("procedural", session=2, round=6),
    PriorPenalty("competitive", session=3, round=1),
]


@pytest.mark.parametrize(
    ("policy", "session", "round", "earlier", "points"),
    [
        (RepeatPolicy("category", "tournament"), 2, 6, 3, 40),
        (RepeatPolicy("any", "tournament"), 2, 6, 5, 0),
        (RepeatPolicy("category", "session"), 2, 7, 2, 20),
        (RepeatPolicy("any", "session"), 2, 7, 3, 40),
        (RepeatPolicy("category", "round"), 2, 5, 1, 10),
        (RepeatPolicy("any", "round"), 2, 5, 2, 20),
        (RepeatPolicy("category", "round"), 2, 7, 0, 5),
        (RepeatPolicy("category", "session"), 4, 1, 0, 5),
    ],
)
def test_repeats_counted_by_policy(policy, session, round, earlier, points):
    assert count_repeats("procedural", HISTORY, policy, session=session, round=round) == earlier
    s = suggest_penalty("procedural", None, HISTORY, policy, session=session, round=round)
    assert s.occurrence == earlier + 1
    assert s.points == points


def test_default_policy_is_same_category_whole_tournament():
    s = suggest_penalty("procedural", None, HISTORY)
    assert s.occurrence == 4 and s.points == 40


@pytest.mark.parametrize("policy", [SESSION, ROUND])
def test_session_or_round_window_needs_the_current_position(policy):
    with pytest.raises(ValueError):
        suggest_penalty("minor", None, HISTORY, policy)


@pytest.mark.parametrize(
    "policy", [{"scope": "player"}, {"window": "day"}]
)
def test_unknown_policy_is_refused(policy):
    with pytest.raises(ValueError):
        RepeatPolicy(**policy)


@pytest.mark.parametrize(
    ("category", "earlier", "allowed"),
    [
        ("minor", 0, (0, 0)),
        ("minor", 1, (5, 5)),
        ("minor", 2, (5, 10)),
        ("procedural", 0, (5, 10)),
        ("procedural", 1, (10, 20)),
        ("procedural", 2, (10, 20)),
        ("procedural", 3, (10, 40)),
        ("competitive", 0, (20, 40)),
        ("competitive", 1, (20, 40)),
    ],
)
def test_allowed_range_grows_with_the_ladder(category, earlier, allowed):
    s = suggest_penalty(category, None, prior(category, earlier))
    assert s.allowed_range == allowed
    assert not s.is_beyond_rubric_for(allowed[1])
    assert s.is_beyond_rubric_for(allowed[1] + 1)


@pytest.mark.parametrize(
    ("category", "kind", "points", "occurrence", "codes"),
    [
        ("procedural", "points", 5, 1, []),
        ("procedural", "points", 10, 1, ["reason_required"]),
        ("procedural", "points", 20, 1, ["reason_required"]),
        ("procedural", "points", 20, 2, ["reason_required"]),
        ("procedural", "points", 40, 2, ["reason_required"]),
        ("procedural", "warning", 0, 1, ["reason_required"]),
        ("procedural", "penalty_tiles", 0, 1, ["reason_required"]),
        ("procedural", "round_loss", 0, 1, ["reason_required"]),
        ("procedural", "disqualification", 0, 5, []),
        ("minor", "warning", 0, 1, []),
        ("minor", "points", 5, 1, ["reason_required"]),
        ("minor", "points", 5, 2, []),
        ("competitive", "points", 40, 1, ["reason_required"]),
        ("competitive", "points", 60, 1, ["reason_required"]),
        ("competitive", "turn_clock_15s", 0, 1, ["reason_required"]),
        ("competitive", "disqualification", 0, 1, ["reason_required"]),
        ("serious", "round_loss", 0, 1, []),
        ("serious", "disqualification", 0, 1, ["reason_required"]),
        ("serious", "points", 100, 1, ["reason_required"]),
        ("special", "points", 0, 1, ["points_missing", "reason_required"]),
        ("special", "correction", 5, 1, ["points_with_other_kind", "reason_required"]),
        ("special", "points", -5, 1, ["negative_points", "reason_required"]),
        ("unknown", "points", 5, 1, ["unknown_category"]),
        ("minor", "ban", 0, 1, ["unknown_kind"]),
    ],
)
def test_check_choice(category, kind, points, occurrence, codes):
    problems = check_choice(category, kind, points, occurrence=occurrence)
    assert [p.code for p in problems] == codes
    if "reason_required" in codes:
        with_reason = check_choice(
            category, kind, points, occurrence=occurrence, reason="see ruling"
        )
        assert [p.code for p in with_reason] == [c for c in codes if c != "reason_required"]


@pytest.mark.parametrize(
    ("infraction", "kind", "points", "codes"),
    [
        ("time_violation", "points", 25, []),
        ("time_violation", "points", 85, []),
        ("time_violation", "points", 12, ["time_points_step"]),
        ("time_violation", "resignation", 0, ["reason_required"]),
        ("timeout_or_late", "points", 50, []),
        ("score_recording_error", "points", 10, ["reason_required"]),
        ("score_recording_error", "points", 20, ["reason_required"]),
        ("tiles_disturbed_after_false_win", "points", 20, ["reason_required"]),
        ("tiles_disturbed_after_false_win", "points", 30, ["reason_required"]),
    ],
)
def test_check_choice_special_cases(infraction, kind, points, codes):
    problems = check_choice("special", kind, points, infraction=infraction)
    assert [p.code for p in problems] == codes


def test_going_beyond_the_rubric_needs_only_a_reason_naming_the_range():
    # A.5.6, A.5.7: any judge may go above the rubric's range, with a written reason
    (problem,) = check_choice("procedural", "points", 30)
    assert problem.code == "reason_required"
    assert "beyond the rubric's 5–10 points" in problem.message and "A.5.7" in problem.message
    assert check_choice("procedural", "points", 30, reason="tiles thrown on purpose") == []
    assert check_choice("competitive", "disqualification", 0, reason="third warning") == []


@pytest.mark.parametrize(
    ("category", "infraction", "earlier", "kind", "points", "departs"),
    [
        ("procedural", None, 0, "points", 5, False),
        ("procedural", None, 0, "points", 10, True),   # above, within the range
        ("procedural", None, 0, "points", 40, True),   # above the range
        ("procedural", None, 1, "points", 5, True),    # below the suggested 10
        ("procedural", None, 0, "warning", 0, True),   # below
        ("minor", None, 0, "warning", 0, False),
        ("serious", "cheating", 0, "disqualification", 0, False),
        ("serious", "cheating", 0, "round_loss", 0, True),
        ("special", "time_violation", 0, "points", 85, False),  # the clock sets the points
        ("special", "time_violation", 0, "resignation", 0, True),
    ],
)
def test_departure_from_the_suggestion(category, infraction, earlier, kind, points, departs):
    s = suggest_penalty(category, infraction, prior(category, earlier))
    assert s.is_departure(kind, points) is departs


def test_departure_note_says_what_was_suggested_and_why():
    assert departure_note("points", 10, "deliberate") == (
        "departs from the suggested 10 points: deliberate")
    assert departure_note("warning", 0, "first event") == (
        "departs from the suggested warning: first event")


@pytest.mark.parametrize(("category", "infraction", "counts"), [
    ("special", "time_violation", True),
    ("special", "timeout_or_late", False),   # §4.14 is per session: our reading
    ("procedural", "play_delayed", False),
    ("special", "own words", False),
])
def test_only_turn_and_round_time_limit_points_count_for_resignation(category, infraction,
                                                                      counts):
    assert counts_for_resignation(category, infraction) is counts


def test_rubric_json_is_plain_data():
    data = rubric_json()
    assert [c["id"] for c in data["categories"]] == list(CATEGORY_IDS)
    assert data["ladder"][-1]["kind"] == "disqualification"
    assert {k["id"] for k in data["kinds"]} == set(PENALTY_KINDS)


TIME = ("special", "time_violation")
TIMEOUT = ("special", "timeout_or_late")
SLIP = ("procedural", "tiles_mishandled")


@pytest.mark.parametrize(("new", "earlier", "repeat"), [
    ((TIME, 1, 3), (TIME, 1, 3), True),
    ((TIME, 1, 3), (TIMEOUT, 1, 3), True),
    ((TIME, 1, 3), (TIME, 1, 4), False),
    ((TIME, 1, 3), (TIME, 2, 3), False),
    ((TIME, 1, 3), (SLIP, 1, 3), False),
    ((SLIP, 1, 3), (TIME, 1, 3), False),
    ((TIME, 1, None), (TIME, 1, None), False),
])
def test_a_second_time_penalty_in_one_round_is_a_repeat(new, earlier, repeat):
    def penalty(spec):
        (category, infraction), session, round_ = spec
        return PriorPenalty(category, infraction=infraction, session=session, round=round_)

    assert is_repeat_time_penalty(penalty(new), penalty(earlier)) is repeat
