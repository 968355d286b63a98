"""The exact search as it was before the kernel (pure Python closures, written independently of
:mod:`keinstich.kernel.search`): the reference tests/test_kernel.py checks the kernel's values against.

Alpha-beta on bitmask hands with a transposition table at trick boundaries (keyed up to relative ranks)
and equivalent cards tried once; :class:`TrickSearch` has the interface of
:class:`keinstich.bots.search.TrickSearch` (``after``, ``candidates``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from keinstich.bots.solution import INF, bounds, cutoff
from keinstich.bots.tables import card_classes, raw_amounts
from keinstich.cards import ALL_CARDS, SUIT_MASKS, Card, cards_of, mask_of, strength_table
from keinstich.tricks import Trick, TrickDeal, TrickRules

VOFF = 1 << 20  # keeps amounts positive inside packed sort keys


@lru_cache(maxsize=64)
def _rule_tables(rules: TrickRules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per card index: strength, and the mask of cards that beat it when it is winning the trick."""
    st = strength_table(rules.order)
    tmask = SUIT_MASKS[rules.trump] if rules.trump is not None else 0
    over = []
    for c in ALL_CARDS:
        higher = mask_of(d for d in ALL_CARDS if d.suit == c.suit and st[d.index] > st[c.index])
        over.append(higher | (0 if c.suit == rules.trump else tmask))
    return st, tuple(over)


@lru_cache(maxsize=64)
def _compact_table(order: tuple[int, ...], s: int) -> list[int]:
    """For one suit: its 13-bit chunk of a mask -> the in-play cards it holds as bits in rank order."""
    table = [0] * 8192
    bits = [1 << (i - 13 * s) for i in order]
    m = len(bits)
    for sub in range(1 << m):
        chunk = 0
        for j in range(m):
            if sub >> j & 1:
                chunk |= bits[j]
        table[chunk] = sub
    return table


@lru_cache(maxsize=1)
def _pext8() -> list[int]:
    """pext[(a << 8) | h]: the bits of ``h`` at the positions of the bits of ``a``, packed low (8-bit)."""
    out = [0] * 65536
    for a in range(256):
        pos = [j for j in range(8) if a >> j & 1]
        base = a << 8
        for h in range(256):
            v = 0
            for t, j in enumerate(pos):
                if h >> j & 1:
                    v |= 1 << t
            out[base | h] = v
    return out


class TrickSearch:
    """One trick deal set up for search: the tables and the search itself, for one side."""

    def __init__(self, deal: TrickDeal, side: Sequence[int], sign: int) -> None:
        self.deal = deal
        rules = deal.rules
        self.n = n = deal.players
        self.total = total = deal.total_tricks
        self.st, self.over = _rule_tables(rules)
        self.val, self.base = raw_amounts(deal.contract, total)
        self.side = 0
        for s in side:
            self.side |= 1 << s
        self.sign = sign
        in_play = mask_of(c for h in deal.dealt for c in h)
        st = self.st
        self.order = [[c.index for c in sorted(cards_of(in_play & SUIT_MASKS[s]), key=lambda x: st[x.index])]
                      for s in range(4)]
        self.rules = rules
        self.trump = rules.trump
        self.tmask = SUIT_MASKS[rules.trump] if rules.trump is not None else 0
        total_raw = sum(self.val[c.index] for c in ALL_CARDS if in_play & c.bit) + sum(self.base)
        self.good_take = sign * total_raw > 0
        contract = deal.contract
        self.march = bool(getattr(contract, "march", False))
        self.march_fix = [0] * n
        if self.march and contract is not None:
            dealt = list(deal.dealt)
            tricks = [Trick(i + 1, 0, tuple(h[i] for h in dealt), 0) for i in range(total)]
            for w in range(n):
                marched = contract.score([t._replace(leader=w, winner=w) for t in tricks], n, total)
                normal = [0] * n
                normal[w] = total_raw
                self.march_fix[w] = sign * sum(marched[s] - normal[s] for s in range(n) if self.side >> s & 1)
        self.valued = mask_of(c for c in ALL_CARDS if self.val[c.index])
        self.tt: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.lower_of = [mask_of(d for d in ALL_CARDS if d.suit == c.suit and self.st[d.index] < self.st[c.index])
                         for c in ALL_CARDS]
        self._build()

    # the search -------------------------------------------------------------------------------------

    def _build(self) -> None:
        n, total, val, base, over, st = self.n, self.total, self.val, self.base, self.over, self.st
        order, side, sign, tt = self.order, self.side, self.sign, self.tt
        good = self.good_take
        march = self.march
        march_fix = self.march_fix
        valued = self.valued
        rules = self.rules
        trump = -1 if self.trump is None else int(self.trump)
        tmask = self.tmask
        simple = rules.trump is None and rules.no_lead is None and rules.forced_discard is None
        no_lead = SUIT_MASKS[rules.no_lead] if rules.no_lead is not None else 0
        forced = rules.forced_discard.bit if rules.forced_discard is not None else 0
        must_trump = rules.must_trump
        mo_lead = rules.must_overtrump_trump_lead or rules.must_overtrump_always
        mo_always = rules.must_overtrump_always
        SM = SUIT_MASKS
        suit_of = [c.suit for c in ALL_CARDS]
        pos_base = [max(0, sign * b) for b in base]
        neg_base = [min(0, sign * b) for b in base]
        # suffix sums of the per-trick parts, from trick k to the end
        pos_from = [0] * (total + 3)
        neg_from = [0] * (total + 3)
        for k in range(total, 0, -1):
            pos_from[k] = pos_from[k + 1] + pos_base[k]
            neg_from[k] = neg_from[k + 1] + neg_base[k]
        uval = [sign * v for v in val]
        kcache: dict[tuple[int, ...], tuple[int, ...]] = {}
        lower_of = self.lower_of
        classes = sorted(set(val))
        vclass = [classes.index(v) for v in val]
        cbits = max(1, (len(classes) - 1).bit_length())
        obits = max(1, (n - 1).bit_length())
        shift_card = cbits + obits
        # per suit, the in-play cards in strength order with their value class pre-shifted
        seq = [[(1 << i, vclass[i] << obits) for i in order[s]] for s in range(4)]
        last_trick = total

        def key_of(hands: tuple[int, ...], alive: int) -> tuple[int, ...]:
            """The position up to relative ranks: per suit, the owners (and value classes) of the cards
            still in play in rank order. Positions with the same key play out the same."""
            out = []
            for s in range(4):
                code = 1
                for b, vc in seq[s]:
                    if alive & b:
                        o = 0
                        while not hands[o] & b:
                            o += 1
                        code = code << shift_card | vc | o
                out.append(code)
            return tuple(out)

        if all(len(o) <= 8 for o in order):
            compact = [_compact_table(tuple(order[s]), s) for s in range(4)]
            pext = _pext8()
            class_masks = [mask_of(c for c in ALL_CARDS if val[c.index] == v) for v in classes if v]

            def fast_key(hands: tuple[int, ...], alive: int) -> tuple[int, ...]:
                out = []
                for s in range(4):
                    t = compact[s]
                    sh = 13 * s
                    a = t[alive >> sh & 0x1FFF] << 8
                    if a:
                        for h in hands:
                            out.append(pext[a | t[h >> sh & 0x1FFF]])
                        for cm in class_masks:
                            out.append(pext[a | t[cm >> sh & 0x1FFF]])
                    else:
                        out.append(-1)
                return tuple(out)

            key_of = fast_key

        def legal(hand: int, led: int, win: int) -> int:
            if led < 0:
                if no_lead:
                    return hand & ~no_lead or hand
                return hand
            follow = hand & SM[led]
            if simple:
                return follow or hand
            if follow:
                if led == trump and mo_lead and win >= 0 and suit_of[win] == trump:
                    return follow & over[win] or follow
                return follow
            if forced and hand & forced:
                return forced
            if hand & tmask:
                trumps = hand & tmask
                higher = trumps & over[win] if mo_always and win >= 0 and suit_of[win] == trump else 0
                if must_trump:
                    return higher or trumps
                if higher:  # trumping is a choice, but a trump must beat the highest so far
                    return hand & ~tmask | higher
            return hand

        rep_memo: list[dict[int, tuple[int, ...]]] = [{}, {}, {}, {}]

        def suit_reps(s: int, lm: int, alive: int) -> tuple[int, ...]:
            """One card per run of equivalent legal cards of suit ``s`` (memoised on the suit's bits)."""
            sh = 13 * s
            key = (alive >> sh & 0x1FFF) << 13 | (lm >> sh & 0x1FFF)
            memo = rep_memo[s]
            got = memo.get(key)
            if got is None:
                out = []
                prev_in = False
                prev_val = 0
                for i in order[s]:
                    if not alive >> i & 1:
                        continue
                    if lm >> i & 1:
                        v = val[i]
                        if not (prev_in and v == prev_val):
                            out.append(i)
                        prev_in = True
                        prev_val = v
                    else:
                        prev_in = False
                got = memo[key] = tuple(out)
            return got

        def reps(lm: int, alive: int) -> list[int]:
            out: list[int] = []
            for s in range(4):
                if lm & SM[s]:
                    out += suit_reps(s, lm, alive)
            return out

        def start(hands: tuple[int, ...], leader: int, k: int, alpha: int, beta: int, mstate: int) -> int:
            """Future value for the side from the start of trick ``k``, led by ``leader``."""
            if k > total:
                return 0
            alive = 0
            for h in hands:
                alive |= h
            if not march:
                lo = neg_from[k]
                hi = pos_from[k]
                m = alive & valued
                while m:
                    low = m & -m
                    u = uval[low.bit_length() - 1]
                    if u > 0:
                        hi += u
                    else:
                        lo += u
                    m ^= low
                if lo == hi:
                    return lo
                if hi <= alpha:
                    return hi
                if lo >= beta:
                    return lo
            if k == last_trick:
                # one card each: play the trick out directly
                c0 = hands[leader].bit_length() - 1
                win, ws, raw = c0, leader, val[c0]
                p = leader
                for _ in range(n - 1):
                    p = p + 1 if p + 1 < n else 0
                    c = hands[p].bit_length() - 1
                    raw += val[c]
                    if over[win] >> c & 1:
                        win, ws = c, p
                u = sign * (raw + base[k]) if side >> ws & 1 else 0
                if march and (mstate == -2 or mstate == ws):
                    u += march_fix[ws]
                return u
            ck = kcache.get(hands)
            if ck is None:
                ck = kcache[hands] = key_of(hands, alive)
            key = (*ck, leader, mstate)
            e = tt.get(key)
            first = -1
            if e is not None:
                elo, ehi, rel = e
                settled = cutoff(elo, ehi, alpha, beta)
                if settled is not None:
                    return settled
                # the best lead stored as (suit, rank among the cards in play): valid for transpositions
                rs, rk = rel >> 4, rel & 15
                for i in order[rs]:
                    if alive >> i & 1:
                        if not rk:
                            first = i
                            break
                        rk -= 1
                a0, b0 = max(alpha, elo), min(beta, ehi)
            else:
                elo, ehi = -INF, INF
                a0, b0 = alpha, beta
            hl = list(hands)
            lm = legal(hands[leader], -1, -1)
            moves = reps(lm, alive)
            if len(moves) > 1:
                if first >= 0 and first in moves:
                    moves.remove(first)
                    moves.insert(0, first)
                    rest = moves[1:]
                else:
                    rest = moves
                    first = -1
                maxing = side >> leader & 1
                if good == bool(maxing):
                    rest.sort(key=lambda i: -st[i])
                else:
                    rest.sort(key=lambda i: st[i])
                if first >= 0:
                    moves = [first, *rest]
                else:
                    moves = rest
            maximise = side >> leader & 1
            best = -INF if maximise else INF
            best_move = moves[0]
            a, b = a0, b0
            nxt = leader + 1 if leader + 1 < n else 0
            h0 = hl[leader]
            for i in moves:
                hl[leader] = h0 ^ (1 << i)
                v = follow(hl, nxt, 1, suit_of[i], i, leader, val[i], a, b, k, mstate, alive, leader)
                if maximise:
                    if v > best:
                        best, best_move = v, i
                        if v > a:
                            a = v
                else:
                    if v < best:
                        best, best_move = v, i
                        if v < b:
                            b = v
                if a >= b:
                    break
            hl[leader] = h0
            rel = suit_of[best_move] << 4 | (alive & lower_of[best_move]).bit_count()
            tt[key] = (*bounds(best, a0, b0, elo, ehi), rel)
            return best

        def follow(hl: list[int], seat: int, pos: int, led: int, win: int, wseat: int, raw: int,
                   alpha: int, beta: int, k: int, mstate: int, alive: int, leader: int) -> int:
            """Future value for the side with ``pos`` cards of trick ``k`` played (``raw``: their amounts)."""
            h0 = hl[seat]
            lm = legal(h0, led, win)
            if not lm & (lm - 1):
                moves = [lm.bit_length() - 1]
            elif lm & SM[led] == lm:
                moves = list(suit_reps(led, lm, alive))
            else:
                moves = reps(lm, alive)
            maximise = side >> seat & 1
            if len(moves) > 1:
                ow = over[win]
                if good:
                    moves.sort(key=lambda i: st[i] - (ow >> i & 1) * 64)
                elif maximise:
                    moves.sort(key=lambda i: st[i] + 64 if ow >> i & 1 else -st[i])
                elif side >> wseat & 1:
                    moves.sort(key=lambda i: (ow >> i & 1) << 40 | (sign * val[i] + VOFF) << 8 | 64 - st[i])
                else:
                    moves.sort(key=st.__getitem__, reverse=True)
            best = -INF if maximise else INF
            a, b = alpha, beta
            last = pos + 1 == n
            nxt = seat + 1 if seat + 1 < n else 0
            ow = over[win]
            for i in moves:
                bit = 1 << i
                if ow & bit:
                    w2, ws2 = i, seat
                else:
                    w2, ws2 = win, wseat
                r2 = raw + val[i]
                hl[seat] = h0 ^ bit
                if last:
                    u = sign * (r2 + base[k]) if side >> ws2 & 1 else 0
                    if march:
                        if mstate == -2 or mstate == ws2:
                            m2 = ws2
                        else:
                            m2 = -1
                        if k == total and m2 >= 0:
                            u += march_fix[m2]
                    else:
                        m2 = 0
                    v = u + start(tuple(hl), ws2, k + 1, a - u, b - u, m2)
                else:
                    v = follow(hl, nxt, pos + 1, led, w2, ws2, r2, a, b, k, mstate, alive, leader)
                if maximise:
                    if v > best:
                        best = v
                        if v > a:
                            a = v
                else:
                    if v < best:
                        best = v
                        if v < b:
                            b = v
                if a >= b:
                    break
            hl[seat] = h0
            return best

        self._legal = legal
        self._reps = reps
        self._start = start
        self._follow = follow

    # the root ---------------------------------------------------------------------------------------

    def position(self, deal: TrickDeal) -> tuple[list[int], int, int, int, int, int, int, int]:
        """(hands, seat to move, pos in trick, led, winning card, winning seat, raw so far, trick number)."""
        hands = [mask_of(deal.hand(s)) for s in range(self.n)]
        trick = deal.trick
        k = len(deal.tricks) + 1
        seat = deal.turn
        assert seat is not None
        if not trick:
            return hands, seat, 0, -1, -1, seat, 0, k
        led = trick[0][1].suit
        win, wseat = trick[0][1].index, trick[0][0]
        raw = 0
        for s, c in trick:
            raw += self.val[c.index]
            if self.over[win] & c.bit:
                win, wseat = c.index, s
        return hands, seat, len(trick), int(led), win, wseat, raw, k

    def march_state(self, deal: TrickDeal) -> int:
        if not self.march:
            return 0
        winners = {t.winner for t in deal.tricks}
        if not winners:
            return -2
        return winners.pop() if len(winners) == 1 else -1

    def after(self, deal: TrickDeal, c: Card, alpha: int = -INF, beta: int = INF) -> int:
        """Future value for the side after the player to move plays ``c`` now (legal assumed)."""
        hands, seat, pos, led, win, wseat, raw, k = self.position(deal)
        mstate = self.march_state(deal)
        alive = 0
        for h in hands:
            alive |= h
        trick_mask = mask_of(x for _, x in deal.trick)
        alive |= trick_mask
        if pos == 0:
            led, win, wseat = c.suit, c.index, seat
        elif self.over[win] & c.bit:
            win, wseat = c.index, seat
        hands[seat] ^= c.bit
        raw += self.val[c.index]
        if pos + 1 == self.n:
            u = self.sign * (raw + self.base[k]) if self.side >> wseat & 1 else 0
            m2 = 0
            if self.march:
                m2 = wseat if mstate in (-2, wseat) else -1
                if k == self.total and m2 >= 0:
                    u += self.march_fix[m2]
            return u + self._start(tuple(hands), wseat, k + 1, alpha - u, beta - u, m2)
        nxt = (seat + 1) % self.n
        return self._follow(hands, nxt, pos + 1, led, win, wseat, raw, alpha, beta, k, mstate, alive, -1)

    def candidates(self, deal: TrickDeal) -> list[tuple[Card, tuple[Card, ...]]]:
        """The legal cards of the player to move, one per class of equivalent cards (lowest first),
        each with the cards equivalent to it."""
        hands, seat, _, led, win, _, _, _ = self.position(deal)
        alive = mask_of(x for _, x in deal.trick)
        for h in hands:
            alive |= h
        lm = self._legal(hands[seat], led, win)
        assert lm == deal.legal_mask(), "solver legality differs from the trick machine"
        return card_classes(self.order, alive, lm, self.val)


__all__ = ["VOFF", "TrickSearch"]
