"""The other seats' cards as evidence: guessed deals weighted by how well the heuristic explains what was played.

The sampler (:mod:`keinstich.bots.sampler`) deals the hidden cards uniformly among the deals that fit the voids and
the cards seen; it ignores *why* the others played what they played. At a learner's table they are the kit's
heuristic bot, so a deal in which the heuristic, holding those hands, would have played the cards that were played
is likelier than one in which it would not. :class:`Evidence` asks the heuristic at each of their decisions in each
guessed deal (:func:`keinstich.kernel.replay.misses`, compiled) and counts the others' cards the heuristic would not
have played there (a card of the same class counts as played); a deal with ``m`` such misses weighs ``eps ** m``.
:meth:`Evidence.draw` draws the deals by weight: ``factor`` times the deals wanted, drawn uniformly, then the deals
wanted picked from them by weight without replacement (a deal kept twice would count twice in the judge's margin),
with the caller's numpy ``rs`` (so the same position gets the same deals).

The heuristic asked is the one of mode ``FAIR`` (ties broken by what the deal says, never by a suit's or a rank's
name), so a deal and its renamed twin weigh the same.
"""

from __future__ import annotations

from typing import Any

from keinstich.bots.rollouts import in_shares
from keinstich.bots.sampled import DominoWorlds, TrickWorlds
from keinstich.bots.tables import tables
from keinstich.bots.worlds import first_leader, played_masks
from keinstich.kernel.jit import array, float_array
from keinstich.kernel.layout import HEURISTIC, S_K, S_MODE, S_MSTATE, S_SEAT, S_SIZE, S_SOLOIST
from keinstich.kernel.tables import trick_tables
from keinstich.tricks import Observation

MOST = 6
"""Misses counted in a deal at most (its replay stops there): with the weight 0.2 a miss, such a deal weighs
0.00006 of a deal the heuristic explains, whatever more it would miss."""


class Evidence:
    """The plays of the seats other than ``obs.seat`` in the trick deal ``obs`` shows, ready to weigh guessed deals.
    ``soloist``: a trump game's soloist (the heuristic plays by sides), as the play-outs take it."""

    def __init__(self, obs: Observation, soloist: int | None = None) -> None:
        n = obs.players
        self.n = n
        total = (sum(obs.hand_sizes) + len(obs.played)) // n
        self.T = trick_tables(obs.rules, obs.contract, n, total).T
        self.H = tables(obs.contract, obs.rules, total).kernel()
        self.played = played_masks(obs)
        self.seq = array([c.index for _, c in obs.played])
        self.watch = sum(1 << s for s in range(n) if s != obs.seat and any(p == s for p, _ in obs.played))
        S = [0] * S_SIZE
        S[S_SEAT] = first_leader(obs)
        S[S_K] = 1
        S[S_MSTATE] = -2
        S[S_SOLOIST] = -1 if soloist is None else soloist
        S[S_MODE] = HEURISTIC
        self.S0 = array(S)
        self._rnd = float_array(())

    @property
    def telling(self) -> bool:
        """Whether any other seat has played a card yet (else every deal weighs the same)."""
        return self.watch != 0

    def misses(self, hands: Any, most: int = MOST) -> Any:
        """For each deal of ``hands`` (a numpy array, a row of every seat's current hands per deal): how many of the
        others' cards the heuristic would not have played there, counted up to ``most``."""
        import numpy as np

        from keinstich.kernel.replay import misses, public_states  # loads the compiled kernel on first use

        n, deals = self.n, len(hands)
        start = np.ascontiguousarray(np.asarray(hands, dtype=np.int64) | np.array(self.played, dtype=np.int64))
        flat = start.reshape(-1)
        out = np.zeros(deals, dtype=np.int64)
        if not deals:
            return out
        states = np.zeros((max(len(self.seq), 1), len(self.S0)), dtype=np.int64)
        public_states(self.S0, self.T, self.H, self.seq, flat[:n], self._rnd, states)

        def share(lo: int, hi: int) -> None:  # each worker thread its own room for a state
            misses(states, self.T, self.H, self.seq, self.watch, most, flat[lo * n:hi * n], hi - lo, self.S0.copy(),
                   self._rnd, out[lo:hi])

        in_shares(deals, share)
        return out

    def weights(self, hands: Any, eps: float) -> Any:
        """Each deal's weight, ``eps`` to the power of its misses (the fewest misses weigh 1)."""
        import numpy as np

        m = self.misses(hands)
        return np.power(float(eps), m - m.min()) if len(m) else np.zeros(0)

    def draw(self, worlds: TrickWorlds | DominoWorlds, rs: Any, count: int, eps: float, factor: int) -> Any:
        """``count`` deals (rows as :meth:`~keinstich.bots.sampler.HandSampler.draw_many` gives them) picked from
        ``factor * count`` uniform ones by their weights, none twice, with numpy's ``rs``. The judge asks only once
        another seat has played (:attr:`telling`): before, it draws uniformly."""
        pool = worlds.sampler.draw_many(rs, factor * count)
        w = self.weights(worlds.full_many(pool), eps)
        pick = rs.choice(len(pool), size=count, replace=False, p=w / w.sum())
        return pool[pick]


__all__ = ["Evidence"]
