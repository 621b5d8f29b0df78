"""Alembic migrations of the classroom's schema, run programmatically by :func:`explorer.classroom.db.migrate`."""
