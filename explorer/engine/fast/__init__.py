"""The fast layer: the vectorised simulator and exact probabilities, checked against the rules by construction
(the exact solver is explorer.engine.solver)."""
