"""The load rows' own helpers (bench/load.py): its deals, its figures, its database choice."""

from bench import load
from bench.load import Sample
from tests.factories import demo_card_id, op, seated


def test_the_judges_rounds_are_valid_zung_jung_lines(judge, demo):
    card_id = demo_card_id(demo)
    players = seated(judge, card_id)
    for number in range(1, 9):
        body = {**load.round_body(number, players), "op_id": op()}
        response = judge.post(f"/api/cards/{card_id}/rounds", json=body)
        assert response.status_code == 200, response.get_json()
    rounds = judge.get(f"/api/cards/{card_id}").get_json()["rounds"]
    assert [r["round"] for r in rounds if r["recorded"]] == list(range(1, 9))


def test_figures_count_every_answer_but_2xx_and_304_as_an_error():
    samples = [Sample(0.5, "card poll", 4.0, 304), Sample(1.0, "card poll", 6.0, 200),
               Sample(1.5, "card poll", 900.0, 500), Sample(2.5, "card poll", 30_000.0, 0,
                                                           "TimeoutError"),
               Sample(1.2, "write", 50.0, 409)]
    polls = load.figures(samples, ("card poll",))
    assert (polls.n, polls.errors, polls.p50, polls.p99) == (4, 2, 6.0, 30_000.0)
    early = load.figures(samples, ("card poll",), (0.0, 1.2))
    assert (early.n, early.errors) == (2, 0)
    assert load.errors_by_cause(samples) == {"card poll: 500": 1,
                                             "card poll: TimeoutError": 1, "write: 409": 1}
    series = load.per_second(load.Run("herd", samples, 3.0, {}, []))
    assert [(s["second"], s["requests"], s["errors"]) for s in series] == [
        (0, 1, 0), (1, 3, 2), (2, 1, 1)]


def test_without_postgresql_the_load_says_why_and_takes_sqlite(monkeypatch):
    monkeypatch.setenv("BENCH_DATABASE_URL", "postgresql://postgres@127.0.0.1:1/nowhere")
    url, why = load.own_postgres()
    assert url is None and why.startswith("PostgreSQL at 127.0.0.1:1: ")
    monkeypatch.setenv("BENCH_DATABASE_URL", "sqlite:///bench.sqlite")
    assert load.own_postgres() == (None, "BENCH_DATABASE_URL is not PostgreSQL")


def test_times_read_in_milliseconds_then_seconds():
    assert [load.duration(v) for v in (4.25, 35.0, 999.0, 5_100.0)] == [
        "4.25 ms", "35 ms", "999 ms", "5.1 s"]
