"""Errors for bad input: each names what is wrong and where it is."""

from __future__ import annotations


class ScenarioError(ValueError):
    """A scenario that cannot be judged; ``problems`` holds one line per problem.

    Each line reads ``where: what is wrong``, e.g.
    ``tricks[3].cards[2]: 9H was already played in trick 1``.
    """

    def __init__(self, problems: list[str] | str):
        if isinstance(problems, str):
            problems = [problems]
        self.problems: list[str] = list(problems)
        super().__init__("; ".join(self.problems))


def at(path: str, message: str) -> str:
    """Join a location and a message: ``at("hand[2]", "XX is not a card")``."""
    return f"{path}: {message}" if path else message
