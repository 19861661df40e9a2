"""operation target: an op_id belongs to one endpoint and one target (a card, a timer...)

Revision ID: 0005_operation_target
Revises: 0004_card_totals
Create Date: 2026-11-24 03:50:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0005_operation_target'
down_revision = '0004_card_totals'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('operation', schema=None) as batch_op:
        batch_op.add_column(sa.Column('target', sa.String(length=80), server_default='',
                                      nullable=False))


def downgrade():
    with op.batch_alter_table('operation', schema=None) as batch_op:
        batch_op.drop_column('target')
