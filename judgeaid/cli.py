"""Flask commands: `demo` and `seating plan`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from flask import Flask
from sqlalchemy import func, select

from judgeaid.extensions import db
from judgeaid.rules import DEFAULT_RULESET, RULESETS, get_ruleset
from judgeaid.values import whole_number


def register(app: Flask) -> None:
    """Add the judgeaid commands to `flask`."""

    @app.cli.command("demo")
    @click.option("--players", "n_players", default=32, show_default=True, type=int,
                  help="Number of players (a multiple of 4).")
    @click.option("--seed", default=1, show_default=True, type=int)
    @click.option("--if-empty", is_flag=True,
                  help="Do nothing when the database already has a tournament.")
    @click.option("--time-zone", default=None,
                  help="The venue's IANA time zone, e.g. Europe/Copenhagen "
                       "(default: the server's own zone, else UTC).")
    @click.option("--ruleset", default=DEFAULT_RULESET, show_default=True,
                  type=click.Choice(sorted(RULESETS)),
                  help="The demo's rules: " + ", ".join(
                      f"{code} ({rules.name})" for code, rules in sorted(RULESETS.items()))
                  + ".")
    @click.option("--format", "format_code", default=None,
                  help="One of the ruleset's formats by its code (default: the demo's).")
    @click.option("--played", default=0, show_default=True, type=int,
                  help="Sessions played and posted, the next one seated (to show a final "
                       "day).")
    def demo(n_players: int, seed: int, if_empty: bool, time_zone: str | None,
             ruleset: str, format_code: str | None, played: int) -> None:
        """Create a demo tournament (session 1 seated) and print it as JSON."""
        from judgeaid.demo import create_demo
        from judgeaid.models import Tournament
        from judgeaid.services.errors import ServiceError

        if if_empty and db.session.scalar(select(func.count(Tournament.id))):
            click.echo("The database already has tournaments; no demo created.", err=True)
            return
        if n_players < 4 or n_players % 4:
            raise click.BadParameter("use a positive multiple of 4", param_hint="--players")
        with app.test_request_context(base_url=app.config.get("PUBLIC_BASE_URL") or None):
            try:
                result = create_demo(n_players, seed, time_zone=time_zone, ruleset=ruleset,
                                     format_code=format_code, played=played)
            except ServiceError as exc:
                db.session.rollback()
                raise click.ClickException(exc.message) from exc
            db.session.commit()
        text = json.dumps(result, ensure_ascii=False)
        Path(app.instance_path, "demo.json").write_text(text)
        click.echo(text)

    @app.cli.command("where")
    def where() -> None:
        """Print where to open the app, from this machine and from phones, and how to sign in."""
        from judgeaid import reach
        from judgeaid.config import serving_address

        host, port = serving_address()
        bare = host.strip("[]")
        # A server bound to one LAN address is not on 127.0.0.1: sign in at that address.
        on_loopback = host in reach.WILDCARDS or reach.is_loopback(bare)
        local = f"http://{'127.0.0.1' if on_loopback else reach.url_host(bare)}:{port}"
        for line in _addresses(host, port, app.config.get("PUBLIC_BASE_URL") or ""):
            click.echo(line)
        saved = Path(app.instance_path, "demo.json")
        if saved.exists():
            demo = json.loads(saved.read_text())
            click.echo(f"Demo tournament {demo['tournament_id']}: sign in at {local}/login")
            for role in ("organizer", "head_judge", "judge"):
                if role in demo:
                    click.echo(f"  {role.replace('_', ' '):11} {demo[role]['name']}"
                               f"  PIN {demo[role]['pin']}")
        from sqlalchemy.exc import SQLAlchemyError

        from judgeaid.services.owner import get_owner

        try:
            owner = get_owner()
        except SQLAlchemyError:  # a database not upgraded yet: `flask db upgrade` first
            db.session.rollback()
            owner = None
        click.echo("New tournaments and restores (/new) are open from this machine only; from "
                   "another device sign in at /owner/login as the server's owner"
                   + (f" ({owner.name})." if owner else
                      ", after setting one: flask --app app owner --name NAME"))

    @app.cli.command("owner")
    @click.option("--name", required=True, help="The owner's name, shown when signed in.")
    @click.password_option("--password", help="At least 10 characters (asked when left out).")
    def owner(name: str, password: str) -> None:
        """Create or reset the server owner, who may create and restore tournaments from
        other devices (this machine itself needs no sign-in)."""
        from judgeaid.services.errors import ServiceError
        from judgeaid.services.owner import set_owner

        try:
            account = set_owner(name, password)
        except ServiceError as exc:
            db.session.rollback()
            raise click.ClickException(exc.message) from exc
        db.session.commit()
        click.echo(f"Server owner set: {account.name}. From another device, open /owner/login "
                   "and sign in with this password to create or restore tournaments.")

    @app.cli.command("unlock")
    @click.option("--tournament", "tournament_id", required=True, type=int,
                  help="The tournament's id.")
    @click.option("--name", required=True, help="The name whose sign-in lock to clear.")
    @click.option("--new-recovery", is_flag=True,
                  help="Also give that person a new one-time recovery code, printed here.")
    def unlock(tournament_id: int, name: str, new_recovery: bool) -> None:
        """Clear a name's sign-in lock, the organizer's included: the server owner's way in
        when nobody can reach the desk (issue 28)."""
        from judgeaid.services import accounts
        from judgeaid.services.errors import ServiceError

        try:
            tournament = accounts.get_tournament_or_404(tournament_id)
            cleared = accounts.clear_sign_in_lock(tournament, name, actor="server owner")
            code = accounts.new_recovery_for(tournament, name) if new_recovery else None
        except ServiceError as exc:
            db.session.rollback()
            raise click.ClickException(exc.message) from exc
        db.session.commit()
        click.echo(f"Sign-in lock on {name} cleared ({cleared} counts removed).")
        if code:
            click.echo(f"New recovery code for {name}: {code}")

    seating_group = click.Group("seating", help="Plan table assignments.")
    app.cli.add_command(seating_group)

    @seating_group.command("plan")
    @click.option("--players", "players_file", required=True,
                  type=click.Path(exists=True, dir_okay=False),
                  help="CSV with columns id,name,team (team may be empty).")
    @click.option("--sessions", required=True, type=click.IntRange(1, 40))
    @click.option("--seed", default=0, show_default=True, type=int)
    def plan(players_file: str, sessions: int, seed: int) -> None:
        """Print a seating plan for every session as JSON."""
        from judgeaid.tournament.registration import parse_players_csv
        from judgeaid.tournament.seating import plan_event

        rules = get_ruleset(DEFAULT_RULESET)
        regs, problems = parse_players_csv(
            Path(players_file).read_bytes(), kind="competitive",
            team_limit=rules.ranking.team_limits.get("competitive"),
            team_over=rules.words["players.csv_team_over"])
        if problems:
            for p in problems:
                click.echo(f"line {p.line}: {p.reason}", err=True)
            sys.exit(2)
        if any(r.number is None for r in regs):
            raise click.ClickException("the CSV needs an id column")
        teams = {r.number: r.team for r in regs}
        try:
            result = plan_event([r.number for r in regs], sessions, seed, teams=teams)
        except ValueError as exc:
            raise click.ClickException(str(exc)) from exc
        click.echo(json.dumps({
            "sessions": [{"session": i, "tables": [list(t) for t in tables]}
                         for i, tables in enumerate(result.sessions, start=1)],
            "repeats": result.repeats,
        }))


def _addresses(host: str, port: str, public_base: str) -> list[str]:
    """Return the lines that say where the app listens and what QR codes will carry."""
    from judgeaid import reach

    bare = host.strip("[]")
    if host not in reach.WILDCARDS:
        lines = [f"judgeaid is starting on http://{reach.url_host(bare)}:{port}/"]
        if reach.is_loopback(bare):
            lines.append("Only this machine can open it. For phones on the venue's network: "
                         "HOST=0.0.0.0 make run")
        phones = [] if reach.is_loopback(bare) else [bare]
    else:
        # 0.0.0.0 listens on IPv4 only; :: on IPv6 too (and IPv4, on Linux by default).
        phones = reach.machine_addresses(ipv6=bare == "::")
        lines = [f"judgeaid is starting on http://127.0.0.1:{port}/ (this machine)"]
        lines += ["Phones on the same network can open:"]
        lines += [f"  http://{reach.url_host(a)}:{port}/" for a in phones] or [
            "  (no network address found: is this machine on the venue's network?)"]
    number = whole_number(port)
    suggestions = reach.suggested_bases(phones, number if number is not None and number >= 0
                                        else None)
    if public_base:
        lines.append(f"QR codes on printed slips and cards carry PUBLIC_BASE_URL={public_base}")
        target = reach.host_of(public_base)
        if target is None or reach.phones_cannot_use(target) in ("loopback", "unreachable"):
            lines.append("  Phones cannot open that address"
                         + (f"; set, e.g., PUBLIC_BASE_URL={suggestions[0]}"
                            if suggestions else "."))
    else:
        lines.append("QR codes on printed slips and cards carry PUBLIC_BASE_URL, which is not "
                     "set: they would carry the address each print page was opened at.")
        if suggestions:
            lines.append(f"  Set it, e.g. PUBLIC_BASE_URL={suggestions[0]}")
    return lines
