"""Alembic's environment: run on the connection :func:`explorer.classroom.db.migrate` hands over (no alembic.ini,
no URL of its own), so the app, the tests and PostgreSQL all migrate the same way."""

from alembic import context

from explorer.classroom.schema import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, version_table="classroom_alembic_version",
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
