"""A lay-off position on bare bitmasks, for the exact search: the rules of
:class:`~keinstich.layoff.DominoDeal` (docs/rules.md §2.6, §3.3), with a move and its undo in a few
integer operations instead of a copy of the deal.

Each card stays in the hand it was dealt to until it is laid, so the cards still held (``rest``)
say who holds what; with the rows they also fix the layout, with the chain only its two end ranks
must be added. :meth:`Board.key` is that position with the seat to move and the passes in a row
that led to it: the transposition table's key.
"""

from __future__ import annotations

from collections.abc import Sequence

from keinstich.cards import ALL_CARDS, Rank, Suit, mask_of
from keinstich.layoff import DominoDeal
from keinstich.layoff_layout import BOTTOM, TOP, tables

_JACKS = mask_of(c for c in ALL_CARDS if c.rank is Rank.JACK)

Undo = tuple[int, int, int, int, int, int, int, int]
"""What :meth:`Board.undo` needs: turn, passes, front, started, the card's bit (0: a pass), and
(chain) ct, cb and (nt + 1) * 64 + pb + 1."""


class Board:
    """A lay-off position: ``hands`` (masks), ``turn`` (-1: over), ``passes`` (in a row), the layout.

    :meth:`lay` and :meth:`pass_` return what :meth:`undo` needs to take the move back.
    """

    __slots__ = ("cb", "chain", "ct", "fixed", "fixed_suit", "front", "hands", "holding", "jack_at", "jack_pos", "k",
                 "masks", "n", "nt", "opens", "passes", "pb", "pos", "rest", "row_fronts", "seqs", "started", "turn",
                 "voluntary", "wrap")

    def __init__(self, deal: DominoDeal) -> None:
        rules = deal.rules
        self.n = deal.players
        self.hands = [mask_of(h) for h in deal.hands]
        self.rest = sum(self.hands)
        self.holding = sum(1 for h in self.hands if h)
        self.turn = -1 if deal.turn is None else deal.turn
        self.passes = 0
        for _, c in reversed(deal.plays):
            if c is not None:
                break
            self.passes += 1
        self.chain = rules.layout == "chain"
        self.wrap = rules.wrap
        self.voluntary = rules.voluntary_pass
        self.fixed = rules.start_card is not None
        self.fixed_suit = -1 if rules.start_card is None else int(rules.start_card.suit)
        self.started = deal.started
        everything = mask_of(c for h in deal.dealt for c in h)
        tab = tables(everything, rules.order)
        self.seqs = [[c.bit for c in seq] for seq in tab.seqs]
        self.jack_at = list(tab.jack_at)
        self.masks = list(tab.rank_masks)
        self.k = len(self.masks)
        self.jack_pos = tab.jack_pos
        self.pos = {c.bit: i for i, r in enumerate(tab.ranks) for c in ALL_CARDS if c.rank is r}
        self.row_fronts: list[dict[int, int]] = [{}, {}, {}, {}]
        self.opens = self._opens()
        self.ct = self.cb = self.nt = self.pb = -1
        start = rules.start_card
        self.front = start.bit if start is not None else everything & _JACKS
        if self.chain:
            chain = deal.chain
            if chain:
                self.cb, self.ct = self.pos[chain[0].bit], self.pos[chain[-1].bit]
                self._chain_front()
        elif self.started:
            self.front = self._rows_front()

    def copy(self) -> Board:
        """The same position, to play on without changing this one (the tables are shared: they do not change)."""
        b = object.__new__(Board)
        for name in Board.__slots__:
            setattr(b, name, getattr(self, name))
        b.hands = list(self.hands)
        return b

    def with_hands(self, hands: Sequence[int]) -> Board:
        """A copy with these hands (a mask per seat): the same cards still held, dealt otherwise (what each seat
        holds leaves the layout as it is)."""
        b = self.copy()
        b.hands = list(hands)
        if sum(b.hands) != self.rest or any(x & y for i, x in enumerate(b.hands) for y in b.hands[i + 1:]):
            raise ValueError("the hands must hold the cards still held, each once")
        return b

    # --- reading the position ----------------------------------------------------------------------

    def key(self) -> int:
        """The position as one number: cards held, chain ends, seat to move, passes in a row (counted
        up to the point where they stop mattering: a whole round but one)."""
        p = min(self.passes, self.holding - 1)
        k = self.rest
        if self.chain:
            k = (k << 6 | self.ct + 1) << 6 | self.cb + 1
        return (k << 4 | self.turn) << 4 | p

    def legal(self) -> int:
        """The cards the seat to move may lay, as a mask."""
        return self.hands[self.turn] & self.front

    def may_pass(self, legal: int) -> bool:
        """Passing as the solver searches it: as the rules allow, except that with voluntary passing the
        last of a whole round of passes must lay a card if he can [DER], so no line goes round for ever."""
        if not legal:
            return True
        return self.voluntary and (self.started or not self.fixed) and self.passes < self.holding - 1

    def ends(self, bit: int) -> int:
        """For a card that fits the chain: TOP, BOTTOM or both (0: it opens the chain). (A row's card
        that fits both ends, the last gap of a wrapping row, closes the row whichever end it takes.)"""
        if self.ct < 0:
            return 0
        p = self.pos[bit]
        return (TOP if p == self.nt else 0) | (BOTTOM if p == self.pb else 0)

    # --- moves -------------------------------------------------------------------------------------

    def lay(self, bit: int, end: int = TOP) -> Undo:
        """Lay a card that fits, at ``end`` when it fits both ends of the chain (TOP or BOTTOM)."""
        s = self.turn
        undo: Undo = (s, self.passes, self.front, self.started, bit, self.ct, self.cb,
                      (self.nt + 1) * 64 + self.pb + 1)
        self.hands[s] ^= bit
        rest = self.rest = self.rest ^ bit
        if self.chain:
            if self.ct < 0:
                self.ct = self.cb = self.jack_pos
            elif self.ends(bit) & TOP and (end != BOTTOM or not self.ends(bit) & BOTTOM):
                self.ct = self.nt
            else:
                self.cb = self.pb
            self._chain_front()
        elif self.started or not self.fixed:
            su = (bit.bit_length() - 1) // 13
            shift = 13 * su
            chunk = rest >> shift & 0x1FFF
            got = self.row_fronts[su].get(chunk)
            if got is None:
                got = self._suit_front(su, chunk)
            self.front = (self.front & ~(0x1FFF << shift)) | got
        else:
            self.started = True
            self.front = self._rows_front()
        self.started = True
        self.passes = 0
        if not self.hands[s]:
            self.holding -= 1
            if self.holding == 1:
                self.turn = -1
                return undo
        self._advance()
        return undo

    def pass_(self) -> Undo:
        """The seat to move passes."""
        undo: Undo = (self.turn, self.passes, self.front, self.started, 0, 0, 0, 0)
        self.passes += 1
        self._advance()
        return undo

    def undo(self, u: Undo) -> None:
        """Take back the move that returned ``u``."""
        s, self.passes, self.front, started, bit, x, y, z = u
        self.turn = s
        self.started = bool(started)
        if not bit:
            return
        if not self.hands[s]:
            self.holding += 1
        self.hands[s] |= bit
        self.rest |= bit
        if self.chain:
            self.ct, self.cb, self.nt, self.pb = x, y, (z >> 6) - 1, (z & 63) - 1

    # --- helpers -----------------------------------------------------------------------------------

    def _advance(self) -> None:
        t, n, hands = self.turn, self.n, self.hands
        for _ in range(n):
            t = t + 1 if t + 1 < n else 0
            if hands[t]:
                self.turn = t
                return
        raise AssertionError("no player holds cards but the deal is not over")  # pragma: no cover

    def _opens(self) -> dict[int, int]:
        """Per card, the cards that laying it may let in (for move ordering only): its neighbours away from
        the Unter in its row, or the ranks either side of it in the chain."""
        out: dict[int, int] = {}
        if self.chain:
            k = self.k
            for p, mask in enumerate(self.masks):
                m = mask
                while m:
                    bit = m & -m
                    m ^= bit
                    out[bit] = self.masks[(p + 1) % k] | self.masks[(p - 1) % k]
            return out
        for su, seq in enumerate(self.seqs):
            k, j = len(seq), self.jack_at[su]
            for i, bit in enumerate(seq):
                up = seq[(i + 1) % k] if i + 1 < k or self.wrap else 0
                down = seq[(i - 1) % k] if i > 0 or self.wrap else 0
                out[bit] = (up if i >= j else 0) | (down if i <= j else 0)
        return out

    def _rows_front(self) -> int:
        """The cards that fit the rows once the lay-off has started (or with any Unter to start)."""
        front = 0
        for su in Suit:
            front |= self._suit_front(su, self.rest >> 13 * su & 0x1FFF)
        return front

    def _suit_front(self, su: int, chunk: int) -> int:
        """The cards that join suit ``su``'s row when its cards still held are ``chunk`` (its Unter while
        the row has not started), remembered per chunk: the cards laid in a row always form one run
        from its Unter, so what is still held says where the row ends."""
        seq = self.seqs[su]
        k = len(seq)
        out = 0
        if k:
            held = chunk << 13 * su
            j = self.jack_at[su]
            if seq[j] & held:
                out = seq[j]
            else:
                up = 0
                while up < k - 1 and (self.wrap or j + up + 1 < k) and not seq[(j + up + 1) % k] & held:
                    up += 1
                down = 0
                while down < k - 1 - up and (self.wrap or j - down - 1 >= 0) and not seq[(j - down - 1) % k] & held:
                    down += 1
                if up + down + 1 < k:
                    hi, lo = j + up, j - down
                    if self.wrap:
                        out = seq[(hi + 1) % k] | seq[(lo - 1) % k]
                    else:
                        out = (seq[hi + 1] if hi + 1 < k else 0) | (seq[lo - 1] if lo > 0 else 0)
        self.row_fronts[su][chunk] = out
        return out

    def _chain_front(self) -> None:
        """The ranks that join the chain's ends, passing over ranks with no card left to lay."""
        masks, k, rest = self.masks, self.k, self.rest
        if not rest:
            self.front = 0
            return
        nt = (self.ct + 1) % k
        while not masks[nt] & rest:
            nt = (nt + 1) % k
        pb = (self.cb - 1) % k
        while not masks[pb] & rest:
            pb = (pb - 1) % k
        self.nt, self.pb = nt, pb
        self.front = (masks[nt] | masks[pb]) & rest


__all__ = ["Board"]
