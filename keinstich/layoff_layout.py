"""The open layout of a lay-off deal: the rows or the chain on the table, and which cards fit it.

:class:`OpenLayout` is the half of :class:`~keinstich.layoff.DominoDeal` that knows the geometry
(docs/rules.md §2.6 and §3.3): the rows by suit, each built up and down from its Unter (with
``wrap``, round the corner), or Herzeln's single chain of ranks; which cards fit which end; and,
when a card does not fit, where it would have to go.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from keinstich.cards import ALL_CARDS, Card, Rank, Style, Suit, card, cards_of, mask_of, strength_table
from keinstich.deal import End
from keinstich.i18n import _
from keinstich.layoff_rules import DominoError, DominoRules

TOP, BOTTOM = 1, 2
"""The ends of a row or the chain, as bits: a card may fit either or both."""
CHOSEN = 4
"""Added to the end a card went to where it fitted both and the end was chosen (a lay-off deal's history)."""
SUIT_BITS = tuple(0x1FFF << (13 * s) for s in range(4))
_SUITS = tuple(Suit)
_JACKS = mask_of(c for c in ALL_CARDS if c.rank is Rank.JACK)


@dataclass(frozen=True)
class Tables:
    """What the layout needs to know about the cards in play, shared by all deals of the pack."""

    seqs: tuple[tuple[Card, ...], ...]  # rows: per suit, the dealt cards low to high in the order
    jack_at: tuple[int, ...]  # rows: per suit, where its Jack sits in seqs[s] (-1: not dealt)
    ranks: tuple[Rank, ...]  # chain: the dealt ranks, low to high: one turn of the cycle
    rank_masks: tuple[int, ...]  # chain: per cycle position, the dealt cards of that rank
    jack_pos: int  # chain: the Jack's position in the cycle (-1: no Jack)


@lru_cache(maxsize=64)
def tables(dealt: int, order: str) -> Tables:
    strength = strength_table(order)
    in_play = cards_of(dealt)
    seqs = tuple(tuple(sorted((c for c in in_play if c.suit == s), key=lambda c: strength[c.index]))
                 for s in Suit)
    jack_at = tuple(next((i for i, c in enumerate(seq) if c.rank is Rank.JACK), -1) for seq in seqs)
    ranks = tuple(sorted({c.rank for c in in_play}, key=lambda r: strength[Card(Suit.CLUBS, r).index]))
    rank_masks = tuple(mask_of(c for c in in_play if c.rank is r) for r in ranks)
    jack_pos = ranks.index(Rank.JACK) if Rank.JACK in ranks else -1
    return Tables(seqs, jack_at, ranks, rank_masks, jack_pos)


class OpenLayout:
    """The layout on the table, kept by the deal's slots (see :class:`~keinstich.layoff.DominoDeal`)."""

    __slots__ = ("_cb", "_chain", "_ct", "_front", "_hi", "_lo", "_nt", "_pb", "_rest", "_tab")

    rules: DominoRules
    style: Style
    _cb: int
    _chain: list[Card]
    _ct: int
    _front: int
    _hi: list[int]
    _lo: list[int]
    _nt: int
    _pb: int
    _rest: int
    _tab: Tables

    def _open_layout(self, everything: int) -> None:
        """An empty layout for the cards dealt (``everything``): refused where it could never start or never
        take some card; its first card is the starting Unter, or any Unter."""
        self._tab = tables(everything, self.rules.order)
        self._check_startable(everything)
        self._lo = [0, 0, 0, 0]
        self._hi = [-1, -1, -1, -1]
        self._chain: list[Card] = []
        self._nt = self._pb = self._ct = self._cb = -1
        start = self.rules.start_card
        self._front = start.bit if start is not None else everything & _JACKS

    def _check_startable(self, everything: int) -> None:
        """Refuse hands whose layout could never start or could never take some card."""
        start = self.rules.start_card
        if start is not None and not everything & start.bit:
            raise DominoError(f"{start.code} ({start.label(self.style)}) must start the lay-off "
                              "but is not in any hand")
        if self.rules.layout == "chain":
            if self._tab.jack_pos < 0:
                raise DominoError("the chain starts with a Jack, but no Jack was dealt")
            return
        for s in Suit:
            if self._tab.seqs[s] and self._tab.jack_at[s] < 0:
                jack = Card(s, Rank.JACK)
                raise DominoError(f"the {s.label(self.style)} row can never start: {jack.code} "
                                  f"({jack.label(self.style)}) is not in any hand")

    def _place(self, c: Card, used: int) -> None:
        """Put card ``c`` on the layout at the end ``used`` (:meth:`_end_used`): the chain or its row grows,
        and the cards that fit next are found again (``_rest``: the cards not yet laid)."""
        rest = self._rest = self._rest ^ c.bit
        tab = self._tab
        if self.rules.layout == "chain":
            chain = self._chain
            if not chain:
                self._ct = self._cb = tab.jack_pos
                chain.append(c)
            elif used & TOP:
                self._ct = self._nt
                chain.append(c)
            else:
                self._cb = self._pb
                chain.insert(0, c)
            self._set_chain_front(rest)
            return
        su = c.suit
        front = self._front
        if self._hi[su] < self._lo[su]:
            if not self._started():  # the first card: every other Unter may follow
                front = mask_of(Card(t, Rank.JACK) for t in Suit if tab.seqs[t]) & rest
            self._lo[su] = self._hi[su] = tab.jack_at[su]
        elif used & TOP:
            self._hi[su] += 1
        else:
            self._lo[su] -= 1
        self._front = (front & ~SUIT_BITS[su]) | self._row_front(su)

    def _end_used(self, c: Card, end: int) -> int:
        """The end card ``c`` goes to (``end``: the one asked for, 0 the top where it fits both), ``CHOSEN``
        added where it fitted both; 0 for a card that opens the chain or its row."""
        if (not self._chain if self.rules.layout == "chain" else self._hi[c.suit] < self._lo[c.suit]):
            return 0
        fits = self._ends(c)
        used = BOTTOM if fits == BOTTOM or (fits == TOP | BOTTOM and end == BOTTOM) else TOP
        return used | CHOSEN if fits == TOP | BOTTOM else used

    @property
    def layout(self) -> dict[Suit, tuple[Card, ...]] | tuple[Card, ...]:
        """The open layout: rows as {suit: cards laid, low end to high end} for every suit dealt
        (empty until its Unter is laid); the chain as cards from the bottom end to the top end."""
        if self.rules.layout == "chain":
            return tuple(self._chain)
        return self.rows

    @property
    def rows(self) -> dict[Suit, tuple[Card, ...]]:
        """The rows by suit (the rows layout; empty for the chain)."""
        if self.rules.layout == "chain":
            return {}
        out = {}
        lo, hi = self._lo, self._hi
        for s, seq in zip(_SUITS, self._tab.seqs, strict=False):  # every observation asks: no Enum iteration
            if seq:
                k = len(seq)
                a, b = lo[s], hi[s] + 1
                out[s] = seq[a:b] if 0 <= a and b <= k else tuple(seq[i % k] for i in range(a, b))
        return out

    @property
    def chain(self) -> tuple[Card, ...]:
        """The chain from its bottom end to its top end (the chain layout; empty for rows)."""
        return tuple(self._chain)

    def _started(self) -> bool:
        return bool(self._chain) if self.rules.layout == "chain" else any(
            h >= lo for lo, h in zip(self._lo, self._hi, strict=True))

    @property
    def frontier(self) -> tuple[Card, ...]:
        """Every card that would fit the layout now, wherever it is (public: the layout's open ends)."""
        return cards_of(self._front)

    def ends(self, c: Card | str) -> tuple[End, ...]:
        """The ends of the layout ``c`` fits now: ``("top",)``, ``("bottom",)``, both, or none.

        A card that opens a row or the chain counts as ``("top",)``."""
        c = card(c)
        if not self._front & c.bit:
            return ()
        code = self._ends(c)
        out: list[End] = []
        if code & TOP or not code:
            out.append("top")
        if code & BOTTOM:
            out.append("bottom")
        return tuple(out)

    def _ends(self, c: Card) -> int:
        """For a card on the frontier: TOP, BOTTOM or both (0 for a card that opens a row or the chain)."""
        tab = self._tab
        if self.rules.layout == "chain":
            if not self._chain:
                return 0
            fits = 0
            if c.rank is tab.ranks[self._nt]:
                fits |= TOP
            if c.rank is tab.ranks[self._pb]:
                fits |= BOTTOM
            return fits
        s = c.suit
        lo, hi = self._lo[s], self._hi[s]
        if hi < lo:
            return 0
        seq = tab.seqs[s]
        k = len(seq)
        fits = 0
        if (hi + 1 < k or self.rules.wrap) and seq[(hi + 1) % k] is c:
            fits |= TOP
        if (lo > 0 or self.rules.wrap) and seq[(lo - 1) % k] is c:
            fits |= BOTTOM
        return fits

    def _no_fit(self, c: Card) -> dict[str, object]:
        """Why a card in hand does not fit the layout, as the facts a refusal cites: the layout (``"chain"``,
        ``"chain-empty"``, ``"rows-empty"``, ``"row-empty"``, ``"row"``) and its open ends."""
        tab = self._tab
        if self.rules.layout == "chain":
            if not self._chain:
                return {"layout": "chain-empty"}
            return {"layout": "chain", "top": self._chain[-1], "bottom": self._chain[0],
                    "up": tab.ranks[self._nt], "down": tab.ranks[self._pb]}
        if not self._started():
            return {"layout": "rows-empty"}
        s = c.suit
        lo, hi = self._lo[s], self._hi[s]
        if hi < lo:
            return {"layout": "row-empty", "row": s}
        seq = tab.seqs[s]
        k = len(seq)
        return {"layout": "row", "row": s, "low": seq[lo % k], "high": seq[hi % k]}

    def _set_chain_front(self, rest: int) -> None:
        """Find the ranks that join the chain's ends, skipping ranks with no card left to lay.

        With a full pack no rank is ever skipped (a rank runs out only when the chain is
        complete); with a reduced pack such as french-50 the chain passes over the missing ranks.
        """
        masks = self._tab.rank_masks
        k = len(masks)
        if not rest:
            self._front = 0
            return
        nt = (self._ct + 1) % k
        while not masks[nt] & rest:
            nt = (nt + 1) % k
        pb = (self._cb - 1) % k
        while not masks[pb] & rest:
            pb = (pb - 1) % k
        self._nt, self._pb = nt, pb
        self._front = (masks[nt] | masks[pb]) & rest

    def _row_front(self, s: int) -> int:
        """The cards that join suit ``s``'s row now (its Unter while the row has not started)."""
        seq = self._tab.seqs[s]
        k = len(seq)
        if not k:
            return 0
        lo, hi = self._lo[s], self._hi[s]
        if hi < lo:
            return seq[self._tab.jack_at[s]].bit
        m = 0
        if self.rules.wrap:
            if hi - lo + 1 < k:
                m = seq[(hi + 1) % k].bit | seq[(lo - 1) % k].bit
        else:
            if hi + 1 < k:
                m = seq[hi + 1].bit
            if lo > 0:
                m |= seq[lo - 1].bit
        return m

    def layout_text(self) -> str:
        """The layout as text: one line per suit row (low end to high end), or the chain; in card codes and
        suit symbols with a French pack, in the German pack's words with a German one ("Acorns: 10, Unter")."""
        german = self.style == "german"
        jack = Rank.JACK.label(self.style)
        if self.rules.layout == "chain":
            if not self._chain:
                return _("chain: (empty; any {jack} starts it)", jack=jack)
            return _("chain: {cards}", cards=", ".join(c.label("german") for c in self._chain) if german
                     else " ".join(c.code for c in self._chain))
        lines = []
        names = {s: s.label(self.style).capitalize() if german else s.label(self.style) for s in self.rows}
        width = max(8, *(len(n) + (2 if german else 0) for n in names.values()))  # the bodies in one column
        for s, row in self.rows.items():
            if german:
                body = (", ".join(c.rank.label("german") for c in row) if row
                        else _("(not started; its {jack} starts it)", jack=jack))
                lines.append(f"{names[s] + ':':<{width}}{body}")
            else:
                body = (" ".join(c.code for c in row) if row
                        else _("(not started; {card} starts it)", card=Card(s, Rank.JACK).code))
                lines.append(f"{s.symbol} {names[s]:<{width}} {body}")
        return "\n".join(lines)
