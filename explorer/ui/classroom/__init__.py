"""The classroom's Streamlit side: the service of this server process, the board, the teacher's and the
students' views (the state they share is in the database: :mod:`explorer.classroom`)."""
