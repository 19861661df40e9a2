"""Run the benchmark modules, print one table and write bench/out/bench.json."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import sys
import time
import traceback
from dataclasses import asdict
from datetime import UTC, datetime
from pathlib import Path

from bench import MODULES
from bench.support import Context, Row

OUT = Path(__file__).resolve().parent / "out" / "bench.json"
COLUMNS = ("area", "measure", "figure", "target", "baseline", "verdict", "note")


def load(name: str):
    """Import bench.<name>; return None when there is no such module."""
    if not re.fullmatch(r"[a-z_][a-z0-9_]*", name):
        return None
    try:
        return importlib.import_module(f"bench.{name}")
    except ModuleNotFoundError as error:
        if error.name == f"bench.{name}":
            return None
        raise


def summary(error: BaseException) -> str:
    """Return an exception's type and first line, short enough for a table cell."""
    text = f"{type(error).__name__}: {str(error).strip().splitlines()[0] if str(error) else ''}"
    return text if len(text) <= 160 else text[:159] + "…"


def run_module(name: str, ctx: Context) -> tuple[list[Row], bool]:
    """Run one module; return its rows and whether it crashed (a crash becomes a row)."""
    try:
        module = load(name)
    except Exception as error:  # a module that fails to import must not sink the others
        traceback.print_exc(file=sys.stderr)
        return [Row(name, "(module)", "error", note=f"import failed: {summary(error)}")], True
    if module is None or not hasattr(module, "run"):
        return [Row(name, "(module)", "skipped",
                    note=f"no bench/{name}.py with run(ctx); nothing measured")], False
    started = time.perf_counter()
    try:
        rows = list(module.run(ctx))
    except Exception as error:
        traceback.print_exc(file=sys.stderr)
        note = f"run failed: {summary(error)} (traceback on stderr)"
        return [Row(name, "(module)", "error", note=note)], True
    print(f"# {name}: {len(rows)} rows in {time.perf_counter() - started:.1f} s",
          file=sys.stderr)
    return rows, False


def table(rows: list[Row]) -> str:
    """Return the rows as a fixed-width text table with a header and a rule."""
    cells = [list(COLUMNS)] + [[str(getattr(row, c)) for c in COLUMNS] for row in rows]
    widths = [max(len(line[i]) for line in cells) for i in range(len(COLUMNS))]

    def line(values: list[str]) -> str:
        return "  ".join(v.ljust(w) for v, w in zip(values, widths, strict=True)).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(cells[0]), rule, *(line(values) for values in cells[1:])])


def cpu_yardstick() -> float:
    """Return the least seconds of 3 that one core takes for a fixed pure-Python loop: hosts
    differ, and the figures against gunicorn scale with it."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        sum(i * i for i in range(5_000_000))
        best = min(best, time.perf_counter() - start)
    return round(best, 2)


def main(argv: list[str] | None = None) -> int:
    """Run the chosen modules, print the table, write the JSON; return the exit status."""
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("modules", nargs="*", help=f"modules to run (default: {MODULES})")
    parser.add_argument("--quick", action="store_true", help="smoke run: fewer repetitions")
    parser.add_argument("--out", type=Path, default=OUT, help=f"JSON output (default: {OUT})")
    args = parser.parse_args(argv)
    names = args.modules or list(MODULES)

    rows: list[Row] = []
    crashed = False
    started = time.perf_counter()
    load_before = os.getloadavg()[0]
    cpu_before = cpu_yardstick()
    with Context(quick=args.quick) as ctx:
        for name in names:
            module_rows, module_crashed = run_module(name, ctx)
            rows += module_rows
            crashed |= module_crashed
        details = ctx.details

    # Timings on a busy machine run slow; say how busy it was, beside the table.
    host = {"cpus": os.cpu_count(), "load_before": round(load_before, 2),
            "load_after": round(os.getloadavg()[0], 2), "cpu_yardstick_s": cpu_before}
    print(f"# host: {host['cpus']} CPUs, load average {host['load_before']:.1f} before,"
          f" {host['load_after']:.1f} after; one core's speed: {cpu_before:.2f} s for a fixed"
          " Python loop (lower is faster: hosts differ)", file=sys.stderr)
    print(table(rows))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({
        "generated": datetime.now(UTC).isoformat(timespec="seconds"),
        "quick": args.quick,
        "modules": names,
        "seconds": round(time.perf_counter() - started, 1),
        "host": host,
        "rows": [asdict(row) for row in rows],
        "details": details,
    }, indent=2, ensure_ascii=False) + "\n")
    return 1 if crashed else 0


if __name__ == "__main__":
    sys.exit(main())
