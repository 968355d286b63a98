"""What a seat knows about the cards it cannot see, from the open play alone.

The pack in play, the suits a seat has shown it lacks, what the must-trump and lead duties reveal
(:func:`exclusions`, by the rules' own :func:`~keinstich.kernel.rules.reveals`), and, for the Monte Carlo
bot, all of it at once as :class:`Knowledge`: the unseen
cards, every hand's size and what each seat cannot hold, ready for the :class:`~keinstich.bots.sampler.HandSampler`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache

from keinstich.bots.base import BotError
from keinstich.bots.sampler import HandSampler
from keinstich.cards import PACK_IDS, SUIT_MASKS, Pack, Suit, mask_of, pack
from keinstich.kernel.rules import reveals, rule_tables
from keinstich.tricks import Observation


@cache
def _named_pack_masks() -> dict[int, tuple[int, ...]]:
    """The distinct card sets of the named packs, by size."""
    out: dict[int, list[int]] = {}
    for pid in PACK_IDS:
        m = pack(pid).mask
        if m not in out.setdefault(len(pack(pid)), []):
            out[len(pack(pid))].append(m)
    return {k: tuple(v) for k, v in out.items()}


def in_play_mask(obs: Observation, p: Pack | str | None = None) -> int:
    """The cards dealt in a trick deal, as a mask: the pack ``p`` if given, else the one named pack
    whose size matches the hands and played cards and which holds every card seen."""
    if p is not None:
        return pack(p).mask
    played = obs.played
    total = sum(obs.hand_sizes) + len(played)
    seen = mask_of(obs.hand) | obs.played_mask
    fits = [m for m in _named_pack_masks().get(total, ()) if seen & ~m == 0]
    if len(fits) != 1:
        raise BotError(f"cannot tell which pack is in play from {total} cards: give the bot pack=… "
                       "(e.g. HeuristicBot(pack='german-32'))")
    return fits[0]


def exclusions(obs: Observation) -> list[int]:
    """Per seat, the cards it is known not to hold, from the open play alone: the suits it has shown it
    lacks, and what each of its plays shows under the rules of the trick
    (:func:`keinstich.kernel.rules.reveals`: the must-trump and overtrump duties, a banned lead, a forced
    discard)."""
    n = obs.players
    out = [0] * n
    for s in range(n):
        for su in obs.voids[s]:
            out[s] |= SUIT_MASKS[su]
    t = rule_tables(obs.rules)
    P, st, higher = t.P, t.strength, t.higher
    for tr in obs.tricks:  # seat by seat from the leader; each play is read against the cards before it
        cards = [c.index for c in tr.cards]
        for i, c in enumerate(cards):
            reveals(out, cards, i, (tr.leader + i) % n, c, P, st, higher)
    cards = [c.index for _, c in obs.trick]
    for i, (seat, _) in enumerate(obs.trick):
        reveals(out, cards, i, seat, cards[i], P, st, higher)
    return out


def suit_bits(voids: Iterable[frozenset[Suit]]) -> list[int]:
    return [sum(1 << s for s in v) for v in voids]


# --- the hidden cards, for sampling ----------------------------------------------------------------


@dataclass(frozen=True)
class Knowledge:
    """What one seat knows about the hidden cards of a trick deal.

    ``unseen``: the cards it has not seen (in other hands, or out of play); ``sizes``: every hand's
    size; ``excluded``: per seat, cards it cannot hold; ``out``: how many unseen cards are out of play
    (Herzblatt: the soloist's discards, seen by a defender as unseen cards nobody holds).
    """

    seat: int
    unseen: int
    sizes: tuple[int, ...]
    excluded: tuple[int, ...]
    out: int

    def sampler(self, budget: int = 60_000) -> HandSampler:
        """A sampler over the other hands (and, if any, the cards out of play, as one more "seat")."""
        others = [s for s in range(len(self.sizes)) if s != self.seat]
        caps = [self.sizes[s] for s in others] + ([self.out] if self.out else [])
        excl = [self.excluded[s] for s in others] + ([0] if self.out else [])
        return HandSampler(self.unseen, caps, excl, budget=budget)

    def hands(self, drawn: Sequence[int], own: int) -> list[int]:
        """The full hands of a sampled deal (own hand included) from a sampler's draw."""
        out = []
        i = 0
        for s in range(len(self.sizes)):
            if s == self.seat:
                out.append(own)
            else:
                out.append(drawn[i])
                i += 1
        return out


def trick_knowledge(obs: Observation, in_play: int, *, discards: int = 0) -> Knowledge:
    """The :class:`Knowledge` of a trick observation, given the cards in play (``discards``: cards
    out of play the seat knows, such as a soloist's own)."""
    seen = mask_of(obs.hand) | obs.played_mask | discards
    unseen = in_play & ~seen
    excl = exclusions(obs)
    others = sum(n for s, n in enumerate(obs.hand_sizes) if s != obs.seat)
    out = unseen.bit_count() - others
    if out < 0:
        raise BotError(f"seat {obs.seat} sees fewer unseen cards ({unseen.bit_count()}) than the other hands "
                       f"hold ({others}): the pack in play is wrong")
    return Knowledge(obs.seat, unseen, tuple(obs.hand_sizes), tuple(excl), out)


__all__ = ["Knowledge", "exclusions", "in_play_mask", "suit_bits", "trick_knowledge"]
