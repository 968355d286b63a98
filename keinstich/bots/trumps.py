"""The heuristic's card in a trump game played by sides (Herzblatt): count points and trumps.

Following, the card with the best expected swing for the side; leading, draw trumps, cash sure
winners, or lead low from a short side suit. Each choice comes with a reason code that
:func:`~keinstich.bots.reasons.trump_reason` turns into the line a teacher would say.
"""

from __future__ import annotations

from collections.abc import Sequence

from keinstich.bots.reasons import (
    T_CASH,
    T_CHEAP,
    T_DRAW,
    T_DRAW_TOP,
    T_LEAD_LOW,
    T_LEAD_TRUMP,
    T_RUFF,
    T_SCHMIER,
    T_TAKE,
    trump_reason,
)
from keinstich.bots.tables import ONLY, Tables, card_list
from keinstich.cards import ALL_CARDS, SUIT_MASKS, Card

_T_TAKE, _T_SCHMIER, _T_CHEAP, _T_RUFF, _T_DRAW_TOP, _T_DRAW, _T_CASH, _T_LEAD_LOW, _T_LEAD_TRUMP = (
    T_TAKE, T_SCHMIER, T_CHEAP, T_RUFF, T_DRAW_TOP, T_DRAW, T_CASH, T_LEAD_LOW, T_LEAD_TRUMP)


def _beats(st: Sequence[int], trump: int | None, x: Card, best: Card) -> bool:
    """Whether ``x`` beats ``best``, the card now winning the trick."""
    if x.suit == best.suit:
        return st[x.index] > st[best.index]
    return x.suit == trump


def trump_pick(tb: Tables, k: int, n: int, seat: int, hand: int, legal: int, trick: Sequence[Card], unseen: int,
                excl: Sequence[int], side: Sequence[int], sizes_hint: int) -> tuple[Card, int, Card | None]:
    """The heuristic's card in a trump game played by sides (Herzblatt): count points and trumps.

    Following: the card with the best expected swing for the side (the trick's points won or lost,
    by the chance the side keeps the trick) less a small price for spending a trump or a high card;
    a partner's winning trick gets points thrown on it (schmieren). Leading: the soloist draws trumps
    while he has more than are out, then cashes the top cards; a defender cashes top side cards and
    otherwise leads low from a short side suit.
    """
    if not legal & (legal - 1):
        return ALL_CARDS[legal.bit_length() - 1], ONLY, None
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
        for c in card_list(legal):
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
    cards = card_list(legal)
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


__all__ = ["trump_pick", "trump_reason"]  # trump_reason lives in keinstich.bots.reasons
