"""absences: neutral seats (§4.15 final-day filler) and the late check-in choice (§3.7)

Revision ID: 0008_absences
Revises: 0007_signin
Create Date: 2026-11-24 10:20:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008_absences'
down_revision = "0008_leaderboards"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.add_column(sa.Column('is_neutral', sa.Boolean(), server_default='0',
                                      nullable=False))
        batch_op.add_column(sa.Column('stands_in_for', sa.Integer(), nullable=True))

    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.add_column(sa.Column('late_decision', sa.String(length=10), server_default='',
                                      nullable=False))
        batch_op.add_column(sa.Column('late_decision_session', sa.Integer(), nullable=True))


def downgrade():
    with op.batch_alter_table('player', schema=None) as batch_op:
        batch_op.drop_column('late_decision_session')
        batch_op.drop_column('late_decision')

    with op.batch_alter_table('seat', schema=None) as batch_op:
        batch_op.drop_column('stands_in_for')
        batch_op.drop_column('is_neutral')
