"""Player registration from CSV: parse, validate, report every rejected row."""

from __future__ import annotations

import csv
import io
import re
from collections import Counter
from dataclasses import dataclass

from judgeaid.tournament import people
from judgeaid.tournament.people import N_
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
    # the EMA record (issue 30): names beside the display name, EMA number, alpha-2 country
    family_name: str | None = None
    given_name: str | None = None
    ema_number: str | None = None
    country: str | None = None


@dataclass(frozen=True)
class Problem:
    """One rejected row and why."""

    line: int
    reason: str
    text: str = ""
    # True when the problem refuses the whole file (bad input: a column, an empty required
    # cell, a country or EMA number that cannot be): nothing of it is imported.
    refuses: bool = False
    # the English template of `reason` and its values, for the service to translate
    template: str = ""
    values: tuple[tuple[str, str], ...] = ()


def refusal(line: int, template: str, text: str = "", **values: object) -> Problem:
    """Return a problem that refuses the whole file, its reason filled in English."""
    pairs = tuple((k, str(v)) for k, v in values.items())
    return Problem(line, template.format(**dict(pairs)), text, True, template, pairs)


# The columns a players file may have; `number` and `member id` are other spellings.
COLUMNS = ("id", "name", "team", "member_id", "family_name", "given_name", "ema", "country")
_SPELLINGS = {"number": "id", "member id": "member_id", "family name": "family_name",
              "given name": "given_name", "ema number": "ema", "ema_number": "ema"}
# The name-like columns besides `name` and `team`: (column, what a message calls it)
_PERSON_NAMES = (("family_name", "family name"), ("given_name", "given name"))


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
    header = [_SPELLINGS.get(h, h) for h in header]
    head_text = shown(",".join(rows[0]))
    if "name" not in header:
        return [], [refusal(1, N_("The first row must name the columns, including 'name'."),
                            head_text)]
    unknown = [shown(h, 20) for h in header if h not in COLUMNS]
    if unknown:
        return [], [refusal(1, N_("Unknown column(s): {columns}. Use id, name, team, "
                                  "member_id, family_name, given_name, ema and country."),
                            head_text, columns=", ".join(unknown))]
    repeated = sorted({h for h in header if header.count(h) > 1}, key=header.index)
    if repeated:
        return [], [refusal(1, N_("Repeated column(s): {columns}. Each column may come once."),
                            head_text, columns=", ".join(repeated))]
    col = {h: i for i, h in enumerate(header)}
    id_col = col.get("id")

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
            problems.append(refusal(line, N_("The name is missing."), raw))
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
        record, refusals = _record(line, row, col, raw, name_max)
        if refusals:
            problems.extend(refusals)
            continue
        candidates.append(Registration(line, number, name, team or None, member_id or None,
                                       **record))

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


def _record(line: int, row: list[str], col: dict[str, int], raw: str,
            name_max: int) -> tuple[dict, list[Problem]]:
    """Return a row's EMA record (names, EMA number, country) and what refuses it."""
    record: dict = {}
    refusals: list[Problem] = []
    for column, what in _PERSON_NAMES:
        value = " ".join(row[col[column]].split()) if column in col else ""
        problem = name_problem(value, what, name_max)
        if problem:
            refusals.append(Problem(line, problem, raw, True))
        record[column] = value or None
    if "ema" in col:
        check = people.ema_number(row[col["ema"]])
        if check.problem:
            refusals.append(refusal(line, check.problem, raw, **dict(check.values)))
        record["ema_number"] = check.value
    if "country" in col:
        check = people.country(row[col["country"]])
        if check.problem:
            refusals.append(refusal(line, check.problem, raw, **dict(check.values)))
        record["country"] = check.value
    return record, refusals


def ema_warnings(regs: list[Registration]) -> list[Problem]:
    """Return a warning for every accepted EMA number of an unusual length (kept as typed)."""
    warnings = []
    for reg in regs:
        check = people.ema_number(reg.ema_number)
        if check.warning:
            warnings.append(Problem(reg.line, check.text(check.warning), reg.name, False,
                                    check.warning, check.values))
    return warnings
