"""The rules of a trick, written once: which card wins, who may play what, and what a play shows.

Every rule of trick play in the three games lives here, on card bitmasks (card ``i`` is bit ``i``,
``13 * suit + rank``, see :mod:`keinstich.cards`):

- :func:`beats_table`: per card, the cards that beat it when it is winning a trick: a higher card of
  its own suit, or any trump when it is not one (docs/rules.md §1.3, §4.4);
- :func:`beats` and :func:`trick_winner`: the card that wins a trick, by that table;
- :func:`legal`: the cards a hand may play: follow suit (§1.3); Kein Stich's optional duties, a banned
  lead and a forced discard (§2.3); Herzblatt's duties to trump and to overtrump (§4.4);
- :func:`duty`: which of those rules forbids a card (what a refusal names);
- :func:`reveals`: what a play shows about the hand it came from: the cards it cannot hold.

They are plain Python functions of integers and flat integer tables. The trick machine
(:class:`keinstich.tricks.TrickDeal`) and the bots' knowledge (:mod:`keinstich.bots.knowledge`) call them
as they are; the kernel's search and play-outs call the same functions compiled by numba
(:func:`keinstich.kernel.jit.compiled`). A deal's rules come in as :func:`rule_params`, a short table of
integers ``P`` read at the offsets ``P_…`` of :mod:`keinstich.kernel.layout`.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from keinstich.cards import ALL_CARDS, SUIT_MASKS, mask_of, strength_table
from keinstich.kernel.layout import (
    P_FORCED,
    P_MO_ALWAYS,
    P_MO_LEAD,
    P_MUST_TRUMP,
    P_NOLEAD,
    P_SIMPLE,
    P_SIZE,
    P_STOP,
    P_TMASK,
    P_TRUMP,
)

if TYPE_CHECKING:
    from keinstich.trick_rules import TrickRules

ALL = (1 << 52) - 1
"""Every card."""


# --- the rules of a deal as numbers -----------------------------------------------------------------


def rule_params(rules: TrickRules) -> list[int]:
    """The rules of the trick as the table ``P`` the functions here read (the other entries zero): the trump
    suit and its cards, the duties to trump and to overtrump, the banned lead, the forced discard; and
    whether the deal ends once decided (docs/rules.md §2.5, read by the play-outs)."""
    P = [0] * P_SIZE
    P[P_TRUMP] = -1 if rules.trump is None else int(rules.trump)
    P[P_TMASK] = SUIT_MASKS[rules.trump] if rules.trump is not None else 0
    P[P_SIMPLE] = int(rules.trump is None and rules.no_lead is None and rules.forced_discard is None)
    P[P_NOLEAD] = SUIT_MASKS[rules.no_lead] if rules.no_lead is not None else 0
    P[P_FORCED] = rules.forced_discard.bit if rules.forced_discard is not None else 0
    P[P_MUST_TRUMP] = int(rules.must_trump)
    P[P_MO_LEAD] = int(rules.must_overtrump_trump_lead)
    P[P_MO_ALWAYS] = int(rules.must_overtrump_always)
    P[P_STOP] = int(rules.stop_when_decided)
    return P


@lru_cache(maxsize=64)
def beats_table(order: str, trump: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per card index, under a rank order and a trump suit (-1: none): its strength in its suit, the cards
    that beat it when it is winning a trick (``over``), and the cards of its suit below and above it."""
    st = strength_table(order)
    tmask = SUIT_MASKS[trump] if trump >= 0 else 0
    over, lower, higher = [], [], []
    for c in ALL_CARDS:
        up = mask_of(d for d in ALL_CARDS if d.suit == c.suit and st[d.index] > st[c.index])
        over.append(up | (0 if c.suit == trump else tmask))
        higher.append(up)
        lower.append(mask_of(d for d in ALL_CARDS if d.suit == c.suit and st[d.index] < st[c.index]))
    return tuple(st), tuple(over), tuple(lower), tuple(higher)


class RuleTables:
    """One trick rules' tables, as the machine and the bots read them: ``P`` (:func:`rule_params`) and, per
    card, ``strength``, ``over`` (what beats it), ``lower`` and ``higher`` (:func:`beats_table`)."""

    __slots__ = ("P", "higher", "lower", "over", "strength")

    def __init__(self, rules: TrickRules) -> None:
        self.P = tuple(rule_params(rules))
        self.strength, self.over, self.lower, self.higher = beats_table(
            rules.order, -1 if rules.trump is None else int(rules.trump))


@lru_cache(maxsize=64)
def rule_tables(rules: TrickRules) -> RuleTables:
    """The :class:`RuleTables` of ``rules`` (cached)."""
    return RuleTables(rules)


# --- which card wins -------------------------------------------------------------------------------


def beats(over: Any, win: int, c: int) -> bool:
    """Whether card ``c``, played to a trick that card ``win`` is winning, wins it instead."""
    return bool(over[win] >> c & 1)


def trick_winner(cards: Any, count: int, over: Any) -> int:
    """The position in ``cards[:count]`` (played in that order, the lead first) of the card that wins them."""
    w = 0
    for i in range(1, count):
        if over[cards[w]] >> cards[i] & 1:
            w = i
    return w


# --- who may play what ------------------------------------------------------------------------------


def legal(hand: int, led: int, win: int, P: Any, over: Any) -> int:
    """The cards of ``hand`` that may be played when suit ``led`` was led (-1: to lead) and card ``win`` is
    winning the trick (-1 before the lead).

    Leading, any card, but not the banned suit (``no_lead``) while the hand holds another (§2.3). Following:
    a card of the led suit if the hand holds one (§1.3); on a trump lead it must beat the highest trump so
    far where it can (``must_overtrump_trump_lead``, ``must_overtrump_always``; §4.4). A hand void in the
    led suit must throw the ``forced_discard`` card if it holds it (§2.3), else a trump if it holds one
    (``must_trump``), and one that beats the highest trump in the trick where it can
    (``must_overtrump_always``); without ``must_trump`` trumping is a choice, but a trump played must still
    beat the highest so far where it can (§4.4). Otherwise any card. The card winning a trick that holds a
    trump is its highest trump, so ``win`` is all these duties need to know of the trick.
    """
    if led < 0:
        banned = P[P_NOLEAD]
        if banned:
            rest = hand & ~banned
            return rest if rest else hand
        return hand
    follow = hand & (0x1FFF << (13 * led))
    if P[P_SIMPLE]:
        return follow if follow else hand
    trump = P[P_TRUMP]
    if follow:
        if led == trump and (P[P_MO_LEAD] or P[P_MO_ALWAYS]) and win >= 0 and win // 13 == trump:
            higher = follow & over[win]
            return higher if higher else follow
        return follow
    forced = P[P_FORCED]
    if forced and hand & forced:
        return forced
    tmask = P[P_TMASK]
    trumps = hand & tmask
    if trumps:
        higher = 0
        if P[P_MO_ALWAYS] and win >= 0 and win // 13 == trump:
            higher = trumps & over[win]
        if P[P_MUST_TRUMP]:
            return higher if higher else trumps
        if higher:  # trumping is a choice, but a trump must beat the highest so far
            return (hand & ~tmask) | higher
    return hand


FOLLOW, NO_LEAD, FORCED, TRUMP, OVERTRUMP, OVERTRUMP_IF_TRUMPING = range(1, 7)
"""The rules :func:`duty` names: follow suit; do not lead the banned suit; throw the forced card; trump when
void; beat the highest trump so far; trump by choice only with a trump that beats the highest so far."""


def duty(hand: int, led: int, win: int, P: Any, over: Any, c: int) -> int:
    """Which rule forbids card ``c`` of ``hand`` (one of :data:`FOLLOW` … :data:`OVERTRUMP_IF_TRUMPING`),
    or 0 when :func:`legal` allows it."""
    if legal(hand, led, win, P, over) >> c & 1:
        return 0
    if led < 0:
        return NO_LEAD
    if hand & (0x1FFF << (13 * led)) and c // 13 != led:
        return FOLLOW
    forced = P[P_FORCED]
    if forced and hand & forced:
        return FORCED
    trump = P[P_TRUMP]
    if c // 13 == trump and win >= 0 and win // 13 == trump:
        return OVERTRUMP if c // 13 == led or P[P_MUST_TRUMP] else OVERTRUMP_IF_TRUMPING
    return TRUMP


# --- what a play shows ------------------------------------------------------------------------------


def reveals(out: Any, trick: Any, tlen: int, seat: int, c: int, P: Any, st: Any, higher: Any) -> None:
    """Seat ``seat`` played card ``c`` on the cards ``trick[:tlen]``: add to ``out[seat]`` the cards that play
    shows it cannot hold, as :func:`legal`'s duties tell.

    Leading the banned suit: it holds no other suit. Not following: it holds none of the led suit; nor the
    forced card unless it threw it; nor, under ``must_trump``, a trump unless it played one (or the forced
    card). A trump played under a duty to overtrump (on a trump lead, or any trump with
    ``must_overtrump_always``) that stays below the highest trump so far: it holds no higher trump.
    """
    if tlen == 0:
        banned = P[P_NOLEAD]
        if banned and banned >> c & 1:
            out[seat] |= ~banned & ALL
        return
    led = trick[0] // 13
    tmask = P[P_TMASK]
    forced = P[P_FORCED]
    if c // 13 != led:
        out[seat] |= 0x1FFF << (13 * led)
        if forced and not forced >> c & 1:
            out[seat] |= forced
        if P[P_MUST_TRUMP] and not tmask >> c & 1 and not (forced and forced >> c & 1):
            out[seat] |= tmask
    if not tmask >> c & 1:
        return
    trump_led = tmask >> trick[0] & 1
    if not ((trump_led and (P[P_MO_LEAD] or P[P_MO_ALWAYS])) or (not trump_led and P[P_MO_ALWAYS])):
        return
    best = -1
    for j in range(tlen):
        x = trick[j]
        if tmask >> x & 1 and (best < 0 or st[x] > st[best]):
            best = x
    if best >= 0 and st[c] < st[best]:
        out[seat] |= higher[best]


__all__ = ["ALL", "FOLLOW", "FORCED", "NO_LEAD", "OVERTRUMP", "OVERTRUMP_IF_TRUMPING", "TRUMP", "RuleTables",
           "beats", "beats_table", "duty", "legal", "reveals", "rule_params", "rule_tables", "trick_winner"]
