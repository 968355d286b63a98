"""The heuristic bot's card in trick play, decided once: what :class:`keinstich.bots.HeuristicBot` plays,
and what its play-outs play in every seat.

Two rules of thumb a teacher would recognise, each returning the card (its index), a reason code and the
card the reason refers to (-1: none). :mod:`keinstich.bots.reasons` turns the code into the line the bot
says; the kernel's play-outs (:mod:`keinstich.kernel.playout`) keep only the card. The same source runs
compiled (numba) and as plain Python (:mod:`keinstich.kernel.jit`).

- :func:`nt_pick`, without trumps (Kein Stich, Herzeln). Following: the card with the least expected cost,
  where a card that stays under the winner costs nothing and a winning card costs the trick (the cards in
  it, the trick's base cost, the worst card a later seat could throw on it) times the chance nobody goes
  over it; ties shed the costliest card, then the highest. Void: throw the costliest card, else the card
  most likely to win later. Leading: the lowest card of a suit by the chance of winning times what the
  trick would cost, short suits first, keeping a sure loser as an exit card.
- :func:`trump_pick`, in a trump game played by sides (Herzblatt): count points and trumps. Following: the
  card with the best expected swing for the side (the trick's points won or lost, by the chance the side
  keeps the trick) less a small price for spending a trump or a high card; a partner's winning trick gets
  points thrown on it (schmieren). Leading: the soloist draws trumps while he has more than are out, then
  cashes the top cards; a defender cashes top side cards and otherwise leads low from a short side suit.

Ties. The heuristic bot sees one seat's view; where two cards of different suits come out equal it takes the higher
(or lower) rank, then the first suit in the pack's order. The coach's fair judgement plays its deals out with
``fair`` set (mode :data:`~keinstich.kernel.layout.FAIR`): there the ranks decide as they do for the bot, but suits
are taken in the order :func:`~keinstich.kernel.suit_order.suit_order` reads off the whole deal at the start of the
play-out (who holds each card still in play, what it costs, what each seat has shown), never by their names. A deal
and its renamed twin (suits permuted: the renaming of :mod:`keinstich.coach.equivalence` the judge uses) are then
played out alike, card for card, and otherwise as the heuristic bot plays them; where two suits read the same the
deal is the same either way round. (Reading a rank as its place among the live cards of its suit, so that a rank
shift would keep it too, plays the deals out unlike the bot the learner meets: the judge paid for it in strength,
issue 27.)

A contract is read as data, as what each card and trick costs the seat that takes it (``cost``, ``base``):
any contract written as data is played sensibly without new code. Tables (see
:meth:`keinstich.bots.tables.Tables.kernel`): ``cost``, per trick number ``base``, per card ``st``
(strength), ``over`` (the rules' beats-table), ``lower`` and ``higher`` (same-suit cards below and above),
and ``HF``: the mask of costly cards, whether no amount is negative, whether tricks are to be avoided,
whether the rank order is the natural one, the trump suit (-1 for none).
"""

from __future__ import annotations

import math
from typing import Any

from keinstich.kernel import rules
from keinstich.kernel.bits import low_index, popcount
from keinstich.kernel.jit import compiled, jit
from keinstich.kernel.layout import HF_AVERT, HF_COSTLY, HF_NATURAL, HF_NONNEG, HF_TRUMP

beats = compiled(rules.beats)

ONLY = 0
"""The reason code of both rules for a seat with one legal card."""
# the reasons of the play without trumps
DUCK, SHED_UNDER, TAKE_LAST, LOW_HOPE, TAKE_HIGH, WIN, FREE, VOID_SHED, VOID_HIGH, VOID_LOW, \
    LEAD_SAFE, LEAD_SHORT, LEAD_RISK, LEAD_FREE, LEAD_WIN, LEAD_EXIT, LEAD_FREE_SHORT = range(1, 18)
# the reasons of the trump game
T_TAKE, T_SCHMIER, T_CHEAP, T_RUFF, T_DRAW_TOP, T_DRAW, T_CASH, T_LEAD_LOW, T_LEAD_TRUMP = range(100, 109)


@jit()
def max_cost(mask: int, HF: Any, cost: Any) -> int:
    """The highest cost of a card in ``mask`` (0 when none costs anything)."""
    m = mask & HF[HF_COSTLY]
    best = 0
    while m:
        low = m & -m
        v = cost[low_index(low)]
        if v > best:
            best = v
        m ^= low
    return best


@jit()
def weakest(mask: int, st: Any) -> int:
    """The card of ``mask`` (not empty) lowest in strength; the lowest index among equals."""
    best = -1
    while mask:
        c = low_index(mask)
        mask &= mask - 1
        if best < 0 or st[c] < st[best]:
            best = c
    return best


@jit()
def strongest(mask: int, st: Any) -> int:
    """The card of ``mask`` (not empty) highest in strength; the lowest index among equals."""
    best = -1
    while mask:
        c = low_index(mask)
        mask &= mask - 1
        if best < 0 or st[c] > st[best]:
            best = c
    return best


@jit()
def win_chance(c: int, suit_unseen: int, followers: int, lower: Any, higher: Any) -> float:
    """Chance that card ``c`` is still the best after ``followers`` seats follow from ``suit_unseen`` (each
    holding a random unseen card of the suit)."""
    if not followers or not suit_unseen:
        return 1.0
    hi = popcount(suit_unseen & higher[c])
    if not hi:
        return 1.0
    lo = popcount(suit_unseen & lower[c])
    return math.pow(lo / (lo + hi), float(followers))


@jit(inline=True)
def _followers(voids: Any, seat: int, n: int, later: int, suit: int) -> int:
    """How many of the ``later`` seats after ``seat`` may still follow ``suit`` (none has shown it void)."""
    count = 0
    for i in range(1, later + 1):
        if not voids[(seat + i) % n] >> suit & 1:
            count += 1
    return count


@jit(inline=True)
def _duck(ducks: int, cost: Any, st: Any) -> int:
    """Of the cards under the winner (``ducks``), the one to shed: the costliest, else the highest."""
    best = -1
    m = ducks
    while m:
        c = low_index(m)
        m &= m - 1
        if best < 0 or cost[c] > cost[best] or (cost[c] == cost[best] and st[c] > st[best]):
            best = c
    return best


@jit(inline=True)
def _follow(n: int, seat: int, legal: int, w: int, tc: int, led: int, later: int, unseen: int, voids: Any, HF: Any,
            cost: Any, st: Any, lower: Any, higher: Any) -> tuple[int, int, int]:
    """Following suit to a trick that ``w`` wins so far, ``tc`` in it: a card under the winner where that costs
    nothing, else the card of least expected cost (the stake, if it wins, times the chance nobody goes over it)."""
    lmask = 0x1FFF << (13 * led)
    stake = tc + (max_cost(unseen, HF, cost) if later else 0)
    ducks = legal & lower[w]
    if ducks and stake > 0 and HF[HF_NONNEG]:
        best = _duck(ducks, cost, st)
        return best, (SHED_UNDER if cost[best] > 0 else DUCK), w
    followers = _followers(voids, seat, n, later, led)
    su = unseen & lmask
    best = -1
    bexp = 0.0
    m = legal
    while m:
        c = low_index(m)
        m &= m - 1
        if st[c] < st[w]:
            exp = 0.0
        else:
            exp = (stake + cost[c]) * (win_chance(c, su, followers, lower, higher) if later else 1.0)
        if best < 0 or exp < bexp or (exp == bexp and (
                -cost[c] < -cost[best] or (cost[c] == cost[best] and -st[c] < -st[best]))):
            best, bexp = c, exp
    # why: it stays under the winner, or taking the trick earns or costs nothing, or it must win
    if st[best] < st[w]:
        return best, (SHED_UNDER if cost[best] > 0 else DUCK), w
    if stake + cost[best] <= 0:
        return best, (WIN if stake + cost[best] < 0 else FREE), w
    if not later:
        return best, TAKE_LAST, w
    if win_chance(best, su, followers, lower, higher) < 1.0:
        return best, LOW_HOPE, w
    return best, TAKE_HIGH, w


@jit(inline=True)
def _void_shed(legal: int, led_card: int, unseen: int, HF: Any, cost: Any, st: Any, lower: Any, higher: Any,
               fair: bool, order: Any) -> tuple[int, int, int]:
    """Void in the led suit, tricks to be avoided: throw the costliest card, else the card most likely to win
    later (the higher card, then the first suit, on a tie)."""
    costly = legal & HF[HF_COSTLY]
    pool = costly if costly else legal
    if costly:
        top = max_cost(pool, HF, cost)
        keep = 0
        m = pool
        while m:
            c = low_index(m)
            m &= m - 1
            if cost[c] == top:
                keep |= 1 << c
        pool = keep
    code = VOID_SHED if costly else VOID_HIGH
    if not pool & (pool - 1):
        return low_index(pool), code, led_card
    best = -1
    bwin = 0.0
    m = pool
    while m:
        c = low_index(m)
        m &= m - 1
        wc = win_chance(c, unseen & (0x1FFF << (13 * (c // 13))), 1, lower, higher)
        if best < 0 or wc > bwin:
            best, bwin = c, wc
        elif wc == bwin and (st[c] > st[best] or (fair and st[c] == st[best]
                                                  and order[c // 13] < order[best // 13])):
            best = c  # the higher card, then the first suit
    return best, code, led_card


@jit(inline=True)
def _void_low(legal: int, led_card: int, unseen: int, cost: Any, lower: Any, higher: Any, fair: bool,
              order: Any) -> tuple[int, int, int]:
    """Void in the led suit, tricks wanted: throw the card least likely to win later, the cheapest on a tie."""
    best = -1
    bwin = 0.0
    m = legal
    while m:
        c = low_index(m)
        m &= m - 1
        wc = win_chance(c, unseen & (0x1FFF << (13 * (c // 13))), 1, lower, higher)
        if best < 0 or wc < bwin or (wc == bwin and -cost[c] < -cost[best]):
            best, bwin = c, wc
        elif fair and wc == bwin and cost[c] == cost[best] and order[c // 13] < order[best // 13]:
            best = c  # the first suit (by its name, without ``fair``: the lowest index comes first)
    return best, VOID_LOW, led_card


@jit(inline=True)
def _lead(n: int, seat: int, hand: int, legal: int, unseen: int, voids: Any, HF: Any, cost: Any, st: Any,
          lower: Any, higher: Any, b: int, fair: bool, order: Any) -> tuple[int, int, int]:
    """Leading: per suit its lowest card (and, where tricks are wanted, its highest) as an option (expected cost,
    suit length, strength, suit, card, win chance), sorted stably (with ``fair`` the suits' order instead of their
    names); the first option, or a sure loser's neighbour kept as an exit card, and why."""
    dump = max_cost(unseen, HF, cost)
    o_exp = [0.0] * 8
    o_len = [0] * 8
    o_st = [0] * 8
    o_ord = [0] * 8
    o_card = [0] * 8
    o_win = [0.0] * 8
    no = 0
    avert = HF[HF_AVERT]
    for s in range(4):
        smask = 0x1FFF << (13 * s)
        mine = legal & smask
        if not mine:
            continue
        su = unseen & smask
        followers = _followers(voids, seat, n, n - 1, s) if su else 0
        nsu = popcount(su)
        avg = 0.0
        if nsu:
            tot = 0
            m = su & HF[HF_COSTLY]
            while m:
                tot += cost[low_index(m)]
                m &= m - 1
            avg = tot / nsu
        trick_cost = b + followers * avg + (n - 1 - followers) * dump
        low = low_index(mine) if HF[HF_NATURAL] else weakest(mine, st)
        length = popcount(hand & smask)
        rank_of = order[s] if fair else s
        for pick in range(1 if avert else 2):
            c = low if pick == 0 else strongest(mine, st)
            win = win_chance(c, su, followers, lower, higher)
            exp = win * (trick_cost + cost[c])
            high = st[c]
            # insert after every option that sorts before or equal to it (a stable sort)
            at = no
            while at > 0 and (o_exp[at - 1] > exp or (o_exp[at - 1] == exp and (
                    o_len[at - 1] > length or (o_len[at - 1] == length and (
                        o_st[at - 1] > high or (o_st[at - 1] == high and o_ord[at - 1] > rank_of)))))):
                o_exp[at] = o_exp[at - 1]
                o_len[at] = o_len[at - 1]
                o_st[at] = o_st[at - 1]
                o_ord[at] = o_ord[at - 1]
                o_card[at] = o_card[at - 1]
                o_win[at] = o_win[at - 1]
                at -= 1
            o_exp[at] = exp
            o_len[at] = length
            o_st[at] = high
            o_ord[at] = rank_of
            o_card[at] = c
            o_win[at] = win
            no += 1
    best = o_card[0]
    if not avert:
        return best, LEAD_WIN, -1
    if o_exp[0] <= 0 and o_win[0] > 0:
        return best, (LEAD_FREE_SHORT if o_len[0] <= 2 else LEAD_FREE), -1
    if o_win[0] == 0:
        # a sure loser: keep the last one as an exit when another lead is nearly as safe
        sure = 0
        for j in range(no):
            if o_win[j] == 0:
                sure += 1
        if sure == 1:
            for j in range(1, no):
                if o_win[j] <= 0.15 and o_exp[j] <= 0.15 * max(1, b):
                    return o_card[j], LEAD_EXIT, best
        return best, LEAD_SAFE, -1
    if o_exp[0] <= 0.5 * max(1.0, b):
        return best, LEAD_SHORT, -1
    return best, LEAD_RISK, -1


@jit()
def nt_pick(k: int, n: int, seat: int, hand: int, legal: int, trick: Any, tlen: int, unseen: int, voids: Any,
            HF: Any, cost: Any, st: Any, over: Any, lower: Any, higher: Any, base: Any, fair: bool,
            order: Any) -> tuple[int, int, int]:
    """The heuristic's card in a no-trump trick deal, its reason code and the card the reason refers to (-1:
    none); ``trick[:tlen]`` are the cards down, ``voids[s]`` the suits (as bits) seat ``s`` has shown it lacks.
    Ties go by rank, then between suits by the suits' ``order`` with ``fair`` (see the module), else by their
    names (``order`` is not read). Its steps: one legal card; following suit; void in the led suit (shedding
    where tricks are avoided, else keeping the winners); leading."""
    if not legal & (legal - 1):
        return low_index(legal), ONLY, -1
    b = base[k]
    if tlen == 0:
        return _lead(n, seat, hand, legal, unseen, voids, HF, cost, st, lower, higher, b, fair, order)
    w = trick[0]
    led = w // 13
    tc = b + cost[w]
    for j in range(1, tlen):
        c = trick[j]
        tc += cost[c]
        if beats(over, w, c):
            w = c
    if legal & (0x1FFF << (13 * led)):
        return _follow(n, seat, legal, w, tc, led, n - tlen - 1, unseen, voids, HF, cost, st, lower, higher)
    # void in the led suit: no trumps here, so the trick is someone else's
    if HF[HF_AVERT]:
        return _void_shed(legal, trick[0], unseen, HF, cost, st, lower, higher, fair, order)
    return _void_low(legal, trick[0], unseen, cost, lower, higher, fair, order)


@jit(inline=True)
def _keep_chance(top: int, seat: int, n: int, tlen: int, later_opps: int, unseen: int, excl: Any, sizes_hint: int,
                 trump: int, tmask: int, higher: Any) -> float:
    """The chance that ``top`` still wins the trick after the opponents to play (``later_opps``), each holding
    ``sizes_hint`` cards of those unseen it may hold, none of them one that beats it."""
    keep = 1.0
    beaters = unseen & (higher[top] | (tmask if top // 13 != trump else 0))
    u = popcount(unseen)
    if not u:
        u = 1
    for i in range(1, n - tlen):  # in seat order after this one, as the products round
        p = (seat + i) % n
        if later_opps >> p & 1:
            t = popcount(beaters & ~excl[p])
            if t:
                keep *= math.pow(max(0.0, 1.0 - t / u), float(max(1, sizes_hint)))
    return keep


@jit(inline=True)
def _t_follow(k: int, n: int, seat: int, legal: int, trick: Any, tlen: int, unseen: int, excl: Any, side: int,
              sizes_hint: int, cost: Any, st: Any, over: Any, higher: Any, base: Any, fair: bool, order: Any,
              trump: int, tmask: int) -> tuple[int, int, int]:
    """Following in a trump game: the card with the best expected swing for the side (the trick's points won or
    lost, by the chance the side keeps it) less a price for spending a trump or a high card; and why (a ruff, a
    take, points thrown on the partner's trick, a cheap card)."""
    leader = (seat - tlen) % n
    best, bseat = trick[0], leader
    pts = -cost[trick[0]] - base[k]
    for i in range(1, tlen):
        x = trick[i]
        pts += -cost[x]
        if beats(over, best, x):
            best, bseat = x, (leader + i) % n
    later_opps = 0
    for i in range(1, n - tlen):
        p = (seat + i) % n
        if not side >> p & 1:
            later_opps |= 1 << p
    pick = -1
    pkey = 0.0
    ptakes = False
    pours = False
    m = legal
    while m:
        c = low_index(m)
        m &= m - 1
        takes = beats(over, best, c)
        top = c if takes else best
        ours = takes or (side >> bseat & 1) != 0
        keep = 1.0
        if ours and later_opps:
            keep = _keep_chance(top, seat, n, tlen, later_opps, unseen, excl, sizes_hint, trump, tmask, higher)
        p_side = keep if ours else 0.0
        swing = (2 * p_side - 1) * (pts - cost[c])
        price = (1.5 + 0.4 * st[c]) if c // 13 == trump else 0.15 * st[c]
        key = swing - price
        # the highest key, then the lowest strength; the first card in index order on a tie (or the first suit)
        if pick < 0 or key > pkey or (key == pkey and (-st[c] > -st[pick] or (
                fair and st[c] == st[pick] and order[c // 13] < order[pick // 13]))):
            pick, pkey, ptakes, pours = c, key, takes, ours
    if ptakes and pick // 13 == trump and trick[0] // 13 != trump:
        return pick, T_RUFF, best
    if ptakes:
        return pick, T_TAKE, best
    if pours and -cost[pick] > 0:
        return pick, T_SCHMIER, best
    return pick, T_CHEAP, best


@jit(inline=True)
def _cash(legal: int, unseen: int, excl: Any, n: int, opps: int, opp_can_trump: bool, tmask: int, cost: Any,
          st: Any, higher: Any, fair: bool, order: Any) -> int:
    """A top side card no opponent can ruff, to cash (the costliest, the highest, the first suit); -1: none."""
    cash = -1
    m = legal & ~tmask
    while m:
        c = low_index(m)
        m &= m - 1
        if unseen & higher[c]:
            continue
        if opp_can_trump:
            smask = 0x1FFF << (13 * (c // 13))
            void = False
            for p in range(n):
                if opps >> p & 1 and excl[p] & smask == smask:
                    void = True
            if void:
                continue
        if cash < 0 or -cost[c] > -cost[cash] or (cost[c] == cost[cash] and (st[c] > st[cash] or (
                fair and st[c] == st[cash] and order[c // 13] < order[cash // 13]))):
            cash = c
    return cash


@jit(inline=True)
def _lead_low(legal: int, hand: int, tmask: int, cost: Any, st: Any, fair: bool, order: Any) -> int:
    """A low card of the shortest side suit (the cheapest, the lowest, the first suit); -1: only trumps left."""
    low = -1
    lln = 0
    m = legal & ~tmask
    while m:
        c = low_index(m)
        m &= m - 1
        ln = popcount(hand & (0x1FFF << (13 * (c // 13))))
        if low < 0:
            low, lln = c, ln
            continue
        if ln < lln or (ln == lln and (-cost[c] < -cost[low] or (cost[c] == cost[low] and (st[c] < st[low] or (
                fair and st[c] == st[low] and order[c // 13] < order[low // 13]))))):
            low, lln = c, ln
    return low


@jit(inline=True)
def _t_lead(n: int, hand: int, legal: int, unseen: int, excl: Any, side: int, cost: Any, st: Any, higher: Any,
            fair: bool, order: Any, tmask: int) -> tuple[int, int, int]:
    """Leading in a trump game: the soloist draws trumps (a top trump, or the lowest while he holds more than are
    out); then a top side card to cash; then low from a short side suit; a trump last."""
    opps = ((1 << n) - 1) & ~side
    my_trumps = hand & tmask
    out_trumps = unseen & tmask
    opp_can_trump = False
    for p in range(n):
        if opps >> p & 1 and out_trumps & ~excl[p]:
            opp_can_trump = True
    if popcount(side) == 1 and my_trumps and out_trumps and my_trumps & legal:
        m = legal & tmask
        while m:
            c = low_index(m)
            m &= m - 1
            if not unseen & higher[c]:
                return c, T_DRAW_TOP, -1
        if popcount(my_trumps) > popcount(out_trumps):
            return weakest(legal & tmask, st), T_DRAW, -1
    cash = _cash(legal, unseen, excl, n, opps, opp_can_trump, tmask, cost, st, higher, fair, order)
    if cash >= 0:
        return cash, T_CASH, -1
    low = _lead_low(legal, hand, tmask, cost, st, fair, order)
    if low >= 0:
        return low, T_LEAD_LOW, -1
    return weakest(legal, st), T_LEAD_TRUMP, -1


@jit()
def trump_pick(k: int, n: int, seat: int, hand: int, legal: int, trick: Any, tlen: int, unseen: int, excl: Any,
               side: int, sizes_hint: int, HF: Any, cost: Any, st: Any, over: Any, higher: Any,
               base: Any, fair: bool, order: Any) -> tuple[int, int, int]:
    """The heuristic's card in a trump game played by sides, its reason code and the card the reason refers to
    (-1: none); ``side``: the mask of the seats playing together with ``seat``, ``excl[s]``: the cards seat
    ``s`` cannot hold. With ``fair``, cards of different suits equal in every other way go by the suits'
    ``order`` instead of their names (a trump game's renamings keep every rank). Its steps: one legal card;
    following (:func:`_t_follow`); leading (:func:`_t_lead`)."""
    if not legal & (legal - 1):
        return low_index(legal), ONLY, -1
    trump = HF[HF_TRUMP]
    tmask = (0x1FFF << (13 * trump)) if trump >= 0 else 0
    if tlen > 0:
        return _t_follow(k, n, seat, legal, trick, tlen, unseen, excl, side, sizes_hint, cost, st, over, higher, base,
                         fair, order, trump, tmask)
    return _t_lead(n, hand, legal, unseen, excl, side, cost, st, higher, fair, order, tmask)


__all__ = ["ONLY", "max_cost", "nt_pick", "strongest", "trump_pick", "weakest", "win_chance"]
