"""Where things are in the kernel's flat integer arrays.

The parameter table ``P`` (offsets ``P_…``) carries the rules of the trick (trump, the must-trump
duties, a banned lead, a forced discard: :func:`keinstich.kernel.rules.rule_params`) and what the search
and the play-outs need besides; ``T`` (``T_…``) holds it with the per-card and per-trick tables of one
deal, ``H`` (``H_…``) the heuristic's, ``S`` (``S_…``) the state of one deal being played out. This
module does not load the compiler: the trick machine imports it at once, the kernel only when it plays.
"""

from __future__ import annotations

# offsets in the parameter table P
P_N, P_TOTAL, P_SIDE, P_SIGN, P_GOOD, P_MARCH, P_TRUMP, P_TMASK, P_SIMPLE, P_NOLEAD, P_FORCED, P_MUST_TRUMP, \
    P_MO_LEAD, P_MO_ALWAYS, P_VALUED, P_CLASSES, P_ABSOLUTE, P_GEN, P_NODES, P_STOP = range(20)
P_SIZE = 20


# the state of a deal in one array (see :func:`keinstich.kernel.playout.run`): a header, then per-seat blocks
S_SEAT, S_K, S_TLEN, S_PLAYED, S_IN_PLAY, S_MSTATE, S_SOLOIST, S_MODE, S_LIMIT = range(9)
S_ORDER = 9
"""Four entries: in mode ``FAIR``, each suit's place in the order the play-out breaks ties by."""
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

RANDOM, HEURISTIC, FAIR = 0, 1, 2
"""How a play-out picks each card (``S[S_MODE]``): uniformly at random; as the heuristic bot does, from each seat's
own view; or as the coach's fair judgement plays its deals out, the heuristic with every tie it would break by a
suit's or a rank's name broken by what the deal says instead (:func:`keinstich.kernel.suit_order.suit_order`), so
that a deal and its renamed twin are played out card for card alike."""


__all__ = ["H_SIZE", "MAX_SEATS", "P_SIZE", "S_SIZE", "T_SIZE"]
