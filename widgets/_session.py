"""The Table's controller: one deal, a learner's seat, bots in the other seats, undo, threads.

Kept apart from the widgets so the rules of engagement are plain Python: every learner move is
checked by the engine *before* anything changes (a refusal leaves the deal as it was), bots answer
until it is the learner's turn again, and a slow bot thinks in a background thread while the
learner's moves are refused. Every change of state happens under one lock and ends with a call of
``on_change`` (the view redraws); a result that arrives for an old state (after undo or a new deal)
is dropped, recognised by a generation counter.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from keinstich.bots.heuristic import Bot
from keinstich.cards import Card, Lang, Style, card
from keinstich.deal import Deal, Discard, IllegalPlay, Move
from keinstich.i18n import N_, _, pgettext
from keinstich.machine import check_seat
from keinstich.wording import refusal_words, the_card
from keinstich.wording.refusals import phase_name

from ._games import Setup, SetupError, bot_move, calls, is_fast, lays_off, make_bot, move_cards, picks, tricks_of
from ._words import label, thread


class TableError(ValueError):
    """A learner's action the table refuses now (not his turn, a bot is thinking, nothing to undo)."""


@dataclass(frozen=True)
class Played:
    """One move as the table logs it: who, the move (a card, None for a pass, a call or a discard
    as the deal's own move value), the bot's one-line reason (empty for the learner)."""

    seat: int
    move: Any
    reason: str = ""
    learner: bool = False


PHASE_HINTS: dict[str, str] = {
    "play": N_("play a card now"), "lay": N_("lay a card now"), "asking": N_("first answer: play (solo) or pass"),
    "discard": N_("pick two cards to lay away, then press Discard"),
    "announce": N_("first announce: no announcement, 66 or du"),
    "contra": N_("first answer: contra or no contra"), "re": N_("first answer: re or no re"),
    "over": N_("the deal is over: press New deal"),
}
"""What the learner is asked for in each phase, when he tries something else (translated where said)."""


KEEP: Any = object()
"""``replace``'s default seed: the table's seed stays as it is."""


def finished_tricks(deal: Deal) -> int:
    """How many tricks of ``deal`` are finished (none in a lay-off deal)."""
    return 0 if lays_off(deal) else len(tricks_of(deal).tricks)


def _number(k: int) -> str:
    return {2: pgettext("count", "two"), 3: pgettext("count", "three"), 4: pgettext("count", "four")}.get(k, str(k))


def _tried(what: str) -> str:
    """What the learner tried, as a refusal names it ("you cannot play a card now")."""
    names: dict[str, Callable[[], str]] = {
        "play a card": lambda: pgettext("action", "play a card"), "do that": lambda: pgettext("action", "do that"),
             "discard": lambda: pgettext("action", "discard")}
    said = names.get(what)
    return said() if said is not None else what


class Session:
    """A deal played at a table: the learner in ``seat``, a bot in every other seat.

    ``on_change()`` is called (under the lock) after every change, ``on_error(exc)`` when a bot
    fails in its thread. ``seed`` is None for a deal not dealt from a known seed (typed, or made
    elsewhere); the bots are then seeded from 0. With ``synchronous`` every bot answers inline
    (deterministic, for tests); otherwise bots that are not fast
    (:func:`~keinstich_widgets._games.is_fast`) think in a thread.
    Every move, the learner's and the bots', goes through ``deal.play(move, seat)``.
    """

    def __init__(self, setup: Setup, deal: Deal, seat: int, bots: str | Bot | Sequence[str | Bot], *,
                 seed: int | str | None = 0, synchronous: bool = False,
                 on_change: Callable[[], None] | None = None,
                 on_error: Callable[[BaseException], None] | None = None) -> None:
        n = setup.players
        self.setup = setup
        self.seat = check_seat(seat, n, SetupError)
        self.style: Style = "french"  # how reasons name the suits: the Table sets its faces
        self.lang: Lang = "en"  # the language refusals are said in: the Table sets its own
        self.synchronous = synchronous
        self.on_change = on_change or (lambda: None)
        self.on_error = on_error or (lambda e: None)
        self.lock = threading.RLock()
        self.seed: int | str | None = seed
        self.specs: list[str | Bot] = self._specs(bots)
        self.bots: list[Bot] = [make_bot(s, self.bot_seed, i, setup.pack) for i, s in enumerate(self.specs)]
        self.deal: Deal = deal
        self.moves: list[Played] = []
        self.thinking: int | None = None
        self.selected: list[Card] = []
        self.seen_tricks = finished_tricks(deal)  # finished before the learner's last move: he has seen them
        self._snapshots: list[tuple[Deal, int]] = []
        self._gen = 0
        self._thread: threading.Thread | None = None
        self.paused = False  # a teacher steps through the deal: the bots wait (see step, resume)

    def _specs(self, bots: str | Bot | Sequence[str | Bot]) -> list[str | Bot]:
        n = self.setup.players
        if isinstance(bots, str) or isinstance(bots, Bot):
            return [bots] * n
        out = list(bots)
        if len(out) == n - 1:  # one per other seat: the learner's seat gets the heuristic bot (a teacher's steps)
            out.insert(self.seat, "heuristic")
        if len(out) != n:
            raise SetupError(f"give one bot for all seats or one per seat ({n}), not {len(out)}")
        return out

    # --- reading -------------------------------------------------------------------------------

    @property
    def bot_seed(self) -> int | str:
        """The seed the bots are made from: the deal's, or 0 for a deal without one."""
        return 0 if self.seed is None else self.seed

    @property
    def phase(self) -> str:
        return self.deal.phase

    @property
    def learner_to_move(self) -> bool:
        return self.thinking is None and not self.deal.over and self.deal.turn == self.seat

    @property
    def picking(self) -> int:
        """How many cards the learner picks for his move now (2 for a discard), 0 when one click plays."""
        return picks(self.deal) if self.learner_to_move else 0

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.deal.hand(seat)

    def legal(self) -> tuple[Card, ...]:
        """The learner's clickable cards now: the cards his moves put down (every card he may pick,
        while he picks several)."""
        if not self.learner_to_move:
            return ()
        allowed = {c for m in self.deal.legal_moves() for c in move_cards(m)}
        return tuple(c for c in self.deal.hand(self.seat) if c in allowed)

    def named(self, c: Card) -> str:
        """A card as a message to the learner names it: "the Unter of Acorns", or "J♣" with French faces."""
        return the_card(c, self.style)

    def why_not(self, c: Card) -> str | None:
        """Why the learner may not click ``c`` now, or None (the engine's reason where there is one)."""
        if self.deal.over:
            return _("the deal is over: press New deal")
        if self.thinking is not None:
            return _("wait: seat {seat} is thinking", seat=self.thinking)
        if self.deal.turn != self.seat:
            return _("it is seat {turn}'s turn, not yours", turn=self.deal.turn)
        if self.picking:
            return None if c in self.legal() else _("you do not hold {card}", card=self.named(c))
        if c in self.legal():
            return None
        return self.refusal(c)

    def refusal(self, move: Move) -> str | None:
        """Why the learner may not make ``move`` now, said to the learner ("you must follow …") in the faces'
        words and the table's language; None when it is allowed."""
        why = self.deal.why_illegal(move, self.seat)
        return None if why is None else refusal_words(why, you=True, style=self.style, lang=self.lang)

    @property
    def played_count(self) -> int:
        """Moves made in this deal so far (cards and passes and calls), by anyone."""
        return len(self.moves)

    # --- learner's moves -----------------------------------------------------------------------

    def _check_learner(self, what: str) -> None:
        """Refuse a move of the learner's now, unless it is his; ``what`` he tried: "play a card", "discard", …"""
        if self.deal.over:
            raise TableError(_("the deal is over: press New deal for another"))
        if self.thinking is not None:
            raise TableError(_("wait: seat {seat} is thinking — you cannot {what} now", seat=self.thinking,
                               what=_tried(what)))
        if self.deal.turn != self.seat:
            raise TableError(_("it is seat {turn}'s turn, not yours", turn=self.deal.turn))

    def click(self, c: Card | str, end: str | None = None) -> None:
        """The learner clicked card ``c``: play it (at ``end`` of a chain, where it fits both), or,
        while he picks several cards for one move, select or unselect it."""
        with self.lock:
            c = card(c)
            if self.deal.over:
                raise TableError(_("the deal is over: press New deal for another"))
            played = {x for m in self.moves if m.learner for x in move_cards(m.move)}
            if c in played and c not in self.deal.hand(self.seat):
                raise TableError(_("you have already played {card}", card=self.named(c)))
            self._check_learner("play a card")
            if self.picking:
                self._pick(c)
                return
            moves = [m for m in self.deal.legal_moves() if move_cards(m) == (c,)]
            if not moves:
                legal = self.deal.legal_moves()
                if not any(move_cards(m) for m in legal) and None not in legal:  # a phase of calls only
                    raise TableError(self.phase_hint())
                raise IllegalPlay(self.refusal(c) or _("{card} may not be played now", card=self.named(c)))
            move = next((m for m in moves if getattr(m, "end", None) == end), moves[0])
            self._learner_move(move)

    def _pick(self, c: Card) -> None:
        if c not in self.deal.hand(self.seat):
            raise TableError(_("you do not hold {card}", card=self.named(c)))
        k = self.picking
        if c in self.selected:
            self.selected.remove(c)
        elif len(self.selected) >= k:
            raise TableError(_("you have picked {count} cards already: unselect one first, or press {button}",
                               count=_number(k), button=label(self.phase)))
        else:
            self.selected.append(c)
        self.on_change()

    def picked_move(self) -> Move:
        """The legal move made of the cards picked, in the order picked (Herzblatt's discard), or None while they
        make none."""
        chosen = set(self.selected)
        move = next((m for m in self.deal.legal_moves() if len(move_cards(m)) > 1 and set(move_cards(m)) == chosen),
                    None)
        return Discard(*self.selected) if isinstance(move, Discard) else move

    def confirm(self) -> None:
        """The learner makes the move of the cards he picked (Herzblatt's Discard button)."""
        with self.lock:
            self._check_learner(self.phase)
            if not self.picking:
                raise TableError(self.phase_hint())
            move = self.picked_move()
            if move is None:
                k = self.picking
                raise TableError(_("pick {count} cards for your {what} first ({k} picked)", count=_number(k),
                                   what=_tried(self.phase), k=len(self.selected)))
            self._learner_move(move)

    def call(self, move: Any) -> None:
        """The learner makes a move that puts down no card: a pass, an answer, a call."""
        with self.lock:
            self._check_learner("do that")
            if move not in calls(self.deal):
                raise TableError(self.phase_hint())
            self._learner_move(move)

    def phase_hint(self) -> str:
        """What the learner is asked for now, said when he tries something else."""
        hint = PHASE_HINTS.get(self.phase)
        return _(hint) if hint is not None else _("first finish the {phase} phase", phase=phase_name(self.phase))

    def _learner_move(self, move: Move) -> None:
        reason = self.refusal(move)
        if reason is not None:
            raise IllegalPlay(reason)
        snapshot = (self.deal.copy(), len(self.moves))
        self.seen_tricks = finished_tricks(self.deal)
        self.deal.play(move, self.seat)
        self._snapshots.append(snapshot)
        self.selected = []
        self.moves.append(Played(self.seat, move, "", True))
        self._advance()

    # --- bots ----------------------------------------------------------------------------------

    def _advance(self) -> None:
        """Let the bots move until it is the learner's turn, the deal is over, or a slow bot thinks."""
        try:
            while not self.paused and not self.deal.over and self.deal.turn != self.seat:
                seat = self.deal.turn
                assert seat is not None
                bot = self.bots[seat]
                if self.synchronous or is_fast(bot):
                    move, reason = bot_move(bot, self.deal, seat, self.style)
                    self.deal.play(move, seat)
                    self.moves.append(Played(seat, move, reason))
                    continue
                self.thinking = seat
                gen = self._gen
                position = self.deal.copy()  # the bot thinks on its own copy: it sees the seat's observation only
                self._thread = thread(self._think, gen, seat, bot, position, name=f"keinstich-bot-{seat}")
                self._thread.start()
                break
        finally:
            self.on_change()

    def _think(self, gen: int, seat: int, bot: Bot, position: Deal) -> None:
        try:
            move, reason = bot_move(bot, position, seat, self.style)
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
                self.deal.play(move, seat)
            except Exception as e:
                self.on_error(e)
                self.on_change()
                return
            self.moves.append(Played(seat, move, reason))
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
        """Put another bot in ``seat`` (takes effect at its next move). A deal that stalled because a
        bot failed on its move resumes: the new bot moves."""
        with self.lock:
            bot = make_bot(spec, self.bot_seed, seat, self.setup.pack)
            self.specs[seat] = spec
            self.bots[seat] = bot
            if self.stalled:
                self._advance()

    @property
    def stalled(self) -> bool:
        """A bot's turn with no bot thinking: its last try failed (a bug in that bot), and play waits
        until the seat gets another bot, an undo or a new deal."""
        with self.lock:
            return self.thinking is None and not self.deal.over and self.deal.turn != self.seat

    # --- a teacher's stepping ---------------------------------------------------------------------

    def step(self, move: Any, reason: str = "") -> None:
        """Make one move for whoever is to move (a teacher stepping through the deal); the bots stay paused."""
        with self.lock:
            if self.deal.over or self.deal.turn is None:
                raise TableError(_("the deal is over: step back, or deal again"))
            if self.thinking is not None:
                raise TableError(_("wait: seat {seat} is thinking", seat=self.thinking))
            seat = self.deal.turn
            why = self.deal.why_illegal(move, seat)
            if why is not None:
                raise IllegalPlay(refusal_words(why, style=self.style))
            if seat == self.seat:
                self._snapshots.append((self.deal.copy(), len(self.moves)))
                self.seen_tricks = finished_tricks(self.deal)
            self.deal.play(move, seat)
            self.moves.append(Played(seat, move, reason, seat == self.seat))
            self.on_change()

    def resume(self) -> None:
        """Stop stepping: the bots play again from here."""
        with self.lock:
            self.paused = False
            self._advance()

    # --- teaching tools ------------------------------------------------------------------------

    def hint(self) -> tuple[Any, str]:
        """The coach's move for the learner now, with why: (move, reason)."""
        from keinstich.coach import verdict

        position = self.hint_question()[0]
        v = verdict(position, style=self.style)
        return v.hint, v.hint_reason()

    def hint_question(self) -> tuple[Deal, tuple[int, int]]:
        """What a hint asks, to be answered outside the lock (the coach may take a moment): a copy of the position,
        and a mark that :meth:`still` compares with the position then."""
        with self.lock:
            self._check_learner("ask for a hint")
            return self.deal.copy(), (self._gen, len(self.moves))

    def still(self, mark: tuple[int, int]) -> bool:
        """Whether the position a question was asked about (its :meth:`hint_question` mark) is still the one
        on the table, the learner to move."""
        with self.lock:
            return mark == (self._gen, len(self.moves)) and self.learner_to_move

    def undo(self) -> None:
        """Back to the learner's previous decision, taking back the bots' replies too."""
        with self.lock:
            if not self._snapshots:
                raise TableError(_("nothing to undo: you have not made a move in this deal yet"))
            deal, n_moves = self._snapshots.pop()
            self._gen += 1
            self.thinking = None
            self.deal = deal
            del self.moves[n_moves:]
            self.selected = []
            self.seen_tricks = finished_tricks(deal)
            self.on_change()

    @property
    def can_undo(self) -> bool:
        return bool(self._snapshots)

    @property
    def generation(self) -> int:
        """Counts the times the table's position was replaced (undo, a new deal, a rewind): an answer
        computed for an older generation is for a position gone."""
        return self._gen

    def rewind(self, deal: Deal, index: int) -> None:
        """Reopen ``deal`` (this table's deal, maybe finished) as it was after its first ``index`` moves,
        with the same cards; Undo goes back through the learner's earlier moves as before."""
        with self.lock:
            history = deal.history
            if not 0 <= index <= len(history):
                raise TableError(_("there is no move {index} to go back to: the deal has {n} moves", index=index,
                                   n=len(history)))
            start = deal.rewound(index)
            offset = len(history) - len(self.moves)  # moves made before the deal came to this table
            self._gen += 1
            self.thinking = None
            self.deal = start
            del self.moves[max(0, index - offset):]
            self.selected = []
            self._snapshots = [(deal.rewound(i), i - offset) for i in range(max(0, offset), index)
                               if history[i][0] == self.seat]
            self._advance()

    def replace(self, setup: Setup, deal: Deal, seed: int | str | None = KEEP) -> None:
        """Start over with another deal (a new seed, a text deal: ``seed=None``, another contract or game:
        the seed kept)."""
        with self.lock:
            if setup.players != self.setup.players:
                raise TableError(_("the table has {seats} seats; this deal needs {players}", seats=self.setup.players,
                                   players=setup.players))
            self._gen += 1
            self.thinking = None
            self.paused = False
            if setup.pack != self.setup.pack:
                self.bots = [make_bot(s, self.bot_seed, i, setup.pack) for i, s in enumerate(self.specs)]
            self.setup = setup
            if seed is not KEEP:
                self.seed = seed
            self.deal = deal
            self.moves = []
            self.selected = []
            self.seen_tricks = finished_tricks(deal)
            self._snapshots = []
            self._advance()


__all__ = ["KEEP", "PHASE_HINTS", "Played", "Session", "TableError", "finished_tricks"]
