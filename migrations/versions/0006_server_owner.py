"""server owner: the sign-in that creates and restores tournaments from other machines

Revision ID: 0006_server_owner
Revises: 0005_operation_target
Create Date: 2026-11-24 04:20:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0006_server_owner'
down_revision = '0005_operation_target'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table('server_owner',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=80), nullable=False),
    sa.Column('password_hash', sa.String(length=255), nullable=False),
    sa.Column('changed_at', sa.DateTime(), nullable=False),
    sa.Column('failures', sa.Integer(), server_default='0', nullable=False),
    sa.Column('failed_at', sa.DateTime(), nullable=True),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_server_owner'))
    )


def downgrade():
    op.drop_table('server_owner')
