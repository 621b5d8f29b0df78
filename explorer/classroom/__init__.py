"""The classroom: a teacher asks the projected question, students answer on their phones (no Streamlit).

The state shared between the teacher's and the students' sessions lives in a database (SQLAlchemy 2.x: SQLite
by default, any URL through ``BALOOT_DB_URL``), never in the server's memory, so several server processes can
serve one class. :mod:`.config` finds the database, :mod:`.db` opens it and brings its schema up to date
(Alembic migrations in ``migrations/``), :mod:`.schema` names the tables, :mod:`.steps` turns a lesson or a set
of library files into the questions of a class (graded by :func:`explorer.content.lessons.grade`),
:mod:`.secrets` makes and checks the join code, the teacher's secret and the students' seats, and
:mod:`.service` holds the operations: start, join, answer, close, reveal, next, end, results, expiry and the
rate limit of wrong codes.
"""
