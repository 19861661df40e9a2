"""Sign-in rows (issue 17): the CPU one PIN check costs, and one whole sign-in request.

- one check of a PIN against its stored hash (werkzeug's check_password_hash) at
  accounts.PIN_HASH_METHOD, beside the same check at werkzeug's default scrypt, the cost
  before issue 17, measured in the same run;
- POST /api/login through the test client, a right PIN and an unknown name (which checks
  the dummy hash, so that it costs the same), CPU of this process per request.

CPU is time.process_time(): what this process spent on every core, not the wall clock, so
another program on the machine changes it little. The hall's p99 during a burst of sign-ins
is measured by the load rows (bench/load.py), not here.
"""

from __future__ import annotations

import statistics
import time

from werkzeug.security import check_password_hash, generate_password_hash

from bench.support import Context, Row, ms, verdict

AREA = "signin"
TARGET_CHECK_MS = 30.0  # issue 17: verifying a PIN costs at most ~30 ms of server CPU
WERKZEUG_DEFAULT = "scrypt"  # werkzeug's default method: scrypt:32768:8:1
BENCH_NAMES = "bench nobody"


def cpu_ms(fn, runs: int) -> list[float]:
    """Call fn once to warm up, then `runs` times; return each call's CPU time in ms."""
    fn()
    samples = []
    for _ in range(runs):
        started = time.process_time()
        fn()
        samples.append((time.process_time() - started) * 1000)
    return samples


def check_cost(method: str, runs: int) -> float:
    """Return the median CPU ms of checking a wrong PIN against a hash made with `method`."""
    stored = generate_password_hash("246810", method)
    return statistics.median(cpu_ms(lambda: check_password_hash(stored, "135790"), runs))


def _login(client, tid: int, name: str, pin: str, status: int) -> None:
    response = client.post("/api/login", json={"tournament_id": tid, "name": name, "pin": pin})
    assert response.status_code == status, (name, response.status_code, response.get_json())


def request_costs(ctx: Context, runs: int) -> tuple[float, float]:
    """Return the median CPU ms of a right sign-in and of an unknown name's, through Flask."""
    from sqlalchemy import delete

    from judgeaid.extensions import db
    from judgeaid.models import LoginThrottle
    from judgeaid.services.throttle import BUDGET_TOURNAMENT

    tid, judge = ctx.demo["tournament_id"], ctx.demo["judge"]
    client = ctx.app.test_client()
    right = cpu_ms(lambda: _login(client, tid, judge["name"], judge["pin"], 200), runs)
    # A new unknown name each time: one name's failures would soon be refused (429) unchecked.
    names = iter(range(runs + 1))
    unknown = cpu_ms(lambda: _login(client, tid, f"{BENCH_NAMES} {next(names)}", "2468", 401),
                     runs)
    with ctx.app.app_context():
        db.session.execute(delete(LoginThrottle).where(
            LoginThrottle.account.startswith(BENCH_NAMES)))
        # and this address's budget across names (issue 28), which those failures spent from
        db.session.execute(delete(LoginThrottle).where(
            LoginThrottle.tournament_id == BUDGET_TOURNAMENT))
        db.session.commit()
    return statistics.median(right), statistics.median(unknown)


def run(ctx: Context) -> list[Row]:
    """Measure one PIN check at the PIN method and at werkzeug's default, and one sign-in."""
    from judgeaid.services.accounts import PIN_HASH_METHOD

    runs = ctx.reps(40, 4)
    pin = check_cost(PIN_HASH_METHOD, runs)
    default = check_cost(WERKZEUG_DEFAULT, runs)
    right, unknown = request_costs(ctx, ctx.reps(20, 3))
    ctx.details[AREA] = {"pin_hash_method": PIN_HASH_METHOD, "check_ms": pin,
                         "werkzeug_default_check_ms": default, "sign_in_ms": right,
                         "unknown_name_ms": unknown, "runs": runs}
    return [
        Row(AREA, f"PIN check ({PIN_HASH_METHOD}), CPU", ms(pin), f"≤ {TARGET_CHECK_MS:.0f} ms",
            f"{ms(default)} (werkzeug default scrypt:32768:8:1)",
            verdict(pin <= TARGET_CHECK_MS),
            f"median of {runs} check_password_hash calls, time.process_time"),
        Row(AREA, "POST /api/login CPU: right PIN / unknown name", f"{ms(right)} / {ms(unknown)}",
            note=f"test client, {ctx.database}, this process only (not the database server); "
                 "an unknown name checks the dummy hash so that it costs the same"),
    ]
