"""The migrations, one revision a file (``0001_classroom.py``...)."""
