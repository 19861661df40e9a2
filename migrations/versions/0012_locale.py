"""the app in Chinese: a judge's or organizer's chosen language

`user.locale` keeps the language tag the person chose with `?lang=` ("" when none): the
next page they open, on any phone, is in that language (judgeaid.i18n).

Revision ID: 0012_locale
Revises: 0011_hostile_hall
Create Date: 2026-11-29 09:00:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '0012_locale'
down_revision = '0011_hostile_hall'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.add_column(sa.Column('locale', sa.String(length=16), nullable=False,
                                      server_default=''))


def downgrade():
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.drop_column('locale')
