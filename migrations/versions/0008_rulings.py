"""rulings: departures from the rubric and accepted time explanations on penalties

A.5.6, A.5.7: a penalty records whether the judge departed from the rubric's suggestion.
§1.9: a time penalty that took a round above 80 points keeps the explanation the judge
accepted instead of putting the player out of the tournament.

Revision ID: 0008_rulings
Revises: 0007_signin
Create Date: 2026-11-24 10:30:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008_rulings'
down_revision = "0008_absences"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('penalty', schema=None) as batch_op:
        batch_op.add_column(sa.Column('is_departure', sa.Boolean(), nullable=False,
                                      server_default=sa.false()))
        batch_op.add_column(sa.Column('time_explanation', sa.Text(), nullable=False,
                                      server_default=''))


def downgrade():
    with op.batch_alter_table('penalty', schema=None) as batch_op:
        batch_op.drop_column('time_explanation')
        batch_op.drop_column('is_departure')
