"""What a seat knows about the cards it cannot see, from the open play alone.

The pack in play, the suits a seat has shown it lacks, what the must-trump and lead duties reveal
(:func:`exclusions`), and, for the Monte Carlo bot, all of it at once as :class:`Knowledge`: the unseen
cards, every hand's size and what each seat cannot hold, ready for the :class:`~keinstich.bots.sampler.HandSampler`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

from keinstich.bots.base import BotError
from keinstich.bots.sampler import HandSampler
from keinstich.cards import ALL_CARDS, PACK_IDS, SUIT_MASKS, Card, Pack, Suit, mask_of, pack, strength_table
from keinstich.tricks import Observation, TrickRules


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
    """Per seat, the cards it is known not to hold, from the open play alone.

    A seat that did not follow holds no card of the led suit; under the must-trump duties a seat
    that neither followed nor trumped holds no trump, and one that trumped (or followed a trump
    lead) without beating the best trump when it had to holds no higher trump; a seat that led a
    banned suit (``no_lead``) holds no other suit; a void seat that kept the ``forced_discard``
    card does not hold it.
    """
    n = obs.players
    out = [0] * n
    for s in range(n):
        for su in obs.voids[s]:
            out[s] |= SUIT_MASKS[su]
    see = learner(obs.rules).see
    for t in obs.tricks:  # seat by seat from the leader; ``see`` reads the cards before, never keeps them
        before: list[Card] = []
        for i, c in enumerate(t.cards):
            see(out, before, (t.leader + i) % n, c)
            before.append(c)
    before = []
    for seat, c in obs.trick:
        see(out, before, seat, c)
        before.append(c)
    return out


class Learner:
    """Turns one play into exclusions (see :func:`exclusions`); shared with the fast playouts."""

    __slots__ = ("forced", "higher_trumps", "no_lead", "rules", "strength", "tmask", "trump")

    def __init__(self, rules: TrickRules) -> None:
        self.rules = rules
        self.trump = rules.trump
        self.tmask = SUIT_MASKS[rules.trump] if rules.trump is not None else 0
        self.strength = strength_table(rules.order)
        st = self.strength
        self.higher_trumps = [mask_of(x for x in ALL_CARDS if x.suit == rules.trump and st[x.index] > st[c.index])
                              for c in ALL_CARDS]
        self.no_lead = rules.no_lead
        self.forced = rules.forced_discard

    def see(self, out: list[int], before: Sequence[Card], seat: int, c: Card) -> None:
        """Seat ``seat`` played ``c`` on the cards ``before`` of the trick in progress."""
        if not before:
            if self.no_lead is not None and c.suit == self.no_lead:
                out[seat] |= ~SUIT_MASKS[c.suit] & _ALL
            return
        led = before[0].suit
        trump = self.trump
        rules = self.rules
        if c.suit != led:
            out[seat] |= SUIT_MASKS[led]
            if self.forced is not None and c is not self.forced:
                out[seat] |= self.forced.bit
            if rules.must_trump and c.suit != trump and (self.forced is None or c is not self.forced):
                out[seat] |= self.tmask
        if trump is None or c.suit != trump:
            return
        duty = (led == trump and (rules.must_overtrump_trump_lead or rules.must_overtrump_always)) or (
            led != trump and rules.must_overtrump_always)  # trumping by choice must overtrump too
        if not duty:
            return
        st = self.strength
        best: Card | None = None
        for x in before:
            if x.suit == trump and (best is None or st[x.index] > st[best.index]):
                best = x
        if best is not None and st[c.index] < st[best.index]:
            out[seat] |= self.higher_trumps[best.index]


_ALL = (1 << 52) - 1


@lru_cache(maxsize=64)
def learner(rules: TrickRules) -> Learner:
    return Learner(rules)


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


__all__ = ["Knowledge", "Learner", "exclusions", "in_play_mask", "learner", "suit_bits", "trick_knowledge"]
