"""CSV registration: every rejected row is reported with its line and reason."""

import pytest

from judgeaid.tournament.registration import parse_players_csv


def reasons(problems):
    return [(p.line, p.reason) for p in problems]


def test_id_name_team_rows_are_accepted():
    regs, problems = parse_players_csv("id,name,team\n1,Ann,Red\n2,Bo,\n")
    assert problems == []
    assert [(r.number, r.name, r.team) for r in regs] == [(1, "Ann", "Red"), (2, "Bo", None)]


def test_utf8_with_bom_and_windows_1252_are_read():
    regs, _ = parse_players_csv("\ufeffname\nZoë\n".encode())
    assert regs[0].name == "Zoë"
    regs, _ = parse_players_csv("name\nJosé\n".encode("cp1252"))
    assert regs[0].name == "José"


@pytest.mark.parametrize(("text", "expected"), [
    ("", [(1, "The file is empty; the first row must name the columns.")]),
    ("who,team\nAnn,\n", [(1, "The first row must name the columns, including 'name'.")]),
    ("name,colour\nAnn,red\n",
     [(1, "Unknown column(s): colour. Use id, name, team, member_id, family_name, "
          "given_name, ema and country.")]),
    ("id,name\nx,Ann\n", [(2, "The id 'x' is not a positive whole number.")]),
    ("id,name\n0,Ann\n", [(2, "The id '0' is not a positive whole number.")]),
    ("id,name\n1,Ann\n1,Bo\n", [(3, "Duplicate id 1 (also on line 2).")]),
    ("name\nAnn\n  \n", []),
    ("name\nAnn\nANN\n", [(3, "Duplicate name ANN (also on line 2).")]),
    ("name,team\nAnn\n", [(2, "Expected 2 columns, found 1.")]),
])
def test_problems_are_reported_by_line(text, expected):
    _, problems = parse_players_csv(text)
    assert reasons(problems) == expected


@pytest.mark.parametrize(("kind", "limit"), [("casual", 4), ("competitive", 8)])
def test_a_team_limit_refuses_the_rows_beyond_it(kind, limit):
    rows = "".join(f"P{i},T\n" for i in range(limit + 2))
    regs, problems = parse_players_csv("name,team\n" + rows, kind=kind, team_limit=limit,
                                       team_over="Team {team} is full at {limit} ({kind}).")
    assert len(regs) == limit
    assert [p.line for p in problems] == [limit + 2, limit + 3]
    assert problems[0].reason == f"Team T is full at {limit} ({kind})."


def test_no_team_limit_takes_every_row():
    regs, problems = parse_players_csv("name,team\n" + "".join(f"P{i},T\n" for i in range(12)))
    assert len(regs) == 12 and not problems


def test_already_registered_names_and_numbers_are_rejected():
    _, problems = parse_players_csv("id,name\n3,Ann\n4,Bo\n", taken_numbers=frozenset({3}),
                                    taken_names=frozenset({"bo"}))
    assert reasons(problems) == [(2, "Player number 3 is already registered."),
                                 (3, "Bo is already registered.")]


# ---------------------------------------------------------------- member ids (§3.5.2.1)

@pytest.mark.parametrize("column", ["member_id", "member id", "Member ID", "member  id"])
def test_the_member_id_column_is_read(column):
    regs, problems = parse_players_csv(f"name,{column},team\nAnn,HK-001,Red\nBo,,\n")
    assert problems == []
    assert [(r.name, r.member_id, r.team) for r in regs] == [("Ann", "HK-001", "Red"),
                                                             ("Bo", None, None)]


def test_bad_and_repeated_member_ids_are_reported_by_line():
    text = ("id,name,member_id\n1,Ann,HK 001\n2,Bo,hk-002\n3,Cy,HK-002\n4,Dee,HK-003\n"
            "5,Eve,é1\n6,Fay," + "9" * 41 + "\n")
    regs, problems = parse_players_csv(text, taken_member_ids={"hk-003": "player 9 Gus"})
    assert [r.name for r in regs] == ["Bo"]
    assert reasons(problems) == [
        (2, "The member id may hold only letters A-Z, digits and . _ / - (no spaces), starting "
            "with a letter or digit. (found 'HK 001')"),
        (4, "Duplicate member id HK-002 (also on line 3)."),
        (5, "Member id HK-003 already belongs to player 9 Gus."),
        (6, "The member id may hold only letters A-Z, digits and . _ / - (no spaces), starting "
            "with a letter or digit. (found 'é1')"),
        (7, "The member id is longer than 40 characters. (found '" + "9" * 19 + "…')"),
    ]
