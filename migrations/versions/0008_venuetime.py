"""venue time zone: each tournament names the IANA zone its times are shown in

Times stay stored in UTC. Tournaments made before this revision showed times in each phone's
own zone; they get the server's zone (the laptop at the venue, as a rule) when it has an IANA
name, else UTC. The organizer can change it on the desk at any time; no stored time changes.

Revision ID: 0008_venuetime
Revises: 0007_signin
Create Date: 2026-11-24 10:30:00

"""
import os
import zoneinfo

from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008_venuetime'
down_revision = "0008_rulings"
branch_labels = None
depends_on = None


def _server_zone():
    # Frozen here on purpose (a migration must not change with the app's code): the zone
    # /etc/localtime points at, or /etc/timezone names, if it is an IANA name; else UTC.
    candidates = []
    try:
        target = os.readlink("/etc/localtime")
        if "zoneinfo/" in target:
            candidates.append(target.split("zoneinfo/", 1)[1])
    except OSError:
        pass
    try:
        with open("/etc/timezone", encoding="ascii") as f:
            candidates.append(f.read().strip())
    except (OSError, UnicodeDecodeError):
        pass
    for name in candidates:
        if name in ("Etc/UTC", "Etc/UCT", "Etc/Universal", "Etc/Zulu", "UCT", "Zulu",
                    "Universal", "Etc/GMT", "GMT"):
            return "UTC"
        if "/" in name and len(name) <= 64 and ".." not in name:
            try:
                zoneinfo.ZoneInfo(name)
                return name
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                continue
    return "UTC"


def upgrade():
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('time_zone', sa.String(length=64), server_default='UTC',
                                      nullable=False))
    zone = _server_zone()
    if zone != "UTC":
        tournament = sa.table('tournament', sa.column('time_zone', sa.String))
        op.execute(tournament.update().values(time_zone=zone))


def downgrade():
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_column('time_zone')
