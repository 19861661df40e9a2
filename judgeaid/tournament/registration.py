"""Player registration from CSV: parse, validate, report every rejected row."""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from dataclasses import dataclass

from judgeaid.values import whole_number

MEMBER_ID_MAX = 40
# The sizes of the name columns (the service passes the columns' own sizes).
NAME_MAX = 120
TEAM_MAX = 120
# How much of a rejected value the report shows: a report row stays as wide as a phone.
SHOWN_MAX = 40

# Control characters and lone surrogates; bidi embedding, override and isolate controls.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_BIDI = re.compile(r"[\u202a-\u202e\u2066-\u2069]")


def shown(value: str, limit: int = SHOWN_MAX) -> str:
    """Return a value as a report shows it: control characters as �, cut short with …."""
    value = _BIDI.sub("\ufffd", _CONTROL.sub("\ufffd", value))
    return value if len(value) <= limit else value[:limit - 1] + "…"


def name_problem(value: str, what: str, limit: int) -> str | None:
    """Explain why a name or team cannot be stored, or return None."""
    bad = _CONTROL.search(value)
    if bad:
        return f"The {what} contains the control character U+{ord(bad.group()):04X}."
    if _BIDI.search(value):
        return f"The {what} contains a right-to-left or left-to-right override character."
    if len(value) > limit:
        return f"The {what} is longer than {limit} characters."
    return None


@dataclass(frozen=True)
class Registration:
    """One accepted row: the player's number (if given), name, team and member id."""

    line: int
    number: int | None
    name: str
    team: str | None
    member_id: str | None = None


@dataclass(frozen=True)
class Problem:
    """One rejected row and why."""

    line: int
    reason: str
    text: str = ""


def _decode(data: bytes | str) -> str:
    if isinstance(data, str):
        return data
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


_MEMBER_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._/-]*")


def member_id_problem(value: str) -> str | None:
    """Explain why a member id cannot be stored, or return None (empty means none)."""
    if not value:
        return None
    if len(value) > MEMBER_ID_MAX:
        return f"The member id is longer than {MEMBER_ID_MAX} characters."
    if not _MEMBER_ID.fullmatch(value):
        return ("The member id may hold only letters A-Z, digits and . _ / - (no spaces), "
                "starting with a letter or digit.")
    return None


def parse_players_csv(
    data: bytes | str,
    *,
    kind: str = "casual",
    team_limit: int | None = None,
    taken_numbers: frozenset[int] = frozenset(),
    taken_names: frozenset[str] = frozenset(),
    team_sizes: dict[str, int] | None = None,
    name_max: int = NAME_MAX,
    team_max: int = TEAM_MAX,
    taken_member_ids: dict[str, str] | None = None,
    team_over: str = "Team {team} would have more than {limit} players.",
) -> tuple[list[Registration], list[Problem]]:
    """Parse `name[,team]` or `id,name,team` rows; return accepted rows and every problem.

    An optional `member_id` (or `member id`) column carries a player's membership number;
    `taken_member_ids` maps the casefolded ids already in the event to who holds them.
    `team_limit` is the most team-mates the event takes (None: no limit) and `team_over`
    the sentence refusing one more ({team}, {limit} and {kind}, the event's kind).
    """
    text = _decode(data)
    rows: list[list[str]] = []
    problems: list[Problem] = []
    reader = csv.reader(io.StringIO(text))
    try:
        rows.extend(reader)
    except csv.Error as exc:
        # A field far too large to be a name: the rows before it still count.
        problems.append(Problem(reader.line_num, f"This row cannot be read ({exc}); it and "
                                                 "the rows after it were not imported."))
        if not rows:
            return [], problems
    if not rows or not any(cell.strip() for cell in rows[0]):
        return [], [Problem(1, "The file is empty; the first row must name the columns.")]
    header = [" ".join(cell.split()).lower() for cell in rows[0]]
    header = ["member_id" if h == "member id" else h for h in header]
    if "name" not in header:
        return [], [Problem(1, "The first row must name the columns, including 'name'.",
                            shown(",".join(rows[0])))]
    unknown = [shown(h, 20) for h in header
               if h not in ("id", "number", "name", "team", "member_id")]
    if unknown:
        return [], [Problem(1, f"Unknown column(s): {', '.join(unknown)}. "
                               "Use id, name, team and member_id.", shown(",".join(rows[0])))]
    col = {h: i for i, h in enumerate(header)}
    id_col = col.get("id", col.get("number"))

    candidates: list[Registration] = []
    for line, row in enumerate(rows[1:], start=2):
        raw = shown(",".join(row))
        if not any(cell.strip() for cell in row):
            continue
        if len(row) != len(header):
            problems.append(Problem(line, f"Expected {len(header)} columns, found {len(row)}.",
                                    raw))
            continue
        name = " ".join(row[col["name"]].split())
        if not name:
            problems.append(Problem(line, "The name is missing.", raw))
            continue
        team = " ".join(row[col["team"]].split()) if "team" in col else ""
        problem = name_problem(name, "name", name_max) or name_problem(team, "team", team_max)
        if problem:
            problems.append(Problem(line, problem, raw))
            continue
        number = None
        if id_col is not None:
            cell = row[id_col].strip()
            number = whole_number(cell)
            # a positive number within a database integer
            if number is None or not 1 <= number <= 2**31 - 1:
                problems.append(Problem(line, f"The id '{shown(cell, 12)}' is not a positive "
                                              "whole number.", raw))
                continue
        member_id = row[col["member_id"]].strip() if "member_id" in col else ""
        problem = member_id_problem(member_id)
        if problem:
            problems.append(Problem(line, f"{problem} (found '{shown(member_id, 20)}')", raw))
            continue
        candidates.append(Registration(line, number, name, team or None, member_id or None))

    accepted: list[Registration] = []
    seen_numbers: dict[int, int] = {}
    seen_names: dict[str, int] = {}
    seen_members: dict[str, int] = {}
    members = taken_member_ids or {}
    for reg in candidates:
        key = reg.name.casefold()
        member = reg.member_id.casefold() if reg.member_id else None
        if reg.number is not None and reg.number in taken_numbers:
            problems.append(Problem(reg.line, f"Player number {reg.number} is already registered."))
            continue
        if reg.number is not None and reg.number in seen_numbers:
            problems.append(Problem(reg.line, f"Duplicate id {reg.number} "
                                              f"(also on line {seen_numbers[reg.number]})."))
            continue
        if key in taken_names:
            problems.append(Problem(reg.line, f"{shown(reg.name)} is already registered."))
            continue
        if key in seen_names:
            problems.append(Problem(reg.line, f"Duplicate name {shown(reg.name)} "
                                              f"(also on line {seen_names[key]})."))
            continue
        # the member id tells players apart across events: one person per id
        if member and member in members:
            problems.append(Problem(reg.line, f"Member id {shown(reg.member_id or '', 20)} "
                                              f"already belongs to {shown(members[member])}."))
            continue
        if member and member in seen_members:
            problems.append(Problem(reg.line, f"Duplicate member id "
                                              f"{shown(reg.member_id or '', 20)} (also on line "
                                              f"{seen_members[member]})."))
            continue
        if reg.number is not None:
            seen_numbers[reg.number] = reg.line
        seen_names[key] = reg.line
        if member:
            seen_members[member] = reg.line
        accepted.append(reg)

    sizes = Counter(dict(team_sizes or {}))
    kept: list[Registration] = []
    for reg in accepted:
        if reg.team is not None:
            if team_limit is not None and sizes[reg.team] >= team_limit:
                problems.append(Problem(reg.line, team_over.format(
                    team=shown(reg.team), limit=team_limit, kind=kind)))
                continue
            sizes[reg.team] += 1
        kept.append(reg)
    problems.sort(key=lambda p: p.line)
    return kept, problems
