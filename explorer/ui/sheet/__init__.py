"""The score sheet kept in the browser."""
