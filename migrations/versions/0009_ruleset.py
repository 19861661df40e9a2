"""ruleset: a tournament's ruleset defaults to Zung Jung in the database too

The column has been there since 0001; a row written without it (an old backup restored by
hand, a script) now reads "zj", the only ruleset those rows can have been played under.

Revision ID: 0009_ruleset
Revises: 0008_cardrounds
Create Date: 2026-11-24 14:10:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0009_ruleset'
down_revision = '0008_cardrounds'
branch_labels = None
depends_on = None


def upgrade():
    op.execute(sa.text("UPDATE tournament SET ruleset = 'zj' WHERE ruleset IS NULL "
                       "OR ruleset = ''"))
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.alter_column('ruleset', existing_type=sa.String(length=10),
                              existing_nullable=False, server_default='zj')


def downgrade():
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.alter_column('ruleset', existing_type=sa.String(length=10),
                              existing_nullable=False, server_default=None)
