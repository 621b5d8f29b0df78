"""The classroom's first schema: classes, students, answers and the wrong-code attempts.

Revision ID: 0001
Revises:
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classroom_class",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("code", sa.String(8), nullable=False, unique=True),
        sa.Column("teacher_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("steps_json", sa.Text, nullable=False),
        sa.Column("profile_json", sa.Text, nullable=False),
        sa.Column("title", sa.String(200), nullable=False, server_default=""),
        sa.Column("show_names", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("step", sa.Integer, nullable=False, server_default="0"),
        sa.Column("phase", sa.String(10), nullable=False, server_default="lobby"),
        sa.Column("version", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("last_activity", sa.Float, nullable=False),
        sa.Column("ended_at", sa.Float, nullable=True),
    )
    op.create_table(
        "classroom_student",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classroom_class.id", ondelete="CASCADE"), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("joined_at", sa.Float, nullable=False),
    )
    op.create_index("ix_classroom_student_class", "classroom_student", ["class_id"])
    op.create_table(
        "classroom_answer",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classroom_class.id", ondelete="CASCADE"), nullable=False),
        sa.Column("student_id", sa.Integer, sa.ForeignKey("classroom_student.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("step", sa.Integer, nullable=False),
        sa.Column("given_json", sa.Text, nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.UniqueConstraint("student_id", "step", name="uq_classroom_answer_once"),
    )
    op.create_index("ix_classroom_answer_class_step", "classroom_answer", ["class_id", "step"])
    op.create_table(
        "classroom_attempt",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("key", sa.String(120), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_classroom_attempt_key_at", "classroom_attempt", ["key", "at"])


def downgrade() -> None:
    op.drop_table("classroom_attempt")
    op.drop_table("classroom_answer")
    op.drop_table("classroom_student")
    op.drop_table("classroom_class")
