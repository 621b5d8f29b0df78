"""Ratings: Glicko-2 for the player and each puzzle, and a puzzle's first rating from how hard it looks.

Glicko-2 is Mark Glickman's system ("Example of the Glicko-2 system", 2013, and "Parameter estimation in large
dynamic paired comparison experiments", Applied Statistics 48, 1999): a rating, a rating deviation (how unsure
the rating is) and a volatility. Each attempt is one game between the player and the puzzle in a rating period
of its own: solving it is a win for the player and a loss for the puzzle, as lichess rates its puzzles.

Written here from the paper because the Python package named ``glicko2`` (2.1.0, the one on PyPI) computes the
volatility's function with the rating where the paper has the deviation (``delta**2 - self.__rating**2 - v``):
right only for a player rated exactly 1500, which the paper's example happens to be. The paper's worked example
is the test (``tests/engine/test_puzzles_rating.py``):

>>> r = update(Rating(1500, 200, 0.06), [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0), (Rating(1700, 300), 0.0)])
>>> round(r.rating, 2), round(r.rd, 2), round(r.vol, 6)
(1464.05, 151.52, 0.059996)

(the paper rounds its intermediate values, printing r' = 1464.06, and truncates σ' = 0.05999.)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's scale: a rating of 1500 ± 173.7178 is μ = 0 ± 1."""
TAU = 0.5
"""The system constant, how fast the volatility may change (the paper suggests 0.3 to 1.2)."""
EPSILON = 0.000001
"""The convergence tolerance of the volatility's iteration (the paper's)."""
START_RD = 350.0
"""An unknown player's deviation (the paper's)."""
MIN_RD = 45.0
"""The least deviation kept, so that a rating still moves after many attempts (lichess's floor)."""
START_VOL = 0.06
RATINGS = (-2000, 6000)
"""The ratings kept: a rating the update would take past either end stays at it (the stored form reads these)."""
VOLS = (0.000001, 1)
"""The volatilities kept (the paper's examples are near 0.06)."""
_SURE = 1e-9
"""The model's expected score is kept this far from 0 and 1: between ratings thousands of points apart it is 0 or
1 in floating point, and the update divides by E(1 - E)."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: the rating, its deviation (RD) and its volatility, on the familiar scale (1500 ± 350)."""

    rating: float = 1500.0
    rd: float = START_RD
    vol: float = START_VOL

    def to_dict(self) -> dict[str, float]:
        return {"rating": round(self.rating, 2), "rd": round(self.rd, 2), "vol": round(self.vol, 6)}


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return min(1 - _SURE, max(_SURE, 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))))


def expected(player: Rating, opponent: Rating) -> float:
    """The chance the player wins, by the model (the paper's E).

    >>> round(expected(Rating(1500, 200), Rating(1500, 200)), 3)
    0.5
    """
    return _e((player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE, opponent.rd / SCALE)


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm on the paper's f."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2) - (x - a) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = c, f_c
    return math.exp(big_a / 2)


def update(player: Rating, games: Sequence[tuple[Rating, float]], *, tau: float = TAU,
           min_rd: float = 0.0) -> Rating:
    """The player's rating after a rating period with these games (opponent, score 1, 0.5 or 0); with no game,
    only the deviation grows (step 6). ``min_rd`` keeps the deviation from falling below it."""
    mu, phi, sigma = (player.rating - 1500) / SCALE, player.rd / SCALE, player.vol
    if not games:
        return Rating(player.rating, min(START_RD, math.sqrt(phi * phi + sigma * sigma) * SCALE), sigma)
    opp = [((o.rating - 1500) / SCALE, o.rd / SCALE, s) for o, s in games]
    v = 1 / sum(_g(pj) ** 2 * _e(mu, mj, pj) * (1 - _e(mu, mj, pj)) for mj, pj, _ in opp)
    total = sum(_g(pj) * (s - _e(mu, mj, pj)) for mj, pj, s in opp)
    delta = v * total
    sigma2 = _volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + sigma2 * sigma2)
    phi2 = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu2 = mu + phi2 * phi2 * total
    return Rating(_within(SCALE * mu2 + 1500, RATINGS), max(min_rd, min(START_RD, SCALE * phi2)), _within(sigma2, VOLS))


def _within(x: float, bounds: tuple[float, float]) -> float:
    return min(bounds[1], max(bounds[0], x))


def attempt(player: Rating, puzzle: Rating, solved: bool) -> tuple[Rating, Rating]:
    """One attempt as a game: the player's new rating and the puzzle's."""
    won = 1.0 if solved else 0.0
    return (update(player, [(puzzle, won)], min_rd=MIN_RD),
            update(puzzle, [(player, 1.0 - won)], min_rd=MIN_RD))


def estimate(*, legal: int, tricks_left: int, steps: int, margin: int, worlds: int, tempting: bool) -> int:
    """A puzzle's first rating, before anyone has tried it: harder with more cards to choose from, more tricks to
    see through, a line of two cards, more arrangements of the hidden cards, a thin margin, and a rule of thumb
    that plays another card.

    >>> estimate(legal=2, tricks_left=2, steps=1, margin=10, worlds=3, tempting=False)
    800
    >>> estimate(legal=6, tricks_left=6, steps=2, margin=2, worlds=200000, tempting=True)
    2100
    """
    r = 850 + 60 * (legal - 2) + 80 * (tricks_left - 2) + 250 * (steps - 1)
    r += 40 * int(math.log10(max(1, worlds)))
    r += 150 if tempting else -50
    r += 100 if margin <= 2 else (50 if margin <= 4 else 0)
    return int(min(2400, max(600, round(r / 50) * 50)))
