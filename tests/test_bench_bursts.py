"""The issue 28 rows' own helpers (bench/bursts.py, bench/support.py): what they count as let
in, lost or doubled, and the database URL they open. Figures are not checked."""

from bench import bursts, support
from bench.load import Run, Sample


def flood_run(organizer: list[int]) -> Run:
    samples = [Sample(0.5, "organizer, quiet", 20.0, 200)]
    samples += [Sample(6.0 + i, "organizer, flood", 30.0, status)
                for i, status in enumerate(organizer)]
    samples += [Sample(5.0, "flood", 5.0, 429), Sample(5.1, "flood", 15.0, 401),
                Sample(5.2, "flood", 1.0, 503)]
    return Run("sign-in flood", samples, 15.0, {"generator": 1.0, "gunicorn": 2.0,
                                                "other": 0.0, "host_busy": 3.0,
                                                "host_capacity": 30.0}, [1.0])


def test_the_flood_row_wants_every_organizer_try_let_in():
    rows = bursts.flood_rows(flood_run([200, 200, 200]), bursts.FULL, "SQLite")
    assert [row.verdict for row in rows] == ["ok", "ok"]
    assert rows[1].figure == "0 of 3"
    assert "1×401" in rows[0].note and "1×429" in rows[0].note and "1×503" in rows[0].note
    busy = bursts.flood_rows(flood_run([200, 503, 200]), bursts.FULL, "SQLite")
    assert [row.verdict for row in busy] == ["over", "over"]
    assert busy[1].figure == "1 of 3" and "1×503" in busy[1].note


def test_the_write_burst_rows_count_errors_lost_and_doubled():
    samples = [Sample(1.0, "card first", 10.0, 200), Sample(2.0, "write, spread", 40.0, 200),
               Sample(14.0, "write, burst", 400.0, 200), Sample(14.0, "write, burst", 0.0, 0,
                                                                   "TimeoutError"),
               Sample(14.2, "card poll", 120.0, 304)]
    run = Run("write burst", samples, 44.0, {"generator": 1.0, "gunicorn": 2.0, "other": 0.0,
                                              "host_busy": 3.0, "host_capacity": 88.0}, [1.0],
              {"windows": [(14.0, 14.5)], "lost": 0, "doubled": 1, "written": 2, "judges": 2})
    burst, errors, hall = bursts.write_rows(run, bursts.FULL, 8)
    assert errors.figure == "1; 0 / 1" and errors.verdict == "over"
    assert hall.figure == "120 ms" and hall.verdict == "ok"
    assert burst.baseline == "40 ms one at a time"


def test_the_bench_opens_postgresql_through_psycopg_3():
    assert support.engine_url("postgresql://postgres@127.0.0.1:5432/test") == \
        "postgresql+psycopg://postgres@127.0.0.1:5432/test"
    assert support.engine_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert support.engine_url("sqlite:///x.sqlite") == "sqlite:///x.sqlite"
    assert support.database_name("postgres://u@h/db") == "PostgreSQL"

