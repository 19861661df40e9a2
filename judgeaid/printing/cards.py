"""Printed Official Scoring Cards (ZJM A.2.2, §4.9), and for an MCR event its score sheet
(MCR Appendix 5, on the same paper card): plain data per card, then one PDF.

The form (rules, labels, the dealer's shading and every seat's wind per round) is the same
on every card of a print job, so it is laid out once and stamped under each card's own data.
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import render_template, request
from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from judgeaid import venuetime
from judgeaid.extensions import db
from judgeaid.models import Card, Player, PlaySession, Seat, Table, Team, Tournament
from judgeaid.printing import fit, public_url, wrap
from judgeaid.printing.fonts import faces_for
from judgeaid.printing.language import (
    N_,
    PrintLanguage,
    cjk_region,
    local,
    pair,
    print_language,
    print_tag,
    printing_in,
    say,
    template_context,
    wind,
    wind_letter,
)
from judgeaid.printing.overlay import POINT, Overlay
from judgeaid.printing.pdf import create_pdf
from judgeaid.printing.qr import qr_modules, qr_svg_uri
from judgeaid.rules import get_ruleset
from judgeaid.services.call_ups import table_token
from judgeaid.services.card_views import card_view
from judgeaid.services.errors import NotFound, ServiceError
from judgeaid.tournament.rotation import WINDS
from judgeaid.wording import ruleset_view

CARD_WIDTH, CARD_HEIGHT = 3.7, 8.5  # inches: the paper card of A.2.2
MAX_SPARE = 40
# The rounds are set in a monospaced font sized so that FIELD characters fill one column
# exactly (DejaVu Sans Mono's advance is 1233/2048 em): columns by spaces, never by tabs,
# which WeasyPrint 70 draws about 2.4 % wider than asked (more after a fallback font).
FIELD = 8
MONO_ADVANCE = 1233 / 2048


def form_words(ruleset: str, scheme: str, rotation: str) -> dict:
    """Return the printed form's words in the event's ruleset's own (its words table), in the
    print language."""
    words = ruleset_view(ruleset)["words"]
    # A bilingual print adds the English title where one line of the kicker holds both.
    kicker = pair(words["print.kicker"], get_ruleset(ruleset).words["print.kicker"].upper())
    kicker = kicker if fit(kicker, 20) == kicker else words["print.kicker"]
    return {"kicker": kicker, "ruleset": words["ruleset.name"],
            "rules": (words.get(f"print.scheme_{scheme}", scheme) + " · "
                      + words.get(f"print.rotation_{rotation}", rotation)),
            "round": words["print.round_short"], "penalties": words["print.penalties_cite"],
            "signatures": words["print.signatures_note"]}


def is_score_sheet(ruleset: str) -> bool:
    """Return whether a ruleset's printed card is an Appendix 5 score sheet (sheet_geometry)."""
    return get_ruleset(ruleset).can.print_form == "score_sheet"


@dataclass(frozen=True)
class Sheet:
    """A paper size and how many cards go side by side on it, in inches."""

    width: float
    height: float
    per_page: int


SHEETS = {
    "card": Sheet(CARD_WIDTH, CARD_HEIGHT, 1),
    # Two cards side by side on portrait paper: 7.4 in fits both widths and leaves room
    # above and below the 8.5 in card for cut marks (a landscape sheet is too short).
    "letter": Sheet(8.5, 11.0, 2),
    "a4": Sheet(8.27, 11.69, 2),
}


def card_geometry() -> dict:
    """Return where every line and box of the card sits, in inches from its top-left."""
    left, top, inner = 0.16, 0.17, 3.38
    grid_top, head, row, foot = 1.25, 0.62, 0.262, 0.3
    # The dealer's and the players' columns are one step wide: FIELD characters of the data.
    step = 0.62
    widths = (inner - 5 * step, step, step, step, step, step)
    lefts = [round(left + sum(widths[:i]), 3) for i in range(len(widths))]
    row_tops = [round(grid_top + head + i * row, 3) for i in range(16)]
    penalty_top = round(row_tops[-1] + row, 3)
    total_top = round(penalty_top + foot, 3)
    bottom = round(total_top + foot, 3)
    sign_top, sign_height, sign_width, sign_pitch = bottom + 0.09, 0.4, 1.62, 0.44
    signs = [(left if i % 2 == 0 else round(left + inner - sign_width, 3),
              round(sign_top + 0.14 + (i // 2) * sign_pitch, 3)) for i in range(6)]
    lines = ([{"at": grid_top, "thick": False}, {"at": row_tops[0], "thick": False}]
             + [{"at": round(t + row, 3), "thick": i % 4 == 3} for i, t in enumerate(row_tops)]
             + [{"at": total_top, "thick": True}, {"at": bottom, "thick": False}])
    return {
        "width": CARD_WIDTH, "height": CARD_HEIGHT, "left": left, "top": top, "inner": inner,
        "grid_top": grid_top, "grid_height": round(bottom - grid_top, 3), "row_height": row,
        "foot_height": foot, "row_tops": row_tops, "penalty_top": penalty_top,
        "total_top": total_top, "lines": lines,
        "columns": list(zip(lefts, widths, strict=True)),
        "verticals": [*lefts, round(left + inner, 3)],
        "qr_left": 2.59, "qr_top": top, "qr_size": 0.92,
        "column_step": step,
        "mono_size": round(step * 72 / FIELD / MONO_ADVANCE, 3),
        "sign_top": round(sign_top, 3), "sign_height": sign_height,
        "sign_width": sign_width, "sign_pitch": sign_pitch, "signs": signs,
        # The names' lines are a pitch tall; lift them by the half-leading of 6pt type.
        "who_top": round(signs[0][1] - (sign_pitch - 6 * 1.17 / 72) / 2, 3),
        "foot_top": 8.3,
    }


def card_form(tournament: str, rotation: str, scheme: str, ruleset: str) -> dict:
    """Return the form every card of the print job shares, as plain data."""
    # Columns are the players in starting-seat order, so each column's wind per round
    # depends only on the rotation (§3.4; MCR Appendix 4 is the standard one), never on who
    # sits there.
    seats = get_ruleset(ruleset).session.session_seats(
        dict(zip(WINDS, (1, 2, 3, 4), strict=True)), rotation)
    return {
        **form_words(ruleset, scheme, rotation),
        "tournament": fit(tournament, 30),  # two lines of 9pt bold at most
        "rounds": [{"round": s.round_no, "winds": [s.winds[n] for n in (1, 2, 3, 4)]}
                   for s in seats],
        # each wind in one character of the print language ("E", "東"), bilingual "東 E"
        "letters": {w: wind_letter(w) for w in WINDS},
    }


def initials(name: str) -> str:
    """Return a name's initials, at most three letters (the dealer column is narrow)."""
    return "".join(part[0] for part in name.split())[:3].upper()


def card_data(view: dict | None, *, session: int, url: str | None = None,
              blank: bool = False) -> dict:
    """Return one card's own data: table, players, dealers, and the rounds recorded so far."""
    if view is None:
        return {"session": session, "table": None, "qr": None, "heads": [], "dealers": "",
                "scores": "", "sums": "", "signers": [], "notes": [], "foot": ""}
    numbers = [p["number"] for p in view["players"]]
    names = dict(zip(numbers, (p["name"] for p in view["players"]), strict=True))
    # a substitute (§4.15) deals and scores in the seat they took
    everyone = {p["number"]: p["name"] for p in view.get("people", view["players"])}
    rounds = view["rounds"]
    filled = not blank and (any(r["recorded"] or r.get("result") == "not_played" for r in rounds)
                            or any(not p["is_void"] for p in view["penalties"]))
    totals = view["totals"]
    zone = view["tournament"].get("time_zone", venuetime.DEFAULT_ZONE)  # the venue's date
    confirmed = _confirmed(view, zone)
    labels = [fit(f"{n} {names[n]}", 24) for n in numbers]
    # MCR §3.9.2 each player's table points beside their signature, once the card is settled
    points = view.get("table_points") if filled else None
    notes = [" · ".join(part for part in (
                 say(N_("table points %(points)s"), points=_points(points[n])) if points else "",
                 confirmed[n] if filled and n in confirmed else "")
                 if part)
             for n in numbers]
    return {
        "session": session, "table": view["table"], "qr": url,
        # Few blocks, many lines: WeasyPrint's cost is per block and per line. Columns of
        # scores are spaces in a monospaced font; tabs would drift (and more with CJK).
        "heads": [local(N_("No. %(n)s"), n=n) + "\n"
                  + "\n".join(fit(part, 5.6) for part in _two_lines(names[n]))
                  for n in numbers],
        "dealers": "\n".join(f"{initials(everyone[r['dealer']])} {r['dealer']}" for r in rounds),
        "scores": "\n".join("".join(_cell(r, n) for n in numbers).rstrip() for r in rounds)
                  if filled else "",
        "sums": "\n".join("".join(_field(_signed(totals[n][key])) for n in numbers)
                          for key in ("penalties", "total")) if filled else "",
        # Signature boxes: E and S side by side, then W and N (see card_geometry).
        "signers": ["\n".join(labels[0::2]), "\n".join(labels[1::2])],
        "notes": ["\n".join(notes[0::2]), "\n".join(notes[1::2])] if any(notes) else [],
        "foot": _foot(url, view["version"]) if filled else "",
    }


def _foot(url: str | None, version: int) -> str:
    return say(N_("%(url)s · card version %(version)s"), url=url, version=version)


def _where(c: dict) -> str:
    """Return the card's session and table, in the print language only: 15pt has no room for
    a second language, and the numbers read in any."""
    return _("Session %(session)s · Table %(table)s", session=c["session"],
             table=c["table"] or "____")


def _points(value: float) -> str:
    return f"{value:g}" if value == round(value, 2) else f"{value:.2f}"


def _two_lines(name: str) -> list[str]:
    first, _, rest = name.partition(" ")
    return [first, rest]


def _field(text: str) -> str:
    return text.rjust(FIELD - 1) + " "


def _signed(value: int) -> str:
    # ASCII signs: the scores are set in a monospaced font, which may lack U+2212.
    return f"+{value}" if value > 0 else str(value)


def _cell(line: dict, number: int) -> str:
    if line.get("result") == "not_played":  # §3.4 the session time ran out
        return _field("-")
    if line["recorded"]:
        return _field(_signed(line["deltas"][line.get("seated", {}).get(number, number)]))
    return " " * FIELD


def session_or_404(tournament: Tournament, number: int) -> PlaySession:
    """Return the tournament's session `number` if it has tables, or raise NotFound."""
    session = db.session.scalar(select(PlaySession).where(
        PlaySession.tournament_id == tournament.id, PlaySession.number == number))
    if session is None or not session.tables:
        raise NotFound(_("Session %(n)s has no tables yet: seat it before printing.", n=number))
    return session


def session_cards(tournament: Tournament, number: int, *, blank: bool = False,
                  tables: list[int] | None = None, spare: int = 0) -> list[dict]:
    """Return the data of a session's cards: one per table (or the chosen ones), then spares."""
    session = session_or_404(tournament, number)
    if not 0 <= spare <= MAX_SPARE:
        raise ServiceError(_("Print from 0 to %(most)s spare cards.", most=MAX_SPARE))
    wanted = set(tables) if tables is not None else None
    missing = sorted((wanted or set()) - {t.number for t in session.tables})
    if missing:
        raise ServiceError(_("Session %(n)s has no table %(table)s.", n=number,
                             table=missing[0]))
    # Seats and players in two queries, so card_view finds them loaded.
    db.session.scalars(select(Table).where(Table.session_id == session.id)
                       .options(selectinload(Table.seats).selectinload(Seat.player))).all()
    cards = db.session.scalars(select(Card).join(Table).where(Table.session_id == session.id)
                               .order_by(Table.number)).all()
    if is_score_sheet(tournament.ruleset):
        teams = dict(db.session.execute(select(Player.number, Team.name).join(Player.team)
                                        .where(Player.tournament_id == tournament.id)).all())
        data = [sheet_data(card_view(card), session=number, blank=blank, teams=teams,
                           url=table_link(card.id))
                for card in cards if wanted is None or card.table.number in wanted]
        data += [sheet_data(None, session=number) for _ in range(spare)]
    else:
        data = [card_data(card_view(card), session=number, blank=blank,
                          url=table_link(card.id))
                for card in cards if wanted is None or card.table.number in wanted]
        data += [card_data(None, session=number) for _ in range(spare)]
    if not data:
        raise ServiceError(_("Nothing to print: choose some tables or spare cards."))
    return data


def place_cards(cards: list[dict], sheet: Sheet, *, session: int,
                spare=card_data, fill: bool = True) -> list[list[dict]]:
    """Put the cards on pages, side by side and centred. Where `fill`, a last gap gets a
    spare card (`spare(None, session=...)`); else the last sheet's gap stays bare paper, so
    asking for N spare cards prints N of them."""
    left = (sheet.width - CARD_WIDTH * sheet.per_page) / 2
    top = (sheet.height - CARD_HEIGHT) / 2
    gap = -len(cards) % sheet.per_page if fill else 0
    cards = cards + [spare(None, session=session)] * gap
    return [[{"left": _inch(left + i * CARD_WIDTH), "top": _inch(top), "card": card,
              "x": left + i * CARD_WIDTH, "y": top}
             for i, card in enumerate(cards[start:start + sheet.per_page])]
            for start in range(0, len(cards), sheet.per_page)]


def cut_marks(sheet: Sheet) -> list[dict]:
    """Return the cut marks around the cards of a sheet: short ticks in the margins."""
    if sheet.per_page == 1:
        return []
    left = (sheet.width - CARD_WIDTH * sheet.per_page) / 2
    top = (sheet.height - CARD_HEIGHT) / 2
    gap, tick = 0.08, 0.22
    side = min(tick, left - gap - 0.12)  # stay inside what printers print
    marks = []
    for i in range(sheet.per_page + 1):
        x = _inch(left + i * CARD_WIDTH)
        marks += [{"kind": "v", "left": x, "top": _inch(top - gap - tick),
                   "size": f"height: {_inch(tick)}"},
                  {"kind": "v", "left": x, "top": _inch(top + CARD_HEIGHT + gap),
                   "size": f"height: {_inch(tick)}"}]
    for y in (top, top + CARD_HEIGHT):
        marks += [{"kind": "h", "left": _inch(left - gap - side), "top": _inch(y),
                   "size": f"width: {_inch(side)}"},
                  {"kind": "h", "left": _inch(left + sheet.per_page * CARD_WIDTH + gap),
                   "top": _inch(y), "size": f"width: {_inch(side)}"}]
    return marks


def _inch(value: float) -> str:
    return f"{value:.3f}in"


LINE = 1.15  # the stylesheet's line height, in ems
PAD = 2 * POINT  # the columns' left padding


def table_link(card_id: int) -> str:
    """Return the printed card's QR code: the card's path with the table's token in its query,
    which lets the table call a judge (issue 28); reading needs only the path."""
    return public_url("cards.live", card_id=card_id, t=table_token(card_id))


def _draw_qr_or_spare(overlay: Overlay, g: dict, c: dict, x: float, y: float,
                      spare_words: str) -> None:
    """Draw the card's QR code to its live card; a spare has none, so a dashed box covers the
    code's place and caption and says what to do instead."""
    qr_left, qr_top, qr_size = g["qr_left"] + x, g["qr_top"] + y, g["qr_size"]
    if c["qr"]:
        overlay.qr(c["qr"], qr_left, qr_top, qr_size)
        return
    overlay.box(qr_left, qr_top, qr_size, qr_size + 0.14, border=0.5, colour="#555555",
                dash=1.5)
    overlay.lines(qr_left + 0.5 * POINT, qr_top + 0.5 * POINT + 0.3, spare_words, face="sans",
                  size=6, line_height=6 * LINE * POINT, colour="#333333", center=qr_size - POINT)


def draw_card_data(overlay: Overlay, g: dict, c: dict, x: float = 0, y: float = 0) -> None:
    """Draw one card's own data where the stylesheet puts it, its top-left at (x, y)."""
    left, top = g["left"] + x, g["top"] + y
    overlay.lines(left, top + 0.45, _where(c), face="bold", size=15,
                  line_height=15 * LINE * POINT, clip=(left, top + 0.45, 2.4, 0.3))
    _draw_qr_or_spare(overlay, g, c, x, y, say(N_("Spare card:\nno live card.\nCopy the "
                                                  "rounds\ninto judgeaid.")))
    columns = [(column + x, width) for column, width in g["columns"]]
    head_top = g["grid_top"] + 0.23 + y
    for (column, width), head in zip(columns[2:], c["heads"], strict=False):
        overlay.lines(column + PAD, head_top, head, face="head", size=7,
                      line_height=7 * 1.12 * POINT, clip=(column, head_top, width + PAD, 0.38))
    rows_top, row = g["row_tops"][0] + y, g["row_height"]
    size = g["mono_size"]
    if c["dealers"]:
        column, width = columns[1]
        overlay.lines(column + PAD, rows_top, c["dealers"], face="mono", size=size,
                      line_height=row, clip=(column, rows_top, width + PAD, row * 16))
    if c["scores"]:
        overlay.lines(columns[2][0], rows_top, c["scores"], face="mono", size=size,
                      line_height=row)
    if c["sums"]:
        overlay.lines(columns[2][0], g["penalty_top"] + y, c["sums"], face="mono-bold",
                      size=size, line_height=g["foot_height"])
    who_top, pitch, sign_width = g["who_top"] + y, g["sign_pitch"], g["sign_width"]
    for (sign_left, _top), side in zip(g["signs"], c["signers"], strict=False):
        overlay.lines(sign_left + x + 0.18, who_top, side, face="sans", size=6,
                      line_height=pitch, clip=(sign_left + x, who_top, sign_width + 0.18,
                                               pitch * 2))
    for (sign_left, _top), side in zip(g["signs"], c["notes"], strict=False):
        overlay.lines(sign_left + x + 0.18, who_top + 0.22, side, face="oblique", size=5.5,
                      line_height=pitch, clip=(sign_left + x, who_top + 0.22,
                                               sign_width + 0.18, pitch * 2))
    if c["foot"]:
        foot_top = g["foot_top"] + y
        overlay.lines(left, foot_top, c["foot"], face="sans", size=5, colour="#555555",
                      line_height=5 * LINE * POINT,
                      clip=(left, foot_top, g["inner"], 5 * LINE * POINT))


def draw_cards(pages: list[list[dict]], sheet: Sheet, g: dict, title: str,
               draw=draw_card_data) -> Overlay:
    """Return every card's own data drawn on pages the size of the sheet."""
    overlay = Overlay(sheet.width, sheet.height, faces_for(cjk_region()), title=title,
                      lang=print_tag())
    for page in pages:
        overlay.add_page()
        for slot in page:
            draw(overlay, g, slot["card"], slot["x"], slot["y"])
    return overlay


def with_qr_images(pages: list[list[dict]], size: float) -> list[list[dict]]:
    """Return the pages with each card's QR code as an SVG image, for HTML laid out whole."""
    def image(card: dict) -> dict:
        if not card["qr"]:
            return card
        module = size / qr_modules(card["qr"])
        return {**card, "qr": qr_svg_uri([card["qr"]], 1, (0, 0), module)["src"]}

    return [[{**slot, "card": image(slot["card"])} for slot in page] for page in pages]


def render_cards(tournament: Tournament, number: int, *, layout: str = "card",
                 blank: bool = False, tables: list[int] | None = None, spare: int = 0,
                 stamped: bool = True, language: PrintLanguage | None = None) -> bytes:
    """Return the PDF of a session's scoring cards.

    Stamped, the form is laid out once by WeasyPrint and each card's data drawn over it
    directly (printing/overlay.py). `stamped=False` lays out every card whole, the naive
    way the benchmark and the tests compare with. Printed in `language`
    (printing/language.py), English if not given.
    """
    with printing_in(language or print_language(tournament)):
        return _render_cards(tournament, number, layout, blank, tables, spare, stamped)


def _render_cards(tournament: Tournament, number: int, layout: str, blank: bool,
                  tables: list[int] | None, spare: int, stamped: bool) -> bytes:
    sheet = SHEETS[layout]
    is_sheet = is_score_sheet(tournament.ruleset)  # MCR Appendix 5
    # an odd count of tables gets a spare card in the sheet's gap; spares asked for are
    # printed as many as asked, the gap left bare
    pages = place_cards(session_cards(tournament, number, blank=blank, tables=tables,
                                      spare=spare), sheet, session=number,
                        spare=sheet_data if is_sheet else card_data, fill=not spare)
    settings = tournament.settings
    if is_sheet:
        g = sheet_geometry(get_ruleset(tournament.ruleset).session.rounds)
        form_data = sheet_form(tournament.name, tournament.ruleset)
    else:
        g = card_geometry()
        form_data = card_form(tournament.name, settings.get("rotation", "standard"),
                              settings.get("payoff_scheme", "formal"), tournament.ruleset)
    context = {
        "title": say(N_("%(event)s: scoring cards, session %(n)s"), event=tournament.name,
                     n=number),
        "g": g, "sheet": {"width": _inch(sheet.width), "height": _inch(sheet.height),
                          "per_page": sheet.per_page, "marks": cut_marks(sheet)},
        "form": form_data, "rules": ruleset_view(tournament.ruleset), **template_context(),
    }
    if not stamped:
        pages = with_qr_images(pages, g["qr_size"])
        if is_sheet:
            pages = [[{**slot, "runs": css_runs(g, slot["card"])} for slot in page]
                     for page in pages]
        html = render_template("print/cards.html", part="both", pages=pages, **context)
        return create_pdf(html, request.url_root)
    # one sheet of bare forms, and a second where the last sheet has a card less
    short = len(pages) > 1 and len(pages[-1]) < len(pages[0])
    form = create_pdf(render_template("print/cards.html", part="form",
                                      pages=[pages[0], pages[-1]] if short else pages[:1],
                                      **context), request.url_root)
    overlay = draw_cards(pages, sheet, g, context["title"],
                         draw=draw_sheet_data if is_sheet else draw_card_data)
    return overlay.output(form, [0] * (len(pages) - 1) + [1 if short else 0])


# ---------------------------------------------------------------- MCR Appendix 5

# The MCR score sheet (MCR Appendix 5) on the same paper card: a block of the four players
# (team, number, name, position, table points, total points, signature), then hands 1-16
# with each player's plus, minus and running total and a Remarks column, a Total row, and
# the referees' signatures and the date. Each player's three columns are SHEET_CHARS
# characters of the monospaced data: 4 for "+", 4 for "-", 6 for the running total.
SHEET_FIELDS = (4, 4, 6)
SHEET_CHARS = sum(SHEET_FIELDS)
SHEET_LABELS = (N_("Team"), N_("Player #"), N_("Player"), N_("Position"), N_("Table pts"),
                N_("Total pts"), N_("Signature"))
FACES_CSS = {"sans": "f-sans", "bold": "f-bold", "oblique": "f-oblique", "head": "f-head",
             "mono": "f-mono", "mono-bold": "f-mono-bold"}


def sheet_geometry(hands: int = 16) -> dict:
    """Return where every line and box of the score sheet sits, in inches, for a session of
    `hands` hands (the ruleset's `session.rounds`)."""
    left, top, inner = 0.16, 0.17, 3.38
    label, player = 0.46, 0.63
    char = player / SHEET_CHARS
    players = [round(left + label + i * player, 4) for i in range(4)]
    remarks = round(players[-1] + player, 4)
    subs = [[round(p + char * sum(SHEET_FIELDS[:i]), 4) for i in range(3)] for p in players]
    block_top = 1.3
    heights = (0.2, 0.2, 0.3, 0.2, 0.22, 0.22, 0.34)
    block_rows = [round(block_top + sum(heights[:i]), 3) for i in range(len(heights))]
    head_top = round(block_top + sum(heights), 3)
    head, row, foot = 0.2, 0.24, 0.22
    row_tops = [round(head_top + head + i * row, 3) for i in range(hands)]
    total_top = round(row_tops[-1] + row, 3)
    penalty_top = round(total_top + foot, 3)
    bottom = round(penalty_top + foot, 3)
    lines = ([{"at": block_top, "thick": True}]
             + [{"at": t, "thick": False} for t in block_rows[1:]]
             + [{"at": head_top, "thick": True}, {"at": row_tops[0], "thick": False}]
             + [{"at": round(t + row, 3), "thick": i % 4 == 3} for i, t in enumerate(row_tops)]
             + [{"at": penalty_top, "thick": False}, {"at": bottom, "thick": False}])
    sign_top, sign_width = bottom + 0.1, 1.62
    return {
        "width": CARD_WIDTH, "height": CARD_HEIGHT, "left": left, "top": top, "inner": inner,
        "label": label, "player": player, "players": players, "remarks": remarks,
        "remarks_width": round(left + inner - remarks, 4), "subs": subs,
        "sub_widths": [round(char * n, 4) for n in SHEET_FIELDS],
        "block_top": block_top, "block_rows": block_rows, "block_heights": heights,
        "head_top": head_top, "head_height": head, "row_tops": row_tops, "row_height": row,
        "total_top": total_top, "penalty_top": penalty_top, "foot_height": foot,
        "bottom": bottom, "lines": lines,
        "verticals": [left, players[0], *players[1:], remarks, round(left + inner, 4)],
        "sub_verticals": [x for s in subs for x in s[1:]],
        "qr_left": 2.59, "qr_top": top, "qr_size": 0.92,
        "mono_size": round(char * 72 / MONO_ADVANCE, 3),
        # labels are messages the form translates (templates/print/_mcr_sheet.html)
        "signs": [{"label": N_("Referee"), "left": left, "top": round(sign_top, 3),
                   "width": sign_width, "height": 0.3},
                  {"label": N_("Chief referee"), "left": round(left + inner - sign_width, 3),
                   "top": round(sign_top, 3), "width": sign_width, "height": 0.3},
                  {"label": N_("Date"), "left": left, "top": round(sign_top + 0.38, 3),
                   "width": 1.0, "height": 0.22}],
        "note_top": round(sign_top + 0.44, 3), "foot_top": 8.3,
    }


def sheet_form(tournament: str, ruleset: str, scheme: str = "formal",
               rotation: str = "standard") -> dict:
    """Return the score sheet's form, the same on every sheet of a print job."""
    return {**form_words(ruleset, scheme, rotation),
            "tournament": fit(tournament, 30),
            # the block's narrow labels in the print language only (printing/language.py)
            "positions": [wind(w) for w in WINDS],
            "labels": [local(label) for label in SHEET_LABELS]}


def sheet_data(view: dict | None, *, session: int, url: str | None = None,
               blank: bool = False, teams: dict[int, str] | None = None) -> dict:
    """Return one MCR sheet's own data: the players' block and every hand's +, - and
    running total, as text runs placed on the sheet (see sheet_runs)."""
    base = {"session": session, "table": None, "qr": None, "players": [], "scores": "",
            "remarks": "", "sums": "", "foot": ""}
    if view is None:
        return base
    numbers = [p["number"] for p in view["players"]]
    names = dict(zip(numbers, (p["name"] for p in view["players"]), strict=True))
    teams = teams or {}
    rounds = view["rounds"]
    filled = not blank and (any(r["recorded"] or r.get("result") == "not_played" for r in rounds)
                            or any(not p["is_void"] for p in view["penalties"]))
    totals = view["totals"]
    zone = view["tournament"].get("time_zone", venuetime.DEFAULT_ZONE)
    confirmed = _confirmed(view, zone, in_app=False)
    points = view.get("table_points") if filled else None
    # A player's column is about 7 em of 6.5pt type: names are cut to fit; a team's name
    # prints whole, wrapped and set smaller as it needs (team_lines)
    players = [{**dict(zip(("team", "team_size"), team_lines(teams.get(n, "")), strict=True)),
                "number": str(n),
                "name": "\n".join(fit(part, 6.2) for part in _two_lines(names[n])),
                "points": (_points(points[n]) if points else "")
                + ("\n" + _signed(totals[n]["total"]) if filled else ""),
                "note": confirmed[n] if filled and n in confirmed else ""}
               for n in numbers]
    scores, remarks = [], []
    running = dict.fromkeys(numbers, 0)
    plus, minus = dict.fromkeys(numbers, 0), dict.fromkeys(numbers, 0)
    for line in rounds:
        if line.get("result") == "not_played":  # MCR §3.5.6: the session time ran out
            scores.append("".join(_sheet_cells("-", "-", "-") for _ in numbers))
            remarks.append(say(N_("seat empty")) if line.get("not_played_reason") == "seat_empty"
                           else say(N_("time up")))
            continue
        if not line["recorded"]:
            scores.append("")
            remarks.append("")
            continue
        cells = []
        for n in numbers:
            delta = line["deltas"][line.get("seated", {}).get(n, n)]
            running[n] += delta
            plus[n] += max(delta, 0)
            minus[n] += max(-delta, 0)
            cells.append(_sheet_cells(str(delta) if delta > 0 else "",
                                      str(-delta) if delta < 0 else "", str(running[n])))
        scores.append("".join(cells))
        remarks.append(_remark(line))
    sums = ["".join(_sheet_cells(str(plus[n]), str(minus[n]), str(running[n]))
                    for n in numbers),
            "".join(_sheet_cells("", "", _signed(totals[n]["penalties"])
                                 if totals[n]["penalties"] else "") for n in numbers)]
    return {**base, "table": view["table"], "qr": url, "players": players,
            "scores": "\n".join(s.rstrip() for s in scores) if filled else "",
            "remarks": "\n".join(remarks) if filled else "",
            "sums": "\n".join(s.rstrip() for s in sums) if filled else "",
            "foot": _foot(url, view["version"]) if filled else ""}


# The team's box: a player's column less its padding, one block row high less the rule
# above it, in points; the sizes a team's name may be set in, largest first, and their
# line height in ems (a glyph's ascent and descent: no line's top under the rule).
TEAM_BOX = (41.0, 13.4)
TEAM_SIZES = (6.5, 6.0, 5.5, 5.0, 4.5, 4.0, 3.5)
TEAM_LINE = 1.17


def team_lines(team: str) -> tuple[str, float]:
    """Return a team's name as the score sheet prints it, whole, and its size in points:
    the largest size at which its wrapped lines fit the team's box (issue 27: names were
    cut short). Only a name too long for three lines at 3.5 pt ends with an ellipsis."""
    width, height = TEAM_BOX
    lines: list[str] = []
    for size in TEAM_SIZES:
        most = max(1, int(height // (size * TEAM_LINE)))
        lines = wrap(team, width / size)
        if len(lines) <= most:
            return "\n".join(lines), size
    rest = fit(" ".join(lines[most - 1:]), width / size)
    return "\n".join([*lines[:most - 1], rest]), size


def _sheet_cells(plus: str, minus: str, total: str) -> str:
    return "".join(text.rjust(width - 1) + " "
                   for text, width in zip((plus, minus, total), SHEET_FIELDS, strict=True))


def _remark(line: dict) -> str:
    if line.get("result") == "draw":
        return say(N_("draw"))
    if line.get("result") != "win":
        return ""
    if line.get("win") == "self":
        return say(N_("%(value)s · self"), value=line.get("value"))
    return say(N_("%(value)s · disc."), value=line.get("value"))


def sheet_runs(g: dict, c: dict) -> list[dict]:
    """Return one sheet's data as text runs: where each block of lines goes and in what
    face, in inches from the sheet's top-left. Both ways of printing draw these runs."""
    left, top = g["left"], g["top"]
    runs = [{"left": left, "top": top + 0.45, "text": _where(c), "face": "bold", "size": 15,
             "line": 15 * LINE * POINT, "clip": (left, top + 0.45, 2.4, 0.3)}]
    rows, heights = g["block_rows"], g["block_heights"]
    for x, p in zip(g["players"], c["players"], strict=False):
        width = g["player"]
        runs += [
            {"left": x + PAD, "top": rows[1], "text": p["number"], "face": "sans",
             "size": 6.5, "line": heights[1], "clip": (x, rows[1], width, heights[1])},
            {"left": x + PAD, "top": rows[2] + 0.02, "text": p["name"], "face": "head",
             "size": 6.5, "line": 6.5 * 1.12 * POINT, "clip": (x, rows[2], width,
                                                                heights[2])},
            {"left": x + PAD, "top": rows[4], "text": p["points"], "face": "mono-bold",
             "size": 8, "line": heights[4], "clip": (x, rows[4], width, heights[4] * 2)},
        ]
        if p["team"]:
            # the team's lines centred in its row, at the size that fits them whole
            line = round(p["team_size"] * TEAM_LINE * POINT, 4)
            runs.append({"left": x + PAD, "top": round(rows[0] + POINT + (
                heights[0] - POINT - line * (p["team"].count("\n") + 1)) / 2, 4),
                "text": p["team"], "face": "sans", "size": p["team_size"], "line": line,
                "clip": (x, rows[0], width, heights[0])})
        if p["note"]:
            runs.append({"left": x + PAD, "top": rows[6] + 0.2, "text": p["note"],
                         "face": "oblique", "size": 5, "line": 5 * LINE * POINT,
                         "clip": (x, rows[6], width, heights[6])})
    size, row = g["mono_size"], g["row_height"]
    if c["scores"]:
        runs.append({"left": g["players"][0], "top": g["row_tops"][0], "text": c["scores"],
                     "face": "mono", "size": size, "line": row, "clip": None})
    if c["remarks"]:
        runs.append({"left": g["remarks"] + PAD, "top": g["row_tops"][0], "text": c["remarks"],
                     "face": "sans", "size": 5, "line": row,
                     "clip": (g["remarks"], g["row_tops"][0], g["remarks_width"],
                              row * len(g["row_tops"]))})
    if c["sums"]:
        runs.append({"left": g["players"][0], "top": g["total_top"], "text": c["sums"],
                     "face": "mono-bold", "size": size, "line": g["foot_height"],
                     "clip": None})
    if c["foot"]:
        runs.append({"left": left, "top": g["foot_top"], "text": c["foot"], "face": "sans",
                     "size": 5, "line": 5 * LINE * POINT, "colour": "#555555",
                     "clip": (left, g["foot_top"], g["inner"], 5 * LINE * POINT)})
    return runs


def css_runs(g: dict, c: dict) -> list[dict]:
    """Return the sheet's runs as the HTML laid out whole sets them (sizes in inches)."""
    return [{**run, "class": FACES_CSS[run["face"]],
             "clip_box": ({"width": round(run["clip"][2] - (run["left"] - run["clip"][0]), 4),
                           "height": round(run["clip"][3] - (run["top"] - run["clip"][1]), 4)}
                          if run["clip"] else None),
             "size": round(run["size"], 4), "line": round(run["line"], 4)}
            for run in sheet_runs(g, c)]


def draw_sheet_data(overlay: Overlay, g: dict, c: dict, x: float = 0, y: float = 0) -> None:
    """Draw one MCR sheet's own data where the stylesheet puts it, its top-left at (x, y)."""
    _draw_qr_or_spare(overlay, g, c, x, y, say(N_("Spare sheet:\nno live card.\nCopy the "
                                                  "hands\ninto judgeaid.")))
    for run in sheet_runs(g, c):
        clip = run["clip"]
        overlay.lines(run["left"] + x, run["top"] + y, run["text"], face=run["face"],
                      size=run["size"], line_height=run["line"],
                      colour=run.get("colour", "#000000"),
                      clip=(clip[0] + x, clip[1] + y, clip[2], clip[3]) if clip else None)


def _confirmed(view: dict, zone: str, *, in_app: bool = True) -> dict[int, str]:
    """Return each confirmed player's note beside their signature line (the line stays to
    sign): confirmed in judgeaid, or before the judge the four confirmed to together, and the
    day. The score sheet's narrow boxes leave out "in judgeaid" (`in_app` False)."""
    notes = {}
    for c in view["confirmations"]:
        day = venuetime.venue_text(c["confirmed_at"], zone, "day_only")
        judge = c.get("before_judge")
        if judge:
            notes[c["player"]] = say(N_("confirmed before %(judge)s %(day)s"),
                                     judge=fit(judge, 14), day=day)
        elif in_app:
            notes[c["player"]] = say(N_("confirmed in judgeaid %(date)s"), date=day)
        else:
            notes[c["player"]] = say(N_("confirmed %(date)s"), date=day)
    return notes
