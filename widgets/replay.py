"""Replay: step back and forth through a recorded or finished deal, and ask the solver about any move.

::

    from keinstich_widgets.replay import Replay
    Replay("game.json")                  # a record file (keinstich-record/1), or its JSON text
    Replay(record)                       # a Record
    Replay(deal, seat=2)                 # a deal of any game, finished or not

⏮ ◀ ▶ ⏭ and the slider move through the deal one play at a time; every hand is shown open, with
the trick (or the lay-off layout) and the tricks so far. The steps are the deal's card play (cards
and passes): a deal's decisions before its first card (Herzblatt's asking, discard and calls) are
made at step 0. "Best card?" asks the perfect-information solver (:func:`keinstich.bots.solver.card_values`)
what the seat to move could have played at this step and compares it with the card actually played:
"played K♥: 4 pf more than the best, 7♣". A slow solve runs in a background thread with a progress
note ("the solver is thinking… 1.2 s") and a Stop button; after ``time_limit`` seconds a lay-off deal's
search stops and the answer says which values are estimates, with the bounds it proved
(:func:`keinstich.bots.bounded.move_values`). ``reasons=True`` (or a bot) adds a line under the buttons:
the card just played and the bot's reason for it, in the faces' words, to step through a worked deal.
Nothing here decides a rule. Written once against the Deal protocol (``history``, ``undo``, ``copy``, ``result``).
"""

from __future__ import annotations

import html
import threading
from collections.abc import Callable, Sequence
from typing import Any, cast

import ipywidgets as widgets

from keinstich.bots.base import Bot
from keinstich.bots.bounded import MoveBounds, move_values
from keinstich.bots.heuristic import HeuristicBot, sign_of
from keinstich.cards import Card, Lang, Style, sort_hand
from keinstich.deal import Deal
from keinstich.faces import card_width
from keinstich.machine import check_seat
from keinstich.wording import card_words, refusal_words
from keinstich.wording.i18n import _, ngettext, number, pgettext
from keinstich.wording.names import move_words as said_move
from keinstich.wording.names import value_words
from keinstich.wording.refusals import phase_name

from ._games import lays_off, move_cards, setup_of, tricks_of
from ._guard import MessageArea, guard, report
from ._reasons import move_words, reason_line
from ._replay_source import ReplayError, load_source
from ._steps import Steps, deal_steps, is_play
from ._table_words import CSS, column_name
from ._thinking import Thinking
from ._words import language_of, speaking, speaks
from .cardview import CardStyles, HandView, TrickView

__all__ = ["Replay", "ReplayError", "Steps", "deal_steps", "load_source"]


class Replay(widgets.VBox):  # type: ignore[misc]
    """Step through a deal: ⏮ ◀ ▶ ⏭, a slider, all hands open, and "Best card?" from the solver.

    ``seat`` is drawn at the bottom of the trick; ``step`` is where to start (0: before the first
    play; default 0). ``synchronous`` runs the solver inside the click (for tests). ``reasons``: True
    (a heuristic bot) or a bot, to show at each step the card just played and why (every hand stays open).
    """

    def __repr__(self) -> str:  # short and stable: notebooks keep it as the widget's text/plain
        # TRANSLATORS: a replay in short (a notebook's plain text): "Replay(No Tricks: 5 per trick — 4 players,
        # german-32, step 0 of 32)"; "Replay" is the widget's name, code
        return _("Replay({setup}, step {step} of {last})", setup=self.setup.describe(), step=self.step,
                 last=len(self.steps) - 1)


    def __init__(self, source: Any, *, seat: int = 0, lang: Lang | None = None, faces: Style = "german",
                 four_colour: bool | None = None, step: int = 0, synchronous: bool = False,
                 names: Sequence[str] | None = None, width: int = 56, time_limit: float | None = 10.0,
                 card_size: str | int | None = None, reasons: bool | Bot = False) -> None:
        super().__init__()
        self.add_class("ks-replay")
        try:
            self.lang: Lang = language_of(lang)
        except ValueError as e:
            raise ReplayError(str(e)) from None
        with speaking(self.lang):
            self._setup(source, seat, faces, four_colour, step, synchronous, names, width, time_limit, card_size,
                        reasons)

    def _setup(self, source: Any, seat: int, faces: Style, four_colour: bool | None, step: int, synchronous: bool,
               names: Sequence[str] | None, width: int, time_limit: float | None, card_size: str | int | None,
               reasons: bool | Bot) -> None:
        lang = self.lang
        self.final = load_source(source)
        self.setup = setup_of(self.final)
        self.steps, self.plays = deal_steps(self.final)
        n = self.final.players
        self.seat = check_seat(seat, n, ReplayError)
        self.faces: Style = faces
        self.four_colour = four_colour
        self.look: dict[str, Any] = {"style": faces, "four_colour": four_colour, "lang": lang}
        self.synchronous = synchronous
        self.time_limit = time_limit
        self._names = list(names) if names is not None else [_("Seat {n}", n=s) for s in range(n)]
        self.messages = MessageArea()
        self._lock = threading.RLock()
        self._asked: dict[int, dict[Card | None, int]] = {}
        self._bounds: dict[int, MoveBounds] = {}  # the answers that are not exact
        self._thinking: int | None = None
        self._job: Thinking[MoveBounds] = Thinking(self._lock, synchronous=synchronous,
                                                   words=_("the solver is thinking"))
        self.reasons: Bot | None = (HeuristicBot() if reasons is True else reasons if reasons is not False else None)
        self._reasons: dict[int, str] = {}
        self._build(round(card_width(card_size)) if card_size is not None else width)
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
        self.reason = widgets.HTML(layout=widgets.Layout(display="" if self.reasons else "none"))
        b = widgets.Button
        bw = widgets.Layout(width="48px")
        # icons rather than the ⏮ ⏭ characters, which many fonts lack; the tooltip names each button
        self.first_button = b(icon="fast-backward", tooltip=_("⏮ first step"), layout=bw)
        self.back_button = b(icon="step-backward", tooltip=_("◀ one play back"), layout=bw)
        self.forward_button = b(icon="step-forward", tooltip=_("▶ one play forward"), layout=bw)
        self.last_button = b(icon="fast-forward", tooltip=_("⏭ last step"), layout=bw)
        self.slider = widgets.IntSlider(value=0, min=0, max=len(self.plays), description=_("step"),
                                        continuous_update=True, layout=widgets.Layout(width="360px"))
        self.first_button.on_click(lambda _b: self._go_guarded(0))
        self.back_button.on_click(lambda _b: self._move_guarded(-1))
        self.forward_button.on_click(lambda _b: self._move_guarded(+1))
        self.last_button.on_click(lambda _b: self._go_guarded(len(self.plays)))
        self.slider.observe(self._on_slider, "value")
        self.best_button = b(description=_("Best card?"), icon="search", button_style="info",
                             tooltip=_("ask the solver (all hands open) what the best card was here"))
        self.best_button.on_click(self._on_best)
        self.thinking = self._job.note
        self.stop_button = self._job.stop_button
        self.answer = widgets.HTML()
        self.nav = widgets.HBox([self.first_button, self.back_button, self.slider, self.forward_button,
                                 self.last_button, self.best_button, self._job.box],
                                layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        css = widgets.HTML(CSS.replace(".ks-table", ".ks-replay"), layout=widgets.Layout(display="none"))
        self.children = [self.styles, css, self.title, self.hands, self.centre, self.step_label, self.reason, self.nav,
                         self.answer,
                         self.messages]

    # --- moving ------------------------------------------------------------------------------------

    @property
    def step(self) -> int:
        """The step shown: how many plays have been made (0 … the number of plays)."""
        return int(self.slider.value)

    @property
    def deal(self) -> Deal:
        """The deal as it stands at the step shown (a copy: changing it changes nothing here)."""
        return self.steps[self.step]

    def _check_step(self, k: int) -> int:
        last = len(self.plays)
        if isinstance(k, bool) or not isinstance(k, int):
            raise ReplayError(_("a step is a whole number from 0 to {last}, not {k}", last=last, k=repr(k)))
        if not 0 <= k <= last:
            raise ReplayError(ngettext("there is no step {k}: this deal has steps 0 to {n} ({n} play)",
                                       "there is no step {k}: this deal has steps 0 to {n} ({n} plays)", last, k=k))
        return k

    @speaks
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
            raise ReplayError(_("already at the last step ({n}): there is no play after it", n=len(self.plays)))
        if k < 0:
            raise ReplayError(_("already at the first step: there is no play before it"))
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

    @speaks
    def _show(self, k: int) -> None:
        with self._lock:
            deal = self.steps[k]
            last = len(self.plays)
            next_play = self.plays[k] if k < last else None
            next_cards = move_cards(next_play[1]) if next_play is not None else ()
            order = self.setup.order
            legal = frozenset(deal.legal()) if not deal.over else frozenset()
            with self.hold_sync():
                for s, view in self.hand_views.items():
                    cards = sort_hand(deal.hand(s), order)
                    to_move = deal.turn == s
                    view.set_cards(cards, [c for c in cards if c in legal] if to_move else None,
                                   self._not_legal(s) if to_move else None)
                    view.highlight(next_cards if next_play is not None and next_play[0] == s else [])
                    mark = " ▶" if to_move else ""
                    self.hand_labels[s].value = f"<b>{html.escape(self._names[s])}</b>{mark}"
                if lays_off(deal):
                    view_d = self._domino(deal)
                    if tuple(self.centre_box.children) != (view_d,):
                        self.centre_box.children = [view_d]
                else:
                    if tuple(self.centre_box.children) != (self.trick_view,):
                        self.centre_box.children = [self.trick_view]
                    play = tricks_of(deal)
                    if play.trick or not play.tricks:
                        self.trick_view.update(play.trick, None, caption="")
                    else:
                        t = play.tricks[-1]
                        self.trick_view.update(t.plays(), t.winner,
                                               caption=_("trick {k}: {name} wins it", k=t.number,
                                                         name=self._names[t.winner]))
                self.tricks.value = self._tricks_html(deal)
                self.step_label.value = self._step_html(k, deal, next_play)
                if self.reasons is not None:
                    self.reason.value = f'<div style="font-size:1.1em">{html.escape(self.reason_text(k))}</div>'
                self.first_button.disabled = self.back_button.disabled = k == 0
                self.forward_button.disabled = self.last_button.disabled = k == last
                self.best_button.disabled = not self._can_solve(deal) or self._job.busy
                self.answer.value = self._answer_html(k) if k in self._asked else ""
                if self.slider.value != k:
                    self.slider.value = k

    def _not_legal(self, seat: int) -> Callable[[Card], str]:
        """The tooltip of a card the seat to move may not play at this step: the engine's reason."""
        def why(c: Card) -> str:
            why = self.deal.why_illegal(c, seat)
            return _("not playable here") if why is None else refusal_words(why, style=self.look["style"])
        return why

    def _domino(self, deal: Deal) -> widgets.Widget:
        from .domino import DominoView

        if self.domino_view is None:
            self.domino_view = DominoView(cast(Any, deal), seat=None, open_hands=True, names=self._names,
                                          style=self.faces, four_colour=self.four_colour, lang=self.lang)
        else:
            self.domino_view.update(deal)
        return self.domino_view

    @speaks
    def reason_text(self, k: int | None = None) -> str:
        """The card played just before step ``k`` (default: shown) and the bot's reason for it."""
        k = self.step if k is None else self._check_step(k)
        if self.reasons is None:
            raise ReplayError(_("this replay shows no reasons: make it with Replay(deal, reasons=True)"))
        if k == 0:
            return _("Every hand is open. Step forward (▶) to see each card played and the bot's reason for it.")
        if k not in self._reasons:
            seat, move = self.plays[k - 1]
            self._reasons[k] = reason_line(self.reasons, self.steps[k - 1], seat, move, self._names[seat], self.faces)
        return self._reasons[k]

    def _card(self, c: Card) -> str:
        """A card in the faces' words ("Unter of Hearts", or "J♥" with French faces)."""
        return card_words(c, self.faces)

    def _step_html(self, k: int, deal: Deal, next_play: tuple[int, Any] | None) -> str:
        last = len(self.plays)
        text = _("Step {k} of {n}", k=k, n=last)
        if next_play is not None:
            s, move = next_play
            if len(move_cards(move)) == 1:
                text = _("{step}: next, {name} plays {move}", step=text, name=self._names[s],
                         move=move_words(move, self.faces))
            elif move is None:
                text = _("{step}: next, {name} passes", step=text, name=self._names[s])
            else:
                text = _("{step}: next, {name}: {move}", step=text, name=self._names[s], move=said_move(move))
        elif deal.over:
            text = _("{step}: the deal is over. {result}", step=text, result=self._result(deal))
        elif deal.turn is not None:
            text = _("{step}: {name} to move (the record stops here)", step=text, name=self._names[deal.turn])
        return f"<div>{html.escape(text)}</div>"

    def _seats(self, values: Sequence[object]) -> str:
        return ", ".join(f"{self._names[s]} {v}" for s, v in enumerate(values))

    def _result(self, deal: Deal) -> str:
        result = deal.result()
        parts = []
        if result.places is not None:
            order = sorted((p, s) for s, p in enumerate(result.places) if p)
            parts.append(_("Out in the order {names}.", names=", ".join(self._names[s] for _place, s in order)))
        parts.append(_("Scores: {scores}.", scores=self._seats(result.scores)))
        if result.text:
            parts.append(result.text + ".")
        return " ".join(parts)

    def _tricks_html(self, deal: Deal) -> str:
        result = deal.result()
        parts = []
        before = self.final.history[:len(self.final.history) - len(self.plays)]
        if before:  # the decisions made before the card play (all open: this is a replay)
            said = "; ".join(f"{self._names[s]}: {said_move(move)}" for s, move in before)
            parts.append(f"<div><small>{html.escape(said)}</small></div>")
        for name, values in result.columns.items():
            if all(isinstance(v, str) for v in values):  # a role per seat: who plays with whom
                groups = {v: [self._names[s] for s, x in enumerate(values) if x == v] for v in values}
                parts.append("<div>" + html.escape("; ".join(f"{value_words(name, v).capitalize()}: {', '.join(seats)}"
                                                             for v, seats in groups.items())) + "</div>")
        if not lays_off(deal):
            rows = "".join(
                f"<tr><td>{t.number}</td><td>{', '.join(html.escape(self._card(c)) for c in t.cards)}</td>"
                f"<td>{html.escape(self._names[t.leader])}</td><td>{html.escape(self._names[t.winner])}</td></tr>"
                for t in tricks_of(deal).tricks)
            heads = "".join(f"<th>{html.escape(h)}</th>" for h in (
                "#", pgettext("column", "cards"), pgettext("column", "led by"), pgettext("column", "won by")))
            parts.append(f"<table class='ks-grid'><tr>{heads}</tr>" + rows + "</table>")
            for name, values in result.columns.items():
                if all(isinstance(v, int) for v in values):
                    said = _("{what} so far: {scores}", what=column_name(name).capitalize(), scores=self._seats(values))
                    parts.append(f"<div>{html.escape(said)}</div>")
            parts.append(f"<div>{html.escape(_('Scores so far: {scores}', scores=self._seats(result.scores)))}</div>")
        else:
            plays = ", ".join(f"{s}: {self._card(move_cards(m)[0]) if move_cards(m) else said_move(None)}"
                              for s, m in deal.history)
            parts.append(f"<div><small>{html.escape(plays or _('no plays yet'))}</small></div>")
        return "".join(parts)

    # --- the solver ----------------------------------------------------------------------------------

    @staticmethod
    def _can_solve(deal: Deal) -> bool:
        """A position of the card play with a move to make (a card, or a pass)."""
        return not deal.over and any(is_play(m) for m in deal.legal_moves())

    @guard
    def _on_best(self, _button: Any = None) -> None:
        self.ask_best()

    @speaks
    def ask_best(self) -> None:
        """Ask the solver about the step shown (in a thread unless ``synchronous``)."""
        with self._lock:
            k = self.step
            deal = self.steps[k]
            if deal.over:
                raise ReplayError(_("the deal is over at this step: step back to ask about a play"))
            if not self._can_solve(deal):
                raise ReplayError(_("the deal is in the {phase} phase: the solver analyses the card play",
                                    phase=phase_name(deal.phase)))
            if self._thinking is not None:
                raise ReplayError(_("the solver is still thinking about step {k}", k=self._thinking))
            if k in self._asked:
                self._show(k)
                return
            position = deal.copy()
            self._thinking = k
            self.best_button.disabled = True
            self._job.start(lambda budget: move_values(cast(Any, position), budget=budget),
                            lambda answer: self._answered(k, answer), self._failed, self._stopped,
                            seconds=self.time_limit)

    def _answered(self, k: int, answer: MoveBounds) -> None:
        """The solver's answer for step ``k`` (called under the lock)."""
        self._asked[k] = answer.values
        if not answer.exact:
            self._bounds[k] = answer
        self._thinking = None
        self._show(self.step)

    def _failed(self, error: BaseException) -> None:
        self._thinking = None
        report(self.messages, error, "solver")
        self._show(self.step)

    def _stopped(self) -> None:
        """After Stop (under the lock): the step may be asked again; the note says "stopped"."""
        self._thinking = None
        self._show(self.step)

    def stop(self) -> None:
        """Stop the solver (as the Stop button does); the step shown stays unanswered."""
        self._job.stop()

    def wait(self, timeout: float | None = 60.0) -> bool:
        """Wait for the solver to finish; True when it is idle."""
        self._job.wait(timeout)
        return self._thinking is None

    def _sign(self, deal: Deal) -> int:
        """+1 when a higher value is better for the seat to move (points; a lay-off deal's place
        value), -1 for penalties (Kein Stich's pfennig)."""
        return 1 if lays_off(deal) else sign_of(tricks_of(deal).contract)

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

    @speaks
    def answer_text(self, k: int | None = None) -> str:
        """The answer to "Best card?" at step ``k`` as plain text (also shown under the buttons)."""
        k = self.step if k is None else k
        deal = self.steps[k]
        values = self._asked[k]
        best, value = self.best(k)
        sign = self._sign(deal)
        seat = deal.turn
        who = self._names[seat] if seat is not None else "?"
        names = ", ".join(said_move(None) if c is None else self._card(c) for c in best)
        text = _("Best for {who}: {moves} ({value}).", who=who, moves=names,
                 value=self.setup.rules.value_words(deal, value))
        if k < len(self.plays):
            cs = move_cards(self.plays[k][1])
            played = cs[0] if cs else None
            pv = values.get(played)
            what = said_move(None) if played is None else self._card(played)
            if pv is None:
                text += " " + _("Played {move}.", move=what)
            else:
                diff = sign * (value - pv)  # >= 0: how much worse the played move is for the seat
                if diff == 0:
                    text += " " + (_("Played {move}: the best move.", move=what) if len(best) == 1 else
                                   _("Played {move}: one of the best moves.", move=what))
                else:
                    text += " " + self._worse(deal, what, diff, names)
        if k in self._bounds:
            text += " " + self._estimate_words(self._bounds[k])
        return text

    def _estimate_words(self, answer: MoveBounds) -> str:
        """What a bounded answer is: why the search stopped, and what it proved for each move."""
        if answer.stopped == "time limit" and self.time_limit is not None:
            why = _("its time limit of {seconds} s", seconds=number(self.time_limit, None))
        else:
            why = answer.stopped or _("a limit")
        proven = "; ".join(
            f"{said_move(None) if c is None else self._card(c)} {answer.low[c]}" if answer.is_exact(c) else
            _("{move} between {low} and {high}", move=said_move(None) if c is None else self._card(c),
              low=answer.low[c], high=answer.high[c])
            for c in answer.values)
        return _("Estimate: the search stopped at {why} before it finished, so these values are not exact (proven: "
                 "{proven}).", why=why, proven=proven)

    def _worse(self, deal: Deal, what: str, diff: int, best: str) -> str:
        """"Played X: 5 pf more than the best, Y." (by the deal's unit and which way is better)."""
        fields = {"move": what, "diff": diff, "best": best}
        if lays_off(deal):
            return _("Played {move}: {diff} less (place value) than the best, {best}.", **fields)
        if self._sign(deal) < 0:
            return _("Played {move}: {diff} pf more than the best, {best}.", **fields)
        if getattr(tricks_of(deal).contract, "unit", "points") == "points":
            return _("Played {move}: {diff} points fewer than the best, {best}.", **fields)
        return _("Played {move}: {diff} {unit} fewer than the best, {best}.",
                 unit=getattr(tricks_of(deal).contract, "unit", ""), **fields)

    def _answer_html(self, k: int) -> str:
        return f'<div style="font-size:1.1em;padding:4px 0"><b>{html.escape(self.answer_text(k))}</b></div>'
