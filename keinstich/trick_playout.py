"""Playing a trick deal out to its end, in the kernel: the random play-out of simulations and Monte Carlo
rollouts, and the heuristic bot in every seat (:mod:`keinstich.kernel.playout`).

:class:`PlayOut` is a part of :class:`~keinstich.tricks.TrickDeal`: it hands the deal's state to the
kernel as one array and takes the cards played back as tricks, so the deal reads afterwards exactly
as if each card had gone through ``play()``. The tests compare both, deal by deal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from keinstich.cards import ALL_CARDS, Card
from keinstich.kernel.jit import array, float_array, padded
from keinstich.kernel.layout import (
    H_SIZE,
    MAX_SEATS,
    RANDOM,
    S_HANDS,
    S_IN_PLAY,
    S_K,
    S_KNOWN,
    S_LIMIT,
    S_MODE,
    S_MSTATE,
    S_PLAYED,
    S_SEAT,
    S_SEEN,
    S_SEQ,
    S_SIZE,
    S_SOLOIST,
    S_TLEN,
    S_TRICK,
    S_VOIDS,
    S_WINNERS,
)
from keinstich.kernel.rules import trick_winner
from keinstich.kernel.tables import TrickTables, additive, trick_tables
from keinstich.machine import check_rng
from keinstich.trick_rules import Scoring, Trick, TrickRules

_NO_HEURISTIC: list[Any] = []  # the heuristic tables of a random play-out, which asks them nothing (made once)
_NO_DRAWS: list[Any] = []  # the draws of a heuristic play-out, which draws none (made once)
_TABLES: dict[tuple[int, int, int, int], tuple[object, object, TrickTables]] = {}
_new_trick = tuple.__new__


class PlayOut:
    """The trick machine's play-outs (a mixin of :class:`~keinstich.tricks.TrickDeal`, which holds the state)."""

    if not TYPE_CHECKING:  # the deal's slots hold the state; declared below for the type checker only
        __slots__ = ()
    else:
        players: int
        total_tricks: int
        rules: TrickRules
        contract: Scoring | None
        _turn: int
        _hands: list[int]
        _voids: list[int]
        _trick: list[Card]
        _trick_leader: int
        _led: int
        _tricks: list[Trick]

        _win: int
        _lm: int
        _over: tuple[int, ...]
        _apply: Callable[..., object]
        _legal_mask: Callable[[int], int]
        scores: Callable[[], tuple[int, ...]]

    def playout(self, rng: random.Random) -> tuple[int, ...]:
        """Finish the deal with uniformly random legal cards drawn from ``rng``; returns the scores.

        This is the rollout Monte Carlo bots and random simulations use: the same rules and the same draws
        from ``rng`` (one per card) as :meth:`play` card by card, played in the kernel
        (:mod:`keinstich.kernel.playout`).
        """
        check_rng(rng)
        if self._turn < 0:
            return self.scores()
        if not self.kernel_plays:
            return self._python_playout(rng)
        left = sum(m.bit_count() for m in self._hands)
        saved = rng.getstate() if self.rules.stop_when_decided else None
        rnd = rng.random
        draws = [rnd() for _ in range(left)]
        played = self.run_out(RANDOM, draws=draws)
        if saved is not None and played < left:  # ended early: take only the draws the cards used
            rng.setstate(saved)
            for _ in range(played):
                rnd()
        return self.scores()

    def _python_playout(self, rng: random.Random) -> tuple[int, ...]:
        """:meth:`playout` card by card in Python: for deals the kernel does not play."""
        rnd = rng.random
        apply = self._apply
        legal_mask = self._legal_mask
        while self._turn >= 0:
            s = self._turn
            m = legal_mask(s)
            k = int(rnd() * m.bit_count())
            while k:
                m &= m - 1
                k -= 1
            apply(s, ALL_CARDS[(m & -m).bit_length() - 1])
        return self.scores()

    @property
    def kernel_plays(self) -> bool:
        """Whether :meth:`run_out` can play this deal: at most 8 players, and under ``stop_when_decided`` a
        contract the kernel can score (:func:`~keinstich.kernel.tables.additive`)."""
        return self.players <= MAX_SEATS and (not self.rules.stop_when_decided or additive(self.contract))

    def run_out(self, mode: int, *, draws: Sequence[float] = (), known: Sequence[int] | None = None,
                soloist: int | None = None, heuristic: Any = None, cards: int = 0, in_play: int = 0,
                seen: Sequence[int] = (), first: Card | None = None) -> int:
        """Play the deal to its end in the kernel (:func:`keinstich.kernel.playout.run`), or only the next
        ``cards`` cards: by ``draws`` (one random number per card, mode ``RANDOM``), or by the heuristic
        bot (mode ``HEURISTIC``: its tables ``heuristic``, what it ``known`` of each seat, the ``soloist``
        of a trump game; ``in_play``, the pack in play when more than the cards dealt to the seats, and
        ``seen``, per seat the cards out of play it has seen). ``first``: the card the seat to move plays
        first (a legal one; the play-outs of a judged move start so, mode ``FAIR`` reading its suit order off
        the deal before it). Returns how many cards were played."""
        if self._turn < 0:
            return 0
        state = self.kernel_state(mode, known=known, soloist=soloist, cards=cards, in_play=in_play, seen=seen)
        from keinstich.kernel.playout import run  # loads the compiled kernel on first use

        if heuristic is None:
            if not _NO_HEURISTIC:
                _NO_HEURISTIC.append(array([0, 0, 0, 0, -1] + [0] * (H_SIZE - 5)))
            heuristic = _NO_HEURISTIC[0]
        if draws:
            rnd = float_array(draws)
        else:  # the heuristic draws nothing: one table of no draws, made once
            if not _NO_DRAWS:
                _NO_DRAWS.append(float_array(()))
            rnd = _NO_DRAWS[0]
        count = run(state, self._kernel_tables().T, heuristic, rnd, -1 if first is None else first.index)
        self._take(state, count)
        return int(count)

    def kernel_state(self, mode: int, *, known: Sequence[int] | None = None, soloist: int | None = None,
                     cards: int = 0, in_play: int = 0, seen: Sequence[int] = ()) -> Any:
        """This deal as the kernel's state array (:func:`keinstich.kernel.playout.run`; the arguments as
        :meth:`run_out` takes them), with the tables it plays under in :meth:`kernel_tables`."""
        n = self.players
        S = [0] * S_WINNERS  # what the kernel reads; the winners and the cards played it writes
        S[S_SEAT] = self._turn
        S[S_K] = len(self._tricks) + 1
        S[S_TLEN] = len(self._trick)
        played = 0
        mstate = -2
        for t in self._tricks:
            for c in t.cards:
                played |= c.bit
            mstate = t.winner if mstate in (-2, t.winner) else -1
        for i, c in enumerate(self._trick):
            played |= c.bit
            S[S_TRICK + i] = c.index
        dealt = played
        for m in self._hands:
            dealt |= m
        S[S_PLAYED] = played
        S[S_IN_PLAY] = dealt | in_play
        S[S_MSTATE] = mstate
        S[S_SOLOIST] = -1 if soloist is None else soloist
        S[S_MODE] = mode
        S[S_LIMIT] = cards
        S[S_HANDS:S_HANDS + n] = self._hands
        S[S_KNOWN:S_KNOWN + n] = self._voids if known is None else known
        S[S_VOIDS:S_VOIDS + n] = self._voids
        if seen:
            S[S_SEEN:S_SEEN + n] = seen
        return padded(S, S_SIZE)

    def kernel_tables(self) -> TrickTables:
        """The kernel's tables for this deal's rules, contract, players and length."""
        return self._kernel_tables()

    def _kernel_tables(self) -> TrickTables:
        key = (id(self.rules), id(self.contract), self.players, self.total_tricks)
        got = _TABLES.get(key)
        if got is None or got[0] is not self.rules or got[1] is not self.contract:
            got = _TABLES[key] = (self.rules, self.contract, trick_tables(self.rules, self.contract, self.players,
                                                                          self.total_tricks))
            if len(_TABLES) > 256:
                _TABLES.pop(next(iter(_TABLES)))
        return got[2]

    def _take(self, state: Any, count: int) -> None:
        """Take the kernel's play-out (:meth:`run_out`) into this deal: tricks, hands, voids, the end."""
        n = self.players
        out = state.tolist() if hasattr(state, "tolist") else state
        cards = [ALL_CARDS[i] for i in out[S_SEQ:S_SEQ + count]]
        trick = self._trick
        tricks = self._tricks
        leader = self._trick_leader
        w = S_WINNERS
        at = n - len(trick)
        rest = cards
        if at <= count:  # the trick in progress is finished first, then whole tricks
            tricks.append(_new_trick(Trick, (len(tricks) + 1, leader, (*trick, *cards[:at]), out[w])))
            leader = out[w]
            w += 1
            trick = []
            while at + n <= count:
                tricks.append(_new_trick(Trick, (len(tricks) + 1, leader, tuple(cards[at:at + n]), out[w])))
                leader = out[w]
                w += 1
                at += n
            rest = cards[at:]
        self._trick = trick + rest  # the cards of a trick still in progress (after ``cards`` cards)
        self._trick_leader = leader
        self._led = self._trick[0].suit if self._trick else -1
        on = [x.index for x in self._trick]
        self._win = on[trick_winner(on, len(on), self._over)] if on else -1
        self._lm = -1
        self._hands = out[S_HANDS:S_HANDS + n]
        self._voids = out[S_VOIDS:S_VOIDS + n]
        self._turn = out[S_SEAT]


__all__ = ["PlayOut"]
