"""venue scale: the event's revision and views built once per data version

`tournament.revision` counts changes to what a live card shows beyond the card itself (names,
settings, sessions, tables, seats); `built_view` keeps the latest build of each shared view
(the live card's JSON and page) with the version it was built from.

Revision ID: 0010_venue_scale
Revises: 0009_ruleset
Create Date: 2026-11-24 21:00:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0010_venue_scale'
down_revision = '0009_ruleset'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('revision', sa.Integer(), nullable=False,
                                      server_default='1'))
    op.create_table(
        'built_view',
        sa.Column('name', sa.String(length=80), nullable=False),
        sa.Column('tag', sa.String(length=160), nullable=False),
        sa.Column('body', sa.LargeBinary(), nullable=False),
        sa.Column('built_at', sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint('name', name=op.f('pk_built_view')),
    )


def downgrade():
    op.drop_table('built_view')
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_column('revision')
