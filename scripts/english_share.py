"""Print how much of what a Chinese reader sees is still English, page by page (issue 29).

    python scripts/english_share.py            # every page, the most English first
    python scripts/english_share.py --worst 20 # only the 20 worst pages in each locale

Builds a ZJ and an MCR demo in a throwaway SQLite database, crawls every page each role
(player by their link, judge, organizer) reaches with a Traditional, then a Simplified Chinese
browser, and measures each page as tests/i18n/test_chinese_crawl.py does (tests/i18n/english.py
says what counts as English: names, numbers, citations and kept acronyms do not). The printed
seating slips and scoring cards, with the event's language set to each locale, are measured
too, a printed line a piece. Ends with each locale's total share, the figure the closing note
of issue 29 reports.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def printed(app, demo: dict, code: str, classifier) -> list:
    """Measure the event's printed slips and cards in each Chinese locale (a line a piece)."""
    import pypdfium2 as pdfium

    from judgeaid.extensions import db
    from judgeaid.models import Tournament
    from tests.i18n.english import BROWSERS, Measure, sign_in

    tid = demo["tournament_id"]
    found = []
    for locale in BROWSERS:
        with app.app_context():
            tournament = db.session.get(Tournament, tid)
            tournament.settings = {**(tournament.settings or {}), "language": locale}
            db.session.commit()
        client = app.test_client()
        sign_in(client, demo, "judge")
        for what in ("slips", "cards"):
            url = f"/t/{tid}/print/{what}.pdf?session=1"
            doc = pdfium.PdfDocument(client.get(url).data)
            try:
                lines = [line.strip() for page in doc
                         for line in page.get_textpage().get_text_range().splitlines()]
            finally:
                doc.close()
            m = Measure(url=url, role="print", ruleset=code, locale=locale, lang=locale)
            for line in filter(None, lines):
                kind = classifier.sort(line)
                if kind == "english":
                    m.english.append(line)
                elif kind == "translated":
                    m.translated += 1
            found.append(m)
    with app.app_context():
        tournament = db.session.get(Tournament, tid)
        tournament.settings = {k: v for k, v in tournament.settings.items() if k != "language"}
        db.session.commit()
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worst", type=int, default=0, help="show only the N worst pages")
    args = parser.parse_args()
    subprocess.run([sys.executable, str(ROOT / "scripts" / "i18n.py"), "compile"], check=True)

    from judgeaid import create_app
    from judgeaid.demo import create_demo
    from judgeaid.extensions import db
    from tests.i18n.english import (
        BROWSERS,
        Classifier,
        describe,
        event_names,
        measure_event,
        total_share,
        worst,
    )

    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"TESTING": True, "WTF_CSRF_ENABLED": False, "SERVER_NAME": None,
                          "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/english.sqlite"})
        made = {}
        with app.app_context():
            db.create_all()
            with app.test_request_context():
                for code in ("zj", "mcr"):
                    made[code] = create_demo(8, 5, ruleset=code)
                db.session.commit()
        measures = []
        for code, demo in made.items():
            measures += measure_event(app, demo, code)
            with app.app_context():
                classifier = Classifier(event_names(demo["tournament_id"]))
            measures += printed(app, demo, code, classifier)
        with app.app_context():
            db.session.remove()
            db.engine.dispose()
    print(" share  English/counted  locale  rs  role      page  (English pieces)")
    for locale in BROWSERS:
        pages = [m for m in measures if m.locale == locale]
        shown = worst(pages, args.worst or len(pages))
        for m in shown:
            print(describe(m))
        wrong = sorted({m.url for m in pages if m.lang != locale})
        if wrong:
            print(f"{locale}: {len(wrong)} pages say another <html lang>: {', '.join(wrong)}")
    print()
    for locale in BROWSERS:
        pages = [m for m in measures if m.locale == locale]
        english = sum(len(m.english) for m in pages)
        counted = sum(m.counted for m in pages)
        paper = [m for m in pages if m.role == "print"]
        print(f"{locale}: {total_share(pages):.1%} English ({english} of {counted} text pieces "
              f"on {len(pages)} pages and prints; printed slips and cards alone: "
              f"{total_share(paper):.1%})")


if __name__ == "__main__":
    main()
