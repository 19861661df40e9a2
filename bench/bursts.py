"""Burst rows (issue 28): a sign-in flood from one address, and 100 judges writing at once.

Both against gunicorn as `make run` starts it (bench/load.py: its database, its server, its
simulated clients), on a demo of the load's size (400 players, 100 tables, one judge each).

  sign-in flood  16 clients on one address (X-Forwarded-For 203.0.113.7; gunicorn runs with
                 TRUST_PROXIES=1, as behind the venue's proxy) send POST /api/login with a new
                 made-up name each time, for 10 s, each as soon as its last one was answered
                 (issue 28: the organizer's right PIN then got 503 nine times in ten). The
                 organizer signs in from a fresh phone (no cookie) at another address, again
                 0.2 s after each answer: for 5 s before the flood (the baseline, the same run)
                 and all through it. Every one of the organizer's tries must be let in at
                 once: no 503, no 429, p99 under 1 s.
  write burst    every judge, signed in and keeping one card, records the card's next round
                 through POST /api/cards/<id>/rounds at the same moment, three times 10 s
                 apart, while 400 phones poll their cards; before the bursts each judge writes
                 one round at a moment of its own (the baseline). Afterwards every card is read
                 again: each acknowledged round is on it once, and none is missing.
"""

from __future__ import annotations

import asyncio
import random
import tempfile
import uuid
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from bench import load
from bench.load import Gunicorn, Hall, Judge, Plan, Run, Sample, Setup, figures
from bench.support import Context, Row, verdict

AREA = "bursts"
FLOOD_CLIENTS = 16  # issue 28: 16 clients on one laptop
FLOOD_ADDRESS = "203.0.113.7"
SIGN_IN_MAX_MS = 1000.0  # issue 28: the correct sign-in goes through at its first try, p99 < 1 s
HALL_MAX_MS = load.BURST_HALL_MAX_MS  # issue 17's bound for the hall during a burst


@dataclass(frozen=True)
class Times:
    """When things happen in the two runs, in seconds from each run's start."""

    quiet_s: float  # the organizer's baseline before the flood
    flood_s: float  # the flood's length
    every_s: float  # the organizer's sign-ins, one every this often
    spread_s: tuple[float, float]  # the baseline writes, one per judge within this
    bursts_at: tuple[float, ...]  # the write bursts
    writes_stop_s: float  # the phones stop polling


FULL = Times(quiet_s=5.0, flood_s=10.0, every_s=0.2, spread_s=(2.0, 10.0),
             bursts_at=(14.0, 24.0, 34.0), writes_stop_s=44.0)
QUICK = Times(quiet_s=2.0, flood_s=3.0, every_s=0.2, spread_s=(1.0, 3.0), bursts_at=(4.0, 7.0),
              writes_stop_s=10.0)


# ---------------------------------------------------------------- the sign-in flood

def _organizer_body(setup: Setup) -> dict:
    name, pin = setup.organizer
    return {"tournament_id": setup.tournament_id, "name": name, "pin": pin}


async def _flood(base: str, setup: Setup, times: Times) -> tuple[Hall, list, dict]:
    lags: list[float] = []
    flood_from, stop_at = times.quiet_s, times.quiet_s + times.flood_s
    async with load.client_session() as session:
        hall = Hall(session, base)

        async def organizer() -> None:
            # One person: each try from a fresh phone (the session keeps no cookies) at an
            # address of its own, the next one a moment after the last was answered.
            n = 0
            await hall.until(0.5)
            while hall.now() < stop_at:
                n += 1
                kind = "organizer, quiet" if hall.now() < flood_from else "organizer, flood"
                await hall.request(kind, "POST", "/api/login", json_body=_organizer_body(setup),
                                   headers={"X-Forwarded-For": f"198.51.100.{n % 250 + 1}"})
                await asyncio.sleep(times.every_s)

        async def flooder(client: int) -> None:
            await hall.until(flood_from)
            n = 0
            while hall.now() < stop_at:
                n += 1
                await hall.request("flood", "POST", "/api/login", json_body={
                    "tournament_id": setup.tournament_id, "name": f"Made up {client}-{n}",
                    "pin": "123456"}, headers={"X-Forwarded-For": FLOOD_ADDRESS})

        await asyncio.gather(load.watch_loop(hall, stop_at, lags), organizer(),
                             *(flooder(c) for c in range(FLOOD_CLIENTS)))
    return hall, lags, {"flood": (flood_from, stop_at)}


def flood_rows(run: Run, times: Times, database: str) -> list[Row]:
    """Return the flood's rows: the organizer's sign-ins during it, beside those before it."""
    during = [s for s in run.samples if s.kind == "organizer, flood"]
    quiet = [s for s in run.samples if s.kind == "organizer, quiet"]
    flood = [s for s in run.samples if s.kind == "flood"]
    fig, base = figures(during), figures(quiet)
    refused = Counter(s.status or s.error for s in during if s.status != 200)
    refused_quiet = sum(s.status != 200 for s in quiet)
    statuses = Counter(s.status or s.error for s in flood)
    flood_rate = len(flood) / max(times.flood_s, 1e-9)
    ok = fig.n > 0 and not refused and fig.p99 < SIGN_IN_MAX_MS
    said = ", ".join(f"{n}×{status}" for status, n in sorted(statuses.items(), key=str))
    return [
        Row(AREA, f"sign-in flood: {FLOOD_CLIENTS} clients, new names, one address, "
                  f"{times.flood_s:.0f} s; the organizer's right PIN from a fresh phone "
                  "elsewhere, p99", load.duration(fig.p99), f"< {load.duration(SIGN_IN_MAX_MS)}",
            f"{load.duration(base.p99)} before the flood", verdict(ok),
            f"{fig.n} sign-ins, each {times.every_s:g} s after the last one's answer, from a "
            f"new address, p50 "
            f"{load.duration(fig.p50)} (before: {base.n}, p50 {load.duration(base.p50)}); "
            f"the flood: {len(flood)} requests ({flood_rate:.0f}/s): {said}; gunicorn 2x4 with "
            f"TRUST_PROXIES=1 on {database}; {load.costs(run)}"),
        Row(AREA, "sign-in flood: the organizer's tries not let in at once (503 / 429 / other)",
            f"{sum(refused.values())} of {fig.n}", "0", f"{refused_quiet} of {base.n} before",
            verdict(fig.n > 0 and not refused),
            "each try is a fresh phone's first: a 503 'busy' or a 429 would have sent it "
            "round again; " + (", ".join(f"{n}×{what}" for what, n in refused.items())
                               or "every one answered 200")),
    ]


# ---------------------------------------------------------------- 100 judges writing at once

async def _write(hall: Hall, judge: Judge, kind: str, turn: asyncio.Lock,
                 rng: random.Random) -> None:
    """Record the judge's next round as the phone's outbox does (load.write_patiently: a
    "busy" answer is sent again after its Retry-After, a write without an answer once, both
    with the same op_id). A judge's writes go one after another, as the outbox sends them: a
    burst finding the judge's last write unanswered waits for it."""
    async with turn:
        if judge.next_round > judge.rounds:
            return
        body = {**load.round_body(judge.next_round, judge.players),
                "op_id": str(uuid.uuid4())}
        answer = await load.write_patiently(hall, kind, f"{judge.card}/rounds", judge.cookie,
                                            body, rng)
        if answer.status == 200:
            judge.next_round += 1
            judge.written += 1


async def _writes(base: str, setup: Setup, plan: Plan, times: Times, rng: random.Random
                  ) -> tuple[Hall, list, dict]:
    lags: list[float] = []
    judges = [Judge(name, pin, card) for (name, pin), card in zip(setup.judges, setup.cards,
                                                                  strict=True)]
    stop_at = times.writes_stop_s
    async with load.client_session() as session:
        await load.get_ready(session, base, setup.tournament_id, judges)
        recorded_before = {judge.card: judge.next_round - 1 for judge in judges}
        hall = Hall(session, base)
        windows: list[tuple[float, float]] = []
        turns = {judge.card: asyncio.Lock() for judge in judges}

        async def spread(judge: Judge) -> None:
            await hall.until(rng.uniform(*times.spread_s))
            await _write(hall, judge, "write, spread", turns[judge.card], rng)

        async def burst(at: float) -> None:
            await hall.until(at)
            start = hall.now()
            await asyncio.gather(*(_write(hall, judge, "write, burst", turns[judge.card], rng)
                                   for judge in judges))
            windows.append((start, hall.now()))

        phones = [load.phone(hall, card, rng.uniform(0, load.POLL_S), stop_at, None,
                             random.Random(rng.random()))
                  for card in setup.cards for _ in range(plan.hall_per_card)]
        await asyncio.gather(load.watch_loop(hall, stop_at, lags), *phones,
                             *(spread(judge) for judge in judges),
                             *(burst(at) for at in times.bursts_at))
        # Each card as stored now: every acknowledged round once, none missing.
        check = Hall(session, base)
        lost = doubled = 0
        for judge in judges:
            view = await load.read_card(check, judge, "card (check)")
            if view is None:
                lost += judge.written
                continue
            recorded = [r["round"] for r in view["rounds"] if r["recorded"]]
            expected = recorded_before[judge.card] + judge.written
            lost += max(0, expected - len(recorded))
            doubled += max(0, len(recorded) - expected) + len(recorded) - len(set(recorded))
    return hall, lags, {"windows": windows, "lost": lost, "doubled": doubled,
                        "written": sum(j.written for j in judges), "judges": len(judges)}


def write_rows(run: Run, times: Times, phones: int) -> list[Row]:
    """Return the write burst's rows: the writes, their errors, the hall around them."""
    burst = figures(run.samples, ("write, burst",))
    spread = figures(run.samples, ("write, spread",))
    windows = run.extra["windows"]
    hall_kinds = ("card poll", "time poll", "card first", "time first")

    def within(sample: Sample) -> bool:
        return any(start <= sample.start < end for start, end in windows)

    during = figures([s for s in run.samples if within(s)], hall_kinds)
    first_burst = min(times.bursts_at)
    outside = figures([s for s in run.samples if not within(s) and s.start < first_burst],
                      hall_kinds)
    writes = [s for s in run.samples if s.kind.startswith("write") and not s.kind.endswith(" try")]
    busy = sum(s.status == 503 for s in run.samples if s.kind.startswith("write") and
               s.kind.endswith(" try"))
    errors = sum(s.failed for s in writes)
    hall_errors = sum(s.failed for s in run.samples if s.kind in hall_kinds)
    lost, doubled = run.extra["lost"], run.extra["doubled"]
    judges = run.extra["judges"]
    longest = max((end - start for start, end in windows), default=0.0)
    causes = ", ".join(f"{cause} x{n}" for cause, n in
                       list(load.errors_by_cause(run.samples).items())[:3]) or "none"
    return [
        Row(AREA, f"write burst: {judges} judges record a round at the same moment "
                  f"(x{len(times.bursts_at)}), p99", load.duration(burst.p99), "",
            f"{load.duration(spread.p99)} one at a time", "",
            f"{burst.n} writes, p50 {load.duration(burst.p50)}; the longest burst took "
            f"{longest:.1f} s from the first tap to the last answer; baseline: each judge's "
            f"write at a moment of its own ({spread.n}, p50 {load.duration(spread.p50)}); "
            f"{load.costs(run)}"),
        Row(AREA, "write burst: errors; acknowledged rounds lost / doubled",
            f"{errors}; {lost} / {doubled}", "0; 0 / 0", "", verdict(not errors and not lost
                                                                  and not doubled),
            f"of {len(writes)} writes ({run.extra['written']} acknowledged; {busy} tries "
            "answered 503 'busy' and sent again after Retry-After, as the outbox does); every "
            f"card read again afterwards; the phones' errors: {hall_errors}; causes: {causes}"),
        Row(AREA, "write burst: the rest of the hall's p99 while the writes land",
            load.duration(during.p99), f"< {load.duration(HALL_MAX_MS)}",
            f"{load.duration(outside.p99)} before the bursts",
            verdict(during.n > 0 and during.p99 < HALL_MAX_MS),
            f"{during.n} polls started during the bursts, p50 {load.duration(during.p50)}; "
            f"{phones} phones polling their cards every 5 s; before: the same phones in the "
            "first seconds, the judges' single writes among them"),
    ]


def run(ctx: Context) -> list[Row]:
    """Set up the demo and its judges, flood the sign-in, then burst the writes."""
    plan = load.QUICK if ctx.quick else load.FULL
    times = QUICK if ctx.quick else FULL
    with tempfile.TemporaryDirectory(prefix="judgeaid-bursts-") as folder:
        tmp = Path(folder)
        setup = load.set_up(plan, tmp, suffix="bursts")
        log = tmp / "gunicorn.log"
        server = Gunicorn(setup, log, {"TRUST_PROXIES": "1"})
        try:
            flood = load.measure("sign-in flood", server, setup.database_name,
                                 _flood(server.url, setup, times))
        finally:
            server.stop()
        server = Gunicorn(setup, log)
        try:
            writes = load.measure("write burst", server, setup.database_name,
                                  _writes(server.url, setup, plan, times, random.Random(28)))
        finally:
            server.stop()
        logged = log.read_text(errors="replace")
    trouble = {word: logged.count(word) for word in ("WORKER TIMEOUT", "Traceback", "[ERROR]")}
    ctx.details[AREA] = {
        "database": setup.database, "gunicorn_log": trouble,
        "runs": {run.name: {"seconds": round(run.seconds, 1),
                            "cpu_s": {k: round(v, 2) for k, v in run.cpu_s.items()},
                            "kinds": load.per_kind(run.samples),
                            "errors": load.errors_by_cause(run.samples),
                            "extra": run.extra} for run in (flood, writes)}}
    rows = flood_rows(flood, times, setup.database)
    rows += write_rows(writes, times, plan.tables * plan.hall_per_card)
    if any(trouble.values()):
        rows[-1].note += "; gunicorn's log: " + ", ".join(
            f"{word} x{n}" for word, n in trouble.items() if n)
    return rows
