"""Glicko-2 ratings for the learner and for the positions, as lichess rates its players and puzzles.

Written here from Glickman's paper ("Example of the Glicko-2 system", 2013) rather than taken from the
``glicko2`` package on PyPI: that package's volatility step computes ``f(x)`` with the player's *rating*
where the paper has the rating deviation φ² (so its volatilities differ from the paper's), it keeps its
system constant τ in a class attribute and changes players in place. This module is a few pure, typed
functions, checked against the paper's worked example in ``tests/test_trainer_glicko.py``.

Each answer is one rating period with one game, as lichess rates puzzles: the learner "wins" against the
position by finding a good card, the position wins when the learner does not. A position starts at 1500,
RD 500, volatility 0.09 with τ = 0.75 (lichess's puzzle settings); the deviation is kept between 45 and
500, the volatility at most 0.1 and the rating between 400 and 4000, lichess's bounds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178
"""Glicko-2's factor between the Glicko scale (1500, RD 350) and its own (0, 2.01)."""
TAU = 0.75
"""The system constant: how much the volatility may change (lichess's puzzles use 0.75)."""
START = 1500.0
START_RD = 500.0
START_VOLATILITY = 0.09
MIN_RD, MAX_RD = 45.0, 500.0
MAX_VOLATILITY = 0.1
MIN_RATING, MAX_RATING = 400.0, 4000.0
EPSILON = 1e-6
"""The convergence tolerance of the volatility's iteration (the paper's ε)."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: ``rating`` (1500 to start), its deviation ``rd`` and its ``volatility``."""

    rating: float = START
    rd: float = START_RD
    volatility: float = START_VOLATILITY

    def __str__(self) -> str:
        return f"{self.rating:.0f} ± {2 * self.rd:.0f}"

    @property
    def provisional(self) -> bool:
        """Whether the rating is still a guess (lichess shows "?" from RD 110 on)."""
        return self.rd >= 110


@dataclass(frozen=True)
class Game:
    """One result against an ``opponent``: ``score`` 1 for a win, 0 for a loss, 0.5 for a draw."""

    opponent: Rating
    score: float


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The chance that ``player`` beats ``opponent`` (Glicko-2's E, on the opponent's deviation)."""
    return _e((player.rating - START) / SCALE, (opponent.rating - START) / SCALE, opponent.rd / SCALE)


def _volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility by the Illinois algorithm."""
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
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def update(player: Rating, games: Sequence[Game], *, tau: float = TAU, bounded: bool = True) -> Rating:
    """``player``'s rating after one rating period with ``games`` (none: only the deviation grows).

    ``bounded``: keep the result within lichess's bounds (see the module's docstring); the paper's example
    is computed with ``bounded=False``."""
    mu = (player.rating - START) / SCALE
    phi = player.rd / SCALE
    sigma = player.volatility
    if not games:
        new = Rating(player.rating, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
        return _bound(new) if bounded else new
    parts = []
    for game in games:
        mu_j = (game.opponent.rating - START) / SCALE
        phi_j = game.opponent.rd / SCALE
        parts.append((_g(phi_j), _e(mu, mu_j, phi_j), game.score))
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in parts)
    gain = sum(g * (s - e) for g, e, s in parts)
    delta = v * gain
    sigma_new = _volatility(sigma, phi, v, delta, tau)
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)
    phi_new = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)
    mu_new = mu + phi_new * phi_new * gain
    new = Rating(mu_new * SCALE + START, phi_new * SCALE, sigma_new)
    return _bound(new) if bounded else new


def _bound(r: Rating) -> Rating:
    return Rating(min(MAX_RATING, max(MIN_RATING, r.rating)), min(MAX_RD, max(MIN_RD, r.rd)),
                  min(MAX_VOLATILITY, r.volatility))


def duel(player: Rating, position: Rating, solved: bool, *, tau: float = TAU) -> tuple[Rating, Rating]:
    """Both ratings after ``player`` answered ``position`` (``solved``: found a good card at the first try),
    each updated against the other's rating before the answer, as lichess rates a puzzle attempt."""
    score = 1.0 if solved else 0.0
    return (update(player, [Game(position, score)], tau=tau),
            update(position, [Game(player, 1.0 - score)], tau=tau))


__all__ = ["MAX_RD", "MIN_RD", "START", "START_RD", "START_VOLATILITY", "TAU", "Game", "Rating", "duel",
           "expected", "update"]
