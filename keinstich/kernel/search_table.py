"""The exact search's memory: its transposition table and scratch space, allocated once per process and
shared by every search in it (an entry carries the generation of the search that made it); the fields of a
frame of the search's stack; and the table's own part of the search (:func:`probe`, :func:`store`), keyed by
the position up to relative ranks (:func:`_key`)."""

from __future__ import annotations

from typing import Any, NamedTuple

from keinstich.kernel.bits import popcount
from keinstich.kernel.jit import jit, zeros
from keinstich.kernel.layout import P_ABSOLUTE, P_GEN, P_N

KW = 12
"""Key words per table entry: the compressed hands, one word per amount class, the leader and March state."""
TT_BITS = 18
"""Table entries (2**TT_BITS); an entry is overwritten by the next position hashed to it."""
TE = 16
"""Words per table entry, kept together (two cache lines, aligned): the generation, the bounds, the best lead,
then the key's :data:`KW` words."""
ALIGN = 128
"""Bytes the table's start is aligned to, so that no entry straddles more lines than it must."""
MOVES = 16
"""Room for the moves of one ply (a hand holds at most 13 cards)."""
FS = 24
"""Fields of one frame of the search stack (:data:`keinstich.kernel.search.F_SEAT` and the others)."""
DEPTH = 64
"""Frames of the search stack: one per card of a deal, and one more."""


class Table:
    """The transposition table ``tt`` (per entry, together: generation, bounds, best lead, key) and the search's
    scratch arrays: moves and their sort keys per ply, position keys per trick, the frame stack."""

    def __init__(self) -> None:
        size = 1 << TT_BITS
        raw: Any = zeros(size * TE + ALIGN // 8, -1)
        skip = (-raw.ctypes.data % ALIGN) // 8 if hasattr(raw, "ctypes") else 0
        self.tt: Any = raw[skip:skip + size * TE]
        self.mv: Any = zeros(MOVES * DEPTH)
        self.mk: Any = zeros(MOVES * DEPTH)
        self.kw: Any = zeros(KW * DEPTH)
        self.fr: Any = zeros(FS * DEPTH)
        self.generation = 0

    def next_generation(self) -> int:
        """A fresh generation number: entries of earlier searches no longer match."""
        self.generation += 1
        return self.generation


_TABLE: Table | None = None


def table() -> Table:
    """The process's search table."""
    global _TABLE
    if _TABLE is None:
        _TABLE = Table()
    return _TABLE


class Memory(NamedTuple):
    """The search's working memory (:class:`~keinstich.kernel.search_table.Table`): the moves of each ply and
    their sort keys, the position key of each trick, the transposition table, the frames."""

    mv: Any
    mk: Any
    kw: Any
    tt: Any
    fr: Any


# the fields of one frame of the search stack (one position being searched; FS fields a frame)
F_SEAT, F_POS, F_LED, F_WIN, F_WSEAT, F_RAW, F_K, F_MSTATE, F_ALIVE, F_ALPHA, F_BETA, F_A, F_B, F_BEST, \
    F_BEST_MOVE, F_CNT, F_Y, F_H0, F_UOFF, F_A0, F_B0, F_ELO, F_EHI, F_SLOT = range(FS)


INF = 1 << 40
"""Beyond any value a search can find."""
OPEN = -(1 << 50)
"""What :func:`probe` (and the search's bounds) return when the position must be searched."""
M62 = (1 << 62) - 1


@jit(counted=False)
def _key(h: Any, alive: int, leader: int, mstate: int, P: Any, order: Any, cls: Any, kw: Any, at: int) -> int:
    """Write the position's key to ``kw[at:at+KW]``; returns its hash."""
    n = P[P_N]
    for w in range(KW):
        kw[at + w] = 0
    if P[P_ABSOLUTE]:
        for o in range(n):
            kw[at + o] = h[o]
    else:
        for s in range(4):
            p = 0
            for j in range(13):
                i = order[13 * s + j]
                if i < 0:
                    break
                if alive >> i & 1:
                    bit = 1 << (13 * s + p)
                    o = 0
                    while not h[o] >> i & 1:
                        o += 1
                    kw[at + o] |= bit
                    q = cls[i]
                    if q:
                        kw[at + n + q - 1] |= bit
                    p += 1
    kw[at + KW - 1] = leader | (mstate + 2) << 8
    x = 0
    for w in range(KW):
        x = ((x ^ kw[at + w]) * 0x100000001B3) & M62
        x ^= x >> 29
    return x




# --- the transposition table -------------------------------------------------------------------------------


@jit(inline=True, counted=False)
def probe(h: Any, seat: int, k: int, mstate: int, alive: int, alpha: int, beta: int, P: Any, order: Any, cls: Any,
          kw: Any, tt: Any, fr: Any, f: int) -> int:
    """Look the position at the start of trick ``k`` up in the table, writing its key for :func:`store`: the
    value when the bounds stored settle the window, else :data:`OPEN`, with the frame ``fr[f:]`` given the
    position's slot, its stored bounds, the window they narrow and the lead stored as best (-1: none)."""
    at = (k - 1) * KW
    slot = _key(h, alive, seat, mstate, P, order, cls, kw, at) & ((1 << TT_BITS) - 1)
    fr[f + F_SLOT] = slot
    elo, ehi = -INF, INF
    first = -1
    e = TE * slot
    hit = tt[e] == P[P_GEN]
    if hit:
        for w in range(KW):
            if tt[e + 4 + w] != kw[at + w]:
                hit = False
                break
    if hit:
        elo = tt[e + 1]
        ehi = tt[e + 2]
        if elo >= beta:
            return elo
        if ehi <= alpha:
            return ehi
        if elo == ehi:
            return elo
        rel = tt[e + 3]
        rs, rk = rel >> 4, rel & 15
        for j in range(13):
            i = order[13 * rs + j]
            if i < 0:
                break
            if alive >> i & 1:
                if not rk:
                    first = i
                    break
                rk -= 1
        if elo > alpha:
            alpha = elo
        if ehi < beta:
            beta = ehi
    fr[f + F_ELO] = elo
    fr[f + F_EHI] = ehi
    fr[f + F_A0] = alpha
    fr[f + F_B0] = beta
    fr[f + F_BEST_MOVE] = first
    return OPEN


@jit(inline=True, counted=False)
def store(slot: int, k: int, best: int, best_move: int, alpha: int, beta: int, elo: int, ehi: int, alive: int,
          P: Any, lower: Any, kw: Any, tt: Any) -> None:
    """Keep what the search of the position at the start of trick ``k`` (``slot``, its key written by
    :func:`probe`) learnt: ``best`` found in the window (``alpha``, ``beta``) bounds its value from one side
    or both (with the bounds it had, ``elo`` and ``ehi``), and its best lead, by suit and rank among the cards
    in play."""
    if best <= alpha:
        slo, shi = elo, best
    elif best >= beta:
        slo, shi = best, ehi
    else:
        slo, shi = best, best
    at = (k - 1) * KW
    e = TE * slot
    tt[e] = P[P_GEN]
    tt[e + 1] = slo
    tt[e + 2] = shi
    tt[e + 3] = (best_move // 13) << 4 | popcount(alive & lower[best_move])
    for w in range(KW):
        tt[e + 4 + w] = kw[at + w]


__all__ = ["DEPTH", "FS", "INF", "KW", "MOVES", "OPEN", "TE", "TT_BITS", "Memory", "Table", "probe", "store", "table"]
