"""leaderboards: event facts (sanctioned, series, date held, weights) and member ids (§3.5.2.1)

Revision ID: 0008_leaderboards
Revises: 0007_signin
Create Date: 2026-11-24 10:20:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008_leaderboards'
down_revision = '0007_signin'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.add_column(sa.Column('is_sanctioned', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.add_column(sa.Column('series', sa.String(length=20), server_default='', nullable=False))
        batch_op.add_column(sa.Column('held_on', sa.Date(), nullable=True))
        batch_op.add_column(sa.Column('leaderboard_weight', sa.Double(), nullable=True))
        batch_op.add_column(sa.Column('leaderboard_final_weight', sa.Double(), nullable=True))

    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('member_id', sa.String(length=40), nullable=True))


def downgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_column('member_id')

    with op.batch_alter_table('tournament', schema=None) as batch_op:
        batch_op.drop_column('leaderboard_final_weight')
        batch_op.drop_column('leaderboard_weight')
        batch_op.drop_column('held_on')
        batch_op.drop_column('series')
        batch_op.drop_column('is_sanctioned')
