"""Printing rows: a session's scoring cards for 100 tables (issue 4) and 400 slips (issue 5).

Each PDF is timed through its service function in a fresh request context, as the view
calls it: rows read from the database, QR codes made, HTML rendered, PDF written. Beside
each figure, the naive render of the same pages: one WeasyPrint document in which every
card (or sheet of slips) lays out its whole form again.
"""

from __future__ import annotations

import os
import statistics
import time

from bench.support import Row, verdict

AREA = "printing"
PLAYERS = 400  # 100 tables
CARDS_TARGET_S = 2.5  # issue 4
SLIPS_TARGET_S = 3.0  # issue 5


def _tournament(app) -> int:
    """Register 400 players and seat session 1 through the services; return the id."""
    from judgeaid.extensions import db
    from judgeaid.services import accounts, players, seating
    from judgeaid.services.demo import FAMILY, GIVEN

    names = [f"{given} {family}" for family in FAMILY for given in GIVEN][:PLAYERS]
    with app.test_request_context():
        tournament, organizer = accounts.create_tournament(
            "Bench Open", "csom", "Bench Organizer", "246810", seed=11)
        for name in names:
            players.add_player(tournament, name, None, organizer)
        seating.seat_session(tournament, 1, organizer)
        db.session.commit()
        return tournament.id


def _timed(ctx, tournament_id: int, render) -> tuple[float, float, bytes]:
    """Run render(tournament) in a fresh request context; return wall s, CPU s and the PDF."""
    from judgeaid.extensions import db
    from judgeaid.models import Tournament

    with ctx.app.test_request_context(base_url=ctx.url):
        started, cpu = time.perf_counter(), time.process_time()
        pdf = render(db.session.get(Tournament, tournament_id))
        return time.perf_counter() - started, time.process_time() - cpu, pdf


def _measure(ctx, tournament_id: int, render, runs: int) -> dict:
    """Warm up once, then time `runs` renders; return the median wall and CPU seconds."""
    _timed(ctx, tournament_id, render)
    samples = [_timed(ctx, tournament_id, render) for _ in range(runs)]
    return {"wall_s": statistics.median(s[0] for s in samples),
            "best_s": min(s[0] for s in samples),
            "cpu_s": statistics.median(s[1] for s in samples),
            "runs": runs, "bytes": len(samples[-1][2]), "load": round(os.getloadavg()[0], 1)}


def _naive(ctx, tournament_id: int, render) -> dict:
    """Time the naive render once (it is slow); fonts and caches are already warm."""
    wall, cpu, pdf = _timed(ctx, tournament_id, render)
    return {"wall_s": wall, "cpu_s": cpu, "runs": 1, "bytes": len(pdf)}


def run(ctx) -> list[Row]:
    """Time 100 scoring cards and 400 slips, each beside its naive render."""
    from judgeaid.printing.cards import render_cards
    from judgeaid.printing.slips import render_slips

    tid = _tournament(ctx.app)
    runs = ctx.reps(5, 1)
    cards = _measure(ctx, tid, lambda t: render_cards(t, 1), runs)
    cards_laid_out = _measure(ctx, tid, lambda t: render_cards(t, 1, drawn=False), 1)
    cards_naive = _naive(ctx, tid, lambda t: render_cards(t, 1, stamped=False))
    sheets = _measure(ctx, tid, lambda t: render_cards(t, 1, layout="a4"), 1)
    slips = _measure(ctx, tid, lambda t: render_slips(t, 1), runs)
    slips_laid_out = _measure(ctx, tid, lambda t: render_slips(t, 1, drawn=False), 1)
    slips_naive = _naive(ctx, tid, lambda t: render_slips(t, 1, stamped=False))
    ctx.details[AREA] = {"cards": cards, "cards_laid_out": cards_laid_out,
                         "cards_naive": cards_naive, "cards_a4": sheets,
                         "slips": slips, "slips_laid_out": slips_laid_out,
                         "slips_naive": slips_naive}

    def seconds(m: dict) -> str:
        return f"{m['wall_s']:.2f} s"

    def note(m: dict, what: str) -> str:
        # On a busy machine the wall clock mostly measures waiting: the CPU time says what
        # the print itself costs.
        return (f"median of {m['runs']} after a warm-up, wall clock (best {m['best_s']:.2f} s); "
                f"CPU {m['cpu_s']:.2f} s at load {m['load']}; {what}; "
                f"{m['bytes'] / 1000:.0f} KB")

    return [
        Row(AREA, "cards.pdf, session of 100 tables (form stamped, data drawn)",
            seconds(cards), f"< {CARDS_TARGET_S} s", f"naive {seconds(cards_naive)}",
            verdict(cards["wall_s"] < CARDS_TARGET_S),
            note(cards, "100 cards 3.7 × 8.5 in, a QR code each; the form laid out once by "
                        "WeasyPrint and put under every card as one PDF form object "
                        "(pikepdf); each card's own data drawn straight onto its page at "
                        "the form's coordinates (fpdf2)")),
        Row(AREA, "cards.pdf, 100 tables, data laid out by WeasyPrint over the stamped form",
            seconds(cards_laid_out),
            note=note(cards_laid_out, "the path taken when a name needs text shaping (Thai, "
                                      "Arabic...) or a font the drawing path lacks")),
        Row(AREA, "cards.pdf, 100 tables, naive (baseline)", seconds(cards_naive),
            note=f"one render, one document, every card laid out whole; CPU "
                 f"{cards_naive['cpu_s']:.2f} s; {cards_naive['bytes'] / 1000:.0f} KB"),
        Row(AREA, "cards.pdf, 100 tables on A4 sheets, 2 a sheet", seconds(sheets),
            note=note(sheets, "50 sheets with cut marks")),
        Row(AREA, f"slips.pdf, {PLAYERS} players (forms stamped, data drawn)", seconds(slips),
            f"≤ {SLIPS_TARGET_S} s", f"naive {seconds(slips_naive)}",
            verdict(slips["wall_s"] <= SLIPS_TARGET_S),
            note(slips, "40 A4 sheets of 10 slips and 2 pages of the list by name; each "
                        "sheet shape's form and the list laid out once by WeasyPrint, the "
                        "slips' data drawn over them; one QR image per sheet (zxing-cpp)")),
        Row(AREA, f"slips.pdf, {PLAYERS} players, data laid out by WeasyPrint",
            seconds(slips_laid_out),
            note=note(slips_laid_out, "the path taken when a name needs text shaping")),
        Row(AREA, f"slips.pdf, {PLAYERS} players, naive (baseline)", seconds(slips_naive),
            note=f"one render, every sheet's form laid out again; CPU "
                 f"{slips_naive['cpu_s']:.2f} s; {slips_naive['bytes'] / 1000:.0f} KB"),
    ]
