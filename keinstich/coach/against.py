"""All hands open, against the opponents who played: what the player could have got knowing every hand.

The other seats are not imagined as playing against the player (that is the worst case, :mod:`keinstich.bots.
solver`); they answer as they do. On the line that was played they make the moves they made; off it, their bots
answer (:class:`Answers`): a bot whose move depends on what it sees alone (the heuristic bot) as it is, any other
bot (random, Monte Carlo) freshly seeded from the position it answers, so that every imagined line is played the
same way every time. Knowing every hand, the player then picks the best of its own moves at every turn: an exact
search of the player's choices, the others' answers being known.

:func:`open_values` gives each legal move's value in a position (higher is better for the player's side, in the
coach's unit); :func:`line_after` the line that follows a move, best play by the player and the others' answers
to the end. Because the line that was played is among those searched, the best value is never worse than what the
player got. Against a bot that thinks long (the Monte Carlo bot: it is not ``cheap``) no search is made: asking it
about every imagined line would take minutes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from keinstich.bots.base import Bot, lay_off, objective
from keinstich.bots.budget import Budget, Stopped
from keinstich.bots.open_hands import OpenSearch, open_search, plays_heuristic
from keinstich.bots.play import bot_move
from keinstich.bots.tables import amounts
from keinstich.cards import Pack
from keinstich.deal import Deal, Kind, Lay, Move, Unit

from .fair import key, view_key
from .grades import counts_paid, outcome, unit_of

NODES = 400_000
"""Answers and positions the search may visit per question before it gives up (a count, not a time: the same
answer on every machine)."""

BotSpec = str | Bot


class Answers:
    """How the seats other than ``seat`` answer: the moves of the line that was played (``played``: its moves,
    (seat, move) from the start of the deal) while a position is on it, else their bots (``bots``, one per seat;
    the entry for ``seat`` is not used). A bot given by name is made afresh for each answer, seeded from the
    position; a bot given as an object answers as it is (if its move depends on more than what it sees, the
    search cannot reuse what it found in one position for the same position reached another way)."""

    def __init__(self, seat: int, bots: Sequence[BotSpec], played: Sequence[tuple[int, Move]] = (), *,
                 pack: Pack | str | None = None, seed: int | str = 0) -> None:
        from keinstich.bots.registry import make_bot

        self.seat = seat
        self.played = tuple(played)
        self.seed = seed
        self.pack = pack
        self._made: dict[int, Bot] = {}
        self._specs: dict[int, str] = {}
        self.pure = True
        self._kernel: dict[int, bool] = {}
        self.bots_seats = [s for s in range(len(bots)) if s != seat]
        self._paid: bool | None = None  # whether the coach's count is paid (asked once: the deal's result is dear)
        self.cheap = True
        for s, b in enumerate(bots):
            if s == seat:
                continue
            bot = make_bot(b, 0, pack=pack) if isinstance(b, str) else b
            self.cheap = self.cheap and bool(getattr(bot, "cheap", False))
            if isinstance(b, str) and not getattr(bot, "pure", False):
                self._specs[s] = b
            else:
                self._made[s] = bot
                self.pure = self.pure and bool(getattr(bot, "pure", False))

    def move(self, d: Deal, on_line: bool) -> Move:
        """The move of the seat to move in ``d`` (not :attr:`seat`); ``on_line``: ``d`` is a position of the
        line that was played."""
        if on_line:
            i = len(d.history)
            if i < len(self.played):
                return self.played[i][1]
        s = d.turn
        assert s is not None
        bot = self._made.get(s)
        if bot is None:
            from keinstich.bots.registry import make_bot

            bot = make_bot(self._specs[s], f"{self.seed}:{view_key(d, s)}", pack=self.pack)  # type: ignore[arg-type]
        if self.lays_off(d) and plays_heuristic(bot):
            # the heuristic bot's lay, worked out on the deal itself: the layout is open, so the hidden hands do not
            # change it, and replaying what the seat saw for every answer is what makes a search slow
            from keinstich.bots.domino import domino_lay

            return domino_lay(cast(Any, d.observation(s)), cast(Any, d))
        return bot_move(bot, d.observation(s))

    def lays_off(self, d: Deal) -> bool:
        """Whether the deal these answers are for is a lay-off deal (``d``: any position of it)."""
        return d.kind is Kind.LAY_OFF

    def paid(self, d: Deal) -> bool:
        """Whether the coach's count of the deal these answers are for is paid, fewer better (:func:`~.grades.
        counts_paid`; ``d``: any position of it, asked once)."""
        if self._paid is None:
            self._paid = counts_paid(d)
        return self._paid

    def heuristic(self) -> bool:
        """Whether every other seat answers as the heuristic bot does (the kernel can then play its answers)."""
        return len(self._made) == len(self.bots_seats) and all(
            plays_heuristic(b) for b in self._made.values())

    def kernel_answers(self, position: Deal) -> bool:
        """Whether the kernel can play the others' answers from ``position``: they are heuristic bots, and on
        the line that was played the kernel's heuristic made every move they made (checked once per deal)."""
        if not self.heuristic() or position.trick_deal is None:
            return False
        start = len(position.history) - len(position.trick_deal.history)
        if start not in self._kernel:
            self._kernel[start] = _replays(position.rewound(start), self)
        return self._kernel[start]

    def on_line(self, d: Deal, was_on: bool, move: Move) -> bool:
        """Whether ``d`` is still on the played line after ``move`` was made in it (``was_on``: it was before)."""
        if not was_on:
            return False
        i = len(d.history)
        return i < len(self.played) and self.played[i][0] == d.turn and self.played[i][1] == move


@dataclass(frozen=True)
class OpenValues:
    """Each legal move's value with all hands open against the others' answers (``values``, by the move's
    :func:`~keinstich.coach.fair.key`; higher is better, in ``unit``). A move in ``exact`` has its exact value;
    any other is known to be worse than the best and its value is an upper bound. ``best``: the moves of the
    best value (exact ties)."""

    values: dict[Any, float]
    exact: frozenset[Any]
    unit: Unit

    @property
    def top(self) -> float:
        return max(self.values[k] for k in self.exact)

    @property
    def best(self) -> tuple[Any, ...]:
        top = self.top
        return tuple(k for k in self.values if k in self.exact and self.values[k] >= top - 1e-9)

    def cost(self, move: Move) -> float | None:
        """What ``move`` gives away against the best (None when only a bound is known)."""
        k = key(move)
        return self.top - self.values[k] if k in self.exact else None


class _Search:
    """The search of the player's choices (see the module)."""

    def __init__(self, seat: int, answers: Answers, budget: Budget | None) -> None:
        self.seat = seat
        self.answers = answers
        self.budget = budget
        self.visited = 0
        self.memo: dict[Any, tuple[float, bool]] = {}
        self.memo_on = answers.pure

    def value(self, d: Deal) -> float:
        """The final value of a finished deal for the seat's side, higher is better, in the coach's unit."""
        v = outcome(d, self.seat)
        return -v if self.answers.paid(d) else v

    def advance(self, d: Deal, on: bool) -> bool:
        """Play the others' answers and the player's forced moves until the player has a choice or the deal
        ends; returns whether the position is still on the played line."""
        while not d.over:
            s = d.turn
            if s == self.seat:
                moves = d.legal_moves()
                if len(moves) > 1:
                    break
                m = moves[0]
            else:
                m = self.answers.move(d, on)
            self._tick()
            on = self.answers.on_line(d, on, m)
            self.make(d, m, s)
        return on

    def make(self, d: Deal, m: Move, s: int | None) -> None:
        """Make the legal move ``m`` for ``s`` in ``d``: a lay-off deal replays it without :meth:`Deal.play`'s checks
        (a legal move passes them; checking every move of every imagined line was a sixth of a review)."""
        if self.answers.lays_off(d) and s is not None:
            lay = cast(Any, d)
            if isinstance(m, Lay):
                lay.replay(s, m.card, m.end)
            else:
                lay.replay(s, m)
        else:
            d.play(m, s)

    def _tick(self) -> None:
        self.visited += 1
        if self.budget is not None and not self.visited & 255:
            self.budget.check(self.visited)
        if self.visited > NODES:
            raise Stopped("node limit")

    def search(self, d: Deal, on: bool, alpha: float) -> float:
        """The best value the player can reach from ``d`` (it moves next, or the deal goes on without it):
        exact when above ``alpha``, else at most ``alpha``."""
        on = self.advance(d, on)
        if d.over:
            return self.value(d)
        lay = self.answers.lays_off(d)
        bound = _bound(d, self.seat, lay)
        if bound <= alpha:
            return bound
        mk = _state(d, lay) if self.memo_on and not on else None
        if mk is not None:
            got = self.memo.get(mk)
            if got is not None and (got[1] or got[0] <= alpha):
                return got[0]
        best = -math.inf
        for m in self.order(d, on):
            child = d.copy()
            child_on = self.answers.on_line(d, on, m)
            self.make(child, m, self.seat)
            v = self.search(child, child_on, max(alpha, best))
            if v > best:
                best = v
                if best >= bound:
                    break  # nothing better can be had
        if mk is not None:
            self.memo[mk] = (best, best > alpha)
        return best

    def order(self, d: Deal, on: bool) -> list[Move]:
        """The player's moves, the one it made first (on the played line), then cards before passes."""
        moves = list(d.legal_moves())
        i = len(d.history)
        if on and i < len(self.answers.played):
            made = self.answers.played[i][1]
            moves.sort(key=lambda m: m != made)
        return moves


def _bound(d: Deal, seat: int, lay: bool) -> float:
    """An optimistic value of ``d`` for the seat's side: what it has, plus every gain still to be had (``lay``: it
    is a lay-off deal)."""
    if lay:
        from keinstich.bots.base import domino_value

        dd: Any = d  # a lay-off deal
        order = list(dd.finish_order)
        if seat in order:
            return float(domino_value(dd.contract.points, order + [s for s in range(dd.players) if s not in order],
                                      seat, dd.fees()))
        best_place = order + [seat] + [s for s in range(dd.players) if s not in order and s != seat]
        return float(domino_value(dd.contract.points, best_place, seat, dd.fees()))
    td = d.trick_deal
    if td is None or td.contract is None or getattr(td.contract, "march", False) \
            or not getattr(td.contract, "additive", d.kind is Kind.HERZBLATT):
        return math.inf
    obj = objective(d.observation(seat))
    now = outcome(d, seat)
    sign = -1 if counts_paid(d) else 1
    val, base = amounts(td.contract, td.total_tricks)
    gain = 0
    for h in range(d.players):
        for c in td.hand(h):
            gain += max(0, obj.sign * val[c.index])
    for _, c in td.trick:
        gain += max(0, obj.sign * val[c.index])
    for k in range(len(td.tricks) + 1, td.total_tricks + 1):
        gain += max(0, obj.sign * base[k])
    return sign * now + gain


def _state(d: Deal, lay: bool) -> Any:
    """What the answers and the value of the rest of the deal depend on, for reusing a position reached another way:
    the finished tricks (as a set, unless the contract counts by the trick's number, when their order changes what
    was paid), the trick in progress (trick deals); None where positions are not reused."""
    td = d.trick_deal
    if td is None or td.contract is None or lay or getattr(td.contract, "march", False):
        return None
    tricks = tuple((t.leader, tuple(t.cards)) for t in td.tricks)
    _, base = amounts(td.contract, td.total_tricks)
    by_number = len(set(base[1:td.total_tricks + 1])) > 1
    return (tricks if by_number else frozenset(tricks), td.trick, d.turn)


def _replays(start: Deal, answers: Answers) -> bool:
    """Whether the kernel's heuristic makes every move the others made on the played line from ``start`` (the
    beginning of the card play)."""
    search = open_search(start, answers.seat, limit=NODES * 8)
    return search is not None and search.replays(answers.played[len(start.history):])


def open_values(position: Deal, answers: Answers, *, budget: Budget | None = None,
                only: Callable[[Move], bool] | None = None) -> OpenValues | None:
    """Each legal move's value for the seat to move in ``position`` (left unchanged) with all hands open,
    the others answering by ``answers``; None when the search does not finish within :data:`NODES`.
    ``only``: the moves whose exact value is wanted besides the best (by default every move's)."""
    seat = position.turn
    assert seat is not None and seat == answers.seat
    if not answers.cheap:
        return None  # a bot that thinks long (Monte Carlo) cannot be asked about every imagined line
    search = _Search(seat, answers, budget)
    on = _on_played(position, answers)
    value_of = _values(search, position, on)
    values: dict[Any, float] = {}
    exact: set[Any] = set()
    try:
        for m in search.order(position, on) if on else _first_seen(position.legal_moves()):
            if key(m) in values:
                continue
            want = only is None or only(m)
            alpha = -math.inf if want or not exact else max(values[k] for k in exact)
            v = values[key(m)] = value_of(m, alpha)
            if v > alpha or want:
                exact.add(key(m))
    except Stopped:
        if budget is not None and budget.stopped:
            raise
        return None
    return OpenValues(values, frozenset(exact), unit_of(position))


def _values(search: _Search, position: Deal, on: bool) -> Callable[[Move, float], float]:
    """A move's value for the searching seat in ``position`` (``on``: on the played line), exact when above the
    given bound, else at most it: searched in the kernel where it can (the same values, far faster), else by
    ``search``."""
    answers = search.answers
    kernel = _kernel(position, answers)
    if kernel is not None:
        return kernel.value

    def value_of(m: Move, alpha: float) -> float:
        child = position.copy()
        search.make(child, m, answers.seat)
        return search.search(child, answers.on_line(position, on, m), alpha)

    return value_of


def _kernel(position: Deal, answers: Answers) -> OpenSearch | None:
    """The kernel's search for the answers' seat from ``position``, where the kernel can search it and play the
    others' answers (:func:`_kernel_search`, :meth:`Answers.kernel_answers`); else None."""
    if not (_kernel_search(position) and answers.kernel_answers(position)):
        return None
    return open_search(position, answers.seat, limit=NODES * 8)


def _kernel_search(position: Deal) -> bool:
    """Whether the kernel can search this position: the card play of a trick deal whose contract the kernel
    scores (additive, no March), at most 8 seats."""
    from keinstich.bots.rollouts import kernel_rolls

    td = position.trick_deal
    if td is None or lay_off(position) or position.phase != "play" or getattr(td.contract, "march", False):
        return False
    return kernel_rolls(td.observation(position.turn or 0))


def _first_seen(moves: Sequence[Move]) -> list[Move]:
    seen: set[Any] = set()
    out = []
    for m in moves:
        if key(m) not in seen:
            seen.add(key(m))
            out.append(m)
    return out


def _on_played(position: Deal, answers: Answers) -> bool:
    h = position.history
    return len(h) <= len(answers.played) and all(
        s == ps and m == pm for (s, m), (ps, pm) in zip(h, answers.played, strict=False))


def line_after(position: Deal, answers: Answers, move: Move, *, budget: Budget | None = None) -> Deal:
    """A copy of ``position`` with ``move`` made, then played to the end: the player's best moves with all
    hands open (the first best, in the order :func:`open_values` tries them), the others' answers."""
    seat = answers.seat
    search = _Search(seat, answers, budget)
    d = position.copy()
    on = answers.on_line(d, _on_played(position, answers), move)
    d.play(move, seat)
    while True:
        on = search.advance(d, on)
        if d.over:
            return d
        best_m, best_v = None, -math.inf
        value_of = _values(search, d, on)
        for m in search.order(d, on):
            v = value_of(m, best_v)
            if v > best_v:
                best_m, best_v = m, v
        on = answers.on_line(d, on, best_m)
        d.play(best_m, seat)


__all__ = ["NODES", "Answers", "OpenValues", "line_after", "open_values"]
