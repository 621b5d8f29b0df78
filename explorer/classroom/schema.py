"""The classroom's tables (SQLAlchemy Core). The migrations in ``migrations/versions/`` create them; a test
checks that the migrated database has exactly these tables and columns.

Times are seconds since the epoch (``float``): the same type on SQLite and PostgreSQL, compared as numbers.
Secrets are never stored: a class keeps the SHA-256 of its teacher's secret, a student row the SHA-256 of the
seat token in the student's link.
"""

from __future__ import annotations

from sqlalchemy import (
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    UniqueConstraint,
    false,
)

metadata = MetaData()

classes = Table(
    "classroom_class", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("code", String(8), nullable=False, unique=True),
    Column("teacher_hash", String(64), nullable=False, unique=True),
    Column("steps_json", Text, nullable=False),
    Column("profile_json", Text, nullable=False),
    Column("title", String(200), nullable=False, server_default=""),
    Column("show_names", Boolean, nullable=False, server_default=false()),
    Column("step", Integer, nullable=False, server_default="0"),
    Column("phase", String(10), nullable=False, server_default="lobby"),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("created_at", Float, nullable=False),
    Column("last_activity", Float, nullable=False),
    Column("ended_at", Float, nullable=True),
)
"""One class: its join code, its questions (JSON step specs), the rules profile it is judged under, where it is
(``step``, ``phase``: lobby, open, closed, revealed, ended) and ``version``, raised at every move of the teacher
(the students' pages poll it)."""

students = Table(
    "classroom_student", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", Integer, ForeignKey("classroom_class.id", ondelete="CASCADE"), nullable=False),
    Column("token_hash", String(64), nullable=False, unique=True),
    Column("name", String(80), nullable=True),
    Column("joined_at", Float, nullable=False),
    Index("ix_classroom_student_class", "class_id"),
)
"""A seat in a class: the hash of its token, the display name (cleaned; None for anonymous)."""

answers = Table(
    "classroom_answer", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("class_id", Integer, ForeignKey("classroom_class.id", ondelete="CASCADE"), nullable=False),
    Column("student_id", Integer, ForeignKey("classroom_student.id", ondelete="CASCADE"), nullable=False),
    Column("step", Integer, nullable=False),
    Column("given_json", Text, nullable=False),
    Column("correct", Boolean, nullable=False),
    Column("at", Float, nullable=False),
    UniqueConstraint("student_id", "step", name="uq_classroom_answer_once"),
    Index("ix_classroom_answer_class_step", "class_id", "step"),
)
"""One answer of one student to one step: the unique constraint makes an answer sent twice count once."""

attempts = Table(
    "classroom_attempt", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("key", String(120), nullable=False),
    Column("at", Float, nullable=False),
    Index("ix_classroom_attempt_key_at", "key", "at"),
)
"""A wrong join code, once per session and once per client address (``session:…``, ``address:…``): the rate
limit counts them, and expiry deletes them after the window."""
