"""Glicko-2 against the worked example of Glickman's paper ("Example of the Glicko-2 system")."""

from __future__ import annotations

import math

import pytest

from keinstich.trainer.glicko import MAX_RD, MIN_RD, Game, Rating, duel, expected, update

PLAYER = Rating(1500, 200, 0.06)
GAMES = [Game(Rating(1400, 30), 1), Game(Rating(1550, 100), 0), Game(Rating(1700, 300), 0)]


def test_glickmans_worked_example() -> None:
    r = update(PLAYER, GAMES, tau=0.5, bounded=False)
    # the paper rounds its intermediate steps to four places, so its last digits may differ by a hundredth
    assert r.rating == pytest.approx(1464.06, abs=0.02)
    assert r.rd == pytest.approx(151.52, abs=0.02)
    assert r.volatility == pytest.approx(0.05999, abs=1e-5)


def test_the_papers_intermediate_quantities() -> None:
    # step 3 and 4 of the paper: v = 1.7785, Delta = -0.4834 (on the Glicko-2 scale)
    from keinstich.trainer.glicko import SCALE, _e, _g

    mu = 0.0
    parts = [(_g(g.opponent.rd / SCALE), _e(mu, (g.opponent.rating - 1500) / SCALE, g.opponent.rd / SCALE), g.score)
             for g in GAMES]
    v = 1 / sum(g * g * e * (1 - e) for g, e, _ in parts)
    delta = v * sum(g * (s - e) for g, e, s in parts)
    assert v == pytest.approx(1.7785, abs=1e-3)
    assert delta == pytest.approx(-0.4834, abs=1e-3)


def test_a_period_without_games_only_widens_the_deviation() -> None:
    r = update(PLAYER, [], bounded=False)
    assert r.rating == PLAYER.rating and r.volatility == PLAYER.volatility
    assert r.rd == pytest.approx(math.sqrt((200 / 173.7178) ** 2 + 0.06 ** 2) * 173.7178)


def test_a_puzzle_attempt_moves_both_ratings_in_opposite_directions() -> None:
    player, position = Rating(), Rating(1700, 80)
    won_p, won_q = duel(player, position, True)
    lost_p, lost_q = duel(player, position, False)
    assert won_p.rating > player.rating > lost_p.rating
    assert won_q.rating < position.rating < lost_q.rating
    # a win against a stronger position gains more than a loss to it costs: the expectation favours it
    assert expected(player, position) < 0.5
    assert won_p.rating - player.rating > player.rating - lost_p.rating


def test_lichess_bounds() -> None:
    r = Rating(1500, 50, 0.06)
    for _ in range(50):
        r, _ = duel(r, Rating(1500, 45), True)
    assert MIN_RD <= r.rd and r.volatility <= 0.1
    assert update(Rating(1500, 499), [], bounded=True).rd <= MAX_RD
