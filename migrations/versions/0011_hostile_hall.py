"""a hostile hall: a one-time recovery code beside each PIN

`user.recovery_hash` keeps the SHA-256 of the code that signs a judge or organizer in from
any phone despite a sign-in lock ("" when none was given yet).

Revision ID: 0011_hostile_hall
Revises: 0010_venue_scale
Create Date: 2026-11-29 05:00:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0011_hostile_hall'
down_revision = '0010_venue_scale'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.add_column(sa.Column('recovery_hash', sa.String(length=64), nullable=False,
                                      server_default=''))


def downgrade():
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.drop_column('recovery_hash')
