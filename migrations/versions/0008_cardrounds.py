"""card rounds: §1.2.7 wrong East and compensation marks, mid-session seat changes

Revision ID: 0008_cardrounds
Revises: 0007_signin
Create Date: 2026-11-24 10:10:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '0008_cardrounds'
down_revision = "0008_venuetime"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('card_round', schema=None) as batch_op:
        batch_op.add_column(sa.Column('dealer', sa.Integer(), nullable=True))
        batch_op.add_column(sa.Column('compensation_for', sa.Integer(), nullable=True))

    op.create_table('card_seat_change',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('card_id', sa.Integer(), nullable=False),
    sa.Column('round_from', sa.Integer(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.Column('leaving_player_id', sa.Integer(), nullable=False),
    sa.Column('entering_player_id', sa.Integer(), nullable=True),
    sa.Column('reason', sa.String(length=20), nullable=False),
    sa.Column('note', sa.Text(), nullable=False),
    sa.Column('recorded_by', sa.String(length=120), nullable=False),
    sa.Column('recorded_at', sa.DateTime(), nullable=False),
    sa.Column('op_id', sa.String(length=64), nullable=True),
    sa.ForeignKeyConstraint(['card_id'], ['card.id'], name=op.f('fk_card_seat_change_card_id_card')),
    sa.ForeignKeyConstraint(['entering_player_id'], ['player.id'], name=op.f('fk_card_seat_change_entering_player_id_player')),
    sa.ForeignKeyConstraint(['leaving_player_id'], ['player.id'], name=op.f('fk_card_seat_change_leaving_player_id_player')),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_card_seat_change')),
    sa.UniqueConstraint('card_id', 'position', name=op.f('uq_card_seat_change_card_id_position'))
    )
    with op.batch_alter_table('card_seat_change', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_card_seat_change_card_id'), ['card_id'], unique=False)


def downgrade():
    with op.batch_alter_table('card_seat_change', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_card_seat_change_card_id'))

    op.drop_table('card_seat_change')
    with op.batch_alter_table('card_round', schema=None) as batch_op:
        batch_op.drop_column('compensation_for')
        batch_op.drop_column('dealer')
