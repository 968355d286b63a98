"""The coach's one judge: every legal move of a decision judged from what the player could know.

:func:`verdict` is the judgement of a decision, the same for every caller: the Hint shows its best move, a quiz
counts a move right when it grades it best or fine, the review grades each decision by it, the trainer accepts
what it accepts. It is the fair judgement of :mod:`.fair` (seeded from what the player can know, so the same
position always gets the same verdict), read as grades by the contract's thresholds (:mod:`.grades`), with the
sentences of :mod:`.why`. Verdicts are kept, so asking again (the review after a Hint) costs nothing.

All hands open is a second view, never the grade: :func:`~.judgement.judge` adds to a move's verdict what each move
is worth knowing every hand, against the opponents who played (:mod:`.against`).

Herzblatt's asking, discards and calls are compared with the heuristic bot's decision only (no cost is
measured): the same decision is graded *best*, another one *differs*, and the verdict says so.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from keinstich.bots.budget import Budget
from keinstich.bots.heuristic import HeuristicBot
from keinstich.cards import Style, mask_of
from keinstich.deal import Deal, Kind, Move, Unit, parse_move
from keinstich.i18n import _, spoken
from keinstich.machine import check_deal
from keinstich.records import RecordError
from keinstich.wording import naming

from .equivalence import Relabel, canonical
from .fair import Fair, as_played, fair, key, view_key, world_with
from .grades import Grade, Grades, grades_of, pack_in_play
from .ideas import Reading, read
from .why import best_sentence, cost_sentence, hint_sentence, move_text, only_sentence

KEPT = 512
"""Verdicts kept (the most recent), so that the review, the Hint and a quiz asking again get them at once."""


class CoachError(ValueError):
    """A position or move the coach cannot judge (the deal is over, the move is not legal)."""


@dataclass(frozen=True)
class Verdict:
    """The judgement of the decision of ``seat`` in ``position`` (a copy: ``index`` moves made), every legal
    move judged.

    ``grade(move)``: a :class:`~.grades.Grade`, best / fine / mistake / blunder by what the move costs from what
    the player could know (only for a forced move; in Herzblatt's asking, discards and calls best or differs
    against the heuristic bot). ``cost(move)``: its mean cost against the best move, give or take
    ``margin(move)``. ``best``: the moves graded best, the leading one first (the Hint's move: the best mean value);
    ``good``: the moves whose grade is good (best or fine: the answers a quiz and the trainer accept).
    ``usual`` and ``usual_reason``: the heuristic bot's move and its rule of thumb. A move is a card, a card laid
    at a chosen end (a :class:`~keinstich.deal.Lay`: the same card at the other end is another move), a pass or a
    call; a card that fits both ends without an end named is laid at the top, as :meth:`Deal.play` lays it."""

    position: Deal
    seat: int
    index: int
    legal: tuple[Move, ...]
    grades: Grades
    judged: Fair | None
    usual: Move
    usual_reason: str
    method: str
    style: Style
    canon: Verdict | None = field(default=None, compare=False, repr=False)
    """The verdict of the canonical representative this one was renamed from (None when the position is its own)."""
    relabel: Relabel | None = field(default=None, compare=False, repr=False)
    """How the position was renamed into that representative."""
    _sentences: dict[Any, str] = field(default_factory=dict, compare=False, repr=False)
    _ideas: dict[Any, Reading | None] = field(default_factory=dict, compare=False, repr=False)

    @property
    def unit(self) -> Unit:
        return self.grades.unit

    @property
    def forced(self) -> bool:
        """Whether the player had no choice (one legal move, or only moves that come to the same)."""
        return len({key(m) for m in self.legal}) == 1

    def _index(self, move: Move) -> int:
        assert self.judged is not None
        return self.judged.index(move)

    def grade(self, move: Move | str) -> Grade:
        """The grade of ``move`` (see the class)."""
        move = self._legal(move)
        if self.forced:
            return Grade.ONLY
        if self.judged is None:
            return Grade.BEST if key(move) == key(self.usual) else Grade.DIFFERS
        return self.judged.grade[self._index(move)]

    def cost(self, move: Move | str) -> float:
        """What ``move`` costs on average against the best move, from what the player could know (0 where no
        cost is measured)."""
        move = self._legal(move)
        return 0.0 if self.judged is None or self.forced else self.judged.cost[self._index(move)]

    def margin(self, move: Move | str) -> float:
        """How far the cost could be off (give or take): 0 where nothing is left to luck (every deal that fits was
        used, each valued without random draws)."""
        move = self._legal(move)
        return 0.0 if self.judged is None or self.forced else self.judged.margin[self._index(move)]

    @property
    def best(self) -> tuple[Move, ...]:
        """The legal moves graded best (or the only one), the leading move first (:attr:`hint`), then by value."""
        if self.judged is None:
            return (self._as_legal(self.usual),)
        return self._ranked(lambda g: g == Grade.BEST)

    @property
    def good(self) -> tuple[Move, ...]:
        """The legal moves whose grade is good (best or fine): the answers a quiz or the trainer accepts, the best
        first."""
        if self.judged is None:
            return self.best
        return self._ranked(lambda g: g.good)

    def _ranked(self, wanted: Callable[[Grade], bool]) -> tuple[Move, ...]:
        """The legal moves of the grades ``wanted``: the leading class first (the rule of thumb's own card first
        where it is in it), then by value."""
        f = self.judged
        assert f is not None
        order = sorted(range(len(f.moves)), key=lambda i: (i != f.leader, -f.mean[i], i))
        out = [m for i in order if wanted(f.grade[i]) for m in self._members(i)]
        lead = {key(m) for m in self._members(f.leader)}
        if key(self.usual) in lead:  # the rule of thumb's own card, where it is the leading one
            out.sort(key=lambda m: key(m) != key(self.usual))
        return tuple(out)

    @property
    def leader(self) -> Move:
        """The leading move: the best mean value (the lowest card of its class). Every cost is measured against it,
        and the sentences name it."""
        if self.judged is None:
            return self.best[0]
        members = self._members(self.judged.leader)
        return next((m for m in members if key(m) == key(self.usual)), members[0])

    @property
    def hint(self) -> Move:
        """The move the Hint shows: the leading move, the best the judge knows (the rule of thumb's own card where
        it is of the leading class)."""
        return self.best[0]

    @property
    def separated(self) -> bool:
        """Every grade settled by the judge's stopping rule, every legal move best or at least a mistake, and some
        move a mistake: the good moves clearly apart from the rest (the trainer's bank keeps only such positions)."""
        grades = [self.grade(m) for m in self.legal]
        return self.settled and any(g.bad for g in grades) and all(g == Grade.BEST or g.bad for g in grades)

    @property
    def settled(self) -> bool:
        """Whether every grade was settled by the judge's stopping rule (not cut by its cap)."""
        return self.judged is None or self.judged.settled

    @property
    def deals(self) -> int:
        """How many deals the judgement drew (0 where none was needed)."""
        return 0 if self.judged is None else self.judged.count

    def values(self) -> dict[Any, float]:
        """Each legal move's mean value (by its :func:`~.fair.key`; higher is better, only differences mean
        something)."""
        if self.judged is None:
            return {}
        f = self.judged
        return {key(m): f.mean[i] for i in range(len(f.moves)) for m in self._members(i)}

    def why(self, move: Move | str, style: Style | None = None) -> str:
        """One sentence on ``move``: its grade in words and what it cost, from what the player could know."""
        move = self._legal(move)
        s = style or self.style
        k = ("why", key(move), s, spoken())
        if k not in self._sentences:
            self._sentences[k] = only_sentence(move, s) if self.forced else cost_sentence(self, move, s)
        return self._sentences[k]

    def best_why(self, style: Style | None = None) -> str:
        """One sentence on the best move, with the rule of thumb where it agrees, or where it parts."""
        s = style or self.style
        k = ("best", s, spoken())
        if k not in self._sentences:
            self._sentences[k] = only_sentence(self.best[0], s) if self.forced else best_sentence(self, s)
        return self._sentences[k]

    def idea(self, move: Move | str) -> Reading | None:
        """The idea the leading move follows against ``move``, read off the judge's own lines: a
        :class:`~.ideas.Reading`, or None where none is read (:func:`.ideas.read`)."""
        move = self._legal(move)
        if key(move) not in self._ideas:
            self._ideas[key(move)] = read(self, move)
        return self._ideas[key(move)]

    def hint_text(self, style: Style | None = None) -> str:
        """The Hint: the best move and why ("Ober of Hearts: the best from what you can know, …")."""
        s = style or self.style
        return f"{move_text(self.hint, s)}: {self.hint_reason(s)}"

    def hint_reason(self, style: Style | None = None) -> str:
        """Why the Hint's move: the judge's word, and the rule of thumb where it agrees or parts."""
        s = style or self.style
        k = ("hint", s, spoken())
        if k not in self._sentences:
            self._sentences[k] = _("your only legal move") if self.forced else hint_sentence(self, s)
        return self._sentences[k]

    def refutation(self, move: Move | str) -> Deal | None:
        """A layout of the hidden hands that fits what the player saw in which ``move`` costs at least the mistake
        threshold more than the best move: the deal (with those hands) where it costs the most of all the deals
        judged, or None when none does."""
        move = self._legal(move)
        if self.canon is not None and self.relabel is not None:  # the representative's deal, renamed back
            got = self.canon.refutation(self.relabel.move(move))
            if got is None:
                return None
            back = self.relabel.inverse()
            try:
                return back(got)
            except RecordError:  # a lay-off deal's or Herzblatt's world has no record: its hands renamed, replayed
                return world_with(self.position, self.seat, [mask_of(back.card(c) for c in got.hand(s))
                                                         for s in range(got.players)])
        f = self.judged
        if f is None or self.forced or not len(f.drawn):
            return None
        import numpy as np

        i, b = self._index(move), f.leader
        n = min(f.deals[i], f.deals[b])
        loss = f.values[:n, b] - f.values[:n, i]
        if not n or float(np.nanmax(loss)) < self.grades.mistake:
            return None
        k = int(np.nanargmax(loss))
        return world_with(self.position, self.seat, [int(x) for x in f.drawn[k]])

    def _members(self, i: int) -> list[Move]:
        """The legal moves of class ``i`` (a card laid at either end counts as the card)."""
        assert self.judged is not None
        same = {key(m) for m in self.judged.same[i]}
        return [m for m in self.legal if key(m) in same]

    def _legal(self, move: Move | str) -> Move:
        move = as_played(self.legal, _decision(move))
        if key(move) not in {key(m) for m in self.legal}:
            why = self.position.why_illegal(move, self.seat)
            raise CoachError(f"{move_text(move, self.style)} is not a legal move here" + (f": {why}" if why else ""))
        return move

    def _as_legal(self, move: Move) -> Move:
        return next((m for m in self.legal if key(m) == key(move)), move)


def _decision(move: Move | str) -> Move:
    """A move as the deals take it: text read as :meth:`Deal.play` reads it (:func:`~keinstich.deal.parse_move`:
    "QS", "9C@bottom", "pass", "solo", …)."""
    if isinstance(move, list | dict | set):
        raise CoachError(f"a move is one card (a Card or its code, e.g. \"QS\"), a pass (None) or a call, "
                         f"not {move!r}")
    if isinstance(move, str):
        try:
            return parse_move(move)
        except ValueError as e:
            raise CoachError(str(e)) from None
    return move


_KEPT: OrderedDict[str, Verdict] = OrderedDict()
_LOCK = threading.Lock()
_FLIGHT: dict[str, threading.Event] = {}  # verdicts being worked out: a second asker waits for the first


def known(position: Deal) -> bool:
    """Whether the verdict of ``position`` is kept already (asking for it then costs nothing)."""
    if position.turn is None or position.over:
        return False
    k = view_key(canonical(position)[0])
    with _LOCK:
        return k in _KEPT


def verdict(position: Deal, *, budget: Budget | None = None, style: Style | None = None) -> Verdict:
    """The judgement of the decision of the seat to move in ``position`` (left unchanged): see the module.
    ``budget`` may stop the work (:class:`~keinstich.bots.budget.Stopped`); ``style`` names the cards in the
    sentences (by default as the pack does)."""
    check_deal(position, "verdict")
    seat = position.turn
    if seat is None or position.over:
        raise CoachError("the deal is over: there is no decision left to judge")
    look = style or pack_in_play(position).style
    canon, relabel = canonical(position)
    base = _kept(canon, budget)
    if relabel.identity:
        return base if base.style == look else _restyled(base, position, look)
    return _renamed(base, position, relabel, look)


def _kept(canon: Deal, budget: Budget | None) -> Verdict:
    """The verdict of a canonical position, kept once made (a second asker waits for the first)."""
    k = view_key(canon)
    while True:
        with _LOCK:
            got = _KEPT.get(k)
            if got is not None:
                _KEPT.move_to_end(k)
                return got
            flight = _FLIGHT.get(k)
            if flight is None:
                _FLIGHT[k] = threading.Event()
                break
        while not flight.wait(0.05):  # another thread works it out: wait for it (a Stop still stops this one)
            if budget is not None:
                budget.check()
    seat = canon.turn
    assert seat is not None
    try:
        v = _work_out(canon, seat, pack_in_play(canon).style, budget)
    finally:
        with _LOCK:
            _FLIGHT.pop(k).set()
    with _LOCK:
        _KEPT[k] = v
        while len(_KEPT) > KEPT:
            _KEPT.popitem(last=False)
    return v


def _rule_of_thumb(position: Deal, seat: int, look: Style) -> tuple[Move, str]:
    """The heuristic bot's move (a card that fits both ends as the lay at the top, where :meth:`Deal.play` lays
    it) and its reason, in the words of ``look``."""
    obs = position.observation(seat)
    bot = HeuristicBot(pack=pack_in_play(position))
    with naming(look):
        choice = bot.decide(obs)
    return as_played(position.legal_moves(), choice.move), choice.reason


def _work_out(position: Deal, seat: int, look: Style, budget: Budget | None) -> Verdict:
    legal = tuple(position.legal_moves())
    grades = grades_of(position)
    obs = position.observation(seat)
    usual, reason = _rule_of_thumb(position, seat, look)
    if obs.kind is Kind.HERZBLATT and position.phase != "play":
        judged, method = None, "heuristic"
    elif len({key(m) for m in legal}) == 1:
        judged, method = None, "only"
    else:
        judged = fair(position, budget=budget)
        method = judged.how if len(judged.moves) > 1 else "equivalent"
    return Verdict(position.copy(), seat, len(position.history), legal, grades, judged, usual, reason, method, look)


def _restyled(v: Verdict, position: Deal, style: Style) -> Verdict:
    """The same verdict, its sentences (the rule of thumb's too) in another pack's words."""
    reason = _rule_of_thumb(position, v.seat, style)[1]
    return dataclasses.replace(v, usual_reason=reason, style=style, _sentences={}, _ideas=v._ideas)


def _renamed(v: Verdict, position: Deal, relabel: Relabel, style: Style) -> Verdict:
    """The verdict of a canonical representative, renamed back into one of ``position`` (which ``relabel`` renamed
    into it): the same costs and grades card for card; the rule of thumb and the sentences of the position as shown."""
    back = relabel.inverse()
    judged = v.judged
    if judged is not None:
        judged = dataclasses.replace(judged, moves=tuple(back.move(m) for m in judged.moves),
                                     same=tuple(tuple(back.move(m) for m in ms) for ms in judged.same))
    usual, reason = _rule_of_thumb(position, v.seat, style)
    return Verdict(position.copy(), v.seat, len(position.history), tuple(position.legal_moves()), v.grades, judged,
                   usual, reason, v.method, style, canon=v, relabel=relabel)


__all__ = ["KEPT", "CoachError", "Verdict", "known", "verdict"]
