"""player records for the EMA: family and given names, EMA number, nationality

`player.family_name`, `player.given_name` (names beside the display name), `player.ema_number`
(the number the EMA issued, digits, leading zeros kept) and `player.country` (ISO 3166-1
alpha-2), all optional; `tournament.ema_qualifying` (entry needed qualifying: the MERS
weight's qualification point). Issue 30, docs/ema.md.

Revision ID: 0013_ema_records
Revises: 0012_locale
Create Date: 2026-11-29 09:40:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0013_ema_records'
down_revision = '0012_locale'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('family_name', sa.String(length=120), nullable=True))
        batch_op.add_column(sa.Column('given_name', sa.String(length=120), nullable=True))
        batch_op.add_column(sa.Column('ema_number', sa.String(length=12), nullable=True))
        batch_op.add_column(sa.Column('country', sa.String(length=2), nullable=True))
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('ema_qualifying', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))


def downgrade():
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_column('ema_qualifying')
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_column('country')
        batch_op.drop_column('ema_number')
        batch_op.drop_column('given_name')
        batch_op.drop_column('family_name')
