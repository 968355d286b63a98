"""The loop every partie shares: deal the next deal, let it be played, settle it, until the partie is over.

A game's partie (:class:`~keinstich.game.Partie`) knows its deals, dealers and ledger or standings;
how a deal is played is the same for all of them: each seat's policy is handed that seat's
observation and returns its move, or, without policies, every move is random and legal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

from keinstich.limits import quoted

if TYPE_CHECKING:
    from keinstich.cards import Pack
    from keinstich.deal import Deal, Move
    from keinstich.game import Partie

Policy = Callable[[Any], "Move"]
"""Chooses a seat's next move from that seat's observation: a card, or None to pass (lay-off deals)."""


class RulesPartie:
    """``players`` and ``pack`` of a partie whose ``rules`` name both (Herzeln's, Herzblatt's)."""

    rules: Any

    @property
    def players(self) -> int:
        return int(self.rules.players)

    @property
    def pack(self) -> Pack:
        p: Pack = self.rules.pack
        return p


class _RandomPlay(Protocol):
    def playout(self, rng: random.Random) -> object: ...


def seat_policies(policies: Policy | Sequence[Policy] | None, players: int,
                  error: type[ValueError]) -> tuple[Policy, ...] | None:
    """One policy per seat from one policy for all, or a sequence of them; None stays None."""
    if policies is None:
        return None
    out = (policies,) * players if callable(policies) else tuple(policies) if isinstance(policies, Iterable) else ()
    if len(out) != players or not all(callable(p) for p in out):
        raise error(f"policies must be one policy for every seat or one per seat ({players}), each a callable "
                    f"given the seat's observation, or None for random play; not {quoted(policies)}")
    return out


def play_out(deal: Deal, policies: Sequence[Policy] | None, rng: random.Random, error: type[ValueError]) -> None:
    """Finish ``deal``: each seat's policy chooses from its observation, or without policies every
    move is drawn from ``rng`` (the deal's own ``playout``, trick and lay-off deals)."""
    if policies is None:
        cast(_RandomPlay, deal).playout(rng)
        return
    while not deal.over:
        seat = deal.turn
        assert seat is not None
        move = policies[seat](deal.observation(seat))
        if move is None and deal.phase == "play":
            raise error(f"the policy of seat {seat} passed, but a trick deal has no passing")
        deal.play(move, seat)


def play_partie(partie: Partie, policies: Sequence[Policy] | None, rng: random.Random,
                error: type[ValueError]) -> None:
    """Play every remaining deal of ``partie`` (first the current one, if any) and settle each."""
    while not partie.is_over:
        deal = partie.current if partie.current is not None else partie.deal_next()
        play_out(deal, policies, rng, error)
        partie.settle()
