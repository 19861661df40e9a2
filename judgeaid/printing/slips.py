"""Printed seating slips (§3.4, A.2.3) and the notice-board list of who sits where.

Every slip of a session shares its form (tournament, session, start time, labels, cut
lines), so the form is laid out once per sheet shape, with the list, and the slips' data
is drawn over it (printing/overlay.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from flask import render_template, request
from flask_babel import gettext as _
from sqlalchemy import select

from judgeaid import hanzi
from judgeaid.extensions import db
from judgeaid.i18n import page_lang
from judgeaid.models import Player, PlaySession, Seat, Table, Team, Tournament
from judgeaid.printing import fit, public_url, wrap
from judgeaid.printing.cards import session_or_404
from judgeaid.printing.fonts import faces_for
from judgeaid.printing.language import (
    N_,
    PrintLanguage,
    cjk_region,
    local,
    print_language,
    print_tag,
    printing_in,
    say,
    start_text,
    template_context,
    wind,
)
from judgeaid.printing.overlay import Overlay
from judgeaid.printing.pdf import create_pdf
from judgeaid.printing.qr import qr_modules, qr_svg_uri
from judgeaid.services.errors import ServiceError
from judgeaid.wording import ruleset_view

SEAT_WINDS = ("E", "S", "W", "N")  # Seat.position indexes these (§1.2.2)
PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
QR_SIZE = 0.92  # inches, at most: the code's corner in each slip is 0.92 in square
# Module sizes (inches) that divide a slip sheet's pitch (3.6 in × 2.0 in) exactly, so the
# codes of a sheet laid out whole (one SVG image) sit where the drawn ones do.
MODULES = (0.025, 0.02, 0.0125, 0.01, 0.008, 0.005)


@dataclass(frozen=True)
class SlipSheet:
    """Slips in a grid on a sheet, and the list's columns, in inches."""

    width: float
    height: float
    slip_width: float = 3.6
    slip_height: float = 2.0
    columns: int = 2
    rows: int = 5
    list_row: float = 0.135  # one line of the notice-board list
    list_top: float = 0.95
    list_columns: int = 3

    @property
    def per_page(self) -> int:
        """Return how many slips a sheet holds."""
        return self.columns * self.rows

    @property
    def left(self) -> float:
        """Return the left margin that centres the slips."""
        return round((self.width - self.columns * self.slip_width) / 2, 3)

    @property
    def top(self) -> float:
        """Return the top margin that centres the slips."""
        return round((self.height - self.rows * self.slip_height) / 2, 3)

    @property
    def list_lines(self) -> int:
        """Return how many players a column of the notice-board list holds."""
        return int((self.height - self.list_top - 0.5) / self.list_row)


def local_time(moment: datetime | None, zone: str) -> str:
    """Return a UTC start time as the venue's clock shows it ("Sat 17 May, 13:30 CEST"), in
    the print language."""
    return start_text(moment, zone)


def session_slips(tournament: Tournament, number: int, *, schedule: bool = False
                  ) -> tuple[list[dict], datetime | None]:
    """Return one slip's data per seated player, by name, and the session's start time; with
    `schedule`, each slip's later seated sessions too (issue 30)."""
    session = session_or_404(tournament, number)
    rows = db.session.execute(
        select(Player.number, Player.name, Player.token, Table.number, Seat.position,
               Team.name)
        .join(Seat, Seat.player_id == Player.id).join(Table, Table.id == Seat.table_id)
        .outerjoin(Team, Team.id == Player.team_id)
        .where(Table.session_id == session.id)).all()
    slips = [{"number": n, "name": name, "table": table, "team": team or "",
              "seat": wind(SEAT_WINDS[position], both=False),
              "url": public_url("players.page", token=token)}
             for n, name, token, table, position, team in rows]
    if schedule:
        ahead = _seated_ahead(tournament, number)
        for slip in slips:
            slip["schedule"] = ahead.get(slip["number"], [])
    lang = page_lang()
    slips.sort(key=lambda s: (hanzi.sort_key(s["name"], lang), s["number"]))
    return slips, session.starts_at


def _seated_ahead(tournament: Tournament, number: int) -> dict[int, list[str]]:
    """Return each player's seated sessions after `number`, as short texts by player number."""
    rows = db.session.execute(
        select(Player.number, PlaySession.number, Table.number, Seat.position)
        .join(Seat, Seat.player_id == Player.id).join(Table, Table.id == Seat.table_id)
        .join(PlaySession, PlaySession.id == Table.session_id)
        .where(PlaySession.tournament_id == tournament.id, PlaySession.number > number,
               PlaySession.is_seated)
        .order_by(PlaySession.number)).all()
    ahead: dict[int, list[str]] = {}
    for player, session, table, position in rows:
        ahead.setdefault(player, []).append(local(
            N_("S%(session)s T%(table)s %(seat)s"), session=session, table=table,
            seat=wind(SEAT_WINDS[position], both=False)))
    return ahead


def under_lines(slip: dict) -> list[str]:
    """Return the TEAM_LINES lines under a slip's table and seat: its team's name, or with the
    print's schedule option (issue 30) its later seated sessions, the team (if any) then on
    the first line only."""
    items = slip.get("schedule") or []
    if not items:
        return team_lines(slip["team"])
    # the print language only, even bilingual: a slip's line has no room for two
    if not slip["team"]:
        return [fit(local(N_("Then: %(sessions)s"), sessions=" · ".join(items[:3])), TEAM_EMS),
                fit(" · ".join(items[3:]), TEAM_EMS)]
    return [fit(say(N_("Team: %(name)s"), name=slip["team"]), TEAM_EMS),
            fit(local(N_("Then: %(sessions)s"), sessions=" · ".join(items)), TEAM_EMS)]


def place_slips(slips: list[dict], sheet: SlipSheet) -> list[dict]:
    """Put the slips on pages, row by row: a page's data is a few blocks of lines."""
    pages = []
    for start in range(0, len(slips), sheet.per_page):
        chunk = slips[start:start + sheet.per_page]
        # One block per column of slips and kind of text, a line a slip tall per slip:
        # WeasyPrint's cost is per block, so ten slips make six blocks, not thirty.
        columns = [chunk[c::sheet.columns] for c in range(sheet.columns)]
        pages.append({
            "count": len(chunk),
            "columns": [{
                "left": round(sheet.left + c * sheet.slip_width, 3),
                "names": "\n".join(fit(s["name"], 12.5) for s in column),  # 12pt bold, 2.35 in
                "numbers": "\n".join(say(N_("Player No. %(n)s"), n=s["number"]) for s in column),
                # a team's name whole, on up to TEAM_LINES lines below the table and seat (with
                # the later sessions there when the print asks for them, issue 30)
                **{f"teams{i}": "\n".join(under_lines(s)[i] for s in column)
                   for i in range(TEAM_LINES)},
                "tables": "\n".join(str(s["table"]) for s in column),
                "seats": "\n".join(s["seat"] for s in column),
            } for c, column in enumerate(columns) if column],
            "urls": [s["url"] for s in chunk],
        })
    return pages


# A team's name on a slip: 6.5 pt lines under the table and seat, as wide as the name's
# column (2.35 in, 26 em), as many as the slip has room for above its note.
TEAM_SIZE = 6.5
TEAM_TOP = 1.46  # inches from the slip's top
TEAM_LEADING = 0.1  # inches from one line to the next
TEAM_LINES = 2
TEAM_EMS = 2.35 * 72 / TEAM_SIZE


def team_lines(team: str) -> list[str]:
    """Return a team's name in TEAM_LINES lines (the last ones may be empty): wrapped at
    spaces, whole unless longer than them all (then the last line ends with an ellipsis)."""
    lines = wrap(say(N_("Team: %(name)s"), name=team) if team else "", TEAM_EMS)
    if len(lines) > TEAM_LINES:
        lines = [*lines[:TEAM_LINES - 1], fit(" ".join(lines[TEAM_LINES - 1:]), TEAM_EMS)]
    return lines + [""] * (TEAM_LINES - len(lines))


def list_pages(slips: list[dict], sheet: SlipSheet) -> list[list[dict]]:
    """Return the notice-board list, by name, in columns of preformatted lines."""
    per_column = sheet.list_lines
    columns = [slips[i:i + per_column] for i in range(0, len(slips), per_column)]
    width = (sheet.width - 1.0) / sheet.list_columns
    return [[{"left": _inch(0.5 + j * width), "width": _inch(width),
              "names": "\n".join(f"{fit(s['name'], 12)} ({s['number']})" for s in column),
              "tables": "\n".join(str(s["table"]) for s in column),
              "seats": "\n".join(s["seat"] for s in column)}
             for j, column in enumerate(columns[k:k + sheet.list_columns])]
            for k in range(0, len(columns), sheet.list_columns)]


def cut_lines(sheet: SlipSheet, count: int) -> list[dict]:
    """Return the cut lines of a sheet holding `count` slips, edge to edge."""
    rows = -(-count // sheet.columns)
    columns = min(count, sheet.columns)
    bottom = sheet.top + rows * sheet.slip_height
    lines = [{"kind": "h", "at": _inch(sheet.top + r * sheet.slip_height)}
             for r in range(rows + 1)]
    lines += [{"kind": "v", "at": _inch(sheet.left + c * sheet.slip_width),
               "to": _inch(bottom)} for c in range(columns + 1)]
    return lines


def _slots(count: int, sheet: SlipSheet) -> list[dict]:
    return [{"left": _inch(sheet.left + (i % sheet.columns) * sheet.slip_width),
             "top": _inch(sheet.top + (i // sheet.columns) * sheet.slip_height)}
            for i in range(count)]


def module_size(urls: list[str]) -> float:
    """Return the module size, in inches, that fits the largest code into its corner."""
    modules = max(map(qr_modules, urls))
    return next((size for size in MODULES if modules * size <= QR_SIZE), MODULES[-1])


def _inch(value: float) -> str:
    return f"{value:.3f}in"


def draw_slips(pages: list[dict], sheet: SlipSheet, lift: dict, title: str,
               blank: int = 0) -> Overlay:
    """Return every sheet's slips drawn where the slips stylesheet puts their data, then
    `blank` empty pages (for pages that are all form)."""
    overlay = Overlay(sheet.width, sheet.height, faces_for(cjk_region()), title=title,
                      lang=print_tag())
    row = sheet.slip_height
    height = row * sheet.rows
    for page in pages:
        overlay.add_page()
        for column in page["columns"]:
            left = column["left"] + 0.14
            top = sheet.top + 0.57 - lift[12]
            overlay.lines(left, top, column["names"], face="bold", size=12, line_height=row,
                          clip=(left, top, 2.35, height))
            overlay.lines(left, sheet.top + 0.78 - lift[8], column["numbers"], face="sans",
                          size=8, line_height=row)
            top = sheet.top + 1.06 - lift[24]
            overlay.lines(left, top, column["tables"], face="bold", size=24, line_height=row)
            overlay.lines(column["left"] + 1.04, top, column["seats"], face="bold", size=24,
                          line_height=row)
            for i in range(TEAM_LINES):
                top = sheet.top + TEAM_TOP + i * TEAM_LEADING - lift["team"]
                overlay.lines(left, top, column[f"teams{i}"], face="sans", size=TEAM_SIZE,
                              line_height=row, clip=(left, top, 2.35, height))
        module = module_size(page["urls"])
        for i, url in enumerate(page["urls"]):
            left = sheet.left + (i % sheet.columns) * sheet.slip_width + 2.56
            top = sheet.top + (i // sheet.columns) * sheet.slip_height + 0.14
            overlay.qr(url, left, top, qr_modules(url) * module)
    for _page in range(blank):
        overlay.add_page()
    return overlay


def render_slips(tournament: Tournament, number: int, *, paper: str = "a4",
                 stamped: bool = True, language: PrintLanguage | None = None,
                 schedule: bool = False) -> bytes:
    """Return the PDF of a session's seating slips, then the list for the notice board.

    Stamped, each sheet shape's form is laid out once by WeasyPrint, the list with it, and
    the slips' data is drawn over the forms (printing/overlay.py). `stamped=False` lays
    out every sheet whole, the naive way the benchmark and the tests compare with.
    Printed in `language` (printing/language.py), English if not given.
    """
    if paper not in PAPERS:
        raise ServiceError(_("Print slips on %(papers)s paper.", papers=" or ".join(PAPERS)))
    with printing_in(language or print_language(tournament)):
        return _render_slips(tournament, number, paper, stamped, schedule)


def _render_slips(tournament: Tournament, number: int, paper: str, stamped: bool,
                  schedule: bool = False) -> bytes:
    sheet = SlipSheet(*PAPERS[paper])
    slips, starts_at = session_slips(tournament, number, schedule=schedule)
    pages = place_slips(slips, sheet)
    # One form per sheet shape: full sheets, and the last one if it is not full.
    shapes = sorted({page["count"] for page in pages}, reverse=True)
    context = {
        "title": say(N_("%(event)s: seating slips, session %(n)s"), event=tournament.name,
                     n=number),
        "sheet": sheet, "paper": {"width": _inch(sheet.width), "height": _inch(sheet.height)},
        "tournament": fit(tournament.name, 19), "session": number,
        "rules": ruleset_view(tournament.ruleset),
        "starts": local_time(starts_at, tournament.time_zone),
        "lists": list_pages(slips, sheet),
        # Lines a slip tall put one row of slips per line; lift each block by its half-leading.
        "lift": {size: round((sheet.slip_height - size * 1.17 / 72) / 2, 3)
                 for size in (8, 12, 24)} | {
            "team": round((sheet.slip_height - TEAM_SIZE * 1.17 / 72) / 2, 3)},
        "team": {"size": TEAM_SIZE, "top": TEAM_TOP, "leading": TEAM_LEADING,
                 "lines": TEAM_LINES},
        **template_context(),
    }
    forms = [{"count": n, "cuts": cut_lines(sheet, n), "slots": _slots(n, sheet)} for n in shapes]
    if not stamped:
        pitch = (sheet.slip_width, sheet.slip_height)
        pages = [{**page, "codes": qr_svg_uri(page["urls"], sheet.columns, pitch,
                                              module_size(page["urls"]))} for page in pages]
        html = render_template("print/slips.html", pages=pages, part="both", forms=forms,
                               shape={n: i for i, n in enumerate(shapes)}, **context)
        return create_pdf(html, request.url_root)
    order = [shapes.index(page["count"]) for page in pages]
    lists = list(range(len(shapes), len(shapes) + len(context["lists"])))
    # The list comes with the forms, laid out by WeasyPrint, under blank data pages.
    form = create_pdf(render_template("print/slips.html", part="forms-and-lists", forms=forms,
                                      **context), request.url_root)
    overlay = draw_slips(pages, sheet, context["lift"], context["title"], blank=len(lists))
    return overlay.output(form, order + lists)
