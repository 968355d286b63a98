"""Where things are in the kernel's flat integer arrays, and the rules of a trick as such an array.

The parameter table ``P`` (offsets ``P_…``) carries the rules of the trick (trump, the must-trump
duties, a banned lead, a forced discard) for :func:`~keinstich.kernel.search.legal`, and what the search
and the play-outs need besides; ``T`` (``T_…``) holds it with the per-card and per-trick tables of one
deal, ``H`` (``H_…``) the heuristic's, ``S`` (``S_…``) the state of one deal being played out. This
module does not load the compiler: the trick machine imports it at once, the kernel only when it plays.
"""

from __future__ import annotations

from functools import lru_cache

from keinstich.cards import ALL_CARDS, SUIT_MASKS, mask_of, strength_table
from keinstich.trick_rules import TrickRules

# offsets in the parameter table P
P_N, P_TOTAL, P_SIDE, P_SIGN, P_GOOD, P_MARCH, P_TRUMP, P_TMASK, P_SIMPLE, P_NOLEAD, P_FORCED, P_MUST_TRUMP, \
    P_MO_LEAD, P_MO_ALWAYS, P_VALUED, P_CLASSES, P_ABSOLUTE, P_GEN, P_NODES, P_STOP = range(20)
P_SIZE = 20


# the state of a deal in one array (see :func:`keinstich.kernel.playout.run`): a header, then per-seat blocks
S_SEAT, S_K, S_TLEN, S_PLAYED, S_IN_PLAY, S_MSTATE, S_SOLOIST, S_MODE, S_LIMIT = range(9)
MAX_SEATS = 8
S_HANDS, S_TRICK, S_KNOWN, S_VOIDS, S_SCORES, S_WON, S_SEEN = (16 + MAX_SEATS * i for i in range(7))
S_WINNERS = 72
S_SEQ = 128
S_SIZE = 192
# the tables of a trick deal in one array (:class:`~keinstich.kernel.tables.TrickTables`)
T_P, T_OVER, T_VAL, T_ST, T_LOWER, T_HIGHER, T_RBASE, T_DECIDED = 0, 32, 84, 136, 188, 240, 292, 356
T_SIZE = 420
# the heuristic's tables in one array (:meth:`keinstich.bots.tables.Tables.kernel`)
HF_COSTLY, HF_NONNEG, HF_AVERT, HF_NATURAL, HF_TRUMP = range(5)
H_HF, H_COST, H_BASE = 0, 8, 60
H_SIZE = 124

RANDOM, HEURISTIC = 0, 1
"""How a play-out picks each card (``S[S_MODE]``)."""


def params(rules: TrickRules, players: int, total: int) -> list[int]:
    """A parameter table with the rules of the trick filled in (the rest zero)."""
    P = [0] * P_SIZE
    P[P_N] = players
    P[P_TOTAL] = total
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
def card_tables(order: str, trump: int) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """Per card index under a rank order and trump suit (-1: none): its strength, the cards that beat it
    when it is winning a trick, and the cards of its suit below and above it."""
    st = strength_table(order)
    tmask = SUIT_MASKS[trump] if trump >= 0 else 0
    over, lower, higher = [], [], []
    for c in ALL_CARDS:
        up = mask_of(d for d in ALL_CARDS if d.suit == c.suit and st[d.index] > st[c.index])
        over.append(up | (0 if c.suit == trump else tmask))
        higher.append(up)
        lower.append(mask_of(d for d in ALL_CARDS if d.suit == c.suit and st[d.index] < st[c.index]))
    return tuple(st), tuple(over), tuple(lower), tuple(higher)


__all__ = ["P_SIZE", "card_tables", "params"]
