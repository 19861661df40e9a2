"""Leaderboards over the events held on this server (§3.5.2.1): event facts, results, boards.

The boards themselves (ZJM's) are computed by judgeaid.rules.zj.leaderboard; this module loads
each event's facts and its players' MP totals as the event's standings compute them.

Our readings (shown on the page too):
- An event's MP for a player is their standings total (late-arrival deductions included),
  plus the MP of every final-day session they played in their own seat: §3.3.2.2 says
  final-day MP are worked out for leaderboards although they do not decide who advances.
  A neutral filler's seat (§4.15) earns the filler nothing: it counts for nobody's place.
- "Reached the final day" (§3.5.2.1 weighs an RSoM 4× for those who go through to the
  final day) is having gone through by the cut of §3.3.2.1: a qualifier whose seat a
  filler took did (resigned from that round, they went through all the same); the filler,
  an eliminated player in someone else's seat, did not (§4.15; neutral is our reading).
- Resigned, withdrawn and disqualified players keep the MP of the sessions they played, as
  the event's standings show them: leaving out a disqualified player's total could only
  raise it. Neutral substitutes (§4.15) never appear, and nor does a registered player who
  never sat at a table.
- Results still provisional (§3.5.1, not every session posted) count, and the page marks
  the event as provisional.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date

from flask_babel import gettext as _
from flask_babel import lazy_gettext
from sqlalchemy import select

from judgeaid.extensions import db
from judgeaid.models import Player, PlaySession, Tournament, User, utcnow
from judgeaid.rules import RULESETS, get_ruleset
from judgeaid.services import plain_messages
from judgeaid.services.audit import record_event
from judgeaid.services.errors import ServiceError
from judgeaid.services.standings_data import FINAL, final_day_entrants, load_sheet, seat_points
from judgeaid.wording import rule_text

BOARDS = ("window", "lifetime")
# the boards' own rules: those of the registered ruleset that keeps leaderboards (the ZJM's)
core = next(rules.leaderboards for rules in RULESETS.values() if rules.leaderboards)
CODE = next(code for code, rules in RULESETS.items() if rules.leaderboards)
SERIES_CHOICES = list(core.SERIES_NAMES.items())
WINDOW_NAMES = {core.THIS_YEAR: lazy_gettext("This year"),
                core.LAST_YEAR: lazy_gettext("Last year"),
                core.CUSTOM: lazy_gettext("Your own dates")}


def series_name(series: str) -> str:
    """Return a series' name in the page's language (an unknown series: its code)."""
    name = core.SERIES_NAMES.get(series)
    return rule_text(CODE, name) if name else series


def reason_text(reason: str | None) -> str:
    """Return why an event is left off a board, in the page's language ("" when it counts)."""
    text = core.REASONS.get(reason or "", "")
    return rule_text(CODE, text)


def series_choices() -> list[tuple[str, str]]:
    """Return the series an organizer may choose, each (code, name in the page's language)."""
    return [(series, series_name(series)) for series in core.SERIES_NAMES]


# ---------------------------------------------------------------- event facts

def format_series(tournament: Tournament) -> str:
    """Return the series an event belongs to unless its organizer chose another."""
    return core.SERIES_OF_FORMAT.get(tournament.format, core.OTHER)


def first_day(tournament: Tournament) -> date:
    """Return the day an event was held when nobody set it: its first session's, else its
    creation day (UTC)."""
    start = db.session.scalar(
        select(PlaySession.starts_at).where(PlaySession.tournament_id == tournament.id,
                                            PlaySession.starts_at.is_not(None))
        .order_by(PlaySession.number).limit(1))
    return (start or tournament.created_at).date()


def event_of(tournament: Tournament, *, is_provisional: bool = False) -> core.Event:
    """Return what the leaderboards need to know of an event."""
    return core.Event(
        id=tournament.id, name=tournament.name,
        held_on=tournament.held_on or first_day(tournament),
        is_sanctioned=tournament.is_sanctioned,
        series=tournament.series or format_series(tournament),
        kind=get_ruleset(tournament.ruleset).formats[tournament.format].kind,
        weight=tournament.leaderboard_weight, final_weight=tournament.leaderboard_final_weight,
        is_provisional=is_provisional)


def facts_view(tournament: Tournament) -> dict:
    """Return an event's leaderboard facts for the organizer's form, as plain data."""
    event = event_of(tournament)
    fmt = get_ruleset(tournament.ruleset).formats[tournament.format]
    reason = core.why_left_out(event)
    return {
        "is_sanctioned": tournament.is_sanctioned, "may_be_sanctioned": fmt.is_sanctioned,
        "series": event.series, "series_choices": series_choices(),
        "held_on": tournament.held_on.isoformat() if tournament.held_on else "",
        "held_on_default": first_day(tournament).isoformat(),
        "weight": _number(tournament.leaderboard_weight),
        "final_weight": _number(tournament.leaderboard_final_weight),
        "kind": fmt.kind,
        "counts": reason is None, "reason": reason_text(reason),
        "weights_text": weights_text(event),
    }


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def weights_text(event: core.Event) -> str:
    """Say in words how much this event's MP count on a time-windowed board."""
    if event.series in core.TEXT_WEIGHTS:
        out, final = core.TEXT_WEIGHTS[event.series]
        if event.kind == "competitive" and out != final:
            return _("%(out)s× (out after the preliminary round), %(final)s× (final day)",
                     out=f"{out:g}", final=f"{final:g}")
        return f"{out:g}×"
    if event.weight is None:
        return _("no weight set")
    if event.kind == "competitive" and event.final_weight not in (None, event.weight):
        return _("%(out)s× (out after the preliminary round), %(final)s× (final day), set by "
                 "the organizer", out=f"{event.weight:g}", final=f"{event.final_weight:g}")
    return _("%(weight)s×, set by the organizer", weight=f"{event.weight:g}")


def parse_weight(text: str | None, what: str) -> float | None:
    """Read a weight typed in a form ("2", "1.5"); blank is None."""
    text = (text or "").strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        raise ServiceError(_("The %(what)s must be a number such as 1, 2 or 0.5.",
                             what=what)) from None
    if not math.isfinite(value):
        raise ServiceError(_("The %(what)s must be a number such as 1, 2 or 0.5.", what=what))
    return value


@dataclass(frozen=True)
class Facts:
    """An event's leaderboard facts as the organizer's form sends them (text, unchecked)."""

    is_sanctioned: bool = False
    series: str = ""
    held_on: str = ""
    weight: str = ""
    final_weight: str = ""


def set_event_facts(tournament: Tournament, facts: Facts, actor: User | str) -> Tournament:
    """Record whether an event counts on the leaderboards and how much (§3.5.2.1)."""
    fmt = get_ruleset(tournament.ruleset).formats[tournament.format]
    series = facts.series or format_series(tournament)
    weight = parse_weight(facts.weight, _("weight"))
    final_weight = parse_weight(facts.final_weight, _("final-day weight"))
    problems = [plain_messages.say(p)
                for p in core.series_problems(series, fmt.kind, weight, final_weight)]
    if facts.is_sanctioned and not fmt.is_sanctioned:
        problems.insert(0, _("An %(format)s is not run under the sanctioned rules, so it "
                             "cannot count as sanctioned; create the event with a ZJM format "
                             "(SoM League, CSoM, RSoM or NWSoM) instead.",
                             format=rule_text(tournament.ruleset, fmt.name).lower()))
    held_on = None
    if facts.held_on.strip():
        try:
            held_on = core.parse_day(facts.held_on, "event's")
        except ValueError as exc:
            problems.append(plain_messages.say(str(exc)))
    if problems:
        raise ServiceError(" ".join(problems), details=problems)
    before = _facts_record(tournament)
    tournament.is_sanctioned = facts.is_sanctioned
    tournament.series = "" if series == format_series(tournament) else series
    tournament.held_on = held_on
    tournament.leaderboard_weight = weight
    tournament.leaderboard_final_weight = final_weight
    db.session.flush()
    after = _facts_record(tournament)
    if after != before:
        record_event("tournament.leaderboard", tournament_id=tournament.id, actor=actor,
                     subject=f"tournament:{tournament.id}", before=before, after=after)
    return tournament


def _facts_record(tournament: Tournament) -> dict:
    return {"is_sanctioned": tournament.is_sanctioned,
            "series": tournament.series or format_series(tournament),
            "held_on": tournament.held_on.isoformat() if tournament.held_on else None,
            "weight": tournament.leaderboard_weight,
            "final_weight": tournament.leaderboard_final_weight}


# ---------------------------------------------------------------- results

def event_results(tournament_id: int) -> tuple[bool, list[core.Result]]:
    """Return whether an event's results are provisional, and each player's MP total."""
    sheet = load_sheet(tournament_id)
    member_ids = dict(db.session.execute(
        select(Player.number, Player.member_id).where(Player.tournament_id == tournament_id))
        .all())
    # §3.5.2.1 weighs RSoM results by whether the player advanced to the final day, and
    # §3.3.2.1 says who advances: the cut of the preliminary round, not who sat down. So
    # the final day's entrants count, a qualifier whose seat a filler took included, and
    # never the filler: an eliminated player called to fill an empty seat (§4.15), who
    # plays it as a neutral player (our reading) and advances nowhere.
    entrants = final_day_entrants(sheet)
    played: set[int] = set()
    final_day: dict[int, list[float]] = {}
    points = seat_points(sheet.tournament, sheet.totals)
    for seat in sheet.totals:
        played.add(seat.player_number)
        if seat.stage == FINAL and not seat.is_neutral:
            # §3.3.2.2 final-day MP count for leaderboards, not for advancing; a neutral
            # filler's seat counts for nobody (§4.15, our reading), neither the filler
            # nor the absent qualifier it stands for
            final_day.setdefault(seat.player_number, []).append(
                points[seat.session_number, seat.player_number])
    results = []
    for line in sheet.standings:  # neutral substitutes are never in the standings (§4.15)
        if line.number not in played:
            continue
        extra = final_day.get(line.number, [])
        results.append(core.Result(
            event_id=tournament_id, name=line.name, member_id=member_ids.get(line.number),
            match_points=math.fsum([line.match_points, *extra]),
            reached_final_day=line.number in entrants))
    return sheet.is_provisional, results


def _all_events() -> tuple[list[core.Event], list[core.Result]]:
    events, results = [], []
    for tournament in db.session.scalars(select(Tournament).order_by(Tournament.id)):
        if get_ruleset(tournament.ruleset).leaderboards is not core:
            continue  # §3.5.2.1 the boards count their own ruleset's events only
        event = event_of(tournament)
        if core.why_left_out(event) is None:
            # only the events that count are worth their standings
            is_provisional, mine = event_results(tournament.id)
            event = event_of(tournament, is_provisional=is_provisional)
            results.extend(mine)
        events.append(event)
    return events, results


# ---------------------------------------------------------------- the boards

@dataclass(frozen=True)
class Choice:
    """Which board a visitor asked for, as the query string says it (text, unchecked)."""

    board: str = "window"
    window: str = core.THIS_YEAR
    start: str = ""
    end: str = ""


def read_choice(choice: Choice, today: date) -> tuple[str, tuple[date, date] | None]:
    """Return the board and its window; raise ValueError saying what is wrong."""
    if choice.board not in BOARDS:
        raise ValueError(_("Choose the time-windowed or the lifetime board."))
    if choice.board == "lifetime":
        return choice.board, None
    return choice.board, core.window_dates(choice.window, today, choice.start, choice.end)


def compute(choice: Choice, today: date | None = None) -> core.Board:
    """Return the board a visitor chose; raise ValueError for a bad choice."""
    today = today or utcnow().date()
    board, window = read_choice(choice, today)
    events, results = _all_events()
    if window is None:
        return core.lifetime_board(events, results)
    return core.window_board(events, results, *window)


def page_view(choice: Choice, today: date | None = None) -> dict:
    """Return the leaderboards page's data; a bad choice gives its message and no board."""
    today = today or utcnow().date()
    data = {"choice": {"board": choice.board, "window": choice.window,
                       "from": choice.start, "to": choice.end},
            "windows": [(value, str(name)) for value, name in WINDOW_NAMES.items()],
            "this_year": today.year,
            "error": None, "board": None, "min_events": core.LIFETIME_MIN_EVENTS}
    try:
        board = compute(choice, today)
    except ValueError as exc:
        data["error"] = plain_messages.say(str(exc))
        return data
    data["board"] = board_data(board)
    return data


def board_data(board: core.Board) -> dict:
    """Return a board as plain data for the page."""
    names = {event.id: event.name for event in board.counted}
    return {
        "kind": board.kind,
        "from": board.start.isoformat() if board.start else None,
        "to": board.end.isoformat() if board.end else None,
        "lines": [{"rank": line.rank, "name": line.name, "member_id": line.member_id or "",
                   "events": line.events, "match_points": line.match_points,
                   "mp_text": core.display_points(line.match_points),
                   "event_names": [names[e] for e in line.event_ids]}
                  for line in board.lines],
        "counted": [{"id": e.id, "name": e.name, "held_on": e.held_on.isoformat(),
                     "series": series_name(e.series), "weights": weights_text(e),
                     "is_provisional": e.is_provisional} for e in board.counted],
        "left_out": [{"id": e.id, "name": e.name, "held_on": e.held_on.isoformat(),
                      "series": series_name(e.series),
                      "reason": reason_text(reason)} for e, reason in board.left_out],
        "waiting": [{"name": name, "events": count} for name, count in board.waiting],
    }


def board_rows(choice: Choice, today: date | None = None) -> tuple[str, list[list]]:
    """Return a board's CSV file name and rows; raise ServiceError for a bad choice."""
    try:
        board = compute(choice, today)
    except ValueError as exc:
        raise ServiceError(plain_messages.say(str(exc))) from None
    header = ["rank", "member_id", "name", "events",
              "mean_match_points" if board.kind == "lifetime" else "match_points"]
    rows = [header] + [[line.rank, line.member_id or "", line.name, line.events,
                        round(line.match_points, 2)] for line in board.lines]
    name = ("leaderboard-lifetime.csv" if board.kind == "lifetime" else
            f"leaderboard-{board.start.isoformat()}-{board.end.isoformat()}.csv")
    return name, rows


def api_board(choice: Choice, today: date | None = None) -> dict:
    """Return a board in the API's shape; raise ServiceError for a bad choice."""
    try:
        board = compute(choice, today)
    except ValueError as exc:
        raise ServiceError(plain_messages.say(str(exc))) from None
    data = board_data(board)
    return {
        "board": board.kind, "from": data["from"], "to": data["to"],
        "lines": [{"rank": line.rank, "member_id": line.member_id, "name": line.name,
                   "events": line.events, "match_points": line.match_points}
                  for line in board.lines],
        "counted": data["counted"],
        "left_out": data["left_out"],
    }
