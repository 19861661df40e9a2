"""Printing rows: a session's scoring cards for 100 tables (issue 4) and 400 slips (issue 5).

Each PDF is timed through its service function in a fresh request context, as the view
calls it: rows read from the database, QR codes made, the form laid out once by
WeasyPrint, every card's data drawn over it through HarfBuzz (fpdf2), PDF written. Beside
each figure, the naive render of the same pages: one WeasyPrint document in which every
card (or sheet of slips) lays out its whole form again. The QR row times the codes alone:
qrcode with the one fixed mask, against qrcode choosing the best of eight.
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


# Names in four scripts, for the row that shows they cost what Latin names cost.
WORLD = ("王小明", "สมชาย ใจดี", "عائشة الحسن", "김민준", "山田 太郎", "Zoë Ñúñez")


def _tournament(app, world: bool = False) -> int:
    """Register 400 players and seat session 1 through the services; return the id."""
    from judgeaid.extensions import db
    from judgeaid.services import accounts, players, seating
    from judgeaid.services.demo import FAMILY, GIVEN

    names = [f"{given} {family}" for family in FAMILY for given in GIVEN][:PLAYERS]
    if world:
        names = [f"{WORLD[i % len(WORLD)]} {i}" if i % 2 else name
                 for i, name in enumerate(names)]
    with app.test_request_context():
        tournament, organizer = accounts.create_tournament(
            "World Open" if world else "Bench Open", "csom", "Bench Organizer", "246810",
            seed=11)
        for name in names:
            players.add_player(tournament, name, None, organizer)
        seating.seat_session(tournament, 1, organizer)
        db.session.commit()
        return tournament.id


def _timed(ctx, tournament_id: int, render) -> tuple[float, float, bytes]:
    """Run render(tournament) in a fresh request context; return wall s, CPU s and the PDF."""
    from judgeaid.extensions import db
    from judgeaid.models import Tournament
    from judgeaid.printing.qr import qr_runs

    qr_runs.cache_clear()  # every timed render makes its QR codes
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


def _codes(urls: list[str], mask: int | None) -> dict:
    """Time making the QR codes of urls, with one mask or (None) the best of eight."""
    import qrcode
    from qrcode.constants import ERROR_CORRECT_M

    started, cpu = time.perf_counter(), time.process_time()
    for url in urls:
        code = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=4, mask_pattern=mask)
        code.add_data(url)
        code.make(fit=True)
        code.get_matrix()
    return {"wall_s": time.perf_counter() - started, "cpu_s": time.process_time() - cpu,
            "load": round(os.getloadavg()[0], 1)}


def run(ctx) -> list[Row]:
    """Time 100 scoring cards and 400 slips, each beside its naive render, and QR codes."""
    from judgeaid.printing.cards import render_cards
    from judgeaid.printing.qr import MASK
    from judgeaid.printing.slips import render_slips

    tid = _tournament(ctx.app)
    world = _tournament(ctx.app, world=True)
    runs = ctx.reps(5, 1)
    cards = _measure(ctx, tid, lambda t: render_cards(t, 1), runs)
    cards_world = _measure(ctx, world, lambda t: render_cards(t, 1), 1)
    cards_naive = _naive(ctx, tid, lambda t: render_cards(t, 1, stamped=False))
    sheets = _measure(ctx, tid, lambda t: render_cards(t, 1, layout="a4"), 1)
    slips = _measure(ctx, tid, lambda t: render_slips(t, 1), runs)
    slips_world = _measure(ctx, world, lambda t: render_slips(t, 1), 1)
    slips_naive = _naive(ctx, tid, lambda t: render_slips(t, 1, stamped=False))
    urls = [f"{ctx.url}/p/{n:024d}" for n in range(PLAYERS)]
    codes = _codes(urls, MASK)
    codes_naive = _codes(urls, None)
    ctx.details[AREA] = {"cards": cards, "cards_world": cards_world,
                         "cards_naive": cards_naive, "cards_a4": sheets,
                         "slips": slips, "slips_world": slips_world,
                         "slips_naive": slips_naive, "qr_codes": codes,
                         "qr_codes_best_mask": codes_naive}

    def seconds(m: dict) -> str:
        return f"{m['wall_s']:.2f} s"

    def note(m: dict, what: str) -> str:
        # On a busy machine the wall clock mostly measures waiting: the CPU time says what
        # the print itself costs.
        return (f"median of {m['runs']} after a warm-up, wall clock (best {m['best_s']:.2f} s); "
                f"CPU {m['cpu_s']:.2f} s at load {m['load']}; {what}; "
                f"{m['bytes'] / 1000:.0f} KB")

    return [
        Row(AREA, "cards.pdf, session of 100 tables (form laid out once, data drawn)",
            seconds(cards), f"< {CARDS_TARGET_S} s", f"naive {seconds(cards_naive)}",
            verdict(cards["wall_s"] < CARDS_TARGET_S),
            note(cards, "100 cards 3.7 × 8.5 in, a QR code each; the form laid out once by "
                        "WeasyPrint and put under every card as one PDF form object "
                        "(pikepdf); each card's own data drawn at the form's coordinates "
                        "by fpdf2, every line shaped by HarfBuzz; QR codes as vectors")),
        Row(AREA, "cards.pdf, 100 tables, half the names Chinese, Thai, Arabic, Korean...",
            seconds(cards_world),
            note=note(cards_world, "the same path: fallback fonts (Noto CJK, Waree) and "
                                   "shaping, no second path")),
        Row(AREA, "cards.pdf, 100 tables, naive (baseline)", seconds(cards_naive),
            note=f"one render, one document, every card laid out whole; CPU "
                 f"{cards_naive['cpu_s']:.2f} s; {cards_naive['bytes'] / 1000:.0f} KB"),
        Row(AREA, "cards.pdf, 100 tables on A4 sheets, 2 a sheet", seconds(sheets),
            note=note(sheets, "50 sheets with cut marks")),
        Row(AREA, f"slips.pdf, {PLAYERS} players (forms laid out once, data drawn)",
            seconds(slips), f"≤ {SLIPS_TARGET_S} s", f"naive {seconds(slips_naive)}",
            verdict(slips["wall_s"] <= SLIPS_TARGET_S),
            note(slips, "40 A4 sheets of 10 slips and 2 pages of the list by name; each "
                        "sheet shape's form and the list laid out once by WeasyPrint, the "
                        "slips' data drawn over them; 400 QR codes (qrcode) as vectors")),
        Row(AREA, f"slips.pdf, {PLAYERS} players, half the names in other scripts",
            seconds(slips_world), note=note(slips_world, "the same path")),
        Row(AREA, f"slips.pdf, {PLAYERS} players, naive (baseline)", seconds(slips_naive),
            note=f"one render, every sheet's form laid out again; CPU "
                 f"{slips_naive['cpu_s']:.2f} s; {slips_naive['bytes'] / 1000:.0f} KB"),
        Row(AREA, f"{PLAYERS} QR codes (qrcode, mask {MASK} fixed)", seconds(codes),
            baseline=f"best of 8 masks {seconds(codes_naive)}",
            note=f"the module matrices alone; CPU {codes['cpu_s']:.2f} s (best of 8: "
                 f"{codes_naive['cpu_s']:.2f} s) at load {codes['load']}"),
    ]
