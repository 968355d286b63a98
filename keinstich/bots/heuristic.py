"""Bots: one protocol, a random bot and a heuristic bot that explains itself.

A bot is handed one seat's observation, never the hidden hands, and returns its move::

    bot = HeuristicBot()
    choice = bot.explain(deal.observation(deal.turn))   # Choice(card, reason)
    deal.play(choice.card)

The same bots play trick deals (:class:`~keinstich.tricks.Observation`: a card), the lay-off deals
(:class:`~keinstich.layoff.DominoObservation`: a card, or None to pass) and Herzblatt
(:class:`~keinstich.games.herzblatt.HerzblattObservation`: :meth:`Bot.decide` answers every phase — solo
or pass, two discards, announcements, contra/re, cards). :func:`play_deal` drives any of the three
deals to its end by handing each seat's bot ``deal.observation(seat)`` and nothing else.

What "better" means is defined once, by :class:`Objective` (trick deals) and :func:`domino_value`:
a bot minimises its own penalty in Kein Stich (positive = paid), maximises its points in Herzeln
(``contract.unit == "points"``) and its side's card points in Herzblatt. The Monte Carlo bot and the
solver use the same definitions.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple, Protocol, TypeAlias, runtime_checkable

from keinstich.cards import (
    ALL_CARDS,
    PACK_IDS,
    SUIT_MASKS,
    Card,
    Pack,
    Rank,
    Suit,
    cards_of,
    mask_of,
    pack,
    strength_table,
)
from keinstich.games.herzblatt import CARD_POINTS, HerzblattDeal, HerzblattObservation
from keinstich.layoff import PAYOUT_WEIGHTS, DominoContract, DominoDeal, DominoObservation, End
from keinstich.tricks import Observation, Scoring, Trick, TrickDeal, TrickRules

AnyObservation: TypeAlias = Observation | DominoObservation | HerzblattObservation
Move: TypeAlias = bool | tuple[Card, Card] | str | Card | None
"""A Herzblatt move: bool (solo, contra, re), two discards, None/"66"/"du" (announce) or a card."""


class Choice(NamedTuple):
    """A card to play (None = pass, in the lay-off deal) and the one-line reason, for hints."""

    card: Card | None
    reason: str

    def __str__(self) -> str:
        what = self.card.code if self.card is not None else "pass"
        return f"{what}: {self.reason}"


class Decision(NamedTuple):
    """A Herzblatt move for the current phase (see :data:`Move`) and its one-line reason."""

    move: Move
    reason: str


@runtime_checkable
class Bot(Protocol):
    """A player: ``choose`` a card (or None to pass) from one seat's observation; ``explain`` says why.

    ``decide`` answers a Herzblatt observation in any phase: whether it plays solo, which two cards
    it discards, its announcements and contra/re, and its cards.
    """

    name: str

    def choose(self, obs: Observation | DominoObservation) -> Card | None: ...

    def explain(self, obs: Observation | DominoObservation) -> Choice: ...

    def decide(self, obs: HerzblattObservation) -> Decision: ...


class BotError(ValueError):
    """An observation a bot cannot act on (not its turn, the deal is over, an unknown pack)."""


# --- what "better" means ----------------------------------------------------------------------


@dataclass(frozen=True)
class Objective:
    """What a seat plays for in a trick deal: the summed score of its ``side``, times ``sign``.

    ``sign`` is -1 for penalties (Kein Stich: pfennig paid, lower is better) and +1 for points
    (Herzeln, Herzblatt: higher is better). ``side`` is the seat alone, except in Herzblatt where
    the defenders play together. :meth:`value` is higher-is-better for every game.
    """

    seat: int
    side: tuple[int, ...]
    sign: int

    def value(self, scores: Sequence[int]) -> int:
        """The value of (final) scores for this seat: higher is better."""
        return self.sign * sum(scores[s] for s in self.side)

    def score(self, scores: Sequence[int]) -> int:
        """The side's summed score in the contract's own units (pfennig paid, or points)."""
        return sum(scores[s] for s in self.side)


def sign_of(contract: Scoring | None) -> int:
    """+1 when the contract counts points (higher is better), -1 when it charges penalties."""
    return 1 if getattr(contract, "unit", "pfennig") == "points" else -1


def objective(obs: Observation | HerzblattObservation, seat: int | None = None) -> Objective:
    """The :class:`Objective` of the observing seat (or ``seat``): Herzblatt sides, else the seat alone."""
    if isinstance(obs, HerzblattObservation):
        s = obs.seat if seat is None else seat
        if obs.soloist is None:
            return Objective(s, (s,), 1)
        side = (obs.soloist,) if s == obs.soloist else tuple(p for p in range(obs.players) if p != obs.soloist)
        return Objective(s, side, 1)
    s = obs.seat if seat is None else seat
    return Objective(s, (s,), sign_of(obs.contract))


def domino_value(contract_points: Sequence[int] | None, finish_order: Sequence[int], seat: int,
                 fees: Sequence[int] = ()) -> int:
    """The value of a finished lay-off deal for ``seat``: higher is better.

    Herzeln's points by place when ``contract_points`` is given; otherwise (Kein Stich) the payout
    weight of the place (100/50/10/0 with four players: exactly the pfennig of a 160 pot), less the
    pass fees ``seat`` paid [DER: fees and weights are compared one to one].
    """
    n = len(finish_order)
    place = list(finish_order).index(seat)
    if contract_points is not None:
        base = contract_points[place]
    else:
        base = PAYOUT_WEIGHTS.get(n, (100,) + (0,) * (n - 1))[place]
    return base - (fees[seat] if fees else 0)


def deal_value(deal: TrickDeal | DominoDeal | HerzblattDeal, seat: int) -> int:
    """The value of a finished deal for ``seat`` (higher is better), as every bot and the solver see it.

    Trick deal: minus the penalty (Kein Stich) or the points (Herzeln); lay-off deal:
    :func:`domino_value`; Herzblatt: the seat's stake from the settlement.
    """
    if not deal.is_over:
        raise BotError("the deal is not over yet: a deal's value is known at its end")
    if isinstance(deal, TrickDeal):
        return sign_of(deal.contract) * deal.scores()[seat]
    if isinstance(deal, DominoDeal):
        return domino_value(deal.contract.points, deal.finish_order, seat, deal.fees())
    return deal.settlement().stakes[seat]


# --- what a seat knows ----------------------------------------------------------------------------


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
    tricks = [t.plays() for t in obs.tricks]
    if obs.trick:
        tricks.append(obs.trick)
    learn = _learner(obs.rules)
    for plays in tricks:
        for i, (seat, c) in enumerate(plays):
            learn.see(out, [x for _, x in plays[:i]], seat, c)
    return out


class _Learner:
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
def _learner(rules: TrickRules) -> _Learner:
    return _Learner(rules)


def _suit_bits(voids: Iterable[frozenset[Suit]]) -> list[int]:
    return [sum(1 << s for s in v) for v in voids]


# --- contract tables for the heuristic --------------------------------------------------------------


class _Tables:
    """Per contract, rules and deal length: what capturing each card costs and each trick's base cost.

    Costs are in "bad for the taker" units (pfennig, or minus points), probed from the contract's own
    ``score`` on one-card tricks, so any additive contract written as data works.
    """

    __slots__ = ("avert", "base", "cost", "costly", "higher", "lower", "natural", "nonneg", "strength", "trump")

    def __init__(self, contract: Scoring | None, rules: TrickRules, total: int) -> None:
        sign = -sign_of(contract)
        if contract is None:
            base, cost = [0] * (total + 2), [0] * 52
        else:
            base = [0] + [sign * contract.score([Trick(k, 0, (), 0)], 1, total)[0] for k in range(1, total + 1)] + [0]
            b1 = base[1]
            cost = [sign * contract.score([Trick(1, 0, (c,), 0)], 1, total)[0] - b1 for c in ALL_CARDS]
        self.base = base
        self.cost = cost
        self.costly = mask_of(c for c in ALL_CARDS if cost[c.index] > 0)
        self.strength = strength_table(rules.order)
        st = self.strength
        self.higher = [mask_of(d for d in ALL_CARDS if d.suit == c.suit and st[d.index] > st[c.index])
                       for c in ALL_CARDS]
        self.lower = [mask_of(d for d in ALL_CARDS if d.suit == c.suit and st[d.index] < st[c.index])
                      for c in ALL_CARDS]
        self.trump = rules.trump
        self.natural = rules.order == "natural"
        self.nonneg = min(cost) >= 0 and min(base) >= 0
        self.avert = sum(x for x in cost if x > 0) + sum(x for x in base if x > 0) >= \
            -sum(x for x in cost if x < 0) - sum(x for x in base if x < 0)


def tables(contract: Scoring | None, rules: TrickRules, total: int) -> _Tables:
    """The heuristic's cost tables (cached per contract, rules and deal length)."""
    try:
        return _cached_tables(contract, rules, total)  # type: ignore[arg-type]
    except TypeError:  # an unhashable scoring object: build the tables every time
        return _Tables(contract, rules, total)


@lru_cache(maxsize=256)
def _cached_tables(contract: Scoring | None, rules: TrickRules, total: int) -> _Tables:
    return _Tables(contract, rules, total)


# --- the heuristic, on masks ---------------------------------------------------------------------

_ONLY, _DUCK, _SHED_UNDER, _TAKE_LAST, _LOW_HOPE, _TAKE_HIGH, _WIN, _FREE, _VOID_SHED, _VOID_HIGH, _VOID_LOW, \
    _LEAD_SAFE, _LEAD_SHORT, _LEAD_RISK, _LEAD_FREE, _LEAD_WIN, _LEAD_EXIT, _LEAD_FREE_SHORT = range(18)


def _cards(mask: int) -> list[Card]:
    out = []
    while mask:
        low = mask & -mask
        out.append(ALL_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def _maxcost(tb: _Tables, mask: int) -> int:
    m = mask & tb.costly
    best = 0
    cost = tb.cost
    while m:
        low = m & -m
        v = cost[low.bit_length() - 1]
        if v > best:
            best = v
        m ^= low
    return best


def _win_chance(tb: _Tables, c: Card, suit_unseen: int, followers: int) -> float:
    """Chance that ``c`` is still the best card after ``followers`` seats follow from ``suit_unseen``
    (each holding a random unseen card of the suit)."""
    if not followers or not suit_unseen:
        return 1.0
    hi = (suit_unseen & tb.higher[c.index]).bit_count()
    if not hi:
        return 1.0
    lo = (suit_unseen & tb.lower[c.index]).bit_count()
    return float((lo / (lo + hi)) ** followers)


def _nt_pick(tb: _Tables, k: int, n: int, seat: int, hand: int, legal: int, trick: Sequence[Card],
             unseen: int, voids: Sequence[int]) -> tuple[Card, int, Card | None]:
    """The heuristic's card in a no-trump trick deal (Kein Stich, Herzeln): (card, reason code, card referred to).

    Following: the card with the least expected cost, where a card that stays under the winner costs
    nothing and a winning card costs the trick (cards in it, the base cost, the worst card a later
    seat could throw on it) times the chance nobody goes over it; ties shed the costliest card, then
    the highest. Void: throw the costliest card, else the card most likely to win later. Leading: the
    lowest card of a suit by the chance of winning times what the trick would cost, short suits first,
    keeping a sure loser as an exit card.
    """
    if not legal & (legal - 1):
        return ALL_CARDS[legal.bit_length() - 1], _ONLY, None
    cost = tb.cost
    st = tb.strength
    base = tb.base[k]
    if trick:
        led = trick[0].suit
        w = trick[0]
        tc = base + cost[w.index]
        for c in trick[1:]:
            tc += cost[c.index]
            if c.suit == led and st[c.index] > st[w.index]:
                w = c
        later = n - len(trick) - 1
        lbit = 1 << led
        if legal & SUIT_MASKS[led]:
            stake = tc + (_maxcost(tb, unseen) if later else 0)
            ducks = legal & tb.lower[w.index]
            if ducks and stake > 0 and tb.nonneg:
                # a card under the winner costs nothing: shed the costliest, else the highest of them
                under = max(_cards(ducks), key=lambda c: (cost[c.index], st[c.index]))
                return under, (_SHED_UNDER if cost[under.index] > 0 else _DUCK), w
            followers = 0
            for i in range(1, later + 1):
                if not voids[(seat + i) % n] & lbit:
                    followers += 1
            su = unseen & SUIT_MASKS[led]
            best: Card | None = None
            bkey: tuple[float, int, int] = (0.0, 0, 0)
            for c in _cards(legal):
                ci = c.index
                if st[ci] < st[w.index]:
                    exp = 0.0
                else:
                    exp = (stake + cost[ci]) * (_win_chance(tb, c, su, followers) if later else 1.0)
                key = (exp, -cost[ci], -st[ci])
                if best is None or key < bkey:
                    best, bkey = c, key
            assert best is not None
            if st[best.index] < st[w.index]:
                return best, (_SHED_UNDER if cost[best.index] > 0 else _DUCK), w
            if stake + cost[best.index] <= 0:
                return best, (_WIN if stake + cost[best.index] < 0 else _FREE), w
            if not later:
                return best, _TAKE_LAST, w
            if _win_chance(tb, best, su, followers) < 1.0:
                return best, _LOW_HOPE, w
            return best, _TAKE_HIGH, w
        # void in the led suit: no trumps here, so the trick is someone else's
        if tb.avert:
            costly = legal & tb.costly
            pool = _cards(costly or legal)
            if costly:
                top = max(cost[c.index] for c in pool)
                pool = [c for c in pool if cost[c.index] == top]
            if len(pool) == 1:
                best = pool[0]
            else:
                best = max(pool, key=lambda c: (_win_chance(tb, c, unseen & SUIT_MASKS[c.suit], 1), st[c.index]))
            return best, (_VOID_SHED if costly else _VOID_HIGH), trick[0]
        best = min(_cards(legal), key=lambda c: (_win_chance(tb, c, unseen & SUIT_MASKS[c.suit], 1), -cost[c.index]))
        return best, _VOID_LOW, trick[0]
    # leading
    dump = _maxcost(tb, unseen)
    options: list[tuple[float, int, int, Card, float]] = []
    for s in range(4):
        mine = legal & SUIT_MASKS[s]
        if not mine:
            continue
        su = unseen & SUIT_MASKS[s]
        followers = 0
        if su:
            for i in range(1, n):
                if not voids[(seat + i) % n] >> s & 1:
                    followers += 1
        nsu = su.bit_count()
        avg = (sum(cost[x.index] for x in _cards(su & tb.costly)) / nsu) if nsu else 0.0
        trick_cost = base + followers * avg + (n - 1 - followers) * dump
        if tb.natural:
            low = ALL_CARDS[(mine & -mine).bit_length() - 1]
        else:
            low = min(_cards(mine), key=lambda x: st[x.index])
        picks = [low]
        if not tb.avert:
            picks.append(max(_cards(mine), key=lambda x: st[x.index]))
        length = (hand & SUIT_MASKS[s]).bit_count()
        for c in picks:
            win = _win_chance(tb, c, su, followers)
            options.append((win * (trick_cost + cost[c.index]), length, st[c.index], c, win))
    options.sort(key=lambda o: o[:3])
    exp, _, _, best, win = options[0]
    if not tb.avert:
        return best, _LEAD_WIN, None
    if exp <= 0 and win > 0:
        return best, (_LEAD_FREE_SHORT if options[0][1] <= 2 else _LEAD_FREE), None
    if win == 0:
        # a sure loser: keep the last one as an exit when another lead is nearly as safe
        sure = [o for o in options if o[4] == 0]
        if len(sure) == 1:
            for o in options[1:]:
                if o[4] <= 0.15 and o[0] <= 0.15 * max(1, base):
                    return o[3], _LEAD_EXIT, best
        return best, _LEAD_SAFE, None
    if exp <= 0.5 * max(1.0, base):
        return best, _LEAD_SHORT, None
    return best, _LEAD_RISK, None


def _reason(code: int, c: Card, ref: Card | None, contract: Scoring | None) -> str:
    """The one-line hint for a heuristic choice."""
    x = c.text
    r = ref.text if ref is not None else ""
    name = getattr(contract, "name", "this deal")
    texts = {
        _ONLY: f"{x} is the only card you may play",
        _DUCK: f"duck: {x} stays under {r}, which is winning the trick (the highest card that still loses)",
        _SHED_UNDER: f"shed the dangerous {x} under {r}: the trick is someone else's",
        _TAKE_LAST: f"you must take this trick: take it with {x}, the cheapest card that wins, and get rid "
                    "of a high card",
        _LOW_HOPE: f"you cannot duck under {r}: play {x}, as safe as any card you could play here, and hope a "
                   "later player goes over it",
        _TAKE_HIGH: f"nobody can go over you: take the trick with the high {x} and keep your low cards",
        _WIN: f"win the trick with {x}: in {name} it is worth having",
        _FREE: f"nothing is at stake in this trick: win it with {x} to get rid of a high card",
        _VOID_SHED: f"void in {ref.suit.label() if ref else 'the suit'}: shed the dangerous {x}",
        _VOID_HIGH: f"void in {ref.suit.label() if ref else 'the suit'}: throw {x}, the card most likely to win "
                    "a trick later",
        _VOID_LOW: f"void in {ref.suit.label() if ref else 'the suit'}: throw {x}, keeping your winners",
        _LEAD_SAFE: f"lead {x}: every card the others hold in {c.suit.label()} is higher, so it cannot win",
        _LEAD_SHORT: f"lead the low {x} from your short {c.suit.label()}: unlikely to win, and it works "
                     "towards a void",
        _LEAD_RISK: f"lead {x}: every lead carries some risk; this one has the least",
        _LEAD_FREE: f"lead {x}: a {c.suit.label()} trick costs nothing while everyone follows suit",
        _LEAD_FREE_SHORT: f"lead {x} from your short {c.suit.label()}: the trick costs nothing while everyone "
                          "follows suit, and it works towards a void",
        _LEAD_WIN: f"lead {x}: the best chance of winning a trick worth having",
        _LEAD_EXIT: f"lead {x} and keep {r} as a safe exit card for later",
    }
    return texts[code]


def _trick_view(obs: Observation, in_play: int) -> tuple[int, int, int, list[Card], int, list[int]]:
    """(trick number, hand, legal, trick cards, unseen mask, void bits) for the heuristic."""
    hand = mask_of(obs.hand)
    unseen = in_play & ~hand & ~obs.played_mask
    return (len(obs.tricks) + 1, hand, mask_of(obs.legal), [c for _, c in obs.trick], unseen,
            _suit_bits(obs.voids))


def _check_turn(obs: Observation | DominoObservation) -> None:
    if obs.turn != obs.seat:
        what = "the deal is over" if obs.turn is None else f"it is seat {obs.turn}'s turn"
        raise BotError(f"seat {obs.seat} cannot move: {what}")


# --- the bots -------------------------------------------------------------------------------------


class BaseBot:
    """Shared plumbing: ``choose`` is ``explain(obs).card``; ``decide`` routes Herzblatt phases."""

    name = "bot"

    def __init__(self, seed: int | str | random.Random | None = None, *, pack: Pack | str | None = None) -> None:
        self.rng = seed if isinstance(seed, random.Random) else random.Random(
            f"{type(self).__name__}:{seed if seed is not None else 0}")
        self.pack = pack

    def choose(self, obs: Observation | DominoObservation) -> Card | None:
        return self.explain(obs).card

    def explain(self, obs: Observation | DominoObservation) -> Choice:
        _check_turn(obs)
        if isinstance(obs, DominoObservation):
            return self.explain_domino(obs)
        return self.explain_trick(obs)

    def explain_trick(self, obs: Observation) -> Choice:
        raise NotImplementedError

    def explain_domino(self, obs: DominoObservation) -> Choice:
        raise NotImplementedError

    def decide(self, obs: HerzblattObservation) -> Decision:
        """The move for the current Herzblatt phase, with its reason."""
        if obs.turn != obs.seat:
            raise BotError(f"seat {obs.seat} cannot act: it is {'nobody' if obs.turn is None else obs.turn}'s turn")
        if obs.phase == "play":
            assert obs.trick is not None
            choice = self.herzblatt_card(obs)
            return Decision(choice.card, choice.reason)
        return self.herzblatt_decide(obs)

    def herzblatt_decide(self, obs: HerzblattObservation) -> Decision:
        """Solo or pass, discards, announcements, contra and re (every phase but the cards)."""
        return herzblatt_heuristic_decision(obs)

    def herzblatt_card(self, obs: HerzblattObservation) -> Choice:
        assert obs.trick is not None
        return self.explain_trick(obs.trick)

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomBot(BaseBot):
    """Plays a uniformly random legal card (and passes when it must, or at random when it may)."""

    name = "random"

    def explain_trick(self, obs: Observation) -> Choice:
        c = self.rng.choice(obs.legal)
        return Choice(c, f"random: {c.text} out of {len(obs.legal)} legal cards")

    def explain_domino(self, obs: DominoObservation) -> Choice:
        moves: list[Card | None] = list(obs.legal) + ([None] if may_pass(obs) else [])
        if not moves:
            raise BotError(f"seat {obs.seat} has no legal move")
        c = self.rng.choice(moves)
        if c is None:
            return Choice(None, "no card fits: pass" if not obs.legal else "random: pass")
        return Choice(c, f"random: {c.text} out of {len(moves)} moves")

    def herzblatt_decide(self, obs: HerzblattObservation) -> Decision:
        """At random: plays solo one time in three, discards any two cards, rarely announces or doubles."""
        rng = self.rng
        if obs.phase == "asking":
            yes = rng.random() < 1 / 3
            return Decision(yes, f"random: {'play' if yes else 'pass'}")
        if obs.phase == "discard":
            a, b = rng.sample(list(obs.hand), 2)
            return Decision((a, b), f"random: lay away {a.text} {b.text}")
        if obs.phase == "announce":
            call = "66" if rng.random() < 0.1 else None
            return Decision(call, f"random: {'announce 66' if call else 'no announcement'}")
        yes = rng.random() < 0.1
        return Decision(yes, f"random: {'yes' if yes else 'no'}")


class HeuristicBot(BaseBot):
    """Contract-aware play a teacher would recognise, each choice with a one-line reason.

    Trick deals: duck under the card now winning; shed the dangerous card when void (the King of
    Hearts in No Max, the Queen of Spades in Black Pig, high Hearts in No Hearts, Obers in No
    Obers); lead low from short suits to make voids; keep a sure loser as an exit card. The contract
    is read as data (what each card and trick costs), so new contracts need no new code. Deterministic.
    Lay-off deal: lay the card that frees your own next cards, hold back cards that only help others.
    Herzblatt: counts trumps and points (:func:`herzblatt_heuristic_card`, :func:`hand_value`,
    :func:`best_discards`).
    """

    name = "heuristic"

    def explain_trick(self, obs: Observation) -> Choice:
        c, code, ref = self.pick_trick(obs)
        if obs.rules.trump is not None:
            return Choice(c, _trump_reason(code, c, ref))
        return Choice(c, _reason(code, c, ref, obs.contract))

    def pick_trick(self, obs: Observation, in_play: int | None = None) -> tuple[Card, int, Card | None]:
        _check_turn(obs)
        ip = in_play if in_play is not None else in_play_mask(obs, self.pack)
        k, hand, legal, trick, unseen, voids = _trick_view(obs, ip)
        total = (sum(obs.hand_sizes) + len(obs.played)) // obs.players
        tb = tables(obs.contract, obs.rules, total)
        if obs.rules.trump is not None:
            return _trump_pick(tb, k, obs.players, obs.seat, hand, legal, trick, unseen, exclusions(obs),
                               (obs.seat,), max(obs.hand_sizes))
        return _nt_pick(tb, k, obs.players, obs.seat, hand, legal, trick, unseen, voids)

    def herzblatt_card(self, obs: HerzblattObservation) -> Choice:
        return herzblatt_heuristic_card(obs)

    def explain_domino(self, obs: DominoObservation) -> Choice:
        return domino_heuristic(obs)


# --- Herzblatt: trumps, points, a side ---------------------------------------------------------

_T_TAKE, _T_SCHMIER, _T_CHEAP, _T_RUFF, _T_DRAW_TOP, _T_DRAW, _T_CASH, _T_LEAD_LOW, _T_LEAD_TRUMP = range(100, 109)


def _beats(st: Sequence[int], trump: int | None, x: Card, best: Card) -> bool:
    if x.suit == best.suit:
        return st[x.index] > st[best.index]
    return x.suit == trump


def _trump_pick(tb: _Tables, k: int, n: int, seat: int, hand: int, legal: int, trick: Sequence[Card], unseen: int,
                excl: Sequence[int], side: Sequence[int], sizes_hint: int) -> tuple[Card, int, Card | None]:
    """The heuristic's card in a trump game played by sides (Herzblatt): count points and trumps.

    Following: the card with the best expected swing for the side (the trick's points won or lost,
    by the chance the side keeps the trick) less a small price for spending a trump or a high card;
    a partner's winning trick gets points thrown on it (schmieren). Leading: the soloist draws trumps
    while he has more than are out, then cashes the top cards; a defender cashes top side cards and
    otherwise leads low from a short side suit.
    """
    if not legal & (legal - 1):
        return ALL_CARDS[legal.bit_length() - 1], _ONLY, None
    st = tb.strength
    trump = tb.trump
    tmask = SUIT_MASKS[trump] if trump is not None else 0
    gain = [-x for x in tb.cost]
    mine = set(side)
    opps = [p for p in range(n) if p not in mine]
    if trick:
        leader = (seat - len(trick)) % n
        best, bseat = trick[0], leader
        pts = gain[trick[0].index] - tb.base[k]
        for i, x in enumerate(trick[1:], 1):
            pts += gain[x.index]
            if _beats(st, trump, x, best):
                best, bseat = x, (leader + i) % n
        later_opps = [(seat + i) % n for i in range(1, n - len(trick)) if (seat + i) % n not in mine]
        scored = []
        for c in _cards(legal):
            top = c if _beats(st, trump, c, best) else best
            ours = top is c or bseat in mine
            keep = 1.0
            if ours and later_opps:
                beaters = unseen & (tb.higher[top.index] | (tmask if top.suit != trump else 0))
                u = unseen.bit_count() or 1
                for p in later_opps:
                    t = (beaters & ~excl[p]).bit_count()
                    if t:
                        keep *= max(0.0, 1.0 - t / u) ** max(1, sizes_hint)
            p_side = keep if ours else 0.0
            swing = (2 * p_side - 1) * (pts + gain[c.index])
            price = (1.5 + 0.4 * st[c.index]) if c.suit == trump else 0.15 * st[c.index]
            scored.append((swing - price, -st[c.index], c, top is c, ours))
        scored.sort(key=lambda t: t[:2], reverse=True)
        _, _, c, takes, ours = scored[0]
        if takes and c.suit == trump and trick[0].suit != trump:
            return c, _T_RUFF, best
        if takes:
            return c, _T_TAKE, best
        if ours and gain[c.index] > 0:
            return c, _T_SCHMIER, best
        return c, _T_CHEAP, best
    # leading
    cards = _cards(legal)
    my_trumps = hand & tmask
    out_trumps = unseen & tmask
    opp_can_trump = any(out_trumps & ~excl[p] for p in opps)
    soloist = len(side) == 1
    if soloist and my_trumps and out_trumps and my_trumps & legal:
        tops = [c for c in cards if c.suit == trump and not unseen & tb.higher[c.index]]
        if tops:
            return tops[0], _T_DRAW_TOP, None
        if my_trumps.bit_count() > out_trumps.bit_count():
            low = min((c for c in cards if c.suit == trump), key=lambda x: st[x.index])
            return low, _T_DRAW, None
    cash = [c for c in cards if c.suit != trump and not unseen & tb.higher[c.index]
            and (not opp_can_trump or not any(excl[p] & SUIT_MASKS[c.suit] == SUIT_MASKS[c.suit] for p in opps))]
    if cash:
        return max(cash, key=lambda x: (gain[x.index], st[x.index])), _T_CASH, None
    side_cards = [c for c in cards if c.suit != trump]
    if side_cards:
        def short(c: Card) -> tuple[int, int, int]:
            return ((hand & SUIT_MASKS[c.suit]).bit_count(), gain[c.index], st[c.index])
        return min(side_cards, key=short), _T_LEAD_LOW, None
    return min(cards, key=lambda x: st[x.index]), _T_LEAD_TRUMP, None


def _trump_reason(code: int, c: Card, ref: Card | None) -> str:
    x = c.text
    r = ref.text if ref is not None else ""
    return {
        _ONLY: f"{x} is the only card you may play",
        _T_TAKE: f"take the trick with {x}, over {r}: it is worth having",
        _T_RUFF: f"trump in with {x}: {r} is beaten by any trump",
        _T_SCHMIER: f"your side is winning the trick: throw the points of {x} on it (schmieren)",
        _T_CHEAP: f"the trick is lost to the other side: give away as little as possible with {x}",
        _T_DRAW_TOP: f"draw trumps with {x}, the highest trump left",
        _T_DRAW: f"draw trumps with the low {x}: you hold more trumps than are still out",
        _T_CASH: f"cash {x}: nobody can beat it in {c.suit.label()}",
        _T_LEAD_LOW: f"lead the low {x} from your short {c.suit.label()}",
        _T_LEAD_TRUMP: f"only trumps are left: lead the low {x}",
    }[code]


def herzblatt_view(obs: HerzblattObservation) -> tuple[Observation, int, list[int], tuple[int, ...]]:
    """For the play phase: the trick observation, the unseen cards (for the soloist his discards are
    known; for a defender they are among the unseen), the exclusions and the seat's side."""
    t = obs.trick
    assert t is not None
    known = mask_of(t.hand) | t.played_mask | mask_of(obs.discards)
    unseen = obs.rules.pack.mask & ~known
    return t, unseen, exclusions(t), objective(obs).side


def herzblatt_heuristic_card(obs: HerzblattObservation) -> Choice:
    """The heuristic's card in Herzblatt, with a reason that counts points and trumps."""
    t, unseen, excl, side = herzblatt_view(obs)
    _check_turn(t)
    total = (sum(t.hand_sizes) + len(t.played)) // t.players
    tb = tables(t.contract, t.rules, total)
    hand, legal = mask_of(t.hand), mask_of(t.legal)
    sizes = max(t.hand_sizes)
    c, code, ref = _trump_pick(tb, len(t.tricks) + 1, t.players, t.seat, hand, legal, [x for _, x in t.trick],
                               unseen, excl, side, sizes)
    text = _trump_reason(code, c, ref)
    if obs.soloist is not None:
        scores = t.contract.score(t.tricks, t.players, total) if t.contract is not None else (0,) * t.players
        pts = sum(scores[s] for s in side) + (_points(obs.discards) if obs.seat == obs.soloist else 0)
        trumps_out = (unseen & SUIT_MASKS[Suit.HEARTS]).bit_count()
        who = "you have" if obs.seat == obs.soloist else "your side has"
        text += f" ({who} {pts} points; {trumps_out} trumps unseen)"
    return Choice(c, text)


def _points(cs: Iterable[Card]) -> int:
    return sum(CARD_POINTS.get(c.rank, 0) for c in cs)


_TRUMP_VALUE = {Rank.ACE: 16, Rank.TEN: 13, Rank.KING: 10, Rank.QUEEN: 8, Rank.JACK: 7}
_SIDE_VALUE = {Rank.ACE: 13, Rank.TEN: 4, Rank.KING: 2}


def hand_value(cs: Sequence[Card], players: int) -> float:
    """The card points a soloist can expect with these cards (before the skat), by counting.

    20 for the skat, the discards and what the defenders give away, plus trumps by rank (A 16,
    10 13, K 10, Q 8, J 7, others 5), side Aces 13, a Ten guarded by its Ace 11 (else 4), side
    Kings 2, and 4 for each void side suit when holding trumps to ruff. Calibrated on simulated
    solos with the heuristic's discards and play (2 to 5 players): the soloist's mean points are
    within a few of this estimate; a solo pays off from about 67.
    """
    value = 20.0
    trumps = [c for c in cs if c.suit == Suit.HEARTS]
    for c in trumps:
        value += _TRUMP_VALUE.get(c.rank, 5)
    for su in (Suit.CLUBS, Suit.SPADES, Suit.DIAMONDS):
        mine = [c for c in cs if c.suit == su]
        ranks = {c.rank for c in mine}
        for c in mine:
            if c.rank == Rank.TEN and Rank.ACE in ranks:
                value += 11
            else:
                value += _SIDE_VALUE.get(c.rank, 0)
        if not mine and trumps:
            value += 4
    return value


SOLO_AT = 69.0
"""Play solo from this :func:`hand_value` on (the break-even point of the simulations)."""


def best_discards(cs: Sequence[Card]) -> tuple[tuple[Card, Card], str]:
    """Two cards to lay away (they count for the soloist): bank points that would not make a trick,
    make a side suit void, keep trumps, Aces and Tens guarded by their Ace."""
    best: tuple[float, Card, Card] | None = None
    for i, a in enumerate(cs):
        for b in cs[i + 1:]:
            score = 0.0
            for c in (a, b):
                if c.suit == Suit.HEARTS:
                    score -= 30 + CARD_POINTS.get(c.rank, 0)
                elif c.rank == Rank.ACE:
                    score -= 8
                elif c.rank == Rank.TEN and any(x.suit == c.suit and x.rank == Rank.ACE for x in cs):
                    score -= 2  # a Ten guarded by its Ace makes a trick: keep it
                else:
                    score += CARD_POINTS.get(c.rank, 0)
            for su in {a.suit, b.suit} - {Suit.HEARTS}:
                left = sum(1 for c in cs if c.suit == su and c is not a and c is not b)
                if not left:
                    score += 9
            if best is None or score > best[0] or (score == best[0] and (a.index, b.index) < (best[1].index,
                                                                                              best[2].index)):
                best = (score, a, b)
    assert best is not None
    _, a, b = best
    voided = [su for su in {a.suit, b.suit} if su != Suit.HEARTS and not any(
        c.suit == su and c is not a and c is not b for c in cs)]
    why = f"lay away {a.text} {b.text}: {_points((a, b))} points banked"
    if voided:
        why += ", void in " + " and ".join(su.label() for su in sorted(voided))
    return (a, b), why


def herzblatt_heuristic_decision(obs: HerzblattObservation) -> Decision:
    """Every Herzblatt phase but the cards, by counting trumps and points (see :func:`hand_value`)."""
    n = obs.players
    if obs.phase == "asking":
        v = hand_value(obs.hand, n)
        need = SOLO_AT
        trumps = sum(1 for c in obs.hand if c.suit == Suit.HEARTS)
        if v >= need:
            return Decision(True, f"play: counting {trumps} trumps and the high cards, the hand should make about "
                                  f"{v:.0f} points; a solo pays from about {need:.0f}")
        return Decision(False, f"pass: counting {trumps} trumps and the high cards, the hand should make about "
                               f"{v:.0f} points; a solo pays from about {need:.0f}")
    if obs.phase == "discard":
        pair, why = best_discards(obs.hand)
        return Decision(pair, why)
    if obs.phase == "announce":
        v = hand_value(obs.hand, n)
        if v >= 88:
            return Decision("66", f"announce 66: the hand is worth about {v:.0f} points")
        return Decision(None, f"no announcement: about {v:.0f} points is no certain 66")
    if obs.phase == "contra":
        held = [c for c in obs.hand if c.suit == Suit.HEARTS]
        strong = sum(1 for c in held if c.rank in (Rank.ACE, Rank.TEN)) + len(held) // 2
        if strong >= 3:
            return Decision(True, f"contra: {len(held)} trumps with the high ones stop the soloist")
        return Decision(False, "no contra: the hand cannot stop the soloist on its own")
    if obs.phase == "re":
        v = hand_value(obs.hand, n)
        return Decision(v >= 95, f"{'re' if v >= 100 else 'no re'}: the hand is worth about {v:.0f} points")
    raise BotError(f"no decision in the {obs.phase} phase")


def trump_playout(deal: TrickDeal, soloist: int | None = None) -> tuple[int, ...]:
    """Finish a trump-game trick deal (Herzblatt) with the heuristic in every seat; returns the scores.

    Sides: the soloist alone against the others (every seat alone without one). Each seat decides
    from its own hand and the open play, as :func:`herzblatt_heuristic_card` does.
    """
    n = deal.players
    hands = [mask_of(deal.hand(s)) for s in range(n)]
    played = mask_of(c for _, c in deal.plays)
    in_play = played
    for h in hands:
        in_play |= h
    excl = exclusions(deal.observation(0))
    learn = _learner(deal.rules)
    sides = [((s,) if soloist is None or s == soloist else tuple(p for p in range(n) if p != soloist))
             for s in range(n)]
    trick = [c for _, c in deal.trick]
    k = len(deal.tricks) + 1
    tb = tables(deal.contract, deal.rules, deal.total_tricks)
    while True:
        turn = deal.turn
        if turn is None:
            break
        s = turn
        hand = hands[s]
        legal = deal.legal_mask()
        if legal & (legal - 1):
            c = _trump_pick(tb, k, n, s, hand, legal, trick, in_play & ~played & ~hand, excl, sides[s],
                            max(m.bit_count() for m in hands))[0]
        else:
            c = ALL_CARDS[legal.bit_length() - 1]
        learn.see(excl, trick, s, c)
        hands[s] = hand ^ c.bit
        played |= c.bit
        if deal.play(c) is not None:
            trick = []
            k += 1
        else:
            trick.append(c)
    return deal.scores()


# --- the lay-off deal ---------------------------------------------------------------------------


def domino_world(obs: DominoObservation, others: Sequence[int],
                 passes: list[tuple[int, int]] | None = None) -> DominoDeal:
    """A lay-off deal in the observed state, with ``others[s]`` (a mask) as the hidden hand of every
    other seat: the observed moves replayed on those hands.

    Passing is voluntary during the replay (a pass seen in play is replayed whatever the guessed hand
    holds); afterwards the deal follows the observed rules again. With ``passes`` given, each pass is
    recorded there as (seat, mask of the cards that fitted the layout at that moment).
    """
    n = obs.players
    played = [0] * n
    for s, c in obs.plays:
        if c is not None:
            played[s] |= c.bit
    hands = [cards_of((mask_of(obs.hand) if s == obs.seat else others[s]) | played[s]) for s in range(n)]
    leader = obs.plays[0][0] if obs.plays else (obs.turn if obs.turn is not None else 0)
    loose = dataclasses.replace(obs.rules, voluntary_pass=True)
    contract = DominoContract("replay", "replay", rules=obs.rules, points=domino_points(obs))
    deal = DominoDeal(hands, contract, leader=leader, rules=loose)
    chain = obs.layout if isinstance(obs.layout, tuple) else ()
    first = next((c for _, c in obs.plays if c is not None), None)
    for s, c in obs.plays:
        if c is None:
            if passes is not None:
                passes.append((s, mask_of(deal.frontier)))
            deal.play(None, s)
            continue
        end: End | None = None
        if chain and first is not None and deal.ends(c) == ("top", "bottom"):
            end = "bottom" if chain.index(c) < chain.index(first) else "top"
        deal.play(c, s, end=end)
    deal.rules = obs.rules
    return deal


def domino_exclusions(obs: DominoObservation) -> list[int]:
    """Per seat, the cards it is known not to hold: when passing is allowed only without a card that
    fits, a seat that passed held none of the cards that fitted then (and cards only leave hands)."""
    out = [0] * obs.players
    if obs.rules.voluntary_pass or not any(c is None for _, c in obs.plays):
        return out
    passes: list[tuple[int, int]] = []
    domino_world(obs, filler_hands(obs), passes)
    for s, front in passes:
        out[s] |= front
    return out


def filler_hands(obs: DominoObservation) -> list[int]:
    """Some hidden hands of the right sizes, for replays in which only the layout matters."""
    rest = _cards(mask_of(obs.unseen))
    out = [0] * obs.players
    i = 0
    for s in range(obs.players):
        if s != obs.seat:
            out[s] = mask_of(rest[i:i + obs.hand_sizes[s]])
            i += obs.hand_sizes[s]
    return out


def domino_points(obs: DominoObservation) -> tuple[int, ...] | None:
    """Points by place for the observed lay-off deal: Herzeln's -10 per place for its layouts (the
    chain, or rows in the ace-ten order or wrapping round), else None: Kein Stich pays out the pot.
    [DER: the observation does not name the contract, so the rules tell the game.]"""
    r = obs.rules
    if r.layout == "chain" or r.order == "ace-ten" or r.wrap:
        return tuple(-10 * i for i in range(obs.players))
    return None


def may_pass(obs: DominoObservation) -> bool:
    """Whether the seat may pass: when it has no card that fits, or (with voluntary passing) unless a
    whole round has just passed, so that bots never pass round and round for ever [DER]."""
    if not obs.can_pass:
        return False
    if not obs.legal:
        return True
    in_a_row = 0
    for _, c in reversed(obs.plays):
        if c is not None:
            break
        in_a_row += 1
    holding = sum(1 for h in obs.hand_sizes if h)
    return in_a_row < holding - 1


def domino_heuristic(obs: DominoObservation) -> Choice:
    """Lay the card that opens the way to your own cards; avoid opening the way for others.

    For each legal card: the cards it makes layable next (found by laying it on a replay of the
    open layout), counted +1 if you hold them and -1 if you do not; then prefer cards from the rows
    where you hold the most cards still to come. Pass only when you must (or when every card would
    only help the others and passing is allowed).
    """
    if not obs.legal:
        if not obs.can_pass:
            raise BotError(f"seat {obs.seat} has no legal move")
        return Choice(None, "no card fits the layout: pass")
    if len(obs.legal) == 1 and not may_pass(obs):
        return Choice(obs.legal[0], f"{obs.legal[0].text} is the only card that fits")
    mine = mask_of(obs.hand)
    world = domino_world(obs, filler_hands(obs))
    before = mask_of(world.frontier)
    scored = []
    for c in obs.legal:
        d = world.copy()
        d.play(c)
        opened = mask_of(d.frontier) & ~before & ~c.bit
        own = (opened & mine).bit_count()
        other = (opened & ~mine).bit_count()
        same_suit = (mine & SUIT_MASKS[c.suit]).bit_count() if obs.rules.layout == "rows" else \
            sum(1 for x in obs.hand if x.rank == c.rank)
        scored.append((own - other, same_suit, -c.index, c, own, other))
    scored.sort(key=lambda t: t[:3], reverse=True)
    _, _, _, best, own, other = scored[0]
    if may_pass(obs) and own - other < 0 and len(obs.hand) > 1:
        return Choice(None, "every card you could lay would open the way for the others: pass")
    if own and not other:
        why = f"it opens the way to {own} of your own cards and to nobody else's"
    elif own:
        why = f"it opens the way to {own} of your cards (and {other} of others')"
    elif not other:
        why = "it opens nothing for the others"
    else:
        why = "every card helps someone; this one helps the others least"
    return Choice(best, f"lay {best.text}: {why}")


# --- driving deals --------------------------------------------------------------------------------


AnyDeal: TypeAlias = TrickDeal | DominoDeal | HerzblattDeal


def play_deal(deal: AnyDeal, bots: Sequence[Bot]) -> AnyDeal:
    """Play ``deal`` to its end: each seat's bot is handed ``deal.observation(seat)`` only. Returns the deal."""
    if len(bots) != deal.players:
        raise BotError(f"give one bot per seat ({deal.players}), not {len(bots)}")
    if isinstance(deal, HerzblattDeal):
        while not deal.is_over:
            seat = deal.turn
            assert seat is not None
            deal.act(bots[seat].decide(deal.observation(seat)).move)
        return deal
    while not deal.is_over:
        seat = deal.turn
        assert seat is not None
        if isinstance(deal, TrickDeal):
            c = bots[seat].choose(deal.observation(seat))
            if c is None:
                raise BotError(f"{bots[seat].name} passed in a trick deal (seat {seat})")
            deal.play(c, seat)
        else:
            deal.play(bots[seat].choose(deal.observation(seat)), seat)
    return deal


def heuristic_playout(deal: TrickDeal, soloist: int | None = None) -> tuple[int, ...]:
    """Finish a no-trump trick deal with :class:`HeuristicBot` in every seat; returns the scores.

    The same decisions as the bot handed each seat's observation (a test checks it), computed from
    each seat's own hand and the open play only, without building observations: the rollout the
    Monte Carlo bot uses and the fast path for simulations.
    """
    if deal.rules.trump is not None:
        return trump_playout(deal, soloist)
    n = deal.players
    hands = [mask_of(deal.hand(s)) for s in range(n)]
    in_play = 0
    for h in hands:
        in_play |= h
    played = mask_of(c for _, c in deal.plays)
    in_play |= played
    voids = [0] * n
    for s in range(n):
        for su in deal.voids(s):
            voids[s] |= 1 << su
    trick = [c for _, c in deal.trick]
    k = len(deal.tricks) + 1
    tb = tables(deal.contract, deal.rules, deal.total_tricks)
    play = deal.play
    legal_mask = deal.legal_mask
    while True:
        turn = deal.turn
        if turn is None:
            break
        s = turn
        hand = hands[s]
        legal = legal_mask()
        if legal & (legal - 1):
            c = _nt_pick(tb, k, n, s, hand, legal, trick, in_play & ~played & ~hand, voids)[0]
        else:
            c = ALL_CARDS[legal.bit_length() - 1]
        if trick and c.suit != trick[0].suit:
            voids[s] |= 1 << trick[0].suit
        hands[s] = hand ^ c.bit
        played |= c.bit
        if play(c) is not None:
            trick = []
            k += 1
        else:
            trick.append(c)
    return deal.scores()


__all__ = [
    "AnyObservation", "BaseBot", "Bot", "BotError", "Choice", "Decision", "HeuristicBot", "Move", "Objective",
    "RandomBot", "deal_value", "domino_heuristic", "domino_value", "domino_world", "exclusions",
    "heuristic_playout", "in_play_mask", "objective", "play_deal", "sign_of", "tables",
]
