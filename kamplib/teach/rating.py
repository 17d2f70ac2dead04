"""The learner's puzzle rating: Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013).

Each puzzle answered is a rating period with one game: the learner against the puzzle, a win
when the answer was right.  A puzzle's own rating (:attr:`kamplib.teach.puzzles.Puzzle.rating`)
is an estimate from its difficulty, so it is given a deviation of :data:`PUZZLE_DEVIATION`.

Why our own few lines and not a library: the one maintained-looking pure-Python package
(``glicko2`` 2.1.0) computes step 5's function with the rating (μ²) where the paper has the
deviation (φ²), which the paper's own example cannot catch (its player has μ = 0), and keeps its
state in a mutable object.  This module is the paper's algorithm step by step, pure Python, so
it runs the same in the browser edition's Python; ``tests/test_rating.py`` checks it against the
paper's worked example.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

__all__ = ["Rating", "update", "expected_score", "NEW", "TAU", "PUZZLE_DEVIATION"]

SCALE = 173.7178  # Glicko-2's scale factor (400 / ln 10)
TAU = 0.5  # the system constant: how fast the volatility may change
EPSILON = 0.000001  # the convergence tolerance of the volatility iteration
PUZZLE_DEVIATION = 150.0
LOWEST_DEVIATION = 45.0  # a learner's rating never becomes so sure that it stops moving
HIGHEST_DEVIATION = 350.0


@dataclass(frozen=True)
class Rating:
    """A rating on the familiar scale (a new learner 1500 ± 350), with its volatility."""

    rating: float = 1500.0
    deviation: float = HIGHEST_DEVIATION
    volatility: float = 0.06

    def as_dict(self) -> dict[str, float]:
        return {"rating": round(self.rating, 2), "deviation": round(self.deviation, 2),
                "volatility": round(self.volatility, 6)}

    @classmethod
    def from_dict(cls, doc: Any) -> Rating:
        """A rating read back from the learner's store; anything odd gives a new learner's."""
        try:
            rating = float(doc["rating"])
            deviation = float(doc["deviation"])
            volatility = float(doc["volatility"])
        except (TypeError, KeyError, ValueError):
            return NEW
        if not (0 < rating < 4000 and 0 < deviation <= HIGHEST_DEVIATION
                and 0 < volatility < 1):
            return NEW
        return cls(rating, deviation, volatility)


NEW = Rating()


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected_score(player: Rating, opponent: Rating) -> float:
    """The chance the player wins (answers a puzzle of ``opponent``'s rating right)."""
    return _e((player.rating - 1500) / SCALE, (opponent.rating - 1500) / SCALE,
              opponent.deviation / SCALE)


def update(player: Rating, games: list[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """The player's rating after one rating period: ``games`` are (opponent, score) with score
    1 for a win, 0.5 a draw, 0 a loss.  No games: only the deviation grows (step 6)."""
    mu = (player.rating - 1500) / SCALE  # step 2
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not games:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(HIGHEST_DEVIATION, phi_star * SCALE), sigma)
    opponents = [((o.rating - 1500) / SCALE, o.deviation / SCALE, s) for o, s in games]
    v_inverse = 0.0  # step 3
    improvement = 0.0  # step 4 (Δ / v)
    for mu_j, phi_j, score in opponents:
        g = _g(phi_j)
        e = _e(mu, mu_j, phi_j)
        v_inverse += g * g * e * (1 - e)
        improvement += g * (score - e)
    v = 1.0 / v_inverse
    delta = v * improvement
    sigma_new = _volatility(delta, phi, v, sigma, tau)  # step 5
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)  # step 6
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    mu_new = mu + phi_new * phi_new * improvement
    deviation = min(HIGHEST_DEVIATION, max(LOWEST_DEVIATION, phi_new * SCALE))  # step 8
    return Rating(1500 + SCALE * mu_new, deviation, sigma_new)


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm as the paper gives it."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex)
                / (2.0 * (phi * phi + v + ex) ** 2)) - (x - a) / (tau * tau)

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
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)
