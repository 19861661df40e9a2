"""Whole events session by session, the way the service runs them, on the pure core alone.

The service plans every session, seats the next one, and before each later session
re-seats the rest of the plan with `reseat` for who plays now (withdrawals §4.13,
disqualifications §4.11, late arrivals §3.7, neutral substitutes §4.15). These scenarios
replay that loop and check after every step what issue 5 asks for.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from judgeaid.tournament.seating import plan_event, plan_report, reseat


def teams_of(players: list[int], size: int, share: float) -> dict[int, str]:
    """Put the first `share` of the players into teams of `size` (§3.6)."""
    in_teams = int(len(players) * share) // size * size
    return {p: f"team {i // size}" for i, p in enumerate(players[:in_teams])}


def moved(old, new, gone) -> int:
    """Count staying players who no longer sit with the table-mates the old plan gave them."""
    total = 0
    for table in old:
        left = set(table) - set(gone)
        if left:
            total += len(left) - max(len(left & set(t)) for t in new)
    return total


def run_event(players, sessions, teams, changes, seed):
    """Seat an event session by session, applying `changes` {session: (out, in)} first."""
    plan = plan_event(players, sessions, seed, teams=teams)
    playing = set(players)
    steps = []
    for number in range(1, sessions + 1):
        out, new = changes.get(number, ((), ()))
        before = plan
        if out or new:
            plan = reseat(plan, number - 1, out, new, seed + number, teams=teams)
            playing = (playing - set(out)) | set(new)
        steps.append((number, before, plan, set(playing), out, new))
    return plan, steps


SCENARIOS = {
    # 40 players, teams of 4: two leave and a late arrival plus a substitute join (§3.7,
    # §4.15); before session 3 one is disqualified and another late arrival takes the seat.
    "40 x 4": (40, 4, 4, 0.5, {2: ((3, 22), (41, 42)), 3: ((17,), (43,))}),
    # 100 players: four withdraw before session 3, a whole table closes.
    "100 x 4": (100, 4, 4, 0.25, {3: ((1, 30, 60, 99), ())}),
    # 400 players over 8 sessions, half in teams of 8: 20 withdraw after session 4.
    "400 x 8": (400, 8, 8, 0.5, {5: (tuple(range(5, 401, 20)), ())}),
}


@pytest.mark.parametrize("name", SCENARIOS)
def test_changes_between_sessions_keep_every_property(name):
    count, sessions, size, share, changes = SCENARIOS[name]
    players = list(range(1, count + 1))
    teams = teams_of(players, size, share) | {p: "neutral" for p in (42,)}
    plan, steps = run_event(players, sessions, teams, changes, seed=count)

    for number, before, after, playing, out, new in steps:
        played = number - 1
        # Sessions already seated never move.
        assert after.sessions[:played] == before.sessions[:played]
        for session in after.sessions[played:]:
            seated = [p for table in session for p in table]
            assert sorted(seated) == sorted(playing)
            assert all(len(table) == 4 for table in session)
            assert not set(out) & set(seated)
        # Only what must change moves: newcomers take emptied seats, closed tables disperse.
        if out or new:
            limit = len(new) + 3 * (len(out) - len(new))
            assert moved(before.sessions[played], after.sessions[played], out) <= limit

    assert (plan.repeats, plan.team_clashes) == (0, 0)
    report = plan_report(plan, teams)
    assert report["zero_repeats_possible"] and report["repeated_pairs"] == []
    for row in report["opponents"]:
        assert len(row["opponents"]) == len(set(row["opponents"]))


def test_a_late_arrival_meets_only_new_opponents_and_no_team_mate():
    players = list(range(1, 33))
    teams = teams_of(players, 4, 1.0) | {33: "team 0"}
    plan, _ = run_event(players, 4, teams, {2: ((5,), (33,))}, seed=9)
    tables = [t for session in plan.sessions for t in session if 33 in t]
    assert len(tables) == 3
    mates = [p for t in tables for p in t if p != 33]
    assert len(mates) == len(set(mates)) == 9
    assert not [p for p in mates if teams.get(p) == "team 0"]


def test_re_seating_the_same_changes_gives_the_same_tables():
    players = list(range(1, 61))
    teams = teams_of(players, 4, 0.5)
    changes = {2: ((7, 8), (61, 62)), 4: ((9, 10, 11, 12), ())}
    first, _ = run_event(players, 4, teams, changes, seed=21)
    again, _ = run_event(players, 4, teams, changes, seed=21)
    assert first == again


def test_team_mates_never_share_a_table_in_any_session():
    players = list(range(1, 41))
    teams = teams_of(players, 4, 1.0)
    plan, _ = run_event(players, 4, teams, {2: ((1, 2), (41, 42))}, seed=4)
    for session in plan.sessions:
        for table in session:
            for a, b in combinations(table, 2):
                assert not (teams.get(a) and teams.get(a) == teams.get(b))
