"""The fast layer: the vectorised simulator, exact probabilities and the exact solver, checked against the rules by construction."""
