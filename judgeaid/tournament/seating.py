"""Table assignment for the sessions of an event: tables of four, team-mates apart, few repeats.

A plan seats every player at a table of four in every session. Its quality is measured by
`repeats`, the number of pairings beyond the first (a pair meeting three times counts 2),
and `team_clashes`, the number of times two team-mates share a table. Team clashes
are avoided first, then repeats; whenever a plan with neither exists for the sizes in the
targets (see DESIGN.md and issue 5) the search finds one.

How a plan is made:

1. A construction that is repeat-free by design, when nothing has been played yet: players
   fill a 4 x g grid (g tables) whose rows never meet (the rows of "fixed nodes"), and
   team-mates are packed into one row. Table j of session k holds the cells (r, j + k*r),
   computed in the field GF(g) when g is a prime power (g sessions; for g = 4 the rows
   make a fifth, which is the affine plane AG(2, 4)) and mod g otherwise (fewer sessions).
2. A greedy start for every other session: each table takes, in a seeded random order, the
   first player who has met nobody at it and is nobody's team-mate there.
3. A tabu search over swaps of two players in one session, aimed at the pairs that repeat
   or clash. When re-seating, moving a player also costs a little, so the search changes as
   few seats as it can.

Everything is driven by `random.Random(seed)` and list order only, never by hashing or the
clock, so a seed reproduces its plan exactly. Steps 1 to 3 live in
`judgeaid.tournament.seat_search`; this module checks the input, bounds and reports a plan.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from judgeaid.tournament.seat_search import TABLE_SIZE, Search, construct

OPPONENTS_PER_SESSION = TABLE_SIZE - 1

Table = tuple[int, ...]
Session = tuple[Table, ...]

# How much search a plan may spend, in swaps evaluated: about 1 s of CPython when the
# bound cannot be reached; the sizes in the targets reach zero repeats far earlier.
_EVALUATION_BUDGET = 1_000_000
_RESEAT_BUDGET = 500_000
# Distinct pairs left uncovered between two sessions of the same g tables when g < 4: each
# table of the later session holds at least this many pairs from one earlier table.
_MIN_OVERLAP = {1: 6, 2: 2, 3: 1}


@dataclass(frozen=True)
class Plan:
    """The tables of every session of an event and how good they are.

    `sessions[i][t]` is table t + 1 of session i + 1: four player ids, sorted. Sessions that
    were already played are kept exactly as they were given, in their given order.
    `repeats` counts pairings beyond each pair's first; `lower_bound` is a proven minimum of
    `repeats` for these players and sessions (see `repeat_lower_bound`).
    """

    sessions: tuple[Session, ...]
    repeats: int
    team_clashes: int
    lower_bound: int

    @property
    def is_optimal(self) -> bool:
        """Return whether no plan for these players and sessions can have fewer repeats."""
        return self.repeats == self.lower_bound

    @property
    def players(self) -> tuple[int, ...]:
        """Return every player seated in any session, sorted."""
        return tuple(sorted({p for session in self.sessions for t in session for p in t}))

    def table_of(self, session_index: int, player: int) -> int | None:
        """Return the 0-based table index of a player in a session, or None if absent."""
        for index, table in enumerate(self.sessions[session_index]):
            if player in table:
                return index
        return None

    def opponents(self, player: int) -> tuple[int, ...]:
        """Return every player this player meets in the plan, sorted, each once."""
        met = {p for session in self.sessions for t in session if player in t for p in t}
        met.discard(player)
        return tuple(sorted(met))


# --- bounds -----------------------------------------------------------------------------


def check_player_count(count: int) -> None:
    """Raise ValueError unless the players fill tables of four exactly."""
    if count <= 0:
        raise ValueError("no players: at least 4 are needed to seat a table")
    short = -count % TABLE_SIZE
    if short:
        extra = TABLE_SIZE - short
        noun = "substitute" if short == 1 else "substitutes"
        # neutral substitutes may fill empty seats
        raise ValueError(
            f"{count} players: add {short} neutral {noun} or remove {extra}"
        )


def max_repeat_free_sessions(players: int) -> int:
    """Return an upper bound on how many sessions these players can play with no repeat."""
    if players < 4 * TABLE_SIZE:
        # With fewer than four tables a second session must put two of some earlier table's
        # players together again (pigeonhole); 4 players have only one table.
        return 1
    # Each session gives each player 3 new opponents out of players - 1.
    return (players - 1) // OPPONENTS_PER_SESSION


def repeat_lower_bound(players: int, sessions: int) -> int:
    """Return a proven minimum of repeated pairings for players x sessions."""
    everyone = frozenset(range(players))
    return _lower_bound([everyone] * sessions)


def _lower_bound(session_players: Sequence[frozenset[int]]) -> int:
    """Return a proven minimum of repeats for sessions seating these sets of players.

    repeats = meetings - distinct pairs, and the meetings are fixed (6 per table), so any
    upper bound on the distinct pairs that can be met gives a lower bound on repeats:
    - pairs: at most C(n, 2) over the n players who ever play;
    - players: player p meets at most min(3 * sessions played, others present) people;
    - sessions: with g < 4 tables, a session seating the same players as the one before adds at
      most 6g - g * _MIN_OVERLAP[g] new pairs.
    """
    if not session_players:
        return 0
    meetings = sum(len(s) // TABLE_SIZE * 6 for s in session_players)
    everyone = frozenset().union(*session_players)
    n = len(everyone)
    pair_cap = n * (n - 1) // 2

    presence: dict[tuple[int, ...], list[int]] = {}
    for p in sorted(everyone):
        key = tuple(i for i, s in enumerate(session_players) if p in s)
        presence.setdefault(key, []).append(p)
    player_cap = 0
    for key, members in presence.items():
        present = len(frozenset().union(*(session_players[i] for i in key)))
        player_cap += len(members) * min(present - 1, OPPONENTS_PER_SESSION * len(key))
    player_cap //= 2

    session_cap = 0
    previous: frozenset[int] | None = None
    for current in session_players:
        tables = len(current) // TABLE_SIZE
        session_cap += 6 * tables
        if current == previous:
            session_cap -= tables * _MIN_OVERLAP.get(tables, 0)
        previous = current
    return max(0, meetings - min(pair_cap, player_cap, session_cap))


# --- plan ---------------------------------------------------------------------------------


def plan_event(
    players: Sequence[int],
    sessions: int,
    seed: int,
    teams: Mapping[int, str | None] | None = None,
    played: Sequence[Sequence[Sequence[int]]] = (),
) -> Plan:
    """Seat players at tables of four for every session of an event."""
    ids = sorted(set(players))
    if len(ids) != len(players):
        raise ValueError("a player is listed twice")
    check_player_count(len(ids))
    if sessions < 1:
        raise ValueError("an event needs at least one session")
    if len(played) > sessions:
        raise ValueError(f"{len(played)} sessions played but only {sessions} planned")
    fixed = [_checked_session(session, i) for i, session in enumerate(played)]

    everyone = sorted(set(ids).union(p for session in fixed for t in session for p in t))
    index = {p: i for i, p in enumerate(everyone)}
    rng = random.Random(seed)
    search = Search(
        n=len(everyone),
        team_of=_team_indices(everyone, teams),
        sessions=[[[index[p] for p in t] for t in session] for session in fixed],
        rng=rng,
    )
    planned = [index[p] for p in ids]
    to_plan = sessions - len(fixed)
    built = construct(planned, to_plan, search.team_of, rng) if not fixed else []
    for session in built:
        search.add_session(session)
    for _ in range(to_plan - len(built)):
        search.add_session(search.greedy_session(planned))

    search.run(_EVALUATION_BUDGET, _lower_bound(_player_sets(search.sessions)))

    new_sessions = tuple(
        _ordered_session([[everyone[i] for i in t] for t in session])
        for session in search.sessions[len(fixed):]
    )
    given = tuple(tuple(tuple(t) for t in session) for session in fixed)
    return _make_plan(given + new_sessions, teams)


def reseat(
    plan: Plan,
    played_sessions: int,
    remove: Iterable[int],
    add: Iterable[int],
    seed: int,
    teams: Mapping[int, str | None] | None = None,
) -> Plan:
    """Re-seat the unplayed sessions after withdrawals and arrivals, moving few players."""
    removed = sorted(set(remove))
    added = sorted(set(add))
    if not 0 <= played_sessions <= len(plan.sessions):
        raise ValueError(f"played_sessions must be between 0 and {len(plan.sessions)}")
    if set(removed) & set(added):
        raise ValueError("a player cannot be both removed and added")
    open_sessions = plan.sessions[played_sessions:]
    if not open_sessions:
        if removed or added:
            raise ValueError("every session has been played; there is nothing to re-seat")
        return plan
    for i, session in enumerate(open_sessions, start=played_sessions + 1):
        seated = {p for t in session for p in t}
        missing = [p for p in removed if p not in seated]
        if missing:
            raise ValueError(f"player {missing[0]} is not seated in session {i}")
        already = [p for p in added if p in seated]
        if already:
            raise ValueError(f"player {already[0]} is already seated in session {i}")
        check_player_count(len(seated) - len(removed) + len(added))

    everyone = sorted(set(plan.players).union(added))
    index = {p: i for i, p in enumerate(everyone)}
    rng = random.Random(seed)
    team_of = _team_indices(everyone, teams)
    search = Search(
        n=len(everyone),
        team_of=team_of,
        sessions=[[[index[p] for p in t] for t in s] for s in plan.sessions[:played_sessions]],
        rng=rng,
        move_cost=1,
    )
    gone = {index[p] for p in removed}
    newcomers = [index[p] for p in added]
    for session in open_sessions:
        tables = [[index[p] for p in t if index[p] not in gone] for t in session]
        search.add_session(search.refill(tables, newcomers), keep_origin=True)

    search.run(_RESEAT_BUDGET, _lower_bound(_player_sets(search.sessions)))
    search.settle()

    kept = tuple(plan.sessions[:played_sessions])
    redone = tuple(
        tuple(tuple(sorted(everyone[i] for i in t)) for t in session)
        for session in search.sessions[played_sessions:]
    )
    return _make_plan(kept + redone, teams)


def check_swap(
    plan: Plan,
    session_index: int,
    a: int,
    b: int,
    teams: Mapping[int, str | None] | None = None,
    team_section: str = "",
) -> list[str]:
    """Warn in plain English about repeats and team clashes a swap of a and b would create;
    a team clash cites `team_section` (the event's rule for team-mates, "" for none)."""
    table_a, table_b = _swap_tables(plan, session_index, a, b)
    session = plan.sessions[session_index]
    number = session_index + 1
    if table_a == table_b:
        return [f"Players {a} and {b} already share table {table_a + 1} in session {number}; "
                "swapping them changes nothing."]
    warnings = []
    moves = ((a, table_b, b), (b, table_a, a))
    for mover, table, leaver in moves:
        for other in session[table]:
            if other == leaver:
                continue
            also = [i + 1 for i, s in enumerate(plan.sessions)
                    if i != session_index and any(mover in t and other in t for t in s)]
            if also:
                where = ", ".join(str(i) for i in also)
                label = "session" if len(also) == 1 else "sessions"
                warnings.append(
                    f"Players {mover} and {other} would meet again at table {table + 1} of "
                    f"session {number}; they also meet in {label} {where}."
                )
            team = _team(teams, mover)
            if team is not None and team == _team(teams, other):
                # team-mates apart
                warnings.append(
                    f"Players {mover} and {other} are team-mates ({team}) and would share "
                    f"table {table + 1} of session {number}"
                    + (f" ({team_section})." if team_section else ".")
                )
    return warnings


def plan_report(plan: Plan, teams: Mapping[int, str | None] | None = None) -> dict:
    """Describe a plan's quality as JSON-ready data for the organizer to check."""
    counts = _pair_counts(plan.sessions)
    players = plan.players
    repeated: dict[int, list[int]] = {p: [] for p in players}
    pairs = []
    for (a, b), m in sorted(counts.items()):
        if m > 1:
            repeated[a].append(b)
            repeated[b].append(a)
            sessions = [i + 1 for i, s in enumerate(plan.sessions)
                        if any(a in t and b in t for t in s)]
            pairs.append({"players": [a, b], "meetings": m, "sessions": sessions})
    clashes = [
        {"session": i + 1, "table": t + 1, "players": [a, b], "team": _team(teams, a)}
        for i, session in enumerate(plan.sessions)
        for t, table in enumerate(session)
        for a, b in combinations(sorted(table), 2)
        if _team(teams, a) is not None and _team(teams, a) == _team(teams, b)
    ]
    return {
        "players": len(players),
        "sessions": len(plan.sessions),
        "repeats": plan.repeats,
        "lower_bound": plan.lower_bound,
        "is_optimal": plan.is_optimal,
        "zero_repeats_possible": plan.lower_bound == 0,
        "team_clashes": plan.team_clashes,
        "note": _bound_note(plan),
        "repeated_pairs": pairs,
        "team_clash_list": clashes,
        "opponents": [
            {"player": p, "opponents": list(plan.opponents(p)), "repeated": repeated[p]}
            for p in players
        ],
    }


# --- helpers ------------------------------------------------------------------------------


def _checked_session(session: Sequence[Sequence[int]], i: int) -> list[list[int]]:
    """Return a played session as lists after checking each player sits once at a full table."""
    tables = [list(t) for t in session]
    for t in tables:
        if len(t) != TABLE_SIZE:
            raise ValueError(f"played session {i + 1} has a table of {len(t)}: {t}")
    seated = [p for t in tables for p in t]
    if len(set(seated)) != len(seated):
        raise ValueError(f"played session {i + 1} seats a player twice")
    return tables


def _team(teams: Mapping[int, str | None] | None, player: int) -> str | None:
    """Return a player's team name, or None."""
    return (teams or {}).get(player) or None


def _team_indices(everyone: Sequence[int], teams: Mapping[int, str | None] | None) -> list[int]:
    """Number each player's team; a player without a team gets a number of their own."""
    names = sorted({_team(teams, p) for p in everyone} - {None})
    number = {name: i for i, name in enumerate(names)}
    solo = len(names)
    out = []
    for i, p in enumerate(everyone):
        team = _team(teams, p)
        out.append(number[team] if team is not None else solo + i)
    return out


def _player_sets(sessions: Sequence[Sequence[Sequence[int]]]) -> list[frozenset[int]]:
    """Return the set of players seated in each session."""
    return [frozenset(p for t in session for p in t) for session in sessions]


def _ordered_session(tables: Iterable[Iterable[int]]) -> Session:
    """Sort each table and order the tables by their lowest player."""
    return tuple(sorted(tuple(sorted(t)) for t in tables))


def _pair_counts(sessions: Iterable[Iterable[Iterable[int]]]) -> dict[tuple[int, int], int]:
    """Count how many sessions each pair shares a table."""
    counts: dict[tuple[int, int], int] = {}
    for session in sessions:
        for table in session:
            for pair in combinations(sorted(table), 2):
                counts[pair] = counts.get(pair, 0) + 1
    return counts


def _make_plan(sessions: tuple[Session, ...], teams: Mapping[int, str | None] | None) -> Plan:
    """Measure sessions and wrap them in a Plan."""
    counts = _pair_counts(sessions)
    repeats = sum(m - 1 for m in counts.values())
    clashes = sum(
        m for (a, b), m in counts.items()
        if _team(teams, a) is not None and _team(teams, a) == _team(teams, b)
    )
    return Plan(sessions, repeats, clashes, _lower_bound(_player_sets(sessions)))


def _swap_tables(plan: Plan, session_index: int, a: int, b: int) -> tuple[int, int]:
    """Return the tables of a and b in a session, or raise ValueError if one is absent."""
    if not 0 <= session_index < len(plan.sessions):
        raise ValueError(f"there is no session {session_index + 1}")
    if a == b:
        raise ValueError("a player cannot swap with themselves")
    tables = []
    for p in (a, b):
        table = plan.table_of(session_index, p)
        if table is None:
            raise ValueError(f"player {p} is not seated in session {session_index + 1}")
        tables.append(table)
    return tables[0], tables[1]


def _bound_note(plan: Plan) -> str | None:
    """Explain in plain English why a plan cannot be free of repeats, if it cannot."""
    if plan.lower_bound == 0:
        return None
    sets = _player_sets(plan.sessions)
    sessions = len(plan.sessions)
    pairings = "pairing" if plan.lower_bound == 1 else "pairings"
    if all(s == sets[0] for s in sets):
        n = len(sets[0])
        free = max_repeat_free_sessions(n)
        return (
            f"{n} players can meet new opponents for at most {free} "
            f"session{'s' if free != 1 else ''}; {sessions} sessions force at least "
            f"{plan.lower_bound} repeated {pairings}."
        )
    return (
        f"These players and {sessions} sessions force at least {plan.lower_bound} repeated "
        f"{pairings}."
    )
