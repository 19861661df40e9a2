"""Row builders for tests, through the same services the app uses."""

from __future__ import annotations

from judgeaid.extensions import db
from judgeaid.services import accounts, players


def make_tournament(name: str = "Test Open", format_code: str = "csom", *, pin: str = "1234",
                    organizer: str = "Olga", seed: int = 5):
    """Create a tournament with an organizer; return (tournament, organizer)."""
    tournament, user = accounts.create_tournament(name, format_code, organizer, pin, seed=seed)
    db.session.flush()
    return tournament, user


def make_judge(tournament, name: str = "Jin", role: str = "judge", pin: str = "2468"):
    """Add a judge (or head judge) to a tournament."""
    return accounts.add_user(tournament, name, role, pin, actor="test")


def make_players(tournament, count: int, *, team_every: int = 0):
    """Register `count` players; every `team_every`-th group of 4 shares a team if set."""
    made = []
    for i in range(count):
        team = f"Team {i // 4}" if team_every and (i // 4) % team_every == 0 else None
        made.append(players.add_player(tournament, f"Player {i + 1:03d}", team, "test"))
    return made
