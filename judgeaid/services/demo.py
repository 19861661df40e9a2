"""A demo tournament for trying judgeaid out: staff, players, session 1 seated.

The links the `demo` command prints are made in the web layer (judgeaid.demo).
"""

from __future__ import annotations

import random

from judgeaid.extensions import db
from judgeaid.rules import DEFAULT_RULESET, RULESETS
from judgeaid.services import accounts, players, seating
from judgeaid.services.cards import card_for_table
from judgeaid.services.errors import ServiceError

GIVEN = ["Ava", "Bao", "Chen", "Dara", "Emil", "Fang", "Gus", "Hana", "Ines", "Jun", "Kai",
         "Lena", "Mei", "Nils", "Olu", "Pia", "Quan", "Rosa", "Sven", "Tao", "Uma", "Vik",
         "Wen", "Xia", "Yara", "Zoe", "Ada", "Bram", "Cleo", "Dev", "Eun", "Femi"]
FAMILY = ["Kwan", "Lopez", "Müller", "Nguyen", "Okafor", "Park", "Rossi", "Sato", "Tanaka",
          "Weber", "Yilmaz", "Zhang", "Dubois", "Silva", "Novak", "Ito"]



def seed_demo(n_players: int = 32, seed: int = 1, *, time_zone: str | None = None,
              ruleset: str = DEFAULT_RULESET) -> dict:
    """Create the demo tournament; return its staff's PINs, its cards and its players."""
    # every registered ruleset has a demo: its own name for it and its default format
    if ruleset not in RULESETS:
        raise ServiceError(f"There is no demo for the ruleset '{ruleset}'; choose one of "
                           f"{', '.join(RULESETS)}.")
    rules = RULESETS[ruleset]
    rng = random.Random(seed)
    pins = {role: f"{rng.randrange(10**5, 10**6)}" for role in ("organizer", "head", "judge")}
    name, format_code = rules.words["demo.event_name"], rules.default_format
    tournament, organizer = accounts.create_tournament(
        name, format_code, "Olivia Organizer", pins["organizer"], seed=seed,
        time_zone=time_zone, ruleset=ruleset)
    head = accounts.add_user(tournament, "Hugo Head", "head_judge", pins["head"],
                             actor=organizer)
    judge = accounts.add_user(tournament, "Jade Judge", "judge", pins["judge"], actor=organizer)
    names: set[str] = set()
    while len(names) < n_players:
        names.add(f"{rng.choice(GIVEN)} {rng.choice(FAMILY)}")
    roster = [players.add_player(tournament, name, None, organizer)
              for name in sorted(names, key=lambda _: rng.random())]
    session = seating.seat_session(tournament, 1, organizer)
    db.session.flush()
    return {
        "tournament_id": tournament.id,
        # Each with the one-time recovery code given beside the PIN (issue 28).
        "organizer": {"name": organizer.name, "pin": pins["organizer"],
                      "recovery": organizer.recovery_code},
        "head_judge": {"name": head.name, "pin": pins["head"], "recovery": head.recovery_code},
        "judge": {"name": judge.name, "pin": pins["judge"], "recovery": judge.recovery_code},
        "cards": [{"table": table.number, "card_id": card_for_table(table).id}
                  for table in session.tables],
        "players": [{"number": p.number, "name": p.name, "token": p.token} for p in roster],
    }
