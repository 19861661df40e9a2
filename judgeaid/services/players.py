"""Registering players one by one or from a CSV file, and their teams."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field

from sqlalchemy import func, select

from judgeaid.edge import length_of
from judgeaid.extensions import db
from judgeaid.models import Player, Team, Tournament, User
from judgeaid.services.audit import record_event
from judgeaid.services.errors import NotFound, ServiceError
from judgeaid.tournament.formats import get_format
from judgeaid.tournament.registration import (
    TEAM_LIMITS,
    Problem,
    Registration,
    name_problem,
    parse_players_csv,
)

# The limits are the columns' own sizes.
NAME_MAX = Player.name.type.length
TEAM_MAX = Team.name.type.length


@dataclass
class ImportReport:
    """What a CSV import added and every row it rejected."""

    added: list[Player] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


def new_token() -> str:
    """Return an unguessable token for a player's own page."""
    return secrets.token_urlsafe(18)


def _team_sizes(tournament: Tournament) -> dict[str, int]:
    rows = db.session.execute(
        select(Team.name, func.count(Player.id)).join(Player, Player.team_id == Team.id)
        .where(Team.tournament_id == tournament.id).group_by(Team.name)
    )
    return {name: count for name, count in rows}


def _team(tournament: Tournament, name: str | None) -> Team | None:
    if not name:
        return None
    team = db.session.scalar(select(Team).where(Team.tournament_id == tournament.id,
                                                Team.name == name))
    if team is None:
        team = Team(tournament_id=tournament.id, name=name)
        db.session.add(team)
        db.session.flush()
    return team


def _next_number(tournament: Tournament) -> int:
    top = db.session.scalar(select(func.max(Player.number))
                            .where(Player.tournament_id == tournament.id))
    return (top or 0) + 1


def _register(tournament: Tournament, regs: list[Registration], actor: User | str) -> list[Player]:
    added = []
    number = _next_number(tournament)
    taken = {p for p in db.session.scalars(select(Player.number)
                                           .where(Player.tournament_id == tournament.id))}
    for reg in regs:
        if reg.number is None:
            while number in taken:
                number += 1
            player_number = number
        else:
            player_number = reg.number
        taken.add(player_number)
        team = _team(tournament, reg.team)
        player = Player(tournament_id=tournament.id, number=player_number, name=reg.name,
                        team_id=team.id if team else None, token=new_token())
        db.session.add(player)
        added.append(player)
    db.session.flush()
    for player in added:
        record_event("player.add", tournament_id=tournament.id, actor=actor,
                     subject=f"player:{player.number}",
                     after={"name": player.name, "team": player.team.name if player.team else None})
    return added


def _existing(tournament: Tournament) -> tuple[frozenset[int], frozenset[str]]:
    rows = db.session.execute(select(Player.number, Player.name)
                              .where(Player.tournament_id == tournament.id)).all()
    return frozenset(n for n, _ in rows), frozenset(name.casefold() for _, name in rows)


def import_players(tournament: Tournament, data: bytes | str, actor: User | str) -> ImportReport:
    """Add every valid row of a CSV file and report each rejected one."""
    numbers, names = _existing(tournament)
    regs, problems = parse_players_csv(
        data, kind=get_format(tournament.format).kind, taken_numbers=numbers,
        taken_names=names, team_sizes=_team_sizes(tournament), name_max=NAME_MAX,
        team_max=TEAM_MAX,
    )
    return ImportReport(added=_register(tournament, regs, actor), problems=problems)


def add_player(tournament: Tournament, name: str, team: str | None, actor: User | str,
               number: int | None = None) -> Player:
    """Register one player, checking the same rules as a CSV import."""
    name = " ".join((name or "").split())
    team = " ".join((team or "").split()) or None
    if not name:
        raise ServiceError("The player's name is missing.")
    problem = name_problem(name, "name", NAME_MAX) or name_problem(team or "", "team", TEAM_MAX)
    if problem:
        raise ServiceError(problem)
    numbers, names = _existing(tournament)
    if name.casefold() in names:
        raise ServiceError(f"{name} is already registered.", status=409)
    if number is not None and number in numbers:
        raise ServiceError(f"Player number {number} is already registered.", status=409)
    kind = get_format(tournament.format).kind
    if team and _team_sizes(tournament).get(team, 0) >= TEAM_LIMITS[kind]:
        raise ServiceError(f"Team {team} already has {TEAM_LIMITS[kind]} players, the §3.6 "
                           f"limit for {kind} events.")
    return _register(tournament, [Registration(0, number, name, team)], actor)[0]


def get_player_or_404(tournament: Tournament, number: int | None) -> Player:
    """Return the player with this number in the tournament, or raise NotFound."""
    if number is None:
        raise ServiceError("Give the player's number.")
    player = db.session.scalar(select(Player).where(Player.tournament_id == tournament.id,
                                                    Player.number == number))
    if player is None:
        raise NotFound(f"There is no player {number} in this tournament.")
    return player


# secrets.token_urlsafe's alphabet
_TOKEN = re.compile(r"[A-Za-z0-9_-]+")


def is_token(text: str | None) -> bool:
    """Return True when `text` could be a player link's token (URL-safe, column-sized)."""
    return bool(text) and len(text) <= length_of(Player.token) and _TOKEN.fullmatch(
        text) is not None


def get_player_by_token_or_404(token: str) -> Player:
    """Return the player whose page this token opens, or raise NotFound."""
    # Only a token's own characters reach the database (a NUL there is a PostgreSQL error).
    player = db.session.scalar(select(Player).where(Player.token == token)) if is_token(
        token) else None
    if player is None:
        raise NotFound("This player link is not valid. Ask the organizer for your slip.")
    return player
