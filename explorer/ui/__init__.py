"""Streamlit helpers: renderers, editors, charts and session state. No rules live here."""
