"""The Table's controller: one deal, a learner's seat, bots in the other seats, undo, threads.

Kept apart from the widgets so the rules of engagement are plain Python: every learner move is
checked by the engine *before* anything changes (a refusal leaves the deal as it was), bots answer
until it is the learner's turn again, and a slow bot thinks in a background thread while the
learner's moves are refused. Every change of state happens under one lock and ends with a call of
``on_change`` (the view redraws); a result that arrives for an old state (after undo or a new deal)
is dropped, recognised by a generation counter.
"""

from __future__ import annotations

import copy
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from keinstich.bots.heuristic import Bot
from keinstich.cards import Card, Style, card
from keinstich.games.herzblatt import HerzblattDeal, HerzblattObservation
from keinstich.layoff import DominoDeal, DominoObservation
from keinstich.tricks import IllegalPlay, Observation, TrickDeal

from ._games import AnyDeal, Setup, SetupError, is_fast, make_bot, why_not

LEARNER_PHASES = ("card", "ask", "discard", "announce", "contra", "re")
"""What the learner may be asked to do: play a card (or pass in a lay-off), or a Herzblatt decision."""


class TableError(ValueError):
    """A learner's action the table refuses now (not his turn, a bot is thinking, nothing to undo)."""


@dataclass(frozen=True)
class Move:
    """One move as the table logs it: who, what kind ("card", "pass", "ask", "discard", "announce",
    "contra", "re"), the value, and the bot's one-line reason (empty for the learner)."""

    seat: int
    kind: str
    value: Any
    reason: str = ""
    learner: bool = False


def copy_deal(deal: AnyDeal) -> AnyDeal:
    """An independent copy of any deal (Herzblatt has no copy(): its lists and trick deal are copied)."""
    if isinstance(deal, HerzblattDeal):
        new = copy.copy(deal)
        new.answers = list(deal.answers)
        new.contra_answers = list(deal.contra_answers)
        new.trick_deal = deal.trick_deal.copy() if deal.trick_deal is not None else None
        return new
    return deal.copy()


def phase_of(deal: AnyDeal) -> str:
    """The kind of decision the seat to move faces: "card", a Herzblatt phase, or "over"."""
    if deal.is_over:
        return "over"
    if isinstance(deal, HerzblattDeal):
        return {"asking": "ask", "play": "card"}.get(deal.phase, deal.phase)
    return "card"


def decide(bot: Bot, obs: Observation | DominoObservation | HerzblattObservation) -> tuple[str, Any, str]:
    """Ask ``bot`` for its move on one seat's observation: (kind, value, reason)."""
    if isinstance(obs, HerzblattObservation):
        d = bot.decide(obs)
        kind = {"asking": "ask", "play": "card"}.get(obs.phase, obs.phase)
        return kind, d.move, d.reason
    choice = bot.explain(obs)
    if choice.card is None:
        return "pass", None, choice.reason
    return "card", choice.card, choice.reason


def apply_move(deal: AnyDeal, seat: int, kind: str, value: Any, end: str | None = None) -> None:
    """Apply a move for ``seat`` with the engine's own checks (it raises, state unchanged, if refused)."""
    if isinstance(deal, TrickDeal):
        if kind != "card":
            raise IllegalPlay(f"a trick deal has only card plays, not {kind!r}")
        deal.play(value, seat)
    elif isinstance(deal, DominoDeal):
        if kind not in ("card", "pass"):
            raise IllegalPlay(f"a lay-off deal has card plays and passes, not {kind!r}")
        deal.play(None if kind == "pass" else value, seat, end=end)  # type: ignore[arg-type]
    elif kind == "card":
        deal.play(value, seat)
    elif kind == "ask":
        deal.ask(bool(value), seat)
    elif kind == "discard":
        a, b = value
        deal.discard(a, b, seat)
    elif kind == "announce":
        deal.announce(value, seat)
    elif kind == "contra":
        deal.contra(bool(value), seat)
    elif kind == "re":
        deal.redouble(bool(value), seat)
    else:
        raise IllegalPlay(f"unknown move {kind!r}")


class Session:
    """A deal played at a table: the learner in ``seat``, a bot in every other seat.

    ``on_change()`` is called (under the lock) after every change, ``on_error(exc)`` when a bot
    fails in its thread. With ``synchronous`` every bot answers inline (deterministic, for tests);
    otherwise bots that are not fast (:func:`~keinstich_widgets._games.is_fast`) think in a thread.
    """

    def __init__(self, setup: Setup, deal: AnyDeal, seat: int, bots: str | Bot | Sequence[str | Bot], *,
                 seed: int | str = 0, hint: str | Bot = "heuristic", synchronous: bool = False,
                 on_change: Callable[[], None] | None = None,
                 on_error: Callable[[BaseException], None] | None = None) -> None:
        n = setup.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise SetupError(f"seat must be a seat from 0 to {n - 1}, not {seat!r}")
        self.setup = setup
        self.seat = seat
        self.style: Style = "french"  # how reasons name the suits: the Table sets its faces
        self.synchronous = synchronous
        self.on_change = on_change or (lambda: None)
        self.on_error = on_error or (lambda e: None)
        self.lock = threading.RLock()
        self.seed: int | str = seed
        self.specs: list[str | Bot] = self._specs(bots)
        self.bots: list[Bot] = [make_bot(s, seed, i, setup.pack) for i, s in enumerate(self.specs)]
        self.hint_spec = hint
        self.hint_bot = make_bot(hint, seed, -1, setup.pack)
        self.deal: AnyDeal = deal
        self.moves: list[Move] = []
        self.thinking: int | None = None
        self.selected: list[Card] = []
        self._snapshots: list[tuple[AnyDeal, int]] = []
        self._gen = 0
        self._thread: threading.Thread | None = None

    def _specs(self, bots: str | Bot | Sequence[str | Bot]) -> list[str | Bot]:
        n = self.setup.players
        if isinstance(bots, str) or isinstance(bots, Bot):
            return [bots] * n
        out = list(bots)
        if len(out) == n - 1:  # one per other seat: the learner's seat gets the heuristic bot (for hints)
            out.insert(self.seat, "heuristic")
        if len(out) != n:
            raise SetupError(f"give one bot for all seats or one per seat ({n}), not {len(out)}")
        return out

    # --- reading -------------------------------------------------------------------------------

    @property
    def phase(self) -> str:
        return phase_of(self.deal)

    @property
    def learner_to_move(self) -> bool:
        return self.thinking is None and not self.deal.is_over and self.deal.turn == self.seat

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.deal.hand(seat)

    def legal(self) -> tuple[Card, ...]:
        """The learner's playable cards now (all of his cards while he picks discards)."""
        if not self.learner_to_move:
            return ()
        if self.phase == "discard":
            return self.deal.hand(self.seat)
        return self.deal.legal()

    def why_not(self, c: Card) -> str | None:
        """Why the learner may not click ``c`` now, or None (the engine's reason where there is one)."""
        if self.deal.is_over:
            return "the deal is over: press New deal"
        if self.thinking is not None:
            return f"wait: seat {self.thinking} is thinking"
        if self.deal.turn != self.seat:
            return f"it is seat {self.deal.turn}'s turn, not yours (seat {self.seat})"
        ph = self.phase
        if ph == "discard":
            return None if c in self.deal.hand(self.seat) else f"seat {self.seat} does not hold {c.code}"
        if ph != "card":
            return why_not(self.deal, c, self.seat, self.style) if isinstance(self.deal, HerzblattDeal) else None
        return why_not(self.deal, c, self.seat, self.style)

    @property
    def played_count(self) -> int:
        """Moves made in this deal so far (cards and passes and Herzblatt decisions), by anyone."""
        return len(self.moves)

    # --- learner's moves -----------------------------------------------------------------------

    def _check_learner(self, what: str) -> None:
        if self.deal.is_over:
            raise TableError("the deal is over: press New deal for another")
        if self.thinking is not None:
            raise TableError(f"wait: seat {self.thinking} is thinking — you cannot {what} now")
        if self.deal.turn != self.seat:
            raise TableError(f"it is seat {self.deal.turn}'s turn, not yours (seat {self.seat})")

    def click(self, c: Card | str, end: str | None = None) -> None:
        """The learner clicked card ``c``: play it, or (picking discards) select / unselect it."""
        with self.lock:
            c = card(c)
            if self.deal.is_over:
                raise TableError("the deal is over: press New deal for another")
            played = {m.value for m in self.moves if m.learner and m.kind == "card"}
            if c in played and c not in self.deal.hand(self.seat):
                raise TableError(f"you have already played {c.text}")
            self._check_learner("play a card")
            if self.phase == "discard":
                if c not in self.deal.hand(self.seat):
                    raise TableError(f"you do not hold {c.text}")
                if c in self.selected:
                    self.selected.remove(c)
                elif len(self.selected) >= 2:
                    raise TableError("you have picked two cards already: unselect one first, or press Discard")
                else:
                    self.selected.append(c)
                self.on_change()
                return
            if self.phase != "card":
                raise TableError(self._phase_hint())
            if isinstance(self.deal, DominoDeal):
                why = self.deal.why_illegal(c, self.seat, end=end)  # type: ignore[arg-type]
                if end is not None and why is not None and self.deal.why_illegal(c, self.seat) is None:
                    end, why = None, None  # the chosen end does not fit but the other does: use that one
            else:
                why = why_not(self.deal, c, self.seat, self.style)
            if why is not None:
                raise IllegalPlay(why)
            self._learner_move("card", c, end)

    def pass_turn(self) -> None:
        """The learner passes in a lay-off deal (only when the engine allows it)."""
        with self.lock:
            self._check_learner("pass")
            if not isinstance(self.deal, DominoDeal):
                raise TableError("passing belongs to the lay-off (domino) deal; here you play a card")
            why = self.deal.why_illegal(None, self.seat)
            if why is not None:
                raise IllegalPlay(why)
            self._learner_move("pass", None)

    def decide(self, kind: str, value: Any = None) -> None:
        """A Herzblatt decision of the learner: ask (bool), discard (uses the two selected cards when
        ``value`` is None), announce (None / "66" / "du"), contra (bool), re (bool)."""
        with self.lock:
            self._check_learner(kind)
            if not isinstance(self.deal, HerzblattDeal) or self.phase != kind:
                raise TableError(self._phase_hint())
            if kind == "discard":
                if value is None:
                    if len(self.selected) != 2:
                        raise TableError(f"pick two cards to lay away first ({len(self.selected)} picked)")
                    value = tuple(self.selected)
                trial = copy_deal(self.deal)
                apply_move(trial, self.seat, kind, value)  # the engine's check, on a copy
            self._learner_move(kind, value)

    def _phase_hint(self) -> str:
        ph = self.phase
        return {"card": "play a card now", "ask": "first answer: play (solo) or pass",
                "discard": "pick two cards to lay away, then press Discard",
                "announce": "first announce: no announcement, 66 or du",
                "contra": "first answer: contra or no contra", "re": "first answer: re or no re",
                "over": "the deal is over: press New deal"}.get(ph, ph)

    def _learner_move(self, kind: str, value: Any, end: str | None = None) -> None:
        snapshot = (copy_deal(self.deal), len(self.moves))
        apply_move(self.deal, self.seat, kind, value, end)  # checked above: raises only on a bug, state kept
        self._snapshots.append(snapshot)
        self.selected = []
        self.moves.append(Move(self.seat, kind, value, "", True))
        self._advance()

    # --- bots ----------------------------------------------------------------------------------

    def _advance(self) -> None:
        """Let the bots move until it is the learner's turn, the deal is over, or a slow bot thinks."""
        try:
            while not self.deal.is_over and self.deal.turn != self.seat:
                seat = self.deal.turn
                assert seat is not None
                bot = self.bots[seat]
                obs = self.deal.observation(seat)
                if self.synchronous or is_fast(bot):
                    kind, value, reason = decide(bot, obs)
                    apply_move(self.deal, seat, kind, value)
                    self.moves.append(Move(seat, kind, value, reason))
                    continue
                self.thinking = seat
                gen = self._gen
                self._thread = threading.Thread(target=self._think, args=(gen, seat, bot, obs),
                                                name=f"keinstich-bot-{seat}", daemon=True)
                self._thread.start()
                break
        finally:
            self.on_change()

    def _think(self, gen: int, seat: int, bot: Bot, obs: Any) -> None:
        try:
            kind, value, reason = decide(bot, obs)
        except Exception as e:
            with self.lock:
                if gen == self._gen:
                    self.thinking = None
                    self.on_error(e)
                    self.on_change()
            return
        with self.lock:
            if gen != self._gen or self.deal.turn != seat:
                return  # a new deal or an undo came first: this answer is for a position gone
            self.thinking = None
            try:
                apply_move(self.deal, seat, kind, value)
            except Exception as e:
                self.on_error(e)
                self.on_change()
                return
            self.moves.append(Move(seat, kind, value, reason))
            self._advance()

    def start(self) -> None:
        """Let the bots play up to the learner's first decision (call once, after the view exists)."""
        with self.lock:
            self._advance()

    def wait(self, timeout: float | None = 30.0) -> bool:
        """Block until no bot is thinking (True), or ``timeout`` seconds pass (False)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            t = self._thread
            if t is None or not t.is_alive():
                with self.lock:
                    if self.thinking is None:
                        return True
                    t = self._thread
                if t is None:
                    return False  # pragma: no cover - thinking is always set with a thread
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return False
            t.join(left)

    def set_bot(self, seat: int, spec: str | Bot) -> None:
        """Put another bot in ``seat`` (takes effect at its next move)."""
        with self.lock:
            bot = make_bot(spec, self.seed, seat, self.setup.pack)
            self.specs[seat] = spec
            self.bots[seat] = bot

    # --- teaching tools ------------------------------------------------------------------------

    def hint(self) -> tuple[str, Any, str]:
        """The hint bot's move for the learner now, with its reason: (kind, value, reason)."""
        with self.lock:
            self._check_learner("ask for a hint")
            return decide(self.hint_bot, self.deal.observation(self.seat))

    def undo(self) -> None:
        """Back to the learner's previous decision, taking back the bots' replies too."""
        with self.lock:
            if not self._snapshots:
                raise TableError("nothing to undo: you have not made a move in this deal yet")
            deal, n_moves = self._snapshots.pop()
            self._gen += 1
            self.thinking = None
            self.deal = deal
            del self.moves[n_moves:]
            self.selected = []
            self.on_change()

    @property
    def can_undo(self) -> bool:
        return bool(self._snapshots)

    def replace(self, setup: Setup, deal: AnyDeal, seed: int | str | None = None) -> None:
        """Start over with another deal (a new seed, a text deal or another contract)."""
        with self.lock:
            if setup.players != self.setup.players:
                raise TableError(f"the table has {self.setup.players} seats; this deal needs {setup.players}")
            self._gen += 1
            self.thinking = None
            if setup.pack != self.setup.pack:
                self.bots = [make_bot(s, self.seed, i, setup.pack) for i, s in enumerate(self.specs)]
                self.hint_bot = make_bot(self.hint_spec, self.seed, -1, setup.pack)
            self.setup = setup
            if seed is not None:
                self.seed = seed
            self.deal = deal
            self.moves = []
            self.selected = []
            self._snapshots = []
            self._advance()


__all__ = ["LEARNER_PHASES", "Move", "Session", "TableError", "apply_move", "copy_deal", "decide", "phase_of"]
