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
clock, so a seed reproduces its plan exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

TABLE_SIZE = 4
OPPONENTS_PER_SESSION = TABLE_SIZE - 1

Table = tuple[int, ...]
Session = tuple[Table, ...]

# How much search a plan may spend, in swaps evaluated: about 1 s of CPython when the
# bound cannot be reached; the sizes in the targets reach zero repeats far earlier.
_EVALUATION_BUDGET = 1_000_000
_RESEAT_BUDGET = 500_000
# Each search step looks at this many repeating or clashing pairs and makes the best swap
# for either player of any of them; swapped players may not go back for 4 to 11 steps.
# Tuned on 16 x 5, 20 x 5, 24 x 6, 28 x 7, 32 x 8 and 36 x 8 without the constructions.
_PICKS = 6
_TENURE = 4
_TENURE_SPREAD = 8
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
    search = _Search(
        n=len(everyone),
        team_of=_team_indices(everyone, teams),
        sessions=[[[index[p] for p in t] for t in session] for session in fixed],
        rng=rng,
    )
    planned = [index[p] for p in ids]
    to_plan = sessions - len(fixed)
    built = _construct(planned, to_plan, search.team_of, rng) if not fixed else []
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
    search = _Search(
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


# --- constructions ------------------------------------------------------------------------


def _construct(
    players: list[int], sessions: int, team_of: list[int], rng: random.Random
) -> list[list[list[int]]]:
    """Return up to `sessions` repeat-free sessions on a 4 x g grid whose rows never meet.

    Players sit in cells (r, c) of 4 rows of g = tables; table j of session k holds the
    cells (r, j + k * r). Two players of rows r != r' then share a table only in the session
    k with k * (r - r') = c - c', so no pair meets twice while the arithmetic is a field:
    g sessions when g is a prime power (for g = 4 the rows themselves are a fifth, giving the
    affine plane AG(2, 4)), fewer from the integers mod g otherwise. Team-mates are packed
    into one row where they fit, like the fixed nodes of A.2.3.
    """
    g = len(players) // TABLE_SIZE
    if sessions <= 0 or g < 4:
        return []
    field = _field(g)
    if field is not None:
        add, mul = field
        steps = list(range(g))
    else:
        def add(a: int, b: int) -> int:
            return (a + b) % g

        def mul(a: int, b: int) -> int:
            return a * b % g

        steps = []
        for k in range(g):
            if all((k - other) * d % g for other in steps for d in (1, 2, 3)):
                steps.append(k)
    rows = _pack_rows(players, g, team_of, rng)
    out = [[[rows[r][add(j, mul(k, r))] for r in range(TABLE_SIZE)] for j in range(g)]
           for k in steps[:sessions]]
    if g == TABLE_SIZE and len(out) < sessions:
        out.append([row[:] for row in rows])
    return out if len(out) > 1 else []


def _field(q: int) -> tuple[Callable[[int, int], int], Callable[[int, int], int]] | None:
    """Return addition and multiplication of GF(q) on 0..q-1, or None if q is no prime power."""
    p = next(d for d in range(2, q + 1) if q % d == 0)
    m, rest = 0, q
    while rest % p == 0:
        rest //= p
        m += 1
    if rest != 1:
        return None
    if m == 1:
        return (lambda a, b: (a + b) % p), (lambda a, b: a * b % p)

    def digits(a: int) -> list[int]:
        return [a // p**i % p for i in range(m)]

    def number(ds: Iterable[int]) -> int:
        return sum(d % p * p**i for i, d in enumerate(ds))

    # An element is a polynomial of degree < m in base-p digits; find a primitive
    # x^m + tail so that the powers of x run through every non-zero element once.
    for tail in range(1, q):
        low = digits(tail)
        power, exp = 1, [1]
        for _ in range(q - 2):
            shifted = [0] + digits(power)
            power = number(shifted[i] - shifted[m] * low[i] for i in range(m))
            if power in (0, 1):
                break
            exp.append(power)
        if len(set(exp)) == q - 1:
            break
    log = {e: i for i, e in enumerate(exp)}

    def add(a: int, b: int) -> int:
        return number(x + y for x, y in zip(digits(a), digits(b), strict=True))

    def mul(a: int, b: int) -> int:
        return exp[(log[a] + log[b]) % (q - 1)] if a and b else 0

    return add, mul


def _pack_rows(players: list[int], g: int, team_of: list[int], rng: random.Random) -> list:
    """Split players into 4 rows of g, keeping each team in one row where it fits."""
    groups: dict[int, list[int]] = {}
    for p in players:
        groups.setdefault(team_of[p], []).append(p)
    teams = [members for members in groups.values() if len(members) > 1]
    singles = [members[0] for members in groups.values() if len(members) == 1]
    rng.shuffle(teams)
    teams.sort(key=len, reverse=True)
    rows: list[list[int]] = [[] for _ in range(TABLE_SIZE)]
    spill: list[int] = []
    for members in teams:
        room = [r for r in range(TABLE_SIZE) if g - len(rows[r]) >= len(members)]
        if room:
            most = max(g - len(rows[r]) for r in room)
            choice = rng.choice([r for r in room if g - len(rows[r]) == most])
            rows[choice].extend(members)
        else:
            spill.extend(members)
    rng.shuffle(singles)
    rest = spill + singles
    for row in rows:
        take = g - len(row)
        row.extend(rest[:take])
        del rest[:take]
        rng.shuffle(row)
    return rows


# --- search -------------------------------------------------------------------------------


class _Search:
    """Working state of a plan: sessions as lists of tables of player indices 0..n-1.

    Sessions added with `add_session` are searched; the ones given to the constructor are
    fixed. `meet` is the n x n matrix of meetings over all sessions; a pair is "bad" when it
    meets more than once or is a pair of team-mates meeting at all, and meets in at least
    one searched session (so a swap could help).
    """

    def __init__(
        self,
        n: int,
        team_of: list[int],
        sessions: list[list[list[int]]],
        rng: random.Random,
        move_cost: int = 0,
    ) -> None:
        self.n = n
        self.team_of = team_of
        self.rng = rng
        self.sessions = sessions
        self.first_free = len(sessions)
        # indexed by session; fixed sessions are never searched, so they get empty lists
        self.where: list[list[int]] = [[] for _ in sessions]
        self.origin: list[list[int]] = [[] for _ in sessions]
        self.meet = [0] * (n * n)
        self.fixed: list[int] | None = None
        self.move_cost = move_cost
        self.moved = 0
        self.repeats = 0
        self.clashes = 0
        self.bad: list[int] = []
        self.bad_at: dict[int, int] = {}
        for session in sessions:
            for table in session:
                for a, b in combinations(table, 2):
                    self._meet(a, b, 1)
        self.fixed = self.meet[:]
        self.fixed_clashes = self.clashes

    # weights: team clashes first, then repeats, then (re-seating only) moved players
    @property
    def repeat_weight(self) -> int:
        """Return the cost of one repeat, above any number of moved players."""
        return self.move_cost * self.n * (len(self.sessions) + 1) + 1

    @property
    def clash_weight(self) -> int:
        """Return the cost of one team clash, above any number of repeats."""
        return self.repeat_weight * (2 * self.n * (len(self.sessions) + 1) + 1)

    def cost(self) -> int:
        """Return the weighted cost of the current state."""
        return (self.clash_weight * self.clashes + self.repeat_weight * self.repeats
                + self.move_cost * self.moved)

    def _meet(self, a: int, b: int, step: int) -> None:
        """Add step (+1 or -1) to the meetings of a and b and keep the totals current."""
        n = self.n
        key = a * n + b if a < b else b * n + a
        meet = self.meet
        before = meet[key]
        after = before + step
        meet[key] = after
        meet[b * n + a if a < b else a * n + b] = after
        self.repeats += max(after - 1, 0) - max(before - 1, 0)
        is_mates = self.team_of[a] == self.team_of[b]
        if is_mates:
            self.clashes += step
        fixed = self.fixed
        is_bad = fixed is not None and after > fixed[key] and (after > 1 or is_mates)
        at = self.bad_at.get(key)
        if is_bad and at is None:
            self.bad_at[key] = len(self.bad)
            self.bad.append(key)
        elif not is_bad and at is not None:
            last = self.bad.pop()
            del self.bad_at[key]
            if last != key:
                self.bad[at] = last
                self.bad_at[last] = at

    def add_session(self, tables: list[list[int]], keep_origin: bool = False) -> None:
        """Append a searched session and count its meetings."""
        where = [-1] * self.n
        for t, table in enumerate(tables):
            for p in table:
                where[p] = t
            for a, b in combinations(table, 2):
                self._meet(a, b, 1)
        self.sessions.append(tables)
        self.where.append(where)
        self.origin.append(where[:] if keep_origin else where)

    def greedy_session(self, players: list[int]) -> list[list[int]]:
        """Seat players at tables, each joining the first table where they meet nobody again."""
        n, meet, team_of = self.n, self.meet, self.team_of
        remaining = players[:]
        self.rng.shuffle(remaining)
        tables = []
        while remaining:
            table = [remaining.pop(0)]
            while len(table) < TABLE_SIZE:
                best_i, best_cost = 0, None
                for i, c in enumerate(remaining):
                    row, team = c * n, team_of[c]
                    cost = 0
                    for m in table:
                        if meet[row + m]:
                            cost += 1
                        if team_of[m] == team:
                            cost += 1000
                    if cost == 0:
                        best_i = i
                        break
                    if best_cost is None or cost < best_cost:
                        best_i, best_cost = i, cost
                table.append(remaining.pop(best_i))
            tables.append(table)
        return tables

    def refill(self, tables: list[list[int]], newcomers: list[int]) -> list[list[int]]:
        """Fill the seats of removed players: newcomers first, then close emptied tables."""
        empty = sum(TABLE_SIZE - len(t) for t in tables)
        closing = max(0, (empty - len(newcomers)) // TABLE_SIZE)
        # Close the tables that lost the most players: fewest others have to move.
        by_size = sorted(range(len(tables)), key=lambda t: (len(tables[t]), -t))
        closed = set(by_size[:closing])
        movers = newcomers + [p for t in sorted(closed) for p in tables[t]]
        kept = [t for i, t in enumerate(tables) if i not in closed]
        n, meet, team_of = self.n, self.meet, self.team_of

        def conflicts(p: int, others: Iterable[int]) -> int:
            # team-mates apart first, then no repeat
            return sum(1000 * (team_of[m] == team_of[p]) + (meet[p * n + m] > 0)
                       for m in others if m != p)

        seat_of: dict[int, int] = {}
        for p in movers:
            open_tables = [i for i, t in enumerate(kept) if len(t) < TABLE_SIZE]
            if not open_tables:
                break
            best = min(open_tables, key=lambda i: conflicts(p, kept[i]))
            kept[best].append(p)
            seat_of[p] = best
        # Exchange seated movers while that lowers their conflicts; nobody else moves.
        placed = list(seat_of)
        improved = True
        while improved:
            improved = False
            for i, p in enumerate(placed):
                for q in placed[i + 1:]:
                    tp, tq = seat_of[p], seat_of[q]
                    if tp == tq:
                        continue
                    now = conflicts(p, kept[tp]) + conflicts(q, kept[tq])
                    swapped = (conflicts(p, (m for m in kept[tq] if m != q))
                               + conflicts(q, (m for m in kept[tp] if m != p)))
                    if swapped < now:
                        kept[tp][kept[tp].index(p)] = q
                        kept[tq][kept[tq].index(q)] = p
                        seat_of[p], seat_of[q] = tq, tp
                        improved = True
        extra = [p for p in movers if p not in seat_of]
        if extra:
            kept.extend(self.greedy_session(extra))
        return kept

    def run(self, budget: int, lower_bound: int) -> None:
        """Swap players within searched sessions until nothing repeats or clashes."""
        n, rng = self.n, self.rng
        free = range(self.first_free, len(self.sessions))
        if all(len(self.sessions[s]) < 2 for s in free):
            return
        fewest_clashes = self.fewest_clashes()
        self.tabu: dict[int, tuple[int, int]] = {}
        cost = self.cost()
        best_cost = cost
        best: list[list[list[int]]] | None = None
        spent, iteration = 0, 0
        while self.bad and spent < budget:
            if self.clashes <= fewest_clashes and self.repeats <= lower_bound:
                break
            iteration += 1
            chosen = None
            for _ in range(min(_PICKS, len(self.bad))):
                key = self.bad[rng.randrange(len(self.bad))]
                a, x = divmod(key, n)
                shared = [s for s in free if self.where[s][a] >= 0
                          and self.where[s][a] == self.where[s][x]]
                s = shared[rng.randrange(len(shared))]
                for p in (a, x):
                    found = self._best_move(s, p, iteration, cost - best_cost)
                    spent += n
                    if found is not None and (chosen is None or found[0] < chosen[0]):
                        chosen = found
            if chosen is None:
                continue
            delta, s, p, b = chosen
            if delta >= 0 and cost == best_cost and best is None:
                best = [[t[:] for t in self.sessions[i]] for i in free]
            home, away = self.where[s][p], self.where[s][b]
            self._swap(s, p, b)
            tenure = _TENURE + rng.randrange(_TENURE_SPREAD)
            self.tabu[s * n + p] = (home, iteration + tenure)
            self.tabu[s * n + b] = (away, iteration + tenure)
            cost += delta
            if cost < best_cost:
                best_cost, best = cost, None
        if best is not None and cost > best_cost:
            for i, tables in zip(free, best, strict=True):
                self._replace(i, tables)

    def fewest_clashes(self) -> int:
        """Return the team clashes no seating of the searched sessions can avoid."""
        fewest = self.fixed_clashes
        for s in range(self.first_free, len(self.sessions)):
            tables = len(self.sessions[s])
            sizes: dict[int, int] = {}
            for table in self.sessions[s]:
                for p in table:
                    sizes[self.team_of[p]] = sizes.get(self.team_of[p], 0) + 1
            for size in sizes.values():
                # a team larger than the tables must double up: spread it evenly
                per, extra = divmod(size, tables)
                fewest += extra * (per + 1) * per // 2 + (tables - extra) * per * (per - 1) // 2
        return fewest

    def _best_move(
        self, s: int, p: int, iteration: int, above_best: int
    ) -> tuple[int, int, int, int] | None:
        """Return (cost change, s, p, b) for the best allowed swap of p in session s."""
        n, meet, team_of, tabu = self.n, self.meet, self.team_of, self.tabu
        rep_w, clash_w, move_w = self.repeat_weight, self.clash_weight, self.move_cost
        where, tables, origin = self.where[s], self.sessions[s], self.origin[s]
        home = where[p]
        mates = [y for y in tables[home] if y != p]
        p_row, p_team = p * n, team_of[p]
        p_leave = 0
        for y in mates:
            if meet[p_row + y] > 1:
                p_leave -= rep_w
            if team_of[y] == p_team:
                p_leave -= clash_w
        if move_w:
            p_leave -= move_w * (origin[p] != home)
        mate_rows = [(y * n, team_of[y]) for y in mates]
        move = None
        move_delta = 0
        count = len(tables)
        start = self.rng.randrange(count)
        p_tabu = tabu.get(s * n + p)
        for step in range(count):
            t = (start + step) % count
            if t == home:
                continue
            table = tables[t]
            join = [0] * TABLE_SIZE
            p_join = p_leave + (move_w * (origin[p] != t) if move_w else 0)
            for i, y in enumerate(table):
                c = rep_w if meet[p_row + y] else 0
                if team_of[y] == p_team:
                    c += clash_w
                join[i] = c
                p_join += c
            p_blocked = p_tabu is not None and p_tabu[0] == t and p_tabu[1] >= iteration
            for i, b in enumerate(table):
                delta = p_join - join[i]
                b_row, b_team = b * n, team_of[b]
                for y in table:
                    if y != b:
                        if meet[b_row + y] > 1:
                            delta -= rep_w
                        if team_of[y] == b_team:
                            delta -= clash_w
                for y_row, y_team in mate_rows:
                    if meet[y_row + b]:
                        delta += rep_w
                    if y_team == b_team:
                        delta += clash_w
                if move_w:
                    delta += move_w * ((origin[b] != home) - (origin[b] != t))
                if move is not None and delta >= move_delta:
                    continue
                b_tabu = tabu.get(s * n + b)
                is_tabu = p_blocked or (b_tabu is not None and b_tabu[0] == home
                                        and b_tabu[1] >= iteration)
                # tabu moves are allowed only when they reach a new best (aspiration)
                if is_tabu and delta + above_best >= 0:
                    continue
                move, move_delta = b, delta
        return None if move is None else (move_delta, s, p, move)

    def settle(self) -> None:
        """Send moved players back to their first tables wherever that costs nothing else."""
        for s in range(self.first_free, len(self.sessions)):
            where, origin, tables = self.where[s], self.origin[s], self.sessions[s]
            improved = True
            while improved:
                improved = False
                for p in range(self.n):
                    home = origin[p]
                    if where[p] == home:
                        continue
                    for b in tables[home]:
                        if self._delta(s, p, b) < 0:
                            self._swap(s, p, b)
                            improved = True
                            break

    def _delta(self, s: int, p: int, b: int) -> int:
        """Return the change in cost if p and b exchanged tables in searched session s."""
        n, meet, team_of = self.n, self.meet, self.team_of
        rep_w, clash_w = self.repeat_weight, self.clash_weight
        where, tables, origin = self.where[s], self.sessions[s], self.origin[s]
        delta = 0
        for mover, leave, join, other in ((p, where[p], where[b], b), (b, where[b], where[p], p)):
            for y in tables[leave]:
                if y != mover:
                    delta -= rep_w * (meet[mover * n + y] > 1) + clash_w * (
                        team_of[y] == team_of[mover])
            for y in tables[join]:
                if y != other:
                    delta += rep_w * (meet[mover * n + y] > 0) + clash_w * (
                        team_of[y] == team_of[mover])
            delta += self.move_cost * ((origin[mover] != join) - (origin[mover] != leave))
        return delta

    def _swap(self, s: int, p: int, b: int) -> None:
        """Exchange the tables of players p and b in searched session s."""
        where, tables, origin = self.where[s], self.sessions[s], self.origin[s]
        tp, tb = where[p], where[b]
        for y in tables[tp]:
            if y != p:
                self._meet(p, y, -1)
                self._meet(b, y, 1)
        for y in tables[tb]:
            if y != b:
                self._meet(b, y, -1)
                self._meet(p, y, 1)
        tables[tp][tables[tp].index(p)] = b
        tables[tb][tables[tb].index(b)] = p
        if self.move_cost:
            self.moved += ((origin[p] != tb) - (origin[p] != tp)
                           + (origin[b] != tp) - (origin[b] != tb))
        where[p], where[b] = tb, tp

    def _replace(self, s: int, tables: list[list[int]]) -> None:
        """Put back a saved seating of searched session s."""
        for table in self.sessions[s]:
            for a, b in combinations(table, 2):
                self._meet(a, b, -1)
        where = self.where[s]
        for t, table in enumerate(tables):
            for p in table:
                where[p] = t
            for a, b in combinations(table, 2):
                self._meet(a, b, 1)
        self.sessions[s] = tables
