"""Seating rows: plan quality and time by event size, and a re-seat through the service.

Targets are issue 5's: zero repeated pairs and team-mates apart for 28–400 players × 4
sessions and 400 × 8 with teams of 8, each plan within 1 s; 16 × 5 repeat-free; 16 × 6 at
its proven minimum of 24, saying zero was impossible, within 10 s; re-seating 400 players
after 20 withdrawals with 4 sessions played within 0.5 s, played sessions untouched.
"""

from __future__ import annotations

import time

from bench.support import Row, ms, verdict

AREA = "seating"


def _teams(players: list[int], size: int, share: float) -> dict[int, str]:
    """Put the first `share` of the players into teams of `size` (§3.6)."""
    in_teams = int(len(players) * share) // size * size
    return {p: f"team {i // size}" for i, p in enumerate(players[:in_teams])}


def _plan(count: int, sessions: int, teams_of: int = 0, share: float = 0.0):
    """Plan an event; return (plan, milliseconds)."""
    from judgeaid.tournament.seating import plan_event

    players = list(range(1, count + 1))
    teams = _teams(players, teams_of, share) if teams_of else {}
    started = time.perf_counter()
    plan = plan_event(players, sessions, seed=count * 10 + sessions, teams=teams)
    return plan, (time.perf_counter() - started) * 1000


def _by_size(ctx) -> list[Row]:
    """Every multiple of 4 from 28 to 400 players over 4 sessions, a quarter in teams of 4."""
    sizes = list(range(28, 401, 4)) if not ctx.quick else [28, 100, 400]
    results = [(count, *_plan(count, 4, 4, 0.25)) for count in sizes]
    worst = max(results, key=lambda r: (r[1].repeats, r[1].team_clashes))
    slowest = max(results, key=lambda r: r[2])
    times = sorted(r[2] for r in results)
    ctx.details[AREA] = {"by_size": [{"players": c, "repeats": p.repeats,
                                      "team_clashes": p.team_clashes, "ms": round(t, 2)}
                                     for c, p, t in results]}
    clean = worst[1].repeats == 0 and worst[1].team_clashes == 0
    return [
        Row(AREA, f"plan {sizes[0]}–{sizes[-1]} × 4 sessions ({len(sizes)} sizes): "
                  "repeats / team clashes, worst size",
            f"{worst[1].repeats} / {worst[1].team_clashes}", "0 / 0", "",
            verdict(clean), "a quarter of the players in teams of 4; every size checked"),
        Row(AREA, "plan 28–400 × 4: time of the slowest size", ms(slowest[2]), "≤ 1 s",
            f"median {ms(times[len(times) // 2])}", verdict(slowest[2] <= 1000),
            f"slowest at {slowest[0]} players; plan_event alone, one run each"),
    ]


def _fixed(ctx) -> list[Row]:
    """The named sizes: 400 × 8 with teams of 8, 16 × 5 and 16 × 6."""
    rows = []
    plan, took = _plan(400, 8, 8, 1.0)
    rows.append(Row(AREA, "plan 400 × 8, everyone in teams of 8: repeats / clashes, time",
                    f"{plan.repeats} / {plan.team_clashes}, {ms(took)}", "0 / 0, ≤ 1 s",
                    "aim 100 ms", verdict(plan.repeats == plan.team_clashes == 0
                                          and took <= 1000), ""))
    plan, took = _plan(16, 5)
    rows.append(Row(AREA, "plan 16 × 5: repeats, time", f"{plan.repeats}, {ms(took)}", "0", "",
                    verdict(plan.repeats == 0), "a complete schedule: everyone meets once"))
    from judgeaid.tournament.seating import plan_report

    plan, took = _plan(16, 6)
    says = plan_report(plan)["zero_repeats_possible"] is False
    rows.append(Row(AREA, "plan 16 × 6: repeats (proven minimum), time",
                    f"{plan.repeats} (bound {plan.lower_bound}), {ms(took)}",
                    "24, says zero is impossible, ≤ 10 s", "",
                    verdict(plan.repeats == 24 and says and took <= 10_000),
                    "the report's note: " + (plan_report(plan)["note"] or "")))
    return rows


def _reseat_through_the_service(ctx) -> list[Row]:
    """Seat 4 of 8 sessions for 400 players, withdraw 20, seat session 5 (database included)."""
    from sqlalchemy import select

    from judgeaid.extensions import db
    from judgeaid.models import Card, Seat, Table
    from judgeaid.services import accounts, players, seating, session_changes

    with ctx.app.app_context():
        tournament, organizer = accounts.create_tournament(
            "Bench Reseat Open", "rsom", "Bench Organizer", "1234", settings={"sessions": 8},
            seed=400)
        # Half the field in teams of 8, the competitive limit (§3.6).
        lines = ["id,name,team"] + [
            f"{i},Bench Player {i:03d}," + (f"T{(i - 1) // 8}" if i <= 200 else "")
            for i in range(1, 401)]
        players.import_players(tournament, "\n".join(lines), organizer)
        for number in range(1, 5):
            seating.seat_session(tournament, number, organizer)
        db.session.commit()
        tournament_id = tournament.id

        def played() -> list:
            return sorted(db.session.execute(
                select(Table.session_id, Table.number, Seat.player_id, Seat.position)
                .join(Seat, Seat.table_id == Table.id).join(Card, Card.table_id == Table.id)
                .where(Card.tournament_id == tournament_id)).all())

        before = played()
        gone = list(range(5, 401, 20))[:20]
        plan_ms, seat_ms, moved = [], [], None
        for _ in range(ctx.reps(5, 1)):
            tournament = accounts.get_tournament_or_404(tournament_id)
            for number in gone:
                session_changes.withdraw_player(tournament, number, organizer)
            started = time.perf_counter()
            plan = seating.plan_tournament(tournament)
            plan_ms.append((time.perf_counter() - started) * 1000)
            stored = seating.stored_plan(tournament)["sessions"][0]
            started = time.perf_counter()
            seating.seat_session(tournament, 5, organizer)
            seat_ms.append((time.perf_counter() - started) * 1000)
            moved = _moved(stored, plan.sessions[4], set(gone))
            untouched = played()[:len(before)] == before
            repeats, clashes = plan.repeats, plan.team_clashes
            db.session.rollback()
    plan_ms.sort()
    seat_ms.sort()
    return [
        Row(AREA, "re-seat 400 after 20 withdrawals, 4 of 8 sessions played (service, DB)",
            ms(plan_ms[len(plan_ms) // 2]), "≤ 0.5 s", "",
            verdict(plan_ms[len(plan_ms) // 2] <= 500 and untouched),
            f"load the seated sessions and the stored plan, reseat; {moved} players change "
            f"table, {repeats} repeats, {clashes} clashes; sessions 1–4 "
            f"{'untouched' if untouched else 'CHANGED'}"),
        Row(AREA, "seat session 5 after those withdrawals (re-seat + write 95 tables, seats, "
                  "cards)", ms(seat_ms[len(seat_ms) // 2]), "", "", "",
            f"median of {len(seat_ms)}, rolled back after each run"),
    ]


def _moved(old: list[list[int]], new, gone: set[int]) -> int:
    """Count the staying players who sit with other table-mates than planned."""
    total = 0
    for table in old:
        left = set(table) - gone
        if left:
            total += len(left) - max(len(left & set(t)) for t in new)
    return total


def run(ctx) -> list[Row]:
    """Measure plan quality and time by size, and a re-seat through the service."""
    return _by_size(ctx) + _fixed(ctx) + _reseat_through_the_service(ctx)
