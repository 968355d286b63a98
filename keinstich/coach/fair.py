"""The fair judgement of a decision: what each move is worth from what the player could know.

The cards the player has not seen are dealt many times over, each time consistently with everything the
player has seen (:mod:`keinstich.bots.sampled`), and every legal move is valued in each deal: played out by
the heuristic in every seat, or searched exactly near the end; a lay-off deal played out at random, or
solved near its end. A lay is a card and an end: a card that fits both ends of the chain is two moves.

The play-outs never read a suit's or a rank's name: the heuristic's ties go by what the deal says (mode ``FAIR``
of :mod:`keinstich.kernel.playout`), a lay-off deal's random draws by an order read off the deal
(:mod:`keinstich.bots.domino_rollouts`). So a position and its renamed stand-in (:mod:`.equivalence`), given the
same deals, get the same values move for move, and the coach may judge the one for the other.

When few deals fit, every one of them is used (*listed*): a trick deal's play-outs and searches are deterministic,
so its values are exact; a lay-off deal's random play-outs are not, so its listed deals are played out again and
again, and the margin says what is left to luck.

Every move is valued on the same deals, so two moves are compared on equal cards (a move's *cost* is the
mean of its shortfall against the leading move, deal by deal). Deals are drawn in batches until each move's
grade is settled: its cost, give or take :data:`Z` standard errors, lies within one grade's band
(:class:`~keinstich.coach.grades.Grades`), and no move could beat the leader by the *fine* threshold. A move
whose grade is settled is not played out again (unless it may still be the leading move): the deals go to the moves
still close to a threshold. At :data:`CAP` moves valued (or :data:`DEALS` deals) the sampling stops, but for the
moves whose grade is read near a threshold, which go on with the leader to :data:`NEAR` times the cap; a grade
still unsettled is the kindest the evidence allows (the band of the cost's lower bound), so a move that cannot
be told apart from the best is never called a mistake.

A class of equivalent cards is played out by one of its cards: the classes hold only cards the play-outs cannot
tell apart (:func:`~keinstich.bots.worlds.played_alike`), so that card's values are every card's of its class.

The draws are seeded from what the player can know (:func:`view_key`): the same position always gets the
same verdict, from the Hint, the review, a quiz or a re-run, and two deals the player cannot tell apart get
the same verdict too.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from keinstich.bots.base import objective
from keinstich.bots.budget import Budget
from keinstich.bots.domino import domino_world, filler_hands, may_pass
from keinstich.bots.herzblatt import herzblatt_view
from keinstich.bots.inference import Evidence
from keinstich.bots.knowledge import in_play_mask
from keinstich.bots.sampled import DominoWorlds, TrickWorlds
from keinstich.bots.worlds import candidates, world
from keinstich.cards import Card, mask_of
from keinstich.deal import Deal, Kind, Lay, Move, move_cards
from keinstich.layoff import DominoObservation

from .grades import Grade, Grades, grades_of, pack_in_play

Z = 2.5
"""Standard errors below a cost that its grade is read at: the band of ``cost - Z * SE`` (the kindest the evidence
allows), and "give or take" in the sentences."""

SETTLE = 3.0
"""Standard errors either side of a cost that must fall in one grade's band before the sampling stops for it:
more than :data:`Z`, so that a chance run of deals seldom settles a grade early."""

FIRST = 128
"""Deals drawn before the first look at the grades."""

BATCH = 64
"""Deals drawn between two looks."""

CAP = 12288
"""Moves valued at most for one decision, counted deal by deal (a deal in which three moves are played out counts
three): when most moves are settled early, the few still close get many more deals for the same work."""

DEALS = 8192
"""Deals drawn at most for one decision."""

LEAD_DEALS = 1024
"""Deals drawn at most, once every grade is settled, while another move graded best might still be the leading one:
the Hint's move is the best mean, and a few hundred more deals on the two or three close moves tell it apart (the
Monte Carlo bot, which values every move on its 160 deals, found the better card where the judge had stopped at
128)."""

NEAR = 2
"""When a trick deal's decision reaches :data:`CAP` (or :data:`DEALS`) with a grade still unsettled, the moves whose
grade is read near a threshold (:data:`NEAR_SE`), and the leading move they are measured against, go on to this
many times the cap: there another seed would read another grade. The other moves keep the grade read at the cap."""

NEAR_SE = 2.0
"""A grade is read near a threshold when the cost it is read at (the cost less :data:`Z` standard errors) is within
this many standard errors of the threshold."""

CAP_LAY_OFF = 2048
"""Moves valued at most for one decision of a lay-off deal near its end, where each deal is solved by an exact
search (:mod:`keinstich.kernel.layoff_search`; its random play-outs, like a trick deal's, go to :data:`CAP`)."""

LIST_UP_TO = 256
"""When no more deals than this fit what the player saw, every one of them is used (the values are exact)."""

EXACT_TRICKS = 3
"""With this many tricks left (or fewer) each deal is searched exactly instead of played out."""

INFERENCE = True
"""Whether a trick deal's sampled deals are weighted by the other seats' plays (:mod:`keinstich.bots.inference`:
a deal in which the heuristic would have played what they played is likelier; the others at a learner's table are
the heuristic bot). Listed deals stay uniform. ``benchmarks/strength.py --play coach-uniform`` plays the coach
without it."""

INFER_EPS = 0.2
"""With :data:`INFERENCE`, the weight of a sampled deal falls by this factor for each card another seat played that
the heuristic, holding that deal's hands, would not have played."""

INFER_FACTOR = 2
"""With :data:`INFERENCE`, uniform deals drawn per deal used (the deals used are picked from them by weight, none
twice)."""

INFER_LISTED = False
"""With :data:`INFERENCE`, whether listed deals are weighted too (each deal's value counts by its weight; still
exact, given the weights): else they stay uniform."""


@dataclass(frozen=True)
class Fair:
    """The fair judgement of one decision.

    ``moves``: one per class of equivalent moves (same suit, next in rank, costing the same, played out alike), each
    with its class in ``same``; for each of them (by index): ``mean`` value for the seat's side (higher is better;
    only differences mean something), ``cost`` against the leading move, ``margin`` (give or take: :data:`Z`
    standard errors of the cost; 0 where nothing is left to luck), ``deals`` (on how many deals it was valued)
    and its ``grade``. ``leader``: the index of the move with the best mean (the Hint's move). ``count``: deals
    played out or searched (a listed deal played out again counts again); ``listed``: every deal that fits was
    used, ``fits`` of them (0 when not listed); ``exact``: each deal searched exactly (else played out);
    ``random``: the play-outs are random (a lay-off deal's), so even listed values keep a margin; ``settled``:
    every grade settled before the cap. ``drawn`` keeps the hidden hands of each deal and ``values[i][k]`` move
    ``i``'s value in deal ``k`` (for a layout that refutes a move).
    """

    moves: tuple[Move, ...]
    same: tuple[tuple[Move, ...], ...]
    mean: tuple[float, ...]
    cost: tuple[float, ...]
    margin: tuple[float, ...]
    deals: tuple[int, ...]
    grade: tuple[Grade, ...]
    leader: int
    count: int
    listed: bool
    exact: bool
    settled: bool
    drawn: Any
    values: Any
    fits: int = 0
    random: bool = False

    @property
    def how(self) -> str:
        """"listed" or "sampled", then ", solved" or ", played out" (as the Monte Carlo player says it)."""
        return ("listed" if self.listed else "sampled") + (", solved" if self.exact else ", played out")

    @property
    def certain(self) -> bool:
        """Nothing is left to luck: every deal that fits was used and each was valued without random draws."""
        return self.listed and not self.random

    def index(self, move: Move) -> int:
        """The index of the class ``move`` belongs to (a card laid at a chosen end counts as the card)."""
        k = key(move)
        for i, same in enumerate(self.same):
            if any(key(m) == k for m in same):
                return i
        raise KeyError(move)


def key(move: Move) -> Any:
    """What a move is judged as: its card; a card laid at a chosen end as that card and end (it is another move
    than the same card at the other end); a call or a pass as itself."""
    if isinstance(move, Lay):
        return move
    cards = move_cards(move)
    if len(cards) == 1:
        return cards[0]
    if len(cards) > 1:
        return frozenset(cards)
    return move


def as_played(legal: Sequence[Move], move: Move) -> Move:
    """``move`` as a deal plays it among its ``legal`` moves: a card that fits both ends, named without an end, is
    laid at the top (as :meth:`Deal.play` lays it); any other move as it is."""
    if isinstance(move, Card) and move not in legal:
        return next((m for m in legal if isinstance(m, Lay) and m.card == move and m.end == "top"), move)
    return move


def view_key(position: Deal, seat: int | None = None) -> str:
    """A digest of what ``seat`` (default: the seat to move) can know in ``position``, as the deal defines it
    (:meth:`~keinstich.deal.Deal.info_key`: its hand, everything open, the rules and the cards in play). Positions the
    seat cannot tell apart have the same key."""
    s = position.turn if seat is None else seat
    if s is None:
        raise ValueError("the deal is over: there is no seat to move")
    game, seen, in_play = cast(tuple[str, Any, tuple[int, ...]], position.info_key(s))
    text = repr((game, seen, list(in_play)))  # the cards as a list: every digest is the one the bank was made with
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def fair(position: Deal, *, salt: str = "", cap: int | None = None, budget: Budget | None = None) -> Fair:
    """The fair judgement of the decision of the seat to move in ``position`` (left unchanged) in a trick deal,
    Herzblatt's card play or a lay-off deal. ``salt`` changes the draws (the benchmark of the grades' stability
    uses it; a verdict never does); ``cap`` the most moves valued (:data:`CAP`); ``budget`` may stop the work."""
    import numpy as np

    cap = CAP if cap is None else cap
    seat = position.turn
    if seat is None:
        raise ValueError("the deal is over: there is no decision left to judge")
    grades = grades_of(position)
    obs = position.observation(seat)
    digest = hashlib.sha256(f"coach:{view_key(position)}:{salt}".encode()).digest()
    rs = np.random.RandomState(np.frombuffer(digest, dtype=np.uint32))
    worlds: TrickWorlds | DominoWorlds
    evidence: Evidence | None = None
    if obs.kind is Kind.LAY_OFF:
        moves, same = _lays(obs)
        exact = len(obs.hand) + sum(obs.hand_sizes) <= 3 * EXACT_TRICKS + 6
        if len(moves) == 1:
            return _single(moves, same, exact)
        worlds = DominoWorlds(obs, moves, exact=exact, fair=True)
        if exact:
            cap = min(cap, CAP_LAY_OFF)
    else:
        if obs.kind is Kind.HERZBLATT:
            t, _, _, _ = herzblatt_view(obs)
            in_play, discards, soloist = obs.rules.pack.mask, mask_of(obs.discards), obs.soloist
        else:
            t, in_play, discards, soloist = obs, in_play_mask(obs, pack_in_play(position)), 0, None
        cands = candidates(t, in_play, alike=True)
        picks = [c for c, _ in cands]
        moves = [*picks]
        same = [tuple(s) for _, s in cands]
        exact = len(t.hand) <= EXACT_TRICKS
        if len(moves) == 1:
            return _single(moves, same, exact)
        worlds = TrickWorlds(t, picks, objective(obs), in_play=in_play, discards=discards, soloist=soloist,
                             exact=exact, fair=True)
        if INFERENCE and worlds.rolls is not None:
            evidence = Evidence(t, soloist)
            if not evidence.telling:  # no other seat has played: the deals are drawn as without it
                evidence = None
    return _sample(moves, same, worlds, rs, grades, exact, cap, budget, evidence)


def _lays(obs: DominoObservation) -> tuple[list[Move], list[tuple[Move, ...]]]:
    """A lay-off decision's moves, each with its class: every card that fits, a card that fits both ends of the
    chain once per end (two moves), of a row (its last gap, which closes the row either way) once; then a pass
    where the seat may pass."""
    template = domino_world(obs, filler_hands(obs))
    moves: list[Move] = []
    same: list[tuple[Move, ...]] = []
    chain = obs.rules.layout == "chain"
    for m in template.legal_moves():
        if m is None:
            continue
        if isinstance(m, Lay) and not chain:
            if m.end == "top":
                moves.append(m)
                same.append((m, Lay(m.card, "bottom")))
            continue
        moves.append(m)
        same.append((m,))
    if may_pass(obs):
        moves.append(None)
        same.append((None,))
    return moves, same


def _next(count: int) -> int:
    """Deals to draw before the next look, ``count`` drawn so far: :data:`BATCH`, or an eighth more once that is
    more (looking costs little then)."""
    return max(BATCH, count // 8)


def _single(moves: Sequence[Move], same: Sequence[tuple[Move, ...]], exact: bool) -> Fair:
    import numpy as np

    return Fair(tuple(moves), tuple(same), (0.0,), (0.0,), (0.0,), (0,), (Grade.BEST,), 0, 0, True, exact, True,
                np.zeros((0, 0), dtype=np.int64), np.zeros((0, 1)))


def _sample(moves: Sequence[Move], same: Sequence[tuple[Move, ...]], worlds: TrickWorlds | DominoWorlds, rs: Any,
            grades: Grades, exact: bool, cap: int, budget: Budget | None, evidence: Evidence | None = None) -> Fair:
    import numpy as np

    k = len(moves)
    n_worlds = worlds.count()
    listed = 0 <= n_worlds <= LIST_UP_TO
    luck = isinstance(worlds, DominoWorlds) and not exact  # random play-outs: listed deals are played again
    every = np.array(list(worlds.sampler.all()), dtype=np.int64) if listed else None
    weights = None
    if every is not None and not luck and evidence is not None and INFER_LISTED and evidence.telling:
        weights = evidence.weights(worlds.full_many(every), INFER_EPS)
    blocks: list[Any] = []
    dealt: list[Any] = []
    active = list(range(k))
    kept: dict[int, Grade] = {}  # the grade of a move settled as clearly worse, kept once it is not played out
    count = 0
    settled = False
    valued = 0
    most, limit = DEALS, cap
    while True:
        if valued >= limit or count >= most:
            if isinstance(worlds, DominoWorlds) or most > DEALS or NEAR <= 1 or not blocks:
                break
            # grades still unsettled: the moves read near a threshold go on, the others keep the grade read now
            stats = _stats(np.concatenate(blocks), grades, kept, False)
            for i in active:
                if i != stats.leader and i not in stats.near:
                    kept.setdefault(i, stats.grade[i])
            active = [i for i in active if i not in kept]
            if len(active) < 2:
                break
            most, limit = NEAR * DEALS, NEAR * cap
        if every is not None:
            drawn = every
        else:
            want = min(FIRST if not count else _next(count), most - count, max(1, (limit - valued) // len(active)))
            if evidence is not None:
                drawn = evidence.draw(worlds, rs, want, INFER_EPS, INFER_FACTOR)
            else:
                drawn = worlds.sampler.draw_many(rs, want)
        hands = worlds.full_many(drawn)
        block = np.full((len(hands), k), np.nan)
        block[:, active] = worlds.values_many(hands, active, rs)
        blocks.append(block)
        dealt.append(hands)
        count += len(hands)
        valued += len(hands) * len(active)
        if budget is not None:
            budget.check()
        if listed and not luck:
            break
        stats = _stats(np.concatenate(blocks), grades, kept, False)
        settled = stats.settled
        if settled:
            if not stats.contending or count >= LEAD_DEALS:
                break
            # every grade is settled, but the lead is not: only the leader and its rivals go on
            for i in active:
                if i != stats.leader and i not in stats.contending:
                    kept.setdefault(i, stats.grade[i])
        for i in stats.clear:
            kept.setdefault(i, stats.grade[i])
        active = [i for i in active if i not in kept]
    values = np.concatenate(blocks)
    certain = listed and not luck
    stats = _stats(values, grades, kept, certain, weights)
    deals = tuple(int(np.count_nonzero(~np.isnan(values[:, i]))) for i in range(k))
    return Fair(tuple(moves), tuple(tuple(s) for s in same), tuple(stats.mean), tuple(stats.cost),
                tuple(stats.margin), deals, tuple(stats.grade), stats.leader, count, listed, exact,
                certain or settled, np.concatenate(dealt), values, n_worlds if listed else 0, luck)


@dataclass
class _Stats:
    mean: list[float]
    cost: list[float]
    margin: list[float]
    grade: list[Grade]
    leader: int
    settled: bool
    clear: set[int]
    """Moves whose grade is settled and that cannot be the leading move (settled as worse than the best, or as best
    but clearly behind the leader): they need no more deals."""
    contending: set[int]
    """Moves graded best that the deals cannot yet tell from the leader (their cost is within its doubt), whose
    values differ from the leader's in some deal: either may be the leading move."""
    near: set[int]
    """Moves whose grade is not settled and is read near a threshold (:data:`NEAR_SE`)."""


def _stats(values: Any, grades: Grades, kept: dict[int, Grade], certain: bool, weights: Any = None) -> _Stats:
    """Each move's cost against the leader on the deals both were valued on, give or take, and its grade (the
    one ``kept`` for a move no longer played out). ``values``: a row per deal, a column per move (NaN where the
    move was not valued); ``certain``: every deal that fits, each valued without luck (no margin). Other costs are
    given the doubt of one more deal that differs by the deal's whole scale: a loss too rare to have shown up yet
    is not ruled out. ``weights``: each deal's weight (certain values only; :data:`INFER_LISTED`), else all alike."""
    import numpy as np

    k = values.shape[1]
    sizes = [int(np.count_nonzero(~np.isnan(values[:, i]))) for i in range(k)]
    if weights is not None:
        assert certain and all(n == len(values) for n in sizes)
        mean = [float(np.average(values[:, i], weights=weights)) for i in range(k)]
    else:
        mean = [float(values[:sizes[i], i].mean()) for i in range(k)]
    leader = max((i for i in range(k) if sizes[i] == len(values)), key=lambda i: (mean[i], -i))
    lead = values[:, leader]
    cost, margin, grade = [0.0] * k, [0.0] * k, [Grade.BEST] * k
    doubt = 0.0 if certain else float(grades.scale) ** 2
    settled = True
    clear: set[int] = set()
    contending: set[int] = set()
    near: set[int] = set()
    for i in range(k):
        if i == leader:
            continue
        n = sizes[i]
        diffs = lead[:n] - values[:n, i]
        mu = float(diffs.mean() if weights is None else np.average(diffs, weights=weights))
        spread = float(((diffs - mu) ** 2).sum())
        se = 0.0 if certain else math.sqrt((spread + doubt) / n) / math.sqrt(n)
        cost[i], margin[i] = max(0.0, mu), Z * se
        grade[i] = grades.grade(max(0.0, mu - Z * se))
        if i in kept:
            grade[i] = kept[i]
        elif grades.grade(max(0.0, mu - SETTLE * se)) != grades.grade(max(0.0, mu + SETTLE * se)):
            settled = False
            read = max(0.0, mu - Z * se)
            if any(abs(read - t) < NEAR_SE * se for t in (grades.fine, grades.mistake, grades.blunder)):
                near.add(i)
        elif grade[i] == Grade.BEST and n == len(values) and mu < Z * se and spread > 0:
            contending.add(i)
        else:  # settled, and not a rival of the leader: its deals go to the moves near a threshold
            clear.add(i)
    return _Stats(mean, cost, margin, grade, leader, settled, clear, contending, near)


__all__ = ["BATCH", "CAP", "CAP_LAY_OFF", "DEALS", "FIRST", "LEAD_DEALS", "LIST_UP_TO", "NEAR", "NEAR_SE", "SETTLE",
           "Fair", "Z", "as_played", "fair", "key", "view_key"]


def world_with(position: Deal, seat: int, hands: list[int]) -> Deal:
    """The position replayed with these hands, as ``seat`` saw it (a row of the judge's deals: a world it drew)."""
    obs = position.observation(seat)
    if obs.kind is Kind.LAY_OFF:
        return domino_world(obs, hands)
    t = herzblatt_view(obs)[0] if obs.kind is Kind.HERZBLATT else obs
    return world(t, hands)
