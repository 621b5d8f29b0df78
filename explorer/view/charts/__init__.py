"""Plotly figures from engine results, in the page's language: no Streamlit."""
