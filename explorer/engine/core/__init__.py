"""Core values and tables: cards, seats, rank orders and points, rule profiles, contracts, messages (sentences as data) and the one error hierarchy."""
