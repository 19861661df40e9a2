"""How a plan is built and searched: the repeat-free constructions and the tabu search.

`judgeaid.tournament.seating` makes plans (`plan_event`, `reseat`) with these two; its
docstring says how a plan is made. Players here are indices 0..n-1, tables lists of four.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from itertools import combinations

TABLE_SIZE = 4

# Each search step looks at this many repeating or clashing pairs and makes the best swap
# for either player of any of them; swapped players may not go back for 4 to 11 steps.
# Tuned on 16 x 5, 20 x 5, 24 x 6, 28 x 7, 32 x 8 and 36 x 8 without the constructions.
_PICKS = 6
_TENURE = 4
_TENURE_SPREAD = 8


# --- constructions ------------------------------------------------------------------------


def construct(
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


class Search:
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
