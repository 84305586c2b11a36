"""resolved on submit: how a submission resolved the suggestions left undecided

Revision ID: d72306a54180
Revises: 94e8e20353c7
Create Date: 2026-11-25 08:58:50.969649
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "d72306a54180"
down_revision: str | None = "94e8e20353c7"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("documents", schema=None) as batch_op:
        batch_op.add_column(sa.Column("resolved_on_submit", sa.JSON(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("documents", schema=None) as batch_op:
        batch_op.drop_column("resolved_on_submit")
