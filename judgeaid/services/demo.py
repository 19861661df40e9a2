"""A demo tournament for trying judgeaid out: staff, players, session 1 seated.

The links the `demo` command prints are made in the web layer (judgeaid.demo).
"""

from __future__ import annotations

import random
import uuid

from judgeaid.extensions import db
from judgeaid.rules import DEFAULT_RULESET, RULESETS
from judgeaid.services import accounts, card_writes, players, results, seating
from judgeaid.services.card_inputs import CardRoundBody
from judgeaid.services.cards import Actor, card_for_table
from judgeaid.services.errors import ServiceError

GIVEN = ["Ava", "Bao", "Chen", "Dara", "Emil", "Fang", "Gus", "Hana", "Ines", "Jun", "Kai",
         "Lena", "Mei", "Nils", "Olu", "Pia", "Quan", "Rosa", "Sven", "Tao", "Uma", "Vik",
         "Wen", "Xia", "Yara", "Zoe", "Ada", "Bram", "Cleo", "Dev", "Eun", "Femi"]
FAMILY = ["Kwan", "Lopez", "Müller", "Nguyen", "Okafor", "Park", "Rossi", "Sato", "Tanaka",
          "Weber", "Yilmaz", "Zhang", "Dubois", "Silva", "Novak", "Ito"]



def seed_demo(n_players: int = 32, seed: int = 1, *, time_zone: str | None = None,
              ruleset: str = DEFAULT_RULESET, format_code: str | None = None,
              played: int = 0) -> dict:
    """Create the demo tournament; return its staff's PINs, its cards and its players.

    `format_code` chooses another of the ruleset's formats; `played` sessions are played
    (a few hands a table, the rest time over) and posted, the next one seated, so a final
    day can be shown."""
    # every registered ruleset has a demo: its own name for it and its default format
    if ruleset not in RULESETS:
        raise ServiceError(f"There is no demo for the ruleset '{ruleset}'; choose one of "
                           f"{', '.join(RULESETS)}.")
    rules = RULESETS[ruleset]
    rng = random.Random(seed)
    pins = {role: f"{rng.randrange(10**5, 10**6)}" for role in ("organizer", "head", "judge")}
    name = rules.words["demo.event_name"]
    format_code = format_code or rules.default_format
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
    if played < 0 or played > seating.session_count(tournament):
        raise ServiceError(f"--played must be from 0 to the event's "
                           f"{seating.session_count(tournament)} sessions.")
    for number in range(1, played + 1):
        _play_and_post(tournament, session, organizer, rng)
        if number < seating.session_count(tournament):
            session = seating.seat_session(tournament, number + 1, organizer)
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


def _play_and_post(tournament, session, organizer, rng: random.Random) -> None:
    """Play a few self-drawn hands at every table of a seated session, close the rest as time
    over, and post the session's results."""
    actor = Actor.for_user(organizer)
    for table in session.tables:
        card = card_for_table(table)
        numbers = [seat.player.number for seat in table.seats]
        for number in range(1, rng.randrange(3, 7)):
            body = CardRoundBody(round=number, result="win", winner=rng.choice(numbers),
                                 value=rng.choice((8, 10, 12, 16, 25, 30, 40)), win="self",
                                 op_id=str(uuid.uuid4()))
            card_writes.write_round(card, body, actor)
        card_writes.close_rounds(card, actor)
    db.session.flush()
    results.finalize_session(tournament, session.number, organizer)
