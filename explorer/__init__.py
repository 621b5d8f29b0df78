"""Baloot rules explorer: a rules engine, a command line and a Streamlit app."""
