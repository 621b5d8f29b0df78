"""The Puzzles page's parts: the progress kept in the browser (:mod:`.store`) and the board (:mod:`.board`)."""
