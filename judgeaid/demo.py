"""The demo tournament as the `demo` command prints it: the seeded event and its links."""

from __future__ import annotations

from flask import url_for

from judgeaid.services.call_ups import table_token
from judgeaid.services.demo import seed_demo


def create_demo(n_players: int = 32, seed: int = 1, *, time_zone: str | None = None,
                ruleset: str | None = None, format_code: str | None = None,
                played: int = 0) -> dict:
    """Create the demo tournament (Zung Jung unless told) and return the JSON the `demo`
    command prints."""
    demo = seed_demo(n_players, seed, time_zone=time_zone, format_code=format_code,
                     played=played, **({"ruleset": ruleset} if ruleset else {}))
    return {
        **demo,
        "cards": [{"table": card["table"],
                   "url": url_for("cards.live", card_id=card["card_id"]),
                   "api": url_for("cards_api.get_card", card_id=card["card_id"]),
                   # the printed card's QR code: the table's link, which may call a judge
                   "link": url_for("cards.live", card_id=card["card_id"],
                                   t=table_token(card["card_id"]))}
                  for card in demo["cards"]],
        "players": [{"number": p["number"], "name": p["name"],
                     "url": url_for("players.page", token=p["token"])}
                    for p in demo["players"]],
    }
