"""Replay: step back and forth through a recorded or finished deal, and ask the solver about any move.

::

    from keinstich_widgets.replay import Replay
    Replay("game.json")                  # a record file (keinstich-record/1), or its JSON text
    Replay(record)                       # a Record
    Replay(deal, seat=2)                 # a TrickDeal, DominoDeal or HerzblattDeal, finished or not

⏮ ◀ ▶ ⏭ and the slider move through the deal one play at a time; every hand is shown open, with
the trick (or the lay-off layout) and the tricks so far. "Best card?" asks the perfect-information
solver (:func:`keinstich.bots.solver.card_values`) what the seat to move could have played at this step
and compares it with the card actually played: "played K♥: 4 pf more than the best, 7♣". A slow
solve runs in a background thread with a thinking indicator; nothing here decides a rule.
"""

from __future__ import annotations

import html
import os
import threading
from collections.abc import Callable, Sequence
from typing import Any

import ipywidgets as widgets

from keinstich.bots import solver
from keinstich.bots.heuristic import sign_of
from keinstich.cards import Card, Lang, Style, sort_hand
from keinstich.games.herzblatt import HerzblattDeal
from keinstich.layoff import DominoDeal
from keinstich.records import Record
from keinstich.tricks import TrickDeal

from ._games import AnyDeal, setup_of, why_not
from ._guard import MessageArea, guard, report
from .cardview import CardStyles, HandView, TrickView
from .table import CSS

__all__ = ["Replay", "ReplayError", "deal_steps", "load_source"]


class ReplayError(ValueError):
    """A source that cannot be replayed, or a step that does not exist."""


def load_source(source: Any) -> AnyDeal:
    """The deal a replay source stands for: a deal as it is, a Record replayed, or a record's JSON
    (text starting with ``{``) or file path."""
    if isinstance(source, TrickDeal | DominoDeal | HerzblattDeal):
        return source
    if isinstance(source, Record):
        return _deal(source.replay())
    if isinstance(source, bytes):
        return _deal(Record.from_json(source).replay())
    if isinstance(source, str) and source.lstrip().startswith("{"):
        return _deal(Record.from_json(source).replay())
    if isinstance(source, str | os.PathLike):
        try:
            return _deal(Record.load(source).replay())
        except FileNotFoundError:
            raise ReplayError(f"no record file {os.fspath(source)!r}: give a path to a record's JSON file, "
                              "the JSON text itself, a Record or a deal") from None
        except IsADirectoryError:
            raise ReplayError(f"{os.fspath(source)!r} is a folder, not a record file") from None
    raise ReplayError(f"cannot replay {type(source).__name__}: give a Record, a record's JSON (text or path), "
                      "or a TrickDeal, DominoDeal or HerzblattDeal")


def _deal(deal: object) -> AnyDeal:
    assert isinstance(deal, TrickDeal | DominoDeal | HerzblattDeal)
    return deal


def _fresh(deal: AnyDeal) -> tuple[AnyDeal, list[tuple[int, Card | None, str | None]]]:
    """The deal before its first play (Herzblatt: with every decision before the cards already
    made), and the plays that follow as (seat, card or None for a pass, end)."""
    if isinstance(deal, TrickDeal):
        fresh = TrickDeal(deal.dealt, deal.contract, leader=deal.first_leader, rules=deal.rules, style=deal.style)
        return fresh, [(s, c, None) for s, c in deal.plays]
    if isinstance(deal, DominoDeal):
        fresh_d = DominoDeal(deal.dealt, deal.contract, leader=deal.forehand, rules=deal.rules, style=deal.style)
        return fresh_d, [(s, c, e) for s, c, e in deal.lay_history]
    h = HerzblattDeal(deal.dealt, deal.skat, deal.rules, dealer=deal.dealer)
    for s, says in deal.answers:
        h.ask(says, s)
    if deal.discards is not None:
        h.discard(*deal.discards)
    if h.phase == "announce" and deal.phase != "announce":
        h.announce(deal.announcement)
    for s, says in deal.contra_answers:
        h.contra(says, s)
    if h.phase == "re" and deal.phase != "re":
        h.redouble(deal.re)
    plays = deal.trick_deal.plays if deal.trick_deal is not None else ()
    return h, [(s, c, None) for s, c in plays]


def _copy(deal: AnyDeal) -> AnyDeal:
    from ._session import copy_deal

    return copy_deal(deal)


def deal_steps(deal: AnyDeal) -> tuple[list[AnyDeal], list[tuple[int, Card | None, str | None]]]:
    """Every state of the deal, from before the first play (step 0) to after the last, and the plays."""
    state, plays = _fresh(deal)
    steps = [_copy(state)]
    for s, c, end in plays:
        if isinstance(state, DominoDeal):
            state.play(c, s, end=end)  # type: ignore[arg-type]
        else:
            assert c is not None
            state.play(c, s)
        steps.append(_copy(state))
    return steps, plays


class Replay(widgets.VBox):  # type: ignore[misc]
    """Step through a deal: ⏮ ◀ ▶ ⏭, a slider, all hands open, and "Best card?" from the solver.

    ``seat`` is drawn at the bottom of the trick; ``step`` is where to start (0: before the first
    play; default 0). ``synchronous`` runs the solver inside the click (for tests).
    """

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        return f"Replay({self.setup.describe()}, step {self.step} of {len(self.steps) - 1})"


    def __init__(self, source: Any, *, seat: int = 0, lang: Lang = "en", faces: Style = "german",
                 four_colour: bool | None = None, step: int = 0, synchronous: bool = False,
                 names: Sequence[str] | None = None, width: int = 56) -> None:
        super().__init__()
        self.add_class("ks-replay")
        if lang not in ("en", "de"):
            raise ReplayError(f"lang must be 'en' or 'de', not {lang!r}")
        self.final = load_source(source)
        self.setup = setup_of(self.final)
        self.steps, self.plays = deal_steps(self.final)
        n = self.final.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise ReplayError(f"seat must be a seat from 0 to {n - 1}, not {seat!r}")
        self.seat = seat
        self.lang: Lang = lang
        self.faces: Style = faces
        self.four_colour = four_colour
        self.look: dict[str, Any] = {"style": faces, "four_colour": four_colour, "lang": lang}
        self.synchronous = synchronous
        self._names = list(names) if names is not None else [
            ("Seat" if lang == "en" else "Platz") + f" {s}" for s in range(n)]
        self.messages = MessageArea()
        self._lock = threading.RLock()
        self._asked: dict[int, dict[Card | None, int]] = {}
        self._thinking: int | None = None
        self._thread: threading.Thread | None = None
        self._build(width)
        self._show(self._check_step(step))

    # --- widgets ----------------------------------------------------------------------------------

    def _build(self, width: int) -> None:
        n = self.final.players
        self.styles = CardStyles()
        self.title = widgets.HTML(f'<div style="font-size:1.2em"><b>{html.escape(self.setup.describe())}</b></div>')
        self.hand_views: dict[int, HandView] = {}
        self.hand_labels: dict[int, widgets.HTML] = {}
        rows = []
        for k in range(n):
            s = (self.seat + 1 + k) % n  # the other seats first, this seat last (nearest the buttons)
            self.hand_labels[s] = widgets.HTML(layout=widgets.Layout(width="120px"))
            self.hand_views[s] = HandView((), None, None, None, width=width, styles=self.styles, **self.look)
            rows.append(widgets.HBox([self.hand_labels[s], self.hand_views[s]],
                                     layout=widgets.Layout(align_items="center")))
        self.hands = widgets.VBox(rows)
        self.trick_view = TrickView(n, names=self._names, me=self.seat, width=width, **self.look)
        self.domino_view: widgets.Widget | None = None
        self.centre_box = widgets.VBox([self.trick_view])
        self.tricks = widgets.HTML(layout=widgets.Layout(margin="0 0 0 16px"))
        self.centre = widgets.HBox([self.centre_box, self.tricks])
        self.step_label = widgets.HTML()
        b = widgets.Button
        bw = widgets.Layout(width="48px")
        # icons rather than the ⏮ ⏭ characters, which many fonts lack; the tooltip names each button
        self.first_button = b(icon="fast-backward", tooltip="⏮ first step", layout=bw)
        self.back_button = b(icon="step-backward", tooltip="◀ one play back", layout=bw)
        self.forward_button = b(icon="step-forward", tooltip="▶ one play forward", layout=bw)
        self.last_button = b(icon="fast-forward", tooltip="⏭ last step", layout=bw)
        self.slider = widgets.IntSlider(value=0, min=0, max=len(self.plays), description="step",
                                        continuous_update=True, layout=widgets.Layout(width="360px"))
        self.first_button.on_click(lambda _b: self._go_guarded(0))
        self.back_button.on_click(lambda _b: self._move_guarded(-1))
        self.forward_button.on_click(lambda _b: self._move_guarded(+1))
        self.last_button.on_click(lambda _b: self._go_guarded(len(self.plays)))
        self.slider.observe(self._on_slider, "value")
        self.best_button = b(description="Best card?", icon="search", button_style="info",
                             tooltip="ask the solver (all hands open) what the best card was here")
        self.best_button.on_click(self._on_best)
        self.thinking = widgets.HTML()
        self.answer = widgets.HTML()
        self.nav = widgets.HBox([self.first_button, self.back_button, self.slider, self.forward_button,
                                 self.last_button, self.best_button, self.thinking],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        css = widgets.HTML(CSS.replace(".ks-table", ".ks-replay"), layout=widgets.Layout(display="none"))
        self.children = [self.styles, css, self.title, self.hands, self.centre, self.step_label, self.nav, self.answer,
                         self.messages]

    # --- moving ------------------------------------------------------------------------------------

    @property
    def step(self) -> int:
        """The step shown: how many plays have been made (0 … the number of plays)."""
        return int(self.slider.value)

    @property
    def deal(self) -> AnyDeal:
        """The deal as it stands at the step shown (a copy: changing it changes nothing here)."""
        return self.steps[self.step]

    def _check_step(self, k: int) -> int:
        last = len(self.plays)
        if isinstance(k, bool) or not isinstance(k, int):
            raise ReplayError(f"a step is a whole number from 0 to {last}, not {k!r}")
        if not 0 <= k <= last:
            raise ReplayError(f"there is no step {k}: this deal has steps 0 to {last} "
                              f"({last} play{'s' if last != 1 else ''})")
        return k

    def go(self, k: int) -> None:
        """Show step ``k`` (refused, nothing changes, if there is no such step)."""
        k = self._check_step(k)
        if k == self.step:
            self._show(k)
        else:
            self.slider.value = k  # the observer redraws

    def forward(self) -> None:
        self._move(+1)

    def back(self) -> None:
        self._move(-1)

    def _move(self, delta: int) -> None:
        k = self.step + delta
        if k > len(self.plays):
            raise ReplayError(f"already at the last step ({len(self.plays)}): there is no play after it")
        if k < 0:
            raise ReplayError("already at the first step: there is no play before it")
        self.go(k)

    @guard
    def _go_guarded(self, k: int) -> None:
        self.go(k)

    @guard
    def _move_guarded(self, delta: int) -> None:
        self._move(delta)

    @guard
    def _on_slider(self, change: dict[str, Any]) -> None:
        self._show(int(change["new"]))

    # --- drawing ----------------------------------------------------------------------------------

    def _show(self, k: int) -> None:
        with self._lock:
            deal = self.steps[k]
            last = len(self.plays)
            next_play = self.plays[k] if k < last else None
            order = self.setup.order
            td = deal.trick_deal if isinstance(deal, HerzblattDeal) else deal
            legal = frozenset(deal.legal()) if not deal.is_over else frozenset()
            with self.hold_sync():
                for s, view in self.hand_views.items():
                    cards = sort_hand(deal.hand(s), order)
                    to_move = deal.turn == s
                    view.set_cards(cards, [c for c in cards if c in legal] if to_move else None,
                                   self._not_legal(s) if to_move else None)
                    view.highlight([next_play[1]] if next_play is not None and next_play[0] == s
                                   and next_play[1] is not None else [])
                    mark = " ▶" if to_move else ""
                    self.hand_labels[s].value = f"<b>{html.escape(self._names[s])}</b>{mark}"
                if isinstance(deal, DominoDeal):
                    view_d = self._domino(deal)
                    if tuple(self.centre_box.children) != (view_d,):
                        self.centre_box.children = [view_d]
                else:
                    if tuple(self.centre_box.children) != (self.trick_view,):
                        self.centre_box.children = [self.trick_view]
                    if isinstance(td, TrickDeal):
                        if td.trick or not td.tricks:
                            self.trick_view.update(td.trick, None, caption="")
                        else:
                            t = td.tricks[-1]
                            self.trick_view.update(t.plays(), t.winner,
                                                   caption=f"trick {t.number}: {self._names[t.winner]} wins it")
                self.tricks.value = self._tricks_html(deal)
                self.step_label.value = self._step_html(k, deal, next_play)
                self.first_button.disabled = self.back_button.disabled = k == 0
                self.forward_button.disabled = self.last_button.disabled = k == last
                self.best_button.disabled = deal.is_over or td is None
                self.answer.value = self._answer_html(k) if k in self._asked else ""
                if self.slider.value != k:
                    self.slider.value = k

    def _not_legal(self, seat: int) -> Callable[[Card], str]:
        """The tooltip of a card the seat to move may not play at this step: the engine's reason."""
        def why(c: Card) -> str:
            return why_not(self.deal, c, seat, self.look["style"]) or "not playable here"
        return why

    def _domino(self, deal: DominoDeal) -> widgets.Widget:
        from .domino import DominoView

        if self.domino_view is None:
            self.domino_view = DominoView(deal, seat=None, open_hands=True, names=self._names, style=self.faces,
                                          four_colour=self.four_colour, lang=self.lang)
        else:
            self.domino_view.update(deal)
        return self.domino_view

    def _step_html(self, k: int, deal: AnyDeal, next_play: tuple[int, Card | None, str | None] | None) -> str:
        last = len(self.plays)
        text = f"Step {k} of {last}"
        if next_play is not None:
            s, c, _ = next_play
            text += f": next, {self._names[s]} {'plays ' + c.text if c is not None else 'passes'}"
        elif deal.is_over:
            text += f": the deal is over. {self._result(deal)}"
        elif deal.turn is not None:
            text += f": {self._names[deal.turn]} to move (the record stops here)"
        return f"<div>{html.escape(text)}</div>"

    def _result(self, deal: AnyDeal) -> str:
        if isinstance(deal, TrickDeal):
            return "Scores: " + ", ".join(f"{self._names[s]} {v}" for s, v in enumerate(deal.scores())) + "."
        if isinstance(deal, DominoDeal):
            return "Out in the order " + ", ".join(self._names[s] for s in deal.finish_order) + "."
        return deal.settlement().explanation + "."

    def _tricks_html(self, deal: AnyDeal) -> str:
        td = deal.trick_deal if isinstance(deal, HerzblattDeal) else deal
        parts = []
        if isinstance(deal, HerzblattDeal):
            who = self._names[deal.soloist] if deal.soloist is not None else "nobody"
            parts.append(f"<div>Soloist: {html.escape(who)}; skat {' '.join(c.text for c in deal.skat)}"
                         + (f"; laid away {' '.join(c.text for c in deal.discards)}" if deal.discards else "")
                         + (f"; announced {deal.announcement}" if deal.announcement else "") + "</div>")
        if isinstance(td, TrickDeal):
            rows = "".join(
                f"<tr><td>{t.number}</td><td>{' '.join(html.escape(c.text) for c in t.cards)}</td>"
                f"<td>{html.escape(self._names[t.leader])}</td><td>{html.escape(self._names[t.winner])}</td></tr>"
                for t in td.tricks)
            scores = td.scores()
            parts.append("<table class='ks-grid'><tr><th>#</th><th>cards</th><th>led by</th><th>won by</th></tr>" + rows
                         + "</table><div>Scores so far: "
                         + ", ".join(f"{html.escape(self._names[s])} {v}" for s, v in enumerate(scores)) + "</div>")
        elif isinstance(deal, DominoDeal):
            plays = " ".join(f"{s}:{c.text if c is not None else 'pass'}" for s, c in deal.plays)
            parts.append(f"<div><small>{html.escape(plays) or 'no plays yet'}</small></div>")
        return "".join(parts)

    # --- the solver ----------------------------------------------------------------------------------

    @guard
    def _on_best(self, _button: Any = None) -> None:
        self.ask_best()

    def ask_best(self) -> None:
        """Ask the solver about the step shown (in a thread unless ``synchronous``)."""
        with self._lock:
            k = self.step
            deal = self.steps[k]
            if deal.is_over:
                raise ReplayError("the deal is over at this step: step back to ask about a play")
            if isinstance(deal, HerzblattDeal) and deal.trick_deal is None:
                raise ReplayError(f"the deal is in the {deal.phase} phase: the solver analyses the card play")
            if self._thinking is not None:
                raise ReplayError(f"the solver is still thinking about step {self._thinking}")
            if k in self._asked:
                self._show(k)
                return
            position = _copy(deal)
            if self.synchronous:
                self._asked[k] = solver.card_values(position)
                self._show(k)
                return
            self._thinking = k
            self.best_button.disabled = True
            self.thinking.value = "<i>the solver is thinking…</i>"
            self._thread = threading.Thread(target=self._solve, args=(k, position), daemon=True,
                                            name="keinstich-replay-solver")
            self._thread.start()

    def _solve(self, k: int, position: AnyDeal) -> None:
        try:
            values = solver.card_values(position)
        except Exception as e:
            with self._lock:
                self._thinking = None
                self.thinking.value = ""
                report(self.messages, e, "solver")
                self._show(self.step)
            return
        with self._lock:
            self._asked[k] = values
            self._thinking = None
            self.thinking.value = ""
            self._show(self.step)

    def wait(self, timeout: float | None = 60.0) -> bool:
        """Wait for the solver to finish; True when it is idle."""
        t = self._thread
        if t is not None:
            t.join(timeout)
        return self._thinking is None

    def _sign(self, deal: AnyDeal) -> int:
        """+1 when a higher value is better for the seat to move, -1 for penalties (Kein Stich)."""
        if isinstance(deal, TrickDeal):
            return sign_of(deal.contract)
        return 1

    def best(self, k: int | None = None) -> tuple[tuple[Card | None, ...], int]:
        """The solver's best moves at step ``k`` (default: shown) and their value in the contract's
        units (what the seat then pays or scores), once asked."""
        k = self.step if k is None else k
        values = self._asked[k]
        sign = self._sign(self.steps[k])
        top = max(sign * v for v in values.values())
        best = tuple(sorted((c for c, v in values.items() if sign * v == top),
                            key=lambda c: -1 if c is None else c.index))
        return best, sign * top

    def answer_text(self, k: int | None = None) -> str:
        """The answer to "Best card?" at step ``k`` as plain text (also shown under the buttons)."""
        k = self.step if k is None else k
        deal = self.steps[k]
        values = self._asked[k]
        best, value = self.best(k)
        sign = self._sign(deal)
        seat = deal.turn
        who = self._names[seat] if seat is not None else "?"
        unit, more, less = self._units(deal)
        names = ", ".join("pass" if c is None else c.text for c in best)
        text = f"Best for {who}: {names} ({self._value_words(deal, value)})."
        if k < len(self.plays):
            _, played, _ = self.plays[k]
            pv = values.get(played)
            what = "pass" if played is None else played.text
            if pv is None:
                text += f" Played {what}."
            else:
                diff = sign * (value - pv)  # >= 0: how much worse the played move is for the seat
                if diff == 0:
                    text += f" Played {what}: {'the best move' if len(best) == 1 else 'one of the best moves'}."
                else:
                    alt = ", ".join("pass" if c is None else c.text for c in best)
                    word = more if sign < 0 else less
                    text += f" Played {what}: {diff} {unit}{word} than the best, {alt}."
        return text

    def _units(self, deal: AnyDeal) -> tuple[str, str, str]:
        if isinstance(deal, TrickDeal) and sign_of(deal.contract) < 0:
            return "pf ", "more", "less"
        if isinstance(deal, DominoDeal):
            return "", "more", "less (place value)"
        return "points ", "more", "fewer"

    def _value_words(self, deal: AnyDeal, value: int) -> str:
        if isinstance(deal, TrickDeal):
            return f"pays {value} pf" if sign_of(deal.contract) < 0 else f"scores {value} points"
        if isinstance(deal, DominoDeal):
            return f"place value {value}"
        return f"the side takes {value} card points"

    def _answer_html(self, k: int) -> str:
        return f'<div style="font-size:1.1em;padding:4px 0"><b>{html.escape(self.answer_text(k))}</b></div>'

