"""`flask standings export|import`: a tournament's one-file JSON backup and its restore
(`import --keep-ids`: into an empty database, every id as it was)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from flask import Blueprint

from judgeaid.extensions import db


def register_commands(bp: Blueprint) -> None:
    """Attach the backup commands to the standings blueprint's `flask standings` group."""

    @bp.cli.command("export")
    @click.argument("tournament_id", type=int)
    @click.option("--out", "out", type=click.Path(dir_okay=False, writable=True),
                  help="Write the backup here instead of to standard output.")
    def export(tournament_id: int, out: str | None) -> None:
        """Write one tournament as a JSON backup file."""
        from judgeaid.services.errors import ServiceError
        from judgeaid.services.exports import backup_bytes

        try:
            data = backup_bytes(tournament_id)
        except ServiceError as exc:
            raise click.ClickException(exc.message) from exc
        if out:
            Path(out).write_bytes(data)
            click.echo(f"Tournament {tournament_id} written to {out} ({len(data)} bytes).",
                       err=True)
        else:
            sys.stdout.buffer.write(data + b"\n")

    @bp.cli.command("import")
    @click.argument("backup", type=click.Path(exists=True, dir_okay=False))
    @click.option("--organizer-pin", prompt=True, hide_input=True,
                  help="The organizer's new PIN (a backup carries no PINs).")
    @click.option("--organizer-name", default=None,
                  help="Which organizer gets the PIN (default: the first one).")
    @click.option("--keep-ids", is_flag=True,
                  help="Keep every id as it was, so printed QR codes and links still work "
                       "(the second laptop taking over); only into an empty database.")
    def restore(backup: str, organizer_pin: str, organizer_name: str | None,
                keep_ids: bool) -> None:
        """Restore a JSON backup as a new tournament and print its new id as JSON."""
        from judgeaid.services.errors import ServiceError
        from judgeaid.services.restore import import_tournament

        try:
            with open(backup, "rb") as stream:
                restored = import_tournament(stream, organizer_pin=organizer_pin,
                                             organizer_name=organizer_name, keep_ids=keep_ids)
        except ServiceError as exc:
            db.session.rollback()
            raise click.ClickException(exc.message) from exc
        db.session.commit()
        if not restored.is_verified:
            click.echo("Warning: this backup was not signed with this server's SECRET_KEY; "
                       "check that it is the file you meant.", err=True)
        click.echo(json.dumps({"tournament_id": restored.tournament.id,
                               "name": restored.tournament.name,
                               "organizer": restored.organizer,
                               "verified": restored.is_verified, "kept_ids": keep_ids},
                              ensure_ascii=False))
