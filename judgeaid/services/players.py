"""Registering players one by one or from a CSV file, and their teams."""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field, replace

from flask_babel import gettext, lazy_gettext
from flask_babel import gettext as _
from sqlalchemy import func, select

from judgeaid import naming
from judgeaid.edge import length_of
from judgeaid.extensions import db
from judgeaid.models import Player, Team, Tournament, User
from judgeaid.rules import get_ruleset
from judgeaid.rules.ruleset import bracketed
from judgeaid.services import plain_messages
from judgeaid.services.audit import record_event
from judgeaid.services.errors import Conflict, NotFound, ServiceError
from judgeaid.tournament import people
from judgeaid.tournament.registration import (
    Problem,
    Registration,
    ema_warnings,
    member_id_problem,
    name_problem,
    parse_players_csv,
)
from judgeaid.wording import page_words

# The limits are the columns' own sizes.
NAME_MAX = Player.name.type.length
TEAM_MAX = Team.name.type.length


@dataclass
class ImportReport:
    """What a CSV import added and every row it rejected."""

    added: list[Player] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    # True when the file was refused whole: a name with an invisible character, or one that
    # looks like another (issue 28); nothing of it was imported.
    refused: bool = False
    # Why it was refused: "names" (issue 28) or "input" (a column, an empty required cell, a
    # country or EMA number that cannot be: issue 30).
    refused_for: str = ""
    # EMA numbers kept but worth a look (an unusual length), by line
    warnings: list[Problem] = field(default_factory=list)


def translated(problem: Problem) -> Problem:
    """Return the problem with its reason in the request's language, where it has a template."""
    if not problem.template:
        said = plain_messages.say(problem.reason)
        return problem if said == problem.reason else replace(problem, reason=said)
    return replace(problem, reason=gettext(problem.template).format(**dict(problem.values)))



# The states pages show (a player's, a session's, a score check's, a play timer's), in the
# page's language; the stored value stays English.
STATUS_WORDS = {"active": lazy_gettext("active"), "withdrawn": lazy_gettext("withdrawn"),
                "disqualified": lazy_gettext("disqualified"),
                "resigned": lazy_gettext("resigned"), "planned": lazy_gettext("planned"),
                "seated": lazy_gettext("seated"), "playing": lazy_gettext("playing"),
                "finished": lazy_gettext("finished"), "filed": lazy_gettext("filed"),
                "resolved": lazy_gettext("resolved"), "running": lazy_gettext("running"),
                "converted": lazy_gettext("converted")}


def status_word(status: str) -> str:
    """Return a stored state's word in the page's language (an unknown one as it is)."""
    word = STATUS_WORDS.get(status)
    return str(word) if word is not None else status

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
                        team_id=team.id if team else None, token=new_token(),
                        member_id=reg.member_id, family_name=reg.family_name,
                        given_name=reg.given_name, ema_number=reg.ema_number,
                        country=reg.country)
        db.session.add(player)
        added.append(player)
    db.session.flush()
    for player in added:
        record_event("player.add", tournament_id=tournament.id, actor=actor,
                     subject=f"player:{player.number}",
                     after={"name": player.name, "team": player.team.name if player.team else None,
                            "member_id": player.member_id, **_record_of(player)})
    return added


def _existing(tournament: Tournament) -> tuple[frozenset[int], frozenset[str]]:
    rows = db.session.execute(select(Player.number, Player.name)
                              .where(Player.tournament_id == tournament.id)).all()
    return frozenset(n for n, _ in rows), frozenset(name.casefold() for _, name in rows)


def _member_ids(tournament: Tournament) -> dict[str, str]:
    """Return the event's member ids (casefolded) and who holds each: 'player 12 Ann Lee'."""
    rows = db.session.execute(select(Player.member_id, Player.number, Player.name)
                              .where(Player.tournament_id == tournament.id,
                                     Player.member_id.is_not(None)))
    return {member.casefold(): _("player %(number)s %(name)s", number=number, name=name)
            for member, number, name in rows}


def check_member_id(tournament: Tournament, member_id: str | None,
                    player: Player | None = None) -> str | None:
    """Return the member id to store (None for none), or raise if it is bad or taken."""
    member_id = (member_id or "").strip()
    problem = member_id_problem(member_id)
    if problem:
        raise ServiceError(plain_messages.say(problem))
    if not member_id:
        return None
    holder = _member_ids(tournament).get(member_id.casefold())
    mine = player and player.member_id and player.member_id.casefold() == member_id.casefold()
    if holder and not mine:
        # §3.5.2.1 two people under one id would merge on every leaderboard
        raise Conflict(_("Member id %(id)s already belongs to %(holder)s in this event. Check "
                         "both players' membership numbers.", id=member_id, holder=holder))
    return member_id


def set_member_id(tournament: Tournament, number: int | None, member_id: str | None,
                  actor: User | str) -> Player:
    """Give a player their member id (or clear it), refusing one another player holds."""
    player = get_player_or_404(tournament, number)
    if player.is_substitute:
        section = page_words(get_ruleset(tournament.ruleset))["standings.substitute_cite"]
        raise ServiceError(_("A neutral substitute%(cite)s never appears on a leaderboard, so "
                             "has no member id here.", cite=bracketed(section)))
    value = check_member_id(tournament, member_id, player)
    before = player.member_id
    player.member_id = value
    db.session.flush()
    record_event("player.member_id", tournament_id=tournament.id, actor=actor,
                 subject=f"player:{player.number}", before={"member_id": before},
                 after={"member_id": value})
    return player


def _names_and_teams(tournament: Tournament) -> tuple[naming.Looks, naming.Looks]:
    players = naming.Looks(db.session.scalars(select(Player.name)
                                              .where(Player.tournament_id == tournament.id)))
    teams = naming.Looks(db.session.scalars(select(Team.name)
                                            .where(Team.tournament_id == tournament.id)))
    return players, teams


def _record_of(player: Player) -> dict:
    return {"family_name": player.family_name, "given_name": player.given_name,
            "ema_number": player.ema_number, "country": player.country}


def _person_names(tournament: Tournament, but: Player | None = None) -> naming.Looks:
    """Return the event's family and given names by their look (one pool: "Lee" is either)."""
    rows = db.session.execute(select(Player.id, Player.family_name, Player.given_name)
                              .where(Player.tournament_id == tournament.id))
    return naming.Looks(name for pid, *names in rows if not (but and pid == but.id)
                        for name in names if name)


def _person_problem(reg: Registration, looks: naming.Looks) -> str | None:
    """Return why a row's family or given name cannot stand beside the event's, or None."""
    for name, what in ((reg.family_name, "family name"), (reg.given_name, "given name")):
        problem = name and looks.problem(name, what)
        if problem:
            return plain_messages.say(problem)
    return None


def _name_problem(name: str, team: str | None, players: naming.Looks,
                  teams: naming.Looks) -> str | None:
    """Return why a player's name or team cannot stand beside the event's, or None."""
    return plain_messages.say(players.problem(name, "name")
                              or (teams.problem(team, "team") if team else None))


def import_players(tournament: Tournament, data: bytes | str, actor: User | str) -> ImportReport:
    """Add every valid row of a CSV file and report each rejected one; a file with a name that
    holds an invisible character or looks like another is refused whole, every such line
    named, and nothing of it is imported."""
    numbers, names = _existing(tournament)
    rules = get_ruleset(tournament.ruleset)
    kind = rules.formats[tournament.format].kind
    regs, problems = parse_players_csv(
        data, kind=kind, team_limit=rules.ranking.team_limits.get(kind),
        team_over=page_words(rules)["players.csv_team_over"], taken_numbers=numbers,
        taken_names=names, team_sizes=_team_sizes(tournament), name_max=NAME_MAX,
        team_max=TEAM_MAX, taken_member_ids=_member_ids(tournament),
    )
    problems = [translated(p) for p in problems]
    if any(p.refuses for p in problems):
        # bad input refuses the whole file: every such line named, nothing imported
        return ImportReport(problems=[p for p in problems if p.refuses], refused=True,
                            refused_for="input")
    players, teams = _names_and_teams(tournament)
    persons = _person_names(tournament)
    checked, refusals = [], []
    for reg in regs:
        reg = replace(reg, name=naming.normalise(reg.name),
                      team=naming.normalise(reg.team) or None,
                      family_name=naming.normalise(reg.family_name) or None,
                      given_name=naming.normalise(reg.given_name) or None)
        problem = _name_problem(reg.name, reg.team, players, teams) or _person_problem(
            reg, persons)
        if problem:
            refusals.append(Problem(reg.line, problem, reg.name))
        players.add(reg.name)
        if reg.team:
            teams.add(reg.team)
        for name in (reg.family_name, reg.given_name):
            if name:
                persons.add(name)
        checked.append(reg)
    if refusals:
        return ImportReport(problems=sorted(problems + refusals, key=lambda p: p.line),
                            refused=True, refused_for="names")
    return ImportReport(added=_register(tournament, checked, actor), problems=problems,
                        warnings=[translated(w) for w in ema_warnings(checked)])


def add_player(tournament: Tournament, name: str, team: str | None, actor: User | str,
               number: int | None = None, member_id: str | None = None) -> Player:
    """Register one player, checking the same rules as a CSV import."""
    name = naming.normalise(name)
    team = naming.normalise(team) or None
    if not name:
        raise ServiceError(_("The player's name is missing."))
    problem = name_problem(name, "name", NAME_MAX) or name_problem(team or "", "team", TEAM_MAX)
    if problem:
        raise ServiceError(plain_messages.say(problem))
    numbers, names = _existing(tournament)
    if name.casefold() in names:
        raise Conflict(_("%(name)s is already registered.", name=name))
    problem = _name_problem(name, team, *_names_and_teams(tournament))
    if problem:
        raise Conflict(problem)
    if number is not None and number in numbers:
        raise Conflict(_("Player number %(n)s is already registered.", n=number))
    rules = get_ruleset(tournament.ruleset)
    kind = rules.formats[tournament.format].kind
    limit = rules.ranking.team_limits.get(kind)
    if team and limit is not None and _team_sizes(tournament).get(team, 0) >= limit:
        raise ServiceError(page_words(rules).format("players.team_full", team=team, limit=limit,
                                              kind=kind))
    member_id = check_member_id(tournament, member_id)
    return _register(tournament, [Registration(0, number, name, team, member_id)], actor)[0]


def set_record(tournament: Tournament, number: int | None, actor: User | str, *,
               family_name: str | None, given_name: str | None, ema_number: str | None,
               country: str | None) -> tuple[Player, str | None]:
    """Set a player's EMA record (an empty value clears it); return the player and a warning
    about the EMA number, if any. A bad country or EMA number, or a name that holds an
    invisible character or looks like another of the event's, is refused."""
    player = get_player_or_404(tournament, number)
    family = naming.normalise(family_name) or None
    given = naming.normalise(given_name) or None
    for value, what in ((family, "family name"), (given, "given name")):
        problem = value and name_problem(value, what, NAME_MAX)
        if problem:
            raise ServiceError(plain_messages.say(problem))
    problem = _person_problem(Registration(0, None, player.name, None, family_name=family,
                                           given_name=given),
                              _person_names(tournament, but=player))
    if problem:
        raise Conflict(problem)
    ema = people.ema_number(ema_number)
    nation = people.country(country)
    for check in (ema, nation):
        if check.problem:
            raise ServiceError(gettext(check.problem).format(**dict(check.values)))
    before = _record_of(player)
    player.family_name, player.given_name = family, given
    player.ema_number, player.country = ema.value, nation.value
    db.session.flush()
    record_event("player.record", tournament_id=tournament.id, actor=actor,
                 subject=f"player:{player.number}", before=before, after=_record_of(player))
    warning = gettext(ema.warning).format(**dict(ema.values)) if ema.warning else None
    return player, warning


def get_player_or_404(tournament: Tournament, number: int | None) -> Player:
    """Return the player with this number in the tournament, or raise NotFound."""
    if number is None:
        raise ServiceError(_("Give the player's number."))
    player = db.session.scalar(select(Player).where(Player.tournament_id == tournament.id,
                                                    Player.number == number))
    if player is None:
        raise NotFound(_("There is no player %(n)s in this tournament.", n=number))
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
        raise NotFound(_("This player link is not valid. Ask the organizer for your slip."))
    return player
