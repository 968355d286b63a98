"""A lay-off deal played out at random on bitmasks: the coach's fair judgement's play-outs of a lay-off decision.

The rules are :class:`~keinstich.bots.domino_board.Board`'s (docs/rules.md §2.6, §3.3), written here on one state
array ``S`` and one table array ``L`` (offsets below) so that the same source runs compiled (numba) and as plain
Python (:mod:`keinstich.kernel.jit`). :func:`value_after` plays a move, then every seat draws at random to the end
(:func:`draw`: the cards that fit, in the order of a key read off the deal, and passing where it is the seat's
choice); the random numbers come from a 32-bit xorshift generator seeded per play-out, the same integers compiled
and not, so a seed plays the same play-out on every machine. :func:`card_key` is that key: the chain by rank (suits
play no part there), the rows by a suit order read off who holds each card of the suit, never by the suits' names.
"""

from __future__ import annotations

from typing import Any

from keinstich.kernel.bits import low_index, popcount
from keinstich.kernel.jit import jit

TOP, BOTTOM = 1, 2
"""The ends of the chain (as :mod:`keinstich.layoff_layout` numbers them)."""

# the state S
D_TURN, D_PASSES, D_FRONT, D_STARTED, D_REST, D_HOLDING, D_CT, D_CB, D_NT, D_PB = range(10)
D_HANDS = 16
D_SIZE = 32
# the tables L: flags, then per suit its cards in row order (as card indices, -1 past the end), its length and
# where its Unter sits; the chain's ranks (a mask of cards each) and each card's place in the cycle
L_N, L_CHAIN, L_WRAP, L_VOLUNTARY, L_FIXED, L_FIXED_SUIT, L_K, L_JACK_POS = range(8)
L_SEQS = 8  # 4 * 13
L_LENS = L_SEQS + 52
L_JACK_AT = L_LENS + 4
L_MASKS = L_JACK_AT + 4  # 13
L_POS = L_MASKS + 13  # 52
L_SIZE = L_POS + 52

MASK32 = 0xFFFFFFFF
DEADLOCK = -(1 << 40)
"""What :func:`value_after` returns when no card in any hand fits the layout (never, under the kit's rules)."""


@jit(counted=False)
def xorshift(x: int) -> int:
    """The next state of a 32-bit xorshift generator (Marsaglia's 13, 17, 5), from a state in 1 … 2**32 - 1."""
    x ^= (x << 13) & MASK32
    x ^= x >> 17
    x ^= (x << 5) & MASK32
    return x


@jit(counted=False)
def suit_front(su: int, rest: int, L: Any) -> int:
    """The cards that join suit ``su``'s row when the cards still held are ``rest`` (its Unter while the row has
    not started): the cards laid in a row always form one run from its Unter, so what is still held says where the
    row ends (:meth:`Board._suit_front`)."""
    k = L[L_LENS + su]
    j = L[L_JACK_AT + su]
    if not k or j < 0:
        return 0
    base = L_SEQS + 13 * su
    if rest >> L[base + j] & 1:
        return 1 << L[base + j]
    wrap = L[L_WRAP]
    up = 0
    while up < k - 1 and (wrap or j + up + 1 < k) and not rest >> L[base + (j + up + 1) % k] & 1:
        up += 1
    down = 0
    while down < k - 1 - up and (wrap or j - down - 1 >= 0) and not rest >> L[base + (j - down - 1) % k] & 1:
        down += 1
    if up + down + 1 >= k:
        return 0
    hi = j + up
    lo = j - down
    if wrap:
        return (1 << L[base + (hi + 1) % k]) | (1 << L[base + (lo - 1) % k])
    out = 0
    if hi + 1 < k:
        out |= 1 << L[base + hi + 1]
    if lo > 0:
        out |= 1 << L[base + lo - 1]
    return out


@jit(counted=False)
def chain_front(S: Any, L: Any) -> None:
    """The ranks that join the chain's ends, passing over ranks with no card left to lay."""
    rest = S[D_REST]
    if not rest:
        S[D_FRONT] = 0
        return
    k = L[L_K]
    nt = (S[D_CT] + 1) % k
    while not L[L_MASKS + nt] & rest:
        nt = (nt + 1) % k
    pb = (S[D_CB] - 1) % k
    while not L[L_MASKS + pb] & rest:
        pb = (pb - 1) % k
    S[D_NT] = nt
    S[D_PB] = pb
    S[D_FRONT] = (L[L_MASKS + nt] | L[L_MASKS + pb]) & rest


@jit(counted=False)
def ends(S: Any, L: Any, c: int) -> int:
    """For card ``c`` that fits the chain: TOP, BOTTOM or both (0: it opens the chain)."""
    if S[D_CT] < 0:
        return 0
    p = L[L_POS + c]
    return (TOP if p == S[D_NT] else 0) | (BOTTOM if p == S[D_PB] else 0)


@jit(counted=False)
def advance(S: Any, L: Any) -> None:
    n = L[L_N]
    t = S[D_TURN]
    for _ in range(n):
        t = t + 1 if t + 1 < n else 0
        if S[D_HANDS + t]:
            S[D_TURN] = t
            return


@jit(counted=False)
def lay(S: Any, L: Any, c: int, end: int) -> None:
    """The seat to move lays card ``c`` (it fits), at ``end`` where it fits both ends of the chain."""
    s = S[D_TURN]
    bit = 1 << c
    S[D_HANDS + s] ^= bit
    S[D_REST] ^= bit
    rest = S[D_REST]
    if L[L_CHAIN]:
        if S[D_CT] < 0:
            S[D_CT] = L[L_JACK_POS]
            S[D_CB] = L[L_JACK_POS]
        else:
            fits = ends(S, L, c)
            if fits & TOP and (end != BOTTOM or not fits & BOTTOM):
                S[D_CT] = S[D_NT]
            else:
                S[D_CB] = S[D_PB]
        chain_front(S, L)
    elif S[D_STARTED] or not L[L_FIXED]:
        su = c // 13
        S[D_FRONT] = (S[D_FRONT] & ~(0x1FFF << (13 * su))) | suit_front(su, rest, L)
    else:
        front = 0
        for su in range(4):
            front |= suit_front(su, rest, L)
        S[D_FRONT] = front
    S[D_STARTED] = 1
    S[D_PASSES] = 0
    if not S[D_HANDS + s]:
        S[D_HOLDING] -= 1
        if S[D_HOLDING] == 1:
            S[D_TURN] = -1
            return
    advance(S, L)


@jit(counted=False)
def pass_(S: Any, L: Any) -> None:
    S[D_PASSES] += 1
    advance(S, L)


@jit(counted=False)
def draw(S: Any, L: Any, key: Any, x: int) -> tuple[int, int, int]:
    """The random move of the seat to move, and the generator's next state: (card, end, x), card -1 for a pass,
    -2 for a deadlock. Uniform over the cards that fit, taken in the order of ``key``, and passing where it is the
    seat's choice; a chain card that fits both ends goes to either end."""
    legal = S[D_HANDS + S[D_TURN]] & S[D_FRONT]
    if not legal:
        if not S[D_REST] & S[D_FRONT]:
            return -2, 0, x
        return -1, 0, x
    count = popcount(legal)
    options = count + (1 if L[L_VOLUNTARY] and (S[D_STARTED] or not L[L_FIXED]) else 0)
    x = xorshift(x)
    k = (x * options) >> 32
    if k == count:
        return -1, 0, x
    # the k-th card that fits in the order of the key
    chosen = -1
    m = legal
    for _ in range(k + 1):
        best = -1
        mm = m
        while mm:
            c = low_index(mm)
            mm &= mm - 1
            if best < 0 or key[c] < key[best]:
                best = c
        chosen = best
        m &= ~(1 << best)
    end = TOP
    if L[L_CHAIN] and ends(S, L, chosen) == TOP | BOTTOM:
        x = xorshift(x)
        end = TOP if x < 0x80000000 else BOTTOM
    return chosen, end, x


@jit(counted=False)
def value_after(S0: Any, L: Any, key: Any, W: Any, seat: int, card: int, end: int, weights: Any, fee: int,
                seed: int) -> int:
    """``seat``'s value after it makes the move (``card``, at ``end``; -1: a pass) in the state ``S0`` (unchanged;
    ``W`` is worked on), every seat then drawing at random from the generator seeded with ``seed`` (not 0): its
    place's weight (``weights[place]``) less the pass fees it pays from this move on (this pass included)."""
    for i in range(D_SIZE):
        W[i] = S0[i]
    x = seed
    paid = 0
    c = card
    e = end
    while True:
        s = W[D_TURN]
        if c >= 0:
            place = L[L_N] - W[D_HOLDING]
            lay(W, L, c, e)
            if not W[D_HANDS + seat]:
                return weights[place] - paid
            if W[D_TURN] < 0:
                return weights[L[L_N] - 1] - paid
        else:
            if s == seat:
                paid += fee
            pass_(W, L)
        c, e, x = draw(W, L, key, x)
        if c == -2:
            return DEADLOCK


@jit(counted=False)
def seed_of(x: int) -> int:
    """A generator seed (1 … 2**32 - 1) from a whole number 0 … 2**31."""
    return (x * 2654435761 + 12345) % 0xFFFFFFFF + 1


@jit(nogil=True, counted=False)
def values_many(S0: Any, L: Any, hands: Any, deals: int, seat: int, cards: Any, ends: Any, weights: Any, fee: int,
                seeds: Any, S: Any, W: Any, key: Any, out: Any) -> None:
    """:func:`value_after` for each of the moves (``cards[j]`` at ``ends[j]``) in each of ``deals`` deals: deal
    ``b`` is the state ``S0`` with the hands ``hands[b * n:(b + 1) * n]``, its moves played out with the seed
    :func:`seed_of` of ``seeds[b]`` (the same for each move: moves compared on equal luck); ``out[b * k + j]`` gets
    the value (``S``, ``W``, ``key``: room to work in)."""
    n = L[L_N]
    k = len(cards)
    for b in range(deals):
        for i in range(D_SIZE):
            S[i] = S0[i]
        for s in range(n):
            S[D_HANDS + s] = hands[b * n + s]
        card_key(S, L, key)
        x = seed_of(seeds[b])
        for j in range(k):
            out[b * k + j] = value_after(S, L, key, W, seat, cards[j], ends[j], weights, fee, x)


@jit(counted=False)
def moves_to_end(S: Any, L: Any, key: Any, seed: int, out: Any) -> int:
    """Play the state ``S`` out at random to its end (as :func:`value_after` plays after its move), writing each
    move to ``out`` (a card's index plus 64 for the bottom end, -1 for a pass); returns how many (-1: deadlock)."""
    x = seed
    i = 0
    while S[D_TURN] >= 0:
        c, e, x = draw(S, L, key, x)
        if c == -2:
            return -1
        if c < 0:
            pass_(S, L)
            out[i] = -1
        else:
            both = L[L_CHAIN] and ends(S, L, c) == TOP | BOTTOM
            out[i] = c + (64 if both and e == BOTTOM else 0) + (128 if both else 0)
            lay(S, L, c, e)
        i += 1
    return i


@jit(counted=False)
def card_key(S: Any, L: Any, out: Any) -> None:
    """The order the draws take the cards in (``out[c]``, lower first): in the chain by rank (suits play no part);
    in rows by suit, in an order read off the deal (the suit whose Unter starts the deal last, then by who holds
    each card of the row, low to high, a card laid as laid; suits alike in the order of their names: then either
    way round is the same deal), then by place in its row."""
    if L[L_CHAIN]:
        for c in range(52):
            p = L[L_POS + c]
            out[c] = (p if p >= 0 else 63) * 4 + c // 13
        return
    n = L[L_N]
    for su in range(4):
        r = 0  # the suit's place in the order: the suits before it (a suit alike and named before it, too)
        for other in range(4):
            if other != su:
                c = _suit_cmp(other, su, S, L, n)
                if c < 0 or (c == 0 and other < su):
                    r += 1
        for i in range(L[L_LENS + su]):
            out[L[L_SEQS + 13 * su + i]] = r * 16 + i


@jit(counted=False)
def _holder(S: Any, c: int, n: int) -> int:
    for p in range(n):
        if S[D_HANDS + p] >> c & 1:
            return p
    return 8


@jit(counted=False)
def _suit_cmp(a: int, b: int, S: Any, L: Any, n: int) -> int:
    fixed = L[L_FIXED_SUIT]
    fa = 1 if a == fixed else 0
    fb = 1 if b == fixed else 0
    if fa != fb:
        return fa - fb
    la = L[L_LENS + a]
    lb = L[L_LENS + b]
    for i in range(min(la, lb)):
        x = _holder(S, L[L_SEQS + 13 * a + i], n)
        y = _holder(S, L[L_SEQS + 13 * b + i], n)
        if x != y:
            return -1 if x < y else 1
    if la != lb:
        return -1 if la < lb else 1
    return 0


__all__ = [
    "BOTTOM",
    "DEADLOCK",
    "D_SIZE",
    "L_SIZE",
    "TOP",
    "card_key",
    "draw",
    "lay",
    "moves_to_end",
    "pass_",
    "seed_of",
    "value_after",
    "values_many",
    "xorshift",
]
