"""The Lessons page's widgets, state and stored progress."""
