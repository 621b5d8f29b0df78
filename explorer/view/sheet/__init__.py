"""The score sheet's files and table: no Streamlit."""
