"""judgeaid benchmarks: `make bench` (or `python -m bench`) prints one table of figures.

Speed, weight and memory targets are measured here, never as timed assertions in tests.

Running
    python -m bench                 every module in MODULES
    python -m bench web             only the named modules
    python -m bench --quick         a smoke run: fewer repetitions (tests/test_bench.py uses it)
    python -m bench --out FILE      write the JSON somewhere other than bench/out/bench.json

The table goes to stdout; the same rows, plus each module's details, go to bench/out/bench.json
(git-ignored). The exit status is 1 only when a module crashed; a figure over its target is
reported as "over", not as a failure.

Adding a row module
    1. Write bench/<area>.py with `def run(ctx) -> list[Row]` (Row is in bench/support.py).
    2. Add "<area>" to MODULES below. A name listed but not found is reported as a skipped row.

    Row(area, measure, figure, target, baseline, verdict, note), all strings:
      area      the module's name, e.g. "web"
      measure   what was measured, e.g. "/picker first load, transferred"
      figure    the figure with its unit, e.g. "21.7 KB", "0.3 ms"
      target    the target as written in the issue, e.g. "≤ 60 KB", or "" when there is none
      baseline  the figure it should be read beside, measured in the same run, or ""
      verdict   "ok" or "over" when there is a target (the module decides), else ""
      note      how it was measured, what dominates, anything a reader needs

    The module gets one shared Context `ctx` (bench/support.py), built once per run:
      ctx.app            a fresh app on a migrated database: BENCH_DATABASE_URL, else SQLite
      ctx.database       its kind, "SQLite" or "PostgreSQL", for the notes
      ctx.demo           the demo tournament's JSON (judgeaid.demo.create_demo)
      ctx.url            base URL of a live HTTP server of ctx.app (gzip on, as in production)
      ctx.quick          True in a smoke run; ctx.reps(full, quick) picks a repetition count
      ctx.browser        headless Chromium, launched on first use
      ctx.new_context()  a fresh, isolated browser context (phone viewport, service workers on)
      ctx.timeit(fn, repeat) -> Timing(median_ms, p99_ms, runs)
      ctx.page_weight(path, ready=None, offline_repeat=True) -> PageWeight: first-load
                         bytes and requests over CDP in a fresh context, the service worker's
                         own fetches (sw.js, precache) apart; then the page opened again with
                         the context offline, counting requests that went to the network
      ctx.details[area]  anything JSON-serialisable; lands in bench.json beside the rows
    Helpers for figures: kb(), ms(), verdict() in bench/support.py.

Units: 1 KB = 1000 bytes (as Chrome DevTools shows "kB"); bytes transferred are what Chromium
reports as encodedDataLength (compressed body plus response headers).
"""

MODULES = ["web", "printing", "seating", "judging", "clock", "standings", "backup", "event_day",
           "signin", "load", "bursts", "slowphone"]
