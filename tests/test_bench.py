"""The benchmark harness: a smoke run prints a well-formed table. Figures are not checked here."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
COLUMNS = ["area", "measure", "figure", "target", "baseline", "verdict", "note"]


def test_quick_run_prints_one_well_formed_table(tmp_path):
    if not Path(CHROMIUM).exists():
        pytest.skip("Chromium is not installed (make test installs Debian's chromium)")
    out = tmp_path / "bench.json"
    result = subprocess.run(
        [sys.executable, "-m", "bench", "--quick", "--out", str(out), "web", "no_such_area"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)  # a guard against hangs only
    assert result.returncode == 0, result.stderr[-3000:]

    header, rule, *lines = result.stdout.rstrip("\n").splitlines()
    assert header.split() == COLUMNS
    starts = [header.index(column) for column in COLUMNS]
    assert [m.start() for m in re.finditer(r"-+", rule)] == starts

    report = json.loads(out.read_text())
    rows = report["rows"]
    assert len(lines) == len(rows)
    for line, row in zip(lines, rows, strict=True):
        for column, start, end in zip(COLUMNS, starts, [*starts[1:], None], strict=True):
            assert line[start:end].strip() == row[column], (column, line)
            assert start == 0 or line[start - 1:start] in (" ", "")
        assert row["verdict"] in ("ok", "over", "")

    web = [row for row in rows if row["area"] == "web"]
    assert len(web) >= 5 and all(row["figure"] for row in web)
    assert all(row["verdict"] in ("ok", "over") for row in web if row["target"])
    assert "/picker" in report["details"]["web"]["pages"]
    missing = [row for row in rows if row["area"] == "no_such_area"]
    assert [row["figure"] for row in missing] == ["skipped"]
