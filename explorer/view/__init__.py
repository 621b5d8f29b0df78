"""What the pages show, as words, HTML and figures: no Streamlit (a test finds every module here and holds it so)."""
